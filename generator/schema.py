"""`imprenta schema`: the JSON Schema of content and translation files, from the declared shapes."""

from __future__ import annotations

from generator.model.content import ContentFile
from generator.model.translations import TranslationFile


def json_schema(kind: str = "content") -> dict:
    model = ContentFile if kind == "content" else TranslationFile
    schema = model.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"Imprenta {kind} file"
    return schema
