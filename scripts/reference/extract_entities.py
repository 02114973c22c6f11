#!/usr/bin/env python3
"""Writes data/reference/entities-<tag>.json: the entities of a DataHub release's entity registry and every aspect
they name, with each aspect's fields (name, type, optionality, default), searchable fields and relationships.

Usage: python3 scripts/reference/extract_entities.py <git-dir of a datahub clone with the tag> [tag] [out]

It reads the release through `git cat-file` (nothing is checked out or copied) and parses the PDL (Pegasus schema
language) files itself, with the standard library only. What it follows, and why:
- entities: metadata-models/src/main/resources/entity-registry.yml, in file order: name, category (absent for some
  entities; kept as null), key aspect and aspects in the order the registry lists them;
- aspects: the record under metadata-models/src/main/pegasus/ (types it uses may live in li-utils/src/main/pegasus/)
  whose `@Aspect` annotation has that name; `"type": "timeseries"` there makes a timeseries aspect;
- fields: the record's own fields after those of its `includes`, in declaration order, each with its type as written
  (`array[Owner]`, `map[string, string]`, `union[string, int]`), `optional`, the default when there is one, and
  `deprecated` when the field carries `@deprecated`; fields whose type is an enum (or an array of one) list its
  symbols;
- searchable and relationship annotations the way the registry's extractors read them: the annotation on a field of
  a primitive type applies to it; on a record, array or union field its keys are paths below the field
  (`"/*/tag"`); records reached through fields are walked too, so `Owner.owner` inside `ownership` yields the
  path `owners/*/owner`; an annotation declared nearer the aspect wins over one declared deeper at the same path
  (how SchemaField's `globalTags` renames TaggedWith to SchemaFieldTaggedWith); on a map field the annotation
  applies to the map itself; a searchable name already used at another path is renamed from the path, as the
  registry does.
Doc comments are not copied: the file holds names, types and annotations only.
"""
import json
import re
import sys
from typing import Dict, List, Optional, Tuple

from release_git import cat_files, git

PEGASUS_DIRS = ["metadata-models/src/main/pegasus/", "li-utils/src/main/pegasus/"]
REGISTRY = "metadata-models/src/main/resources/entity-registry.yml"
PRIMITIVES = {"string", "int", "long", "float", "double", "boolean", "bytes", "null"}
NAMED_KINDS = ("record", "enum", "typeref", "fixed")


# ---------------------------------------------------------------- git


class Release:
    def __init__(self, git_dir: str, tag: str):
        self.git_dir = git_dir
        self.tag = tag

    def git(self, *args: str) -> str:
        return git(self.git_dir, *args)

    def files(self, prefix: str, suffix: str) -> List[str]:
        return [p for p in self.git("ls-tree", "-r", "--name-only", self.tag, prefix).split("\n") if p.endswith(suffix)]

    def cat(self, paths: List[str]) -> List[str]:
        return cat_files(self.git_dir, self.tag, paths)


# ---------------------------------------------------------------- PDL tokens and parser

TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<doc>/\*\*.*?\*/)
  | (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<number>-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)
  | (?P<name>(?:`[^`]+`|[A-Za-z_][A-Za-z0-9_]*)(?:\.(?:`[^`]+`|[A-Za-z_][A-Za-z0-9_]*))*)
  | (?P<punct>[{}\[\]():,=@?])
    """,
    re.S | re.X,
)


def tokenize(text: str, path: str, docs: Optional[Dict[int, str]] = None) -> List[Tuple[str, str]]:
    """PDL tokens; a doc comment is kept in `docs`, keyed by the index of the token it precedes."""
    tokens, at = [], 0
    while at < len(text):
        match = TOKEN.match(text, at)
        if not match:
            raise SyntaxError(f"{path}: cannot read {text[at:at + 30]!r}")
        at = match.end()
        kind = match.lastgroup
        if kind == "doc" and docs is not None:
            docs[len(tokens)] = match.group()
        if kind in ("ws", "comment", "doc"):
            continue
        value = match.group()
        if kind == "name" and "`" in value:
            # An escaped segment (`@validate.`com.x.Validator``) is one name part; keep it whole, minus the quotes.
            value = ".".join(part.strip("`") for part in re.findall(r"`[^`]+`|[^.`]+", value))
        tokens.append((kind, value))
    return tokens


class Decl:
    """A named PDL type: record, enum, typeref or fixed."""

    def __init__(self, kind: str, fqn: str, file: "PdlFile", props: dict):
        self.kind = kind
        self.fqn = fqn
        self.file = file
        self.props = props
        self.fields: List[dict] = []  # records: {name, type, optional, default?, props}
        self.includes: List[dict] = []  # records: type expressions
        self.symbols: List[str] = []  # enums
        self.ref: Optional[dict] = None  # typerefs
        self.doc: Optional[str] = None


class PdlFile:
    def __init__(self, path: str):
        self.path = path
        self.namespace = ""
        self.imports: Dict[str, str] = {}  # simple name -> fully qualified name
        self.local: Dict[str, str] = {}  # simple names declared in this file -> fqn


class Parser:
    def __init__(self, tokens: List[Tuple[str, str]], file: PdlFile, decls: Dict[str, Decl], docs: Dict[int, str]):
        self.tokens = tokens
        self.docs = docs
        self.at = 0
        self.file = file
        self.decls = decls

    def peek(self, offset: int = 0) -> Tuple[str, str]:
        index = self.at + offset
        return self.tokens[index] if index < len(self.tokens) else ("eof", "")

    def take(self, value: Optional[str] = None) -> str:
        kind, text = self.peek()
        if value is not None and text != value:
            raise SyntaxError(f"{self.file.path}: expected {value!r}, found {text!r} (token {self.at})")
        if kind == "eof":
            raise SyntaxError(f"{self.file.path}: unexpected end of file")
        self.at += 1
        return text

    def accept(self, value: str) -> bool:
        if self.peek()[1] == value and self.peek()[0] in ("name", "punct"):
            self.at += 1
            return True
        return False

    # JSON as PDL writes it: commas between members are optional.
    def value(self):
        kind, text = self.peek()
        if text == "{" and kind == "punct":
            self.take()
            out = {}
            while not self.accept("}"):
                key_kind, key = self.peek()
                self.take()
                key = json.loads(key) if key_kind == "string" else key
                self.take(":")
                out[key] = self.value()
                self.accept(",")
            return out
        if text == "[" and kind == "punct":
            self.take()
            items = []
            while not self.accept("]"):
                items.append(self.value())
                self.accept(",")
            return items
        self.take()
        if kind == "string":
            return json.loads(text)
        if kind == "number":
            return float(text) if any(c in text for c in ".eE") else int(text)
        if text in ("true", "false", "null"):
            return {"true": True, "false": False, "null": None}[text]
        return text

    def props(self) -> dict:
        """Annotations before a declaration, field, symbol or type: `@a.b = value` or bare `@a` (true)."""
        props: dict = {}
        while self.peek() == ("punct", "@"):
            self.take()
            name = self.take()
            value = self.value() if self.accept("=") else True
            target = props
            parts = name.split(".")
            for part in parts[:-1]:
                target = target.setdefault(part, {})
                if not isinstance(target, dict):
                    break
            else:
                target[parts[-1]] = value
        return props

    def fqn(self, name: str) -> str:
        return name if "." in name else (f"{self.file.namespace}.{name}" if self.file.namespace else name)

    def parse_file(self):
        self.props()
        if self.accept("namespace"):
            self.file.namespace = self.take()
        if self.accept("package"):
            self.take()
        while self.accept("import"):
            full = self.take()
            self.file.imports[full.split(".")[-1]] = full
        while self.peek()[0] != "eof":
            start = self.at
            props = self.props()
            decl = self.named(props)
            decl.doc = self.docs.get(start)

    def named(self, props: dict) -> Decl:
        kind = self.take()
        if kind not in NAMED_KINDS:
            raise SyntaxError(f"{self.file.path}: expected a type declaration, found {kind!r}")
        name = self.take()
        decl = Decl(kind, self.fqn(name), self.file, props)
        self.file.local[name.split(".")[-1]] = decl.fqn
        self.decls[decl.fqn] = decl
        if kind == "record":
            if self.accept("includes"):
                decl.includes.append(self.type_expr())
                while self.accept(","):
                    decl.includes.append(self.type_expr())
            self.take("{")
            while not self.accept("}"):
                start = self.at
                field_props = self.props()
                field_name = self.take()
                self.take(":")
                optional = self.accept("optional")
                field = {"name": field_name, "type": self.type_expr(), "optional": optional, "props": field_props}
                if start in self.docs:
                    field["doc"] = self.docs[start]
                if self.accept("="):
                    field["default"] = self.value()
                decl.fields.append(field)
                self.accept(",")
        elif kind == "enum":
            self.take("{")
            while not self.accept("}"):
                self.props()
                decl.symbols.append(self.take())
                self.accept(",")
        elif kind == "typeref":
            self.take("=")
            decl.ref = self.type_expr()
        elif kind == "fixed":
            self.take()
        return decl

    def type_expr(self) -> dict:
        props = self.props()
        kind, text = self.peek()
        if text in NAMED_KINDS and kind == "name" and self.peek(1)[0] == "name":
            decl = self.named(props)
            return {"kind": "inline", "fqn": decl.fqn, "name": decl.fqn.split(".")[-1]}
        if text == "array" and self.peek(1)[1] == "[":
            self.take()
            self.take("[")
            items = self.type_expr()
            self.take("]")
            return {"kind": "array", "items": items}
        if text == "map" and self.peek(1)[1] == "[":
            self.take()
            self.take("[")
            keys = self.type_expr()
            self.take(",")
            values = self.type_expr()
            self.take("]")
            return {"kind": "map", "keys": keys, "values": values}
        if text == "union" and self.peek(1)[1] == "[":
            self.take()
            self.take("[")
            members = []
            while not self.accept("]"):
                self.props()
                alias = None
                if self.peek()[0] == "name" and self.peek(1)[1] == ":":
                    alias = self.take()
                    self.take(":")
                members.append({"alias": alias, "type": self.type_expr()})
                self.accept(",")
            return {"kind": "union", "members": members}
        name = self.take()
        return {"kind": "ref", "name": name, "file": self.file}


# ---------------------------------------------------------------- the schema graph


class Schema:
    def __init__(self, release: Release):
        self.decls: Dict[str, Decl] = {}
        self.problems: List[str] = []
        paths = [p for d in PEGASUS_DIRS for p in release.files(d, ".pdl")]
        for path, text in zip(paths, release.cat(paths)):
            file = PdlFile(path)
            docs: Dict[int, str] = {}
            Parser(tokenize(text, path, docs), file, self.decls, docs).parse_file()

    def resolve(self, expr: dict) -> Optional[Decl]:
        """The declaration a type expression names (None for primitives, arrays, maps and unions)."""
        if expr["kind"] == "inline":
            return self.decls[expr["fqn"]]
        if expr["kind"] != "ref":
            return None
        name, file = expr["name"], expr["file"]
        if name in PRIMITIVES:
            return None
        for candidate in (file.local.get(name), file.imports.get(name), f"{file.namespace}.{name}", name):
            if candidate and candidate in self.decls:
                return self.decls[candidate]
        self.problems.append(f"{file.path}: type {name} not found")
        return None

    def deref(self, expr: dict) -> Tuple[dict, Optional[Decl]]:
        """Follows typerefs: the underlying expression and the record/enum/fixed it names, if any."""
        seen = 0
        while True:
            decl = self.resolve(expr)
            if decl is None or decl.kind != "typeref" or seen > 20:
                return expr, decl
            expr, seen = decl.ref, seen + 1

    def written(self, expr: dict) -> str:
        """A type as the PDL writes it, with inline declarations shown by their name."""
        kind = expr["kind"]
        if kind == "array":
            return f"array[{self.written(expr['items'])}]"
        if kind == "map":
            return f"map[{self.written(expr['keys'])}, {self.written(expr['values'])}]"
        if kind == "union":
            parts = [(f"{m['alias']}: " if m["alias"] else "") + self.written(m["type"]) for m in expr["members"]]
            return f"union[{', '.join(parts)}]"
        return expr["name"].split(".")[-1]

    def member_key(self, member: dict) -> str:
        """The path component of a union member: its alias, else the dereferenced type's name."""
        if member["alias"]:
            return member["alias"]
        expr, decl = self.deref(member["type"])
        if decl is None:
            return expr["name"] if expr["kind"] == "ref" else expr["kind"]
        return decl.fqn

    def record_fields(self, decl: Decl, stack: Tuple[str, ...] = ()) -> List[Tuple[dict, str]]:
        """(field, declaring record) of a record, included records' fields first, in declaration order."""
        out: List[Tuple[dict, str]] = []
        for include in decl.includes:
            included = self.resolve(include)
            if included is not None and included.kind == "record" and included.fqn not in stack:
                out.extend(self.record_fields(included, stack + (decl.fqn,)))
        out.extend((field, decl.fqn) for field in decl.fields)
        return out


