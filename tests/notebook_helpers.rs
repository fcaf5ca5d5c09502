//! The notebook helpers are pure functions returning text: these tests check the facts a
//! notebook relies on without starting a kernel.

use searchlab::lab::compare::compare;
use searchlab::positions::LADDER;
use searchlab::teach::notebook::{
    board_move_svg, board_svg, change_percent, comparison_chart_svg, comparison_table_html,
    escape_html, iteration_nodes, iterations_table_html, piece_glyph, rich_output, stacked_svg,
    stage_pairs, stage_table_html, stats_table_html, svg_output, svg_size, thousands,
    with_svg_namespace, StageRow,
};
use searchlab::teach::tree;
use searchlab::{engine_for, Chess, SearchLimits, TicTacToe};

const WHITE_GLYPHS: [char; 6] = ['♔', '♕', '♖', '♗', '♘', '♙'];
const BLACK_GLYPHS: [char; 6] = ['♚', '♛', '♜', '♝', '♞', '♟'];

fn count_glyphs(svg: &str, glyphs: &[char]) -> usize {
    svg.chars().filter(|c| glyphs.contains(c)).count()
}

/// Number of `<tr>` rows in a table, header included.
fn table_rows(html: &str) -> usize {
    html.matches("<tr>").count()
}

#[test]
fn start_position_has_32_pieces_16_per_side() {
    let svg = board_svg(&Chess::start());
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.ends_with("</svg>"));
    assert_eq!(count_glyphs(&svg, &WHITE_GLYPHS), 16);
    assert_eq!(count_glyphs(&svg, &BLACK_GLYPHS), 16);
    // Eight pawns a side, one king a side.
    assert_eq!(svg.matches('♙').count(), 8);
    assert_eq!(svg.matches('♟').count(), 8);
    assert_eq!(svg.matches('♔').count(), 1);
    assert_eq!(svg.matches('♚').count(), 1);
    // 64 squares plus the background.
    assert_eq!(svg.matches("<rect").count(), 65);
    assert!(svg.contains("White to move"));
}

#[test]
fn board_shows_the_position_it_is_given() {
    // The back-rank mate: a king and three pawns each, and a white rook.
    let game = Chess::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").expect("valid FEN");
    let svg = board_svg(&game);
    assert_eq!(count_glyphs(&svg, &WHITE_GLYPHS), 5);
    assert_eq!(count_glyphs(&svg, &BLACK_GLYPHS), 4);
    assert_eq!(svg.matches('♖').count(), 1);
    // The FEN is the picture's title, and the coordinates are there.
    assert!(svg.contains("<title>6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1</title>"));
    for label in ["a", "h", "1", "8"] {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}");
    }
    let black = Chess::from_fen(LADDER[1].fen).expect("valid FEN");
    assert!(board_svg(&black).contains("Black to move"));
}

#[test]
fn a_move_highlights_exactly_two_squares() {
    let game = Chess::start();
    let mv = game.parse_uci("e2e4").expect("legal");
    let svg = board_move_svg(&game, mv);
    assert_eq!(svg.matches("#f6f669").count(), 2);
    assert_eq!(board_svg(&game).matches("#f6f669").count(), 0);
}

#[test]
fn glyphs_are_the_unicode_chess_symbols() {
    use chess::{Color, Piece};
    assert_eq!(piece_glyph(Piece::King, Color::White), '\u{2654}');
    assert_eq!(piece_glyph(Piece::Pawn, Color::White), '\u{2659}');
    assert_eq!(piece_glyph(Piece::King, Color::Black), '\u{265A}');
    assert_eq!(piece_glyph(Piece::Pawn, Color::Black), '\u{265F}');
}

#[test]
fn rich_output_uses_the_evcxr_markers() {
    assert_eq!(
        rich_output("text/html", "<b>x</b>"),
        "EVCXR_BEGIN_CONTENT text/html\n<b>x</b>\nEVCXR_END_CONTENT\n"
    );
    assert_eq!(
        with_svg_namespace("<svg width=\"1\"></svg>"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\"></svg>"
    );
    let already = "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>";
    assert_eq!(with_svg_namespace(already), already);
}

#[test]
fn a_picture_is_printed_as_svg_and_png_together() {
    let svg = board_svg(&Chess::start());
    let printed = svg_output(&svg).expect("renders");
    // Two rich outputs, which evcxr joins into one bundle: the SVG as it was, then the PNG.
    assert!(printed.starts_with(&format!("EVCXR_BEGIN_CONTENT image/svg+xml\n{svg}\n")));
    let begin = "EVCXR_BEGIN_CONTENT image/png\n";
    let start = printed.find(begin).expect("a PNG output") + begin.len();
    let base64 = &printed[start..printed.len() - "\nEVCXR_END_CONTENT\n".len()];
    // One line of standard base64 (evcxr joins a content's lines with newlines), PNG inside.
    assert!(!base64.contains('\n'));
    assert!(
        base64.starts_with("iVBORw0KGgo"),
        "the PNG signature, base64-encoded"
    );
    assert_eq!(printed.matches("EVCXR_BEGIN_CONTENT").count(), 2);
    // An SVG without a namespace gets one before it is rendered and shown.
    let bare = svg.replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1);
    assert_eq!(svg_output(&bare).expect("renders"), printed);
    assert!(svg_output("<svg width=\"10\"").is_err());
}

