"""The no-op shortcut: one stamp per game folder records a digest of everything a build reads (every file of the
game, the templates, the options), the folders it wrote and their manifests' digests. A build whose stamp is
unchanged, and whose outputs are still as their manifests say, ends before loading anything."""

from __future__ import annotations

import json
import os
from pathlib import Path


def source_stamp(folder: Path, request, policy, edition: tuple = ()) -> str:
    """A digest of every file of the game folder, the templates, Imprenta itself (its version and own files,
    user_cache.shipped_key), SOURCE_DATE_EPOCH, the options and `edition` (the earlier version's identity, the
    version git gives the folder).

    When it equals the one recorded after the last successful build, and every output is still there as the
    manifests describe it, nothing can have changed, and the build ends before loading anything (a no-op
    rebuild in milliseconds). Files are hashed in chunks; one larger than game_files.HASHED_WHOLE (an art
    source lying in the folder) stands for its size and times, and is never read whole; symbolic links stand
    for their names (the loader refuses them).
    """
    import hashlib
    import os

    from generator import __version__, user_cache
    from generator.output.digests import file_digest_of, folder_digest, templates_digest

    digest = hashlib.sha256(repr((__version__, user_cache.shipped_key(), request.only, request.languages,
                                  request.profile, request.overrides, sorted(request.formats), policy,
                                  os.environ.get("SOURCE_DATE_EPOCH") or "0", edition)).encode())
    digest.update(templates_digest(str(folder)).encode())
    if request.profile.endswith((".yaml", ".yml")):
        digest.update(file_digest_of(str(Path(request.profile).resolve())).encode())
    digest.update(folder_digest(folder).encode())
    return digest.hexdigest()


def _stamp_file(out: Path, folder: Path) -> Path:
    """One stamp per game folder: two folders holding the same game id never answer for each other."""
    import hashlib

    where = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:12]
    return out / ".stamps" / f"{folder.resolve().name}-{where}.json"


def read_stamp(out: Path, folder: Path, stamp: str) -> tuple[list[Path], dict[str, int]] | None:
    from generator.output.manifest import outputs_intact

    try:
        recorded = json.loads(_stamp_file(out, folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(recorded, dict) or recorded.get("stamp") != stamp:
        return None
    manifests = recorded.get("manifests", {})
    folders = [Path(name) for name in recorded.get("folders", [])]
    if not all(outputs_intact(f, manifests.get(str(f), "")) for f in folders):
        return None      # an output deleted or truncated, or another game folder built into the same place
    return folders, recorded.get("notes", {})


def write_stamp(out: Path, folder: Path, stamp: str, folders: list[Path], notes: dict[str, int]) -> None:
    from generator.output.manifest import manifest_digest

    path = _stamp_file(out, folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        staged = path.with_suffix(f".{os.getpid()}.part")
        staged.write_text(json.dumps({"stamp": stamp, "folders": [str(f) for f in folders], "notes": notes,
                                      "manifests": {str(f): manifest_digest(f) for f in folders}}), encoding="utf-8")
        staged.replace(path)
    except OSError:
        pass    # without a stamp the next build only checks more; nothing is lost
