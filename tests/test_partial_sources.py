"""What partial sources really contain can be written down, and prints as proof marks: a card whose number the
source does not give, a route whose far end it does not give, a table whose columns it does not give, a rule of
another book whose number it does not give, a counter back or a faction colour it does not give. Each is built as
a small game and its output read back as a user would."""

from __future__ import annotations

import re
import subprocess

from generator.pipeline import BuildRequest, build, check

CARDS = """\
card_types:
  - {id: event, name: Evento, color: "#aa3333"}
decks:
  - {id: main, name: Principal, card_type: event}
cards:
  - {id: a, deck: main, number: {unknown: "la fuente no numera esta carta"}, title: Uno, text: Mueve.}
  - {id: b, deck: main, number: {unknown: "la fuente no numera esta carta"}, title: Dos, text: Mueve.}
  - {id: c, deck: main, number: 3, title: Tres, text: "Ver {card:a}."}
"""


def _pdf_text(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def _checked_then_built(game, out, only: tuple[str, ...], formats: set[str]) -> list:
    """Check the game (no error or warning may come of its unknowns), build `only` into `out`; its UNK001 notes."""
    found = check(game, layout=False).diagnostics
    assert not [d for d in found if d.severity.name in ("ERROR", "WARNING")], [str(d) for d in found]
    built = build(game, BuildRequest(only=only, out=out, formats=frozenset(formats)))
    assert built.folders, [str(d) for d in built.diagnostics]
    return [d for d in found if d.code == "UNK001"]


def _notes(folder, code="UNK001") -> list:
    return [d for d in check(folder, layout=False).diagnostics if d.code == code]


def test_cards_whose_numbers_are_unknown_need_no_invented_number_and_print_a_mark_each(write_game, tmp_path):
    game = write_game({"cards.yaml": CARDS})
    found = check(game, layout=False).diagnostics
    assert not [d for d in found if d.severity.name == "ERROR"], [str(d) for d in found]   # no CNT006 between them
    assert sorted(d.span.line for d in found if d.code == "UNK001") == [6, 7]
    built = build(game, BuildRequest(only=("cards",), out=tmp_path / "out", formats=frozenset({"pdf"})))
    assert built.folders, [str(d) for d in built.diagnostics]
    text = _pdf_text(tmp_path / "out" / "demo" / "es" / "cards.pdf")
    assert "faltan 2 datos" in text and "Unknown" not in text
    assert re.search(r"la fuente no numera esta carta", text)          # the proof sheet says why, once per card


MAP = """\
map:
  kind: areas
  width: 200
  height: 120
  locations:
    - {id: rhodes, name: Rodas, type: area, shape: {rect: [10, 10, 80, 100]}, adjacent: [caria]}
    - id: caria
      name: Caria
      type: area
      shape: {rect: [90, 10, 100, 100]}
      adjacent: [rhodes]
      routes:
        - {to: {unknown: "el capítulo no dice adónde lleva la ruta"}, kind: sea, cost: 2}
"""


def test_a_route_whose_far_end_is_unknown_prints_leaving_its_place_towards_a_mark(write_game, tmp_path):
    game = write_game({"map.yaml": MAP})
    unknowns = _checked_then_built(game, tmp_path / "out", ("map",), {"pdf", "svg"})
    assert [(d.span.line, "route" in d.message) for d in unknowns] == [(13, True)]
    svg = (tmp_path / "out" / "demo" / "es" / "map.svg").read_text(encoding="utf-8")
    caria = svg[svg.index('id="area-caria"'):svg.index('id="area-rhodes"')]
    printed = "".join(re.findall(r"<text[^>]*>([^<]*)</text>", caria))
    assert "Caria\u2192 1 (2)" in printed, printed       # the route, the mark's figure, its cost
    assert "el capítulo no dice adónde lleva la ruta" in _pdf_text(tmp_path / "out" / "demo" / "es" / "map.pdf")


TABLE = """\
tables:
  - id: battle
    title: Batalla naval
    dice: 2d6
    columns:
      kind: value
      label: Fuerza de la flota
      items: {unknown: "la tabla solo está en el mapa original"}
    rows: {unknown: "la tabla solo está en el mapa original"}
"""
RULES = """\
documents:
  - id: rules
    title: Reglas
    sections:
      - {id: combat, title: Combate, body: "Tira en {table:battle}."}
"""


def test_a_table_whose_columns_are_unknown_prints_its_header_with_a_mark_across_them(write_game, tmp_path):
    game = write_game({"tables.yaml": TABLE, "rules.yaml": RULES})
    unknowns = _checked_then_built(game, tmp_path / "out", ("rules",), {"pdf"})
    assert sorted((d.span.line, d.message.split(" of ")[0]) for d in unknowns) == \
        [(8, "columns"), (9, "rows")]
    text = _pdf_text(tmp_path / "out" / "demo" / "es" / "rules.pdf")
    # the table under its title, alone on its line (each row of the proof sheet names the table too, then its file)
    table = text[re.search(r"^\s*Batalla naval\s*$", text, re.M).start():]
    assert re.search(r"Fuerza de la flota\s*\n\s*2d6\s+1\s*\n", table), table[:300]   # the header: dice, mark 1
    assert re.search(r"^\s*1\s+Batalla naval\s+\S*tables\.yaml:8 · columns", text, re.M), text   # mark 1's entry


def test_a_table_with_an_empty_column_list_is_refused_at_its_line_with_the_way_to_say_unknown(write_game):
    game = write_game({"tables.yaml": "tables:\n  - {id: t, title: T, dice: 1d6, columns: {items: []},\n"
                                      "     rows: [{roll: 1-6, results: [a]}]}\n"})
    errors = [d for d in check(game, layout=False).diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.span.line) for d in errors] == [("SCH004", 2)]
    assert "{unknown: why}" in errors[0].message


