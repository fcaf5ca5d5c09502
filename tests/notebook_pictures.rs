//! Every picture in a committed notebook must show for a reader who opens it without running
//! it. JupyterLab trusts only the notebooks it executed itself, and in an untrusted notebook it
//! shows no `image/svg+xml` output and strips `<svg>` from HTML; a PNG shows everywhere. So
//! each picture is an SVG with a PNG twin, and no HTML output holds an `<svg>`.

use base64::Engine as _;
use searchlab::teach::notebook::{board_svg, svg_output, svg_size};
use searchlab::teach::picture::{svg_to_png, Png, PNG_SCALE};
use searchlab::Chess;
use serde_json::Value;
use std::path::Path;

/// A decoded PNG: width, height and RGB pixels, row by row.
struct Decoded {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

impl Decoded {
    fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        self.rgb[(y * self.width + x) as usize]
    }

    fn count(&self, colour: [u8; 3]) -> usize {
        self.rgb.iter().filter(|&&p| p == colour).count()
    }
}

/// Decodes PNG bytes, or says why they are not a PNG.
fn decode(bytes: &[u8]) -> Result<Decoded, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let mut buffer = vec![0; reader.output_buffer_size().ok_or("no size")?];
    let frame = reader.next_frame(&mut buffer).map_err(|e| e.to_string())?;
    let channels = frame.color_type.samples();
    let rgb = buffer[..frame.buffer_size()]
        .chunks(channels)
        .map(|p| match channels {
            1 | 2 => [p[0], p[0], p[0]],
            _ => [p[0], p[1], p[2]],
        })
        .collect();
    Ok(Decoded {
        width: frame.width,
        height: frame.height,
        rgb,
    })
}

/// A notebook's multi-line string (a list of lines, or one string) as one string.
fn text(value: &Value) -> String {
    match value {
        Value::Array(lines) => lines.iter().filter_map(|l| l.as_str()).collect(),
        other => other.as_str().unwrap_or_default().to_string(),
    }
}

/// What is wrong with one notebook's pictures (empty when nothing is), and how many pictures
/// it shows.
fn picture_problems(notebook: &Value) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let mut pictures = 0;
    let cells = notebook["cells"].as_array().cloned().unwrap_or_default();
    for (index, cell) in cells.iter().enumerate() {
        let outputs = cell["outputs"].as_array().cloned().unwrap_or_default();
        for output in &outputs {
            let Some(data) = output["data"].as_object() else {
                continue;
            };
            let at = format!("cell {index}");
            if let Some(html) = data.get("text/html") {
                if text(html).to_ascii_lowercase().contains("<svg") {
                    problems.push(format!("{at}: text/html holds an <svg>"));
                }
            }
            let svg = data.get("image/svg+xml").map(text);
            let png = data.get("image/png").map(text);
            match (&svg, &png) {
                (Some(_), None) => {
                    problems.push(format!("{at}: image/svg+xml without an image/png twin"))
                }
                (None, Some(_)) => problems.push(format!("{at}: image/png without its SVG")),
                _ => {}
            }
            let (Some(svg), Some(png)) = (svg, png) else {
                continue;
            };
            pictures += 1;
            let bytes = match base64::engine::general_purpose::STANDARD
                .decode(png.split_whitespace().collect::<String>())
            {
                Ok(bytes) => bytes,
                Err(e) => {
                    problems.push(format!("{at}: image/png is not base64: {e}"));
                    continue;
                }
            };
            let decoded = match decode(&bytes) {
                Ok(decoded) => decoded,
                Err(e) => {
                    problems.push(format!("{at}: image/png does not decode: {e}"));
                    continue;
                }
            };
            // The twin is this SVG's rendering: PNG_SCALE pixels per SVG unit.
            match svg_size(&svg) {
                Ok((w, h)) => {
                    let expected = (
                        (w * PNG_SCALE as f64).ceil() as u32,
                        (h * PNG_SCALE as f64).ceil() as u32,
                    );
                    if (decoded.width, decoded.height) != expected {
                        problems.push(format!(
                            "{at}: the PNG is {}×{}, its SVG ({w}×{h}) makes {}×{}",
                            decoded.width, decoded.height, expected.0, expected.1
                        ));
                    }
                    // evcxr sends no metadata; scripts/notebooks adds the size to show the
                    // PNG at, the SVG's width, or it would show at PNG_SCALE times that.
                    let shown = output["metadata"]["image/png"]["width"].as_f64();
                    if shown != Some(w.round()) {
                        problems.push(format!(
                            "{at}: the PNG's metadata width is {shown:?}, not the SVG's {w}"
                        ));
                    }
                }
                Err(e) => problems.push(format!("{at}: {e}")),
            }
            let distinct: std::collections::HashSet<[u8; 3]> =
                decoded.rgb.iter().copied().collect();
            if distinct.len() < 3 {
                problems.push(format!("{at}: the PNG is blank"));
            }
        }
    }
    (problems, pictures)
}

