"""manifest.json: every file a build wrote (kind, path, pages, sha256) and where every piece landed.

Building one component (`--only cards`) keeps the records of the others, so
the manifest always lists everything in the folder.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

from generator import __version__

if TYPE_CHECKING:
    from generator.render.context import Artifact


def read_manifest(target: Path) -> dict:
    try:
        return json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def updated_manifest(previous: dict, game: str, language: str, profile: str, component_outputs: dict[str, list],
                     placements: dict[str, list[dict]], inputs: dict[str, str] | None = None
                     ) -> tuple[dict, list[str]]:
    """The new manifest, and the files of the rebuilt components that this build no longer makes."""
    files = [entry for entry in previous.get("files", []) if entry.get("component") not in component_outputs]
    stale = [entry["path"] for entry in previous.get("files", []) if entry.get("component") in component_outputs]
    kept = [record for record in previous.get("placements", [])
            if record.get("component") not in component_outputs]
    made = set()
    for component, artifacts in component_outputs.items():
        for artifact in artifacts:
            files.append(_file_entry(component, artifact))
            made.add(artifact.path)
        kept.extend({"component": component, **record} for record in placements.get(component, []))
    recorded = {name: value for name, value in previous.get("inputs", {}).items() if name not in component_outputs}
    recorded.update(inputs or {})
    manifest = {
        "game": game, "language": language, "profile": profile, "generator": f"imprenta {__version__}",
        "inputs": dict(sorted(recorded.items())),
        "files": sorted(files, key=lambda entry: entry["path"]),
        # grouped by component (a stable sort keeps each component's own order), as a clean build writes them
        "placements": sorted(kept, key=lambda record: record.get("component", "")),
    }
    return manifest, sorted(set(stale) - made)


def _file_entry(component: str, artifact: Artifact) -> dict:
    entry = {"component": component, "kind": artifact.kind, "path": artifact.path,
             "sha256": hashlib.sha256(artifact.data).hexdigest(), "bytes": len(artifact.data)}
    if artifact.pages is not None:
        entry["pages"] = artifact.pages
    if artifact.holds is not None:
        entry["holds"] = artifact.holds
    return entry


def encode(manifest: dict) -> bytes:
    """The manifest as JSON with one file or placement per line: easy to read and to diff, and written by
    json's C encoder (an indented dump goes through the pure-Python one: 0.2 s for 2,000 placements)."""
    compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode   # one encoder, not one a line
    members = []
    for key, value in manifest.items():
        if isinstance(value, list) and value:
            value_text = "[\n" + ",\n".join("  " + compact(item) for item in value) + "\n ]"
        else:
            value_text = compact(value)
        members.append(f" {compact(key)}: {value_text}")
    return ("{\n" + ",\n".join(members) + "\n}\n").encode("utf-8")


def up_to_date(previous: dict, target: Path, component: str, fingerprint: str) -> bool:
    """Whether the previous build of a component came from the same inputs and its files are all there."""
    if previous.get("inputs", {}).get(component) != fingerprint:
        return False
    files = [entry for entry in previous.get("files", []) if entry.get("component") == component]
    return all(_same_file(target / entry["path"], entry) for entry in files)


def manifest_digest(target: Path) -> str:
    from generator.game_files import digest

    return digest(target / "manifest.json")


def outputs_intact(target: Path, recorded_manifest: str) -> bool:
    """Whether `target` still holds the manifest recorded after the last build (not one another game folder
    wrote there since) and every file it lists, with its size and digest."""
    if not recorded_manifest or manifest_digest(target) != recorded_manifest:
        return False
    files = read_manifest(target).get("files", [])
    return all(isinstance(entry, dict) and _same_file(target / str(entry.get("path", "")), entry)
               for entry in files)


def _same_file(path: Path, entry: dict) -> bool:
    """The file is there with the size and sha256 its manifest entry records (streamed, never read whole)."""
    from generator.game_files import digest

    try:
        if not path.is_file() or path.stat().st_size != entry.get("bytes"):
            return False
    except OSError:
        return False
    return digest(path, cap=1 << 40) == entry.get("sha256")
