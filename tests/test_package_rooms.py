"""The package's rooms stay in pipeline order, small enough to read, and free of import circles.

A module may import from its own room or a room below it, never from a room later in the pipeline:
a newcomer can then read the package bottom-up, and a change to the renderers can never break loading.
"""

from __future__ import annotations

import ast
import functools
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "generator"

# generator/<room>/… (or generator/<module>.py) → its place in the pipeline; equal ranks may import each other.
PIPELINE = {
    "shapes": 0, "diagnostics": 0, "user_cache": 0, "game_files": 0,   # foundations: what every phase speaks
    "components": 0,                                  # the output families: every room may name them
    "model": 1,                                       # the content's shapes, which the loader fills
    "load": 2,
    "derived": 3,                                     # computed from the model: numbers, counts, references
    "checks": 4,
    "i18n": 5,
    "render": 6,
    "output": 7,
    "cli": 8, "commands": 8, "pipeline": 8, "checking": 8, "checked_before": 8, "checked_faces": 8, "schema": 8, "__main__": 8,
    "serve": 8,
}
# Inside render/: the drawing model, then paper, then the piece and map families, which never import each other.
# book/ comes after the sheets: a rulebook's anatomy figure is a counter or card drawn by the sheets' own layouts and
# faces, so it cannot disagree with the printed pieces.
# digital/ (VASSAL, Tabletop Simulator) comes after them: a play module is an assembly of the families' own
# outputs, the very faces the counter and card sheets print (sheets/) and the drawing behind map.svg (maps/).
# Moving those down would drag layouts, the content's words and the map's furniture into draw/ and paper/,
# which know nothing of a game; copying them would let the module drift from the print files.
RENDER = {"draw": 0, "paper": 1, "sheets": 2, "maps": 2, "book": 3, "digital": 4}


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        yield path, ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _imports(path: Path) -> tuple[str, ...]:
    """The generator modules `path` imports: each file parsed once for the module's three tests."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("generator"):
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names if alias.name.startswith("generator"))
    return tuple(found)


def _room(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def _render_room(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[1] == "render" else None


def _runs_a_renderer(module: str, imported: str) -> bool:
    """The component registry's renderer functions import their family when a build first runs it: the one
    place a foundation names a later room, so that every table of components derives from one declaration."""
    return module == "generator.components" and imported.startswith("generator.render.")


def test_no_module_imports_from_a_later_room_of_the_pipeline():
    late = []
    for path, module in _modules():
        for imported in _imports(path):
            if _runs_a_renderer(module, imported):
                continue
            own, theirs = _room(module), _room(imported)
            if own and theirs and PIPELINE[theirs] > PIPELINE[own]:
                late.append(f"{module} imports {imported}")
    assert late == []


def test_every_room_has_a_place_in_the_pipeline():
    rooms = {_room(module) for _, module in _modules()} - {None}
    assert rooms <= set(PIPELINE), rooms - set(PIPELINE)


def test_inside_render_drawing_comes_before_paper_and_the_output_families_never_import_each_other():
    crossing = []
    for path, module in _modules():
        own = _render_room(module)
        for imported in _imports(path):
            theirs = _render_room(imported)
            if own is None or theirs is None or own == theirs:
                continue
            if RENDER[theirs] >= RENDER[own]:
                crossing.append(f"{module} imports {imported}")
    assert crossing == []


def test_no_import_circles_between_modules():
    graph = {module: {imported for imported in _imports(path) if not _runs_a_renderer(module, imported)}
             for path, module in _modules()}
    circles, state = [], {}

    def visit(module, trail):
        state[module] = "open"
        for imported in sorted(graph.get(module, ())):
            if imported not in graph:
                continue
            if state.get(imported) == "open":
                circles.append(trail[trail.index(imported):] + [imported])
            elif imported not in state:
                visit(imported, trail + [imported])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    # A package importing its own modules from __init__ is not a circle a reader trips on.
    circles = [c for c in circles if not all(m.startswith(c[0] + ".") or m == c[0] for m in c)]
    assert circles == []


def test_folders_and_modules_stay_small_enough_to_read():
    per_folder = Counter(path.parent.relative_to(PACKAGE.parent).as_posix() for path, _ in _modules())
    crowded = {folder: count for folder, count in per_folder.items() if count > 12}
    long = {path.relative_to(PACKAGE.parent).as_posix(): lines for path, _ in _modules()
            if (lines := len(path.read_text().splitlines())) > 400}
    assert crowded == {} and long == {}
