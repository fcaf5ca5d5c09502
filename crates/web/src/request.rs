//! A page's request, read and answered: plain Rust, the same natively and in the page.

use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::positions::COMPARE;
use searchlab_engine::search::{uci_stages, EngineSpec};
use searchlab_engine::stats::Iteration;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

/// The deepest perft a page may ask for: perft 6 of the start position is 119 million leaves,
/// seconds of a page's time; deeper would freeze it for minutes.
pub const MAX_PERFT_DEPTH: u32 = 6;

/// What a page may ask, for the error that names a wrong command.
const COMMANDS: &str = "search, perft, position, evaluate, tree and ladder";

/// The answer to `request` (`key=value` lines: see the crate docs), as JSON: the result, or
/// `{"error": "…"}` naming what is wrong (a bad FEN names its field, an unknown stage lists the
/// stages). Never panics on any text.
pub fn answer(request: &str) -> String {
    answer_reporting(request, |_| {})
}

/// [`answer`], telling `progress` about a search as it goes: after each completed iteration,
/// its depth, score, nodes, time and principal variation as JSON (the fields of a search's
/// answer, without `stage` and `move`). A page shows them while the engine thinks, as a GUI
/// shows UCI's `info` lines. Other commands never call it.
pub fn answer_reporting(request: &str, progress: impl FnMut(&str) + Send + 'static) -> String {
    match answer_or_error(request, progress) {
        Ok(json) => json,
        Err(error) => format!("{{\"error\":{}}}", quoted(&error)),
    }
}

fn answer_or_error(
    request: &str,
    progress: impl FnMut(&str) + Send + 'static,
) -> Result<String, String> {
    let fields = read_fields(request)?;
    let field = |key: &str| fields.get(key).map(String::as_str);
    let number = |key: &str| -> Result<Option<u64>, String> {
        field(key)
            .map(|text| {
                text.parse::<u64>()
                    .map_err(|_| format!("{key}={text}: not a whole number"))
            })
            .transpose()
    };
    // Tic-tac-toe's trees first: they have no chess position.
    if field("command") == Some("tree") {
        let cells = field("cells").unwrap_or(searchlab_course::tree::BOOK_POSITION);
        return crate::tree::tree(cells, field("search").unwrap_or("alphabeta"));
    }
    let fen = field("fen").unwrap_or(searchlab_engine::games::chess::START_FEN);
    let mut game = Chess::from_fen(fen).map_err(|error| error.to_string())?;
    // The moves played since: the game keeps them, so a repetition is seen as in a GUI's game.
    for mv in field("moves").unwrap_or("").split_whitespace() {
        game.play_uci(mv)
            .map_err(|error| format!("moves: {error}"))?;
    }
    match field("command") {
        Some("search") => {
            let spec: EngineSpec<Chess> = field("engine")
                .unwrap_or(searchlab_engine::search::strongest_stage())
                .parse()
                .map_err(|error: searchlab_engine::error::Error| error.to_string())?;
            let limits = SearchLimits {
                depth: number("depth")?.map(|d| d.min(u64::from(u32::MAX)) as u32),
                movetime: number("movetime")?.map(Duration::from_millis),
                nodes: number("nodes")?,
                ..SearchLimits::default()
            };
            if limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
                return Err("a search needs a limit: depth=N, movetime=MS or nodes=N".into());
            }
            limits.validate().map_err(|error| error.to_string())?;
            Ok(search(game, &spec, &limits, progress))
        }
        Some("perft") => {
            let depth = number("depth")?.ok_or("perft needs depth=N")?;
            if depth > u64::from(MAX_PERFT_DEPTH) {
                return Err(format!(
                    "depth={depth}: at most {MAX_PERFT_DEPTH} in a page"
                ));
            }
            Ok(format!("{{\"leaves\":{}}}", game.perft(depth as u32)))
        }
        Some("ladder") => Ok(ladder()),
        Some("position") => Ok(position(&game)),
        Some("evaluate") => Ok(evaluate(&game)),
        Some(other) => Err(format!("command={other}: the commands are {COMMANDS}")),
        None => Err(format!("no command=: the commands are {COMMANDS}")),
    }
}

/// The position a game has reached, for a page's board: its FEN, the side to move, its legal
/// moves (UCI) and, if the game is over, how it ended.
fn position(game: &Chess) -> String {
    use searchlab_engine::game::{Game, Outcome};
    let legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|mv| quoted(&mv.to_string()))
        .collect();
    let outcome = match game.game_outcome() {
        None => "null".to_string(),
        Some(Outcome::Loss) => quoted("checkmate"),
        Some(Outcome::Draw) => quoted("draw"),
    };
    format!(
        "{{\"fen\":{},\"to_move\":{},\"legal\":[{}],\"outcome\":{}}}",
        quoted(&game.fen()),
        quoted(side_to_move(game)),
        legal.join(","),
        outcome
    )
}

