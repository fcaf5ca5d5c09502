#!/usr/bin/env python3
"""A short concurrent match whose PGN python-chess must read back, every move legal.

Usage: scripts/pgn_check.py [target/debug/searchlab]

Plays 6 games two at a time (pvs against this same binary as a UCI engine set to the cached
stage, 1,500 nodes a move) with `--pgn`, then reads the file with python-chess's PGN parser:
every game must parse without errors, replay legally from its FEN, and carry the result and
headers the match wrote. Run by .ci/run; exits non-zero on any problem.
"""

import os
import subprocess
import sys
import tempfile

import chess
import chess.pgn


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/searchlab"
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "match.pgn")
        run = subprocess.run(
            [binary, "match", "--stage", "pvs", "--engine", f"{binary} uci",
             "--option", "Stage=cached", "--games", "6", "--nodes", "1500",
             "--concurrency", "2", "--max-plies", "160", "--pgn", path],
            capture_output=True, text=True, timeout=300)
        if run.returncode != 0:
            sys.exit(f"the match failed:\n{run.stdout}\n{run.stderr}")
        games = 0
        with open(path) as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                games += 1
                if game.errors:
                    sys.exit(f"game {games}: python-chess reported {game.errors}")
                board = game.board()
                for move in game.mainline_moves():
                    if not board.is_legal(move):
                        sys.exit(f"game {games}: illegal {move} in {board.fen()}")
                    board.push(move)
                result = game.headers.get("Result")
                if result not in ("1-0", "0-1", "1/2-1/2"):
                    sys.exit(f"game {games}: result {result!r}")
                if int(game.headers.get("PlyCount", "-1")) != board.ply() - game.board().ply():
                    sys.exit(f"game {games}: PlyCount does not match the moves")
                for tag in ("White", "Black", "FEN", "Termination"):
                    if not game.headers.get(tag):
                        sys.exit(f"game {games}: no {tag} header")
        if games != 6:
            sys.exit(f"expected 6 games, python-chess read {games}")
        print(f"python-chess read {games} games, every move legal")


if __name__ == "__main__":
    main()
