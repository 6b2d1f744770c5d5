"""`imprenta check` compares what the play modules would hold with the inventory (DIG001) and each force's
counters with its start hexes (DIG002)."""

from __future__ import annotations

from generator.pipeline import check
from generator.render.digital import findings

SQUADRON = {"pieces.yaml": """\
    piece_kinds:
      - {id: galley, name: Galera}
    forces:
      - {id: left, name: Izquierda}
    pieces:
      - {id: g, name: G, kind: galley, force: left, copies: 2}
    """, "map.yaml": """\
    map:
      kind: hexes
      grid: {orientation: pointy, size: 16, columns: 4, rows: 4}
      hexes:
        - {id: '0101', start: left}
        - {id: '0102', start: left}
        - {id: '0103', start: left}
    """}


def test_a_force_with_more_start_hexes_than_counters_is_a_warning_at_the_force(write_game):
    found = [d for d in check(write_game(SQUADRON)).diagnostics if d.code == "DIG002"]
    assert len(found) == 1 and "2 counters and 3 start hexes" in found[0].message
    assert (found[0].span.file.name, found[0].span.line, found[0].severity.name) == ("pieces.yaml", 4, "WARNING")


def test_a_force_whose_counters_fill_its_start_hexes_says_nothing(write_game):
    files = dict(SQUADRON, **{"pieces.yaml": SQUADRON["pieces.yaml"].replace("copies: 2", "copies: 3")})
    assert [d for d in check(write_game(files)).diagnostics if d.code.startswith("DIG")] == []


def test_a_module_that_would_lose_counters_is_an_error(write_game, monkeypatch):
    real = findings.module_contents

    def losing_one(edition):
        contents = real(edition)
        contents.pieces[0].copies -= 1
        return contents

    monkeypatch.setattr(findings, "module_contents", losing_one)
    found = [d for d in check(write_game(SQUADRON)).diagnostics if d.code == "DIG001"]
    assert len(found) == 1 and "1 counters where the inventory counts 2" in found[0].message
