"""What a renderer is given (an edition and a print profile) and what it gives back (files, placements, findings)."""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from markupsafe import Markup

from generator.diagnostics import Diagnostic
from generator.render.edition import Edition
from generator.render.paper.profiles import PrintProfile


@contextmanager
def uncollected() -> Iterator[None]:
    """The garbage collector off while a sheet is drawn and written, its objects frozen after: its thousands of
    shapes and operators hold no cycles and live until the job ends, so every collection they would start walks
    them to free nothing (a tenth of a 1,000-counter build); refcounting still frees them when they go."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()       # nor does the next collection walk them, once the collector is on again
        gc.enable()


class Comparison(NamedTuple):
    """A build `--since` an earlier version: that version's game, how it is named in print, and, per language
    and component (counters, cards), the pieces whose printed faces differ (render/sheets/reprint.py)."""

    label: str
    earlier: object                      # the earlier version's Game
    faces: dict[str, dict[str, list]]    # language → component → [FaceChange]


class RenderRequest(NamedTuple):
    edition: Edition
    profile: PrintProfile
    formats: frozenset[str] = frozenset({"pdf", "svg", "png"})
    inputs: str = ""      # the build's fingerprint of what this output is made from; "" when not known
    since: Comparison | None = None       # --since REF: change bars, errata, reprint sheets
    version: str = ""                     # the game's version, printed small on every sheet and page

    def reused(self, name: str, make: Callable[[], tuple]) -> tuple:
        """make(): a build's job answers with what an earlier job made under `name`, while everything that read
        is unchanged (output/fingerprints.py); its first item, findings that stop the output, is never kept."""
        return make()

    @property
    def stamp(self) -> Markup:
        """The version as printed ("version 1.1", from the tag v1.1) in the edition's language; "" without one.
        Quotes, backslashes and angle brackets are left out: it goes into stylesheets' strings as it is."""
        if not self.version:
            return Markup("")
        shown = self.version[1:] if re.match(r"v\d", self.version) else self.version
        return Markup(re.sub(r'["\\<>&\x00-\x1f]', "", self.edition.words["edition.version"].format(version=shown)))


class Artifact(NamedTuple):
    """One output file, relative to build/<game>/<lang>/."""

    path: str
    data: bytes
    kind: str             # counters-pdf, counter-svg, counter-png, cards-pdf…
    pages: int | None = None
    holds: dict | None = None   # what a play module holds (counters, cards by deck, dice), for the manifest


class Rendered:
    def __init__(self, artifacts: list[Artifact] | None = None, diagnostics: list[Diagnostic] | None = None,
                 failed: bool = False) -> None:
        self.artifacts = artifacts if artifacts is not None else []
        self.placements: list[dict] = []
        self.diagnostics = diagnostics if diagnostics is not None else []
        self.failed = failed          # the renderer broke; its previous files are kept
