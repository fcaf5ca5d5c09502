#!/usr/bin/env python3
"""Nodes a second, side by side in one run: searchlab's stages 8 and 7 against another UCI engine.

    python3 scripts/side-by-side.py RUSTIC_BINARY [--runs 3] [--depth 9] [--write]

Each run searches the speed positions (assets/positions/speed.fen) once with every engine, one
thread and a 32 MB table, a new game for each position: stage 8 with `searchlab bench --depth
12`, stage 7 with `searchlab bench --depth 8` (their times are the bench's own), and the other
engine over UCI (python-chess) to `--depth`, timed around each search, with the nodes it reports.
The fastest of the runs counts for each engine (the machine is shared: the least disturbed run
is the nearest to its speed). It prints the nodes a second and their ratios; only ratios from
one run of this script compare. With `--write` the fastest runs go to
book/measured/side-by-side.tsv (nodes and milliseconds, with the command, machine and date),
where the README reads them (`side.*` keys). Rustic Alpha 3.0.5, the reference the README
names, is built from its public repository with `cargo build --release`.
"""

import argparse
import datetime
import json
import os
import pathlib
import subprocess
import sys
import time

import chess
import chess.engine

ROOT = pathlib.Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "assets" / "positions" / "speed.fen"
SEARCHLAB = ROOT / "target" / "release" / "searchlab"


def fens():
    for line in POSITIONS.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def searchlab(stage, depth):
    """(nodes, seconds) of `searchlab bench` for `stage` on the speed positions."""
    out = subprocess.run(
        [str(SEARCHLAB), "--json", "bench", "--stage", stage, "--depth", str(depth),
         "--positions", str(POSITIONS)],
        check=True, capture_output=True, text=True,
    ).stdout
    report = json.loads(out)
    return report["nodes"], report["time_ms"] / 1000.0


def other(binary, depth):
    """(nodes, seconds) of the other engine to `depth` on the speed positions."""
    nodes, seconds = 0, 0.0
    with chess.engine.SimpleEngine.popen_uci(binary) as engine:
        options = {"Hash": 32, "Threads": 1}
        engine.configure({k: v for k, v in options.items() if k in engine.options})
        for fen in fens():
            board = chess.Board(fen)
            start = time.perf_counter()
            info = engine.analyse(board, chess.engine.Limit(depth=depth), game=object())
            seconds += time.perf_counter() - start
            nodes += info.get("nodes", 0)
    return nodes, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", help="the other engine (Rustic Alpha 3.0.5)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--depth", type=int, default=9, help="the other engine's depth")
    parser.add_argument("--name", default="rustic", help="the other engine's key in the file")
    parser.add_argument("--write", action="store_true", help="write book/measured/side-by-side.tsv")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--bin", "searchlab"], cwd=ROOT, check=True,
                   capture_output=True)
    best = {}
    for run in range(args.runs):
        measured = {
            "selective d12": searchlab("selective", 12),
            "quiescence d8": searchlab("quiescence", 8),
            f"other d{args.depth}": other(args.binary, args.depth),
        }
        for name, (nodes, seconds) in measured.items():
            print(f"run {run + 1}: {name}: {nodes} nodes in {seconds:.3f} s", file=sys.stderr)
            if name not in best or seconds < best[name][1]:
                best[name] = (nodes, seconds)
    nps = {name: nodes / seconds for name, (nodes, seconds) in best.items()}
    for name, (nodes, seconds) in best.items():
        print(f"{name}\t{nodes}\t{seconds:.3f} s\t{nps[name] / 1e6:.2f} M nodes/s")
    other_nps = nps[f"other d{args.depth}"]
    print(f"other / selective: {other_nps / nps['selective d12']:.2f}")
    print(f"quiescence / selective: {nps['quiescence d8'] / nps['selective d12']:.2f}")
    if args.write:
        write(args, best)


def write(args, best):
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "unknown CPU")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    rows = [("selective.speed12", "selective d12"), ("quiescence.speed8", "quiescence d8"),
            (f"{args.name}.speed{args.depth}", f"other d{args.depth}")]
    lines = [
        "# Nodes a second side by side, in one run: the fastest of "
        f"{args.runs} runs of each (nodes, wall ms).",
        "# searchlab: bench --stage selective --depth 12 and --stage quiescence --depth 8; "
        f"{args.name}: {pathlib.Path(args.binary).name} over UCI to depth {args.depth}, "
        "Hash 32, Threads 1, a new game a position; all on assets/positions/speed.fen.",
        f"# Measured with: scripts/side-by-side.py {pathlib.Path(args.binary).name} "
        f"--runs {args.runs} --depth {args.depth} --write. "
        f"Machine: {os.cpu_count()} cores, {cpu}. Date: {date}, commit {commit}.",
        "name\tnodes\tms",
    ]
    for key, name in rows:
        nodes, seconds = best[name]
        lines.append(f"{key}\t{nodes}\t{seconds * 1000:.1f}")
    (ROOT / "book" / "measured" / "side-by-side.tsv").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
