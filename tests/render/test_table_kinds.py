"""Each kind of table prints as players expect it: a die-roll table under its dice with its modifiers (fixed,
per item, unknown), a lookup under its own headers, a matrix as a grid under what its columns measure, a
list numbered when its order matters; read back from the rulebook PDF a designer would send to print."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from pypdf import PdfReader

from generator.pipeline import BuildRequest, build, check

TABLES = """\
    tables:
      - id: siege
        title: Asedio
        dice: 1d10
        out_of_range: clamp
        modifiers:
          - {value: -1, per: unidad que asedia, up_to: 3}
          - {value: 2, when: contra una capital}
          - {value: {unknown: "el reglamento no da el valor de la niebla"}, when: con niebla}
        rows:
          - {roll: 1-4, result: La ciudad resiste.}
          - {roll: 5-10, result: La ciudad cae.}
      - id: costs
        title: Costes
        key_label: Acción
        result_label: Coste en PS
        rows:
          - {id: march, key: Mover un apilamiento*, result: 3 PS}
          - {id: siege, key: Asediar, result: 4 PS}
        footnotes:
          - {mark: "*", text: Tenga las unidades que tenga.}
      - id: crt
        title: Combate
        dice: 1d6
        legend: [{code: AE, text: Atacante eliminado}, {code: DE, text: Defensor eliminado}]
        columns:
          kind: odds
          label: Proporción de fuerzas
          below: se lee como 1:1
          above: se lee como 2:1
          items: [{id: "1-1", label: "1:1"}, {id: "2-1", label: "2:1"}]
        rows:
          - {roll: 1-3, results: [AE, "-"]}
          - {roll: 4-6, results: ["-", DE]}
      - id: priorities
        title: Prioridades
        kind: list
        numbered: true
        rows:
          - {result: Áreas propias.}
          - {result: Áreas vacías.}
    """
RULES = """\
    documents:
      - id: rules
        title: Reglas
        sections:
          - {id: play, title: Juego, body: "Usa {table:siege}, {table:costs}, {table:crt} y {table:priorities}."}
    """


def test_each_kind_of_table_prints_its_own_headers_rows_and_readings(write_game, tmp_path):
    write_game({"tables.yaml": TABLES, "rules.yaml": RULES})
    found = check(Path("demo")).diagnostics
    assert not [d for d in found if d.code.startswith(("TBL", "REF", "SCH"))], found
    built = build(Path("demo"), BuildRequest(only=("rules",), out=tmp_path / "out"))
    lines = [" ".join(line.split()) for page in PdfReader(built.folders[0] / "rules.pdf").pages
             for line in page.extract_text().splitlines()]
    text = "\n".join(lines)
    siege = lines.index("Asedio", lines.index("Tablas"))
    assert lines[siege + 1] == "1d10 Resultado" and lines[siege + 2].startswith("1–4 La ciudad resiste")
    assert "−1 por cada unidad que asedia (máximo 3)" in text and "+2 contra una capital" in text
    assert re.search(r"\n\d+ con niebla", text)                   # the unknown value prints as its mark
    assert "Una tirada modificada por debajo de 1 se lee como 1, y por encima de 10, como 10." in text
    costs = lines.index("Costes")
    assert lines[costs + 1:costs + 4] == ["Acción Coste en PS", "Mover un apilamiento* 3 PS", "Asediar 4 PS"]
    assert "Tenga las unidades que tenga." in text
    crt = lines.index("Combate")
    assert lines[crt + 1:crt + 5] == ["Proporción de fuerzas", "1d6 1:1 2:1", "1–3 AE -", "4–6 - DE"]
    assert "Por debajo de 1:1: se lee como 1:1" in text and "Por encima de 2:1: se lee como 2:1" in text
    poppler = subprocess.run(["pdftotext", str(built.folders[0] / "rules.pdf"), "-"], capture_output=True,
                             text=True, check=True).stdout        # pypdf leaves list markers out
    assert "Prioridades\n1. Áreas propias.\n2. Áreas vacías." in poppler


def test_a_token_in_a_column_cell_prints_its_value_and_a_cell_of_only_tokens_asks_no_translation(write_game,
                                                                                                 tmp_path):
    from generator.derived.printed import printed_texts
    from generator.load import load_game

    units = TABLES.rstrip(" ") + """\
      - id: units
        title: Unidades
        key_label: Unidad
        columns: {items: [{id: cost, label: Coste}, {id: rows, label: Filas}]}
        rows:
          - {id: foot, key: Infantería, results: ["{value:table:siege/rows} ducados", "{value:table:siege/rows}"]}
    """
    write_game({"tables.yaml": units, "rules.yaml": RULES.replace("{table:priorities}", "{table:priorities}, "
                                                                                         "{table:units}")})
    keys = {text.key for text in printed_texts(load_game(Path("demo")).game)}
    assert "table.units.rows.foot.results.cost" in keys and "table.units.rows.foot.results.rows" not in keys
    broken = units.replace('"{value:table:siege/rows}"]', '"{value:table:sige/rows}"]')
    write_game({"tables.yaml": broken})
    found = [(d.code, d.span.line) for d in check(Path("demo")).diagnostics if d.code.startswith("REF")]
    assert found == [("REF004", 47)], found     # the units row, the last line of tables.yaml
    write_game({"tables.yaml": units})
    built = build(Path("demo"), BuildRequest(only=("rules",), out=tmp_path / "out"))
    lines = [" ".join(line.split()) for page in PdfReader(built.folders[0] / "rules.pdf").pages
             for line in page.extract_text().splitlines()]
    assert "Infantería 2 ducados 2" in lines
