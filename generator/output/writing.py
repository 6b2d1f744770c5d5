"""Staged, atomic writes into build/<game>/<lang>/: a failed build leaves the previous files as they were.

Every file is first written in full to a staging folder beside the target;
only when all of them are written are they moved into place, each with an
atomic rename. The manifest goes last, so a manifest always describes files
that exist.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from generator.render.context import Artifact


def write_atomically(target: Path, artifacts: list[Artifact], manifest: bytes, stale: list[str]) -> None:
    """Write every artifact, then the manifest; delete the stale files the previous build left."""
    target.mkdir(parents=True, exist_ok=True)
    for leftover in target.glob(".staging-*"):      # from a build that was killed: never moved into place
        shutil.rmtree(leftover, ignore_errors=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=target))
    try:
        for artifact in artifacts:
            staged = staging / artifact.path
            staged.parent.mkdir(parents=True, exist_ok=True)
            staged.write_bytes(artifact.data)
        (staging / "manifest.json").write_bytes(manifest)
        for artifact in artifacts:
            final = target / artifact.path
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / artifact.path, final)
        for path in stale:
            (target / path).unlink(missing_ok=True)
        os.replace(staging / "manifest.json", target / "manifest.json")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
