"""The variant file: load (schema-checked, with line numbers) and canonical save.

Loading goes records -> schema check -> model.  A subvariant (``extends``)
is resolved against its base; the result keeps ``extends`` and ``changes``
so that saving writes the subvariant back as its changes.
"""
from __future__ import annotations

import json
import os
from importlib import resources
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, List, Mapping, Optional, Tuple

import jsonschema
import yaml

from ..model import Edge, Province, Variant
from ..problems import Problem, Report, UnusableInput
from ..files import atomic_write, read_text
from .. import text
from .records import (canonical_edge, edge_sort_key, changes_from_record, edge_to_record, province_to_record,
                      variant_from_record, variant_to_record)
from .subvariant import apply_changes  # one module owns the merge rules
from .yaml_source import SourceMap, read_yaml

VARIANT_FILE = "variant.yaml"
# Shipped as package data (schemas/ mapped to variantkit.schemas in pyproject.toml),
# so an installed wheel finds it as well as a checkout.
SCHEMA_PATH = Path(str(resources.files("variantkit.schemas").joinpath("variant.schema.json")))


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(read_text(str(SCHEMA_PATH), 1 << 20, what="variant schema"))


@dataclass
class Loaded:
    """A loaded variant with where it came from.  ``variant`` is None when
    the file has errors that stop the model being built."""
    path: str
    variant: Optional[Variant]
    source: SourceMap
    report: Report = field(default_factory=Report)
    base: Optional["Loaded"] = None  # for a subvariant


@dataclass
class Usable(Loaded):
    """A loaded variant with no error: its ``variant`` is there (what a
    command works on once the load has been checked)."""
    variant: Variant


def resolve_path(arg: str) -> str:
    """A VARIANT argument is a variant file or the folder that holds one."""
    if os.path.isdir(arg):
        return os.path.join(arg, VARIANT_FILE)
    return arg


# ---------------------------------------------------------------------------
# records -> model

def _unicode_ok(v: Any) -> bool:
    """Whether a string may be written as it is; YAML reads NEL and the
    Unicode line separators as line breaks, so those get escaped."""
    return not isinstance(v, str) or all(
        c.isprintable() and c not in "\x85\u2028\u2029" or c == "\n" for c in v)


# A variant repeats its scalars (ids, unit types) thousands of times and a
# YAML dump of each costs 0.3 ms: each distinct one is dumped once (typed, so
# True and 1 stay apart).  Writing Youngstown's text went from 350 ms to 7 ms.
@lru_cache(maxsize=1 << 16, typed=True)
def _scalar(v: Any) -> str:
    text = yaml.safe_dump(v, default_flow_style=True, width=1 << 20, allow_unicode=_unicode_ok(v))
    text = text.strip()
    if text.endswith("\n..."):
        text = text[:-4].strip()
    elif text.endswith("..."):
        text = text[:-3].strip()
    return text


@lru_cache(maxsize=1 << 16, typed=True)
def _flow_scalar(v: Any) -> str:
    """A scalar quoted for flow context, where ``,[]{}`` end a plain scalar."""
    if isinstance(v, str):
        text = yaml.safe_dump([v], default_flow_style=True, width=1 << 20,
                              allow_unicode=_unicode_ok(v))
        return text.strip()[1:-1]
    return _scalar(v)