/// The position's static evaluations, each in centipawns for the side to move, as the stages
/// see it before they search: stages 1 to 7's simple one (material and piece-square tables),
/// stage 8 and 9's full one, and stage 10's network (the one compiled in). A page shows a
/// position the reader sets up through the three.
fn evaluate(game: &Chess) -> String {
    use searchlab_engine::eval::{neural::NeuralEvaluation, Evaluation};
    use searchlab_engine::game::{Evaluator, Game};
    let evaluations = [
        ("simple", "1 to 7", game.evaluate()),
        (
            "full",
            "8 and 9",
            Evaluator::evaluate(&mut Evaluation::default(), game),
        ),
        (
            "network",
            "10",
            Evaluator::evaluate(&mut NeuralEvaluation::default(), game),
        ),
    ];
    let rows: Vec<String> = evaluations
        .iter()
        .map(|(name, stages, score)| {
            format!(
                "{{\"name\":{},\"stages\":{},\"cp\":{}}}",
                quoted(name),
                quoted(stages),
                score.0
            )
        })
        .collect();
    format!(
        "{{\"fen\":{},\"to_move\":{},\"evaluations\":[{}]}}",
        quoted(&game.fen()),
        quoted(side_to_move(game)),
        rows.join(",")
    )
}

/// Who is to move in `game`, as a page names the side: `white` or `black`.
fn side_to_move(game: &Chess) -> &'static str {
    if game.side_to_move() == chess::Color::White {
        "white"
    } else {
        "black"
    }
}

/// What a page offers to search: the positions of `searchlab compare` (name, FEN, why each is
/// there) and the stages of the ladder with stage 10 (name, what it adds), from the engine's
/// own lists, so that a page never types one.
fn ladder() -> String {
    let positions: Vec<String> = COMPARE
        .iter()
        .map(|p| {
            format!(
                "{{\"name\":{},\"fen\":{},\"why\":{}}}",
                quoted(p.name),
                quoted(p.fen),
                quoted(p.why)
            )
        })
        .collect();
    let stages: Vec<String> = uci_stages()
        .iter()
        .map(|s| {
            format!(
                "{{\"name\":{},\"summary\":{}}}",
                quoted(s.name),
                quoted(s.summary)
            )
        })
        .collect();
    format!(
        "{{\"positions\":[{}],\"stages\":[{}]}}",
        positions.join(","),
        stages.join(",")
    )
}

/// The request's fields by key; an error names a line that is not `key=value`.
fn read_fields(request: &str) -> Result<BTreeMap<String, String>, String> {
    let mut fields = BTreeMap::new();
    for line in request.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("'{line}' is not key=value"))?;
        fields.insert(key.trim().to_string(), value.trim().to_string());
    }
    Ok(fields)
}

/// Searches `game` with the engine `spec` describes, as `searchlab search --json` reports it:
/// the move, the score, the line, the depth, the nodes and the time.
/// Each completed iteration is told to `progress` (see [`answer_reporting`]).
fn search(
    mut game: Chess,
    spec: &EngineSpec<Chess>,
    limits: &SearchLimits,
    mut progress: impl FnMut(&str) + Send + 'static,
) -> String {
    let mut engine = spec.build();
    engine.set_iteration_observer(Some(Box::new(move |iteration: &Iteration| {
        let pv: Vec<String> = iteration.pv.iter().map(|mv| quoted(mv)).collect();
        progress(&format!(
            "{{\"score\":{},\"depth\":{},\"nodes\":{},\"time_ms\":{:.3},\"pv\":[{}]}}",
            quoted(&iteration.score.to_string()),
            iteration.depth,
            iteration.nodes,
            iteration.time.as_secs_f64() * 1000.0,
            pv.join(",")
        ));
    })));
    let result = engine.search(&mut game, limits);
    let pv: Vec<String> = result.pv.iter().map(|mv| quoted(&mv.to_string())).collect();
    let mut json = String::from("{");
    let best = result.best_move.map(|mv| quoted(&mv.to_string()));
    let _ = write!(
        json,
        "\"stage\":{},\"move\":{},\"score\":{},\"depth\":{},\"nodes\":{},\"time_ms\":{:.3},\"pv\":[{}]}}",
        quoted(spec.stage().name),
        best.unwrap_or_else(|| "null".into()),
        quoted(&result.score.to_string()),
        result.depth,
        result.stats.nodes,
        result.time.as_secs_f64() * 1000.0,
        pv.join(",")
    );
    json
}

