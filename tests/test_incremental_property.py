"""Whatever a publisher edits, an incremental build writes exactly what a clean build of the edited game writes.

Random sequences of one to three edits (tests/edits.py: pieces, cups, cards, tables, rules, glossary, map,
tracks, set-up, translations, words, layouts, profiles, pictures) are applied to a game already built; the
build that follows keeps what its recorded inputs say is unchanged, and its folder must hold the same files,
byte for byte, as a build of the edited game into an empty folder. bench/incremental_property.py runs the same
property over 500 sequences and every output.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from generator.pipeline import BuildRequest, build
from tests.edits import EDITS, write_property_game
from tests.test_incremental import files_of

SHEETS = ("counters", "cards", "map")       # cheap enough for every example; the aids in one of five


def request(out: Path, books: tuple[str, ...]) -> BuildRequest:
    return BuildRequest(only=SHEETS + books, languages=("en",), profile="proof", out=out, jobs=1,
                        formats=frozenset({"pdf"}))


class Built:
    """The game built once per set of outputs, in a folder each example copies (cwd-relative, so that every
    copy prints the same file names on its proof sheets)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        write_property_game(root / "game")
        self.outs: dict[tuple, Path] = {}

    def out(self, books: tuple[str, ...]) -> Path:
        if books not in self.outs:
            with _inside(self.root):
                built = build(Path("game"), request(Path(f"out-{'-'.join(books)}"), books))
            assert built.folders, [str(d) for d in built.diagnostics if d.severity.name == "ERROR"]
            self.outs[books] = self.root / f"out-{'-'.join(books)}"
        return self.outs[books]


class _inside:
    def __init__(self, folder: Path) -> None:
        self.folder, self.before = folder, None

    def __enter__(self):
        self.before = os.getcwd()
        os.chdir(self.folder)

    def __exit__(self, *exc):
        os.chdir(self.before)


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Built:
    return Built(tmp_path_factory.mktemp("incremental-base"))


def assert_incremental_equals_clean(base: Built, edits, books: tuple[str, ...], scratch: Path):
    """Apply `edits` to a copy of the built game, build it again, then clean: the same files. The incremental
    build's result."""
    shutil.copytree(base.root / "game", scratch / "game")
    shutil.copytree(base.out(books), scratch / "out")
    with _inside(scratch):
        for name, n in edits:
            EDITS[name](Path("game"), n)
        again = build(Path("game"), request(Path("out"), books))
        clean = build(Path("game"), request(Path("clean"), books))
    assert bool(again.folders) == bool(clean.folders), [str(d) for d in clean.diagnostics][:3]
    if clean.folders:
        target = scratch / "out" / clean.folders[0].relative_to("clean")
        incremental, fresh = files_of(target), files_of(scratch / clean.folders[0])
        assert incremental == fresh, (edits, sorted(name for name in incremental.keys() | fresh.keys()
                                                    if incremental.get(name) != fresh.get(name))[:8],
                                      [(why.component, why.rebuilt, why.reason) for why in again.why])
    return again


edit_sequences = st.lists(st.tuples(st.sampled_from(sorted(EDITS)), st.integers(0, 1000)), min_size=1, max_size=3)


@settings(max_examples=40, deadline=None, derandomize=True, phases=[Phase.generate, Phase.explicit],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(edits=edit_sequences, books=st.sampled_from([(), (), (), (), ("aids",)]))
def test_an_incremental_build_writes_what_a_clean_build_writes(base, edits, books, tmp_path_factory):
    assert_incremental_equals_clean(base, edits, books, tmp_path_factory.mktemp("edited"))


def test_the_catalogue_edits_every_kind_of_content():
    assert len(EDITS) >= 30
