#!/usr/bin/env python3
"""Writes data/reference/integration-settings-<tag>.json: the settings of the integrations that are not ingestion
sources (no pydantic config class), read from the release's code:
- spark: the `spark.datahub.*` keys of the Spark listener, from the `static final String ..._KEY` constants of
  metadata-integration/java/spark-lineage/src/main/java (a constant built as `OTHER_KEY + ".x"` is followed);
- airflow: the `[datahub]` settings the Airflow plugin reads with `conf.get("datahub", name, fallback=default)` in
  metadata-ingestion/src/datahub_provider/_plugin.py, with their fallbacks as defaults;
- great-expectations: the keyword parameters of `DataHubValidationAction.__init__` (the action's `action:` block in a
  checkpoint), with their defaults;
- protobuf: the `--` options of the `Proto2DataHub` command line (`Option.builder().longOpt("x")`).
Slack and Microsoft Teams are actions of the separate datahub-actions repository, so they are not here.

Usage: python3 scripts/reference/extract_integration_settings.py <git-dir with the tag> [tag] [out]
"""
import ast
import json
import re
import subprocess
import sys


def git(git_dir: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True).stdout


def literal(node):
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        text = ast.unparse(node)
        return "PROD" if text.endswith("DEFAULT_ENV") else text


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: extract_integration_settings.py <git-dir with the release tag> [tag, default v0.10.5] [out file]")
    git_dir = sys.argv[1]
    tag = sys.argv[2] if len(sys.argv) > 2 else "v0.10.5"
    out = sys.argv[3] if len(sys.argv) > 3 else f"data/reference/integration-settings-{tag}.json"
    show = lambda path: git(git_dir, "show", f"{tag}:{path}")  # noqa: E731
    files = git(git_dir, "ls-tree", "-r", "--name-only", tag).split("\n")

    # Spark: constants of the listener and its helpers.
    constants = {}
    for path in files:
        if path.startswith("metadata-integration/java/spark-lineage/src/main/java/") and path.endswith(".java"):
            for name, value in re.findall(r'static final String (\w+)\s*=\s*([^;]+);', show(path)):
                constants[name] = value.strip()

    def evaluate(value: str, depth: int = 0) -> str:
        parts = [p.strip() for p in value.split("+")]
        text = ""
        for part in parts:
            if part.startswith('"'):
                text += part.strip('"')
            elif part in constants and depth < 5:
                text += evaluate(constants[part], depth + 1)
            else:
                return ""
        return text

    # The constants the listener reads configuration with (`conf.hasPath(X)`, `conf.getString(X)`, ...), and the
    # `..._KEY` constants; a key that is only the tail or the head of a longer one (`platformInstance`, read inside
    # `metadata.pipeline`) is dropped in favour of the full path.
    used = set()
    for path in files:
        if path.startswith("metadata-integration/java/spark-lineage/src/main/java/") and path.endswith(".java"):
            used |= set(re.findall(r"\.(?:hasPath|getString|getBoolean|getInt|getLong|getConfig|getStringList)\((\w+)\)", show(path)))
    keys = {evaluate(constants[name]) for name in constants if (name in used or name.endswith("_KEY"))}
    keys = {k for k in keys if k and "." in k or k in ("coalesce_jobs", "transport")}
    keys = {k for k in keys if not any(other != k and (other.startswith(k + ".") or other.endswith("." + k)) for other in keys)}
    spark = {k if k.startswith("spark.") else f"spark.datahub.{k}" for k in keys}

    # Airflow: conf.get("datahub", name, fallback=...).
    airflow = {}
    tree = ast.parse(show("metadata-ingestion/src/datahub_provider/_plugin.py"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("conf.get") and len(node.args) >= 2:
            if literal(node.args[0]) == "datahub":
                fallback = next((k.value for k in node.keywords if k.arg == "fallback"), None)
                airflow[literal(node.args[1])] = {"default": literal(fallback) if fallback is not None else None}

    # Great Expectations: DataHubValidationAction.__init__ keyword parameters.
    great_expectations = {}
    tree = ast.parse(show("metadata-ingestion/src/datahub/integrations/great_expectations/action.py"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "DataHubValidationAction":
            init = next(f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__")
            args = init.args.args[1:]
            defaults = [None] * (len(args) - len(init.args.defaults)) + list(init.args.defaults)
            for arg, default in zip(args, defaults):
                if arg.arg == "data_context":
                    continue
                great_expectations[arg.arg] = {"default": literal(default) if default is not None else None, "required": default is None}

    # Protobuf: Proto2DataHub long options.
    proto = show("metadata-integration/java/datahub-protobuf/src/main/java/datahub/protobuf/Proto2DataHub.java")
    protobuf = sorted(f"--{name}" for name in re.findall(r'\.longOpt\("([\w-]+)"\)', proto))

    commit = git(git_dir, "rev-parse", f"{tag}^{{commit}}").strip()
    document = {
        "release": tag,
        "commit": commit,
        "derivedBy": "scripts/reference/extract_integration_settings.py (see data/reference/README.md)",
        "integrations": {
            "airflow": {"settings": dict(sorted(airflow.items()))},
            "great-expectations": {"settings": dict(sorted(great_expectations.items()))},
            "protobuf": {"settings": {flag: {} for flag in protobuf}},
            "spark": {"settings": {key: {} for key in sorted(spark)}},
        },
    }
    with open(out, "w") as handle:
        json.dump(document, handle, indent=1, sort_keys=False)
        handle.write("\n")
    counts = ", ".join(f"{k} {len(v['settings'])}" for k, v in document["integrations"].items())
    print(f"{out}: {counts} settings from {tag} ({commit[:8]})")


if __name__ == "__main__":
    main()
