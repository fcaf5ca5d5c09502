#!/usr/bin/env python3
"""Screenshots of the built book as a reader sees it: 1280 px wide, 100% zoom, headless Chromium.

    scripts/book_screenshots.py OUT_DIR [PAGE:TARGET ...]

Build the book first (`scripts/book`). Each PAGE:TARGET is a page of book/book and either a
heading's id (`minimax.html:what-it-costs`) or a number marker's key (`neural.html:
n:match.neural.gen2_400.record`); the picture is 900 px tall, starting a little above it. With
no PAGE:TARGET it takes the places where raw markdown was once printed (issue 44). A reader's
check, not CI's: it needs chromium (apt) and Pillow (pip). Run as root, it starts Chromium as
the user `reader` (created if missing), since a root Chromium escapes `nice` and needs
--no-sandbox.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT = [
    "minimax.html:what-it-costs",
    "alphabeta.html:n:ttt.minimax.nodes",
    "parallel.html:n:match.parallel.two_threads.record",
    "neural.html:n:match.neural.gen2_400.record",
    "tuning.html:n:match.tuning.clock_again.score",
]
WIDTH, HEIGHT = 1280, 900
# Finds the target's top on the page and writes it into the body for --dump-dom to read.
PROBE = """<script>window.addEventListener('load', () => {
  const target = %r; let top = -1;
  const heading = document.getElementById(target);
  if (heading) { top = heading.getBoundingClientRect().top; }
  else {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
    for (let c = walker.nextNode(); c; c = walker.nextNode()) {
      if (c.data.startsWith(target)) {
        const range = document.createRange(); range.selectNode(c.nextSibling || c);
        top = range.getBoundingClientRect().top; break;
      }
    }
  }
  document.body.setAttribute('data-top', Math.round(top + window.scrollY));
});</script></body>"""


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    sys.exit("book_screenshots: no chromium (apt install chromium)")


def as_reader(args):
    if os.geteuid() != 0:
        return subprocess.run(args, capture_output=True, text=True).stdout
    if subprocess.run(["id", "reader"], capture_output=True).returncode != 0:
        subprocess.run(["useradd", "-m", "reader"], check=True)
    line = " ".join(f"'{a}'" for a in args)
    return subprocess.run(["su", "reader", "-s", "/bin/bash", "-c", line],
                          capture_output=True, text=True).stdout


def main():
    try:
        from PIL import Image
    except ImportError:
        sys.exit("book_screenshots: needs Pillow (python3 -m pip install pillow)")
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    specs = sys.argv[2:] or DEFAULT
    work = pathlib.Path(tempfile.mkdtemp(prefix="book-shots-"))
    shutil.copytree(ROOT / "book/book", work / "book")
    os.chmod(work, 0o755)
    subprocess.run(["chmod", "-R", "a+rwX", str(work)], check=True)
    common = [browser(), "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
              f"--user-data-dir={work}/profile", "--virtual-time-budget=5000"]
    for spec in specs:
        page, _, target = spec.partition(":")
        html = (work / "book" / page).read_text(encoding="utf-8")
        probe = work / "book" / f"probe-{page}"
        probe.write_text(html.replace("</body>", PROBE % target), encoding="utf-8")
        probe.chmod(0o644)
        dom = as_reader(common + [f"--window-size={WIDTH},{HEIGHT}", "--dump-dom",
                                  f"file://{probe}"])
        found = re.search(r'data-top="(-?\d+)"', dom)
        if not found or int(found.group(1)) < 0:
            print(f"book_screenshots: {target} not found on {page}", file=sys.stderr)
            continue
        top = max(0, int(found.group(1)) - 250)
        full = work / f"{page}.png"
        as_reader(common + [f"--window-size={WIDTH},{top + HEIGHT}", f"--screenshot={full}",
                            f"file://{work}/book/{page}"])
        name = re.sub(r"[^\w.-]+", "-", f"{page.removesuffix('.html')}-{target}") + ".png"
        Image.open(full).crop((0, top, WIDTH, top + HEIGHT)).save(out / name)
        print(out / name)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
