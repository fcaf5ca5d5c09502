#!/usr/bin/env python3
"""How fast does every stage answer `stop`, and `isready` after the largest `Hash`?

Usage: scripts/uci_stop_timing.py [target/release/searchlab] [--runs 20]

For each stage the engine lists in its `Stage` option: `go depth 30` (years of search for minimax), 100 ms later `stop`, and the wall
time from writing `stop` to reading `bestmove`; every bestmove is checked for legality. Then
`setoption name Hash value 4096` followed by `isready`, timed to `readyok`, in fresh engines.
Prints the median and maximum of each. Not a unit test: the figures depend on the machine and
its load (tests/uci.rs holds every stage to 100 ms). Talks to the engine directly (no
python-chess) to add no latency.
"""

import argparse
import queue
import statistics
import subprocess
import sys
import threading
import time

import chess



def stages(binary):
    """Every stage the engine offers: the `var`s of its `Stage` option, in ladder order."""
    engine = Engine(binary)
    engine.send("uci")
    line = engine.until(lambda l: l.startswith("option name Stage ") or l == "uciok")
    engine.quit()
    words = line.split()
    return [words[i + 1] for i, word in enumerate(words[:-1]) if word == "var"]


class Engine:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.strip())

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, wanted):
        while True:
            line = self.lines.get(timeout=10)
            if wanted(line):
                return line

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default="target/release/searchlab")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    positions = [chess.Board(), chess.Board()]
    positions[1].push_uci("e2e4")
    for stage in stages(args.binary):
        engine = Engine(args.binary)
        engine.send(f"setoption name Stage value {stage}")
        engine.send("isready")
        engine.until(lambda l: l == "readyok")
        times = []
        for run in range(args.runs):
            board = positions[run % 2]
            moves = " ".join(m.uci() for m in board.move_stack)
            engine.send(f"position startpos moves {moves}" if moves else "position startpos")
            engine.send("go depth 30")
            time.sleep(0.1)
            asked = time.perf_counter()
            engine.send("stop")
            answer = engine.until(lambda l: l.startswith("bestmove "))
            times.append((time.perf_counter() - asked) * 1000)
            move = chess.Move.from_uci(answer.split()[1])
            if move not in board.legal_moves:
                sys.exit(f"{stage}: illegal {answer} in {board.fen()}")
        engine.quit()
        print(f"{stage:10} stop -> bestmove over {args.runs} searches: "
              f"median {statistics.median(times):.2f} ms, max {max(times):.2f} ms")
    times = []
    for _ in range(5):
        engine = Engine(args.binary)
        asked = time.perf_counter()
        engine.send("setoption name Hash value 4096")
        engine.send("isready")
        engine.until(lambda l: l == "readyok")
        times.append((time.perf_counter() - asked) * 1000)
        engine.quit()
    print(f"setoption name Hash value 4096 + isready -> readyok over 5 engines: "
          f"median {statistics.median(times):.2f} ms, max {max(times):.2f} ms")


if __name__ == "__main__":
    main()
