"""The checker's catalogue: one small broken game per check code, reported with that code at its exact place.

(The loading and shape codes have their own catalogue in tests/load/test_broken_content.py.)
"""

from __future__ import annotations

import pytest
from PIL import Image

from generator.diagnostics import Policy
from generator.pipeline import check

GALLEYS = "piece_kinds:\n  - {id: galley, name: Galera}\npieces:\n  - {id: g, name: G, kind: galley, copies: 2}\n"
RULE = "documents:\n  - id: r\n    title: R\n    sections:\n      - id: s\n        title: S\n        body: |\n          {body}\n"
WITH_ENGLISH = "game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es, en]\n"
TABLE = "tables:\n  - id: t\n    title: T\n    dice: 1d6\n"
CASES = {
    "a row for a roll the dice cannot make": (
        {"tables.yaml": TABLE + "    rows:\n      - {roll: 1-6, result: x}\n      - {roll: 7, result: y}\n"},
        ("TBL003", "tables.yaml", 7, 16)),
    "a row with fewer results than columns": (
        {"tables.yaml": TABLE + "    columns: {items: [{id: a, label: A}, {id: b, label: B}]}\n"
                                "    rows:\n      - {roll: 1-6, results: [x]}\n"},
        ("TBL005", "tables.yaml", 7, 30)),
    "a result code the legend lacks": (
        {"tables.yaml": TABLE + "    legend: [{code: S, text: Sunk}]\n    columns: {items: [{id: a, label: A}]}\n"
                                "    rows:\n      - {roll: 1-3, results: [S]}\n      - {roll: 4-6, results: [M]}\n"},
        ("TBL006", "tables.yaml", 9, 30)),
    "a legend code no cell uses": (
        {"tables.yaml": TABLE + "    legend: [{code: S, text: Sunk}, {code: M, text: Miss}]\n"
                                "    columns: {items: [{id: a, label: A}]}\n    rows:\n      - {roll: 1-6, results: [S]}\n"},
        ("TBL007", "tables.yaml", 5, 44)),
    "odds columns with a gap": (
        {"tables.yaml": TABLE + "    legend: [{code: x, text: X}, {code: y, text: Y}]\n"
                                "    columns: {kind: odds, below: x, above: y, items: [{id: a, label: '1:1'}, "
                                "{id: b, label: '3:1'}]}\n    rows:\n      - {roll: 1-6, results: [x, y]}\n"},
        ("TBL008", "tables.yaml", 6, 93)),
    "odds columns that do not say how the extremes read": (
        {"tables.yaml": TABLE + "    legend: [{code: x, text: X}, {code: y, text: Y}]\n"
                                "    columns: {kind: odds, items: [{id: a, label: '1:1'}, {id: b, label: '2:1'}]}\n"
                                "    rows:\n      - {roll: 1-6, results: [x, y]}\n"},
        ("TBL009", "tables.yaml", 6, 14)),
    "column results in a table without columns": (
        {"tables.yaml": TABLE + "    rows:\n      - {roll: 1-6, results: [x]}\n"},
        ("TBL010", "tables.yaml", 6, 30)),
    "a die-roll table that rolls no dice": (
        {"tables.yaml": "tables:\n  - id: t\n    title: T\n    kind: die-roll\n    rows:\n      - {key: a, result: x}\n"},
        ("TBL010", "tables.yaml", 4, 11)),
    "a footnote no header, key or cell carries": (
        {"tables.yaml": "tables:\n  - id: t\n    title: T\n    rows:\n      - {key: a, result: x}\n"
                        "    footnotes: [{mark: '*', text: Solo en puerto.}]\n"},
        ("TBL011", "tables.yaml", 6, 24)),
    "a modifier per unit with no cap on a table without a reading for modified rolls": (
        {"tables.yaml": TABLE + "    modifiers: [{value: 1, per: unidad que asedia}]\n    rows:\n      - {roll: 1-6, result: x}\n"},
        ("TBL004", "tables.yaml", 5, 16)),
    "an aid that prints a section that does not exist": (
        {"aids.yaml": "aids:\n  - id: aid\n    parts:\n      - {section: combat}\n"},
        ("AID001", "aids.yaml", 4, 19)),
    "an aid part that names both a section and a table": (
        {"tables.yaml": TABLE + "    rows:\n      - {roll: 1-6, result: x}\n",
         "aids.yaml": "aids:\n  - id: aid\n    parts:\n      - {table: t, section: s}\n"},
        ("AID002", "aids.yaml", 4, 9)),
    "an aid that prints a table another table replaces": (
        {"tables.yaml": TABLE + "    rows:\n      - {roll: 1-6, result: x}\n"
                        "  - {id: u, title: U, dice: 1d6, replaces: t, rows: [{roll: 1-6, result: y}]}\n",
         "aids.yaml": "aids:\n  - id: aid\n    parts:\n      - {table: t}\n      - {table: u}\n"},
        ("AID003", "aids.yaml", 4, 17)),
    "a squadron whose stated ships differ from its counters": (
        {"pieces.yaml": "piece_kinds:\n  - {id: galley, name: Galera}\nforces:\n"
                        "  - {id: left, name: Izquierda, totals: {galley: 3}}\npieces:\n"
                        "  - {id: g, name: G, kind: galley, force: left, copies: 2}\n"},
        ("CNT003", "pieces.yaml", 4, 50)),
    "a mix with neither parts nor a selection": (
        {"pieces.yaml": "mixes:\n  - {id: m, name: M}\n"}, ("CNT004", "pieces.yaml", 2, 10)),
    "more pieces than the faction's limit": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\nfactions:\n  - {id: red, name: Rojo, limits: {k: 1}}\n"
                        "pieces:\n  - {id: a, name: A, kind: k, faction: red, copies: 2}\n"},
        ("CNT005", "pieces.yaml", 4, 39)),
    "two cards with the same number": (
        {"cards.yaml": "decks:\n  - {id: d, name: D}\ncards:\n  - {id: a, deck: d, number: 1, title: A}\n"
                       "  - {id: b, deck: d, number: 1, title: B}\n"},
        ("CNT006", "cards.yaml", 5, 30)),
    "a setup that places more pieces than exist": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: A, kind: k, copies: 1}\n",
         "map.yaml": "map:\n  locations:\n    - {id: x, name: X, adjacent: [y]}\n    - {id: y, name: Y, adjacent: [x]}\n",
         "setup.yaml": "setup:\n  - id: s\n    text: Coloca\n    place:\n      - {piece: a, count: 3, at: x}\n"},
        ("CNT007", "setup.yaml", 5, 27)),
    "a set-up that puts a counter on a space its track does not have": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: A, kind: k}\n"
                        "tracks:\n  - {id: vp, name: PV, max: 10}\n",
         "setup.yaml": "setup:\n  - id: s\n    place:\n      - {piece: a, at: 'vp:12'}\n"},
        ("SET001", "setup.yaml", 4, 24)),
    "Rome's set-up placing a Carthaginian counter": (
        {"pieces.yaml": "factions:\n  - {id: rome, name: Roma}\n  - {id: carthage, name: Cartago}\n"
                        "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: A, kind: k, faction: carthage}\n",
         "map.yaml": "map:\n  locations:\n    - {id: x, name: X, adjacent: [y]}\n    - {id: y, name: Y, adjacent: [x]}\n",
         "setup.yaml": "setup:\n  - id: s\n    side: rome\n    place:\n      - {piece: a, at: x}\n"},
        ("SET002", "setup.yaml", 5, 17)),
    "a rule that names more galleys than the game has": (
        {"pieces.yaml": GALLEYS, "rules.yaml": RULE.format(body="Cada jugador coloca 3 galeras en puerto.")},
        ("CNT008", "rules.yaml", 8, 31)),
    "a rule that names all the galleys with the wrong number": (
        {"pieces.yaml": GALLEYS, "rules.yaml": RULE.format(body="Retira las 1 galeras.")},
        ("CNT008", "rules.yaml", 8, 22)),
    "a location adjacent to itself": (
        {"map.yaml": "map:\n  locations:\n    - {id: a, name: A, adjacent: [a, b]}\n    - {id: b, name: B, adjacent: [a]}\n"},
        ("MAP002", "map.yaml", 3, 35)),
    "a location nothing connects to": (
        {"map.yaml": "map:\n  locations:\n    - {id: a, name: A, adjacent: [b]}\n    - {id: b, name: B, adjacent: [a]}\n"
                     "    - {id: c, name: C}\n"},
        ("MAP003", "map.yaml", 5, 12)),
    "hexes without a grid": (
        {"map.yaml": "map:\n  kind: hexes\n  hexes:\n    - {id: '0101', terrain: shore}\n"},
        ("MAP005", "map.yaml", 4, 12)),
    "a reference in a form its kind does not have": (
        {"rules.yaml": RULE.format(body="Ver {ref.name:s}.")}, ("REF010", "rules.yaml", 8, 15)),
    "a bare section number after an article": (
        {"rules.yaml": RULE.format(body="Como en la {ref:s} del juego.")}, ("REF011", "rules.yaml", 8, 22)),
    "a bare section number opening a sentence after a preposition": (
        {"rules.yaml": RULE.format(body="Hecho. En {ref:s} se explica.")}, ("REF011", "rules.yaml", 8, 21)),
    "a box kind the game does not have, in prose": (
        {"rules.yaml": RULE.format(body="::: ejemplo\n          Uno.\n          :::")}, ("REF006", "rules.yaml", 8, 15)),
    "a box kind the game does not have, for a section": (
        {"rules.yaml": "documents:\n  - id: r\n    title: R\n    sections:\n      - {id: s, title: S, box: sidebar}\n"},
        ("REF006", "rules.yaml", 5, 32)),
    "a glossary term no text uses": (
        {"rules.yaml": "terms:\n  - {id: zoc, term: Zona de control}\n"}, ("REF008", "rules.yaml", 2, 10)),
    "a fact the rulebook does not give": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n"
                        "  - {id: a, name: A, kind: k, front: {values: {attack: {unknown: no impreso}}}}\n"},
        ("UNK001", "pieces.yaml", 4, 56)),
    "a counter without a value its kind's format declares": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K, value_format: '{attack}-{defence}'}\npieces:\n"
                        "  - {id: a, name: A, kind: k, front: {values: {attack: 3}}}\n"},
        ("UNK002", "pieces.yaml", 4, 47)),
    "a check ignored without a reason": (
        {"game.yaml": "game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es]\n  checks:\n"
                      "    ignore: [{code: REF008, reason: ''}]\n"},
        ("SCH012", "game.yaml", 7, 37)),
    "a counter name too long for its box at the smallest size": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K, size: 10}\npieces:\n"
                        "  - {id: a, name: Infantería pesada de la decimotercera legión de Julio César, kind: k}\n"},
        ("LAY001", "pieces.yaml", 4, 5)),
    "a character the fonts cannot print": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: 回合, kind: k}\n"},
        ("LAY002", "pieces.yaml", 4, 19)),
    "a character only some shipped fonts have, on a counter printed with another": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: \u2900, kind: k}\n"},
        ("LAY002", "pieces.yaml", 4, 5)),
    "a layout that does not exist": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K, layout: tank}\npieces:\n  - {id: a, name: A, kind: k}\n"},
        ("LAY003", "pieces.yaml", 2, 5)),
    # What the manual's code reference shows (docs/generate.py): one case per code a check can report.
    "a name YAML 1.1 tools would read as false": (
        {"f.yaml": "factions:\n  - id: norway\n    name: NO\n"}, ("YML008", "f.yaml", 3, 11)),
    "a card picture outside the game folder": (
        {"cards.yaml": "decks:\n  - {id: d, name: D}\ncards:\n  - {id: a, deck: d, title: A, image: ../secret.png}\n"},
        ("SCH011", "cards.yaml", 4, 39)),
    "two unnumbered blocks whose sections both print 1": (
        {"rules.yaml": "documents:\n  - id: r\n    title: R\n    sections:\n"
                       "      - {id: a, title: A, numbered: false, sections: [{id: a1, title: A1}]}\n"
                       "      - id: b\n        title: B\n        numbered: false\n"
                       "        sections:\n          - {id: b1, title: B1, body: 'Véase {ref:a1}.'}\n"},
        ("REF009", "rules.yaml", 10, 39)),
    "galleys starting on a shore only galliots may enter": (
        {"pieces.yaml": GALLEYS.replace("copies: 2", "copies: 1, force: left") + "forces:\n  - {id: left, name: L}\n",
         "map.yaml": "map:\n  kind: hexes\n  terrain_rules: {shore: {only: [galliot]}}\n"
                     "  grid: {size: 16, columns: 2, rows: 2}\n  hexes:\n    - {id: '0101', terrain: shore, start: left}\n"},
        ("MAP006", "map.yaml", 6, 12)),
    "declared neighbours whose outlines lie apart": (
        {"map.yaml": "map:\n  width: 100\n  height: 100\n  locations:\n"
                     "    - {id: a, name: A, adjacent: [b], shape: {rect: [0, 0, 20, 20]}}\n"
                     "    - {id: b, name: B, adjacent: [a], shape: {rect: [50, 50, 20, 20]}}\n"},
        ("MAP007", "map.yaml", 5, 35)),
    "outlines that touch but are not declared neighbours": (
        {"map.yaml": "map:\n  width: 100\n  height: 100\n  locations:\n"
                     "    - {id: a, name: A, adjacent: [c], shape: {rect: [0, 0, 20, 20]}}\n"
                     "    - {id: b, name: B, adjacent: [c], shape: {rect: [20, 0, 20, 20]}}\n"
                     "    - {id: c, name: C, adjacent: [a, b], shape: {rect: [0, 20, 40, 20]}}\n"},
        ("MAP008", "map.yaml", 5, 12)),
    "an outlines file that is not SVG": (
        {"map.yaml": "map:\n  outlines: map/areas.svg\n  locations:\n    - {id: a, name: A}\n",
         "map/areas.svg": "not svg"}, ("MAP011", "map.yaml", 2, 13)),
    "two areas whose outlines overlap": (
        {"map.yaml": "map:\n  width: 100\n  height: 100\n  locations:\n"
                     "    - {id: a, name: A, adjacent: [b], shape: {rect: [0, 0, 30, 20]}}\n"
                     "    - {id: b, name: B, adjacent: [a], shape: {rect: [20, 0, 20, 20]}}\n"},
        ("MAP012", "map.yaml", 6, 12)),
    "a translation of a source text that has changed": (
        {"game.yaml": WITH_ENGLISH, "i18n/en.yaml": "language: en\nentries:\n  game.title: {text: Demo, source: 0123456789}\n"},
        ("I18N002", "en.yaml", 3, 3)),
    "a translation that does not say what it translates": (
        {"game.yaml": WITH_ENGLISH, "i18n/en.yaml": "language: en\nentries:\n  game.title: Demo\n"},
        ("I18N004", "en.yaml", 3, 3)),
    "a translation of a text that no longer exists": (
        {"game.yaml": WITH_ENGLISH, "i18n/en.yaml": "language: en\nentries:\n  game.title: Demo\n  piece.ghost.name: Ghost\n"},
        ("I18N005", "en.yaml", 4, 3)),
    "a translation with a number the source does not state": (
        {"game.yaml": WITH_ENGLISH, "rules.yaml": "terms:\n  - {id: t, term: Dos galeras}\n",
         "i18n/en.yaml": "language: en\nentries:\n  term.t.term: 3 galleys\n  game.title: Demo\n"},
        ("I18N006", "en.yaml", 3, 3)),
    "a declared language without its file": ({"game.yaml": WITH_ENGLISH}, ("I18N007", "game.yaml", 5, 14)),
    "a layout that extends a path": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: A, kind: k}\n",
         "templates/layouts/counters/unit.yaml": "extends: ../../x\n"}, ("SEC002", "unit.yaml", 1, 10)),
    "a game profile named like a shipped one": (
        {"templates/profiles/home.yaml": "name: home\n"}, ("SEC003", "home.yaml", 1, 1)),
    "a rulebook template with a script": (
        {"templates/rulebook/rules.html.j2": "<script>alert(1)</script>\n"}, ("SEC004", "rules.html.j2", 1, 1)),
    "a hex id format that is not one": (
        {"map.yaml": "map:\n  kind: hexes\n  grid: {size: 19, columns: 3, rows: 3, id_format: '{col.__class__}'}\n"},
        ("SEC006", "map.yaml", 3, 52)),
    "a card picture that is not a picture": (
        {"cards.yaml": "decks:\n  - {id: d, name: D}\ncards:\n  - {id: a, deck: d, title: A, image: art/a.png}\n",
         "art/a.png": "not a picture"}, ("LAY004", "cards.yaml", 4, 39)),
    "a rulebook template that does not parse": (
        {"templates/rulebook/rules.html.j2": "{% if %}"}, ("LAY005", "rules.html.j2", 1, 1)),
    "a layout whose text is smaller than its min_text": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K, layout: tiny}\npieces:\n  - {id: a, name: Abc, kind: k}\n",
         "templates/layouts/counters/tiny.yaml": "extends: marker\nfront:\n  elements:\n"
                                                 "    - {text: '{name}', box: [10, 10, 80, 80], size: 3}\n"},
        ("LAY006", "tiny.yaml", 4, 7)),
    "a card type field no layout prints": (
        {"cards.yaml": "card_types:\n  - {id: e, name: E, fields: [vrr]}\ndecks:\n  - {id: d, name: D, card_type: e}\n"
                       "cards:\n  - {id: a, deck: d, title: A, fields: {vrr: 3}}\n"}, ("LAY007", "cards.yaml", 2, 31)),
    "two factions' counters that print the same face": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\nfactions:\n  - {id: red, name: R}\n  - {id: blue, name: B}\n"
                        "pieces:\n  - {id: a, name: A, kind: k, faction: red}\n  - {id: b, name: A, kind: k, faction: blue}\n"},
        ("LAY008", "pieces.yaml", 7, 5)),
    "a squadron with more counters than start hexes": (
        {"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\nforces:\n  - {id: f, name: F}\n"
                        "pieces:\n  - {id: a, name: A, kind: k, force: f, copies: 3}\n",
         "map.yaml": "map:\n  kind: hexes\n  grid: {size: 19, columns: 3, rows: 3}\n  hexes:\n    - {id: '0101', start: f}\n"},
        ("DIG002", "pieces.yaml", 4, 5)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_check_reports_its_code_at_its_place(name, write_game):
    files, expected = CASES[name]
    found = check(write_game(files)).diagnostics
    located = [(d.code, d.span.file.name, d.span.line, d.span.column) for d in found if d.span]
    assert expected in located, located


@pytest.mark.parametrize("body", [
    "Coloca 2 galeras en puerto.",              # no more than exist
    "Coloca 1 galera; las 2 galeras zarpan.",   # a few of them; all of them, rightly counted
    "Las {count:kind:galley} galeras zarpan.",  # the number follows the data
    "Tira 3 dados por cada galera.",            # a number that does not count galleys
    "Véase 4.3 galeras de guerra.",             # a section number, not a count
])
def test_numbers_that_agree_with_the_data_are_not_reported(body, write_game):
    found = check(write_game({"pieces.yaml": GALLEYS, "rules.yaml": RULE.format(body=body)})).diagnostics
    assert not [d for d in found if d.code == "CNT008"]


def test_a_section_no_other_text_refers_to_is_a_note_only_when_selected(write_game):
    rules = RULE.replace("body: |\n          {body}\n", "body: 'Véase {{ref:t}}; y {{ref:s}}.'\n"
                         "      - {{id: t, title: T}}\n").format()
    folder = write_game({"rules.yaml": rules})
    selected = check(folder, Policy(select=("REF005",))).diagnostics
    assert [(d.code, d.span.line, d.span.column, d.severity.name) for d in selected] == [("REF005", 5, 13, "NOTE")]
    assert not [d for d in check(folder).diagnostics if d.code == "REF005"]


def test_an_unreadable_card_image_is_reported(write_game):
    folder = write_game({"cards.yaml": "decks:\n  - {id: d, name: D}\ncards:\n"
                                       "  - {id: a, deck: d, title: A, image: art/a.png}\n"})
    (folder / "art").mkdir()
    (folder / "art" / "a.png").write_bytes(b"not a picture")
    found = [d for d in check(folder).diagnostics if d.code == "LAY004"]
    assert found and found[0].span.file.name == "cards.yaml" and found[0].span.line == 4


def test_a_readable_card_image_is_not_reported(write_game):
    folder = write_game({"cards.yaml": "decks:\n  - {id: d, name: D}\ncards:\n"
                                       "  - {id: a, deck: d, title: A, image: art/a.png}\n"})
    (folder / "art").mkdir()
    Image.new("RGB", (20, 30), "red").save(folder / "art" / "a.png")
    assert not [d for d in check(folder).diagnostics if d.code == "LAY004"]


@pytest.mark.parametrize("files, expected", [
    ({"tables.yaml": "tables:\n  - id: t\n    title: T\n    dice: null\n    rows: []\n"}, ("SCH007", "tables.yaml", 4, 11)),
    ({"tables.yaml": "tables:\n  - id: t\n    title: T\n    dice: {n: 2}\n    rows: []\n"}, ("SCH007", "tables.yaml", 4, 11)),
    ({"pieces.yaml": "piece_kinds:\n  - id: k\n    name: K\n    size: " + "9" * 400 + "\n"}, ("SCH006", "pieces.yaml", 4, 11)),
    ({"pieces.yaml": "piece_kinds:\n  - id: k\n    name: K\n    size: .inf\n"}, ("SCH006", "pieces.yaml", 4, 11)),
])
def test_what_the_long_fuzz_run_found_is_a_diagnostic(files, expected, write_game):
    found = check(write_game(files)).diagnostics
    assert expected in [(d.code, d.span.file.name, d.span.line, d.span.column) for d in found if d.span]



@pytest.mark.parametrize("files, expected", [
    ({"game.yaml": WITH_ENGLISH, "i18n/en.yaml": "language: en\nentries:\n  game.title: Demo\n"},
     ("I18N004", "en.yaml", 3, 3)),
    ({"game.yaml": WITH_ENGLISH, "i18n/en.yaml": "language: en\nentries:\n  game.title: Demo\n  piece.ghost.name: Ghost\n"},
     ("I18N005", "en.yaml", 4, 3)),
    ({"game.yaml": WITH_ENGLISH}, ("I18N007", "game.yaml", 5, 14)),
    ({"game.yaml": WITH_ENGLISH, "rules.yaml": RULE.format(body="Ver {ref:s}."),
      "i18n/en.yaml": "language: en\nentries:\n  section.s.body: |\n    As in the {ref:s} rule.\n"},
     ("REF011", "en.yaml", 4, 15)),
])
def test_translation_codes_are_reported_at_their_place(files, expected, write_game):
    found = check(write_game(files)).diagnostics
    assert expected in [(d.code, d.span.file.name, d.span.line, d.span.column) for d in found if d.span]


def test_a_file_that_is_not_utf8_is_reported(write_game):
    folder = write_game({})
    (folder / "pieces.yaml").write_bytes("pieces:\n  - id: a\n    name: Caña\n".encode("latin-1"))
    found = [d for d in check(folder).diagnostics if d.code == "YML002"]
    assert found and found[0].span.file.name == "pieces.yaml" and found[0].span.line == 3


def test_a_squadron_starting_galleys_on_shore_hexes_is_reported(write_game):
    found = check(write_game({"pieces.yaml": """\
        piece_kinds:
          - {id: galley, name: Galera}
          - {id: galliot, name: Galeota}
        forces:
          - {id: left, name: Izquierda}
        pieces:
          - {id: g, name: G, kind: galley, force: left, copies: 2}
          - {id: t, name: T, kind: galliot, force: left, copies: 1}
        """, "map.yaml": """\
        map:
          kind: hexes
          terrain_rules:
            shore: {only: [galliot]}
          grid: {orientation: pointy, size: 16, columns: 4, rows: 4}
          hexes:
            - {id: '0101', terrain: shore, start: left}
            - {id: '0102', terrain: shore, start: left}
            - {id: '0103', start: left}
        """})).diagnostics
    located = [(d.code, d.span.file.name, d.span.line) for d in found if d.span]
    assert ("MAP006", "map.yaml", 8) in located


@pytest.mark.parametrize("value, reading", [("NO", "false"), ("on", "true"), ("1:30", "base 60"), ("0755", "octal")])
def test_a_value_yaml_1_1_tools_would_misread_is_a_warning_with_a_hint_to_quote(value, reading, write_game):
    found = check(write_game({"f.yaml": f"factions:\n  - id: norway\n    name: {value}\n"})).diagnostics
    flagged = [d for d in found if d.code == "YML008"]
    assert [(d.span.file.name, d.span.line, d.span.column) for d in flagged] == [("f.yaml", 3, 11)]
    assert reading in flagged[0].message and "Quote" in flagged[0].hint
    assert flagged[0].severity.name == "WARNING"


def test_an_impossible_date_is_text_here_and_a_warning_not_a_crash(write_game):
    found = check(write_game({"f.yaml": "factions:\n  - id: a\n    name: 2024-02-30\n    short: 25:00\n"})).diagnostics
    flagged = {(d.code, d.span.line) for d in found if d.span}
    assert ("YML008", 3) in flagged and ("YML008", 4) in flagged
    assert not [d for d in found if d.severity.name == "ERROR"]