class Annotations:
    """Walks an aspect's schema the way the registry's field-spec extractors do, collecting one annotation kind."""

    def __init__(self, schema: Schema, annotation: str):
        self.schema = schema
        self.annotation = annotation
        self.found: List[Tuple[str, dict]] = []

    def walk_record(self, decl: Decl, path: List[str], overrides: Dict[str, dict], stack: Tuple[str, ...]):
        if decl.fqn in stack:
            return
        for field, _ in self.schema.record_fields(decl):
            self.walk_field(field, path + [field["name"]], overrides, stack + (decl.fqn,))

    def walk_field(self, field: dict, path: List[str], overrides: Dict[str, dict], stack: Tuple[str, ...]):
        own = field["props"].get(self.annotation)
        expr, decl = self.schema.deref(field["type"])
        here = "/".join(path)
        if expr["kind"] in ("array", "union") or (decl is not None and decl.kind == "record"):
            merged = dict(overrides)
            if isinstance(own, dict):
                for key, value in own.items():
                    if key.startswith("/"):
                        # A declaration nearer the aspect root wins over a deeper one at the same path.
                        merged.setdefault(here + key, value)
            self.walk_type(field["type"], path, merged, stack)
            return
        if expr["kind"] == "map":
            value = overrides.get(here)
            if value is None and isinstance(own, dict) and own:
                first = next(iter(own.values()))
                value = first if all(k.startswith("/") for k in own) else own
            if value is not None:
                self.found.append((here, value))
            return
        value = overrides.get(here, own)
        if value is not None:
            self.found.append((here, value if isinstance(value, dict) else {}))

    def walk_type(self, expr: dict, path: List[str], overrides: Dict[str, dict], stack: Tuple[str, ...]):
        here = "/".join(path)
        expr, decl = self.schema.deref(expr)
        if expr["kind"] == "array":
            self.walk_type(expr["items"], path + ["*"], overrides, stack)
        elif expr["kind"] == "map":
            return  # annotations below a map's values are ignored by the registry
        elif expr["kind"] == "union":
            for member in expr["members"]:
                key = self.schema.member_key(member)
                self.walk_type(member["type"], path + [key], overrides, stack)
        elif decl is not None and decl.kind == "record":
            self.walk_record(decl, path, overrides, stack)
        elif here in overrides:
            # A primitive reached through a path override (an array of URNs, a union member).
            self.found.append((here, overrides[here]))


