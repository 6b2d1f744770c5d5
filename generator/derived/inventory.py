"""The bill of materials a publisher sends to a printer, counted from the data."""

from __future__ import annotations

from collections import Counter

from generator.derived.counting import mix_count
from generator.model import Game
from generator.model.common import Unknown, is_assumed


def inventory(game: Game) -> dict:
    counters = Counter()
    by_faction = Counter()
    for piece in game.pieces:
        counters[piece.kind] += piece.copies
        by_faction[piece.faction or "none"] += piece.copies
    decks = Counter()
    for card in game.cards:
        decks[card.deck] += card.copies
    by_type = Counter()
    for card in game.cards:
        deck = game.get("deck", card.deck)
        by_type[card.card_type or (deck.card_type if deck else None) or "none"] += card.copies
    locations = Counter(loc.type for loc in game.locations)
    result = {
        "game": game.id,
        "title": game.manifest.title if isinstance(game.manifest.title, str) else None,
        "languages": list(game.manifest.languages),
        "counters": {"total": sum(counters.values()), "by_kind": dict(sorted(counters.items())),
                     "by_faction": dict(sorted(by_faction.items())),
                     "provisional": sorted(p.id for p in game.pieces if is_assumed(p.copies))},
        "cards": {"total": sum(decks.values()), "by_deck": {deck.id: decks[deck.id] for deck in game.decks},
                  "by_type": dict(sorted(by_type.items())),
                  "provisional": sorted(c.id for c in game.cards if is_assumed(c.copies) or is_assumed(c.card_type))},
        "mixes": {mix.id: mix_count(game, mix) for mix in game.mixes},
        "cups": {mix.id: mix_count(game, mix) for mix in game.mixes if mix.kind == "cup"},
        "dice": [f"{count}d{faces}" for count, faces in dice_used(game)],
        "tables": len(game.tables),
        "tables_unknown": sorted(t.id for t in game.tables if isinstance(t.rows, Unknown)),
        "map": {"kind": game.map.kind if game.map else None,
                "areas": sum(n for t, n in locations.items() if t in ("area", "zone", "province", "sea")),
                "hexes": len(game.hex_ids()),
                "by_type": dict(sorted(locations.items()))},
        "tracks": len(game.tracks),
        "documents": {doc.id: sum(1 for d, _, _ in game.sections() if d is doc) for doc in game.documents},
        "sections": sum(1 for _ in game.sections()),
        "terms": len(game.terms),
    }
    if game.forces:
        result["squadrons" if game.map and game.map.kind == "hexes" else "forces"] = _forces(game)
    if any(loc.owner for loc in game.locations):
        result["powers"], result["independent_provinces"] = _powers(game)
    return result


def dice_used(game: Game) -> list[tuple[int, int]]:
    """(count, faces) of every roll the tables ask for, in first-use order; d66 is two six-sided dice read
    apart."""
    found: list[tuple[int, int]] = []
    for table in game.tables:
        dice = table.dice
        roll = (2, 6) if dice.spec == "d66" else None if dice.is_none else (dice.count, dice.faces)
        if roll is not None and roll not in found:
            found.append(roll)
    return found


def _forces(game: Game) -> dict:
    counted = {force.id: Counter() for force in game.forces}
    for piece in game.pieces:
        if piece.force in counted:
            counted[piece.force][piece.kind] += piece.copies
    return {force.id: {"side": force.faction, **dict(sorted(counted[force.id].items()))} for force in game.forces}


def _powers(game: Game) -> tuple[dict, int]:
    provinces = [loc for loc in game.locations if loc.type == "province"]
    powers = {}
    for faction in game.factions:
        home = [loc for loc in provinces if loc.owner == faction.id]
        if home or faction.limits:
            powers[faction.id] = {"home_provinces": len(home),
                                  "pieces": sum(p.copies for p in game.pieces if p.faction == faction.id),
                                  "limits": dict(faction.limits)}
    owners = {faction_id for faction_id in powers if powers[faction_id]["home_provinces"]}
    independent = sum(1 for loc in provinces if loc.owner not in owners)
    return powers, independent


def _provisional(counted: dict) -> str:
    """Counts built on assumed `copies` are not facts: say how many pieces rest on an assumption."""
    assumed = counted.get("provisional", [])
    if not assumed:
        return ""
    return f" (provisional: {len(assumed)} entr{'y' if len(assumed) == 1 else 'ies'} with an assumed count or type)"


def as_text(report: dict) -> str:
    lines = [f"{report['title'] or report['game']} ({report['game']})"]
    counters = report["counters"]
    lines.append(f"  counters: {counters['total']}{_provisional(counters)}")
    lines += [f"    {kind}: {n}" for kind, n in counters["by_kind"].items()]
    cards = report["cards"]
    lines.append(f"  cards: {cards['total']}{_provisional(cards)}")
    lines += [f"    {deck}: {n}" for deck, n in cards["by_deck"].items()]
    for key in ("cups", "squadrons", "forces", "powers"):
        if report.get(key):
            lines.append(f"  {key}:")
            lines += [f"    {name}: {value}" for name, value in report[key].items()]
    if report["dice"]:
        lines.append(f"  dice: {', '.join(report['dice'])}")
    lines.append(f"  tables: {report['tables']}" + (f" ({len(report['tables_unknown'])} not printed by the "
                                                     "rulebook)" if report["tables_unknown"] else ""))
    lines.append(f"  map: {report['map']['areas']} areas, {report['map']['hexes']} hexes")
    lines.append(f"  sections: {report['sections']} in {len(report['documents'])} document(s)")
    lines.append(f"  glossary terms: {report['terms']}")
    return "\n".join(lines)
