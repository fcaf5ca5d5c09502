//! The numbers of the chapter "What strong engines add" (stage 11, `modern`), counted by
//! searching now: what each of its pieces changes in one search, the singular extension's
//! position, the margins the pieces bet with, and the clock's table. Exact (one thread, fresh engines, fixed depths), so never
//! typed.

use super::{table, Numbers};
use searchlab_course::draw::table::thousands;
use searchlab_engine::error::Result;
use searchlab_engine::games::Chess;
use searchlab_engine::search::selective::modern::{
    clock_percent, HISTORY_PER_PLY, HISTORY_PRUNING_MARGIN, SINGULAR_DEPTH, SINGULAR_MARGIN,
    SINGULAR_TABLE_SLACK, WORSENING_MOVE_SHARE,
};
use searchlab_engine::search::selective::Modern;
use searchlab_engine::search::EngineSpec;
use searchlab_engine::{Depth, Game, SearchLimits, SearchResult};

/// A search's result, in chess.
type Found = SearchResult<<Chess as Game>::Move>;

/// The position of the pieces' table: the Italian game after 4.Bc4 Nf6 (`modern.FEN` below).
pub const PIECES_FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
/// The depth of the pieces' table: deep enough for every piece to act.
pub const PIECES_DEPTH: Depth = 11;
/// Bratko-Kopec 9, where stage 10 plays 1.f5 at [`SINGULAR_FEN_DEPTH`] only with the singular
/// extension.
pub const SINGULAR_FEN: &str = "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1";
/// The depth the singular extension's position is searched to.
pub const SINGULAR_FEN_DEPTH: Depth = 9;

/// One search of `fen` to `depth` by the engine `spec`, on one thread, fresh.
fn search(spec: &str, fen: &str, depth: Depth) -> Result<Found> {
    let spec: EngineSpec<Chess> = spec.parse()?;
    let mut game = Chess::from_fen(fen)?;
    Ok(spec.build().search(&mut game, &SearchLimits::depth(depth)))
}

/// Adds the `modern.*` keys and returns the chapter's two tables: `modern-pieces.md` (the
/// search of [`PIECES_FEN`] with every piece on, each off alone, all off) and `modern-clock.md`
/// (the clock's percent of the soft limit by stability and the best move's share of nodes).
pub fn add_modern(numbers: &mut Numbers) -> Result<Vec<(&'static str, String)>> {
    numbers.add("modern.margin.singular", SINGULAR_MARGIN);
    numbers.add("modern.margin.singular_depth", SINGULAR_DEPTH);
    numbers.add("modern.margin.singular_slack", SINGULAR_TABLE_SLACK);
    numbers.add("modern.margin.worsening", WORSENING_MOVE_SHARE);
    numbers.count("modern.margin.history_per_ply", HISTORY_PER_PLY as u64);
    numbers.count(
        "modern.margin.history_pruning",
        HISTORY_PRUNING_MARGIN as u64,
    );
    numbers.add("modern.pieces.depth", PIECES_DEPTH);
    let all_on = search("modern", PIECES_FEN, PIECES_DEPTH)?;
    numbers.count("modern.pieces.none.nodes", all_on.nodes());
    numbers.count(
        "modern.pieces.none.singular_extensions",
        all_on.stats.singular_extensions,
    );
    let opening = Chess::from_fen(PIECES_FEN)?;
    let mut rows = vec![row("none", &all_on, &all_on, &opening)];
    // The clock reads nothing under a depth limit: it is left out of the table.
    for piece in Modern::NAMES.iter().filter(|&&p| p != "clock_reads_search") {
        let without = search(&format!("modern -{piece}"), PIECES_FEN, PIECES_DEPTH)?;
        numbers.count(format!("modern.pieces.{piece}.nodes"), without.nodes());
        rows.push(row(piece, &without, &all_on, &opening));
    }
    let all_off: String = Modern::NAMES.iter().map(|p| format!(" -{p}")).collect();
    let stage_10 = search(&format!("modern{all_off}"), PIECES_FEN, PIECES_DEPTH)?;
    numbers.count("modern.pieces.all_off.nodes", stage_10.nodes());
    rows.push(row("all five (stage 10)", &stage_10, &all_on, &opening));
    let pieces = table(
        &["switched off", "nodes", "vs all on", "move", "score"],
        rows,
    );

    numbers.add("modern.singular.depth", SINGULAR_FEN_DEPTH);
    // The piece alone on stage 10, the way it was measured in games: the other pieces
    // reorder the tree enough to hide or find the move by themselves.
    let with = search(
        "neural +singular_extension",
        SINGULAR_FEN,
        SINGULAR_FEN_DEPTH,
    )?;
    let without = search("neural", SINGULAR_FEN, SINGULAR_FEN_DEPTH)?;
    let game = Chess::from_fen(SINGULAR_FEN)?;
    let san = |result: &Found| result.best_move.map_or("-".to_string(), |mv| game.san(mv));
    numbers.add("modern.singular.with.move", san(&with));
    numbers.add("modern.singular.without.move", san(&without));
    numbers.add("modern.singular.with.score", with.score);
    numbers.add("modern.singular.without.score", without.score);
    numbers.count(
        "modern.singular.with.extensions",
        with.stats.singular_extensions,
    );

    let shares = [30, 60, 90];
    let clock_rows = (0..5)
        .map(|stable| {
            let mut cells = vec![match stable {
                0 => "0 (it just changed)".to_string(),
                4 => "4 or more".to_string(),
                n => n.to_string(),
            }];
            cells.extend(
                shares
                    .iter()
                    .map(|&share| format!("{}%", clock_percent(stable, share))),
            );
            cells
        })
        .collect();
    let clock = table(
        &[
            "iterations the move held",
            "30% of the nodes",
            "60% of the nodes",
            "90% of the nodes",
        ],
        clock_rows,
    );
    numbers.add(
        "modern.clock.changed60",
        format!("{}%", clock_percent(0, 60)),
    );
    numbers.add(
        "modern.clock.stable60",
        format!("{}%", clock_percent(4, 60)),
    );
    Ok(vec![
        ("modern-pieces.md", pieces),
        ("modern-clock.md", clock),
    ])
}

/// A row of the pieces' table: what was switched off, nodes, nodes against all on, the move
/// (in `game`) and the score.
fn row(piece: &str, result: &Found, all_on: &Found, game: &Chess) -> Vec<String> {
    let best = result.best_move.map_or("-".to_string(), |mv| game.san(mv));
    vec![
        piece.to_string(),
        thousands(result.nodes()),
        format!("{:.2}", result.nodes() as f64 / all_on.nodes() as f64),
        best,
        result.score.to_string(),
    ]
}