# ---------------------------------------------------------------- registry


def read_registry(text: str) -> List[dict]:
    """The `entities:` list of entity-registry.yml (a small, regular YAML subset: no library needed)."""
    entities: List[dict] = []
    in_entities = False
    current: Optional[dict] = None
    list_key: Optional[str] = None
    for raw in text.split("\n"):
        line = re.sub(r"\s+#.*$", "", raw.rstrip())
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith(" "):
            in_entities = line.startswith("entities:")
            continue
        if not in_entities:
            continue
        match = re.match(r"^  - name:\s*(\S+)$", line)
        if match:
            current = {"name": match.group(1), "category": None, "keyAspect": None, "aspects": []}
            entities.append(current)
            list_key = None
            continue
        match = re.match(r"^    (\w+):\s*(.*)$", line)
        if match and current is not None:
            key, value = match.group(1), match.group(2).strip()
            list_key = None
            if key in ("category", "keyAspect"):
                current[key] = value
            elif key == "aspects":
                if value == "[]":
                    current["aspects"] = []
                else:
                    list_key = "aspects"
            continue
        match = re.match(r"^      - (\S+)$", line)
        if match and current is not None and list_key == "aspects":
            current["aspects"].append(match.group(1))
    return entities


# ---------------------------------------------------------------- extraction


