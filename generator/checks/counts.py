"""CNT…: stated totals (mixes, decks, order of battle) equal the sums of their parts."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from generator.counting import mix_count
from generator.diagnostics import Diagnostic, make
from generator.model import Game, where


def check_counts(game: Game) -> Iterator[Diagnostic]:
    yield from _mixes(game)
    yield from _decks(game)
    yield from _forces(game)
    yield from _limits(game)
    yield from _card_numbers(game)
    yield from _setup(game)


def _mixes(game: Game) -> Iterator[Diagnostic]:
    for mix in game.mixes:
        if (mix.parts is None) == (mix.select is None):
            yield make("CNT004", f"mix '{mix.id}' needs either `parts` or `select`, not "
                       f"{'both' if mix.parts is not None else 'neither'}", where(mix, "id"))
            continue
        counted = mix_count(game, mix)
        if counted is None:
            yield make("CNT004", f"mix '{mix.id}' cannot be counted: one of its parts is ill-formed or "
                       "includes it again", where(mix, "parts"))
        elif mix.total is not None and counted != mix.total:
            yield make("CNT001", f"mix '{mix.id}' states {mix.total} but its {_what(mix)} add up to {counted}",
                       where(mix, "total"), "fix the copies of the pieces, or the stated total")


def _what(mix) -> str:
    return "parts" if mix.parts is not None else "selected pieces"


def _decks(game: Game) -> Iterator[Diagnostic]:
    sizes = Counter()
    for card in game.cards:
        sizes[card.deck] += card.copies
    for deck in game.decks:
        if deck.total is not None and sizes[deck.id] != deck.total:
            yield make("CNT002", f"deck '{deck.id}' states {deck.total} cards but has {sizes[deck.id]}",
                       where(deck, "total"), "add or remove cards, or fix the stated total")


def _forces(game: Game) -> Iterator[Diagnostic]:
    counted = Counter()
    for piece in game.pieces:
        if piece.force:
            counted[(piece.force, piece.kind)] += piece.copies
    for force in game.forces:
        for kind, stated in force.totals.items():
            if counted[(force.id, kind)] != stated:
                yield make("CNT003", f"force '{force.id}' states {stated} {kind} but its pieces count "
                           f"{counted[(force.id, kind)]}", where(force, "totals", kind))


def _limits(game: Game) -> Iterator[Diagnostic]:
    counted = Counter()
    for piece in game.pieces:
        counted[(piece.faction, piece.kind)] += piece.copies
    for faction in game.factions:
        for kind, limit in faction.limits.items():
            if counted[(faction.id, kind)] > limit:
                yield make("CNT005", f"faction '{faction.id}' has {counted[(faction.id, kind)]} {kind} pieces, "
                           f"more than its limit of {limit}", where(faction, "limits", kind))


def _card_numbers(game: Game) -> Iterator[Diagnostic]:
    seen = {}
    for card in game.cards:
        if card.number is None:
            continue
        if card.number in seen:
            yield make("CNT006", f"cards '{seen[card.number].id}' and '{card.id}' both print number {card.number}",
                       where(card, "number"), related=[("first printed here", where(seen[card.number], "number"))])
        else:
            seen[card.number] = card


def _setup(game: Game) -> Iterator[Diagnostic]:
    placed = Counter()
    last = {}
    for step in game.setup:
        for index, placement in enumerate(step.place):
            if placement.piece:
                placed[placement.piece] += placement.count
                last[placement.piece] = (step, index)
    for piece_id, count in placed.items():
        piece = game.get("piece", piece_id)
        if piece is not None and count > piece.copies:
            step, index = last[piece_id]
            yield make("CNT007", f"setup places {count} of '{piece_id}' but the game has {piece.copies}",
                       where(step, "place", index, "count"))
