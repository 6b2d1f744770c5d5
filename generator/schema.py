"""`imprenta schema`: the JSON Schema of content, translation, layout and print-profile files, from the declared
shapes."""

from __future__ import annotations

import json

from generator.model.content import ContentFile
from generator.model.translations import TranslationFile
from generator.render.paper.profiles import PrintProfile
from generator.render.sheets.layouts import Layout

KINDS = {"content": ContentFile, "translation": TranslationFile, "layout": Layout, "profile": PrintProfile}


def json_schema(kind: str = "content") -> dict:
    model = KINDS[kind]
    schema = model.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"Imprenta {kind} file"
    return schema


def markdown_reference(kind: str = "content") -> str:
    """The format reference a publisher reads, written from the same schema the loader validates against,
    so the two cannot disagree: one table of fields per shape, in the order a file nests them."""
    schema = json_schema(kind)
    shapes = schema["$defs"]
    lines = [f"# The {kind} file, field by field", "",
             f"Written by `imprenta schema --kind {kind} --format markdown` from the declared shapes; "
             "do not edit it by hand.", ""]
    lines += _shape_table("top level", schema)
    for name in _reading_order(schema, shapes):
        lines += [f"## {name}", ""] + _shape_table(name, shapes[name])
    return "\n".join(lines).rstrip() + "\n"


def _shape_table(name: str, shape: dict) -> list[str]:
    lines = [shape["description"].replace("\n", " "), ""] if shape.get("description") else []
    if name == "top level":
        lines = ["## The top level", ""] + lines
    properties = shape.get("properties", {})
    if not properties:
        return lines
    required = set(shape.get("required", ()))
    lines += ["| field | type | default | what it is |", "|---|---|---|---|"]
    for field_name, field in properties.items():
        default = "required" if field_name in required else _shown(field.get("default"))
        described = field.get("description", "").replace("\n", " ").replace("|", "\\|")
        lines.append(f"| `{field_name}` | {_type(field)} | {default} | {described} |")
    return lines + [""]


def _type(field: dict) -> str:
    if "$ref" in field:
        target = field["$ref"].rsplit("/", 1)[1]
        return f"[{target}](#{target.lower()})"
    if "enum" in field:
        return " \\| ".join(f"`{value}`" for value in field["enum"])
    if "anyOf" in field:
        return " or ".join(_type(option) for option in field["anyOf"])
    kind = field.get("type", "any")
    if kind == "array" and "prefixItems" in field:      # a tuple: [x, y], [x, y, w, h]
        kinds = {_type(item) for item in field["prefixItems"]}
        return f"[{len(field['prefixItems'])} {kinds.pop()}s]" if len(kinds) == 1 else "list"
    if kind == "array":
        return f"list of {_type(field.get('items', {}))}"
    if kind == "object" and "additionalProperties" in field and isinstance(field["additionalProperties"], dict):
        return f"mapping to {_type(field['additionalProperties'])}"
    return {"string": "text", "integer": "whole number", "number": "number", "boolean": "true/false",
            "null": "nothing", "object": "mapping"}.get(kind, kind)


def _shown(value) -> str:
    if value is None or value == [] or value == {}:
        return "—"
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def _reading_order(schema: dict, shapes: dict) -> list[str]:
    """Shapes in the order a reader meets them from the top level down (breadth first), then any left."""
    order, queue = [], [schema]
    while queue:
        for target in _refs(queue.pop(0)):
            if target not in order:
                order.append(target)
                queue.append(shapes[target])
    return order + [name for name in shapes if name not in order]


def _refs(node) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else []
        for key, value in node.items():
            if key != "$defs":
                found += [ref for ref in _refs(value) if ref not in found]
        return found
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []
