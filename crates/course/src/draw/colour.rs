//! Every colour the course's pictures use, written once: the engines' palette (an engine keeps
//! its colour from chart to chart), the curves', the heat maps' scale, the board's squares and
//! the grey of labels.
//!
//! One place because colours carry meaning across pictures: a reader who learned that pvs is
//! the purple line finds it purple on the next chart, and two heat maps of one chapter mean the
//! same by the same colour. The pictures that draw with plotters take [`RGBColor`]s; those
//! written by hand (boards, the lone king's heat map) take CSS text, from here too.
//!
//! May import: plotters' colour type, and the engine's list of stages (which fixes each
//! engine's place in the palette). Nothing of the course.

use plotters::style::RGBColor;

// ---------------------------------------------------------------------------------------------
// Lines and bars: one colour per engine
// ---------------------------------------------------------------------------------------------

/// Colours for the stages, in ladder order, then the side engines in the registry's order
/// (MTD(f), the oracle in dark grey, the root split, stage 10 `neural`, stage 11 `modern`): one
/// colour per engine, so that no two engines share one; a series not named after an engine
/// takes the colour of its place instead.
pub const PALETTE: [RGBColor; 14] = [
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x17, 0xbe, 0xcf),
    RGBColor(0x63, 0x79, 0x39),
    RGBColor(0x33, 0x33, 0x33),
    RGBColor(0x84, 0x3c, 0x39),
    RGBColor(0x39, 0x3b, 0x79),
    RGBColor(0xd6, 0x61, 0x6b),
];

/// The place of the series `name`, the `index`-th on its chart, in the order its look (colour,
/// marker, dashes) is taken by: an engine's place in the ladder and then among the side
/// engines, so that it looks the same from chart to chart whichever other series are drawn
/// with it; for any other series, its place on the chart.
pub fn look_place(name: &str, index: usize) -> usize {
    searchlab_engine::search::STAGES
        .iter()
        .chain(searchlab_engine::search::SIDE_ENGINES)
        .position(|s| s.name == name)
        .unwrap_or(index)
}

/// The colour of the series `name`, the `index`-th on its chart (see [`look_place`]).
pub fn series_colour(name: &str, index: usize) -> RGBColor {
    PALETTE[look_place(name, index) % PALETTE.len()]
}

/// Colours of curves against a real x (an epoch, `K`), in the order of the curves: the
/// palette's blue, red, green and orange, which no engine's name picks on such a chart.
pub const CURVE_COLOURS: [RGBColor; 4] = [PALETTE[1], PALETTE[0], PALETTE[2], PALETTE[4]];

/// The text at the end of a chart's lines.
pub const TEXT: RGBColor = RGBColor(0x22, 0x22, 0x22);

/// A value marked on a chart (a vertical line): grey, behind the curves in importance.
pub const MARK: RGBColor = RGBColor(0x88, 0x88, 0x88);

/// Labels beside a picture (files and ranks, a heat map's scale): [`LABEL_CSS`] for plotters.
pub const LABEL: RGBColor = RGBColor(0x55, 0x55, 0x55);

/// [`LABEL`] as pictures written by hand name it.
pub const LABEL_CSS: &str = "#555";

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// The board's light squares.
pub const LIGHT_SQUARE: &str = "#f0d9b5";
/// The board's dark squares (a1 is one).
pub const DARK_SQUARE: &str = "#b58863";
/// The squares of a move shown on the board.
pub const HIGHLIGHT: &str = "#f6f669";
/// A heat map's square that has no value (a piece stands there, or the piece moved cannot).
pub const NO_VALUE: &str = "#d9d9d9";

// ---------------------------------------------------------------------------------------------
// Heat maps: one scale
// ---------------------------------------------------------------------------------------------

/// A straight run of colours: `from` at 0, `to` at 1, each channel mixed in proportion and
/// rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ramp {
    /// The colour at 0.
    pub from: RGBColor,
    /// The colour at 1.
    pub to: RGBColor,
}

impl Ramp {
    /// The colour at `t` (held to 0 ..= 1).
    pub fn at(&self, t: f64) -> RGBColor {
        let t = t.clamp(0.0, 1.0);
        let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        RGBColor(
            mix(self.from.0, self.to.0),
            mix(self.from.1, self.to.1),
            mix(self.from.2, self.to.2),
        )
    }
}

/// The colour of 0 on the scale around zero: near white, so that a square worth nothing
/// shows as nothing.
pub const NEUTRAL: RGBColor = RGBColor(247, 247, 247);

/// From the lowest value to the highest: pale yellow to deep red.
pub const LOW_TO_HIGH: Ramp = Ramp {
    from: RGBColor(255, 247, 188),
    to: RGBColor(189, 0, 38),
};

/// Above zero: from [`NEUTRAL`] to red.
pub const ABOVE_ZERO: Ramp = Ramp {
    from: NEUTRAL,
    to: RGBColor(178, 24, 43),
};

