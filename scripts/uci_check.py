#!/usr/bin/env python3
"""End-to-end UCI check of searchlab through python-chess, as a GUI would drive it.

Usage: scripts/uci_check.py target/release/searchlab

Runs a handful of checks (handshake, a short self-play game, analysis `info`, `stop` during
`go infinite`, positions without a move, raw bad input; the engine started with no argument as
OpenBench and GUIs start it, OpenBench's bench line, MultiPV, searchmoves, `go mate`, pondering,
`go depth 0`) and prints one line per check, then `N passed, M failed`. Exits non-zero on any
failure. Needs python-chess (`pip install chess`); installs nothing.
"""

import logging
import re
import subprocess
import sys
import time

import chess
import chess.engine

CHECKS = []
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
CHECKMATED = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
# Black mates in two: 1... Qxh2+ 2. Kxh2 Rh4# (MATE2.031 of tests/data/mates.epd).
MATE_IN_TWO = "4r1k1/pQ3pp1/7p/4q3/4r3/P7/1P2nPPP/2BR1R1K b - - 0 1"
ITALIAN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
# The engine under test (set by main).
BINARY = None


def check(fn):
    CHECKS.append(fn)
    return fn


class LineLog(logging.Handler):
    """Keeps every line the engine sends (python-chess logs them at DEBUG as '<pid>: >> line')."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.received = []

    def emit(self, record):
        message = record.getMessage()
        if ">> " in message:
            self.received.append(message.split(">> ", 1)[1])


LINES = LineLog()


def open_engine(binary):
    return chess.engine.SimpleEngine.popen_uci([binary, "uci"], timeout=10.0)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


@check
def handshake(engine):
    expect(engine.id.get("name", "").startswith("searchlab "), f"id name: {engine.id}")
    expect(engine.id.get("author") == "the searchlab authors", f"id author: {engine.id}")
    hash_option = engine.options["Hash"]
    expect(
        (hash_option.type, hash_option.default, hash_option.min, hash_option.max)
        == ("spin", 16, 1, 4096),
        f"Hash option: {hash_option}",
    )
    stage = engine.options["Stage"]
    # The ladder's stages in order, then stage 10, the neural one, and stage 11 (the default).
    ladder = ["minimax", "alphabeta", "iterative", "cached", "ordered", "pvs", "quiescence", "selective", "parallel"]
    expect(
        stage.type == "combo" and stage.var == ladder + ["neural", "modern"] and stage.default == "modern",
        f"Stage option: {stage}",
    )
    eval_file = engine.options["EvalFile"]
    expect(
        (eval_file.type, eval_file.default) == ("string", "<compiled-in>"),
        f"EvalFile option: {eval_file}",
    )
    multipv = engine.options["MultiPV"]
    expect((multipv.type, multipv.default, multipv.min) == ("spin", 1, 1), f"MultiPV: {multipv}")
    ponder = engine.options["Ponder"]
    expect((ponder.type, ponder.default) == ("check", False), f"Ponder: {ponder}")
    engine.configure({"Hash": 8, "Stage": "cached"})
    engine.ping()


@check
def self_play_game(engine):
    board = chess.Board()
    slowest = 0.0
    while not board.is_game_over(claim_draw=True) and board.ply() < 30:
        started = time.monotonic()
        result = engine.play(board, chess.engine.Limit(time=0.05))
        slowest = max(slowest, time.monotonic() - started)
        expect(result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}")
        board.push(result.move)
    # The game may end early, and legitimately: self-play at 50 ms is timing-dependent, and two
    # copies of an engine that scores a repetition as a draw can repeat the position three times
    # (a CI run did so at ply 14). What must hold is that every move was legal and on time.
    game = chess.Board().variation_san(board.move_stack)
    expect(slowest < 0.5, f"a 50 ms move took {slowest * 1000:.0f} ms in {game}")


@check
def clock_game(engine):
    board = chess.Board()
    clocks = {chess.WHITE: 2.0, chess.BLACK: 2.0}
    for _ in range(16):
        if board.is_game_over():
            break
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
            white_inc=0.02, black_inc=0.02,
        )
        started = time.monotonic()
        result = engine.play(board, limit)
        used = time.monotonic() - started
        clocks[board.turn] -= used - 0.02
        expect(clocks[board.turn] > 0, f"lost on time at ply {board.ply()}")
        expect(result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}")
        board.push(result.move)


@check
def analysis_info(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    info = engine.analyse(board, chess.engine.Limit(depth=4))
    expect(info.get("depth") == 4, f"depth: {info}")
    expect("score" in info and "pv" in info and "nodes" in info and "time" in info, f"{info}")
    expect(info["pv"] and info["pv"][0] in board.legal_moves, f"pv: {info.get('pv')}")
    mate = chess.Board(MATE_IN_ONE)
    info = engine.analyse(mate, chess.engine.Limit(depth=3))
    expect(info["score"].white() == chess.engine.Mate(1), f"mate score: {info.get('score')}")
    expect(info["pv"][0] == chess.Move.from_uci("a1a8"), f"mate pv: {info.get('pv')}")


@check
def stop_during_infinite(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    with engine.analysis(board) as analysis:
        depths = []
        for info in analysis:
            if "depth" in info:
                depths.append(info["depth"])
            if len(depths) >= 3:
                break
        time.sleep(0.1)
        engine.ping()  # isready is answered while the search runs
        stopped = time.monotonic()
        analysis.stop()
        best = analysis.wait()
        waited = time.monotonic() - stopped
    expect(best.move in board.legal_moves, f"best move after stop: {best.move}")
    expect(waited < 1.0, f"bestmove came {waited * 1000:.0f} ms after stop")


@check
def positions_without_a_move(engine):
    for fen in (CHECKMATED, STALEMATE):
        board = chess.Board(fen)
        result = engine.play(board, chess.engine.Limit(depth=2))
        expect(result.move is None, f"{fen}: expected no move, got {result.move}")


@check
def bad_input_survived(engine):
    before = len(LINES.received)
    for raw in (
        "position fen this/is/not/a/fen w - - 0 1",
        "position startpos moves e2e4 e2e4",
        "debug maybe",
        "setoption name Hash value -5",
        "flibbertigibbet",
    ):
        engine.protocol.loop.call_soon_threadsafe(engine.protocol.send_line, raw)
        engine.ping()
    replies = [line for line in LINES.received[before:] if line.startswith("info string")]
    expect(len(replies) >= 5, f"expected an info string per bad line, got {replies}")
    result = engine.play(chess.Board(MATE_IN_ONE), chess.engine.Limit(depth=3))
    expect(result.move == chess.Move.from_uci("a1a8"), f"after bad input: {result.move}")


@check
def no_argument_plays_a_game(_engine):
    # As OpenBench (through cutechess or fastchess) and most GUIs start an engine.
    engine = chess.engine.SimpleEngine.popen_uci([BINARY], timeout=10.0)
    try:
        expect(engine.id.get("name", "").startswith("searchlab "), f"id: {engine.id}")
        board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < 12:
            result = engine.play(board, chess.engine.Limit(white_clock=1.0, black_clock=1.0,
                                                           white_inc=0.01, black_inc=0.01))
            expect(result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}")
            board.push(result.move)
    finally:
        engine.quit()


@check
def openbench_bench_line(_engine):
    out = subprocess.run([BINARY, "bench"], capture_output=True, text=True, timeout=300)
    expect(out.returncode == 0, f"bench failed: {out.stderr}")
    # OpenBench reads the bench from the end of the output: "N nodes" and "M nps".
    last = out.stdout.strip().splitlines()[-1]
    expect(re.fullmatch(r"[0-9]+ nodes [0-9]+ nps", last), f"last line: {last!r}")


@check
def multipv_lines(engine):
    board = chess.Board(ITALIAN)
    infos = engine.analyse(board, chess.engine.Limit(depth=5), multipv=3)
    expect(len(infos) == 3, f"{len(infos)} lines: {infos}")
    expect([info.get("multipv") for info in infos] == [1, 2, 3], f"{infos}")
    firsts = [info["pv"][0] for info in infos]
    expect(len(set(firsts)) == 3 and all(m in board.legal_moves for m in firsts), f"{firsts}")
    scores = [info["score"].relative for info in infos]
    expect(scores == sorted(scores, reverse=True), f"not in order of score: {scores}")
    # Back to one line: the stage's own search.
    info = engine.analyse(board, chess.engine.Limit(depth=4))
    expect("multipv" not in info or info["multipv"] == 1, f"{info}")


@check
def searchmoves_and_mate(engine):
    board = chess.Board(MATE_IN_TWO)
    allowed = [chess.Move.from_uci("e4d4"), chess.Move.from_uci("e4f4")]
    info = engine.analyse(board, chess.engine.Limit(depth=4), root_moves=allowed)
    expect(info["pv"][0] in allowed, f"searchmoves: {info.get('pv')}")
    # `go mate 2` alone: it ends by itself, with the mate.
    info = engine.analyse(board, chess.engine.Limit(mate=2))
    expect(info["score"].pov(chess.BLACK) == chess.engine.Mate(2), f"mate: {info.get('score')}")
    result = engine.play(board, chess.engine.Limit(mate=2))
    expect(result.move == chess.Move.from_uci("e5h2"), f"go mate 2: {result.move}")


@check
def pondering_game(engine):
    # The opponent plays the reply the engine expected, when it names one: python-chess then
    # sends ponderhit. (A line cut short by the table may name none: UCI makes it optional.)
    board = chess.Board()
    limit = chess.engine.Limit(white_clock=2.0, black_clock=2.0, white_inc=0.02, black_inc=0.02)
    hits = 0
    for _ in range(6):
        started = time.monotonic()
        result = engine.play(board, limit, ponder=True)
        expect(time.monotonic() - started < 1.0, "a move took over a second")
        expect(result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}")
        board.push(result.move)
        if result.ponder is None:
            board.push(engine.play(board, limit).move)
            continue
        expect(result.ponder in board.legal_moves, f"ponder move: {result.ponder}")
        board.push(result.ponder)
        hits += 1
    expect(hits >= 1, "no move named a reply to ponder on")
    engine.ping()


@check
def depth_zero_answered(engine):
    result = engine.play(chess.Board(), chess.engine.Limit(depth=0))
    expect(result.move in chess.Board().legal_moves, f"go depth 0: {result.move}")


def main():
    global BINARY
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    BINARY = sys.argv[1]
    logger = logging.getLogger("chess.engine")
    logger.setLevel(logging.DEBUG)
    logger.addHandler(LINES)
    logger.propagate = False
    passed = failed = 0
    engine = open_engine(sys.argv[1])
    try:
        for fn in CHECKS:
            started = time.monotonic()
            try:
                fn(engine)
                passed += 1
                print(f"ok    {fn.__name__} ({time.monotonic() - started:.2f} s)")
            except Exception as error:  # noqa: BLE001 - any failure is reported, then the next check
                failed += 1
                print(f"FAIL  {fn.__name__}: {error!r}")
                engine.close()
                engine = open_engine(sys.argv[1])
    finally:
        engine.quit()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
