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
