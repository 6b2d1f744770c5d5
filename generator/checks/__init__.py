"""CHECKS: the explicit list of rule checks; run_checks(game) runs them all on the model only."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from generator.checks import (
    counts,
    identifiers,
    links,
    map_geometry,
    maps,
    paths,
    references,
    tables,
    templates,
    translations,
    unknowns,
)
from generator.diagnostics import Diagnostic
from generator.model import Game

Check = Callable[[Game], Iterator[Diagnostic]]

CHECKS: tuple[Check, ...] = (
    identifiers.check_duplicate_ids,
    links.check_data_links,
    links.check_aid_parts,
    references.check_reference_tokens,
    references.check_unused_targets,
    references.check_reference_wording,
    tables.check_tables,
    counts.check_counts,
    maps.check_map,
    maps.check_start_terrain,
    map_geometry.check_map_geometry,
    paths.check_paths,
    templates.check_templates,
    translations.check_translations,
    unknowns.check_unknowns,
)


# Checks that judge sums or absences over every item of a kind: a total that does not add up, a table no text
# names. When loading refused an item for a bad field, their verdict would only repeat that one mistake.
WHOLE_GAME: frozenset[Check] = frozenset({counts.check_counts, references.check_unused_targets})


def run_checks(game: Game, checks: Iterable[Check] = CHECKS) -> list[Diagnostic]:
    """Every finding of every check; one check's findings never stop another from running."""
    found: list[Diagnostic] = []
    for check in checks:
        if not (game.rejected and check in WHOLE_GAME):
            found.extend(check(game))
    return found
