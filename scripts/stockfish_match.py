#!/usr/bin/env python3
"""A short match: searchlab (default stage) against a weakened Stockfish, through python-chess.

Usage: scripts/stockfish_match.py [target/release/searchlab] [--games 10] [--stockfish PATH]
                                  [--skill 1] [--base 10] [--inc 0.1]

Both engines play on the same clock (default 10 s + 0.1 s per move) kept by this script, which
measures the time each move really took (wall clock, from sending `go` to `bestmove`) and
declares a loss on time when a clock falls below zero. Colours alternate; each opening is
played twice, once with each colour. An illegal move (python-chess refuses it) or a crash loses
the game and is counted. Prints each game, then W/D/L for searchlab and the illegal-move and
time-loss counts; exits non-zero if searchlab made an illegal move, crashed or lost on time.
"""

import argparse
import sys
import time

import chess
import chess.engine

OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 g8f6 c2c4 g7g6",
    "c2c4 e7e5 b1c3 g8f6",
    "e2e4 e7e6 d2d4 d7d5",
]
MAX_PLIES = 300  # adjudicated a draw beyond this


def play_game(engines, searchlab_white, opening, base, inc):
    """Plays one game; returns (result for searchlab: 1, 0.5, 0), reason, stats dict."""
    board = chess.Board()
    for mv in opening.split():
        board.push_uci(mv)
    names = {chess.WHITE: "searchlab" if searchlab_white else "stockfish"}
    names[chess.BLACK] = "stockfish" if searchlab_white else "searchlab"
    clock = {chess.WHITE: base, chess.BLACK: base}
    longest = {"searchlab": 0.0, "stockfish": 0.0}
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            if outcome.winner is None:
                return 0.5, outcome.termination.name.lower(), longest
            winner = names[outcome.winner]
            return (1.0 if winner == "searchlab" else 0.0), outcome.termination.name.lower(), longest
        if board.ply() >= MAX_PLIES:
            return 0.5, "adjudicated", longest
        side = board.turn
        mover = names[side]
        limit = chess.engine.Limit(
            white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
            white_inc=inc, black_inc=inc,
        )
        started = time.monotonic()
        try:
            # A new `game` key per game makes python-chess send `ucinewgame`.
            result = engines[mover].play(board, limit, game=id(board))
        except chess.engine.EngineError as error:
            return (0.0 if mover == "searchlab" else 1.0), f"illegal move by {mover}: {error}", longest
        except chess.engine.EngineTerminatedError as error:
            return (0.0 if mover == "searchlab" else 1.0), f"crash of {mover}: {error}", longest
        used = time.monotonic() - started
        longest[mover] = max(longest[mover], used)
        clock[side] -= used
        if clock[side] < 0:
            return (0.0 if mover == "searchlab" else 1.0), f"time loss by {mover}", longest
        clock[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            return (0.0 if mover == "searchlab" else 1.0), f"illegal move by {mover}: {result.move}", longest
        board.push(result.move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default="target/release/searchlab")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--skill", type=int, default=1, help="Stockfish Skill Level (0-20)")
    parser.add_argument("--base", type=float, default=10.0, help="seconds on each clock")
    parser.add_argument("--inc", type=float, default=0.1, help="increment per move, seconds")
    args = parser.parse_args()

    def start(name):
        """Starts (or, after a crash, restarts) one engine, configured as the match needs."""
        if name == "searchlab":
            return chess.engine.SimpleEngine.popen_uci([args.binary, "uci"], timeout=30)
        engine = chess.engine.SimpleEngine.popen_uci(args.stockfish, timeout=30)
        engine.configure({"Skill Level": args.skill, "Threads": 1, "Hash": 16})
        return engine

    engines = {name: start(name) for name in ("searchlab", "stockfish")}
    sf_name = engines["stockfish"].id.get("name", "stockfish")
    print(f"{engines['searchlab'].id.get('name')} vs {sf_name} (Skill Level {args.skill}), "
          f"{args.base:g}s + {args.inc:g}s, {args.games} games")
    wins = draws = losses = 0
    illegal = {"searchlab": 0, "stockfish": 0}
    time_losses = {"searchlab": 0, "stockfish": 0}
    crashes = {"searchlab": 0, "stockfish": 0}
    longest = {"searchlab": 0.0, "stockfish": 0.0}
    try:
        for game in range(args.games):
            searchlab_white = game % 2 == 0
            opening = OPENINGS[(game // 2) % len(OPENINGS)]
            score, reason, moves_longest = play_game(
                engines, searchlab_white, opening, args.base, args.inc)
            for name in longest:
                longest[name] = max(longest[name], moves_longest[name])
            for name in illegal:
                illegal[name] += reason.startswith(f"illegal move by {name}")
                time_losses[name] += reason == f"time loss by {name}"
                crashed = reason.startswith(f"crash of {name}")
                crashes[name] += crashed
                if crashed:
                    engines[name] = start(name)
            wins += score == 1.0
            draws += score == 0.5
            losses += score == 0.0
            colour = "white" if searchlab_white else "black"
            result = {1.0: "win", 0.5: "draw", 0.0: "loss"}[score]
            print(f"game {game + 1:2}: searchlab {colour:5} [{opening}] {result:4} ({reason})",
                  flush=True)
    finally:
        for engine in engines.values():
            try:
                engine.quit()
            except chess.engine.EngineError:
                pass
    print(f"searchlab W/D/L: {wins}/{draws}/{losses}")
    for name in ("searchlab", "stockfish"):
        print(f"{name}: {illegal[name]} illegal moves, {time_losses[name]} time losses, "
              f"{crashes[name]} crashes, longest move {longest[name] * 1000:.0f} ms")
    clean = illegal["searchlab"] == 0 and time_losses["searchlab"] == 0 and crashes["searchlab"] == 0
    print("no illegal move and no time loss by searchlab" if clean else "PROBLEMS found")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
