//! The self-play's unit tests, and the format's that play games (apart, so that `datagen.rs`
//! reads as the games).
use super::*;

fn config(games: usize) -> DatagenConfig {
    DatagenConfig {
        games,
        nodes: 500,
        random_plies: 2,
        seed: 5,
        openings: crate::openings::default_openings(),
        engine: EngineSpec::strongest().with_hash(1).unwrap(),
    }
}

const A: &str = "r1bqkb1r/pp1n1ppp/2p1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 6";
const B: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

#[test]
fn progress_keeps_whole_games_and_drops_a_cut_one() {
    let whole = format!(
        "# a comment\n# game 3: 2 positions\n{A} | 1 | 0.5\n{B} | 2 | 0.5\n\
         # game 0: 0 positions\n"
    );
    let cut = format!("# game 1: 2 positions\n{A} | 3 | 1\n{B} | 4");
    let progress = read_progress(&format!("{whole}{cut}")).unwrap();
    assert_eq!(progress.games, BTreeSet::from([0, 3]));
    assert_eq!(progress.positions, 2);
    assert_eq!(progress.whole_bytes, whole.len());
    assert_eq!(missing_games(4, &progress.games), [1, 2]);
    assert!(read_progress("# game x: 1 positions\n").is_err());
}

#[test]
fn a_line_that_does_not_read_is_named_with_its_text() {
    let error = |text: &str| read_progress(text).unwrap_err().to_string();
    let game = format!("# game 0: 2 positions\n{A} | 1 | 0.5\n");
    // A garbage line inside a game, a bad FEN, a bad result, and a position outside any
    // game: each named by its number and quoted.
    let garbage = error(&format!("{game}hello world\n{B} | 2 | 0.5\n"));
    assert!(garbage.starts_with("data line 3: expected 'FEN | score | result'"));
    assert!(garbage.ends_with("`hello world`"), "{garbage}");
    let fen = error(&format!("{game}8/8/8 w - - 0 1 | 2 | 0.5\n"));
    assert!(fen.starts_with("data line 3: bad FEN"), "{fen}");
    let result = error(&format!("{game}{B} | 2 | 2\n"));
    assert!(result.contains("result must be 1, 0.5 or 0"), "{result}");
    let outside = error(&format!("{game}{B} | 2 | 0.5\n{B} | 3 | 0.5\n"));
    assert!(outside.starts_with("data line 4: a position outside any game"));
    // A game cut short in the middle of the file (not by a stop: a stop cuts the end).
    let short = error(&format!("{game}# game 1: 0 positions\n"));
    assert!(short.starts_with("data line 1: game 0 promises 2 positions and has 1"));
    // A line cut off at the end is a stop mid-write, not garbage.
    assert_eq!(read_progress(&format!("{game}hel")).unwrap().games.len(), 0);
}

#[test]
fn a_header_reads_back_and_tells_other_settings() {
    let config = config(3);
    let header = Header::new(&config, "the 500 compiled in", "neural");
    let text = header.to_text();
    assert!(text.starts_with(&format!(
        "{FILE_HEADER}\n# nodes 500 random plies 2 seed 5 "
    )));
    assert_eq!(Header::read(&text).unwrap(), header);
    assert!(header.differences(&header).is_empty());
    let other = Header::new(
        &DatagenConfig {
            nodes: 600,
            seed: 6,
            ..config.clone()
        },
        "the 500 compiled in",
        "neural",
    );
    assert_eq!(
        header.differences(&other),
        [
            "--nodes is 500 in the file, 600 in this run",
            "--seed is 5 in the file, 6 in this run"
        ]
    );
    // Openings: by fingerprint where both have one (the name does not matter then), by
    // name in files from before the fingerprint, not at all in the first files.
    let renamed = Header::new(&config, "book.epd", "neural");
    assert!(header.differences(&renamed).is_empty());
    let fewer = Header::new(
        &DatagenConfig {
            openings: config.openings[..10].to_vec(),
            ..config.clone()
        },
        "the 500 compiled in",
        "neural",
    );
    assert!(header.differences(&fewer)[0].starts_with("--openings is `the 500"));
    let named_only = Header::read(&format!(
        "{FILE_HEADER}\n# nodes 500 random plies 2 seed 5 openings the 500 compiled in\n"
    ))
    .unwrap();
    assert_eq!(named_only.openings.as_ref().unwrap().fingerprint, None);
    assert_eq!(named_only.engine, None);
    assert!(named_only.differences(&header).is_empty());
    assert_eq!(named_only.differences(&renamed).len(), 1);
    // The committed sample, from the first version: no openings, no engine.
    let sample_text = include_str!("../../../../assets/selfplay/selfplay-sample.txt");
    let sample = Header::read(sample_text).unwrap();
    assert_eq!(
        (sample.nodes, sample.seed, sample.random_plies),
        (5000, 1, 4)
    );
    assert_eq!((sample.openings, sample.engine), (None, None));
    assert!(read_progress(sample_text).is_ok());
}

#[test]
fn a_file_that_is_not_datagen_s_has_no_header() {
    let error = Header::read("# notes\n\nSome text.\n")
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("data line 1: a data file starts with"),
        "{error}"
    );
    assert!(error.ends_with("this one with `# notes`"), "{error}");
    let error = Header::read(&format!("{FILE_HEADER}\n# game 0: 0 positions\n"));
    assert!(error.unwrap_err().to_string().contains("no settings line"));
    let error = Header::read(&format!(
        "{FILE_HEADER}\n# nodes many random plies 4 seed 1\n"
    ));
    assert!(error.unwrap_err().to_string().starts_with("data line 2:"));
    // A settings line cut off by a stop mid-write is not a settings line.
    let cut = Header::read(&format!("{FILE_HEADER}\n# nodes 500 random plies 2 seed 5"));
    assert!(cut.unwrap_err().to_string().contains("no settings line"));
}

#[test]
fn a_game_is_the_same_whoever_plays_it() {
    let config = config(1);
    let mut first = config.engine.build();
    let a = play_game(first.as_mut(), &config, 4).unwrap();
    // A used engine, after another game, plays game 4 again move for move.
    play_game(first.as_mut(), &config, 5).unwrap();
    let b = play_game(first.as_mut(), &config, 4).unwrap();
    assert_eq!(a, b);
    assert!(a.plies > 0 && [0.0, 0.5, 1.0].contains(&a.result));
    for sample in &a.samples {
        let game = Chess::from_fen(&sample.fen).unwrap();
        assert!(!game.in_check(), "{}", sample.fen);
        assert!(sample.score.abs() < DECIDED);
    }
    assert_eq!(
        read_progress(&a.to_text()).unwrap().positions,
        a.samples.len()
    );
}
