#!/usr/bin/env python3
"""Writes data/reference/source-options-<tag>.json: every ingestion source plugin of a DataHub release with the
options its pydantic config class accepts (name, annotation, default, required), inheritance resolved.

Usage: python3 scripts/reference/extract_source_options.py <git-dir of a datahub clone with the tag> [tag] [out]

It reads the release through `git cat-file` (nothing is checked out or copied) and parses the Python with the
standard library's `ast`, so a multi-line `Field(...)` or a base class imported under another name is read the
way Python reads it. What it follows, and why:
- plugins: the `datahub.ingestion.source.plugins` entry points of metadata-ingestion/setup.py (what a recipe's
  `type` names);
- config class: the source class's `@config_class(X)` decorator, else the `X.parse_obj(...)` call in its methods,
  searching its base classes too;
- fields: annotated class attributes, and un-annotated `name = Field(...)` overrides (pydantic v1 keeps the
  parent's type); `alias=` renames the option; `Optional[...]` without a default defaults to None; a class
  attribute starting with `_` is private;
- deprecated names still accepted: `pydantic_renamed_field(old, new)` and `pydantic_removed_field(name)`;
- nested options: a field whose type is itself a config class (directly or in Optional) is expanded as
  `field.sub`, up to three levels, so `profiling.enabled` and `stateful_ingestion.enabled` can be checked;
- defaults: Python literals as JSON; a module constant or an enum member is followed to its literal; anything
  else (a factory, `timedelta(...)`) is kept as the expression's source text with `"defaultIsExpression": true`.
"""
import ast
import json
import re
import sys
from typing import Dict, List, Optional, Tuple

from release_git import cat_files, git

SRC = "metadata-ingestion/src/"
MAX_DEPTH = 3
MODEL_ROOTS = {"BaseModel", "ConfigModel", "PermissiveConfigModel", "BaseSettings"}


