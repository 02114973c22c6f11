"""Reading a DataHub release out of a git directory without checking anything out (shared by the extractors)."""
import subprocess
from typing import List


def git(git_dir: str, *args: str) -> str:
    """The text output of a git command run against git_dir."""
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True).stdout


def cat_files(git_dir: str, tag: str, paths: List[str]) -> List[str]:
    """The UTF-8 text of each path at tag, read in one `git cat-file --batch` call."""
    spec = "".join(f"{tag}:{p}\n" for p in paths).encode()
    out = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "--batch"], input=spec, check=True, capture_output=True).stdout
    texts, at = [], 0
    for _ in paths:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        texts.append(out[header_end + 1 : header_end + 1 + size].decode("utf-8"))
        at = header_end + 1 + size + 1
    return texts
