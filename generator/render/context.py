"""What a renderer is given (an edition and a print profile) and what it gives back (files, placements, findings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from generator.diagnostics import Diagnostic
from generator.render.edition import Edition
from generator.render.profiles import PrintProfile


class RenderRequest(NamedTuple):
    edition: Edition
    profile: PrintProfile
    formats: frozenset[str] = frozenset({"pdf", "svg", "png"})


class Artifact(NamedTuple):
    """One output file, relative to build/<game>/<lang>/."""

    path: str
    data: bytes
    kind: str             # counters-pdf, counter-svg, counter-png, cards-pdf…
    pages: int | None = None


@dataclass
class Rendered:
    artifacts: list[Artifact] = field(default_factory=list)
    placements: list[dict] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: bool = False          # the renderer broke; its previous files are kept
