"""What a check keeps in the cache folder between runs (each YAML file's reading, the map geometry's findings)
never changes what it finds: after any edits, a check that reuses them finds what a check with an empty cache
folder finds, and the map's findings are measured again exactly when what they read changed."""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from generator import checked_faces, checking
from generator.checks import map_geometry
from generator.load import load_game, parsed, yaml_nodes
from generator.render.edition import STALE, Edition
from generator.render.sheets.cards import card_faces
from generator.render.sheets.counters import counter_faces
from generator.render.sheets.distinct import look
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


@contextmanager
def _in_work_with_cache(root: Path, cache: str):
    """From root/work, with root/cache as the user's cache folder; both put back after."""
    before = os.environ.get("XDG_CACHE_HOME"), os.getcwd()
    os.environ["XDG_CACHE_HOME"] = str(root / cache)
    os.chdir(root / "work")
    try:
        yield
    finally:
        os.chdir(before[1])
        if before[0] is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = before[0]


def _checked(root: Path, cache: str) -> list:
    with _in_work_with_cache(root, cache):
        return checking.check(Path("game")).diagnostics


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
    with _in_work_with_cache(root, cache):
        return checking.check_all([Path("game")], reuse=True)


def _counted_drawings(monkeypatch) -> list:
    drawn = []
    real = checked_faces.draw_face
    monkeypatch.setattr(checked_faces, "draw_face", lambda *args: drawn.append(args[1].fields) or real(*args))
    return drawn


def test_a_check_after_one_edit_draws_again_only_the_faces_it_changed(base, monkeypatch):
    game = _fresh_copy(base)
    _checked(base, "faces")
    drawn = _counted_drawings(monkeypatch)
    assert _checked(base, "faces") and drawn == []          # nothing changed: every face recalled
    EDITS["piece name"](game, 0)                             # one piece's name: its sides, in each language
    kept = _checked(base, "faces")
    assert drawn and {fields["name"] for fields in drawn} == {"Infantería roja 0", f"{STALE}Red infantry"}
    shutil.rmtree(base / "cold", ignore_errors=True)
    assert kept == _checked(base, "cold")


def _overflowing_name(folder: Path, n: int) -> None:
    pieces = load(folder, "pieces.yaml")
    pieces["pieces"][n % 3]["name"] = "Una unidad de nombre larguísimo que no cabe " * 3
    dump(folder, "pieces.yaml", pieces)


def _broken_picture(folder: Path, n: int) -> None:
    (folder / "art" / "flood.png").write_bytes(b"not a picture " * (n + 1))


def _layout_moved(folder: Path, n: int) -> None:
    """The counters' layout with a line above everything: its elements' places move, not what they draw."""
    path = folder / "templates" / "layouts" / "counters" / "my-chit.yaml"
    path.write_text("# moved\n" * (n + 1) + path.read_text(encoding="utf-8"), encoding="utf-8")


FACE_EDITS = {"overflowing name": _overflowing_name, "broken picture": _broken_picture,
              "layout moved": _layout_moved, **{name: EDITS[name] for name in (
                  "card text", "layout", "card picture", "translated word", "table row result", "faction colour",
                  "faction name", "location name", "glossary definition", "cup mark", "piece kind value format",
                  "translation entry")}}


@pytest.mark.parametrize("edit", sorted(FACE_EDITS))
def test_a_face_recalled_from_an_earlier_check_finds_what_drawing_it_finds(base, edit):
    """What a face is drawn from, or what it asks the edition while drawn (a picture, a table, a text's
    references), changed: the faces kept by the earlier check give exactly the cold check's findings."""
    game = _fresh_copy(base)
    _checked(base, "faces")
    _drawn(base, "drawn")
    FACE_EDITS[edit](game, 2)       # 2: a value no edit of the base gives (the layout: a larger name)
    assert _drawn(base, "drawn") == _drawn(base, None), edit   # even where a finding stops the check (a picture)
    kept = _checked(base, "faces")
    shutil.rmtree(base / "cold", ignore_errors=True)
    assert kept == _checked(base, "cold"), edit


def _drawn(root: Path, cache: str | None) -> list:
    """Every face of every edition as it looks, with its findings: drawn by a check's drawer that recalls the
    faces `cache` keeps (and keeps them), or plainly (None)."""
    before = os.environ.get("XDG_CACHE_HOME"), os.getcwd()
    os.environ["XDG_CACHE_HOME"] = str(root / (cache or "unused"))
    os.chdir(root / "work")
    game = Path("game")
    try:
        loaded = load_game(game).game
        kept = checked_faces.KeptFaces(game) if cache else None
        found = []
        for language in loaded.manifest.languages:
            edition = Edition(loaded, language)
            for faces in (counter_faces(edition, *([kept.draw] if kept else [])),
                          card_faces(edition, *([kept.draw] if kept else []))):
                found.append(([(name, look(face)) for name, face in faces.faces.items()], faces.diagnostics))
        if kept:
            kept.save()
        return found
    finally:
        os.chdir(before[1])
        if before[0] is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = before[0]
