"""Renderers: each takes a render request (an edition and a print profile) and returns files.

The families, their renderers and what each writes are declared once, in generator/components.py; what is
here derives from it. Each renderer's module is imported only when it runs, so `check` never pays for
WeasyPrint or svgwrite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from generator.components import ALSO_ASKS, BY_NAME, FAMILIES, IMPORTS_ONLY
from generator.diagnostics import Diagnostic, make

if TYPE_CHECKING:
    from generator.render.context import Rendered, RenderRequest

# What each `--only` value writes into OUT/<game>/<lang>/: the help and the notes say it in these words.
WRITES = {family.name: family.writes for family in FAMILIES}
RENDERERS: dict[str, Callable[[RenderRequest], Rendered]] = {family.name: family.render for family in FAMILIES}


def declared(components) -> tuple[str, ...]:
    """The renderers a build runs unless --only says otherwise: what the game's `components` list and what is
    made from them (the living rules from the rulebook, the play modules from the pieces and the map); every
    renderer when the manifest lists none."""
    if not components:
        return tuple(BY_NAME)
    return tuple(family.name for family in FAMILIES
                 if family.name in components or set(family.made_from) & set(components))


def asked(only) -> tuple[str, ...]:
    """The renderers `--only` names, in their order; `rules` is the rulebook as rules.pdf and rules.html."""
    wanted = set(only) | {also for name in only for also in ALSO_ASKS.get(name, ())}
    return tuple(name for name in BY_NAME if name in wanted)


def unbuilt(game) -> list[Diagnostic]:
    """A note for each component the data holds that the manifest's `components` leave out (so it is not
    built): the publisher meant it, or forgot it, and either way should know."""
    from generator.model import where     # not at the top: `imprenta check` reads WRITES without the model

    components = game.manifest.components
    if not components:
        return []
    return [make("OUT006", f"{game.id} has {family.holds[0]} but its `components` do not list {family.name}, so "
                           f"{family.writes} {'is' if family.singular else 'are'} not built",
                 where(game.manifest, "components"),
                 f"add {family.name} to `components` in game.yaml, or build it once with --only {family.name}")
            for family in FAMILIES
            if family.holds and family.name not in components and family.holds[1](game)]


def preload(components, formats: frozenset[str], languages=(), lone: bool = False) -> None:
    """Import the renderers' modules (and WeasyPrint for the books) once, before forking one process per
    output, so each child inherits them instead of importing them again (WeasyPrint alone takes 0.6 s); only
    what the formats asked need. A `lone` job, run in this process, imports what it uses as it goes (a counter
    sheet without a proof sheet never needs reportlab's platypus, 0.1 s): only a set-up it needs is done.
    What the jobs read per language is read here too: the hyphenation dictionaries of the families that
    hyphenate (0.07-0.15 s a book's job), and the plural rules every job that counts asks (30 ms a job)."""
    for load in dict.fromkeys(BY_NAME[name].preload for name in BY_NAME if name in components):
        if load is not None and not (lone and load in IMPORTS_ONLY):
            load(formats)
    if any(BY_NAME[name].hyphenates for name in components):
        from generator.render.typography import hyphenation_ready

        hyphenation_ready(languages)
    _plural_rules(languages)


def _plural_rules(languages) -> None:
    from generator.load.words import plural_category

    for language in languages:
        try:
            plural_category(language, 1)
        except Exception:  # noqa: BLE001 - a language Babel does not know is reported by the job that asks
            pass
