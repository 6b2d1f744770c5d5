"""Each kind of broken content is reported with the right code at the right file:line:col, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.pipeline import check

GAME_WITH_EN = """\
game:
  id: demo
  title: Demo
  source_language: es
  languages: [es, en]
"""

RULES = """\
documents:
  - id: rules
    title: Reglas
    sections:
      - id: intro
        title: Introducción
        body: |
          Lee {ref:combat} antes de jugar.
      - id: combat
        title: Combate
"""

CASES = {
    "bad YAML syntax": ({"pieces.yaml": "pieces:\n  - id: a\n   name: b\n"}, [("YML001", "pieces.yaml", 3, 4)]),
    "tab indentation": ({"pieces.yaml": "pieces:\n\t- id: a\n"}, [("YML001", "pieces.yaml", 2, 1)]),
    "duplicate key": ({"pieces.yaml": "piece_kinds:\n  - id: a\n    name: A\n    name: B\n"},
                      [("YML003", "pieces.yaml", 4, 5)]),
    "billion laughs": ({"bomb.yaml": "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(7))},
        [("YML004", "bomb.yaml", 6, 4)]),
    "deep nesting": ({"deep.yaml": "pieces: " + "[" * 200 + "]" * 200 + "\n"}, [("YML005", "deep.yaml", 1, 73)]),
    "huge integer": ({"pieces.yaml": "pieces:\n  - id: a\n    name: A\n    kind: k\n    copies: " + "9" * 5000 + "\n"},
                     [("YML006", "pieces.yaml", 5, 13), ("SCH002", "pieces.yaml", 5, 13)]),
    "control character": ({"kinds.yaml": 'piece_kinds:\n  - id: a\n    name: "A\\u0007B"\n'},
                          [("YML009", "kinds.yaml", 3, 11)]),
    "file is a list": ({"list.yaml": "- a\n- b\n"}, [("YML007", "list.yaml", 1, 1)]),
    "unknown collection": ({"x.yaml": "piezes: []\n"}, [("SCH001", "x.yaml", 1, 1)]),
    "unknown key": ({"pieces.yaml": "pieces:\n  - id: a\n    name: A\n    kind: k\n    copis: 2\n"},
                    [("SCH001", "pieces.yaml", 5, 5)]),
    "wrong type": ({"pieces.yaml": "piece_kinds:\n  - id: k\n    name: K\npieces:\n  - id: a\n    name: A\n"
                                   "    kind: k\n    copies: many\n"}, [("SCH002", "pieces.yaml", 8, 13)]),
    "missing key": ({"pieces.yaml": "piece_kinds:\n  - id: k\n"}, [("SCH003", "pieces.yaml", 2, 5)]),
    "bad enum value": ({"pieces.yaml": "piece_kinds:\n  - id: k\n    name: K\n    symbol: infantery\n"},
                       [("SCH004", "pieces.yaml", 4, 13)]),
    "id not kebab-case": ({"pieces.yaml": "piece_kinds:\n  - id: Big_Kind\n    name: K\n"},
                          [("SCH005", "pieces.yaml", 2, 9)]),
    "bad dimension": ({"pieces.yaml": "piece_kinds:\n  - id: k\n    name: K\n    size: half an inch\n"},
                      [("SCH006", "pieces.yaml", 4, 11)]),
    "bad dice spec": ({"tables.yaml": "tables:\n  - id: t\n    title: T\n    dice: 2d\n    rows: []\n"},
                      [("SCH007", "tables.yaml", 4, 11)]),
    "backwards range": ({"tables.yaml": "tables:\n  - id: t\n    title: T\n    dice: 1d6\n    rows:\n"
                                        "      - {roll: 6-1, result: x}\n"}, [("SCH008", "tables.yaml", 6, 16)]),
    "bad colour": ({"f.yaml": "factions:\n  - id: red\n    name: Rojo\n    color: '#12345'\n"},
                   [("SCH009", "f.yaml", 4, 12)]),
    "unknown credit role": ({"game.yaml": GAME_WITH_EN.replace("[es, en]", "[es]") + "  credits:\n"
                                          "    - {role: [proofreading, playtestin], names: [Ana]}\n"},
                            [("SCH013", "game.yaml", 7, 29)]),
    "no manifest": ({"game.yaml": "", "pieces.yaml": "pieces: []\n"}, [("SCH010", "game.yaml", 1, 1)]),
    "duplicate id": ({"pieces.yaml": "piece_kinds:\n  - id: k\n    name: K\n  - id: k\n    name: K2\n"},
                     [("ID001", "pieces.yaml", 4, 9)]),
    "unknown reference": ({"rules.yaml": RULES.replace("{ref:combat}", "{ref:combt}")},
                          [("REF001", "rules.yaml", 8, 15)]),
    "unknown reference kind": ({"rules.yaml": RULES.replace("{ref:combat}", "{rule:combat}")},
                               [("REF002", "rules.yaml", 8, 15)]),
    "malformed reference": ({"rules.yaml": RULES.replace("{ref:combat}", "{ref: combat}")},
                            [("REF003", "rules.yaml", 8, 15)]),
    "bad count selector": ({"rules.yaml": RULES.replace("{ref:combat}", "{count:deck:nope}")},
                           [("REF004", "rules.yaml", 8, 15)]),
    "unknown piece kind": ({"pieces.yaml": "pieces:\n  - id: a\n    name: A\n    kind: ghost\n"},
                           [("REF006", "pieces.yaml", 4, 11)]),
    "2d6 table skips 7": ({"tables.yaml": "tables:\n  - id: t\n    title: T\n    dice: 2d6\n    rows:\n"
                                          "      - {roll: 2-6, result: a}\n      - {roll: 8-12, result: b}\n"},
                          [("TBL001", "tables.yaml", 6, 7), ("REF007", "tables.yaml", 2, 9)]),
    "overlapping rows": ({"tables.yaml": "tables:\n  - id: t\n    title: T\n    dice: 1d6\n    rows:\n"
                                         "      - {roll: 1-3, result: a}\n      - {roll: 3-6, result: b}\n"},
                         [("TBL002", "tables.yaml", 7, 16), ("REF007", "tables.yaml", 2, 9)]),
    "modifiers with no reading": ({"tables.yaml": "tables:\n  - id: t\n    title: T\n    dice: 1d6\n"
                                                  "    modifiers:\n      - {value: 1, when: citadel}\n    rows:\n"
                                                  "      - {roll: 1-6, result: a}\n"},
                                  [("TBL004", "tables.yaml", 6, 7), ("REF007", "tables.yaml", 2, 9)]),
    "mix does not add up": ({"pieces.yaml": "piece_kinds:\n  - id: k\n    name: K\npieces:\n  - id: a\n"
                                            "    name: A\n    kind: k\n    copies: 3\nmixes:\n  - id: all\n"
                                            "    name: All\n    total: 4\n    select: {kinds: [k]}\n"},
                            [("CNT001", "pieces.yaml", 12, 12)]),
    "deck does not add up": ({"cards.yaml": "decks:\n  - id: d\n    name: D\n    total: 2\ncards:\n"
                                            "  - id: c\n    deck: d\n    title: C\n"},
                             [("CNT002", "cards.yaml", 4, 12)]),
    "asymmetric adjacency": ({"map.yaml": "map:\n  locations:\n    - id: a\n      name: A\n      adjacent: [b]\n"
                                          "    - id: b\n      name: B\n"}, [("MAP001", "map.yaml", 5, 18)]),
    "hex outside grid": ({"map.yaml": "map:\n  kind: hexes\n  grid: {size: 19, columns: 10, rows: 10}\n"
                                      "  hexes:\n    - {id: '1101', terrain: shore}\n"},
                         [("MAP004", "map.yaml", 5, 12)]),
    "missing translation": ({"game.yaml": GAME_WITH_EN, "i18n/en.yaml": "language: en\nentries: {}\n"},
                            [("I18N001", "game.yaml", 3, 10)]),
    "lost reference token in a translation": (
        {"game.yaml": GAME_WITH_EN, "rules.yaml": RULES,
         "i18n/en.yaml": "language: en\nentries:\n  game.title: {text: Demo, source: 8d5ca31ecf}\n"
                         "  document.rules.title: {text: Rules, source: f2875e9b6c}\n"
                         "  section.intro.title: {text: Introduction, source: 1f1a6e1b8a}\n"
                         "  section.combat.title: {text: Combat, source: 4dd7b6ba59}\n"
                         "  section.intro.body: {text: Read the combat rules first., source: 5fbd5d8a9f}\n"},
        "I18N003 at en.yaml:7:3"),
    "translation of an undeclared language": ({"i18n/fr.yaml": "language: fr\nentries: {}\n"},
                                              [("I18N008", "fr.yaml", 1, 11)]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_broken_content_is_reported_at_its_place(name, write_game):
    files, expected = CASES[name]
    folder = write_game(files)
    found = check(folder).diagnostics
    located = [(d.code, d.span.file.name, d.span.line, d.span.column) for d in found if d.span]
    if isinstance(expected, str):  # only one finding of interest among others (a translation test)
        code, _, place = expected.partition(" at ")
        file, line, column = place.split(":")
        assert (code, file, int(line), int(column)) in located, located
    else:
        assert sorted(located) == sorted(expected)


def test_there_are_at_least_25_distinct_broken_content_cases():
    codes = set()
    for _files, expected in CASES.values():
        codes.update(e[0] for e in expected) if not isinstance(expected, str) else codes.add(expected.split()[0])
    assert len(CASES) >= 25 and len(codes) >= 25


def test_a_check_that_keeps_parses_finds_what_a_fresh_check_finds_after_every_edit(write_game):
    """`imprenta serve` checks again on every save, parsing again only the files whose text changed: each of
    these broken games, written over the last one in the same folder, is found as broken as a fresh check finds
    it (and a file put back as it was is read as it now is)."""
    from generator.load.yaml_nodes import parses_kept

    written: set[str] = set()
    for files, _ in [*CASES.values(), CASES["bad YAML syntax"], CASES["duplicate key"]]:
        for name in written - set(files):
            (Path("demo") / name).unlink()
        folder = write_game(files)
        written = set(files)
        with parses_kept():
            kept = check(folder).diagnostics
        assert kept == check(folder).diagnostics
