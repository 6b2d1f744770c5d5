"""Nothing a publisher writes or reads goes undocumented: every field of every file shape `imprenta schema`
declares has a description, and every diagnostic code has help and an example (a catalogue case, which
docs/generate.py checks and prints, or a written one in generator/diagnostics/examples.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from generator.diagnostics.codes import CODES
from generator.diagnostics.examples import EXAMPLES
from generator.schema import KINDS, json_schema

GENERATE = Path(__file__).resolve().parent.parent / "docs" / "generate.py"


def _fields(kind: str):
    schema = json_schema(kind)
    for shape_name, shape in {"top level": schema, **schema.get("$defs", {})}.items():
        for field_name, field in shape.get("properties", {}).items():
            yield f"{shape_name}.{field_name}", field


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_field_of_every_file_shape_is_described(kind):
    fields = list(_fields(kind))
    assert fields
    undescribed = [name for name, field in fields if len(field.get("description", "").strip()) < 12]
    assert undescribed == [], f"{kind}: describe these fields (Field(description=...)): {undescribed}"


def _catalogued() -> set[str]:
    spec = importlib.util.spec_from_file_location("docs_generate", GENERATE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return set(module.examples())


def test_every_code_has_help_and_an_example():
    catalogued = _catalogued()
    without_help = [code.code for code in CODES.values() if len(code.help.strip()) < 20]
    without_example = [code for code in CODES if code not in catalogued and code not in EXAMPLES]
    assert without_help == [], f"codes.py: write the help (how to fix it) of {without_help}"
    assert without_example == [], (f"give an example of {without_example}: a case in tests/checks/test_catalogue.py, "
                                   f"or a situation in generator/diagnostics/examples.py")


def test_a_written_example_is_not_shown_twice():
    """A code the catalogue shows needs no written example; one that has both would print two."""
    assert sorted(set(EXAMPLES) & _catalogued()) == []
    assert sorted(set(EXAMPLES) - set(CODES)) == []