class Module:
    def __init__(self, name: str, tree: ast.Module, is_package: bool):
        self.name = name
        self.tree = tree
        self.is_package = is_package
        self.classes: Dict[str, ast.ClassDef] = {}
        self.imports: Dict[str, Tuple[str, Optional[str]]] = {}  # local name -> (module, name or None for a module)
        self.constants: Dict[str, ast.expr] = {}
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
            elif isinstance(node, ast.ImportFrom):
                base = self._absolute(node.module, node.level)
                for alias in node.names:
                    self.imports[alias.asname or alias.name] = (base, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.imports[alias.asname] = (alias.name, None)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self.constants[node.targets[0].id] = node.value
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                self.constants[node.target.id] = node.value

    def _absolute(self, module: Optional[str], level: int) -> str:
        if level == 0:
            return module or ""
        parts = self.name.split(".")
        if not self.is_package:
            parts = parts[:-1]
        parts = parts[: len(parts) - (level - 1)]
        return ".".join(parts + ([module] if module else []))


class Release:
    def __init__(self, git_dir: str, tag: str):
        self.git_dir = git_dir
        self.tag = tag
        self.modules: Dict[str, Module] = {}
        paths = self._git("ls-tree", "-r", "--name-only", tag, SRC + "datahub").split("\n")
        paths = [p for p in paths if p.endswith(".py")]
        for path, text in zip(paths, self._cat(paths)):
            rel = path[len(SRC):-3]
            is_package = rel.endswith("/__init__")
            name = rel[: -len("/__init__")] if is_package else rel
            try:
                tree = ast.parse(text)
            except SyntaxError as error:
                sys.exit(f"{path}: does not parse with this Python ({error}); run the script with Python 3.9 or later")
            self.modules[name.replace("/", ".")] = Module(name.replace("/", "."), tree, is_package)

    def _git(self, *args: str) -> str:
        return git(self.git_dir, *args)

    def _cat(self, paths: List[str]) -> List[str]:
        return cat_files(self.git_dir, self.tag, paths)

    def file(self, path: str) -> str:
        return self._git("show", f"{self.tag}:{path}")

    def resolve(self, module: str, name: str, depth: int = 0) -> Optional[Tuple[Module, str, str]]:
        """The (module, kind, name) a name means in a module: kind is "class" or "constant"; None when external."""
        mod = self.modules.get(module)
        if mod is None or depth > 12:
            return None
        if name in mod.classes:
            return (mod, "class", name)
        if name in mod.imports:
            source, imported = mod.imports[name]
            if imported is None:
                return None
            found = self.resolve(source, imported, depth + 1)
            if found is None and f"{source}.{imported}" in self.modules:
                return None
            return found
        if name in mod.constants:
            return (mod, "constant", name)
        return None

    def resolve_expr(self, module: str, expr: ast.expr) -> Optional[Tuple[Module, str, str]]:
        if isinstance(expr, ast.Name):
            return self.resolve(module, expr.id)
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
            mod = self.modules.get(module)
            if mod and expr.value.id in mod.imports:
                source, imported = mod.imports[expr.value.id]
                # `import a.b as m` or `from a import b` where b is a module: m.NAME / b.NAME.
                target = source if imported is None else f"{source}.{imported}"
                if target in self.modules:
                    return self.resolve(target, expr.attr)
        if isinstance(expr, ast.Subscript):
            return None
        return None


def call_name(node: ast.AST) -> Optional[str]:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    return None


def strip_optional(annotation: ast.expr) -> ast.expr:
    """Optional[X], Union[X, None] and X | None -> X; anything else as it is."""
    if isinstance(annotation, ast.Subscript):
        head = ast.unparse(annotation.value)
        inner = annotation.slice
        if head in ("Optional", "typing.Optional"):
            return strip_optional(inner)
        if head in ("Union", "typing.Union") and isinstance(inner, ast.Tuple):
            members = [e for e in inner.elts if ast.unparse(e) != "None"]
            if len(members) == 1:
                return strip_optional(members[0])
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        members = [e for e in (annotation.left, annotation.right) if ast.unparse(e) != "None"]
        if len(members) == 1:
            return strip_optional(members[0])
    return annotation


def is_optional(annotation: ast.expr) -> bool:
    text = ast.unparse(annotation)
    return text.startswith("Optional[") or "None" in re.split(r"[\[\],| ]+", text)


class Extractor:
    def __init__(self, release: Release):
        self.release = release

    def literal(self, module: str, expr: ast.expr, depth: int = 0):
        """(value, is_literal): the JSON value of a default expression, following constants and enum members."""
        try:
            return ast.literal_eval(expr), True
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            pass
        if depth > 5:
            return ast.unparse(expr), False
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Pow, ast.Mult, ast.Add)):
            left, left_ok = self.literal(module, expr.left, depth + 1)
            right, right_ok = self.literal(module, expr.right, depth + 1)
            if left_ok and right_ok and isinstance(left, (int, float)) and isinstance(right, (int, float)):
                ops = {ast.Pow: lambda a, b: a ** b, ast.Mult: lambda a, b: a * b, ast.Add: lambda a, b: a + b}
                return ops[type(expr.op)](left, right), True
        if isinstance(expr, ast.Call) and ast.unparse(expr) in ("dict()", "list()"):
            return ({} if ast.unparse(expr) == "dict()" else []), True
        if isinstance(expr, ast.Name):
            found = self.release.resolve(module, expr.id)
            if found and found[1] == "constant":
                return self.literal(found[0].name, found[0].constants[found[2]], depth + 1)
        if isinstance(expr, ast.Attribute):
            found = self.release.resolve_expr(module, expr)
            if found and found[1] == "constant":
                return self.literal(found[0].name, found[0].constants[found[2]], depth + 1)
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, (ast.Name, ast.Attribute)):
            owner = self.release.resolve_expr(module, expr.value)
            if owner and owner[1] == "class":
                for member, value in self.members(owner[0].name, owner[2]):
                    if member == expr.attr:
                        if call_name(value) == "auto":
                            # ConfigEnum's auto() values are the member names (and are matched ignoring case).
                            return member, True
                        return self.literal(owner[0].name, value, depth + 1)
            if owner is None and isinstance(expr.value, ast.Name) and expr.value.id.endswith("Class") and expr.attr.isupper():
                # An enum of the generated metadata model (FabricTypeClass.PROD): its symbols are their own values.
                return expr.attr, True
        if call_name(expr) == "SecretStr" and isinstance(expr, ast.Call) and expr.args:
            return self.literal(module, expr.args[0], depth + 1)
        return ast.unparse(expr), False

    def bases(self, module: str, cls: ast.ClassDef) -> List[Tuple[str, str]]:
        """Resolved (module, class) of a class's bases, in declaration order; external bases as ("", name)."""
        out = []
        for base in cls.bases:
            target = base.value if isinstance(base, ast.Subscript) else base
            found = self.release.resolve_expr(module, target)
            if found and found[1] == "class":
                out.append((found[0].name, found[2]))
            else:
                out.append(("", ast.unparse(target).split(".")[-1]))
        return out

    def mro(self, module: str, name: str) -> List[Tuple[str, str]]:
        """C3-like linearisation is overkill here: depth-first, left to right, each class once, most derived first."""
        order: List[Tuple[str, str]] = []

        def visit(mod: str, cls_name: str):
            key = (mod, cls_name)
            if key in order:
                order.remove(key)
            order.append(key)
            if mod:
                for base in self.bases(mod, self.release.modules[mod].classes[cls_name]):
                    visit(*base)

        visit(module, name)
        # Python puts a shared base after every class deriving from it: keep the last occurrence of each.
        seen, result = set(), []
        for key in reversed(order):
            if key not in seen:
                seen.add(key)
                result.append(key)
        return list(reversed(result))

    def enum_values(self, module: str, name: str) -> Optional[List]:
        """The member values of an Enum class (what a recipe writes), or None when the class is not an Enum."""
        if not any(cls in ("Enum", "StrEnum", "IntEnum") for _, cls in self.mro(module, name)):
            return None
        values = []
        for member, value in self.members(module, name):
            literal, ok = (member, True) if call_name(value) == "auto" else self.literal(module, value)
            if ok and not member.startswith("_"):
                values.append(literal)
        return values

    def members(self, module: str, name: str) -> List[Tuple[str, ast.expr]]:
        """(name, value expression) of each class attribute assigned a value, annotated or not."""
        found = []
        for stmt in self.release.modules[module].classes[name].body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                found.append((stmt.targets[0].id, stmt.value))
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
                found.append((stmt.target.id, stmt.value))
        return found

    def is_model(self, module: str, name: str) -> bool:
        return any(cls in MODEL_ROOTS for _, cls in self.mro(module, name))

    def extra(self, module: str, name: str) -> str:
        for mod, cls_name in self.mro(module, name):
            if not mod:
                if cls_name == "PermissiveConfigModel":
                    return "allow"
                continue
            for stmt in self.release.modules[mod].classes[cls_name].body:
                if isinstance(stmt, ast.ClassDef) and stmt.name == "Config":
                    for inner in stmt.body:
                        if isinstance(inner, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "extra" for t in inner.targets):
                            return ast.unparse(inner.value).split(".")[-1].strip("\"'")
        return "ignore"

    def fields(self, module: str, name: str) -> Tuple[Dict[str, dict], List[Tuple[str, str]]]:
        """Options of a config class, base classes first so a subclass overrides; and deprecated names it accepts."""
        fields: Dict[str, dict] = {}
        deprecated: List[Tuple[str, str]] = []
        for mod, cls_name in reversed(self.mro(module, name)):
            if not mod:
                continue
            for stmt in self.release.modules[mod].classes[cls_name].body:
                self._field(mod, stmt, fields, deprecated)
        return fields, deprecated

    def _field(self, module: str, stmt: ast.stmt, fields: Dict[str, dict], deprecated: List[Tuple[str, str]]):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            target = stmt.targets[0].id
            kind = call_name(stmt.value)
            if kind in ("pydantic_renamed_field", "pydantic_removed_field") and isinstance(stmt.value, ast.Call):
                keywords = {k.arg: k.value for k in stmt.value.keywords if k.arg}
                old = stmt.value.args[0] if stmt.value.args else keywords.get("old_name", keywords.get("field"))
                if isinstance(old, ast.Constant) and isinstance(old.value, str):
                    deprecated.append((old.value, "renamed" if kind == "pydantic_renamed_field" else "removed"))
                return
            if target.startswith("_") or target.isupper():
                return
            if kind != "Field":
                # pydantic v1 reads an un-annotated override of an inherited field (`scheme = "druid"`) as its new
                # default; an un-annotated literal that overrides nothing would be inferred as a field as well.
                try:
                    ast.literal_eval(stmt.value)
                except (ValueError, TypeError, SyntaxError):
                    if target not in fields:
                        return
            annotation = None
            value = stmt.value
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            target = stmt.target.id
            annotation = stmt.annotation
            value = stmt.value
            if target.startswith("_") or ast.unparse(annotation).startswith(("ClassVar", "typing.ClassVar")):
                return
        else:
            return
        option = target
        description: Optional[str] = None
        default_expr: Optional[ast.expr] = None
        factory: Optional[ast.expr] = None
        required = False
        if isinstance(value, ast.Call) and call_name(value) == "Field":
            keywords = {k.arg: k.value for k in value.keywords if k.arg}
            if value.args:
                default_expr = value.args[0]
            elif "default" in keywords:
                default_expr = keywords["default"]
            factory = keywords.get("default_factory")
            described = keywords.get("description")
            if described is not None:
                literal, ok = self.literal(module, described)
                if ok and isinstance(literal, str):
                    description = literal
            alias = keywords.get("alias")
            if isinstance(alias, ast.Constant) and isinstance(alias.value, str):
                option = alias.value
            if default_expr is None and factory is None:
                required = annotation is None or not is_optional(annotation)
            if isinstance(default_expr, ast.Constant) and default_expr.value is Ellipsis:
                default_expr, required = None, True
        elif value is not None:
            default_expr = value
        else:
            required = annotation is None or not is_optional(annotation)
        previous = fields.get(option, {})
        entry = {
            "type": ast.unparse(annotation) if annotation is not None else previous.get("type", "(inferred)"),
            "required": required,
        }
        if description is not None:
            entry["_description"] = description
        if annotation is not None:
            entry["_annotation"] = (module, annotation)
        elif "_annotation" in previous:
            entry["_annotation"] = previous["_annotation"]
        if factory is not None:
            text = ast.unparse(factory)
            known = {"list": [], "dict": {}, "set": [], "lambda: []": [], "lambda: {}": []}
            if text in known:
                entry["default"] = known[text]
            elif isinstance(factory, ast.Lambda):
                literal, ok = self.literal(module, factory.body)
                entry["default"] = literal
                if not ok:
                    entry["defaultIsExpression"] = True
            else:
                entry["default"] = f"{text}()"
                entry["defaultIsExpression"] = True
        elif default_expr is not None:
            literal, ok = self.literal(module, default_expr)
            entry["default"] = literal
            if not ok:
                entry["defaultIsExpression"] = True
        elif not required:
            entry["default"] = None
        fields.pop(option, None)
        fields[option] = entry

    def options(self, module: str, name: str, prefix: str = "", depth: int = 0, stack: Tuple = ()) -> Dict[str, dict]:
        own, deprecated = self.fields(module, name)
        out: Dict[str, dict] = {}
        for option, entry in own.items():
            annotation = entry.pop("_annotation", None)
            out[prefix + option] = entry
            if annotation is None or depth + 1 >= MAX_DEPTH:
                continue
            ann_module, ann = annotation
            inner = strip_optional(ann)
            target = self.release.resolve_expr(ann_module, inner)
            if target and target[1] == "class":
                values = self.enum_values(target[0].name, target[2])
                if values is not None:
                    entry["enum"] = values
            if target and target[1] == "class" and (target[0].name, target[2]) not in stack:
                sub_module, sub_name = target[0].name, target[2]
                if self.is_model(sub_module, sub_name):
                    entry["configClass"] = f"{sub_module}:{sub_name}"
                    out.update(self.options(sub_module, sub_name, f"{prefix}{option}.", depth + 1, stack + ((module, name),)))
        for old, how in deprecated:
            if prefix + old in out:
                # A field its own class declares but a validator drops (bigquery's platform_instance).
                out[prefix + old]["removed"] = True
            else:
                out[prefix + old] = {"type": f"({how} option)", "required": False, "deprecated": how}
        return out


