//! SVG pictures rendered to PNG, inside the crate, with a font the crate carries.
//!
//! Every picture searchlab draws (a board, a game tree, a chart) is SVG text. A notebook shows
//! it as `image/svg+xml`, but a notebook front end shows SVG only in a notebook it *trusts*,
//! and JupyterLab trusts only notebooks it executed itself: a reader who clones the repository
//! and opens a committed notebook sees blank space where the pictures were. Every viewer shows
//! a PNG, trusted or not. So [`svg_to_png`] renders the same SVG to PNG (with
//! [resvg](https://docs.rs/resvg), pure Rust), and the notebook helpers send both; a viewer
//! takes the richest one it trusts.
//!
//! **The font.** Our pictures name `sans-serif` (plotters, the trees) or `'DejaVu Sans'` (the
//! board, whose pieces are the Unicode chess glyphs ♔…♟). A PNG drawn with whatever fonts a
//! machine happens to have would differ from machine to machine, or lose the chess pieces
//! where no font has them. So the renderer loads *no* system font: only DejaVu Sans and DejaVu
//! Sans Bold, cut down to the characters our pictures use and embedded in the crate
//! (`assets/fonts/`, about 55 KB; `assets/fonts/README.md` says where they come from, their
//! licence and the command that made them). Every family name a picture asks for, generic or
//! named, resolves to them, and the same SVG gives the same PNG bytes on every machine.
//!
//! **No silent gaps.** A character the embedded font lacks would be drawn as an empty box.
//! [`svg_to_png`] refuses such a picture instead, naming the character, so a test (or a
//! notebook run) fails where a reader would otherwise see a hole.
//!
//! **Scale.** The PNG has [`PNG_SCALE`] pixels per SVG unit, so it stays sharp on a high-density
//! screen; [`Png::display_width`] is the size to show it at (the SVG's own width).

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb, FontResolver};
use searchlab_engine::error::{Error, Result};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// DejaVu Sans (regular), cut down to the characters our pictures draw.
const FONT_REGULAR: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans-subset.ttf");
/// DejaVu Sans Bold, the same characters (the trees' title and X/O marks are bold).
const FONT_BOLD: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans-Bold-subset.ttf");

/// The family name of the embedded font; every family a picture names is mapped to it.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// PNG pixels per SVG unit: 2, so that a picture shown at its SVG size stays sharp on a
/// high-density screen (where one CSS pixel is two device pixels).
pub const PNG_SCALE: u32 = 2;

/// A picture rendered to PNG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Png {
    /// The PNG file's bytes.
    pub bytes: Vec<u8>,
    /// Width in pixels ([`PNG_SCALE`] times the SVG's width, rounded up).
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl Png {
    /// The width to show the picture at, in CSS pixels: the SVG's own width.
    pub fn display_width(&self) -> u32 {
        self.width.div_ceil(PNG_SCALE)
    }
}

/// The embedded fonts, loaded once. Only these: never the system's.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_font_data(FONT_REGULAR.to_vec());
            db.load_font_data(FONT_BOLD.to_vec());
            // Generic families resolve to the embedded font, whatever a picture asks for.
            db.set_sans_serif_family(FONT_FAMILY);
            db.set_serif_family(FONT_FAMILY);
            db.set_monospace_family(FONT_FAMILY);
            db.set_cursive_family(FONT_FAMILY);
            db.set_fantasy_family(FONT_FAMILY);
            Arc::new(db)
        })
        .clone()
}

