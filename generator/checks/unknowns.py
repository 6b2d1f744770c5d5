"""UNK001: every fact recorded as unknown is listed, so placeholders never pass silently; REL001: a release
refuses them."""

from __future__ import annotations

from collections.abc import Iterator

from generator.derived.unknowns import unknown_facts
from generator.diagnostics import Diagnostic, make
from generator.model import Game

FIRST_PLACES = 3    # places a release refusal names


def check_unknowns(game: Game) -> Iterator[Diagnostic]:
    for fact in unknown_facts(game):
        assumed = f" (assumed {fact.assumed} meanwhile)" if fact.assumed is not None else ""
        yield make("UNK001", f"{fact.what} is unknown{assumed}: {fact.reason}".rstrip(": "), fact.span)


def release_refusal(game: Game) -> list[Diagnostic]:
    """One error naming how many facts are missing and where the first are: a release prints none."""
    facts = unknown_facts(game)
    if not facts:
        return []
    places = "; ".join(f"{fact.span.file}:{fact.span.line} ({fact.what})" if fact.span else fact.what
                       for fact in facts[:FIRST_PLACES])
    more = f" and {len(facts) - FIRST_PLACES} more" if len(facts) > FIRST_PLACES else ""
    return [make("REL001", f"a release cannot print {len(facts)} unknown fact{'s' * (len(facts) != 1)}: "
                           f"{places}{more}", facts[0].span,
                 f"give each value, or build a proof (without --release) to print them as marks; "
                 f"`imprenta check {game.folder} --select UNK001` lists them all")]
