"""Shared helpers: write a small game into a temporary folder, run the command as a user would."""

from __future__ import annotations

import functools
import os
import shutil
import textwrap
from pathlib import Path

import pytest

from generator.cli import main

SEEDS = Path(__file__).resolve().parent.parent / "content"

MINIMAL_GAME = """\
game:
  id: demo
  title: Demo
  source_language: es
  languages: [es]
"""


def require_tools(*programs: str) -> None:
    """Skip the calling test where a program setup.sh installs is missing on a developer's machine; fail it in
    CI (CI=true), where setup.sh has installed them and a skip would hide a check that no longer runs."""
    missing = [program for program in programs if shutil.which(program) is None]
    if not missing:
        return
    message = f"{', '.join(missing)} not found: setup.sh installs them (ghostscript, poppler-utils)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


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


def _shared_temp(tmp_path_factory) -> Path:
    """The run's temporary folder every pytest-xdist worker sees (each worker's own is a child of it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def seed_builds(tmp_path_factory) -> Path:
    """Every seed game built once for the whole run, as a home proof in each of its languages, in every
    format but PNG: the out folder, holding <game>/<language>/. Tests only read it.

    Built once per run, not once per worker, and by every worker that asks while it is not finished: each game
    under a file lock of its own, the even workers taking the games from the first, the odd ones from the last,
    so that two workers build two games at once instead of one waiting for the other to build all four; a
    worker that finds a game built reads it, one that finds it being built waits for it. Every module that needs
    a seed game's outputs with the home profile reads them here rather than building them again."""
    from filelock import FileLock

    from generator.pipeline import BuildRequest, build, game_folders

    out = _shared_temp(tmp_path_factory) / "seed-builds"
    out.mkdir(parents=True, exist_ok=True)
    folders = list(game_folders(SEEDS))
    if int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0) % 2:
        folders.reverse()
    for folder in folders:
        done = out.with_name(f"{out.name}-{folder.name}.complete")    # beside it: the out folder holds builds only
        with FileLock(f"{out}-{folder.name}.lock"):
            if not done.exists():
                built = build(folder, BuildRequest(out=out, formats=frozenset({"pdf", "svg"})))
                assert built.folders, [str(d) for d in built.diagnostics if d.severity.name != "NOTE"]
                done.touch()
    return out


@functools.cache
def page_texts(pdf: Path) -> tuple[str, ...]:
    """The text of each page of a PDF that is written once in the run (the session's seed builds, a test's own
    build), as PDFium reads it (lines end in "\\n"), once per worker: PDFium's C reader takes a few milliseconds a
    page where pypdf's took a large fraction of a second."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return tuple(page.get_textpage().get_text_range().replace("\r\n", "\n") for page in document)
    finally:
        document.close()


def seed_editions(seed_builds: Path, games=None, languages=None) -> dict[tuple[str, str], Path]:
    """(game, language) → its built folder in `seed_builds`, for the games and languages asked (all when None)."""
    return {(game.name, edition.name): edition
            for game in sorted(seed_builds.iterdir()) if game.is_dir() and (games is None or game.name in games)
            for edition in sorted(game.iterdir())
            if edition.is_dir() and (languages is None or edition.name in languages)}


# The modules that take longest, longest first (measured with --durations): pytest-xdist's loadscope hands a
# worker a module at a time in the order of collection, so a long module collected late leaves the other worker
# idle at the end of the run. pyproject's --no-loadscope-reorder keeps this order instead of xdist's (most tests
# first, which put a long module of two tests last).
LONGEST_FIRST = ("test_vassal_engine.py", "test_incremental_property.py", "test_rulebook.py", "test_press.py",
                 "test_translated_editions.py", "test_editions.py", "test_fuzzed_content.py", "test_build.py",
                 "test_proof_per_output.py", "test_proof.py", "test_setup_tables.py", "test_book_finishing.py")


def pytest_collection_modifyitems(items) -> None:
    """The long modules of LONGEST_FIRST first, then the others with the most tests first (xdist's own order)."""
    counts: dict[Path, int] = {}
    for item in items:
        counts[item.path] = counts.get(item.path, 0) + 1
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: (rank.get(item.path.name, len(rank)), -counts[item.path], str(item.path)))
