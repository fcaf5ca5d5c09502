#!/usr/bin/env python3
"""Opens the committed notebooks the way a newcomer does, and checks every picture shows.

    python3 scripts/lab_check.py [--shots DIR] [NOTEBOOK ...]

Copies the notebooks (all of notebooks/*.ipynb by default) into a fresh folder, starts
JupyterLab on it with a fresh Jupyter data folder (so no notebook is trusted: JupyterLab
trusts only notebooks whose signature it stored, and this one has stored none) and no Rust
kernel, opens each notebook in headless Chromium without running it, and reads the page
JupyterLab drew. For each notebook it counts:

  - pictures in the file: outputs carrying image/svg+xml or image/png;
  - pictures on the page: outputs JupyterLab rendered as image/png (data-mime-type);
  - SVG outputs rendered: must be 0, as JupyterLab renders no SVG in an untrusted notebook.

It fails unless, for every notebook, the pictures on the page equal the pictures in the file
and no SVG output was rendered. With --shots DIR it also saves a screenshot of the top of each
notebook. Needs jupyterlab (pip) and chromium (apt); it is a reader's check, not part of CI.
"""

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("lab_check: no chromium (apt install chromium)")


def pictures_in_file(path: Path) -> int:
    nb = json.loads(path.read_text())
    return sum(
        "image/png" in out.get("data", {}) or "image/svg+xml" in out.get("data", {})
        for cell in nb["cells"]
        for out in cell.get("outputs", [])
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="names in notebooks/ (default: all)")
    parser.add_argument("--shots", type=Path, help="save a screenshot of each notebook here")
    args = parser.parse_args()

    names = args.notebooks or sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    names = [n if n.endswith(".ipynb") else n + ".ipynb" for n in names]
    browser = chromium()
    work = Path(tempfile.mkdtemp(prefix="lab_check."))
    folder = work / "notebooks"
    folder.mkdir()
    for name in names:
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    env = dict(os.environ)
    env.update(
        JUPYTER_DATA_DIR=str(work / "data"),  # no stored signatures: nothing is trusted
        JUPYTER_RUNTIME_DIR=str(work / "runtime"),
        JUPYTER_CONFIG_DIR=str(work / "config"),
    )
    port = free_port()
    server = subprocess.Popen(
        ["jupyter", "lab", "--allow-root", "--no-browser", f"--port={port}",
         "--ServerApp.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={folder}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    failures = 0
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/lab", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        else:
            sys.exit("lab_check: JupyterLab did not start")
        for i, name in enumerate(names):
            # A workspace of its own, so that the page shows this notebook alone (JupyterLab
            # reopens the tabs of the last visit to a workspace).
            url = f"http://127.0.0.1:{port}/lab/workspaces/check{i}/tree/{name}?reset"
            common = [browser, "--headless", "--no-sandbox", "--disable-gpu",
                      "--virtual-time-budget=30000"]
            # A very tall window, so that JupyterLab draws every cell (it draws only what is
            # in view).
            page = subprocess.run(
                common + ["--window-size=1400,60000", "--dump-dom", url],
                capture_output=True, text=True, timeout=300,
            ).stdout
            shown = len(re.findall(r'jp-OutputArea-output" data-mime-type="image/png"', page))
            svg = len(re.findall(r'data-mime-type="image/svg\+xml"', page))
            wanted = pictures_in_file(folder / name)
            ok = shown == wanted and svg == 0
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {wanted} pictures in the file, "
                  f"{shown} shown as PNG, {svg} SVG outputs rendered")
            if args.shots:
                args.shots.mkdir(parents=True, exist_ok=True)
                subprocess.run(
                    common + ["--window-size=1400,2400",
                              f"--screenshot={args.shots / name.replace('.ipynb', '.png')}", url],
                    capture_output=True, timeout=300,
                )
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
