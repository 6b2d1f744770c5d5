"""Shared helpers: write a small game into a temporary folder, run the command as a user would."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.cli import main

MINIMAL_GAME = """\
game:
  id: demo
  title: Demo
  source_language: es
  languages: [es]
"""


@pytest.fixture
def write_game(tmp_path, monkeypatch):
    """write_game({"tables.yaml": "..."}) → the game folder; paths in diagnostics are relative to tmp_path."""
    monkeypatch.chdir(tmp_path)

    def write(files: dict[str, str], with_manifest: bool = True) -> Path:
        folder = tmp_path / "demo"
        folder.mkdir(exist_ok=True)
        if with_manifest and "game.yaml" not in files:
            (folder / "game.yaml").write_text(MINIMAL_GAME, encoding="utf-8")
        for name, text in files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        return Path("demo")

    return write


@pytest.fixture
def run_cli(capsys):
    """run_cli([...]) → (exit code, stdout, stderr)."""
    def run(argv: list[str]) -> tuple[int, str, str]:
        code = main(argv)
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


@pytest.fixture(scope="session")
def seed_builds(tmp_path_factory) -> Path:
    """Every seed game built once for the whole run, as a home proof in each of its languages, in every
    format but PNG: the out folder, holding <game>/<language>/. Tests only read it."""
    from generator.pipeline import BuildRequest, build, game_folders

    out = tmp_path_factory.mktemp("seed-builds")
    for folder in game_folders(Path(__file__).resolve().parent.parent / "content"):
        built = build(folder, BuildRequest(out=out, formats=frozenset({"pdf", "svg"})))
        assert built.folders, [str(d) for d in built.diagnostics if d.severity.name != "NOTE"]
    return out