NAVAL = """\
documents:
  - id: naval
    title: Combate naval
    sections:
      - {id: boarding, title: Abordaje, body: "Una flota que toma un puerto lo asedia ({ref:sieges}); ver {ref:walls}."}
  - id: siege-book
    title: Libro de asedios
    short: regla
    printed: false
    sections:
      - {id: sieges, title: Asedios, number: {unknown: "el capítulo de asedios no está codificado"}}
      - {id: walls, title: Murallas, number: "8.4"}
"""


def test_a_rule_of_a_book_this_game_does_not_hold_prints_its_number_or_mark_and_title_without_page(
        write_game, tmp_path):
    game = write_game({"rules.yaml": NAVAL})
    unknowns = _checked_then_built(game, tmp_path / "out", ("rules",), {"pdf", "html"})
    assert [(d.span.line, d.message.split(" of ")[0]) for d in unknowns] == [(11, "number")]
    text = _pdf_text(tmp_path / "out" / "demo" / "es" / "rules.pdf")
    body = " ".join(text[text.index("Abordaje"):].split())
    assert re.search(r"lo asedia \(regla 1 Asedios\); ver regla 8\.4 Murallas\.", body), body[:300]
    assert "Libro de asedios" not in text and "pág" not in body[:200]      # the other book is not printed here
    assert "el capítulo de asedios no está codificado" in text                # the proof sheet says why
    html = (tmp_path / "out" / "demo" / "es" / "rules.html").read_text(encoding="utf-8")
    assert 'href="#sec-sieges"' not in html and 'id="sec-sieges"' not in html


def test_a_number_given_to_a_rule_of_a_printed_book_is_refused(write_game):
    game = write_game({"rules.yaml": "documents:\n  - id: r\n    title: R\n    sections:\n"
                                     "      - {id: a, title: A, number: '3'}\n"})
    errors = [d for d in check(game, layout=False).diagnostics if d.severity.name == "ERROR"]
    assert len(errors) == 1 and "printed: false" in errors[0].message, [str(d) for d in errors]


COUNTERS = """\
factions: [{id: red, name: Rojos, color: "#b22222"}]
piece_kinds: [{id: ship, name: Nave, symbol: naval, value_format: "{attack}-{move}"}]
pieces:
  - id: trireme
    name: Trirreme
    kind: ship
    faction: red
    front: {values: {attack: 3, move: 4}}
    back: {unknown: "la fuente no describe el reverso"}
"""


def test_a_counter_back_the_source_does_not_give_prints_a_back_carrying_its_mark(write_game, tmp_path):
    game = write_game({"pieces.yaml": COUNTERS})
    unknowns = _checked_then_built(game, tmp_path / "out", ("counters",), {"pdf", "svg"})
    assert [(d.span.line, d.message.split(" of ")[0]) for d in unknowns] == [(9, "back")]
    text = _pdf_text(tmp_path / "out" / "demo" / "es" / "counters.pdf")
    assert "la fuente no describe el reverso" in text                # listed on the proof sheet
    back = (tmp_path / "out" / "demo" / "es" / "counters" / "trireme-back.svg").read_text(encoding="utf-8")
    printed = re.findall(r"<text[^>]*fill=\"([^\"]*)\"[^>]*>([^<]*)</text>", back)
    assert ("#cc0d73", "1") in printed and any(words == "Trirreme" for _, words in printed), printed  # mark 1


FACTION = """\
factions:
  - {id: red, name: Rojos, color: "#b22222"}
  - {id: blue, name: Seléucidas, color: {unknown: "la fuente no da el color de los seléucidas"}}
piece_kinds: [{id: ship, name: Nave, symbol: naval, value_format: "{attack}"}]
pieces:
  - {id: red-ship, name: Roja, kind: ship, faction: red, front: {values: {attack: 3}}}
  - {id: blue-ship, name: Azul, kind: ship, faction: blue, front: {values: {attack: 2}}}
actions:
  - {id: row, name: Remar, text: Mueve una nave.}
"""


def test_a_faction_colour_the_source_does_not_give_prints_its_pieces_on_the_proof_tint_with_its_mark(
        write_game, tmp_path):
    game = write_game({"factions.yaml": FACTION})
    unknowns = _checked_then_built(game, tmp_path / "out", ("counters", "aids"), {"pdf", "svg"})
    assert [(d.span.line, d.message.split(" of ")[0]) for d in unknowns] == [(3, "color")]
    es = tmp_path / "out" / "demo" / "es"
    blue, red = ((es / "counters" / f"{name}-front.svg").read_text(encoding="utf-8")
                 for name in ("blue-ship", "red-ship"))
    assert 'fill="#fff2f9"' in blue and 'fill="#b22222"' in red        # the proof tint, not an invented colour
    assert re.search(r'fill="#cc0d73"[^>]*>1</text>', blue) and "#cc0d73" not in red    # its mark, on its pieces only
    assert "la fuente no da el color de los seléucidas" in _pdf_text(es / "counters.pdf")
    aids = " ".join(_pdf_text(es / "aids.pdf").split())
    assert re.search(r"Seléucidas 1", aids) and "la fuente no da el color" in aids, aids[:400]  # the order sheet


def test_a_misspelt_key_of_a_back_that_may_be_unknown_is_named_not_taken_for_a_missing_unknown(write_game):
    game = write_game({"pieces.yaml": "piece_kinds: [{id: s, name: S}]\n"
                                      "pieces:\n  - {id: p, name: P, kind: s, back: {lable: Reducida}}\n"})
    errors = [d for d in check(game, layout=False).diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.span.line, d.hint) for d in errors] == [("SCH001", 3, "did you mean 'label'?")]