/// Below zero: from [`NEUTRAL`] to blue.
pub const BELOW_ZERO: Ramp = Ramp {
    from: NEUTRAL,
    to: RGBColor(33, 102, 172),
};

/// The heat maps' colour scale, the one every heat map of the course is drawn with, set for
/// the values of one picture. It has two forms, for two kinds of values:
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeatScale {
    /// From the picture's `low` to its `high` ([`LOW_TO_HIGH`]): for values of one sign whose
    /// zero means nothing (an evaluation for the side that is ahead), where the spread is the
    /// story.
    Spread {
        /// The lowest value drawn.
        low: i32,
        /// The highest.
        high: i32,
    },
    /// Around zero, full colour at `±limit` ([`ABOVE_ZERO`], [`BELOW_ZERO`]): for signed
    /// values, where the sign is the story (a weight for or against), so that it shows at a
    /// glance and the same value has the same colour on every board of a picture.
    AroundZero {
        /// The size of value that takes the full colour.
        limit: i32,
    },
}

impl HeatScale {
    /// Where `value` falls: 0 (lowest) to 1 (highest) on a [`HeatScale::Spread`] (a half when
    /// every value is the same), −1 to 1 on a [`HeatScale::AroundZero`].
    pub fn place(&self, value: i32) -> f64 {
        match *self {
            HeatScale::Spread { low, high } if high > low => {
                f64::from(value - low) / f64::from(high - low)
            }
            HeatScale::Spread { .. } => 0.5,
            HeatScale::AroundZero { limit } => {
                let size = (f64::from(value.abs()) / f64::from(limit.max(1))).min(1.0);
                if value < 0 {
                    -size
                } else {
                    size
                }
            }
        }
    }

    /// The colour at the place `t` (see [`HeatScale::place`]).
    pub fn colour_at(&self, t: f64) -> RGBColor {
        match self {
            HeatScale::Spread { .. } => LOW_TO_HIGH.at(t),
            HeatScale::AroundZero { .. } if t < 0.0 => BELOW_ZERO.at(-t),
            HeatScale::AroundZero { .. } => ABOVE_ZERO.at(t),
        }
    }

    /// The colour of `value`.
    pub fn colour(&self, value: i32) -> RGBColor {
        self.colour_at(self.place(value))
    }

    /// Whether a number written on `value`'s colour must be white to be read: past six tenths
    /// of the way to the full colour, the square is too dark for black.
    pub fn needs_light_ink(&self, value: i32) -> bool {
        self.place(value).abs() > 0.6
    }
}

/// `colour` as CSS writes it: `#bd0026`.
pub fn css(colour: RGBColor) -> String {
    let RGBColor(r, g, b) = colour;
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_around_zero_is_white_at_zero_and_full_at_the_limit() {
        let scale = HeatScale::AroundZero { limit: 50 };
        assert_eq!(scale.colour(0), NEUTRAL);
        assert_eq!(scale.colour(50), RGBColor(178, 24, 43));
        assert_eq!(scale.colour(-80), RGBColor(33, 102, 172));
        let RGBColor(r, _, b) = scale.colour(20);
        assert!(r > b);
        assert!(!scale.needs_light_ink(30) && scale.needs_light_ink(31));
        assert!(scale.needs_light_ink(-31));
    }

    #[test]
    fn the_spread_runs_from_the_lowest_value_to_the_highest() {
        let scale = HeatScale::Spread {
            low: -100,
            high: 300,
        };
        assert_eq!(css(scale.colour(-100)), "#fff7bc");
        assert_eq!(css(scale.colour(300)), "#bd0026");
        assert_eq!(scale.place(100), 0.5);
        assert!(!scale.needs_light_ink(140) && scale.needs_light_ink(141));
        // One value everywhere: the middle of the scale.
        assert_eq!(HeatScale::Spread { low: 7, high: 7 }.place(7), 0.5);
    }

    #[test]
    fn the_label_grey_is_one_colour_in_both_spellings() {
        let RGBColor(r, g, b) = LABEL;
        let short: Vec<u8> = LABEL_CSS[1..]
            .chars()
            .map(|c| 17 * c.to_digit(16).unwrap() as u8)
            .collect();
        assert_eq!(short, [r, g, b]);
    }

    #[test]
    fn an_engine_keeps_its_colour_whatever_its_place() {
        assert_eq!(series_colour("pvs", 0), series_colour("pvs", 7));
        assert_ne!(series_colour("pvs", 0), series_colour("ordered", 0));
        // A series that names no engine takes its place's colour.
        assert_eq!(series_colour("my line", 2), PALETTE[2]);
        // Every engine its own colour: stage 10 and stage 11 are told apart on one chart.
        let engines = searchlab_engine::search::STAGES
            .iter()
            .chain(searchlab_engine::search::SIDE_ENGINES);
        let mut colours: Vec<_> = engines.map(|s| css(series_colour(s.name, 0))).collect();
        let count = colours.len();
        colours.sort();
        colours.dedup();
        assert_eq!(colours.len(), count);
    }
}
