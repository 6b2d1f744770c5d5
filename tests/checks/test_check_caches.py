"""What a check keeps in the cache folder between runs (each YAML file's reading, the map geometry's findings)
never changes what it finds: after any edits, a check that reuses them finds what a check with an empty cache
folder finds, and the map's findings are measured again exactly when what they read changed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from generator import checking
from generator.checks import map_geometry
from generator.load import parsed, yaml_nodes
from tests.edits import EDITS, dump, load, write_property_game


@pytest.fixture(autouse=True)
def every_file_kept(monkeypatch):
    """The property game's files are small; a check keeps even those here, so that every one is reused."""
    monkeypatch.setattr(parsed, "_SMALL", 0)


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """The property game, and the one folder every example checks it in (the caches are kept per place)."""
    root = tmp_path_factory.mktemp("check-caches")
    game = write_property_game(root / "base" / "game")
    map_ = load(game, "map.yaml")          # every location a port far from the sea: findings the outlines make
    map_["map"]["geography"]["port_km"] = 1
    for location in map_["map"]["locations"]:
        location.setdefault("attributes", {})["port"] = True
    dump(game, "map.yaml", map_)
    return root


def _checked(root: Path, cache: str) -> list:
    before = os.environ.get("XDG_CACHE_HOME"), os.getcwd()
    os.environ["XDG_CACHE_HOME"] = str(root / cache)
    os.chdir(root / "work")
    try:
        return checking.check(Path("game")).diagnostics
    finally:
        os.chdir(before[1])
        if before[0] is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = before[0]


def _fresh_copy(root: Path) -> Path:
    shutil.rmtree(root / "work", ignore_errors=True)
    shutil.copytree(root / "base", root / "work")
    return root / "work" / "game"


edit_sequences = st.lists(st.tuples(st.sampled_from(sorted(EDITS)), st.integers(0, 1000)), min_size=1, max_size=3)


@settings(max_examples=8, deadline=None, derandomize=True, phases=[Phase.generate, Phase.explicit],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(edits=edit_sequences)
def test_a_check_reusing_its_cache_finds_what_a_cold_check_finds(base, edits):
    game = _fresh_copy(base)
    _checked(base, "kept")                      # the unedited game's readings, as a designer's last check left them
    for name, n in edits:
        EDITS[name](game, n)
    kept = _checked(base, "kept")
    shutil.rmtree(base / "cold", ignore_errors=True)
    assert kept == _checked(base, "cold"), edits


def test_the_map_is_measured_again_only_when_what_it_reads_changed(base, monkeypatch):
    measured = []
    real = map_geometry._measured
    monkeypatch.setattr(map_geometry, "_measured", lambda game: measured.append(1) or real(game))
    game = _fresh_copy(base)
    first = _checked(base, "geometry")
    assert measured == [1]
    EDITS["piece name"](game, 3)                    # another file: the map's findings are recalled
    assert _checked(base, "geometry") and measured == [1]
    EDITS["geo land"](game, 2)                      # its geography: measured again
    _checked(base, "geometry")
    assert measured == [1, 1]
    (game / "map.yaml").write_text("\n" + (game / "map.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    moved = _checked(base, "geometry")              # a line above every location: its findings' places move
    assert measured == [1, 1, 1]
    lines = [d.span.line for d in first if d.code == "MAP010"]
    assert len(lines) == 3 and [d.span.line for d in moved if d.code == "MAP010"] == [line + 1 for line in lines]


def test_only_the_edited_file_is_read_again(base, monkeypatch):
    game = _fresh_copy(base)
    _checked(base, "parsed")
    read = []
    real = yaml_nodes.load_text
    monkeypatch.setattr(yaml_nodes, "load_text", lambda text, shown: read.append(shown.name) or real(text, shown))
    (game / "pieces.yaml").write_text((game / "pieces.yaml").read_text(encoding="utf-8") + "# edited\n",
                                      encoding="utf-8")
    _checked(base, "parsed")
    assert "pieces.yaml" in read and not {"rules.yaml", "map.yaml", "en.yaml"} & set(read)


def _comment(folder: Path, n: int) -> None:
    """A comment added at the end of one content file: its bytes change, not its reading."""
    files = sorted(path for path in folder.glob("*.yaml"))
    with files[n % len(files)].open("a", encoding="utf-8") as handle:
        handle.write(f"# note {n}\n" + "\n" * (n % 2))


def _comment_above(folder: Path, n: int) -> None:
    """A comment above everything in one content file: every place in it moves down a line."""
    files = sorted(path for path in folder.glob("*.yaml"))
    path = files[n % len(files)]
    path.write_text(f"# note {n}\n" + path.read_text(encoding="utf-8"), encoding="utf-8")


COMMENTS = {"comment": _comment, "comment above": _comment_above}
KINDS = dict(EDITS, **COMMENTS)
check_sequences = st.lists(st.tuples(st.one_of(st.sampled_from(sorted(COMMENTS)), st.sampled_from(sorted(EDITS))),
                                     st.integers(0, 1000)), min_size=1, max_size=4)   # a comment one save in two


@settings(max_examples=6, deadline=None, derandomize=True, phases=[Phase.generate, Phase.explicit],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(edits=check_sequences)
def test_imprenta_check_run_after_each_edit_finds_what_a_cold_check_finds(base, edits):
    """`imprenta check` as a designer runs it, after each save: answered from its last findings when the
    files' readings did not change (checked_before), checked again when they did; always what a check with an
    empty cache folder finds."""
    game = _fresh_copy(base)
    _checked_all(base, "kept")
    for name, n in edits:
        KINDS[name](game, n)
        kept = _checked_all(base, "kept")
        shutil.rmtree(base / "cold", ignore_errors=True)
        assert kept == _checked(base, "cold"), (edits, name)


def _checked_all(root: Path, cache: str) -> list:
    before = os.environ.get("XDG_CACHE_HOME"), os.getcwd()
    os.environ["XDG_CACHE_HOME"] = str(root / cache)
    os.chdir(root / "work")
    try:
        return checking.check_all([Path("game")], reuse=True)
    finally:
        os.chdir(before[1])
        if before[0] is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = before[0]
