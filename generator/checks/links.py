"""REF006: ids named by data fields (a piece's kind, a card's deck, a neighbour, a box kind) exist; AID…: a player
aid's parts name sections and tables that exist, one each, and tables in force."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from generator.checks.identifiers import kind_word
from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.common import Shape
from generator.model.game import box_kinds
from generator.model.rules import PLACED


def check_data_links(game: Game) -> Iterator[Diagnostic]:
    for shape, path, kind, target in _links(game):
        if not game.names(kind, target):
            yield make("REF006", f"{kind_word(kind)} '{target}' does not exist", where(shape, *path),
                       did_you_mean(target, game.entities[kind]))
    yield from _card_fields(game)
    yield from _box_kinds(game)


def did_you_mean(target: str, candidates) -> str:
    close = difflib.get_close_matches(target, list(candidates), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


def _links(game: Game) -> Iterator[tuple[Shape, tuple, str, str]]:
    for faction in game.factions:
        if faction.side:
            yield faction, ("side",), "faction", faction.side
        for kind in faction.limits:
            yield faction, ("limits", kind), "piece_kind", kind
    for piece in game.pieces:
        yield piece, ("kind",), "piece_kind", piece.kind
        if piece.faction:
            yield piece, ("faction",), "faction", piece.faction
        if piece.force:
            yield piece, ("force",), "force", piece.force
    for mix in game.mixes:
        for index, part in enumerate(mix.parts or ()):
            yield mix, ("parts", index), "mix", part
        if mix.select:
            for field, kind in (("kinds", "piece_kind"), ("factions", "faction"), ("pieces", "piece"),
                                ("forces", "force")):
                for index, target in enumerate(getattr(mix.select, field)):
                    yield mix, ("select", field, index), kind, target
    for force in game.forces:
        if force.faction:
            yield force, ("faction",), "faction", force.faction
        for kind in force.totals:
            yield force, ("totals", kind), "piece_kind", kind
    for deck in game.decks:
        if deck.card_type:
            yield deck, ("card_type",), "card_type", deck.card_type
        if deck.faction:
            yield deck, ("faction",), "faction", deck.faction
    for card in game.cards:
        yield card, ("deck",), "deck", card.deck
        if card.card_type:
            yield card, ("card_type",), "card_type", card.card_type
    for location in game.locations:
        for index, neighbour in enumerate(location.adjacent):
            yield location, ("adjacent", index), "location", neighbour
        for index, route in enumerate(location.routes):
            if isinstance(route.to, str):          # an unknown far end is a proof mark, not a link
                yield location, ("routes", index, "to"), "location", route.to
        if location.owner:
            yield location, ("owner",), "faction", location.owner
        if location.in_:
            yield location, ("in",), "location", location.in_
        if location.holds:
            held = "piece_kind" if game.names("piece_kind", location.holds) else "deck"
            yield location, ("holds",), held, location.holds
    for hex_ in (game.map.hexes if game.map else ()):
        if hex_.start:
            yield hex_, ("start",), "force", hex_.start
    for table in game.tables:
        for field in ("replaces", "modifiers_from"):
            if getattr(table, field):
                yield table, (field,), "table", getattr(table, field)
    for _, section, _ in game.sections():
        if section.anatomy is not None:
            kind = "piece" if section.anatomy.piece else "card"
            yield section, ("anatomy", kind), kind, section.anatomy.piece or section.anatomy.card
    for action in game.actions:
        for index, kind in enumerate(action.by):
            yield action, ("by", index), "piece_kind", kind
    for step in game.setup:
        if step.side:
            yield step, ("side",), "faction", step.side
        for index, placement in enumerate(step.place):
            field, target = placement.thing
            yield step, ("place", index, field), PLACED[field], target
            if game.place(placement.at).kind == "":
                kind = "track" if ":" in placement.at else "location"
                yield step, ("place", index, "at"), kind, placement.at.split(":", 1)[0]
    for _, section, _ in game.sections():
        for index, step_id in enumerate(section.setup):
            yield section, ("setup", index), "setup", step_id


def _card_fields(game: Game) -> Iterator[Diagnostic]:
    for card in game.cards:
        deck = game.get("deck", card.deck)
        type_id = card.card_type or (deck.card_type if deck else None)
        card_type = game.get("card_type", type_id) if type_id else None
        if card_type is None:
            continue
        for name in card.fields:
            if name not in card_type.fields:
                yield make("REF006", f"card type '{card_type.id}' has no field '{name}'",
                           where(card, "fields", name),
                           did_you_mean(name, card_type.fields) or
                           f"declare it in the card type's `fields` ({', '.join(card_type.fields) or 'none yet'})")


def box_hint(game: Game) -> str:
    return (f"the game's box kinds: {', '.join(box_kinds(game.manifest))} (declare more under `boxes:` in the "
            "manifest)")


def _box_kinds(game: Game) -> Iterator[Diagnostic]:
    """A section's `box:` names a box kind the game has (prose fences: references.check_reference_tokens)."""
    kinds = box_kinds(game.manifest)
    for _, section, _ in game.sections():
        if section.box != "none" and section.box not in kinds:
            yield make("REF006", f"box kind '{section.box}' does not exist", where(section, "box"), box_hint(game))


def check_aid_parts(game: Game) -> Iterator[Diagnostic]:
    for aid in game.aids:
        for index, part in enumerate(aid.parts):
            named = [(kind, target) for kind, target in (("section", part.section), ("table", part.table)) if target]
            if len(named) != 1:
                yield make("AID002", f"part {index + 1} of aid '{aid.id}' names "
                           f"{'both a section and a table' if named else 'neither a section nor a table'}",
                           where(part), "write one part per section or table: `{section: id}` or `{table: id}`")
            for kind, target in named:
                if not game.names(kind, target):
                    yield make("AID001", f"aid '{aid.id}' prints {kind} '{target}', which does not exist",
                               where(part, kind), did_you_mean(target, game.entities[kind]))
            replacing = next((t for t in game.tables if part.table and t.replaces == part.table), None)
            if replacing is not None:
                yield make("AID003", f"aid '{aid.id}' prints table '{part.table}', which table '{replacing.id}' "
                           "replaces in this game", where(part, "table"), f"print '{replacing.id}' instead")
