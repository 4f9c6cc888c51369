#!/usr/bin/env python3
"""Check that every relative link of the manual lands somewhere.

Reads README.md and docs/*.md under the given root (default: this
repository) and checks each markdown link that is not a web address: its
file exists (links out of the repository, such as the steering
repository's ../shared, are left alone), and its #anchor is a heading of that page (GitHub's slugs:
lower case, punctuation dropped, spaces to hyphens, repeats numbered -1,
-2, ...) or an explicit <a id="...">. Code comments that name a page and a
section ("docs/studies.md, <section>") are not links and are not read.

Prints each broken link as `file:line: what is wrong` and exits 1 if there
is one, 0 otherwise.

Usage: check_doc_links.py [ROOT]
"""
import pathlib
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(title):
    """GitHub's anchor for a heading's text."""
    title = re.sub(r"`|\*\*|__|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", title)
    title = title.strip().lower()
    title = re.sub(r"[^\w\- ]", "", title)
    return title.replace(" ", "-")


def page_lines(path):
    """(line number, text) of the lines outside fenced code blocks."""
    inside = False
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(text):
            inside = not inside
            continue
        if not inside:
            yield number, text


def anchors(path):
    found, seen = set(), {}
    for _, text in page_lines(path):
        found.update(EXPLICIT.findall(text))
        heading = HEADING.match(text)
        if heading:
            base = slug(heading.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(root):
    pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    known = {}
    for page in pages:
        for number, text in page_lines(page):
            for target in LINK.findall(text):
                if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
                    continue
                name, _, anchor = target.partition("#")
                where = (page.parent / name).resolve() if name else page.resolve()
                place = f"{page.relative_to(root)}:{number}"
                if not where.is_relative_to(root.resolve()):
                    continue
                if not where.exists():
                    yield f"{place}: link to {target}: no file {name}"
                    continue
                if not anchor or where.suffix != ".md":
                    continue
                if where not in known:
                    known[where] = anchors(where)
                if anchor not in known[where]:
                    yield f"{place}: link to {target}: {where.name} has no section #{anchor}"


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[1])
    broken = list(broken_links(root))
    for line in broken:
        print(line)
    print(f"doc links: {len(broken)} broken" if broken else "doc links: all land")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