def config_class_of(extractor: Extractor, module: str, source: str) -> Optional[Tuple[str, str]]:
    release = extractor.release
    for mod, cls_name in extractor.mro(module, source):
        if not mod:
            continue
        cls = release.modules[mod].classes[cls_name]
        for decorator in cls.decorator_list:
            if call_name(decorator) == "config_class" and isinstance(decorator, ast.Call) and decorator.args:
                found = release.resolve_expr(mod, decorator.args[0])
                if found and found[1] == "class":
                    return found[0].name, found[2]
        for node in ast.walk(cls):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("parse_obj", "parse_obj_allow_extras"):
                found = release.resolve_expr(mod, node.func.value)
                if found and found[1] == "class" and extractor.is_model(found[0].name, found[2]):
                    return found[0].name, found[2]
    return None


def capabilities_of(extractor: Extractor, module: str, source: str) -> Dict[str, bool]:
    """The capabilities a source class declares with `@capability(SourceCapability.X, ..., supported=...)`, on itself
    or a base class (the decorator adds to a dict the subclasses share): capability name -> supported."""
    release = extractor.release
    found: Dict[str, bool] = {}
    for mod, cls_name in extractor.mro(module, source):
        if not mod:
            continue
        for decorator in release.modules[mod].classes[cls_name].decorator_list:
            if call_name(decorator) != "capability" or not isinstance(decorator, ast.Call):
                continue
            keywords = {k.arg: k.value for k in decorator.keywords if k.arg}
            named = decorator.args[0] if decorator.args else keywords.get("capability_name")
            if named is None:
                continue
            name, ok = extractor.literal(mod, named)
            if not ok or not isinstance(name, str):
                continue
            flag = keywords.get("supported", decorator.args[2] if len(decorator.args) > 2 else None)
            supported = True if flag is None else bool(ast.literal_eval(flag))
            found.setdefault(name, supported)
    return dict(sorted(found.items()))


