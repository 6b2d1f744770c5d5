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


def test_no_list_of_component_names_is_spelt_outside_the_registry():
    """Every table of outputs derives from generator/components.py: a list, set, dict or Literal naming two
    or more of them anywhere else in generator/ is a table that a new output would have to be added to by hand.
    (A single name is fine: `LayoutLibrary("cards", …)`, a word key, one family's own branch.)"""
    import ast

    from generator.components import BY_NAME

    # The same words meaning something else: a collection of the game, what a box or a module holds, counted.
    other_meaning = {("generator/load/__init__.py", ("aids", "cards")),              # collections → their i18n kinds
                     ("generator/derived/inventory.py", ("cards", "counters", "map")),   # the inventory's sections
                     ("generator/render/digital/contents.py", ("cards", "counters"))}    # what a module holds

    package = Path(__file__).resolve().parent.parent / "generator"
    tables = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "components.py" and path.parent == package:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
                items = node.elts
            elif isinstance(node, ast.Dict):
                items = [*node.keys, *node.values]
            else:
                continue
            named = {item.value for item in items
                     if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value in BY_NAME}
            where = str(path.relative_to(package.parent))
            if len(named) >= 2 and (where, tuple(sorted(named))) not in other_meaning:
                tables.append(f"{where}:{node.lineno} {sorted(named)}")
    assert tables == []


def test_the_registry_holds_each_output_once_with_a_real_renderer():
    from generator.components import FAMILIES

    assert len({family.name for family in FAMILIES}) == len(FAMILIES)
    assert len({family.cost for family in FAMILIES}) == len(FAMILIES)
    assert all(callable(family.render) and family.render.__code__.co_names for family in FAMILIES)
    assert {made for family in FAMILIES for made in family.made_from} <= {f.name for f in FAMILIES if f.printed}