def field_entry(schema: Schema, field: dict, declared_in: str, aspect_record: str) -> dict:
    entry = {"name": field["name"], "type": schema.written(field["type"]), "optional": field["optional"]}
    if "default" in field:
        entry["default"] = field["default"]
    props = field["props"]
    if "deprecated" in props or "Deprecated" in props:
        entry["deprecated"] = True
    expr, decl = schema.deref(field["type"])
    if expr["kind"] == "array":
        expr, decl = schema.deref(expr["items"])
    if decl is not None and decl.kind == "enum":
        entry["symbols"] = decl.symbols
    if declared_in != aspect_record:
        entry["includedFrom"] = declared_in.split(".")[-1]
    return entry


def searchable_entries(schema: Schema, decl: Decl) -> List[dict]:
    walker = Annotations(schema, "Searchable")
    walker.walk_record(decl, [], {}, ())
    out, used = [], {}
    for path, value in walker.found:
        components = path.split("/")
        default_name = components[-2] if components[-1] == "*" and len(components) > 1 else components[-1]
        name = value.get("fieldName", default_name)
        if name in used and used[name] != path:
            name = path.replace("/", "_").replace("*", "").lstrip("_")
        used[name] = path
        entry = {"path": path, "fieldName": name}
        if "fieldType" in value:
            entry["fieldType"] = value["fieldType"]
        if value.get("addToFilters") in (True, "true"):
            entry["addToFilters"] = True
        out.append(entry)
    return out


def relationship_entries(schema: Schema, decl: Decl) -> List[dict]:
    walker = Annotations(schema, "Relationship")
    walker.walk_record(decl, [], {}, ())
    out = []
    for path, value in walker.found:
        entry = {"name": value.get("name"), "entityTypes": value.get("entityTypes", []), "path": path}
        if value.get("isLineage") in (True, "true"):
            entry["isLineage"] = True
        if value.get("isUpstream") in (False, "false"):
            entry["isUpstream"] = False
        out.append(entry)
    return out


