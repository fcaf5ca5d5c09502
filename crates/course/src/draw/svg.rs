//! SVG documents as the floor writes and combines them: their size ([`svg_size`]), their
//! namespace ([`with_svg_namespace`]), and several as one ([`stacked_svg`]), since a notebook
//! cell shows one picture.
//!
//! May import nothing of the course but the [tables'](super::table) HTML escaping.

use super::table::escape_html;
use searchlab_engine::error::{Error, Result};
use std::fmt::Write;

/// Height of a caption's band above each picture in [`stacked_svg`].
const CAPTION_BAND: f64 = 26.0;
/// Space between one stacked picture and the next caption.
const STACK_GAP: f64 = 18.0;

/// Several SVG pictures as one, one above the other, each under its caption (bold, left
/// aligned): how a cell shows two pictures, since a cell shows one.
///
/// One above the other rather than side by side, because the pictures that come in pairs (the
/// two game trees of notebook 02) are each wider than half a notebook page. Each picture's
/// root `<svg>` must give its size as plain numbers (`width="720" height="440"`), as every
/// picture of this crate does.
pub fn stacked_svg(figures: &[(&str, &str)]) -> Result<String> {
    let mut body = String::new();
    let (mut width, mut y) = (0.0f64, 0.0f64);
    for (i, (caption, svg)) in figures.iter().enumerate() {
        if i > 0 {
            y += STACK_GAP;
        }
        let (w, h) = svg_size(svg)?;
        let _ = writeln!(
            body,
            "<text x=\"4\" y=\"{:.0}\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            y + CAPTION_BAND - 8.0,
            escape_html(caption)
        );
        // A nested <svg> keeps the picture's own coordinates; the group moves it into place.
        let start = svg.find("<svg").unwrap_or(0);
        let _ = writeln!(
            body,
            "<g transform=\"translate(0 {:.0})\">\n{}\n</g>",
            y + CAPTION_BAND,
            with_svg_namespace(&svg[start..]).trim_end()
        );
        width = width.max(w);
        y += CAPTION_BAND + h;
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{y:.0}\" \
         viewBox=\"0 0 {width:.0} {y:.0}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width:.0}\" height=\"{y:.0}\" fill=\"white\"/>\n{body}</svg>"
    ))
}

/// The `width` and `height` of an SVG document's root element, as plain numbers.
pub fn svg_size(svg: &str) -> Result<(f64, f64)> {
    let root = svg
        .find("<svg")
        .and_then(|start| svg[start..].find('>').map(|end| &svg[start..start + end]))
        .ok_or_else(|| Error::Picture("no <svg> element".to_string()))?;
    let attribute = |name: &str| -> Result<f64> {
        // Preceded by whitespace, so that `stroke-width` is not taken for `width`.
        root.split_whitespace()
            .find_map(|part| part.strip_prefix(name)?.strip_prefix("=\""))
            .and_then(|value| value.split('"').next())
            .and_then(|number| number.parse::<f64>().ok())
            .ok_or_else(|| {
                Error::Picture(format!(
                    "the root <svg> has no {name}=\"<number>\" attribute: {root}>"
                ))
            })
    };
    Ok((attribute("width")?, attribute("height")?))
}

/// `svg` with `xmlns="http://www.w3.org/2000/svg"` on its root element if it had none.
pub fn with_svg_namespace(svg: &str) -> String {
    const NAMESPACE: &str = "xmlns=\"http://www.w3.org/2000/svg\"";
    match svg.find("<svg") {
        Some(start) if !svg.contains(NAMESPACE) => {
            let at = start + "<svg".len();
            format!("{} {NAMESPACE}{}", &svg[..at], &svg[at..])
        }
        _ => svg.to_string(),
    }
}
