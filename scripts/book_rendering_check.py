#!/usr/bin/env python3
"""Checks that the built book shows what its markdown says: no markdown printed as text.

    scripts/book_rendering_check.py book/book     (scripts/book runs it after the build)

A page can build without a warning and still print raw markdown. The usual cause is a line
that CommonMark reads as the start of a raw HTML block: a source line that begins with `<!--`
(a number marker, `<!--n:KEY-->VALUE<!--/n-->`, at the start of a line) ends the paragraph
there, and everything on that line is passed through as HTML, so its links, bold and code
come out as `[text](link)`, `**text**` and `` `code` ``. What this checks, on every chapter's
content (the `<main>` element), outside code, preformatted text, scripts and styles:

  - no text holds `](`, `**` or a pair of backticks: markdown that was not rendered;
  - no text or number marker stands directly in `<main>` or a `<div>`, outside any paragraph,
    list item, heading or table cell: a paragraph split by a raw HTML block.

Each problem is printed as `ERROR page: what (the text)`; exit 1 if there is any.
"""
import html.parser
import pathlib
import re
import sys

# Elements whose text is code or not text at all: markdown characters are allowed there.
VERBATIM = {"code", "pre", "script", "style", "kbd", "samp", "svg", "math"}
# Containers in which bare text means a block that was not rendered as markdown.
BLOCK_CONTAINERS = {"main", "div", "section", "article", "blockquote"}
RAW_MARKDOWN = [
    ("a markdown link", re.compile(r"\]\(")),
    ("markdown bold", re.compile(r"\*\*")),
    ("markdown code", re.compile(r"`[^`\n]+`")),
]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Rendering(html.parser.HTMLParser):
    """Walks one page, keeping the stack of open elements inside `<main>`."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.in_main = False
        self.problems = []

    def handle_starttag(self, tag, attrs):
        if tag == "main":
            self.in_main = True
        if self.in_main and tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if not self.in_main or tag in VOID:
            return
        # Close up to the matching tag (HTML lets some end tags be left out).
        if tag in self.stack:
            while self.stack:
                if self.stack.pop() == tag:
                    break
        if tag == "main":
            self.in_main = False
            self.stack = []

    def verbatim(self):
        return any(t in VERBATIM for t in self.stack)

    def bare(self):
        return bool(self.stack) and self.stack[-1] in BLOCK_CONTAINERS

    def handle_data(self, data):
        if not self.in_main or self.verbatim():
            return
        text = " ".join(data.split())
        if not text:
            return
        for what, pattern in RAW_MARKDOWN:
            if pattern.search(text):
                self.problems.append(f"{what} printed as text ({text[:90]!r})")
        if self.bare():
            self.problems.append(f"text outside any paragraph ({text[:90]!r})")

    def handle_comment(self, data):
        if self.in_main and not self.verbatim() and data.startswith("n:") and self.bare():
            self.problems.append(f"a number marker outside any paragraph (<!--{data[:60]}-->)")


def check(out):
    problems, pages = [], 0
    for page in sorted(out.rglob("*.html")):
        if page.name in ("print.html", "toc.html", "404.html"):
            continue  # print.html repeats every chapter; the others hold no chapter text
        pages += 1
        parser = Rendering()
        parser.feed(page.read_text(encoding="utf-8"))
        problems += [f"{page.relative_to(out)}: {p}" for p in parser.problems]
    return pages, problems


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "book/book")
    pages, problems = check(out)
    for p in problems:
        print(f"ERROR {p}")
    print(f"rendering: {pages} pages, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