#[test]
fn every_picture_of_every_committed_notebook_shows_without_trust() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("notebooks");
    // The pictures each notebook shows: boards, trees and charts.
    let expected = [
        ("00-setup.ipynb", 1), // the board after e4
        // Each stage notebook's "Try it" section adds pictures of the learner's position: "+".
        ("01-minimax.ipynb", 2 + 2), // kiwipete; nodes per depth + board; nodes per depth
        ("02-alphabeta.ipynb", 3 + 3), // two trees (one picture); chart; best move + the same
        ("03-iterative.ipynb", 3 + 2), // best move; nodes per iteration; chart + best move; chart
        ("04-cached.ipynb", 2 + 2),  // the rook ending; chart + board; chart
        ("05-ordered.ipynb", 3 + 1), // the Italian's hash move; nodes per depth; × oracle + chart
        ("06-pvs.ipynb", 2 + 1),     // share of ordered's nodes; nodes with the oracle + scores
        ("07-quiescence.ipynb", 3 + 1), // the horizon position; the trap line; scores + scores
        ("08-selective.ipynb", 2 + 1), // nodes and branching factor; the zugzwang + nodes
        ("08b-evaluation.ipynb", 4 + 1), // phase and blend; BK.12; BK.08; lone king's map + board
        ("09-parallel.ipynb", 2),    // root splitting's serial share; time-to-depth speed-ups
        ("10-tuning.ipynb", 9 + 2),  // E(K); errors; over-fitting; presence; heat maps + board; run
        ("10b-neural.ipynb", 3 + 1), // training curve; knight maps; strongest units + board
        ("11-modern.ipynb", 2 + 1), // Bratko-Kopec 7 and Nf6; a correction learned + nodes per depth
    ];
    for (name, count) in expected {
        let json = std::fs::read_to_string(dir.join(name)).expect("readable");
        let notebook: Value = serde_json::from_str(&json).expect("valid JSON");
        let (problems, pictures) = picture_problems(&notebook);
        assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
        assert_eq!(pictures, count, "{name}: pictures shown");
    }
}

/// The check above, turned on broken notebooks: each way a picture can go missing for an
/// untrusted reader is caught.
#[test]
fn the_notebook_check_catches_each_way_a_picture_goes_missing() {
    let svg = board_svg(&Chess::start());
    let good_output = |svg: &str| -> Value {
        let printed = svg_output(svg).expect("renders");
        // What evcxr makes of the printed text: one bundle, the content between the markers.
        let content = |mime: &str| {
            let begin = format!("EVCXR_BEGIN_CONTENT {mime}\n");
            let start = printed.find(&begin).expect("marker") + begin.len();
            let end = start + printed[start..].find("\nEVCXR_END_CONTENT").expect("end");
            printed[start..end].to_string()
        };
        serde_json::json!({
            "output_type": "execute_result",
            "data": {"image/svg+xml": content("image/svg+xml"), "image/png": content("image/png")},
            "metadata": {"image/png": {"width": 428}},
        })
    };
    let notebook = |output: Value| serde_json::json!({"cells": [{"outputs": [output]}]});
    let problems = |output: Value| picture_problems(&notebook(output)).0;

    assert_eq!(picture_problems(&notebook(good_output(&svg))), (vec![], 1));

    let mut no_png = good_output(&svg);
    no_png["data"]
        .as_object_mut()
        .expect("data")
        .remove("image/png");
    assert!(problems(no_png)[0].contains("without an image/png twin"));

    let mut corrupt = good_output(&svg);
    corrupt["data"]["image/png"] = Value::from("iVBORw0KGgoAAAANSUhEUgAAAAE=");
    assert!(problems(corrupt)[0].contains("does not decode"));

    let mut not_base64 = good_output(&svg);
    not_base64["data"]["image/png"] = Value::from("not base64!");
    assert!(problems(not_base64)[0].contains("not base64"));

    let mut no_width = good_output(&svg);
    no_width["metadata"] = serde_json::json!({});
    assert!(problems(no_width)[0].contains("metadata width"));

    let mut other_picture = good_output(&svg);
    other_picture["data"]["image/svg+xml"] = Value::from(svg.replace("446", "500"));
    assert!(problems(other_picture)[0].contains("its SVG"));

    let html = serde_json::json!({
        "output_type": "execute_result",
        "data": {"text/html": format!("<figure>{svg}</figure>")},
        "metadata": {},
    });
    assert!(problems(html)[0].contains("text/html holds an <svg>"));
}

#[test]
fn a_rendered_board_has_its_size_and_both_square_colours() {
    // The back-rank mate: White Ra1, Kg1, pawns f2 g2 h2; Black Kg8, pawns f7 g7 h7.
    let game = Chess::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").expect("valid FEN");
    let png: Png = svg_to_png(&board_svg(&game)).expect("renders");
    // The SVG is 8 squares of 48 plus two margins of 22 wide, and 18 more high for the
    // "White to move" line; the PNG has two pixels per unit.
    assert_eq!((png.width, png.height), (2 * 428, 2 * 446));
    let board = decode(&png.bytes).expect("a PNG");
    assert_eq!((board.width, board.height), (856, 892));

    const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
    const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
    // 32 squares of each colour, 96×96 pixels each, less the pieces and the edges.
    let square = 96 * 96;
    assert!(board.count(LIGHT) > 30 * square, "{}", board.count(LIGHT));
    assert!(board.count(DARK) > 28 * square, "{}", board.count(DARK));

    // The pieces are drawn (the font has the chess glyphs): ink in the middle of a1 (the
    // rook), none on the empty e4.
    let ink_in = |file: u32, rank: u32| {
        let (x0, y0) = (2 * (22 + file * 48), 2 * (22 + (7 - rank) * 48));
        (x0 + 24..x0 + 72)
            .flat_map(|x| (y0 + 24..y0 + 72).map(move |y| (x, y)))
            .filter(|&(x, y)| board.pixel(x, y).iter().all(|&c| c < 80))
            .count()
    };
    assert!(ink_in(0, 0) > 300, "a1 rook: {}", ink_in(0, 0));
    assert!(ink_in(6, 7) > 300, "g8 king: {}", ink_in(6, 7));
    assert_eq!(ink_in(4, 3), 0, "e4 is empty");
}