#[test]
fn stacked_pictures_become_one_picture_with_captions() {
    let full = tree::minimax_tree_svg(tree::BOOK_POSITION).expect("a tree");
    let cut = tree::alphabeta_tree_svg(tree::BOOK_POSITION).expect("a tree");
    let (full_w, full_h) = svg_size(&full).expect("sized");
    let (cut_w, cut_h) = svg_size(&cut).expect("sized");
    let both = stacked_svg(&[("minimax <all>", &full), ("alpha-beta", &cut)]).expect("stacks");
    let (w, h) = svg_size(&both).expect("sized");
    assert_eq!(w, full_w.max(cut_w));
    // Each picture under a 26-unit caption band, 18 units between the two.
    assert_eq!(h, full_h + cut_h + 2.0 * 26.0 + 18.0);
    assert!(both.contains(">minimax &lt;all&gt;</text>"));
    assert!(both.contains("<g transform=\"translate(0 26)\">"));
    let second = 26.0 + full_h + 18.0 + 26.0;
    assert!(both.contains(&format!("<g transform=\"translate(0 {second})\">")));
    // Both trees are inside, whole: one root and every node box of each.
    assert_eq!(both.matches("<svg").count(), 3);
    assert_eq!(
        both.matches("rx=\"5\"").count(),
        full.matches("rx=\"5\"").count() + cut.matches("rx=\"5\"").count()
    );
    assert_eq!(svg_size(&full).expect("sized"), (930.0, 506.0));
    // A picture whose size is not plain numbers cannot be placed.
    let err = stacked_svg(&[("x", "<svg width=\"100%\" height=\"10\"/>")]).expect_err("no size");
    assert!(err.to_string().contains("width"), "{err}");
    // `stroke-width` on the root is not its width.
    assert_eq!(
        svg_size("<svg stroke-width=\"3\" width=\"7\" height=\"9\">").expect("sized"),
        (7.0, 9.0)
    );
}

