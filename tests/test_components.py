"""A build makes what the game's manifest says the box holds, says what it left out, and each --only value
writes what its help says."""

from __future__ import annotations

from pathlib import Path

from generator.pipeline import BuildRequest, build

GAME = {
    "game.yaml": "game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es]\n"
                 "  components: [counters]\n",
    "pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: A, kind: k}\n",
    "map.yaml": "map:\n  locations:\n    - {id: x, name: X, adjacent: [y]}\n    - {id: y, name: Y, adjacent: [x]}\n",
    "rules.yaml": "documents:\n  - id: r\n    title: Reglas\n    sections:\n      - {id: s, title: S, body: Texto.}\n",
}


def _files(out: Path) -> list[str]:
    return sorted(str(p.relative_to(out / "demo" / "es")) for p in (out / "demo" / "es").rglob("*") if p.is_file())


def test_a_component_the_manifest_does_not_list_is_not_built_and_a_note_says_so(write_game, tmp_path):
    built = build(write_game(GAME), BuildRequest(out=tmp_path / "out", formats=frozenset({"pdf"})))
    files = _files(tmp_path / "out")
    assert "counters.pdf" in files
    assert not [f for f in files if f.startswith(("map", "rules"))], files
    notes = [d for d in built.diagnostics if d.code == "OUT006"]
    assert [(d.severity.name, d.span.file.name, d.span.line) for d in notes] == [("NOTE", "game.yaml", 6)] * 2
    assert "map.pdf at full size, map.svg, and map-tiles.pdf" in notes[0].message
    assert "rules.pdf and rules.html" in notes[1].message and "--only rules" in notes[1].hint


def test_only_rules_writes_the_rulebook_in_print_and_on_screen_and_no_note(write_game, tmp_path):
    built = build(write_game(GAME), BuildRequest(only=("rules",), out=tmp_path / "out", formats=frozenset({"pdf"})))
    assert _files(tmp_path / "out") == ["manifest.json", "rules.html", "rules.pdf"]
    assert not [d for d in built.diagnostics if d.code == "OUT006"]


def test_a_manifest_that_lists_no_components_builds_what_the_data_holds(write_game, tmp_path):
    game = {**GAME, "game.yaml": GAME["game.yaml"].replace("  components: [counters]\n", "")}
    build(write_game(game), BuildRequest(only=(), out=tmp_path / "out", formats=frozenset({"pdf"}), jobs=1))
    files = _files(tmp_path / "out")
    assert {"counters.pdf", "map.pdf", "map-tiles.pdf", "rules.pdf", "rules.html"} <= set(files), files
