#!/usr/bin/env python3
"""Writes data/reference/release-page-words-<tag>.tsv: the prose words of every release file that the record of the
page-by-page verification (data/reference/verified-pages.tsv, column `release_files`) names. The first file of a
row is the release's counterpart of the site's page; scripts/check-verified-pages.ts compares the page's words with
it and asks for a `shorter:` note when the page has fewer than half.

Usage: python3 scripts/reference/count_release_words.py <git-dir of a datahub clone with the tag> [tag] [record ...]
  tag      default v0.10.5
  record   the record files to read, default data/reference/verified-pages.tsv (name several to count the files of
           rows not merged into it yet, such as .scratch/verified-*.tsv)

Prose words, counted the same way by `proseWords` of scripts/check-verified-pages.ts (change both together; the
test of that script runs `prose_words` below on the same texts to hold them equal; `--stdin` counts one text by hand):
  1. a front matter block (`---` on the first line to the next `---` line) is dropped;
  2. fenced code blocks are dropped: from a line whose first non-blank characters are three or more backticks or
     tildes to the next line made of at least as many of the same character (or the end of the file);
  3. MDX `import` and `export` lines are dropped;
  4. HTML comments (`<!-- ... -->`) are dropped, then HTML and JSX tags (`<` followed by a letter, `/` or `!`, up to
     the next `>`), keeping the text between tags;
  5. link and image targets are dropped, keeping the link text: `[text](target)` and `![alt](src)` become `text` and
     `alt`, `[text][label]` becomes `text`, and reference definitions (`[label]: target`) are dropped;
  6. a word is a run of Unicode letters and digits, so `v0.10.5` is three words and `snake_case` two.
Inline code spans are kept: option and command names are part of the prose.

The file is read with `git show <tag>:<path>`; nothing is checked out. A named file the tag lacks is an error.
"""
import re
import subprocess
import sys
from typing import Iterable, List

HEADER = ["route", "release_files", "result", "notes"]
FENCE_OPEN = re.compile(r"^\s*(`{3,}|~{3,})")
FRONT_MATTER = re.compile(r"\A---\n.*?\n---[ \t]*(?:\n|\Z)", re.S)
MDX_STATEMENT = re.compile(r"^(?:import|export)\s")
COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
TAG = re.compile(r"<[A-Za-z/!][^>]*>")
REFERENCE_DEFINITION = re.compile(r"^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*\S.*$", re.M)
INLINE_TARGET = re.compile(r"\]\([^)\n]*\)")
REFERENCE_TARGET = re.compile(r"\]\[[^\]\n]*\]")
WORD = re.compile(r"[^\W_]+")


def prose_words(text: str) -> int:
    """The number of prose words of a Markdown or MDX file's text (the rules of the module's docstring)."""
    text = FRONT_MATTER.sub("", text.replace("\r\n", "\n"), count=1)
    kept: List[str] = []
    fence = None
    for line in text.split("\n"):
        if fence:
            stripped = line.strip()
            if stripped and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
                fence = None
            continue
        opened = FENCE_OPEN.match(line)
        if opened:
            fence = opened[1]
            continue
        if MDX_STATEMENT.match(line):
            continue
        kept.append(line)
    text = "\n".join(kept)
    text = COMMENT.sub(" ", text)
    text = TAG.sub(" ", text)
    text = REFERENCE_DEFINITION.sub(" ", text)
    text = INLINE_TARGET.sub("] ", text)
    text = REFERENCE_TARGET.sub("] ", text)
    return len(WORD.findall(text))


def release_files(record_paths: Iterable[str]) -> List[str]:
    """Every release file the records' `release_files` column names (`-` names none)."""
    named = set()
    for record in record_paths:
        with open(record, encoding="utf-8") as f:
            lines = [line.rstrip("\n") for line in f if line.strip()]
        if not lines or lines[0].split("\t") != HEADER:
            sys.exit(f"{record}: the first line must be the header {chr(9).join(HEADER)!r}")
        for n, line in enumerate(lines[1:], start=2):
            cells = line.split("\t")
            if len(cells) != len(HEADER):
                sys.exit(f"{record} line {n}: {len(cells)} columns, expected {len(HEADER)}")
            if cells[1].strip() == "-":
                continue
            named.update(p.strip() for p in cells[1].split(";") if is_release_path(p.strip()))
    return sorted(named)


def is_release_path(entry: str) -> bool:
    """A path in the release's tree. Other sources a row names (`owner/repo@commit:path` of another repository,
    `path@HEAD` of a later revision, a note in parentheses) are read too, but are not the release and not counted."""
    return bool(entry) and not any(ch in entry for ch in "@: ()")


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--stdin":
        print(prose_words(sys.stdin.read()))
        return
    if len(sys.argv) < 2:
        sys.exit("usage: count_release_words.py <git-dir with the release tag> [tag, default v0.10.5] [record files]")
    git_dir = sys.argv[1]
    tag = sys.argv[2] if len(sys.argv) > 2 else "v0.10.5"
    records = sys.argv[3:] or ["data/reference/verified-pages.tsv"]
    out = f"data/reference/release-page-words-{tag}.tsv"
    tree = set(subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", tag],
                              check=True, capture_output=True, text=True).stdout.split("\n"))
    files = release_files(records)
    missing = [f for f in files if f not in tree]
    if missing:
        sys.exit(f"not in {tag}: {', '.join(missing)}")
    rows = []
    for path in files:
        text = subprocess.run(["git", "--git-dir", git_dir, "show", f"{tag}:{path}"],
                              check=True, capture_output=True).stdout.decode("utf-8", errors="replace")
        rows.append(f"{path}\t{prose_words(text)}")
    with open(out, "w", encoding="utf-8") as f:
        f.write("release_file\twords\n" + "".join(row + "\n" for row in rows))
    print(f"{out}: {len(rows)} release files of {', '.join(records)}")


if __name__ == "__main__":
    main()