def _flow(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_flow_scalar(k)}: {_flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    return _flow_scalar(v)


def _block(v: Any, indent: int, out: List[str], flow_depth: int) -> None:
    """Block mappings down to ``flow_depth`` levels, flow style below."""
    pad = "  " * indent
    if isinstance(v, dict):
        for k, x in v.items():
            if isinstance(x, dict) and x and flow_depth > 0:
                out.append(f"{pad}{_scalar(k)}:")
                _block(x, indent + 1, out, flow_depth - 1)
            elif isinstance(x, list) and x and all(isinstance(i, dict) for i in x) and flow_depth > 0:
                out.append(f"{pad}{_scalar(k)}:")
                for item in x:
                    out.append(f"{pad}  - {_flow(item)}")
            else:
                out.append(f"{pad}{_scalar(k)}: {_flow(x)}")


_DEPTH = {"rules": 2, "powers": 1, "provinces": 2, "edges": 1, "changes": 2}


def dumps(v: Variant, schema_ref: str = "") -> str:
    """The canonical text of a variant: stable order, one edge a line.

    A province's lines and an edge's line are made once per value and kept:
    the editor's autosave and save write the same variant again and again
    with a few provinces or edges changed (1,000 provinces and 2,810 edges
    took 100 ms a write; equal values give equal text, so it is the same)."""
    if v.extends is not None or not (v.provinces or v.edges):
        return _text(variant_to_record(v), schema_ref)
    rec = variant_to_record(replace(v, provinces=(), edges=()))  # the rest, made as before
    lines: List[str] = [f"# yaml-language-server: $schema={schema_ref}"] if schema_ref else []
    for key, value in rec.items():
        if key == "provinces" and v.provinces:
            lines += ["", "provinces:"]
            for p in sorted(v.provinces, key=lambda p: p.id):
                lines.extend(_kept(_province_lines, p))
        elif key == "edges" and v.edges:
            lines += ["", "edges:"]
            lines.extend(_kept(_edge_line, e) for e in sorted(
                (canonical_edge(e) for e in v.edges), key=edge_sort_key))
        else:
            _key_lines(key, value, lines)
    return "\n".join(lines) + "\n"


def _text(rec: dict, schema_ref: str) -> str:
    lines: List[str] = [f"# yaml-language-server: $schema={schema_ref}"] if schema_ref else []
    for key, value in rec.items():
        _key_lines(key, value, lines)
    return "\n".join(lines) + "\n"


def _key_lines(key: str, value: Any, lines: List[str]) -> None:
    if key in _DEPTH and isinstance(value, (dict, list)) and value:
        lines.append("")
        _block({key: value}, 0, lines, _DEPTH[key])
    else:
        _block({key: value}, 0, lines, 0)


def _kept(fn, value):
    """``fn(value)`` from its cache; a value that cannot be hashed is made anew."""
    try:
        return fn(value)
    except TypeError:
        return fn.__wrapped__(value)


@lru_cache(maxsize=1 << 16)
def _province_lines(p: Province) -> Tuple[str, ...]:
    out: List[str] = []
    _block({p.id: province_to_record(p)}, 1, out, _DEPTH["provinces"] - 1)
    return tuple(out)


@lru_cache(maxsize=1 << 17)
def _edge_line(e: Edge) -> str:
    return f"  - {_flow(edge_to_record(e))}"


def schema_ref_for(path: str) -> str:
    """The schema's path relative to the file, for the yaml-language-server line."""
    try:
        rel = os.path.relpath(SCHEMA_PATH, os.path.dirname(os.path.abspath(path)))
    except ValueError:  # another drive on Windows
        rel = str(SCHEMA_PATH)
    return rel.replace(os.sep, "/")


def save(v: Variant, path: str) -> None:
    atomic_write(path, dumps(v, schema_ref_for(path)))


# ---------------------------------------------------------------------------
# loading

def _inline_refs(node: Any, defs: Mapping[str, Any]) -> Any:
    """The schema with its local ``$ref``s replaced by what they point at.

    Resolving a $ref costs jsonschema more than the check it leads to; the
    schema has no recursion, so inlining is safe and halves validation time.
    """
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith("#/$defs/"):
            target = defs
            for part in ref[len("#/$defs/"):].split("/"):
                target = target[part]
            rest = {k: v for k, v in node.items() if k != "$ref"}
            return {**_inline_refs(target, defs), **_inline_refs(rest, defs)}
        return {k: _inline_refs(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline_refs(v, defs) for v in node]
    return node


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    full = schema()
    inlined = _inline_refs({k: v for k, v in full.items() if k != "$defs"}, full["$defs"])
    return jsonschema.Draft202012Validator(inlined)


def _schema_problems(data: Any, source: SourceMap) -> List[Problem]:
    validator = _validator()
    out = []
    for err in validator.iter_errors(data):
        path = tuple(err.absolute_path)
        out.append(_explain_schema_error(err, path, source))
    return out


def _message(err) -> str:
    """jsonschema's message with the offending value cut short: a value may
    be a whole file's worth of text."""
    whole = repr(err.instance)
    if len(whole) <= 80:
        return err.message
    return err.message.replace(whole, whole[:60] + f"... ({len(whole)} characters)")


def _explain_schema_error(err, path, source: SourceMap) -> Problem:
    where = "/".join(_short(p) if not isinstance(p, int) else str(p) for p in path) or "the top level"
    err.message = _message(err)
    kind = err.validator
    if "propertyNames" in err.schema_path:
        return source.problem(path + (err.instance,), "VK014", where=where, id=_short(err.instance), key=True)
    if kind == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        allowed = ", ".join(err.schema.get("properties", {})) or "none"
        return source.problem(path + (extra[0],) if extra else path, "VK011",
                              field=", ".join(map(_short, extra[:5])), where=where, allowed=allowed, key=True)
    if kind == "required":
        return source.problem(path, "VK012", where=where, schema_message=err.message)
    if kind == "pattern" and err.validator_value in (text.LINE_PATTERN, text.TEXT_PATTERN):
        multiline = err.validator_value == text.TEXT_PATTERN
        return source.problem(path, "VK016", where=where, value=_short(err.instance),
                              character=text.first_bad(err.instance, multiline))
    if kind == "pattern" and isinstance(err.instance, str) and text.first_bad(err.instance):
        err.message += f": it holds {text.first_bad(err.instance)}"
    if kind in ("type", "enum", "const", "pattern", "minimum", "maximum", "minItems", "maxItems", "minLength"):
        return source.problem(path, "VK013", where=where, schema_message=err.message, advice=_hint_for(kind, err))
    if kind in ("not", "if", "then", "else"):
        return source.problem(path, "VK015", where=where, schema_message=err.message)
    return source.problem(path, "VK010", where=where, schema_message=err.message)


_PATTERN_HINTS = {pattern + text.END: hint for pattern, hint in {
    "^[a-z0-9][a-z0-9_-]*": "ids are lowercase letters, digits, '-' and '_' (an order code such as 'spa')",
    "^[a-z0-9][a-z0-9_-]*(/[a-z0-9]+)?": "a location is a province id or a coast such as 'spa/nc', in lowercase",
    "^[AF] [a-z0-9][a-z0-9_-]*(/[a-z0-9]+)?": "a unit is written 'A par' or 'F spa/nc'",
    "^[A-Z]": "a power's letter is one capital letter",
    "^#[0-9a-fA-F]{6}": "a colour is written '#rrggbb'",
    "^[SFW]-?[0-9]{1,6}[MRA]": "a phase is written like S1901M (season, year, M/R/A; S-500M is 500 B.C.)",
}.items()}


def _short(value: Any) -> str:
    text = value if isinstance(value, str) and len(value) <= 40 else repr(value)
    return text if len(text) <= 60 else text[:50] + f"... ({len(text)} characters)"


def _hint_for(kind: str, err) -> str:
    if kind == "pattern" and err.validator_value in _PATTERN_HINTS:
        return _PATTERN_HINTS[err.validator_value]
    if kind == "type" and err.validator_value == "boolean":
        return "write true or false"
    if kind == "enum":
        return "use one of: " + ", ".join(map(str, err.validator_value))
    if kind == "const":
        return f"use {err.validator_value!r}"
    if kind == "pattern":
        return f"the value must match {err.validator_value}"
    if kind == "type":
        return f"give a {err.validator_value}"
    return "see schemas/variant.schema.json"


def load(path: str, _chain: Tuple[str, ...] = (), text: Optional[str] = None) -> Loaded:
    """Load a variant file (or folder), checking it against the schema.

    With ``text``, that text is read as if it were the file at ``path``
    (an editor checks what it is about to write, ``extends`` resolved from
    where it will be).  Raises :class:`UnusableInput` when the file cannot
    be read as YAML at all; every other problem is in the returned report.
    """
    return _load(path, _chain, text)


def _load(path: str, _chain: Tuple[str, ...], text: Optional[str] = None) -> Loaded:
    path = str(path) if text is not None else resolve_path(str(path))
    data, source, problems = read_yaml(path, text)
    loaded = Loaded(path, None, source)
    loaded.report.extend(problems)
    if not isinstance(data, dict):
        loaded.report.add(source.problem((), "VK013", where="the file", schema_message="it holds no mapping of fields",
                                         advice="a variant file starts with 'format: 1'"))
        return loaded
    schema_problems = _schema_problems(data, source)
    loaded.report.extend(schema_problems)
    if schema_problems:
        return loaded
    if "extends" in data:
        _load_subvariant(loaded, data, _chain)
    else:
        loaded.variant = variant_from_record(data)
    bad_art = art_problems(loaded)
    if bad_art:  # never read, drawn on or written through
        loaded.report.extend(bad_art)
        loaded.variant = None
    return loaded


def _load_subvariant(loaded: Loaded, data: Mapping[str, Any], chain: Tuple[str, ...]) -> None:
    from ..files import confined, reference_problem
    source = loaded.source
    here = os.path.abspath(loaded.path)
    base_path = resolve_path(os.path.normpath(os.path.join(os.path.dirname(loaded.path),
                                                            data["extends"])))
    if os.path.abspath(base_path) in chain + (here,):
        loaded.report.add(source.problem(("extends",), "VK020", path=_short(data["extends"])))
        return
    # a subvariant lives beside its base or in a folder of its own below it:
    # its base is in its folder or the one above, never elsewhere unless trusted
    roots = extends_roots(chain[0] if chain else here)
    if not confined(base_path, roots):
        line, col = source.locate(("extends",))
        loaded.report.add(reference_problem(data["extends"], "base variant", roots, source.file, line, col))
        return
    if not os.path.exists(base_path):
        loaded.report.add(source.problem(("extends",), "VK021", path=_short(data["extends"]), looked=base_path))
        return
    try:
        base = load(base_path, chain + (here,))
    except UnusableInput as exc:
        loaded.report.extend(exc.problems)
        return
    loaded.base = base
    loaded.report.extend(base.report.problems)
    if base.variant is None:
        return
    changes = changes_from_record(data["changes"])
    variant, problems = apply_changes(base.variant, changes, source)
    loaded.report.extend(problems)
    loaded.variant = replace(
        variant, id=data["id"], name=data["name"], version=str(data.get("version", "")),
        authors=tuple(data.get("authors", ())), description=data.get("description", ""),
        art=data.get("art"), extends=data["extends"], changes=changes)


def extends_roots(path: str) -> List[str]:
    """Where the bases of the variant at ``path`` may be: its folder and the
    folder above it (the layout ``family/variant.yaml`` + ``family/sub/variant.yaml``),
    unless the folder above is the user's home, holds it, or is the root: a
    variant saved in ~/Downloads never reads the home folder."""
    folder = os.path.dirname(os.path.abspath(path))
    above = os.path.dirname(folder)
    return [folder] if _holds_home(above) else [folder, above]


def _holds_home(folder: str) -> bool:
    home = os.path.realpath(os.path.expanduser("~"))
    real = os.path.realpath(folder)
    return real == os.sep or home == real or home.startswith(real.rstrip(os.sep) + os.sep)


def art_path(loaded: Loaded) -> Optional[str]:
    """The absolute path of the variant's art, inherited from the base if need be."""
    here: Optional[Loaded] = loaded
    while here is not None:
        if here.variant is not None and here.variant.art:
            return os.path.join(os.path.dirname(os.path.abspath(here.path)), here.variant.art)
        here = here.base
    return None


def art_problems(loaded: Loaded) -> List[Problem]:
    """The file's own art must be a file inside the folder of the variant
    file that names it (or a trusted folder)."""
    from ..files import confined, reference_problem
    art = loaded.variant.art if loaded.variant is not None else None
    if not art:
        return []
    folder = os.path.dirname(os.path.abspath(loaded.path))
    target = os.path.join(folder, art)
    line, col = loaded.source.locate(("art",))
    if not confined(target, [folder]):
        return [reference_problem(art, "art", [folder], loaded.source.file, line, col)]
    if os.path.isdir(target):
        return [Problem.of("VK005", what="art", path=_short(art), kind="a folder").at(loaded.source.file, line, col)]
    return []
