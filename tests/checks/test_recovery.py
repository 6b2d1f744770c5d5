"""One mistake, one diagnostic: an item refused for a bad field is still known by its id."""

from __future__ import annotations

from generator.pipeline import check

TABLES = """\
tables:
  - id: siege
    title: Asedio
    dice: 1d6
    modifiers:
      - {value: "+?/-?", when: con artillería}
    rows:
      - {roll: 1-3, result: Resiste}
      - {roll: 4-6, result: Cae}
"""

RULES = """\
documents:
  - id: rules
    title: Reglas
    sections:
      - id: sieges
        title: Asedios
        body: Tira en la {table:siege}.
      - id: broken
        title: 7
        sections:
          - id: storming
            title: Asalto
            body: Sin efecto.
  - id: scenarios
    title: Escenarios
    sections:
      - id: elsewhere
        title: Otra
        body: Ver {ref:storming} y {ref:nowhere}.
"""


def test_a_table_with_one_bad_modifier_gives_one_error_and_its_references_none(write_game):
    folder = write_game({"tables.yaml": TABLES, "rules.yaml": RULES.split("      - id: broken")[0]})
    errors = [d for d in check(folder).diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.span.file.name, d.span.line) for d in errors] == [("SCH002", "tables.yaml", 6)], errors


def test_a_reference_to_a_section_of_a_refused_document_is_not_a_second_error(write_game):
    folder = write_game({"rules.yaml": RULES.replace("title: 7", "title: [7]")})
    errors = [d for d in check(folder).diagnostics if d.severity.name == "ERROR"]
    codes = sorted(d.code for d in errors)
    # the bad title is reported once; a reference into the refused document is not; one to nothing still is
    assert any(d.code.startswith("SCH") and d.span.line == 9 for d in errors), errors
    assert [d for d in errors if d.code == "REF001" and "storming" in d.message] == []
    assert [d.code for d in errors if "nowhere" in d.message] == ["REF001"], codes
