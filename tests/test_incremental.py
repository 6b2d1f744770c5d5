"""An incremental build writes what a clean build of the same content writes: every output is what its inputs say.

The two builds that said "up to date" over stale print files (the 2026-11-25 code review, §1.6), then what a
one-card edit rebuilds and how `--explain` says why. The property over random edits of every kind of content
is tests/test_incremental_property.py.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from generator.pipeline import BuildRequest, build

CHITS = {
    "game.yaml": """\
        game:
          id: demo
          title: Demo
          source_language: es
          languages: [es]
          palette: {red: "#a02020"}
        factions:
          - {id: rome, name: Roma, color: red}
        piece_kinds:
          - {id: event, name: Evento, symbol: chit, size: "0.75in"}
        """,
    "pieces.yaml": """\
        pieces:
          - {id: storm, name: Tormenta, kind: event, faction: rome, copies: 1, tags: [events]}
          - {id: plague, name: Peste, kind: event, faction: rome, copies: {unknown: "el reglamento no lo dice", assume: 2}, tags: [events]}
        mixes:
          - {id: events, name: Eventos, kind: cup, mark: "A", select: {tags: [events]}}
        """,
    "cards.yaml": """\
        card_types:
          - {id: event, name: Evento, color: red}
        decks:
          - {id: main, name: Mazo, card_type: event}
        cards:
          - {id: ambush, deck: main, number: 1, copies: 1, title: Emboscada, text: "Mueve un ejército."}
          - {id: storm, deck: main, number: 2, title: Tormenta, text: "Pierdes una flota."}
        """,
}


def files_of(target: Path) -> dict[str, str]:
    return {str(path.relative_to(target)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(target.rglob("*")) if path.is_file()}


def edit_then_compare(write_game, tmp_path, game: dict, edited: dict, only=("counters", "cards")):
    """Build `game`, edit it, build again; then build the edited game clean: the two folders must hold the same
    files, byte for byte. Returns the incremental build's result and its folder."""
    write_game(game)
    request = BuildRequest(only=only, out=tmp_path / "inc", jobs=1, formats=frozenset({"pdf", "svg"}))
    assert build(Path("demo"), request).folders
    write_game(game | edited)
    again = build(Path("demo"), request)
    clean = build(Path("demo"), request._replace(out=tmp_path / "clean"))
    assert again.folders and clean.folders
    assert files_of(again.folders[0]) == files_of(clean.folders[0])
    return again, again.folders[0]


def test_a_new_cup_mark_is_printed_on_its_counters(write_game, tmp_path):
    """Review §1.6 bug 1: the counters' inputs left out `mixes`, so a cup's new mark kept printing the old one."""
    _, target = edit_then_compare(write_game, tmp_path, CHITS,
                                  {"pieces.yaml": CHITS["pieces.yaml"].replace('mark: "A"', 'mark: "B"')})
    face = (target / "counters" / "storm-front.svg").read_text(encoding="utf-8")
    assert ">B<" in face and ">A<" not in face


def test_a_new_unknown_renumbers_the_marks_of_every_output_and_the_manifest(write_game, tmp_path):
    """Review §1.6 bug 2: a card's copies turned into an assumption is a new unknown fact, numbered before the
    counter's (cards.yaml is read first): the counter's mark becomes 2 and the manifest lists both."""
    _, target = edit_then_compare(write_game, tmp_path, CHITS, {"cards.yaml": CHITS["cards.yaml"].replace(
        "copies: 1,", 'copies: {unknown: "el reglamento no lo dice", assume: 1},')})
    manifest = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    assert len(manifest["unknowns"]) == 2


def test_editing_one_card_rebuilds_what_prints_it_and_says_why(write_game, tmp_path):
    game = CHITS | {"rules.yaml": """\
        documents:
          - id: rules
            title: Reglas
            sections:
              - {id: intro, title: Introducción, body: "Robad {card:ambush} al empezar."}
        """}
    write_game(game)
    request = BuildRequest(only=("counters", "cards", "rules"), out=tmp_path / "out", jobs=1,
                           formats=frozenset({"pdf"}))
    build(Path("demo"), request)
    write_game(game | {"cards.yaml": game["cards.yaml"].replace("Pierdes una flota.", "Pierdes dos flotas.")})
    built = build(Path("demo"), request)
    rebuilt = {why.component: why.reason for why in built.why if why.rebuilt}
    assert rebuilt == {"cards": "card 'storm' field 'text' changed"}
    write_game(game | {"cards.yaml": game["cards.yaml"].replace("Emboscada", "Celada")})
    built = build(Path("demo"), request)
    rebuilt = {why.component: why.reason for why in built.why if why.rebuilt}
    assert set(rebuilt) == {"cards", "rules", "html"}           # the rulebook quotes the ambush's title
    assert rebuilt["rules"] == "card 'ambush' field 'title' changed"


def test_explain_names_each_output_and_why(write_game, tmp_path, run_cli):
    write_game(CHITS)
    run_cli(["build", "demo", "--only", "counters,cards", "--out", str(tmp_path / "out"), "--jobs", "1"])
    write_game(CHITS | {"pieces.yaml": CHITS["pieces.yaml"].replace("Peste", "Pestilencia")})
    code, out, _ = run_cli(["build", "demo", "--only", "counters,cards", "--out", str(tmp_path / "out"),
                            "--jobs", "1", "--explain"])
    assert code == 0
    assert "demo/es/counters: rebuilt: piece 'plague' field 'name' changed" in out
    assert "demo/es/cards: kept" in out


def test_timings_list_every_phase_and_job_with_its_seconds_and_how_busy_the_workers_were(write_game, tmp_path,
                                                                                         run_cli):
    write_game(CHITS)
    code, out, _ = run_cli(["build", "demo", "--only", "counters,cards", "--out", str(tmp_path / "out"),
                            "--jobs", "2", "--timings"])
    assert code == 0
    rows = {line.split()[1]: line.split()[2:] for line in out.splitlines() if line.startswith("demo: ")}
    assert {"stamp", "check", "plan", "publish", "es/counters", "es/cards"} <= set(rows)
    for job in ("es/counters", "es/cards"):
        started, wall, cpu, peak = map(float, rows[job])
        assert wall > 0 and cpu > 0 and peak > 0          # each job's own worker, measured in that worker
    assert "2 jobs on 2 workers in" in out and "workers busy" in out


def test_a_picture_redrawn_rebuilds_what_prints_it(write_game, tmp_path):
    from tests.edits import png

    game = CHITS | {"cards.yaml": CHITS["cards.yaml"].replace("text: \"Pierdes una flota.\"",
                                                              "text: \"Pierdes una flota.\", image: art/storm.png")}
    write_game(game)
    (tmp_path / "demo" / "art").mkdir()
    (tmp_path / "demo" / "art" / "storm.png").write_bytes(png((10, 120, 10)))
    request = BuildRequest(only=("counters", "cards"), out=tmp_path / "out", jobs=1, formats=frozenset({"pdf"}))
    assert build(Path("demo"), request).folders
    (tmp_path / "demo" / "art" / "storm.png").write_bytes(png((120, 10, 10)))
    built = build(Path("demo"), request)
    assert [(why.component, why.rebuilt, why.reason) for why in built.why] == [
        ("counters", False, ""), ("cards", True, "file art/storm.png changed")]
