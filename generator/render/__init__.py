"""Renderers: each takes a render request (an edition and a print profile) and returns files.

RENDERERS is the explicit list `--only` chooses from. Each renderer's module is
imported only when it runs, so `check` never pays for WeasyPrint or svgwrite.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Callable

from generator.diagnostics import Diagnostic, make
from generator.model import where

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

# What each `--only` value writes into OUT/<game>/<lang>/: the help and the notes say it in these words.
WRITES = {
    "counters": "counters.pdf, and an SVG and a PNG of every counter side in counters/",
    "cards": "cards.pdf, and an SVG and a PNG of every card face in cards/",
    "map": "map.pdf at full size, map.svg, and map-tiles.pdf (the map cut into sheets of the profile's paper)",
    "rules": "rules.pdf and rules.html (the living rules)",
    "html": "rules.html alone",
    "aids": "aids.pdf (sequences of play, tables, order sheets)",
    "vassal": "GAME-LANG.vmod (a VASSAL module)",
    "tts": "GAME-LANG-tts.json and its images (a Tabletop Simulator object)",
}
# The game's `components` name what is printed; these are made from it: the living rules from the rulebook, the
# play modules from the pieces and the map. A bare `rules` in --only asks for the rulebook in both forms.
_MADE_FROM = {"html": ("rules",), "vassal": ("counters", "cards", "map"), "tts": ("counters", "cards", "map")}


def declared(components) -> tuple[str, ...]:
    """The renderers a build runs unless --only says otherwise: what the game's `components` list and what is
    made from them; every renderer when the manifest lists none."""
    if not components:
        return tuple(_WHERE)
    return tuple(name for name in _WHERE if name in components or set(_MADE_FROM.get(name, ())) & set(components))


def asked(only) -> tuple[str, ...]:
    """The renderers `--only` names, in their order; `rules` is the rulebook as rules.pdf and rules.html."""
    wanted = set(only) | ({"html"} if "rules" in only else set())
    return tuple(name for name in _WHERE if name in wanted)


_DATA = {  # a component → what in the data it prints, and whether the game has any
    "counters": ("pieces", lambda game: game.pieces), "cards": ("cards", lambda game: game.cards),
    "map": ("a map", lambda game: game.map is not None), "rules": ("rule documents", lambda game: game.documents),
    "aids": ("tables, actions or a sequence of play",
             lambda game: game.tables or game.actions or any(s.sequence for _, s, _ in game.sections())),
}


def unbuilt(game) -> list[Diagnostic]:
    """A note for each component the data holds that the manifest's `components` leave out (so it is not
    built): the publisher meant it, or forgot it, and either way should know."""
    components = game.manifest.components
    if not components:
        return []
    return [make("OUT006", f"{game.id} has {what} but its `components` do not list {name}, so {WRITES[name]} "
                           f"{'is' if name in ('aids', 'html') else 'are'} not built", where(game.manifest, "components"),
                 f"add {name} to `components` in game.yaml, or build it once with --only {name}")
            for name, (what, holds) in _DATA.items() if name not in components and holds(game)]


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
