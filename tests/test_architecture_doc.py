"""docs/architecture.md names only rooms, modules and functions that exist, and names every room and every module
at the root of the package and of render/ (a newcomer reads it first; it must not send them anywhere wrong)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"
DOC = ROOT / "docs" / "architecture.md"


def _spans() -> list[str]:
    return re.findall(r"`([^`\n]+)`", DOC.read_text(encoding="utf-8"))


def _file(path: str) -> Path:
    """A path as the page writes it: relative to generator/, unless it starts at the repository's root."""
    return ROOT / path if path.split("/")[0] in ("generator", "tests", "docs") else PACKAGE / path


def _defined(module: Path) -> set[str]:
    """Names a module defines at its top level: functions, classes, assignments."""
    names = set()
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _named_places() -> list[tuple[str, str | None]]:
    """(path under generator/, name defined there or None) for every span that names a place in the package:
    `render/draw/`, `load/validation.py`, `render/sheets/faces.py:draw_face`, `pipeline.check`."""
    places = []
    for span in _spans():
        if span.endswith("/") or span.endswith(".py"):
            places.append((span, None))
        elif re.fullmatch(r"[\w/]+\.py:\w+", span):
            path, name = span.split(":")
            places.append((path, name))
        elif re.fullmatch(r"[a-z_]+\.[a-z_]+", span) and (PACKAGE / f"{span.split('.')[0]}.py").is_file():
            module, name = span.split(".")
            places.append((f"{module}.py", name))
    return places


def test_every_room_module_and_function_the_page_names_exists():
    places = _named_places()
    assert len(places) > 60, "the page names the package's places in `code`"
    missing = [f"{path}:{name}" if name else path for path, name in places
               if not _file(path).exists() or (name and name not in _defined(_file(path)))]
    assert missing == []


def test_the_page_names_every_room_and_every_root_module():
    named = {path for path, _ in _named_places()}
    rooms = {f"{p.name}/" for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    rooms |= {f"render/{p.name}/" for p in (PACKAGE / "render").iterdir() if (p / "__init__.py").is_file()}
    modules = {p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py")}
    modules |= {f"render/{p.name}" for p in (PACKAGE / "render").glob("*.py") if p.name != "__init__.py"}
    assert sorted((rooms | modules) - named) == []