#[test]
fn numbers_and_text_are_formatted_for_people() {
    assert_eq!(thousands(0), "0");
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1000), "1,000");
    assert_eq!(thousands(549_946), "549,946");
    assert_eq!(thousands(12_345_678), "12,345,678");
    assert_eq!(change_percent(1000, 85), "-91.5 %");
    assert_eq!(change_percent(100, 104), "+4.0 %");
    assert_eq!(change_percent(100, 100), "±0 %");
    assert_eq!(change_percent(0, 5), "n/a");
    assert_eq!(escape_html("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
}

#[test]
fn stage_table_has_one_row_per_stage_and_compares_with_the_row_above() {
    let mut rows = Vec::new();
    for stage in ["minimax", "alphabeta"] {
        let mut game = TicTacToe::new();
        let mut engine = engine_for::<TicTacToe>(stage).expect("a stage");
        let result = engine.search(&mut game, &SearchLimits::depth(9));
        rows.push(StageRow::new(stage, &result));
    }
    // The whole tic-tac-toe tree: minimax visits every node of it.
    assert_eq!(rows[0].stats.nodes, 549_946);
    assert_eq!(rows[0].score, rows[1].score);
    let html = stage_table_html(&rows);
    assert_eq!(table_rows(&html), 1 + 2);
    assert!(html.contains("<td style=\"text-align:right\">549,946</td>"));
    let expected = change_percent(rows[0].stats.nodes, rows[1].stats.nodes);
    assert!(expected.starts_with('-'), "alpha-beta searches fewer nodes");
    assert!(html.contains(&expected));
    assert_eq!(table_rows(&stats_table_html(&rows)), 3);
}

#[test]
fn comparison_table_and_pairs_follow_the_comparison() {
    let positions = [LADDER[0], LADDER[23]]; // start, back-rank
    let stages = ["minimax", "alphabeta", "iterative"];
    let comparison = compare(&positions, &stages, 2, |_, _| {}).expect("valid positions");
    let html = comparison_table_html(&comparison);
    assert_eq!(table_rows(&html), 1 + positions.len() * stages.len());
    // Start position, depth 2: 1 + 20 + 400 nodes for minimax.
    assert!(html.contains(">421<"));
    // The first stage of each position has nothing to compare with.
    assert_eq!(html.matches(">–<").count(), positions.len());
    let pairs = stage_pairs(&comparison, "minimax", "alphabeta");
    assert_eq!(pairs.len(), positions.len());
    for (previous, stage) in pairs {
        assert_eq!(previous.position, stage.position);
        assert_eq!(
            (previous.stage.as_str(), stage.stage.as_str()),
            ("minimax", "alphabeta")
        );
        assert_eq!(previous.score, stage.score);
    }
    let chart = comparison_chart_svg(&comparison).expect("a chart");
    assert!(chart.contains("minimax") && chart.contains("iterative"));
}

#[test]
fn iterations_are_tabled_with_their_own_node_counts() {
    let mut game = Chess::start();
    let mut engine = engine_for::<Chess>("iterative").expect("a stage");
    let result = engine.search(&mut game, &SearchLimits::depth(3));
    assert_eq!(result.iterations.len(), 3);
    let own = iteration_nodes(&result.iterations);
    assert_eq!(own.iter().map(|&(d, _)| d).collect::<Vec<_>>(), [1, 2, 3]);
    // Depth 1 from the start: the root and its 20 children.
    assert_eq!(own[0].1, 21);
    assert_eq!(own.iter().map(|&(_, n)| n).sum::<u64>(), result.nodes());
    let html = iterations_table_html(&result.iterations);
    assert_eq!(table_rows(&html), 1 + 3);
}

/// The committed notebooks are run by `scripts/notebooks`; this checks what a reader of the
/// repository sees without running them: each notebook uses the Rust kernel, loads this crate
/// and installs the panic hook in its first code cell, was executed, and holds no error.
#[test]
fn committed_notebooks_were_run_cleanly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("notebooks");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("notebooks/ exists")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".ipynb") && name.as_bytes()[0].is_ascii_digit())
        .collect();
    names.sort();
    let expected: Vec<&str> = std::iter::once("00-setup.ipynb")
        .chain(STAGE_NOTEBOOKS)
        .collect();
    assert_eq!(names, expected);
    let text = |value: &serde_json::Value| match value {
        serde_json::Value::Array(lines) => lines.iter().filter_map(|l| l.as_str()).collect(),
        other => other.as_str().unwrap_or_default().to_string(),
    };
    for name in &names {
        let json = std::fs::read_to_string(dir.join(name)).expect("readable");
        let notebook: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
        assert_eq!(notebook["metadata"]["kernelspec"]["name"], "rust", "{name}");
        let cells = notebook["cells"].as_array().expect("cells");
        let code: Vec<&serde_json::Value> =
            cells.iter().filter(|c| c["cell_type"] == "code").collect();
        let first = text(&code[0]["source"]);
        assert!(
            first.contains(":dep searchlab = { path = \"..\" }"),
            "{name}"
        );
        assert!(
            first.contains("searchlab::teach::notebook::fail_on_panic();"),
            "{name}"
        );
        // evcxr's default, said so that a personal configuration cannot take it away: a
        // panic in JupyterLab keeps the variables of the cells before it.
        assert!(first.contains("\n:preserve_vars_on_panic 1\n"), "{name}");
        for (i, cell) in code.iter().enumerate() {
            assert!(
                cell["execution_count"].is_u64(),
                "{name}: code cell {i} not run"
            );
            for output in cell["outputs"].as_array().expect("outputs") {
                assert_ne!(output["output_type"], "error", "{name}: code cell {i}");
                assert_ne!(output["name"], "stderr", "{name}: code cell {i}");
                // evcxr gathers a cell's rich output into one bundle and a viewer shows one
                // type of it: one kind per output, or a picture's SVG and PNG twins.
                if let Some(data) = output["data"].as_object() {
                    let mut kinds: Vec<&str> = data.keys().map(String::as_str).collect();
                    kinds.sort_unstable();
                    assert!(
                        kinds.len() == 1 || kinds == ["image/png", "image/svg+xml"],
                        "{name}: code cell {i} mixes {kinds:?}"
                    );
                }
            }
        }
    }
}

