#!/usr/bin/env python3
"""Does a clocked search end within its budget whatever `Threads` is? For each thread count,
sends `go wtime 2000 btime 2000` and `go movetime 300` on a few positions and measures the wall
time from writing `go` to reading `bestmove`, against the budget plus Move Overhead.

Usage: scripts/uci_threads_timing.py [target/release/searchlab] [--threads 1,2,8,64,256]
                                     [--runs 5]

The allowed time: for `go movetime 300`, 300 ms (the move time; the overhead is inside it);
for `go wtime 2000`, the hard limit SearchLimits::time_budget gives (178 ms with the default
20 ms overhead) plus the overhead: 198 ms. Prints a table (median and worst a cell) and exits
1 if any worst case is over. Not a unit test: the figures depend on the machine and its load.
"""

import argparse
import queue
import subprocess
import sys
import threading
import time

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]
LIMITS = [("go wtime 2000 btime 2000", 198.0), ("go movetime 300", 300.0)]


class Engine:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line.strip()))
        self.lines.put((time.monotonic(), None))

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix, timeout=60.0):
        deadline = time.monotonic() + timeout
        while True:
            at, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            if line is None:
                sys.exit(f"the engine ended while waiting for {prefix!r}")
            if line.startswith(prefix):
                return at, line


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default="target/release/searchlab")
    parser.add_argument("--threads", default="1,2,8,64,256")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    engine = Engine(args.binary)
    engine.send("uci")
    engine.wait_for("uciok")
    worst_over = False
    print(f"{'threads':>7}  " + "  ".join(f"{go:>30}" for go, _ in LIMITS))
    for threads in [int(t) for t in args.threads.split(",")]:
        engine.send(f"setoption name Threads value {threads}")
        engine.send("isready")
        engine.wait_for("readyok")
        cells = []
        for go, allowed in LIMITS:
            times = []
            for run in range(args.runs):
                engine.send("ucinewgame")
                engine.send(f"position fen {FENS[run % len(FENS)]}")
                engine.send("isready")
                engine.wait_for("readyok")
                sent = time.monotonic()
                engine.send(go)
                at, _ = engine.wait_for("bestmove")
                times.append((at - sent) * 1000)
            times.sort()
            worst = times[-1]
            worst_over |= worst > allowed
            mark = "" if worst <= allowed else " OVER"
            cells.append(f"median {times[len(times) // 2]:6.1f} worst {worst:6.1f} ms{mark}")
        print(f"{threads:>7}  " + "  ".join(f"{c:>30}" for c in cells), flush=True)
    engine.send("quit")
    print("allowed: " + ", ".join(f"{go}: {a:.0f} ms" for go, a in LIMITS))
    sys.exit(1 if worst_over else 0)


if __name__ == "__main__":
    main()
