#!/usr/bin/env python3
"""Writes data/reference/cli-<tag>.json: the `datahub` CLI of a release as a tree of commands, each with its options,
which scripts/check-cli.ts holds the commands of the docs to.

Usage: python3 scripts/reference/extract_cli.py <git-dir of a datahub clone with the tag> [tag] [out]

It parses metadata-ingestion/src/datahub/entrypoints.py and metadata-ingestion/src/datahub/cli/** with `ast`:
- a command or group is a function decorated with `click.command`/`click.group` or `<group>.command`/`<group>.group`;
  its name is the decorator's first argument or `name=`, else the function name with `_` as `-` (click 7+);
- `<group>.add_command(<command>)` attaches a command defined in another module (followed through imports);
- options are the `-`/`--` declarations of each `click.option` (both sides of `--x/--no-x`), `click.version_option`
  adds `--version`, and every command has `--help`; `flag` says the option takes no value;
- a group made with `cls=DefaultGroup, default="x"` runs `x` when the next word is not one of its commands.
Commands that entrypoints.py adds from another package (`datahub actions`, from acryl-datahub-actions) are listed
under `external`.
"""
import ast
import json
import subprocess
import sys
from typing import Dict, List, Optional, Tuple

SRC = "metadata-ingestion/src/"


def git(git_dir: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True).stdout


def call_name(node: ast.AST) -> str:
    return ast.unparse(node.func) if isinstance(node, ast.Call) else ast.unparse(node)


def const(node: Optional[ast.AST]):
    return node.value if isinstance(node, ast.Constant) else None


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: extract_cli.py <git-dir with the release tag> [tag, default v0.10.5] [out file]")
    git_dir = sys.argv[1]
    tag = sys.argv[2] if len(sys.argv) > 2 else "v0.10.5"
    out = sys.argv[3] if len(sys.argv) > 3 else f"data/reference/cli-{tag}.json"
    paths = [p for p in git(git_dir, "ls-tree", "-r", "--name-only", tag, SRC + "datahub/cli").split("\n") if p.endswith(".py")]
    paths.append(SRC + "datahub/entrypoints.py")

    # (module, function) -> command facts; (module, local name) -> (module, name) for imports.
    commands: Dict[Tuple[str, str], dict] = {}
    imports: Dict[Tuple[str, str], Tuple[str, str]] = {}
    attachments: List[Tuple[str, str, str, Optional[str]]] = []  # module, parent var, child var, explicit name
    external: List[str] = []
    for path in paths:
        module = path[len(SRC):-3].replace("/", ".").removesuffix(".__init__")
        tree = ast.parse(git(git_dir, "show", f"{tag}:{path}"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    imports[(module, alias.asname or alias.name)] = (node.module, alias.name)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                facts = None
                options: List[dict] = [{"names": ["--help"], "flag": True}]
                for decorator in node.decorator_list:
                    name = call_name(decorator)
                    call = decorator if isinstance(decorator, ast.Call) else None
                    keywords = {k.arg: k.value for k in call.keywords if k.arg} if call else {}
                    if name in ("click.command", "click.group") or name.endswith((".command", ".group")):
                        explicit = const(call.args[0]) if call and call.args else const(keywords.get("name"))
                        parent = None if name.startswith("click.") else name.rsplit(".", 1)[0]
                        facts = {
                            "name": explicit or node.name.lower().replace("_", "-"),
                            "group": name.endswith(".group"),
                            "parent": parent,
                            "default": const(keywords.get("default")),
                        }
                    elif name == "click.option" and call:
                        declared = [const(a) for a in call.args if isinstance(const(a), str)]
                        names = [part for d in declared for part in d.split("/") if part.startswith("-")]
                        flag = (
                            const(keywords.get("is_flag")) is True
                            or const(keywords.get("count")) is True
                            or any("/" in d for d in declared)
                        )
                        if names:
                            options.append({"names": sorted(set(names)), "flag": flag})
                    elif name == "click.version_option":
                        options.append({"names": ["--version"], "flag": True})
                if facts:
                    facts["options"] = options
                    commands[(module, node.name)] = facts
            # datahub.add_command(x) / datahub.add_command(make_shim_command("lite", ...))
            for stmt in ast.walk(node):
                if isinstance(stmt, ast.Call) and call_name(stmt).endswith(".add_command") and stmt.args:
                    parent = call_name(stmt).rsplit(".", 1)[0]
                    child = stmt.args[0]
                    if isinstance(child, ast.Name):
                        attachments.append((module, parent, child.id, const(stmt.keywords[0].value) if stmt.keywords else None))
        if module == "datahub.entrypoints":
            for node in ast.walk(tree):
                # `from datahub_actions.cli.actions import actions`: a command another package adds.
                if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("datahub_"):
                    external.extend(alias.asname or alias.name for alias in node.names)

    def resolve(module: str, name: str, depth: int = 0) -> Optional[Tuple[str, str]]:
        if (module, name) in commands:
            return (module, name)
        if (module, name) in imports and depth < 10:
            return resolve(*imports[(module, name)], depth + 1)
        return None

    children: Dict[Tuple[str, str], List[Tuple[str, Tuple[str, str]]]] = {}
    for key, facts in commands.items():
        if facts["parent"]:
            parent = resolve(key[0], facts["parent"])
            if parent:
                children.setdefault(parent, []).append((facts["name"], key))
    for module, parent_var, child_var, explicit in attachments:
        parent, child = resolve(module, parent_var), resolve(module, child_var)
        if parent and child:
            children.setdefault(parent, []).append((explicit or commands[child]["name"], child))

    root = resolve("datahub.entrypoints", "datahub")
    tree: Dict[str, dict] = {}

    def visit(key: Tuple[str, str], path: str):
        facts = commands[key]
        subs = sorted(children.get(key, []))
        entry = {"options": sorted(facts["options"], key=lambda o: o["names"][0])}
        if facts["group"]:
            entry["subcommands"] = [name for name, _ in subs]
            if facts["default"]:
                entry["default"] = facts["default"]
        tree[path] = entry
        for name, child in subs:
            visit(child, f"{path} {name}")

    visit(root, "datahub")
    commit = git(git_dir, "rev-parse", f"{tag}^{{commit}}").strip()
    document = {
        "release": tag,
        "commit": commit,
        "derivedBy": "scripts/reference/extract_cli.py (see data/reference/README.md)",
        "external": sorted(set(external)),
        "commands": tree,
    }
    with open(out, "w") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    print(f"{out}: {len(tree)} commands and groups, {sum(len(c['options']) for c in tree.values())} options from {tag} ({commit[:8]})")


if __name__ == "__main__":
    main()
