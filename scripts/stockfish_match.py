#!/usr/bin/env python3
"""Timed games through python-chess: searchlab against a weakened Stockfish, or against itself.

Usage: scripts/stockfish_match.py [target/release/searchlab] [--games 10] [--base 10] [--inc 0.1]
           [--concurrency 1] [--opponent stockfish|self] [--skill 1 | --elo 1800]
           [--stockfish PATH] [--openings FILE] [--seed 1] [--option Name=Value ...]

This script is the referee and keeps both clocks (default 10 s + 0.1 s per move): it measures
the time each move really took (wall clock, from sending `go` to reading `bestmove`), declares
a loss on time when a clock falls below zero, and adds the increment after each move. Each
opening is played twice, once with each colour; openings are drawn with `--seed` from
`--openings` (default: assets/openings/openings-8moves.epd, the whole 8-move book, or six
built-in lines if that file is missing). An illegal move (python-chess refuses it) or a crash
loses the game and is counted.

Besides W/D/L it reports what matters for time management: the least time left on each
engine's clock over all games (after a move, before the increment), and the *overhead*: the
wall time the referee charged beyond the search time the engine itself reported (`info time`),
its median and maximum. Exits non-zero if searchlab made an illegal move, crashed or lost on
time.
"""

import argparse
import os
import random
import statistics
import sys
import threading
import time

import chess
import chess.engine

BUILT_IN_OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 g8f6 c2c4 g7g6",
    "c2c4 e7e5 b1c3 g8f6",
    "e2e4 e7e6 d2d4 d7d5",
]
DEFAULT_OPENINGS = os.path.join(os.path.dirname(__file__), "..", "assets", "openings",
                                "openings-8moves.epd")
MAX_PLIES = 300  # adjudicated a draw beyond this


def opening_board(opening):
    """A board from an EPD/FEN line or from a list of UCI moves after the start position."""
    if "/" in opening:
        return chess.Board(" ".join(opening.split()[:4]) + " 0 1")
    board = chess.Board()
    for mv in opening.split():
        board.push_uci(mv)
    return board


class Stats:
    """What one game measured, per engine."""

    def __init__(self):
        self.least_clock = {}
        self.overheads = {}

    def move(self, name, clock_after, overhead):
        self.least_clock[name] = min(self.least_clock.get(name, float("inf")), clock_after)
        if overhead is not None:
            self.overheads.setdefault(name, []).append(overhead)