/// Renders `svg` (a whole SVG document) to PNG at [`PNG_SCALE`], on a white background.
///
/// Fails if the SVG cannot be read, or if it draws a character the embedded font lacks (the
/// error names it: add it to `scripts/subset-fonts`).
pub fn svg_to_png(svg: &str) -> Result<Png> {
    let missing = Mutex::new(Vec::<char>::new());
    let options = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: fonts(),
        font_resolver: FontResolver {
            select_font: FontResolver::default_font_selector(),
            // Called for a character the chosen face lacks. The only other face is the other
            // weight of the same subset, so there is nothing to fall back to: note the
            // character, and fail below rather than draw a hole.
            select_fallback: Box::new(|c, _, _| {
                if let Ok(mut missing) = missing.lock() {
                    missing.push(c);
                }
                None
            }),
        },
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| Error::Picture(format!("the SVG could not be read: {e}")))?;
    drop(options);
    let mut missing = missing.into_inner().unwrap_or_default();
    if !missing.is_empty() {
        missing.sort_unstable();
        missing.dedup();
        let list: Vec<String> = missing
            .iter()
            .map(|c| format!("'{c}' (U+{:04X})", *c as u32))
            .collect();
        return Err(Error::Picture(format!(
            "the embedded font has no glyph for {}; add it to scripts/subset-fonts",
            list.join(", ")
        )));
    }
    let size = tree.size();
    let width = (size.width() * PNG_SCALE as f32).ceil() as u32;
    let height = (size.height() * PNG_SCALE as f32).ceil() as u32;
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| Error::Picture(format!("cannot make a {width}×{height} image")))?;
    // White under everything: a PNG without transparency is smaller, and looks the same on a
    // dark notebook theme as the SVGs (which all paint a white background) do.
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    let scale = PNG_SCALE as f32;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let bytes = encode_png(&pixmap)?;
    Ok(Png {
        bytes,
        width,
        height,
    })
}

