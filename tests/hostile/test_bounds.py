"""The second hostile battery: numbers that size work, templates that run away, hostile maps and profiles,
language codes, the game's own policy, the reporter and the output folder. Each case ends in a finding with
its code and place (file:line:col), never a traceback, a hang or a leak: no file outside the game is opened,
and no byte of the canary beside the game (conftest.SECRET) reaches a finding, its quoted source, or an
output file."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.diagnostics import Diagnostic, Severity, reporting
from generator.pipeline import BuildRequest, build, check

from .conftest import BASE, SECRET, Audit, Link, outside_reads

TABLE = "tables:\n  - id: t\n    title: T\n    dice: 1d6\n{extra}    rows:\n      - {{roll: {roll}, result: X}}\n"
DOMAIN = "tables:\n  - id: t\n    title: T\n    domain: {domain}\n    rows:\n      - {{key: {key}, result: X}}\n"
TRACK = "map:\n  kind: areas\ntracks:\n  - {{id: vp, name: VP, {bounds}}}\n"
GRID = "map:\n  kind: hexes\n  grid: {{size: 16, {grid}}}\n  hexes:\n    - {{id: '0101'}}\n"
SETUP = ("setup:\n  - id: s\n    side: rome\n    text: x\n    place:\n      - {{piece: legion, count: {count}, "
         "at: hand}}\n")
CARDS = "decks:\n  - {{id: d, name: D}}\ncards:\n  - {{id: a, deck: d, title: A, copies: {copies}}}\n"
RULES = "documents:\n  - id: rules\n    title: Reglas\n    sections:\n      - {id: intro, title: Intro, body: Texto}\n"
TEMPLATE = "templates/rulebook/rules.html.j2"
PART = "templates/rulebook/part.html.j2"
GEO = ("map:\n  kind: areas\n  width: 800\n  geography: {{land: {land}, projection: mercator, "
       "bounds: [-74.6, 17.4, -68.2, 20.2], reach_km: 120}}\n  locations:\n    - {{id: a, name: A, anchor: [{anchor}]}}\n")
LAND = '{"type": "Polygon", "coordinates": [[[-72, 18], [-70, 18], [-70, 19.5], [-72, 19.5], [-72, 18]]]}'
PROFILE = "templates/profiles/mine.yaml"
CHECKS = textwrap.dedent(BASE["game.yaml"]).replace("{", "{{").replace("}", "}}").replace(
    "languages: [es]\n", "languages: [es]\n  checks:\n    {policy}\n")
LEGION = BASE["pieces.yaml"]


def _page(body: str) -> str:
    return "<!DOCTYPE html>\n<html>\n<head><title>{{ game.title }}</title></head>\n<body>\n" + body + "\n</body>\n</html>\n"


# id: (files written into the game, [(code, file, line, column)] that must be among the findings, components)
CASES = {
    # Numbers that size work, bounded where they are loaded.
    "roll range of three billion": ({"tables.yaml": TABLE.format(extra="", roll="1-3000000000")},
                                    [("SCH008", "tables.yaml", 6, 16)]),
    "negative roll range": ({"tables.yaml": TABLE.format(extra="", roll="-3000000000-1")},
                            [("SCH008", "tables.yaml", 6, 16)]),
    "domain of three billion": ({"tables.yaml": DOMAIN.format(domain="1-3000000000", key="1-3000000000")},
                                [("SCH008", "tables.yaml", 4, 13)]),
    "key past its domain": ({"tables.yaml": DOMAIN.format(domain="1-30", key="1-3000000000")},
                            [("TBL003", "tables.yaml", 6, 15)]),
    "faces of three billion": ({"tables.yaml": TABLE.format(extra="    faces: 0-3000000000\n", roll="1-6")},
                               [("SCH008", "tables.yaml", 5, 12)]),
    "modifier of 10^8": ({"tables.yaml": TABLE.format(extra="    modifiers:\n      - {value: 100000000, when: x}\n",
                                                      roll="1-6")}, [("SCH004", "tables.yaml", 6, 17)]),
    "modifier of -10^8": ({"tables.yaml": TABLE.format(extra="    modifiers:\n      - {value: -100000000, when: x}\n",
                                                       roll="1-6")}, [("SCH004", "tables.yaml", 6, 17)]),
    "modifiers stacked past the limit": ({"tables.yaml": TABLE.format(
        extra="    out_of_range: rows\n    modifiers:\n" + "      - {value: 1000, per: x, up_to: 99}\n" * 3,
        roll="1-6")}, [("TBL004", "tables.yaml", 7, 7)]),
    "dice 1000d1000": ({"tables.yaml": TABLE.format(extra="", roll="1-6").replace("1d6", "1000d1000")},
                       [("SCH007", "tables.yaml", 4, 11)]),
    "track of three billion spaces": ({"map.yaml": TRACK.format(bounds="max: 3000000000")},
                                      [("SCH004", "map.yaml", 4, 29)]),
    "track from minus three billion": ({"map.yaml": TRACK.format(bounds="min: -3000000000, max: 3")},
                                       [("SCH004", "map.yaml", 4, 29)]),
    "set-up count of three billion": ({"setup.yaml": SETUP.format(count=3000000000)},
                                      [("SCH004", "setup.yaml", 6, 32)]),
    "a billion copies of a piece": ({"pieces.yaml": LEGION.replace("copies: 2", "copies: 1000000000")},
                                    [("SCH004", "pieces.yaml", 6, 13)]),
    "a billion copies of a card": ({"cards.yaml": CARDS.format(copies=1000000000)}, [("SCH004", "cards.yaml", 4, 40)]),
    "a million hex columns": ({"map.yaml": GRID.format(grid="columns: 1000000, rows: 3")},
                              [("SCH004", "map.yaml", 3, 29)]),
    "first column of a billion": ({"map.yaml": GRID.format(grid="columns: 3, rows: 3, first_column: 1000000000")},
                                  [("SCH004", "map.yaml", 3, 55)]),
    # Templates that build huge values or never end: a LAY005 at the template, not a 'bug in Imprenta'.
    "template repeats a text 10^10 times": ({TEMPLATE: _page("{{ 'a' * 10000000000 }}"), "rules.yaml": RULES},
                                            [("LAY005", "rules.html.j2", 5, 1)], ("html",)),
    "template repeats a list 10^9 times": ({TEMPLATE: _page("{{ ([1] * 1000000000) | length }}"),
                                            "rules.yaml": RULES}, [("LAY005", "rules.html.j2", 5, 1)], ("html",)),
    "template raises to a huge power": ({TEMPLATE: _page("{{ 9 ** 99999999 }}"), "rules.yaml": RULES},
                                        [("LAY005", "rules.html.j2", 5, 1)], ("html",)),
    "template formats a huge width": ({TEMPLATE: _page("{{ '%0999999999d' % 1 }}"), "rules.yaml": RULES},
                                      [("LAY005", "rules.html.j2", 5, 1)], ("html",)),
    "template centres in a width of 10^9": ({TEMPLATE: _page("{{ 'a' | center(999999999) }}"), "rules.yaml": RULES},
                                            [("LAY005", "rules.html.j2", 5, 1)], ("html",)),
    "template str.format with a width of 10^9": ({TEMPLATE: _page("{{ '{:0999999999}'.format(1) }}"),
                                                  "rules.yaml": RULES}, [("LAY005", "rules.html.j2", 5, 1)], ("html",)),
    "template format filter with a width of 10^9": ({TEMPLATE: _page("{{ '%0999999999d' | format(1) }}"),
                                                     "rules.yaml": RULES}, [("LAY005", "rules.html.j2", 5, 1)],
                                                    ("html",)),
    "template includes itself": ({TEMPLATE: _page("{% include 'rulebook/rules.html.j2' %}"), "rules.yaml": RULES},
                                 [("LAY005", "rules.html.j2", 5, 1)], ("html",)),
    "template extends itself": ({TEMPLATE: "{% extends 'rulebook/rules.html.j2' %}\n", "rules.yaml": RULES},
                                [("LAY005", "rules.html.j2", 1, 1)], ("html",)),
    "macro that calls itself": ({TEMPLATE: _page("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}"),
                                 "rules.yaml": RULES}, [("LAY005", "rules.html.j2", 5, 1)], ("html",)),
    "two templates that include each other": ({TEMPLATE: _page("{% include 'rulebook/part.html.j2' %}"),
                                               PART: "{% include 'rulebook/rules.html.j2' %}\n", "rules.yaml": RULES},
                                              [("LAY005", "part.html.j2", 1, 1)], ("html",)),
    "template includes a linked partial": ({TEMPLATE: _page("{% include 'rulebook/part.html.j2' %}"),
                                            PART: Link("secret/secret.txt"), "rules.yaml": RULES},
                                           [("SEC001", "part.html.j2", 1, 1)], ("html",)),
    # Maps and profiles.
    "deeply nested GeoJSON": ({"map.yaml": GEO.format(land="geo/land.json", anchor="19, -71"),
                               "geo/land.json": '{"type": "Polygon", "coordinates": ' + "[" * 100000 + "]" * 100000
                                                + "}"}, [("MAP011", "map.yaml", 4, 21)]),
    "GeoJSON land is a link": ({"map.yaml": GEO.format(land="geo/land.json", anchor="19, -71"),
                                "geo/land.json": Link("secret/secret.txt")}, [("SEC001", "land.json", 1, 1)]),
    "latitude of 99 degrees": ({"map.yaml": GEO.format(land="geo/land.json", anchor="99, -71"), "geo/land.json": LAND},
                               [("SCH004", "map.yaml", 6, 32)]),
    "longitude of 500 degrees": ({"map.yaml": GEO.format(land="geo/land.json", anchor="19, 500"),
                                  "geo/land.json": LAND}, [("SCH004", "map.yaml", 6, 32)]),
    "areas map with shapes and no size": ({"map.yaml": "map:\n  kind: areas\n  locations:\n    - {id: a, name: A, "
                                                       "shape: {circle: [1, 2, 3]}}\n"},
                                          [("MAP011", "map.yaml", 2, 3)], ("map",)),
    "profile icc that is not ICC": ({PROFILE: "extends: press\nicc: rulebook/rules.html.j2\n"},
                                    [("SCH004", "mine.yaml", 2, 6)]),
    "profile icc that leaves the folder": ({PROFILE: "extends: press\nicc: ../../../secret/secret.txt\n"},
                                           [("SCH004", "mine.yaml", 2, 6)]),
    "profile icc that is absolute": ({PROFILE: "extends: press\nicc: /etc/passwd\n"}, [("SCH004", "mine.yaml", 2, 6)]),
    "profile icc that does not exist": ({PROFILE: "extends: press\nicc: icc/none.icc\n"},
                                        [("SCH004", "mine.yaml", 2, 6)]),
    # Language codes, wherever a game gives one.
    "language zz in game.yaml": ({"game.yaml": BASE["game.yaml"].replace("languages: [es]", "languages: [es, zz]")},
                                 [("SCH004", "game.yaml", 5, 19)]),
    "source language that is a path": ({"game.yaml": BASE["game.yaml"].replace("source_language: es",
                                                                               "source_language: ../../secret")},
                                       [("SCH004", "game.yaml", 4, 20)]),
    "translation declaring language zz": ({"i18n/zz.yaml": "language: zz\nentries: {}\n"},
                                          [("SCH004", "zz.yaml", 1, 11)]),
    # A game's own policy cannot silence what guards against it.
    "checks ignore SEC001": ({"game.yaml": CHECKS.format(policy="ignore: [{code: SEC001, reason: trusted}]"),
                              "extra.yaml": Link("secret/secret.yaml")},
                             [("SEC001", "extra.yaml", 1, 1), ("SCH004", "game.yaml", 7, 21)]),
    "checks ignore the SEC family": ({"game.yaml": CHECKS.format(policy="ignore: [{code: SEC, reason: trusted}]"),
                                      "extra.yaml": Link("secret/secret.yaml")},
                                     [("SEC001", "extra.yaml", 1, 1), ("SCH004", "game.yaml", 7, 21)]),
    "checks ignore symbolic-link by name": ({"game.yaml": CHECKS.format(
        policy="ignore: [{code: symbolic-link, reason: trusted}]"), "extra.yaml": Link("secret/secret.yaml")},
        [("SEC001", "extra.yaml", 1, 1), ("SCH004", "game.yaml", 7, 21)]),
    "checks warn SEC004": ({"game.yaml": CHECKS.format(policy="warn: [SEC004]"),
                            TEMPLATE: _page("<script>alert(1)</script>")},
                           [("SEC004", "rules.html.j2", 5, 1), ("SCH004", "game.yaml", 7, 11)]),
}


def _outputs(out: Path) -> dict[str, bytes]:
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in out.rglob("*")
            if path.is_file() and not path.is_symlink()} if out.is_dir() and not out.is_symlink() else {}


def _secret_in(found: list[Diagnostic]) -> bool:
    text = reporting.as_text(found, show_source=True) + reporting.as_json(found) + reporting.as_sarif(found)
    return SECRET in text or SECRET.lower() in text


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_content_ends_in_a_finding_at_its_place(hostile_game, name):
    files, expected, *only = CASES[name]
    folder = hostile_game(files)
    out = Path("out")
    with Audit() as opened:
        found = check(folder).diagnostics
        built = build(folder, BuildRequest(only=only[0] if only else ("counters",), out=out, jobs=1,
                                           formats=frozenset({"pdf"})))
    every = found + built.diagnostics
    located = {(d.code, d.span.file.name, d.span.line, d.span.column) for d in every if d.span}
    for place in expected:
        assert place in located, sorted(located)
    if any(code == "SEC001" for code, *_ in expected):     # never silenced, whatever the game says
        assert all(d.severity is Severity.ERROR for d in every if d.code.startswith("SEC"))
    assert not [d for d in every if d.code in ("OUT002", "SEC005")]       # no 'bug in Imprenta', no runaway
    assert outside_reads(opened, folder) == []
    assert not _secret_in(every)
    assert not any(SECRET.encode() in data for data in _outputs(out).values())


def test_the_second_battery_has_forty_cases_over_every_class():
    assert len(CASES) >= 40
    codes = {code for _, expected, *_ in CASES.values() for code, *_ in expected}
    assert codes >= {"SCH004", "SCH007", "SCH008", "TBL003", "TBL004", "LAY005", "MAP011", "SEC001", "SEC004"}
