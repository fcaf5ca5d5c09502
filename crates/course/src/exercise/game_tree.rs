//! The whole game tree of a learner's game, walked beside the crate's own: every reachable
//! position's legal moves and outcome compared, so a rule that is wrong in one corner of the
//! game (a draw declared on a full board before the last stone's win is seen) cannot hide
//! behind a handful of fixed lines.
//!
//! Connect Three's tree from the empty board has 277,167 nodes, a fraction of a second to walk.

use super::words::list;
use searchlab_engine::game::{Game, Outcome};

/// The first position, in the order of a depth-first walk, where `yours` and `theirs` differ in
/// legal moves or outcome, as a message naming the line that reaches it; or the number of
/// positions walked when they never differ. Both start from their empty boards and must name
/// their moves alike (`a` to `d`).
pub fn first_difference<A: Game, B: Game>(yours: &mut A, theirs: &mut B) -> Result<u64, String> {
    let mut line = Vec::new();
    let mut walked = 0;
    walk(yours, theirs, &mut line, &mut walked)?;
    Ok(walked)
}

fn walk<A: Game, B: Game>(
    yours: &mut A,
    theirs: &mut B,
    line: &mut Vec<String>,
    walked: &mut u64,
) -> Result<(), String> {
    *walked += 1;
    let after = if line.is_empty() {
        "on the empty board".to_string()
    } else {
        format!("after {}", line.join(" "))
    };
    let (your_outcome, their_outcome) = (yours.outcome(), theirs.outcome());
    if your_outcome != their_outcome {
        return Err(outcome_message(&after, your_outcome, their_outcome));
    }
    let (your_moves, their_moves) = (yours.legal_moves(), theirs.legal_moves());
    let (got, want) = (list(&your_moves), list(&their_moves));
    if got != want {
        let why = if their_outcome.is_some() {
            " (the game is over there: a finished game has no moves)"
        } else {
            ""
        };
        return Err(format!(
            "legal moves {after}: yours [{got}], the game's [{want}]{why}"
        ));
    }
    if their_outcome.is_some() {
        return Ok(());
    }
    let key = yours.hash();
    for (mine, theirs_mv) in your_moves.into_iter().zip(their_moves) {
        let name = mine.to_string();
        caught(|| yours.play(mine), &format!("playing {name} {after}"))?;
        line.push(name.clone());
        theirs.play(theirs_mv);
        let result = walk(yours, theirs, line, walked);
        line.pop();
        result?;
        caught(|| yours.undo(), &format!("undoing {name} {after}"))?;
        theirs.undo();
        if yours.hash() != key || list(&yours.legal_moves()) != want {
            return Err(format!(
                "{mine} played and undone ({after}) does not leave the position as it was: \
                 its moves are now [{}], and its key {}",
                list(&yours.legal_moves()),
                if yours.hash() == key {
                    "the same"
                } else {
                    "another"
                }
            ));
        }
    }
    Ok(())
}

/// `step` run, a panic in it turned into a message that says where in the game it came.
fn caught(step: impl FnOnce(), doing: &str) -> Result<(), String> {
    super::caught::run_caught(step).map_err(|panic| {
        format!(
            "your game panicked {doing}: {} ({})",
            panic.message, panic.location
        )
    })
}

/// What a wrong outcome says, with the likeliest slip behind it.
fn outcome_message(after: &str, yours: Option<Outcome>, theirs: Option<Outcome>) -> String {
    let name = |o: Option<Outcome>| match o {
        None => "the game goes on".to_string(),
        Some(Outcome::Loss) => "the side to move has lost".to_string(),
        Some(Outcome::Draw) => "a draw".to_string(),
    };
    let hint = match (yours, theirs) {
        (Some(Outcome::Draw), Some(Outcome::Loss)) => {
            " The last stone made three in a row on a full board: does your outcome look for a \
             win before it calls a full board a draw?"
        }
        (None, Some(Outcome::Loss)) => {
            " The last stone made three in a row: does your outcome check every direction \
             (across, up, both diagonals) through it?"
        }
        (Some(Outcome::Loss), None) => {
            " Nobody has three in a row there: does your check stop at the board's edge and \
             count only the last player's stones?"
        }
        (Some(Outcome::Draw), None) => " The board is not full there.",
        (None, Some(Outcome::Draw)) => " The board is full there, and nobody has three in a row.",
        _ => "",
    };
    format!(
        "the outcome {after}: yours says {}, the game's rules say {}.{hint}",
        name(yours),
        name(theirs)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::games::ConnectThree;

    #[test]
    fn the_whole_tree_of_connect_three_has_277167_positions() {
        let walked = first_difference(&mut ConnectThree::new(), &mut ConnectThree::new());
        assert_eq!(walked, Ok(277_167));
    }
}
