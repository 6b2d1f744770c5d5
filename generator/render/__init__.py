"""Renderers: each takes a render request (an edition and a print profile) and returns files.

RENDERERS is the explicit list `--only` chooses from. Each renderer's module is
imported only when it runs, so `check` never pays for WeasyPrint or svgwrite.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from generator.render.context import Rendered, RenderRequest

_WHERE = {  # component → (module in generator.render, function)
    "counters": ("sheets.counters", "render_counters"),
    "cards": ("sheets.cards", "render_cards"),
    "map": ("maps.renderer", "render_map"),
    "rules": ("book.rulebook", "render_rules"),
    "html": ("book.rulebook", "render_living_rules"),
    "aids": ("book.aids", "render_aids"),
    "vassal": ("digital.vassal", "render_vassal"),
    "tts": ("digital.tts", "render_tts"),
}


def _lazy(module: str, function: str) -> Callable[[RenderRequest], Rendered]:
    def render(request: RenderRequest) -> Rendered:
        return getattr(importlib.import_module(f"generator.render.{module}"), function)(request)
    render.__name__ = function
    return render


RENDERERS: dict[str, Callable[[RenderRequest], Rendered]] = {name: _lazy(*where) for name, where in _WHERE.items()}


def preload(components) -> None:
    """Import the renderers' modules (and WeasyPrint for the books) once, before forking one process per
    output, so each child inherits them instead of importing them again (WeasyPrint alone takes 0.6 s)."""
    modules = {_WHERE[name][0] for name in components if name in _WHERE}
    for module in sorted(modules):
        importlib.import_module(f"generator.render.{module}")
    if modules & {"sheets.counters", "sheets.cards"}:
        importlib.import_module("generator.render.paper.pdf_canvas")     # sheets import it only when printing
    if modules & {"book.rulebook", "book.aids"}:
        importlib.import_module("weasyprint")