/// The pixmap as a PNG, losslessly and compactly: the notebooks carry their pictures as text,
/// so every byte saved keeps the committed notebooks small.
///
/// Our pictures are flat colour with anti-aliased edges, and even so use fewer than 256
/// distinct colours (a board about 100, a chart or a tree about 250): then the PNG is indexed,
/// one byte a pixel with an exact palette, about half the size of the RGB one (a board 21 KB,
/// a chart 25 KB, the two stacked trees of notebook 02 92 KB). A picture with
/// more colours is written as RGB. No transparency either way (the background is white).
fn encode_png(pixmap: &Pixmap) -> Result<Vec<u8>> {
    // The background is opaque, so every pixel is too: the premultiplied values are the plain
    // ones, and dropping alpha loses nothing.
    let rgb: Vec<[u8; 3]> = pixmap
        .pixels()
        .iter()
        .map(|p| [p.red(), p.green(), p.blue()])
        .collect();
    // The palette in order of first appearance, so the same picture gives the same bytes.
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut index_of: HashMap<[u8; 3], u8> = HashMap::new();
    let mut indexed = Vec::with_capacity(rgb.len());
    for colour in &rgb {
        let index = match index_of.get(colour) {
            Some(&index) => index,
            None if palette.len() < 256 => {
                let index = palette.len() as u8;
                palette.push(*colour);
                index_of.insert(*colour, index);
                index
            }
            None => break,
        };
        indexed.push(index);
    }
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let data = if indexed.len() == rgb.len() {
        encoder.set_color(png::ColorType::Indexed);
        // Filtering predicts a byte from its neighbours, which suits smooth colour values;
        // palette indices are not, and unfiltered rows compress best (a tree: 92 KB against
        // 110 KB adaptive).
        encoder.set_filter(png::Filter::NoFilter);
        encoder.set_palette(palette.concat());
        indexed
    } else {
        encoder.set_color(png::ColorType::Rgb);
        rgb.concat()
    };
    let failed = |e: png::EncodingError| Error::Picture(format!("PNG encoding failed: {e}"));
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(&data).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::board::{board_move_svg, board_svg};
    use crate::draw::plot::{self, Series};
    use crate::draw::svg::stacked_svg;
    use crate::tree;
    use searchlab_engine::games::{Chess, TicTacToe};

    /// The PNG's pixels as RGB triples.
    fn pixels(png: &Png) -> Vec<[u8; 3]> {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(&png.bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
        let frame = reader.next_frame(&mut buffer).expect("PNG data");
        assert_eq!((frame.width, frame.height), (png.width, png.height));
        assert_eq!(frame.color_type, png::ColorType::Rgb);
        buffer[..frame.buffer_size()]
            .chunks(3)
            .map(|p| [p[0], p[1], p[2]])
            .collect()
    }

    /// Pixels clearly darker than the background: ink.
    fn ink(png: &Png) -> usize {
        pixels(png)
            .iter()
            .filter(|p| p.iter().map(|&c| c as u32).sum::<u32>() < 3 * 128)
            .count()
    }

    fn text_svg(weight: &str, text: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"40\">\
             <text x=\"4\" y=\"30\" font-family=\"sans-serif\" font-size=\"24\" \
             font-weight=\"{weight}\">{text}</text></svg>"
        )
    }

    #[test]
    fn only_the_embedded_faces_are_loaded() {
        let db = fonts();
        assert_eq!(db.len(), 2, "no system font may slip in");
        let mut families: Vec<&str> = db.faces().map(|face| face.families[0].0.as_str()).collect();
        families.dedup();
        assert_eq!(families, [FONT_FAMILY]);
        let weights: Vec<u16> = db.faces().map(|face| face.weight.0).collect();
        assert_eq!(weights, [400, 700]);
    }

    #[test]
    fn the_font_has_every_character_the_pictures_draw() {
        // Every piece of both colours, a highlighted move, both trees (✂, ≥, ≤, bold marks),
        // every chart, and the stacked pair: none may need a character the font lacks.
        let all_pieces =
            Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                .expect("valid FEN");
        let mv = all_pieces.parse_uci("g1f3").expect("legal");
        let series = [
            Series::from_counts("minimax", &[(1, 21), (2, 421), (3, 9323)]),
            Series::from_counts("alphabeta (kiwipete) – ±×…", &[(1, 21), (2, 80), (3, 900)]),
        ];
        let minimax_tree = tree::minimax_tree_svg(tree::BOOK_POSITION).expect("a tree");
        let alphabeta_tree = tree::alphabeta_tree_svg(tree::BOOK_POSITION).expect("a tree");
        assert!(alphabeta_tree.contains('✂') && alphabeta_tree.contains('≥'));
        let pictures = [
            board_svg(&all_pieces),
            board_move_svg(&all_pieces, mv),
            minimax_tree.clone(),
            alphabeta_tree.clone(),
            stacked_svg(&[("minimax", &minimax_tree), ("alpha-beta", &alphabeta_tree)])
                .expect("two trees"),
            plot::nodes_per_depth_svg(&series).expect("a chart"),
            plot::branching_factor_svg(&series).expect("a chart"),
            plot::minimal_tree_ratio_svg(&series, 20.0).expect("a chart"),
            tree::tree_svg(&tree::alphabeta_tree(
                &TicTacToe::from_cells("X.O/.X./O..").expect("a valid board"),
            )),
        ];
        for svg in &pictures {
            if let Err(e) = svg_to_png(svg) {
                panic!("{e}\nin the picture {}", &svg[..svg.len().min(300)]);
            }
        }
    }

    #[test]
    fn a_character_the_font_lacks_is_refused_by_name() {
        let err = svg_to_png(&text_svg("normal", "a 漢 b")).expect_err("no CJK in the subset");
        let message = err.to_string();
        assert!(message.contains("'漢' (U+6F22)"), "{message}");
        assert!(message.contains("scripts/subset-fonts"), "{message}");
    }

    #[test]
    fn an_unreadable_svg_is_an_error_not_a_panic() {
        assert!(matches!(svg_to_png("<svg"), Err(Error::Picture(_))));
        assert!(matches!(
            svg_to_png("not a picture"),
            Err(Error::Picture(_))
        ));
    }

    #[test]
    fn bold_text_is_drawn_with_the_bold_face() {
        let regular = svg_to_png(&text_svg("normal", "XOXO")).expect("renders");
        let bold = svg_to_png(&text_svg("bold", "XOXO")).expect("renders");
        let (regular, bold) = (ink(&regular), ink(&bold));
        assert!(regular > 500, "the text is drawn: {regular} ink pixels");
        // DejaVu Sans Bold's strokes are much thicker than the regular face's.
        assert!(bold * 10 > regular * 13, "bold {bold} vs regular {regular}");
    }

    #[test]
    fn the_png_is_twice_the_svg_and_the_same_every_time() {
        let svg = board_svg(&Chess::start());
        let first = svg_to_png(&svg).expect("renders");
        assert_eq!((first.width, first.height), (2 * 428, 2 * 446));
        assert_eq!(first.display_width(), 428);
        assert_eq!(svg_to_png(&svg).expect("renders"), first);
    }
}
