"""Validate loaded values against the declared shapes and say what went wrong, in our own words.

Pydantic reports a location as a path of keys, indices and union-member tags;
we walk that path through the actual data to find the node the user wrote,
so every message points at a file, line and column.
"""

from __future__ import annotations

import difflib
from typing import Any, TypeVar, get_args

from generator.diagnostics import Diagnostic, make
from generator.load.yaml_nodes import Document, Path_
from generator.model.common import Shape
from generator.shapes import ValidationError

M = TypeVar("M", bound=Shape)

_EXPECTED = {
    "string_type": "text", "int_type": "a whole number", "int_parsing": "a whole number",
    "int_from_float": "a whole number", "float_type": "a number", "float_parsing": "a number",
    "bool_type": "true or false", "bool_parsing": "true or false", "list_type": "a list",
    "dict_type": "a mapping", "model_type": "a mapping", "model_attributes_type": "a mapping",
    "tuple_type": "a list", "none_required": "nothing", "dataclass_type": "a mapping",
}
_TYPE_ERRORS = set(_EXPECTED)
_NOT_THIS_MAPPING = _TYPE_ERRORS | {"missing", "literal_error", "enum"}


def validate(model: type[M], document: Document, path: Path_) -> tuple[M | None, list[Diagnostic]]:
    """The value at `path` of `document` as a `model`, or None and the reasons it is not one."""
    value = document.data
    for part in path:
        value = value[part]
    try:
        return model.model_validate(value), []
    except ValidationError as error:
        return None, _diagnostics(error, document, path, value, model)


def _diagnostics(error: ValidationError, document: Document, base: Path_, value: Any,
                 model: type[Shape]) -> list[Diagnostic]:
    located = []
    for detail in error.errors(include_url=False):
        relative, last = _data_path(value, detail["loc"], detail["type"])
        located.append((relative, dict(detail, _last=last)))
    grouped: dict[Path_, list[dict]] = {}
    for relative, detail in _from_closest_members(located, value, model):
        grouped.setdefault(relative, []).append(detail)
    deep = set(grouped)
    # A mapping with a key it does not take and a key it lacks holds one mistake (a misspelt or wrong key):
    # the unknown key is reported, naming what was missing; neither the missing key nor a union's other members
    # (`count: {x: 1}` is not a number nor 'rest' either) make a second error.
    missing = {relative: [d["_last"] for d in details if d["type"] == "missing" and d["_last"]]
               for relative, details in grouped.items()}
    misspelt = {relative[:-1] for relative, details in grouped.items()
                if relative and any(d["type"] == "extra_forbidden" for d in details)}
    result = []
    for relative, details in grouped.items():
        has_deeper = any(len(p) > len(relative) and p[: len(relative)] == relative for p in deep)
        specific = [d for d in details if d["type"] not in _TYPE_ERRORS]
        if specific:
            details = specific
        elif has_deeper:
            continue  # a union member matched the mapping's shape; its own errors say more
        if relative in misspelt and all(d["type"] in _NOT_THIS_MAPPING for d in details):
            continue
        result.extend(_describe(details, document, base + relative, _value_at(value, relative), model,
                                missing.get(relative[:-1], []), len(base)))
    return result


def _from_closest_members(located: list[tuple[Path_, dict]], value: Any,
                          model: type[Shape]) -> list[tuple[Path_, dict]]:
    """The errors without those a union's other members make about a mapping's keys. A mapping that may be one
    of several shapes (`back: {label: …}` or `back: {unknown: why}`) is read as the member that takes the most
    of its keys, when one does: a wrong value there is that member's error, not "unknown key" from the member
    that takes none of them, nor a key that only the other member lacks."""
    mappings = {relative[:-1] if detail["type"] == "extra_forbidden" else relative
                for relative, detail in located if detail["type"] in ("extra_forbidden", "missing")}
    keys_of: dict[Path_, set[str]] = {}
    for mapping in mappings:
        held = _value_at(value, mapping)
        members = [set(_keys(member)) for member in _shapes_at(model, mapping)] if isinstance(held, dict) else []
        taken = sorted((len(keys & held.keys()) for keys in members), reverse=True)
        if len(taken) > 1 and taken[0] > taken[1]:
            keys_of[mapping] = next(keys for keys in members if len(keys & held.keys()) == taken[0])

    def theirs(relative: Path_, detail: dict) -> bool:
        if detail["type"] == "extra_forbidden":
            return relative[:-1] in keys_of and relative[-1] in keys_of[relative[:-1]]
        return detail["type"] == "missing" and relative in keys_of and detail["_last"] not in keys_of[relative]
    return [(relative, detail) for relative, detail in located if not theirs(relative, detail)]


