"""One game being edited: what the preview shows, rebuilt on every save by the incremental build.

Two builds follow each save, each only as large as the edit (the build keeps what did not change): the *views*
(counter and card faces, the map as SVG, the living rules as HTML) into a preview folder, from this process,
which keeps fonts, modules and the parsed YAML of unchanged files warm, its jobs on every core, the quickest
first, each view written and shown as soon as its job ends (a card before the living rules that quote it);
then the *prints* (every PDF) into the game's ordinary build folder, in a process of its own at a lower
priority, linked on the page when ready. A new save stops the prints' process, and the views still being
drawn for the last save, and starts them again: the new views are what the designer is looking at. Each
kind of build has its own folder, and one build of a kind runs at a time, so no two builds ever write one
folder.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from generator.components import PRINTED, VIEWED
from generator.diagnostics import Diagnostic, reporting

PREVIEW = ".preview"            # under the build folder: the views' own outputs, apart from the print files


@dataclass
class Snapshot:
    """What the page shows, as of one build: the browser asks for it and is sent each new one."""

    version: int = 0
    findings: list[dict] = field(default_factory=list)
    views: dict[str, str] = field(default_factory=dict)     # path in the preview folder → sha256
    changed: list[str] = field(default_factory=list)        # views whose file changed in this version
    prints: dict[str, str] = field(default_factory=dict)    # PDF path in the build folder → sha256
    built: bool = True                                      # false: the last save was refused (errors)
    seconds: float = 0.0                                    # from the save being seen to this snapshot
    started: float = 0.0                                    # when the save was seen (time.time())

    def as_json(self) -> str:
        return json.dumps(self.__dict__, ensure_ascii=False)


class Session:
    def __init__(self, folder: Path, language: str, out: Path, profile: str = "home"):
        self.folder, self.language, self.profile = folder.resolve(), language, profile
        self.out = out.resolve()
        self.preview = self.out / PREVIEW
        self.snapshot = Snapshot()
        self._lock = threading.Lock()              # one views build at a time, whoever asks
        self.superseded = threading.Event()        # set by a new save: the views still being drawn are stale

    @property
    def view_folder(self) -> Path:
        return self.preview / self.folder.name / self.language

    @property
    def print_folder(self) -> Path:
        return self.out / self.folder.name / self.language

    def build_views(self, shown: Callable[[Snapshot], None] = lambda snapshot: None) -> Snapshot:
        """Check and rebuild the views; a refused save keeps the last views and shows why. `shown` is given a
        snapshot as each view is written, before the slower ones are done (a card before the rules quoting it)."""
        import time

        from generator.load.yaml_nodes import parses_kept
        from generator.pipeline import BuildRequest, build

        started, clock = time.time(), time.perf_counter()
        before = self.snapshot

        def published(job, found: list[Diagnostic]) -> None:
            self.snapshot = self._after(before, found, True, started, clock)
            shown(self.snapshot)

        with self._lock, parses_kept():          # the files this save did not touch are not parsed again
            built = build(self.folder, BuildRequest(only=VIEWED, languages=(self.language,), profile=self.profile,
                                                    out=self.preview, formats=frozenset({"svg"}),
                                                    published=published, stop=self.superseded))
        final = self._after(before, built.diagnostics, bool(built.folders), started, clock)
        if self.snapshot is before or not _same(final, self.snapshot):     # else the last view shown says it all
            self.snapshot = final
        return self.snapshot

    def _after(self, before: Snapshot, found: list[Diagnostic], built: bool, started: float, clock: float
               ) -> Snapshot:
        """The snapshot of the views written so far in this build; `changed` is since `before`, the last build."""
        import time

        views = _files(self.view_folder, ("svg", "html"))
        return Snapshot(
            version=self.snapshot.version + 1, findings=[_finding(d, self.folder) for d in found
                                                         if d.severity.name != "NOTE"],
            views=views or before.views, changed=sorted(p for p, sha in views.items() if before.views.get(p) != sha),
            prints=self.snapshot.prints, built=built, started=started,
            seconds=round(time.perf_counter() - clock, 3))

    def print_command(self) -> list[str]:
        """The build of the PDFs, as its own process: a new save stops it (the views come first) and starts it
        again once the views are shown; its writes are atomic, so a stopped build leaves the last PDFs whole."""
        import sys

        return [sys.executable, "-m", "generator", "build", str(self.folder), "--only", ",".join(PRINTED),
                "--lang", self.language, "--profile", self.profile, "--file-types", "pdf", "--out", str(self.out),
                "--quiet", "--format", "json"]

    def prints_done(self) -> Snapshot:
        """List the PDFs the last print build left (each with its digest, so the page links the new ones)."""
        self.snapshot = Snapshot(**{**self.snapshot.__dict__, "prints": _files(self.print_folder, ("pdf",)),
                                    "changed": [], "version": self.snapshot.version + 1})
        return self.snapshot


def _same(one: Snapshot, other: Snapshot) -> bool:
    """Two snapshots that show the same, whatever their versions and times."""
    return {**one.__dict__, "version": 0, "seconds": 0} == {**other.__dict__, "version": 0, "seconds": 0}


def _files(folder: Path, kinds: tuple[str, ...]) -> dict[str, str]:
    """The files a build's manifest lists, by path, with their digests: what changed between two builds."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {entry["path"]: entry["sha256"] for entry in manifest.get("files", ())
            if entry["path"].rsplit(".", 1)[-1] in kinds}


def _finding(diagnostic: Diagnostic, folder: Path) -> dict:
    span = diagnostic.span
    file = ""
    if span is not None:
        path = Path(span.file)
        try:
            file = str(path.resolve().relative_to(folder)) if path.is_absolute() or path.exists() else str(path)
        except ValueError:
            file = str(path)
    return {"code": diagnostic.code, "severity": diagnostic.severity.name.lower(), "message": diagnostic.message,
            "hint": diagnostic.hint, "file": file, "line": span.line if span else 0,
            "column": span.column if span else 0,
            "text": reporting.as_text([diagnostic], show_source=False).split("\n")[0]}
