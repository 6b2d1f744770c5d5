"""Property: whatever a content file becomes, checking it gives diagnostics with a place, never a traceback."""

from __future__ import annotations

import random
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.pipeline import check

from .mutations import mutate, mutate_typed

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "content" / "mar-y-acero"
FILES = sorted(p.relative_to(SOURCE) for p in SOURCE.rglob("*.yaml"))


@pytest.fixture(scope="module")
def game_copy(tmp_path_factory) -> Path:
    """One copy of the game for every example, each damaging one file and putting it back: a designer's folder,
    checked again after an edit, so the files an example leaves whole are read back from the check's cache
    (a third of a cold check's cost) while the damaged one is read and checked anew."""
    folder = tmp_path_factory.mktemp("game") / "mar-y-acero"
    shutil.copytree(SOURCE, folder)
    return folder


@contextmanager
def damaged(folder: Path, file_index: int, damage):
    """The game folder with FILES[file_index] rewritten as damage(its text), restored afterwards."""
    target = folder / FILES[file_index]
    original, text = target.read_bytes(), target.read_text(encoding="utf-8")
    try:
        target.write_text(damage(text), encoding="utf-8")
        yield folder
    finally:
        target.write_bytes(original)


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(file_index=st.integers(0, len(FILES) - 1), seed=st.integers(0, 2**32 - 1))
def test_a_damaged_file_is_reported_never_raised(game_copy, file_index, seed):
    with damaged(game_copy, file_index, lambda text: mutate(text, random.Random(seed))) as folder:
        checked = check(folder)            # an exception here fails the test with its traceback
    for diagnostic in checked.diagnostics:
        assert diagnostic.span is None or (diagnostic.span.line >= 1 and diagnostic.span.column >= 1)
        assert diagnostic.message


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(file_index=st.integers(0, len(FILES) - 1), seed=st.integers(0, 2**32 - 1))
def test_a_file_with_wrong_types_huge_numbers_or_aliases_is_reported_never_raised(game_copy, file_index, seed):
    with damaged(game_copy, file_index, lambda text: mutate_typed(text, random.Random(seed))) as folder:
        checked = check(folder)
    for diagnostic in checked.diagnostics:
        assert diagnostic.span is None or (diagnostic.span.line >= 1 and diagnostic.span.column >= 1)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=4), max_leaves=25),
       st.sampled_from(["pieces", "cards", "tables", "map", "documents", "terms", "piece_kinds", "decks", "setup"]))
def test_any_shape_under_any_collection_is_reported_never_raised(tmp_path_factory, value, collection):
    import yaml

    folder = tmp_path_factory.mktemp("game") / "demo"
    folder.mkdir()
    (folder / "game.yaml").write_text("game: {id: demo, title: Demo, source_language: es, languages: [es]}\n",
                                      encoding="utf-8")
    (folder / "x.yaml").write_text(yaml.safe_dump({collection: value}, allow_unicode=True), encoding="utf-8")
    checked = check(folder)            # an exception here fails the test with its traceback
    errors = [d for d in checked.diagnostics if d.severity.name == "ERROR"]
    for diagnostic in errors:            # each refusal names its place in the damaged file
        assert diagnostic.span is not None and diagnostic.span.file.name == "x.yaml", str(diagnostic)
        assert diagnostic.span.line >= 1 and diagnostic.span.column >= 1 and diagnostic.message
    if value not in (None, [], {}):      # anything but an empty collection is not a valid one: it is refused
        assert errors, (collection, value)
