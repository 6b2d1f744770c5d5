"""The JSON Schema (draft 2020-12) of a shape, from the same declarations that validate it.

Shapes become `$defs` entries referenced by `$ref`; a field's description,
default and bounds are kept, so an editor can complete and explain keys.
"""

from __future__ import annotations

import copy
import inspect
import json
import types
import typing
from typing import Any, Literal, Union

from generator.shapes import MISSING, FieldInfo, Shape, WithJsonSchema

_SCALARS = {str: {"type": "string"}, int: {"type": "integer"}, float: {"type": "number"},
            bool: {"type": "boolean"}, type(None): {"type": "null"}, None: {"type": "null"}, Any: {}}
_BOUNDS = {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum", "lt": "exclusiveMaximum"}


def json_schema(root: type[Shape]) -> dict:
    definitions: dict[str, dict] = {}
    schema = _shape(root, definitions)
    if f'"#/$defs/{root.__name__}"' in json.dumps(definitions):        # the root holds itself: refer to it
        return {"$defs": dict(sorted(definitions.items())), "$ref": f"#/$defs/{root.__name__}"}
    definitions.pop(root.__name__)
    return {"$defs": dict(sorted(definitions.items())), **schema} if definitions else schema


def _shape(shape: type[Shape], definitions: dict[str, dict]) -> dict:
    definitions[shape.__name__] = {}          # claimed first: a shape may hold itself
    properties = {(info.alias or name): _field(name, info, definitions) for name, info in shape.model_fields.items()}
    schema: dict[str, Any] = {"additionalProperties": False}
    if vars(shape).get("__doc__"):
        schema["description"] = inspect.cleandoc(shape.__doc__)
    schema["properties"] = properties
    required = [info.alias or name for name, info in shape.model_fields.items() if info.is_required()]
    if required:
        schema["required"] = required
    schema.update(title=shape.__name__, type="object")
    definitions[shape.__name__] = schema
    return schema


def _field(name: str, info: FieldInfo, definitions: dict[str, dict]) -> dict:
    declared = typing.Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
    schema = copy.deepcopy(_type(declared, definitions))      # its parts may be shared declarations
    bounds = {keyword: getattr(info, option) for option, keyword in _BOUNDS.items()
              if getattr(info, option) is not None}
    members = schema.get("anyOf", [schema])
    for member in members:
        if member.get("type") in ("integer", "number"):
            member.update(bounds)
        elif member.get("type") == "string" and info.pattern is not None:
            member["pattern"] = info.pattern
    if info.default is not MISSING and _is_plain(info.default):
        schema["default"] = list(info.default) if isinstance(info.default, tuple) else info.default
    if info.description:
        schema["description"] = info.description
    shapes_only = [member for member in members if member != {"type": "null"}]
    if not (len(shapes_only) == 1 and "$ref" in shapes_only[0]):      # a shape's own title says enough
        schema["title"] = name.replace("_", " ").strip().title()
    return schema


def _type(annotation: Any, definitions: dict[str, dict]) -> dict:
    if annotation in _SCALARS:
        return _SCALARS[annotation]
    if isinstance(annotation, type) and issubclass(annotation, Shape):
        if annotation.__name__ not in definitions:
            _shape(annotation, definitions)
        return {"$ref": f"#/$defs/{annotation.__name__}"}
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        given = [item.schema for item in annotation.__metadata__ if isinstance(item, WithJsonSchema)]
        return dict(given[-1]) if given else _type(annotation.__origin__, definitions)
    if origin in (Union, types.UnionType):
        members = [_type(arg, definitions) for arg in args]
        return {"anyOf": [flat for member in members for flat in member.get("anyOf", [member])]}
    if origin is Literal:
        schema = {"enum": list(args)} if len(args) > 1 else {"const": args[0]}
        kinds = {_SCALARS.get(type(arg), {}).get("type") for arg in args}
        return {**schema, "type": kinds.pop()} if len(kinds) == 1 and None not in kinds else schema
    if origin is list:
        return {"items": _type(args[0], definitions), "type": "array"}
    if origin is tuple:
        if Ellipsis in args:
            return {"items": _type(args[0], definitions), "type": "array"}
        return {"maxItems": len(args), "minItems": len(args),
                "prefixItems": [_type(arg, definitions) for arg in args], "type": "array"}
    if origin is dict:
        return {"additionalProperties": _type(args[1], definitions), "type": "object"}
    raise TypeError(f"no JSON Schema for the declared type {annotation!r}")


def _is_plain(value: Any) -> bool:
    if isinstance(value, (tuple, list)):
        return all(_is_plain(item) for item in value)
    return value is None or isinstance(value, (str, int, float, bool))