def main():
    args = sys.argv[1:]
    # --docs FILE also writes the doc comments of each aspect and field, for a writer to read beside the model while
    # writing the site's own descriptions; they are the release's text, so the file belongs in .scratch/, never in a
    # commit.
    docs_out = None
    if "--docs" in args:
        at = args.index("--docs")
        docs_out = args[at + 1]
        del args[at : at + 2]
    if not args:
        sys.exit("usage: extract_entities.py <git-dir with the release tag> [tag, default v0.10.5] [out file] [--docs FILE]")
    git_dir = args[0]
    tag = args[1] if len(args) > 1 else "v0.10.5"
    out_path = args[2] if len(args) > 2 else f"data/reference/entities-{tag}.json"
    release = Release(git_dir, tag)
    commit = release.git("rev-parse", f"{tag}^{{commit}}").strip()
    schema = Schema(release)

    by_aspect: Dict[str, Decl] = {}
    for decl in schema.decls.values():
        aspect = decl.props.get("Aspect")
        if decl.kind == "record" and isinstance(aspect, dict) and "name" in aspect and decl.file.path.startswith(PEGASUS_DIRS[0]):
            if aspect["name"] in by_aspect:
                schema.problems.append(f"aspect {aspect['name']} declared by {by_aspect[aspect['name']].fqn} and {decl.fqn}")
            by_aspect[aspect["name"]] = decl

    entities = read_registry(release.cat([REGISTRY])[0])
    named: List[str] = []
    for entity in entities:
        for name in [entity["keyAspect"], *entity["aspects"]]:
            if name not in named:
                named.append(name)
    key_aspects = {e["keyAspect"] for e in entities}

    aspects: Dict[str, dict] = {}
    for name in sorted(named):
        decl = by_aspect.get(name)
        if decl is None:
            schema.problems.append(f"aspect {name} of the registry has no @Aspect record")
            continue
        annotation = decl.props["Aspect"]
        fields = [field_entry(schema, f, owner, decl.fqn) for f, owner in schema.record_fields(decl)]
        aspects[name] = {
            "record": decl.fqn,
            "file": decl.file.path,
            "kind": "timeseries" if annotation.get("type") == "timeseries" else "regular",
            "key": name in key_aspects,
            "deprecated": "deprecated" in decl.props or "Deprecated" in decl.props,
            "fields": fields,
            "searchable": searchable_entries(schema, decl),
            "relationships": relationship_entries(schema, decl),
        }

    # One entity, aspect head, field, searchable field or relationship per line keeps a regeneration's diff readable.
    lines = ["{"]
    lines.append(f'  "release": {json.dumps(tag)},')
    lines.append(f'  "commit": {json.dumps(commit)},')
    lines.append(f'  "derivedBy": {json.dumps("scripts/reference/extract_entities.py (see data/reference/README.md)")},')
    lines.append('  "entities": [')
    for i, entity in enumerate(entities):
        comma = "," if i < len(entities) - 1 else ""
        lines.append(f"    {json.dumps(entity)}{comma}")
    lines.append("  ],")
    lines.append('  "aspects": {')
    names = list(aspects)
    for i, name in enumerate(names):
        aspect = aspects[name]
        lines.append(f"    {json.dumps(name)}: {{")
        for key in ("record", "file", "kind", "key", "deprecated"):
            lines.append(f"      {json.dumps(key)}: {json.dumps(aspect[key])},")
        for j, key in enumerate(("fields", "searchable", "relationships")):
            items = aspect[key]
            tail = "," if j < 2 else ""
            if not items:
                lines.append(f"      {json.dumps(key)}: []{tail}")
                continue
            lines.append(f"      {json.dumps(key)}: [")
            for k, item in enumerate(items):
                lines.append(f"        {json.dumps(item)}{',' if k < len(items) - 1 else ''}")
            lines.append(f"      ]{tail}")
        lines.append("    }" + ("," if i < len(names) - 1 else ""))
    lines.append("  }")
    lines.append("}")
    with open(out_path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    if docs_out:
        clean = lambda doc: re.sub(r"\s+", " ", re.sub(r"^\s*\*+ ?", "", (doc or "")[3:-2], flags=re.M)).strip()
        written = {}
        for name in aspects:
            decl = by_aspect[name]
            written[name] = {"(aspect)": clean(decl.doc), **{f["name"]: clean(f.get("doc")) for f, _ in schema.record_fields(decl)}}
        with open(docs_out, "w") as handle:
            json.dump(written, handle, indent=1)
    fields = sum(len(a["fields"]) for a in aspects.values())
    relationships = sum(len(a["relationships"]) for a in aspects.values())
    print(f"{out_path}: {len(entities)} entities, {len(aspects)} aspects, {fields} fields, {relationships} relationships from {tag} ({commit[:8]})")
    for problem in sorted(set(schema.problems)):
        print(f"  {problem}", file=sys.stderr)


if __name__ == "__main__":
    main()