def _data_path(value: Any, loc: tuple, error_type: str) -> tuple[Path_, str | None]:
    """The part of `loc` that exists in the data, and the missing/extra key at its end if any."""
    path: list = []
    current = value
    last = None
    for index, part in enumerate(loc):
        if (isinstance(current, dict) and isinstance(part, str) and part in current
                or isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current)):
            path.append(part)
            current = current[part]
        elif index == len(loc) - 1 and error_type == "missing":
            last = str(part)
    return tuple(path), last


def _value_at(value: Any, path: Path_) -> Any:
    for part in path:
        value = value[part]
    return value


def _describe(details: list[dict], document: Document, path: Path_, value: Any,
              model: type[Shape], missing_beside: list[str], base: int = 0) -> list[Diagnostic]:
    """`base`: how many parts of `path` lead to the value `model` stands for."""
    first = details[0]
    kind = first["type"]
    if kind == "extra_forbidden":
        key = str(path[-1])
        parent = path[:-1]
        allowed = _allowed_keys(model, parent[base:], _value_at(document.data, parent))
        if key in allowed:      # taken by another member of a union than the keys beside it: {label: x, unknown: y}
            return [make("SCH001", f"key '{key}' does not go with the keys beside it",
                         document.key_span(path), "this value takes the keys of one of its forms, not of two")]
        lacking = list(dict.fromkeys(missing_beside))
        close = difflib.get_close_matches(key, allowed or lacking, n=1)
        hint = (f"did you mean '{close[0]}'?" if close else f"expected one of: {', '.join(allowed)}" if allowed
                else f"the mapping needs {', '.join(repr(m) for m in lacking)}" if lacking else "")
        return [make("SCH001", f"unknown key '{key}'", document.key_span(path), hint)]
    if kind == "missing":
        missing = [d["_last"] for d in details if d["type"] == "missing" and d["_last"]]
        names = ", ".join(f"'{m}'" for m in dict.fromkeys(missing)) or "a required key"
        return [make("SCH003", f"missing key {names}", document.span(path), "")]
    if kind in _TYPE_ERRORS:
        expected = " or ".join(dict.fromkeys(_EXPECTED[d["type"]] for d in details))
        if len(details) > 1 and isinstance(value, dict) and "unknown" not in value:
            expected += " (or {unknown: …})" if "text" in expected else ""
        return [make("SCH002", f"expected {expected}; received {_shown(value)}", document.span(path))]
    if kind in ("literal_error", "enum"):
        allowed = first.get("ctx", {}).get("expected", "")
        options = [o.strip().strip("'") for o in allowed.replace(" or ", ",").split(",") if o.strip()]
        close = difflib.get_close_matches(str(value), options, n=1)
        hint = f"did you mean '{close[0]}'?" if close else ""
        return [make("SCH004", f"expected one of: {', '.join(options)}; received {_shown(value)}",
                     document.span(path), hint)]
    if kind.startswith(("SCH", "REF", "SEC")) and kind[3:].isdigit():
        return [make(kind, first["msg"], document.span(path))]
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than",
                "string_pattern_mismatch", "too_short", "too_long", "finite_number"):
        return [make("SCH004", f"{_shown(value)} is not allowed here: {first['msg'].lower()}",
                     document.span(path))]
    return [make("SCH002", f"{first['msg']}; received {_shown(value)}", document.span(path))]


def _shown(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        shown = str(value) if not isinstance(value, int) or abs(value) < 10 ** 30 else f"{str(value)[:12]}…"
        return f"the number {shown}"
    if isinstance(value, str):
        return f"'{value[:40]}…'" if len(value) > 40 else f"'{value}'"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


def _allowed_keys(model: type[Shape], path: Path_, held: Any) -> list[str]:
    """The keys the shape at `path` (relative to `model`) accepts, for "did you mean": those of the union
    member (or members, tied) that takes the most of the mapping's keys."""
    members = [_keys(member) for member in _shapes_at(model, path)]
    if isinstance(held, dict) and members:
        most = max(len(held.keys() & set(keys)) for keys in members)
        members = [keys for keys in members if len(held.keys() & set(keys)) == most]
    return list(dict.fromkeys(key for keys in members for key in keys))


def _shapes_at(model: type[Shape], path: Path_) -> list[type[Shape]]:
    """Every shape the value at `path` (relative to `model`) may be: one, or each shape a union holds."""
    members: list[type[Shape]] = [model]
    for part in path:
        if isinstance(part, int):
            continue
        field = next((fields[part] for member in members if part in (fields := _fields_by_key(member))), None)
        if field is None:
            return []
        members = _shapes_in(field.annotation)
    return members


def _shapes_in(annotation: Any) -> list[type[Shape]]:
    if isinstance(annotation, type) and issubclass(annotation, Shape):
        return [annotation]
    return list(dict.fromkeys(shape for arg in get_args(annotation) for shape in _shapes_in(arg)))


def _fields_by_key(model: type[Shape]) -> dict[str, Any]:
    return {info.alias or name: info for name, info in model.model_fields.items()}


def _keys(model: type[Shape]) -> list[str]:
    return list(_fields_by_key(model))