/// `text` as a JSON string.
pub(crate) fn quoted(text: &str) -> String {
    let mut json = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(json, "\\u{:04x}", c as u32);
            }
            c => json.push(c),
        }
    }
    json.push('"');
    json
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";

    #[test]
    fn a_search_answers_with_the_move_score_and_nodes() {
        let json = answer(&format!(
            "command=search\nfen={MATE_IN_ONE}\nengine=pvs\ndepth=3"
        ));
        assert!(
            json.starts_with("{\"stage\":\"pvs\",\"move\":\"a1a8\",\"score\":\"mate 1\""),
            "{json}"
        );
        // The node count is the native search's, to the node.
        let mut game = Chess::from_fen(MATE_IN_ONE).unwrap();
        let native = searchlab_engine::search::engine_for::<Chess>("pvs")
            .unwrap()
            .search(&mut game, &SearchLimits::depth(3));
        assert!(
            json.contains(&format!("\"nodes\":{},", native.stats.nodes)),
            "{json}"
        );
    }

    #[test]
    fn a_search_reports_each_iteration_as_it_goes() {
        let reports = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let kept = reports.clone();
        let json = answer_reporting("command=search\nengine=pvs\ndepth=4", move |line| {
            kept.lock().unwrap().push(line.to_string())
        });
        let reports = reports.lock().unwrap();
        let depths: Vec<bool> = (1..=4)
            .map(|d| reports[d - 1].contains(&format!("\"depth\":{d},")))
            .collect();
        assert_eq!(reports.len(), 4, "{reports:?}");
        assert_eq!(depths, [true; 4], "{reports:?}");
        // The last report is the answer's iteration: the same nodes and line.
        let nodes = |text: &str| {
            text.split("\"nodes\":")
                .nth(1)
                .unwrap()
                .split(',')
                .next()
                .unwrap()
                .to_string()
        };
        assert_eq!(nodes(&reports[3]), nodes(&json), "{json}");
        assert!(
            reports[3].ends_with(json.split("\"pv\":").nth(1).unwrap()),
            "{json}"
        );
        // Other commands report nothing.
        answer_reporting("command=perft\ndepth=2", |_| {
            panic!("perft reported progress")
        });
    }

    #[test]
    fn the_ladder_lists_compare_s_positions_and_the_stages() {
        let json = answer("command=ladder");
        assert!(
            json.starts_with("{\"positions\":[{\"name\":\"start\",\"fen\":"),
            "{json}"
        );
        assert_eq!(json.matches("\"fen\":").count(), COMPARE.len());
        assert_eq!(
            json.matches("\"summary\":").count(),
            11,
            "nine rungs, stage 10 and stage 11"
        );
    }

    #[test]
    fn a_position_lists_its_legal_moves_and_how_the_game_ended() {
        let json = answer("command=position\nmoves=e2e4 e7e5");
        assert!(json.contains("\"to_move\":\"white\""), "{json}");
        assert_eq!(json.matches(',').count() - 3, 28, "29 legal moves: {json}");
        let mate = answer("command=position\nmoves=f2f3 e7e5 g2g4 d8h4");
        assert!(
            mate.ends_with("\"legal\":[],\"outcome\":\"checkmate\"}"),
            "{mate}"
        );
        let illegal = answer("command=position\nmoves=e2e4 e2e4");
        assert!(
            illegal.contains("moves: ") && illegal.contains("e2e4"),
            "{illegal}"
        );
    }

    #[test]
    fn evaluate_gives_the_three_evaluations_of_the_ladder() {
        use searchlab_engine::eval::{neural::NeuralEvaluation, Evaluation};
        use searchlab_engine::game::{Evaluator, Game};
        let game = Chess::from_fen(MATE_IN_ONE).unwrap();
        let json = answer(&format!("command=evaluate\nfen={MATE_IN_ONE}"));
        let want = format!(
            "\"to_move\":\"white\",\"evaluations\":[{{\"name\":\"simple\",\"stages\":\"1 to 7\",\"cp\":{}}},\
             {{\"name\":\"full\",\"stages\":\"8 and 9\",\"cp\":{}}},\
             {{\"name\":\"network\",\"stages\":\"10\",\"cp\":{}}}]}}",
            game.evaluate().0,
            Evaluator::evaluate(&mut Evaluation::default(), &game).0,
            Evaluator::evaluate(&mut NeuralEvaluation::default(), &game).0
        );
        assert!(json.ends_with(&want), "{json}");
        // A rook up: every evaluation sees White far ahead.
        let cps: Vec<i32> = json
            .split("\"cp\":")
            .skip(1)
            .map(|rest| rest.split('}').next().unwrap().parse().unwrap())
            .collect();
        assert!(cps.iter().all(|&cp| cp > 300), "{cps:?}");
    }

    #[test]
    fn perft_counts_the_start_position() {
        assert_eq!(answer("command=perft\ndepth=4"), "{\"leaves\":197281}");
    }

    #[test]
    fn bad_requests_are_answered_with_what_is_wrong() {
        let error = |request: &str| answer(request);
        assert!(error("command=search\nfen=8/8/8/8/8/8/8/8 w - - 0 1\ndepth=2").contains("error"));
        assert!(error("command=search\nengine=quick\ndepth=2").contains("minimax"));
        assert!(error("command=search").contains("needs a limit"));
        assert!(error("command=search\ndepth=two").contains("depth=two: not a whole number"));
        assert!(error("command=perft\ndepth=9").contains("at most 6"));
        assert!(error("command=fly")
            .contains("the commands are search, perft, position, evaluate, tree"));
        assert!(error("just words").contains("'just words' is not key=value"));
        assert!(error("command=search\nengine=parallel threads=2\ndepth=2").starts_with("{"));
        assert_eq!(quoted("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }
}