/// The source of every cell of the notebook `name` in `notebooks/`, with its type and tags.
fn notebook_cells(name: &str) -> Vec<(String, String, Vec<String>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("notebooks")
        .join(name);
    let json = std::fs::read_to_string(path).expect("readable");
    let notebook: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    let text = |value: &serde_json::Value| match value {
        serde_json::Value::Array(lines) => lines.iter().filter_map(|l| l.as_str()).collect(),
        other => other.as_str().unwrap_or_default().to_string(),
    };
    notebook["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|cell| {
            let tags = cell["metadata"]["tags"]
                .as_array()
                .map(|t| {
                    t.iter()
                        .filter_map(|t| t.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default();
            (
                cell["cell_type"].as_str().unwrap_or_default().to_string(),
                text(&cell["source"]),
                tags,
            )
        })
        .collect()
}

/// The stage notebooks (every numbered notebook but the setup one).
const STAGE_NOTEBOOKS: [&str; 13] = [
    "01-minimax.ipynb",
    "02-alphabeta.ipynb",
    "03-iterative.ipynb",
    "04-cached.ipynb",
    "05-ordered.ipynb",
    "06-pvs.ipynb",
    "07-quiescence.ipynb",
    "08-selective.ipynb",
    "08b-evaluation.ipynb",
    "09-parallel.ipynb",
    "10-tuning.ipynb",
    "10b-neural.ipynb",
    "11-modern.ipynb",
];

/// Each stage notebook ends with a "Try it" section: cells tagged `try-it`, a markdown cell
/// headed `## Try it` and code cells after it, which take a position the learner edits
/// (`my_fen`) and assert nothing (the exact checks are above them); only an exercise section
/// (cells tagged `exercise`) may come after it.
#[test]
fn every_stage_notebook_ends_with_a_try_it_section() {
    for name in STAGE_NOTEBOOKS {
        let cells = notebook_cells(name);
        let start = cells
            .iter()
            .position(|(_, _, tags)| tags.iter().any(|t| t == "try-it"))
            .unwrap_or_else(|| panic!("{name}: no try-it cell"));
        // After the try-it cells, only an exercise section (cells tagged `exercise`) may follow.
        let end = cells
            .iter()
            .position(|(_, _, tags)| tags.iter().any(|t| t == "exercise"))
            .unwrap_or(cells.len());
        assert!(
            cells[end..]
                .iter()
                .all(|(_, _, tags)| tags.iter().any(|t| t == "exercise")),
            "{name}: the exercise cells are not the last ones"
        );
        let section = &cells[start..end];
        assert!(
            section
                .iter()
                .all(|(_, _, tags)| tags.iter().any(|t| t == "try-it")),
            "{name}: the try-it cells are not together before the exercise"
        );
        assert_eq!(section[0].0, "markdown", "{name}");
        assert!(section[0].1.starts_with("## Try it\n"), "{name}");
        let code: Vec<&String> = section
            .iter()
            .filter(|(kind, _, _)| kind == "code")
            .map(|(_, source, _)| source)
            .collect();
        assert!(!code.is_empty(), "{name}");
        assert!(
            code.iter().any(|source| source.contains("let my_fen = \"")),
            "{name}: no position to edit"
        );
        for source in code {
            assert!(!source.contains("assert"), "{name}: a try-it cell asserts");
        }
    }
}

/// Notebook 00 links every other notebook, and each notebook's title carries its own number.
#[test]
fn the_setup_notebook_lists_every_notebook_and_titles_match_file_names() {
    let setup: String = notebook_cells("00-setup.ipynb")
        .into_iter()
        .filter(|(kind, _, _)| kind == "markdown")
        .map(|(_, source, _)| source)
        .collect();
    for name in STAGE_NOTEBOOKS {
        assert!(
            setup.contains(&format!("]({name})")),
            "00-setup does not link {name}"
        );
        let number = name.split('-').next().expect("a number");
        let cells = notebook_cells(name);
        let title = cells[0].1.lines().next().expect("a title");
        assert!(
            title.starts_with(&format!("# {number} · ")),
            "{name}: title {title:?}"
        );
    }
}

#[test]
fn a_panic_is_reported_and_ends_only_a_headless_run() {
    use searchlab::teach::notebook::{headless_value, panic_report, HEADLESS_VARIABLE};
    assert_eq!(HEADLESS_VARIABLE, "SEARCHLAB_NOTEBOOK_HEADLESS");
    // Set to anything but nothing or 0: headless.
    for (value, headless) in [
        (None, false),
        (Some(""), false),
        (Some("0"), false),
        (Some("1"), true),
        (Some("yes"), true),
    ] {
        assert_eq!(headless_value(value), headless, "{value:?}");
    }
    // Both reports give the message and the location; only the headless one says the run ends.
    let message = "assertion `left == right` failed: the start has 20 moves";
    let headless = panic_report(message, "src/lib.rs:12:5", true);
    let interactive = panic_report(message, "src/lib.rs:12:5", false);
    for report in [&headless, &interactive] {
        assert!(
            report.starts_with("panicked at src/lib.rs:12:5:\n"),
            "{report}"
        );
        assert!(report.contains(message), "{report}");
    }
    assert!(headless.contains("this notebook run fails"), "{headless}");
    assert!(interactive.contains("The kernel goes on"), "{interactive}");
    assert!(!interactive.contains("run fails"), "{interactive}");
}

#[test]
fn a_stage_diff_is_a_markdown_diff_block() {
    use searchlab::teach::notebook::diff_markdown;
    assert_eq!(diff_markdown("-a\n+b\n"), "```diff\n-a\n+b\n```");
    // A diff that itself holds a fence gets a longer one.
    assert!(diff_markdown("+```\n").starts_with("````diff\n"));
    let shown = diff_markdown(&searchlab::teach::diff::stage_diff("pvs").unwrap());
    assert!(shown.starts_with(
        "```diff\n--- crates/engine/src/search/ordered.rs, with Ordered renamed Pvs\n+++ crates/engine/src/search/pvs.rs\n"
    ));
}

#[test]
fn counters_table_shows_the_columns_asked_for() {
    use searchlab::teach::notebook::{counters_table_html, Counter};
    let mut game = Chess::from_fen(LADDER[2].fen).expect("kiwipete");
    let mut engine = engine_for::<Chess>("pvs").expect("a stage");
    let result = engine.search(&mut game, &SearchLimits::depth(4));
    let rows = [StageRow::new("pvs", &result)];
    let html = counters_table_html(
        &rows,
        &[Counter::Nodes, Counter::FirstMoveRate, Counter::Researches],
    );
    assert_eq!(table_rows(&html), 2);
    assert_eq!(
        html.matches("</th>").count(),
        2 + 3,
        "stage, depth and the three asked for"
    );
    assert!(html.contains(">first-move share<") && html.contains(">re-searches<"));
    assert!(!html.contains("TT hits"));
    assert!(html.contains(&format!(">{}<", thousands(result.nodes()))));
    let rate = result.stats.first_move_cutoff_rate().expect("cut-offs");
    assert!(html.contains(&format!(">{:.1} %<", 100.0 * rate)));
    // Without a cut-off there is no share to give.
    let none = searchlab::SearchStats::default();
    assert_eq!(Counter::FirstMoveRate.cell(&none), "–");
    assert_eq!(Counter::MtdfPasses.cell(&none), "0");
}

#[test]
fn ordering_and_pair_tables_follow_their_comparisons() {
    use searchlab::teach::notebook::{ordering_table_html, pair_by_depth_table_html};
    let positions = [LADDER[0], LADDER[17]]; // start, cpw-pos3
    let stages = ["cached", "ordered", "oracle"];
    let two = compare(&positions, &stages, 2, |_, _| {}).expect("valid positions");
    let html = ordering_table_html(&two);
    assert_eq!(table_rows(&html), 1 + positions.len() * stages.len());
    // The oracle is the yardstick, not measured by itself.
    let oracle_rows: Vec<&str> = html.lines().filter(|l| l.contains(">oracle<")).collect();
    assert_eq!(oracle_rows.len(), 2);
    assert!(oracle_rows.iter().all(|l| l.ends_with("–</td></tr>")));
    let ordered = two
        .rows
        .iter()
        .find(|r| r.stage == "ordered")
        .expect("a row");
    let multiple = ordered.oracle_multiple().expect("the oracle ran");
    assert!(html.contains(&format!(">{multiple:.2} ×<")));

    let three = compare(&positions, &stages, 3, |_, _| {}).expect("valid positions");
    let pairs = pair_by_depth_table_html(&[&two, &three], "cached", "ordered");
    // Header, one row per position, the totals.
    assert_eq!(table_rows(&pairs), 1 + positions.len() + 1);
    assert!(pairs.contains(">cached, depth 2<") && pairs.contains(">ordered, depth 3<"));
    let total = format!(
        ">{}<",
        change_percent(three.total_nodes("cached"), three.total_nodes("ordered"))
    );
    assert!(pairs
        .lines()
        .any(|l| l.contains(">total<") && l.contains(&total)));
}

#[test]
fn the_picker_order_is_the_pickers_with_its_reasons() {
    use searchlab::search::move_picker::{MovePicker, OrderingTables};
    use searchlab::teach::notebook::{move_order_html, picker_order, OrderReason};
    use searchlab::Game;
    // White can take the queen on d5 with the pawn, the knight or the queen, and promote on b8.
    let game = Chess::from_fen("4k3/1P6/8/3q4/4P3/2N4r/8/3QK3 w - - 0 1").expect("valid FEN");
    let mv = |uci: &str| game.parse_uci(uci).expect("legal");
    let mut tables = OrderingTables::new();
    tables.quiet_cutoff(mv("e1f2"), 0, 4, &[mv("d1d2")]);
    let hash = Some(mv("c3b5"));
    let order = picker_order(&game, hash, &tables, 0);
    let picked: Vec<_> = MovePicker::new(&game, game.legal_moves(), hash, &tables, 0).collect();
    assert_eq!(order.iter().map(|&(m, _)| m).collect::<Vec<_>>(), picked);
    assert_eq!(order[0].1, OrderReason::HashMove);
    // The queen taken by the pawn: victim 900, attacker 100.
    assert_eq!(
        order[1],
        (
            mv("e4d5"),
            OrderReason::Capture(searchlab::Capture {
                victim: 900,
                attacker: 100
            })
        )
    );
    assert!(order[1..8]
        .iter()
        .all(|(_, why)| matches!(why, OrderReason::Capture(_))));
    assert_eq!(order[8], (mv("e1f2"), OrderReason::Killer(0)));
    assert_eq!(order.last(), Some(&(mv("d1d2"), OrderReason::History(-16))));

    let html = move_order_html(&game, &order, 9);
    assert_eq!(
        table_rows(&html),
        1 + 9 + 1,
        "nine moves and a row for the rest"
    );
    assert!(html.contains(">Nb5<") && html.contains(">hash move<"));
    assert!(html.contains(">pawn takes queen (victim 900, attacker 100)<"));
    assert!(html.contains(">pawn, promotes to queen (victim 800, attacker 100)<"));
    assert!(html.contains(">killer 1 (newer): cut off at this ply before<"));
    assert!(html.contains(&format!(">{} more<", order.len() - 9)));
    assert_eq!(
        table_rows(&move_order_html(&game, &order, 100)),
        1 + order.len()
    );
}

#[test]
fn the_mtdf_trace_is_the_mtdf_engine_pass_for_pass() {
    use searchlab::teach::notebook::{bound_text, mtdf_passes_html, mtdf_trace};
    use searchlab::Score;
    for fen in [LADDER[0].fen, LADDER[17].fen] {
        let limits = SearchLimits::depth(4);
        let game = Chess::from_fen(fen).expect("valid FEN");
        let (traced, passes) = mtdf_trace(&mut game.clone(), &limits);
        let engine = engine_for::<Chess>("mtdf")
            .expect("a side engine")
            .search(&mut game.clone(), &limits);
        assert_eq!(traced.score, engine.score);
        assert_eq!(traced.best_move, engine.best_move);
        assert_eq!(traced.nodes(), engine.nodes());
        assert_eq!(passes.len() as u64, engine.stats.mtdf_passes);
        assert_eq!(passes.iter().map(|p| p.nodes).sum::<u64>(), engine.nodes());
        // Every iteration ends with its bounds met at its score.
        for it in &engine.iterations {
            let last = passes
                .iter()
                .rev()
                .find(|p| p.depth == it.depth)
                .expect("a pass");
            assert_eq!((last.lower, last.upper), (it.score, it.score));
        }
        let html = mtdf_passes_html(&passes);
        assert_eq!(table_rows(&html), 1 + passes.len());
    }
    // Tic-tac-toe too: the whole game, a draw.
    let (traced, passes) = mtdf_trace(&mut TicTacToe::new(), &SearchLimits::depth(9));
    assert_eq!(traced.score, Score::DRAW);
    assert_eq!(passes.iter().map(|p| p.nodes).sum::<u64>(), traced.nodes());
    assert_eq!(bound_text(-Score::INFINITE), "−∞");
    assert_eq!(bound_text(Score::INFINITE), "+∞");
    assert_eq!(bound_text(Score::cp(12)), "cp 12");
}

// ---------------------------------------------------------------------------------------------
// Chapter 7 and notebook 07: lines of moves, and the quiescence search taken apart
// ---------------------------------------------------------------------------------------------

/// The horizon position after 1.Nxe4 Nxe4 2.Nxc6: where the pvs stage's depth-3 search stops.
fn at_the_horizon() -> Chess {
    use searchlab::teach::horizon::HORIZON_TRAP;
    let mut game = Chess::from_fen(LADDER_HORIZON).expect("valid FEN");
    for mv in &HORIZON_TRAP[..3] {
        game.play_uci(mv).expect("legal");
    }
    game
}

const LADDER_HORIZON: &str = searchlab::positions::HORIZON.fen;

#[test]
fn a_line_of_moves_is_written_as_in_a_game_score() {
    use searchlab::teach::horizon::HORIZON_TRAP;
    use searchlab::teach::notebook::{san_line, signed_score, uci_line};
    use searchlab::Score;
    let horizon = Chess::from_fen(LADDER_HORIZON).expect("valid FEN");
    assert_eq!(
        san_line(&horizon, &HORIZON_TRAP).expect("legal"),
        "1.Nxe4 Nxe4 2.Nxc6 dxc6"
    );
    let mut after = horizon.clone();
    after.play_uci("c3e4").expect("legal");
    assert_eq!(
        san_line(&after, &["f6e4", "e5c6"]).expect("legal"),
        "1...Nxe4 2.Nxc6"
    );
    assert_eq!(san_line(&horizon, &[] as &[&str]).expect("empty"), "");
    // Numbered from the position's own fullmove number.
    let mut game = Chess::start();
    for mv in ["e2e4", "e7e5"] {
        game.play_uci(mv).expect("legal");
    }
    assert_eq!(san_line(&game, &["g1f3"]).expect("legal"), "2.Nf3");
    // An illegal move is an error that names it, wherever it comes in the line.
    let err = san_line(&horizon, &["c3e4", "c3e4"]).expect_err("illegal");
    assert!(err.to_string().contains("c3e4"), "{err}");
    assert_eq!(uci_line(&horizon, &HORIZON_TRAP).expect("legal").len(), 4);
    assert_eq!(signed_score(Score(65)), "+65");
    assert_eq!(signed_score(Score(-130)), "\u{2212}130");
    assert_eq!(signed_score(Score(0)), "0");
    assert_eq!(signed_score(Score::mate_in(3)), "mate in 2");
    assert_eq!(signed_score(Score::mated_in(2)), "mated in 1");
}

#[test]
fn a_line_of_moves_becomes_a_row_of_boards() {
    use searchlab::teach::horizon::HORIZON_TRAP;
    use searchlab::teach::notebook::line_svg;
    use searchlab::teach::picture::svg_to_png;
    use searchlab::Game;
    let horizon = Chess::from_fen(LADDER_HORIZON).expect("valid FEN");
    let row = line_svg(&horizon, &HORIZON_TRAP, 4).expect("legal");
    // Four boards on squares of 32 (300 wide with the coordinates, 318 high with the side to
    // move) with 16 between them, under 40 units of captions; drawn, not scaled down, so the
    // coordinates keep their size.
    assert_eq!(svg_size(&row).expect("sized"), (1248.0, 358.0));
    assert!(!row.contains("scale("));
    assert_eq!(row.matches("font-size=\"13\"").count(), 4 * 32);
    // Each board highlights its move: two squares each.
    assert_eq!(row.matches("#f6f669").count(), 8);
    for caption in [">1.Nxe4<", ">1...Nxe4<", ">2.Nxc6<", ">2...dxc6<"] {
        assert!(row.contains(caption), "{caption}");
    }
    // The evaluation after 2.Nxc6, from White's side: minus Black's.
    let at_horizon = at_the_horizon();
    let white = -at_horizon.evaluate().0;
    assert!(row.contains(&format!(">evaluation +{white} for White<")));
    // Two to a row: two rows.
    let square = line_svg(&horizon, &HORIZON_TRAP, 2).expect("legal");
    assert_eq!(
        svg_size(&square).expect("sized"),
        (616.0, 2.0 * 358.0 + 16.0)
    );
    // Every character is in the embedded font, so the notebook's PNG twin can be drawn.
    let png = svg_to_png(&row).expect("renders");
    assert_eq!((png.width, png.height), (2 * 1248, 2 * 358));
    // A mate is said, not evaluated.
    let back_rank = Chess::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").expect("valid");
    assert!(line_svg(&back_rank, &["a1a8"], 4)
        .expect("legal")
        .contains(">mate<"));
    // The rook cannot take its own pawn.
    assert!(line_svg(&horizon, &["a1a2"], 4).is_err());
}

#[test]
fn the_quiescence_node_taken_apart_is_the_engines_own() {
    use searchlab::positions::{HORIZON, LADDER};
    use searchlab::search::Quiescence;
    use searchlab::teach::horizon::quiescence_node;
    use searchlab::{Game, Score};
    let mut games: Vec<Chess> = LADDER
        .iter()
        .chain([&HORIZON])
        .map(|p| Chess::from_fen(p.fen).expect("valid FEN"))
        .collect();
    games.push(at_the_horizon());
    for game in &games {
        let node = quiescence_node(game);
        let mut engine = Quiescence::<Chess>::new(1);
        let value = engine.quiescence(&mut game.clone(), 0, -Score::INFINITE, Score::INFINITE);
        assert_eq!(node.value, value, "{}", game.fen());
        // Standing pat is a lower bound, where it is allowed.
        if let Some(stand_pat) = node.stand_pat() {
            assert!(node.value >= stand_pat, "{}", game.fen());
        }
    }
    // A quiet position: nothing to try, the evaluation.
    let start = Chess::start();
    let node = quiescence_node(&start);
    assert!(node.moves.is_empty());
    assert_eq!(node.value, start.evaluate());
    assert_eq!(node.best_move(), None);
}

#[test]
fn at_the_horizon_of_depth_3_the_recapture_is_found() {
    use searchlab::teach::horizon::{
        quiescence_line, quiescence_node, quiescence_node_markdown, see_markdown, Verdict,
    };
    use searchlab::Game;
    let game = at_the_horizon();
    let node = quiescence_node(&game);
    // Standing pat, Black is a knight down; recapturing, it is a knight and a pawn up.
    let stand_pat = node.stand_pat().expect("not in check");
    assert_eq!(stand_pat, game.evaluate());
    assert!(stand_pat.0 < 0 && node.value.0 > 250, "{node:?}");
    assert_eq!(
        node.best_move().map(|m| m.to_string()).as_deref(),
        Some("d7c6")
    );
    let bxf4 = node
        .moves
        .iter()
        .find(|m| m.mv.to_string() == "d6f4")
        .expect("Bxf4");
    assert!(bxf4.see < 0);
    assert!(matches!(bxf4.verdict, Verdict::Delta { .. }), "{bxf4:?}");
    let line = quiescence_line(&game);
    assert_eq!(line.first().map(String::as_str), Some("d7c6"));
    assert!(quiescence_line(&Chess::start()).is_empty());
    let table = quiescence_node_markdown(&game, &node);
    assert!(table.contains("| value for Black |"));
    assert!(
        table.contains("| dxc6 | 320 | 100 | +320 | searched |"),
        "{table}"
    );
    assert_eq!(table.lines().count(), 2 + 1 + node.moves.len() + 1);
    let horizon = Chess::from_fen(LADDER_HORIZON).expect("valid FEN");
    let see = see_markdown(&horizon);
    assert!(see.contains("| Nxe4 | 100 | 320 | \u{2212}220 |"), "{see}");
    assert!(see.contains("| Nxc6 | 320 | 320 | 0 |"), "{see}");
}

#[test]
fn in_check_the_node_cannot_stand_pat() {
    use searchlab::teach::horizon::{quiescence_node, quiescence_node_markdown};
    use searchlab::Game;
    // The rook on e8 checks the king on e1: every legal move is searched, none stands pat.
    let game = Chess::from_fen("4r1k1/8/8/8/8/8/3P1P2/3QK3 w - - 0 1").expect("valid FEN");
    let node = quiescence_node(&game);
    assert!(node.in_check && node.stand_pat().is_none());
    assert_eq!(node.moves.len(), game.legal_moves().len());
    let table = quiescence_node_markdown(&game, &node);
    assert!(
        table.contains("| stand pat | | | | not allowed in check: every move searched | |"),
        "{table}"
    );
}

#[test]
fn the_cost_of_quiescence_is_counted_apart() {
    use searchlab::teach::horizon::{cost, cost_markdown, iterations_markdown, search};
    let positions = [LADDER[0], LADDER[2]];
    let rows = cost(&positions, &["pvs", "quiescence"], &[3]).expect("valid");
    assert_eq!(rows.len(), 2);
    let (pvs, quiescence) = (&rows[0], &rows[1]);
    assert_eq!((pvs.quiescence_nodes, pvs.seldepth), (0, 3));
    assert!(quiescence.quiescence_nodes > 0 && quiescence.quiescence_nodes < quiescence.nodes);
    assert!(quiescence.seldepth > 3);
    assert_eq!(quiescence.deepest_position, "kiwipete");
    let table = cost_markdown(&rows);
    assert_eq!(table.lines().count(), 2 + 2);
    assert!(table.contains("| 3 | pvs |"));
    let kiwipete = Chess::from_fen(LADDER[2].fen).expect("valid FEN");
    let result = search(&kiwipete, "quiescence", 3).expect("a stage");
    let md =
        iterations_markdown(&kiwipete, &[("quiescence", &result.iterations)]).expect("legal lines");
    assert_eq!(md.lines().count(), 2 + 3);
    assert!(md.starts_with("| depth | quiescence: score | quiescence: line |"));
}
