//! # Switches: parts of an engine turned off by name
//!
//! Every idea of the selective stage, and every term of the full evaluation, was kept because
//! a match of the engine with it beat the engine without it. To play such a match, or to watch
//! a search without one idea, each part can be switched off by name: `selective -null_move`
//! is stage 8 without null-move pruning, `selective -mobility` without the mobility term.
//!
//! One mechanism serves them all:
//!
//! - a set of parts is a struct of `bool` flags, one per part, declared by the crate's
//!   `switches!` macro from a single list of names (with a doc comment each): the struct, its
//!   names, every part on by default, and setting and reading a part by name all come from
//!   that one list, so they cannot disagree. The selective stage's
//!   [`Pieces`](crate::search::selective::Pieces) and the evaluation's
//!   [`Terms`](crate::eval::Terms) are declared so; the search reads a flag as a plain field
//!   (`self.pieces.null_move`), as fast as any `bool`;
//! - an engine switches a part by name ([`Engine::switch`](crate::search::Engine::switch)):
//!   stage 8 asks its pieces first, then its evaluator
//!   ([`Evaluator::switch`](crate::game::Evaluator::switch)), so the generic search knows
//!   nothing of chess's evaluation terms, and a game whose evaluator has none simply has
//!   fewer switches;
//! - a person writes a switch after a stage's name, `-name` (off) or `+name` (on): a
//!   [`Switch`], read once where the engine's description is read
//!   ([`EngineSpec`](crate::search::EngineSpec)), and checked against the names the engine
//!   has.

use std::fmt;

/// Declares a struct of switchable parts from one list of names: a `pub bool` field for each
/// (every one on by default), and `NAMES`, `set` and `is_on`. (Exported, under
/// `searchlab::switches::switches`, for the exercises: a learner's copy of the selective rung
/// is compiled as a crate of its own, and declares its pieces with it.)
#[doc(hidden)]
#[macro_export]
macro_rules! __searchlab_switches {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $( $(#[$field_meta:meta])* $field:ident ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Eq)]
        $vis struct $name {
            $( $(#[$field_meta])* pub $field: bool, )*
        }

        impl PartialEq for $name {
            /// Every part the same. Every flag compared, with no early exit (`&`, not `&&`): the
            /// evaluation asks at every position whether its terms changed, and without a branch
            /// per flag the compiler compares them all at once.
            fn eq(&self, other: &Self) -> bool {
                true $( & (self.$field == other.$field) )*
            }
        }

        impl Default for $name {
            /// Every part on.
            fn default() -> Self {
                $name { $( $field: true, )* }
            }
        }

        impl $name {
            /// The names of the parts, in the order they are declared.
            pub const NAMES: &'static [&'static str] = &[ $( stringify!($field), )* ];

            /// Every part off: how a stage below the one that adds them has them.
            #[allow(dead_code)] // not every set of parts is ever all off
            pub const NONE: $name = $name { $( $field: false, )* };

            /// Switches the part called `name` on or off; `false` if there is no such part.
            pub fn set(&mut self, name: &str, on: bool) -> bool {
                match name {
                    $( stringify!($field) => self.$field = on, )*
                    _ => return false,
                }
                true
            }

            /// Whether the part called `name` is on; `None` if there is no such part.
            pub fn is_on(&self, name: &str) -> Option<bool> {
                match name {
                    $( stringify!($field) => Some(self.$field), )*
                    _ => None,
                }
            }
        }
    };
}
pub use crate::__searchlab_switches as switches;

/// A switch as written after a stage's name: `-name` switches the part off, `+name` (or the
/// bare `name`) on. Made by [`Switch::parse`], which checks the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Switch {
    /// The part's name, one of the engine's.
    pub name: &'static str,
    /// On or off.
    pub on: bool,
}

impl Switch {
    /// Reads `word` (`-name`, `+name` or `name`) as a switch of one of the parts called `known`.
    /// `None` if the name is not among them.
    pub fn parse(word: &str, known: &[&'static str]) -> Option<Switch> {
        let (on, name) = match word.as_bytes().first() {
            Some(b'-') => (false, &word[1..]),
            Some(b'+') => (true, &word[1..]),
            _ => (true, word),
        };
        let name = known.iter().copied().find(|&k| k == name)?;
        Some(Switch { name, on })
    }
}

impl fmt::Display for Switch {
    /// `-name` or `+name`: what [`Switch::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", if self.on { '+' } else { '-' }, self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    switches! {
        /// Two parts, to test the macro.
        struct Parts {
            /// The first.
            first,
            /// The second.
            second_part,
        }
    }

    #[test]
    fn a_declared_set_has_its_names_and_every_part_on() {
        let mut parts = Parts::default();
        assert_eq!(Parts::NAMES, ["first", "second_part"]);
        assert!(parts.first && parts.second_part);
        assert!(parts.set("second_part", false));
        assert!(!parts.second_part);
        assert_eq!(parts.is_on("second_part"), Some(false));
        assert_eq!(parts.is_on("first"), Some(true));
        assert!(!parts.set("third", false));
        assert_eq!(parts.is_on("third"), None);
    }

    #[test]
    fn a_switch_is_read_and_written_back() {
        let known = Parts::NAMES;
        let off = Switch::parse("-first", known).unwrap();
        assert_eq!((off.name, off.on), ("first", false));
        assert_eq!(off.to_string(), "-first");
        assert_eq!(
            Switch::parse("+second_part", known).unwrap().to_string(),
            "+second_part"
        );
        assert_eq!(
            Switch::parse("first", known),
            Switch::parse("+first", known)
        );
        assert_eq!(Switch::parse("-firs", known), None);
        assert_eq!(Switch::parse("-", known), None);
        assert_eq!(Switch::parse("", known), None);
    }
}
