"""A build killed (SIGKILL) anywhere in its publish step leaves the complete previous set or the complete new
set, each matching its manifest; the next build leaves no staging folder; a build still running keeps its own.

The publish step is generator.output.writing.write_atomically. A forked child runs it and kills itself just
before its N-th filesystem operation (a write, link, rename, exchange, mkdir or removal), for 50 values of N
spread from the first operation to the last, through the folder exchange and through its fallback."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
from pathlib import Path

import pytest

from generator.output import writing
from generator.output.manifest import encode, updated_manifest
from generator.render.context import Artifact

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def _set(tag: str, count: int) -> tuple[list[Artifact], bytes]:
    artifacts = [Artifact(f"{'sheets/' if index % 3 == 0 else ''}file-{index:02d}.txt",
                          f"{tag} {index} ".encode() * (index + 1), "counter-svg") for index in range(count)]
    if tag == "new":                       # the new set drops one file and adds another
        artifacts = artifacts[1:] + [Artifact("added.txt", b"only in the new set", "counter-svg")]
    manifest, _ = updated_manifest({}, "demo", "es", "home", {"counters": artifacts}, {"counters": []})
    return artifacts, encode(manifest)


def _listing(target: Path) -> dict[str, bytes]:
    return {path.relative_to(target).as_posix(): path.read_bytes() for path in target.rglob("*") if path.is_file()}


def _matches_its_manifest(target: Path) -> bytes:
    files = _listing(target)
    manifest = json.loads(files["manifest.json"])
    listed = {entry["path"]: entry for entry in manifest["files"]}
    assert set(files) - {"manifest.json"} == set(listed)
    for path, entry in listed.items():
        assert hashlib.sha256(files[path]).hexdigest() == entry["sha256"] and len(files[path]) == entry["bytes"]
    return files["manifest.json"]


_OPERATIONS = [(os, "rename"), (os, "replace"), (os, "link"), (os, "mkdir"), (os, "chmod"), (shutil, "rmtree"),
               (shutil, "copy2"), (Path, "write_bytes"), (Path, "mkdir"), (writing, "_exchange")]


_DROPPED = ["sheets/file-00.txt"]      # what the old set has and the new one no longer makes


def _publish_in_child(target: Path, artifacts, manifest: bytes, kill_at: int) -> int:
    """Run the publish step in a child killed before operation `kill_at` (never, if -1); the operations
    counted, read back through a pipe when the child finishes."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:                                          # the child: count, and die at the chosen one
        os.close(reader)
        counted = [0]

        def counting(owner, name):
            original = getattr(owner, name)

            def operation(*args, **kwargs):
                if counted[0] == kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)
                counted[0] += 1
                return original(*args, **kwargs)
            setattr(owner, name, operation)

        for owner, name in _OPERATIONS:
            counting(owner, name)
        try:
            writing.write_atomically(target, artifacts, manifest, _DROPPED)
            os.write(writer, str(counted[0]).encode())
        finally:
            os._exit(0)
    os.close(writer)
    _, status = os.waitpid(pid, 0)
    answer = os.read(reader, 64)
    os.close(reader)
    return int(answer) if answer else -signal.SIGKILL if os.WIFSIGNALED(status) else 0


def _shown_after_kill(target: Path, fallback: bool) -> tuple[bytes, str]:
    """The manifest of the set a killed build left, and where: "target", or "aside" when the fallback was killed
    between its two renames (the previous set, complete, waits beside the target for the next build)."""
    if target.exists():
        return _matches_its_manifest(target), "target"
    assert fallback                              # the exchange never leaves the target missing
    aside = sorted(target.parent.glob(f".previous-{target.name}-*"))
    assert len(aside) == 1
    return _matches_its_manifest(aside[0]), "aside"


@pytest.mark.parametrize("switch", ["exchange", "fallback"])
def test_a_build_killed_anywhere_in_publishing_leaves_one_complete_set(tmp_path, monkeypatch, switch):
    """50 kills spread over the publish step, and one before each of its last six operations (the switch).
    `fallback` is the path taken where renameat2 cannot exchange two folders (another kernel or system): the
    target is renamed aside, the staging folder into its place; a kill between the two leaves the complete
    previous set aside and no target, and the next build puts it back before anything else."""
    if switch == "fallback":
        monkeypatch.setattr(writing, "_renameat2", lambda: None)
    elif writing._renameat2() is None:
        pytest.skip("renameat2 is not available here")
    old_artifacts, old_manifest = _set("old", 24)
    new_artifacts, new_manifest = _set("new", 24)
    target = tmp_path / "out" / "demo" / "es"
    writing.write_atomically(target, old_artifacts, old_manifest, [])
    pristine = _listing(target)
    probe = tmp_path / "probe" / "demo" / "es"
    writing.write_atomically(probe, old_artifacts, old_manifest, [])
    total = _publish_in_child(probe, new_artifacts, new_manifest, -1)
    shutil.rmtree(tmp_path / "probe")
    assert total >= 50
    spread = {round(index * (total - 1) / 49) for index in range(50)}
    assert len(spread) == 50
    outcomes = {"old": 0, "new": 0, "aside": 0}
    for point in sorted(spread | set(range(total - 6, total))):
        writing.tidy(target)          # what the killed build left: as the next build starts, so counts align
        assert _publish_in_child(target, new_artifacts, new_manifest, point) == -signal.SIGKILL
        shown, where = _shown_after_kill(target, switch == "fallback")
        assert shown in (old_manifest, new_manifest)
        outcomes["aside" if where == "aside" else "old" if shown == old_manifest else "new"] += 1
        writing.tidy(target)          # the next build's first step
        assert _matches_its_manifest(target) == shown
        if shown == new_manifest:                      # back to the previous set for the next kill
            writing.write_atomically(target, old_artifacts, old_manifest, ["added.txt"])
        assert _listing(target) == pristine
    assert outcomes["old"] > 0 and outcomes["new"] > 0   # the kills fell on both sides of the switch
    assert (outcomes["aside"] > 0) == (switch == "fallback"), outcomes
    writing.write_atomically(target, new_artifacts, new_manifest, _DROPPED)     # the next build
    assert _matches_its_manifest(target) == new_manifest
    assert [p.name for p in target.parent.iterdir()] == ["es"]          # no staging folder is left


def test_a_concurrent_build_keeps_its_staging_folder_and_a_dead_ones_is_removed(tmp_path):
    artifacts, manifest = _set("old", 3)
    target = tmp_path / "demo" / "es"
    target.parent.mkdir(parents=True)
    sleeper = os.fork()
    if sleeper == 0:
        signal.pause()
        os._exit(0)
    try:
        running = target.parent / f".staging-es-{sleeper}-abc"
        dead = target.parent / ".staging-es-999999999-abc"
        for folder in (running, dead):
            folder.mkdir()
            (folder / "file.txt").write_text("half written")
        writing.write_atomically(target, artifacts, manifest, [])
        assert running.is_dir() and not dead.exists()
        assert _matches_its_manifest(target) == manifest
    finally:
        os.kill(sleeper, signal.SIGKILL)
        os.waitpid(sleeper, 0)
