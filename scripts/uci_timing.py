#!/usr/bin/env python3
"""How punctual is `go movetime`? Sends `go movetime 100` (by default) on varied positions and
measures the wall time from writing `go` to reading `bestmove`.

Usage: scripts/uci_timing.py [target/release/searchlab] [--runs 200] [--movetime 100]
                             [--epd tests/data/bk.epd] [--tolerance 10]

Prints p50/p90/p99/max and whether p99 <= movetime + tolerance (110 ms by default); exits 1
if not. Every bestmove is checked for legality. Not a unit test: the figures depend on the
machine and its load. Talks to the engine directly (no python-chess) to add no latency.
"""

import argparse
import queue
import subprocess
import sys
import threading
import time

import chess

EXTRA_FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def read_fens(path):
    fens = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 4:
                fens.append(" ".join(fields[:4]) + " 0 1")
    return fens


class Engine:
    """The engine process; a thread reads its output into a queue (reads have deadlines)."""

    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix, timeout=10.0):
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"no '{prefix}' within {timeout} s") from None
            if line is None:
                raise EOFError("the engine closed its output")
            if line.startswith(prefix):
                return line

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=5)


def percentile(sorted_values, p):
    index = min(len(sorted_values) - 1, max(0, round(p / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[index]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default="target/release/searchlab")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--movetime", type=int, default=100, help="ms")
    parser.add_argument("--tolerance", type=int, default=10, help="ms allowed past movetime")
    parser.add_argument("--epd", default="tests/data/bk.epd")
    args = parser.parse_args()

    fens = read_fens(args.epd) + EXTRA_FENS
    engine = Engine(args.binary)
    engine.send("uci")
    engine.wait_for("uciok")
    times = []
    illegal = 0
    for run in range(args.runs):
        fen = fens[run % len(fens)]
        engine.send(f"position fen {fen}")
        engine.send("isready")
        engine.wait_for("readyok")
        started = time.perf_counter()
        engine.send(f"go movetime {args.movetime}")
        line = engine.wait_for("bestmove")
        times.append((time.perf_counter() - started) * 1000)
        move = line.split()[1]
        if chess.Move.from_uci(move) not in chess.Board(fen).legal_moves:
            illegal += 1
            print(f"illegal bestmove {move} in {fen}")
    engine.quit()

    times.sort()
    limit = args.movetime + args.tolerance
    p50, p90, p99 = (percentile(times, p) for p in (50, 90, 99))
    print(f"{args.runs} x go movetime {args.movetime} on {len(fens)} positions "
          f"(wall time from 'go' to 'bestmove')")
    print(f"min {times[0]:.1f} ms  p50 {p50:.1f} ms  p90 {p90:.1f} ms  p99 {p99:.1f} ms  "
          f"max {times[-1]:.1f} ms")
    print(f"over {args.movetime} ms: {sum(t > args.movetime for t in times)}, "
          f"over {limit} ms: {sum(t > limit for t in times)}; illegal moves: {illegal}")
    ok = p99 <= limit and illegal == 0
    print(f"p99 <= {limit} ms: {'yes' if p99 <= limit else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
