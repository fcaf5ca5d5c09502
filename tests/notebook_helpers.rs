//! The notebook helpers are pure functions returning text: these tests check the facts a
//! notebook relies on without starting a kernel.

use searchlab::compare::compare;
use searchlab::notebook::{
    board_move_svg, board_svg, change_percent, comparison_chart_svg, comparison_table_html,
    escape_html, iteration_nodes, iterations_table_html, piece_glyph, rich_output,
    side_by_side_html, stage_pairs, stage_table_html, stats_table_html, thousands,
    with_svg_namespace, StageRow,
};
use searchlab::positions::LADDER;
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
    let html = side_by_side_html(&[("minimax <all>", "<svg/>"), ("alpha-beta", "<svg/>")]);
    assert_eq!(html.matches("<figure").count(), 2);
    assert!(html.contains("minimax &lt;all&gt;"));
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
    assert_eq!(
        names,
        [
            "00-setup.ipynb",
            "01-minimax.ipynb",
            "02-alphabeta.ipynb",
            "03-iterative.ipynb",
            "04-cached.ipynb"
        ]
    );
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
            first.contains("searchlab::notebook::fail_on_panic();"),
            "{name}"
        );
        for (i, cell) in code.iter().enumerate() {
            assert!(
                cell["execution_count"].is_u64(),
                "{name}: code cell {i} not run"
            );
            for output in cell["outputs"].as_array().expect("outputs") {
                assert_ne!(output["output_type"], "error", "{name}: code cell {i}");
                assert_ne!(output["name"], "stderr", "{name}: code cell {i}");
                // evcxr shows one rich output per cell; a second kind would be hidden.
                if let Some(data) = output["data"].as_object() {
                    assert_eq!(
                        data.len(),
                        1,
                        "{name}: code cell {i} mixes {:?}",
                        data.keys()
                    );
                }
            }
        }
    }
}
