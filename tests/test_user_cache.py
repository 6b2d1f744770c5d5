"""The user's cache stays within its budget, and what it lets go is what was used longest ago."""

from __future__ import annotations

import os
import time
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from generator import user_cache
from generator.user_cache import let_go_oldest, write_atomically

_NOW = time.time()


def _entry(root: Path, name: str, size: int, used_ago: float) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    os.utime(path, (_NOW - used_ago, _NOW - used_ago))
    return path


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5000), st.integers(0, 10 ** 6)), min_size=1, max_size=30),
       st.integers(0, 60_000))
def test_what_is_let_go_is_the_least_recently_used_until_within_budget(tmp_path_factory, files, limit):
    root = tmp_path_factory.mktemp("cache")
    paths = [_entry(root, f"{'ab'[n % 2]}/{n}.bin", size, ago) for n, (size, ago) in enumerate(files)]
    used = {path: _NOW - ago for path, (_, ago) in zip(paths, files)}
    total = sum(size for size, _ in files)

    removed = set(let_go_oldest(root, limit))

    kept = [path for path in paths if path.exists()]
    assert removed == set(paths) - set(kept)
    weight = sum(path.stat().st_size for path in kept)
    if total <= limit:
        assert not removed
    else:
        assert weight <= limit * 4 // 5
    if removed and kept:                 # nothing kept was used longer ago than anything let go
        assert min(used[path] for path in kept) >= max(used[path] for path in removed)


def test_a_lock_or_a_file_being_written_is_never_let_go(tmp_path):
    _entry(tmp_path, "digital/a.lock", 0, 10)
    _entry(tmp_path, "png/b.png.123.part", 5000, 10)
    stale = _entry(tmp_path, "png/c.png.124.part", 5000, 2 * 3600)
    old = _entry(tmp_path, "png/d.png", 5000, 3 * 3600)

    removed = let_go_oldest(tmp_path, 1000)

    assert set(removed) == {stale, old}
    assert (tmp_path / "digital/a.lock").exists() and (tmp_path / "png/b.png.123.part").exists()


def test_a_write_to_an_over_budget_cache_brings_it_back_within_budget(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("IMPRENTA_CACHE_MB", "1")
    monkeypatch.setattr(user_cache, "_since_look", [-1])          # as a process that has not written yet
    root = user_cache.cache_folder()
    old = [_entry(root, f"yaml/{n}.pickle", 100_000, 3600 + n) for n in range(20)]       # 2 MB, used an hour ago

    assert write_atomically(root / "png" / "new.png", b"y" * 1000)

    kept = [path for path in old if path.exists()]
    assert sum(path.stat().st_size for path in kept) + 1000 <= (1 << 20) * 4 // 5
    assert (root / "png" / "new.png").exists()
    assert kept == old[:len(kept)]           # the most recently used (the smallest n) are the ones kept


def test_a_process_does_not_look_again_while_another_looked_lately(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("IMPRENTA_CACHE_MB", "0")
    monkeypatch.setattr(user_cache, "_since_look", [-1])
    root = user_cache.cache_folder()
    (root / ".last-trimmed").parent.mkdir(parents=True)
    (root / ".last-trimmed").touch()
    old = _entry(root, "yaml/old.pickle", 1000, 3600)

    write_atomically(root / "png" / "new.png", b"y")

    assert old.exists()


def test_the_budget_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("IMPRENTA_CACHE_MB", "500")
    assert user_cache.budget() == 500 << 20
    monkeypatch.setenv("IMPRENTA_CACHE_MB", "lots")
    assert user_cache.budget() == user_cache.DEFAULT_BUDGET_MB << 20
