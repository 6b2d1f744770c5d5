"""A set-up as data: each placement puts one thing in one place that exists and fits it; what the source does not
give is an unknown the checker lists where it is written; counts are held against the copies (CNT007)."""

from __future__ import annotations

import pytest

from generator.pipeline import check

PIECES = """\
factions:
  - {id: rome, name: Roma}
  - {id: carthage, name: Cartago}
  - {id: syracuse, name: Siracusa, side: carthage}
piece_kinds:
  - {id: k, name: K}
pieces:
  - {id: legion, name: Legión, kind: k, faction: rome, copies: 4, tags: [roman]}
  - {id: consul, name: Cónsul, kind: k, faction: rome, copies: 2, tags: [consuls]}
  - {id: hoplite, name: Hoplita, kind: k, faction: syracuse, copies: 3}
  - id: garrison
    name: Guarnición
    kind: k
    copies: {unknown: no se sabe, assume: 1}
    front: {label: Cartaginesa}
    back: {label: Romana}
  - {id: siege, name: Asedio, kind: k, copies: 2, front: {text: Asedio}}
mixes:
  - {id: consul-cup, name: Taza de cónsules, kind: cup, select: {tags: [consuls]}}
  - {id: roman-units, name: Unidades romanas, select: {tags: [roman]}}
decks:
  - {id: roman-deck, name: Mazo romano, faction: rome, total: 6}
  - {id: open-deck, name: Mazo abierto}
cards:
  - {id: c1, deck: open-deck, title: C1, copies: {unknown: no se sabe, assume: 2}}
tracks:
  - {id: supply, name: Suministro, max: 6}
map:
  locations:
    - {id: messana, name: Mesana, adjacent: [rhegium]}
    - {id: rhegium, name: Reggio, adjacent: [messana]}
    - {id: reserve, name: Refuerzos, type: box}
"""


def _found(write_game, places: str, side: str = "rome", codes=("SET", "CNT007", "REF006", "SCH")):
    setup = f"setup:\n  - id: s\n    side: {side}\n    place:\n{places}"
    found = check(write_game({"pieces.yaml": PIECES, "setup.yaml": setup})).diagnostics
    return [(d.code, d.span.line, d.span.column) for d in found
            if d.span and d.span.file.name == "setup.yaml" and d.code.startswith(codes)]


def test_a_set_up_that_fits_the_game_is_not_reported(write_game):
    assert _found(write_game, "      - {piece: garrison, face: back, at: messana}\n"
                              "      - {piece: legion, count: 2, at: rhegium}\n"
                              "      - {mix: roman-units, count: rest, at: reserve}\n"
                              "      - {piece: consul, count: rest, at: consul-cup}\n"
                              "      - {deck: roman-deck, count: 5, at: hand}\n"
                              "      - {deck: roman-deck, count: rest, at: messana}\n"
                              "      - {piece: siege, at: supply}\n"
                              "      - {piece: siege, at: 'supply:6'}\n"
                              "      - {piece: legion, count: {unknown: no se sabe}, at: {unknown: tampoco}}\n") == []


@pytest.mark.parametrize("place, expected", [
    ("{piece: siege, face: back, at: messana}", ("SET001", 5, 30)),        # a face the counter does not have
    ("{piece: legion, at: hand}", ("SET001", 5, 29)),                      # only cards go to the hand
    ("{piece: legion, at: consul-cup}", ("SET001", 5, 29)),                # a cup that does not hold it
    ("{piece: legion, at: roman-units}", ("SET001", 5, 29)),               # a mix that is not a cup
    ("{deck: roman-deck, count: 2, at: supply}", ("SET001", 5, 42)),       # cards on a track
    ("{piece: siege, at: 'supply:7'}", ("SET001", 5, 28)),                 # past the track's end
    ("{piece: siege, at: 'supply:x'}", ("SET001", 5, 28)),                 # not a space at all
    ("{piece: legion, at: palermo}", ("REF006", 5, 29)),                   # a place that does not exist
    ("{piece: legio, at: messana}", ("REF006", 5, 17)),                    # a piece that does not exist
    ("{piece: legion, count: 5, at: messana}", ("CNT007", 5, 32)),         # more than its copies
    ("{deck: roman-deck, count: 7, at: hand}", ("CNT007", 5, 35)),         # more than the deck's stated total
    ("{piece: legion, kind: k, at: messana}", ("SCH", 5, 9)),              # two things in one placement
])
def test_a_placement_that_cannot_be_carried_out_is_reported_where_it_is_written(write_game, place, expected):
    found = _found(write_game, f"      - {place}\n")
    assert [(code[:len(expected[0])], line, column) for code, line, column in found] == [expected]


def test_the_rest_of_something_goes_to_one_place(write_game):
    found = _found(write_game, "      - {mix: roman-units, count: rest, at: reserve}\n"
                               "      - {mix: roman-units, count: rest, at: messana}\n")
    assert found == [("SET001", 6, 35)]


def test_placing_more_than_an_assumed_number_asks_to_raise_the_assumption(write_game):
    setup = "setup:\n  - id: s\n    place:\n" + "".join(f"      - {{piece: garrison, at: {at}}}\n"
                                                      for at in ("messana", "rhegium"))
    found = [d for d in check(write_game({"pieces.yaml": PIECES, "setup.yaml": setup})).diagnostics
             if d.code == "CNT007"]
    assert [(d.span.line, "assumed 1" in d.message, "at least 2" in d.hint) for d in found] == [(5, True, True)]


def test_a_deck_whose_cards_are_only_assumed_is_not_held_to_them(write_game):
    assert _found(write_game, "      - {deck: open-deck, count: 5, at: hand}\n", side="carthage") == []


def test_a_side_places_its_own_and_its_allies_pieces_only(write_game):
    assert _found(write_game, "      - {piece: hoplite, at: messana}\n", side="carthage") == []
    assert _found(write_game, "      - {piece: garrison, at: messana}\n", side="carthage") == []   # no faction
    assert _found(write_game, "      - {piece: hoplite, at: messana}\n") == [("SET002", 5, 17)]
    assert _found(write_game, "      - {deck: roman-deck, count: 1, at: hand}\n", side="carthage") == \
        [("SET002", 5, 16)]


def test_a_section_asks_for_set_up_steps_that_exist(write_game):
    rules = ("documents:\n  - id: r\n    title: R\n    sections:\n"
             "      - {id: setup, title: Despliegue, setup: [s, t]}\n")
    setup = "setup:\n  - id: s\n    place:\n      - {piece: legion, at: messana}\n"
    found = check(write_game({"pieces.yaml": PIECES, "setup.yaml": setup, "rules.yaml": rules})).diagnostics
    assert [(d.code, d.span.file.name, d.span.line) for d in found if d.code == "REF006"] == \
        [("REF006", "rules.yaml", 5)]


def test_each_unknown_count_and_place_is_listed_where_it_is_written(write_game):
    setup = ("setup:\n  - id: s\n    place:\n      - piece: legion\n        count: {unknown: cuántas}\n"
             "        at: {unknown: dónde}\n      - {piece: consul, count: rest, at: {unknown: qué caja}}\n")
    found = check(write_game({"pieces.yaml": PIECES, "setup.yaml": setup})).diagnostics
    listed = [(d.span.line, d.message) for d in found if d.code == "UNK001" and d.span.file.name == "setup.yaml"]
    assert listed == [(5, "count of piece 'legion' of setup 's' is unknown: cuántas"),
                      (6, "at of piece 'legion' of setup 's' is unknown: dónde"),
                      (7, "at of piece 'consul' of setup 's' is unknown: qué caja")]
