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
    found = check(game, layout=False).diagnostics
    assert not [d for d in found if d.severity.name in ("ERROR", "WARNING")], [str(d) for d in found]
    assert [(d.span.line, "route" in d.message) for d in found if d.code == "UNK001"] == [(13, True)]
    built = build(game, BuildRequest(only=("map",), out=tmp_path / "out", formats=frozenset({"pdf", "svg"})))
    assert built.folders, [str(d) for d in built.diagnostics]
    svg = (tmp_path / "out" / "demo" / "es" / "map.svg").read_text(encoding="utf-8")
    caria = svg[svg.index('id="area-caria"'):svg.index('id="area-rhodes"')]
    printed = "".join(re.findall(r"<text[^>]*>([^<]*)</text>", caria))
    assert "Caria\u2192 1 (2)" in printed, printed       # the route, the mark's figure, its cost
    assert "el capítulo no dice adónde lleva la ruta" in _pdf_text(tmp_path / "out" / "demo" / "es" / "map.pdf")
