#!/usr/bin/env python3
"""Writes data/reference/python-api-<tag>.json: the importable Python modules of a release's `acryl-datahub` package
and of its Airflow plugin, each with the names it defines or imports at top level (what `from <module> import <name>`
accepts), which scripts/check-python-imports.ts holds the examples of the docs to.

Usage: python3 scripts/reference/extract_python_api.py <git-dir of a datahub clone with the tag> [tag] [out]

- modules: every .py file under metadata-ingestion/src/ (datahub, datahub_provider) and
  metadata-ingestion-modules/airflow-plugin/src/ (datahub_airflow_plugin), parsed with `ast`; top-level classes,
  functions, assignments and imports count, also inside top-level `if`/`try` blocks (optional imports);
- `datahub.metadata.schema_classes` is generated at build time and is not in the repository: its names are
  `<Name>Class` for every record, enum and typeref of metadata-models and li-utils (src/main/pegasus), the way the generator
  names them (approximate: it lists the models' types, not the generator's output).
"""
import ast
import json
import re
import subprocess
import sys
from typing import Dict, List, Set

ROOTS = ["metadata-ingestion/src/", "metadata-ingestion-modules/airflow-plugin/src/"]


def git(git_dir: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True).stdout


def top_level_names(body: List[ast.stmt]) -> Set[str]:
    names: Set[str] = set()
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        names.add(name.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            names |= {a.asname or a.name for a in node.names if a.name != "*"}
        elif isinstance(node, ast.Import):
            names |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.If):
            names |= top_level_names(node.body) | top_level_names(node.orelse)
        elif isinstance(node, ast.Try):
            names |= top_level_names(node.body)
            for handler in node.handlers:
                names |= top_level_names(handler.body)
            names |= top_level_names(node.orelse) | top_level_names(node.finalbody)
    return names


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: extract_python_api.py <git-dir with the release tag> [tag, default v0.10.5] [out file]")
    git_dir = sys.argv[1]
    tag = sys.argv[2] if len(sys.argv) > 2 else "v0.10.5"
    out = sys.argv[3] if len(sys.argv) > 3 else f"data/reference/python-api-{tag}.json"
    files = git(git_dir, "ls-tree", "-r", "--name-only", tag).split("\n")
    modules: Dict[str, List[str]] = {}
    paths = [p for p in files if p.endswith(".py") and any(p.startswith(r) for r in ROOTS)]
    spec = "".join(f"{tag}:{p}\n" for p in paths).encode()
    blob = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "--batch"], input=spec, check=True, capture_output=True).stdout
    at = 0
    for path in paths:
        header_end = blob.index(b"\n", at)
        size = int(blob[at:header_end].split()[2])
        text = blob[header_end + 1 : header_end + 1 + size].decode("utf-8")
        at = header_end + 1 + size + 1
        root = next(r for r in ROOTS if path.startswith(r))
        name = path[len(root):-3].replace("/", ".").removesuffix(".__init__")
        if "/tests/" in path or name.split(".")[0] not in ("datahub", "datahub_provider", "datahub_airflow_plugin"):
            continue
        modules[name] = sorted(top_level_names(ast.parse(text).body))

    types: Set[str] = set()
    for path in files:
        if path.startswith(("metadata-models/src/main/pegasus/", "li-utils/src/main/pegasus/")) and path.endswith(".pdl"):
            types |= set(re.findall(r"(?m)^\s*(?:record|enum|typeref)\s+(\w+)", git(git_dir, "show", f"{tag}:{path}")))
    modules["datahub.metadata.schema_classes"] = sorted(f"{t}Class" for t in types)

    commit = git(git_dir, "rev-parse", f"{tag}^{{commit}}").strip()
    lines = ["{", f'  "release": {json.dumps(tag)},', f'  "commit": {json.dumps(commit)},',
             '  "derivedBy": "scripts/reference/extract_python_api.py (see data/reference/README.md)",', '  "modules": {']
    names = sorted(modules)
    for i, module in enumerate(names):
        lines.append(f"    {json.dumps(module)}: {json.dumps(modules[module])}" + ("," if i < len(names) - 1 else ""))
    lines += ["  }", "}"]
    with open(out, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    print(f"{out}: {len(modules)} modules, {sum(len(v) for v in modules.values())} names from {tag} ({commit[:8]})")


if __name__ == "__main__":
    main()