def plugins_of(release: Release) -> List[Tuple[str, str, str]]:
    setup = release.file("metadata-ingestion/setup.py")
    block = setup[setup.index('"datahub.ingestion.source.plugins"') :]
    block = block[: block.index("]")]
    found = []
    for match in re.finditer(r'"([\w-]+) = ([\w.]+)[:.](\w+)"', block):
        found.append((match.group(1), match.group(2), match.group(3)))
    return found


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: extract_source_options.py <git-dir with the release tag> [tag, default v0.10.5] [out file] [--descriptions FILE]")
    args = sys.argv[1:]
    # --descriptions FILE also writes the release's own option descriptions, for a writer to read beside the code
    # while writing the site's; they are the release's text, so the file belongs in .scratch/, never in a commit.
    descriptions_out = None
    if "--descriptions" in args:
        at = args.index("--descriptions")
        descriptions_out = args[at + 1]
        del args[at : at + 2]
    git_dir = args[0]
    tag = args[1] if len(args) > 1 else "v0.10.5"
    out = args[2] if len(args) > 2 else f"data/reference/source-options-{tag}.json"
    release = Release(git_dir, tag)
    extractor = Extractor(release)
    commit = release._git("rev-parse", f"{tag}^{{commit}}").strip()
    plugins = {}
    descriptions: Dict[str, Dict[str, str]] = {}
    missing = []
    for plugin, module, cls in plugins_of(release):
        # "mariadb = ...sql.mariadb.MariaDBSource" uses a dot where the others use a colon.
        found = release.resolve(module, cls)
        if not found or found[1] != "class":
            missing.append(f"{plugin}: source class {module}:{cls} not found")
            continue
        config = config_class_of(extractor, found[0].name, found[2])
        if not config:
            missing.append(f"{plugin}: no config class found for {found[0].name}:{found[2]}")
            continue
        options = extractor.options(*config)
        descriptions[plugin] = {name: entry.pop("_description") for name, entry in options.items() if "_description" in entry}
        plugins[plugin] = {
            "sourceClass": f"{found[0].name}:{found[2]}",
            "configClass": f"{config[0]}:{config[1]}",
            "extraOptions": extractor.extra(*config),
            "capabilities": capabilities_of(extractor, found[0].name, found[2]),
            "options": dict(sorted(options.items())),
        }
    document = {
        "release": tag,
        "commit": commit,
        "derivedBy": "scripts/reference/extract_source_options.py (see data/reference/README.md)",
        "plugins": dict(sorted(plugins.items())),
    }
    # One option per line keeps a later regeneration's diff readable.
    lines = ["{"]
    for key in ("release", "commit", "derivedBy"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(document[key])},")
    lines.append('  "plugins": {')
    names = list(document["plugins"])
    for i, plugin in enumerate(names):
        data = document["plugins"][plugin]
        lines.append(f"    {json.dumps(plugin)}: {{")
        for key in ("sourceClass", "configClass", "extraOptions", "capabilities"):
            lines.append(f"      {json.dumps(key)}: {json.dumps(data[key])},")
        lines.append('      "options": {')
        options = list(data["options"].items())
        for j, (option, entry) in enumerate(options):
            comma = "," if j < len(options) - 1 else ""
            lines.append(f"        {json.dumps(option)}: {json.dumps(entry, sort_keys=True)}{comma}")
        lines.append("      }")
        lines.append("    }" + ("," if i < len(names) - 1 else ""))
    lines.append("  }")
    lines.append("}")
    with open(out, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    if descriptions_out:
        with open(descriptions_out, "w") as handle:
            json.dump(descriptions, handle, indent=1, sort_keys=True)
    print(f"{out}: {len(plugins)} plugins, {sum(len(p['options']) for p in plugins.values())} options from {tag} ({commit[:8]})")
    for line in missing:
        print(f"  skipped {line}", file=sys.stderr)


if __name__ == "__main__":
    main()