def play_game(engines, searchlab_white, opening, base, inc):
    """Plays one game; returns (result for searchlab: 1, 0.5, 0), reason, Stats."""
    board = opening_board(opening)
    first, second = ("searchlab", "opponent") if searchlab_white else ("opponent", "searchlab")
    names = {chess.WHITE: first, chess.BLACK: second}
    clock = {chess.WHITE: base, chess.BLACK: base}
    stats = Stats()
    game_id = object()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            if outcome.winner is None:
                return 0.5, outcome.termination.name.lower(), stats
            winner = names[outcome.winner]
            return (1.0 if winner == "searchlab" else 0.0), outcome.termination.name.lower(), stats
        if board.ply() >= MAX_PLIES:
            return 0.5, "adjudicated", stats
        side = board.turn
        mover = names[side]
        lost = 0.0 if mover == "searchlab" else 1.0
        limit = chess.engine.Limit(
            white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
            white_inc=inc, black_inc=inc,
        )
        started = time.monotonic()
        try:
            # A new `game` key per game makes python-chess send `ucinewgame`.
            result = engines[mover].play(board, limit, game=game_id, info=chess.engine.INFO_BASIC)
        except chess.engine.EngineError as error:
            return lost, f"illegal move by {mover}: {error}", stats
        except chess.engine.EngineTerminatedError as error:
            return lost, f"crash of {mover}: {error}", stats
        used = time.monotonic() - started
        clock[side] -= used
        reported = result.info.get("time")
        stats.move(mover, clock[side], None if reported is None else used - reported)
        if clock[side] < 0:
            return lost, f"time loss by {mover}", stats
        clock[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            return lost, f"illegal move by {mover}: {result.move}", stats
        board.push(result.move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default="target/release/searchlab")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--opponent", choices=["stockfish", "self"], default="stockfish")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--skill", type=int, default=1, help="Stockfish Skill Level (0-20)")
    parser.add_argument("--elo", type=int, help="Stockfish UCI_Elo (with UCI_LimitStrength); "
                        "replaces --skill")
    parser.add_argument("--base", type=float, default=10.0, help="seconds on each clock")
    parser.add_argument("--inc", type=float, default=0.1, help="increment per move, seconds")
    parser.add_argument("--concurrency", type=int, default=1, help="games played at once")
    parser.add_argument("--openings", default=None, help="EPD/FEN lines or UCI move lines")
    parser.add_argument("--seed", type=int, default=1, help="draws the openings")
    parser.add_argument("--option", action="append", default=[],
                        help="a searchlab UCI option, Name=Value (repeatable)")
    args = parser.parse_args()

    path = args.openings or (DEFAULT_OPENINGS if os.path.exists(DEFAULT_OPENINGS) else None)
    if path:
        with open(path) as f:
            pool = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    else:
        pool = BUILT_IN_OPENINGS
    rng = random.Random(args.seed)
    openings = rng.sample(pool, min(len(pool), (args.games + 1) // 2))
    options = dict(o.split("=", 1) for o in args.option)

    def start(name):
        """Starts (or, after a crash, restarts) one engine, configured as the match needs."""
        if name == "searchlab" or args.opponent == "self":
            engine = chess.engine.SimpleEngine.popen_uci([args.binary, "uci"], timeout=30)
            if name == "searchlab" and options:
                engine.configure(options)
            return engine
        engine = chess.engine.SimpleEngine.popen_uci(args.stockfish, timeout=30)
        settings = {"Threads": 1, "Hash": 16}
        if args.elo:
            settings.update({"UCI_LimitStrength": True, "UCI_Elo": args.elo})
        else:
            settings["Skill Level"] = args.skill
        engine.configure(settings)
        return engine

    lock = threading.Lock()
    totals = {"wins": 0, "draws": 0, "losses": 0}
    problems = {name: {"illegal": 0, "time": 0, "crash": 0} for name in ("searchlab", "opponent")}
    least_clock = {}
    overheads = {}
    names = {}
    next_game = iter(range(args.games))

    def worker():
        engines = {name: start(name) for name in ("searchlab", "opponent")}
        with lock:
            names.update({n: e.id.get("name", n) for n, e in engines.items()})
        try:
            while True:
                with lock:
                    game = next(next_game, None)
                if game is None:
                    return
                searchlab_white = game % 2 == 0
                opening = openings[(game // 2) % len(openings)]
                score, reason, stats = play_game(engines, searchlab_white, opening,
                                                 args.base, args.inc)
                with lock:
                    for name in problems:
                        problems[name]["illegal"] += reason.startswith(f"illegal move by {name}")
                        problems[name]["time"] += reason == f"time loss by {name}"
                        crashed = reason.startswith(f"crash of {name}")
                        problems[name]["crash"] += crashed
                        if crashed:
                            engines[name] = start(name)
                    for name, least in stats.least_clock.items():
                        least_clock[name] = min(least_clock.get(name, float("inf")), least)
                    for name, values in stats.overheads.items():
                        overheads.setdefault(name, []).extend(values)
                    totals["wins"] += score == 1.0
                    totals["draws"] += score == 0.5
                    totals["losses"] += score == 0.0
                    colour = "white" if searchlab_white else "black"
                    result = {1.0: "win", 0.5: "draw", 0.0: "loss"}[score]
                    left = stats.least_clock.get("searchlab", float("nan"))
                    print(f"game {game + 1:3}: searchlab {colour:5} {result:4} ({reason}); "
                          f"least clock {left * 1000:.0f} ms", flush=True)
        finally:
            for engine in engines.values():
                try:
                    engine.quit()
                except chess.engine.EngineError:
                    pass

    strength = f"UCI_Elo {args.elo}" if args.elo else f"Skill Level {args.skill}"
    opponent = "itself" if args.opponent == "self" else f"stockfish ({strength})"
    print(f"searchlab vs {opponent}, {args.base:g}s + {args.inc:g}s, {args.games} games, "
          f"{args.concurrency} at a time, openings from {path or 'the built-in list'}", flush=True)
    threads = [threading.Thread(target=worker) for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"searchlab W/D/L: {totals['wins']}/{totals['draws']}/{totals['losses']}")
    for name in ("searchlab", "opponent"):
        p = problems[name]
        spent = overheads.get(name, [])
        spent.sort()
        overhead = (f"overhead beyond the reported search time: median "
                    f"{statistics.median(spent) * 1000:.1f} ms, 99th percentile "
                    f"{spent[int(len(spent) * 0.99)] * 1000:.1f} ms, max "
                    f"{spent[-1] * 1000:.1f} ms over {len(spent)} moves"
                    if spent else "no search times reported")
        print(f"{name} ({names.get(name, name)}): {p['illegal']} illegal moves, "
              f"{p['time']} time losses, {p['crash']} crashes; least clock left "
              f"{least_clock.get(name, float('nan')) * 1000:.0f} ms; {overhead}")
    clean = all(v == 0 for v in problems["searchlab"].values())
    print("no illegal move, crash or time loss by searchlab" if clean else "PROBLEMS found")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
