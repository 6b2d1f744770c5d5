"""The bill of materials a publisher sends to a printer, counted from the data."""

from __future__ import annotations

from collections import Counter

from generator.derived.counting import mix_count
from generator.model import Game
from generator.model.common import Unknown, is_assumed


def inventory(game: Game) -> dict:
    counters: Counter[str] = Counter()
    by_faction: Counter[str] = Counter()
    for piece in game.pieces:
        counters[piece.kind] += piece.copies
        by_faction[piece.faction or "none"] += piece.copies
    decks: Counter[str] = Counter()
    for card in game.cards:
        decks[card.deck] += card.copies
    by_type: Counter[str] = Counter()
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
    counted: dict[str, Counter[str]] = {force.id: Counter() for force in game.forces}
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
    """The bill of materials as a person reads it: one aligned table per kind of component."""
    counters, cards, game_map = report["counters"], report["cards"], report["map"]
    blocks = [[f"{report['title'] or report['game']} ({report['game']})"]]
    blocks.append(_table(["counters", counters["total"]], list(counters["by_kind"].items()))
                  + _said(_provisional(counters)))
    if cards["total"]:
        blocks.append(_table(["cards", cards["total"]], list(cards["by_deck"].items())) + _said(_provisional(cards)))
    if report["mixes"]:
        blocks.append(_table(["mixes", "pieces"], list(report["mixes"].items())))
    for key in ("squadrons", "forces"):
        if report.get(key):
            kinds = sorted({kind for force in report[key].values() for kind in force if kind != "side"})
            blocks.append(_table([key, "side", *kinds],
                                 [[name, force["side"] or "-", *(force.get(k, "-") for k in kinds)]
                                  for name, force in report[key].items()]))
    if report.get("powers"):
        blocks.append(_table(["powers", "home provinces", "pieces", "limits"],
                             [[name, power["home_provinces"], power["pieces"],
                               ", ".join(f"{kind} {n}" for kind, n in power["limits"].items()) or "-"]
                              for name, power in report["powers"].items()])
                      + _said(f"independent provinces: {report['independent_provinces']}"))
    unprinted = len(report["tables_unknown"])
    documents = len(report["documents"])
    blocks.append(_table(None, [
        ["dice", ", ".join(report["dice"]) or "none"],
        ["tables", f"{report['tables']}" + (f" ({unprinted} printed with their rows unknown)" if unprinted else "")],
        ["map", f"{game_map['areas']} areas, {game_map['hexes']} hexes" if game_map["kind"] else "none"],
        ["tracks", report["tracks"]],
        ["sections", f"{report['sections']} in {documents} document{'s' * (documents != 1)}"],
        ["glossary terms", report["terms"]],
    ]))
    return "\n\n".join("\n".join(block) for block in blocks)


def _table(header: list | None, rows: list) -> list[str]:
    """Columns padded to their widest cell, numbers to the right; under a header (whose first cell names the
    table) the rows' names are indented."""
    cells = ([[str(cell) for cell in header]] if header else []) + \
        [[("  " if header else "") + str(row[0]), *(str(cell) for cell in row[1:])] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    numeric = [all(str(row[i]).isdigit() or row[i] == "-" for row in rows) for i in range(len(cells[0]))]
    return ["  ".join(cell.rjust(width) if i and numeric[i] else cell.ljust(width)
                      for i, (cell, width) in enumerate(zip(row, widths))).rstrip() for row in cells]


def _said(text: str) -> list[str]:
    return [f"  {text.strip().strip('()')}"] if text.strip() else []
