"""`imprenta inventory` prints a bill of materials for people (aligned tables, no Python dicts); --format
json stays the object scripts read."""

from __future__ import annotations

import json
import re

GAME = {"pieces.yaml": """\
    piece_kinds:
      - {id: galley, name: Galera}
      - {id: galliot, name: Galeota}
    factions:
      - {id: holy-league, name: Liga Santa, limits: {galley: 30}}
    forces:
      - {id: left, name: Izquierda, faction: holy-league}
      - {id: right-wing-reserve, name: Reserva}
    pieces:
      - {id: g, name: G, kind: galley, faction: holy-league, force: left, copies: 25}
      - {id: t, name: T, kind: galliot, force: right-wing-reserve, copies: 4}
    """, "map.yaml": "map:\n  locations:\n    - {id: x, name: X, type: province, owner: holy-league}\n"}


def test_the_text_is_aligned_tables_without_python_dicts(write_game, run_cli):
    code, out, _ = run_cli(["inventory", str(write_game(GAME))])
    assert code == 0
    assert "{'" not in out and "':" not in out
    forces = out.split("\n\n")[2].splitlines()
    assert forces[0].split() == ["forces", "side", "galley", "galliot"]
    assert re.fullmatch(r"  left +holy-league +25 +-", forces[1]) and re.fullmatch(r"  right-wing-reserve +- +- +4",
                                                                                 forces[2])
    ends = {len(line) for line in forces}            # numbers are right-aligned: every row ends in one column
    assert len(ends) == 1, forces
    assert re.search(r"^counters +29$", out, re.M) and re.search(r"^  galley +25$", out, re.M)
    powers = [block for block in out.split("\n\n") if block.startswith("powers")][0].splitlines()
    assert re.fullmatch(r"  holy-league +1 +25 +galley 30", powers[1]), powers


def test_json_stays_the_object_scripts_read(write_game, run_cli):
    code, out, _ = run_cli(["inventory", str(write_game(GAME)), "--format", "json"])
    report = json.loads(out)
    assert code == 0 and report["counters"]["by_kind"] == {"galley": 25, "galliot": 4}
    assert report["forces"]["left"] == {"side": "holy-league", "galley": 25}


def test_a_table_whose_rows_are_unknown_is_counted_as_printed_with_unknown_rows(write_game, run_cli):
    """The rulebook prints such a table (its title and a proof mark for the rows): it is not 'not printed'."""
    game = write_game({"tables.yaml": """\
        tables:
          - {id: plague, title: Peste, dice: 1d6, rows: {unknown: "solo en la hoja de tablas"}}
          - {id: famine, title: Hambre, dice: 1d6, rows: [{roll: 1-6, result: Nada}]}
        """})
    code, out, _ = run_cli(["inventory", str(game)])
    assert code == 0
    assert re.search(r"tables +2 \(1 printed with their rows unknown\)", out), out
    assert "not printed" not in out
