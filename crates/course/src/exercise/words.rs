//! The small pieces of text the grader's messages are made of.

/// A move as text, or "none".
pub fn or_none<M: std::fmt::Display>(mv: Option<M>) -> String {
    mv.map_or("none".to_string(), |m| m.to_string())
}

/// Moves as text, in the order given, separated by spaces.
pub fn list<M: std::fmt::Display>(moves: &[M]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
