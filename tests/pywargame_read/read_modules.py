"""Read VASSAL modules with pywargame (run by tests/render/test_pywargame.py under a Python pywargame imports on,
3.12 or newer) and print one JSON line per module: what it found, and every problem (an exception, a trait it
does not know, an image a trait names that the module lacks)."""

import json
import sys
import zipfile

from pywargame.vassal import BuildFile, VMod


def read(path: str) -> dict:
    found = {"module": path, "problems": [], "zones": [], "maps": [], "decks": {}, "at_start": 0, "slots": 0,
             "sides": []}
    try:
        with VMod(path, "r") as vmod:
            build = BuildFile(vmod.getBuildFile())
            vmod.getModuleData()
            names = set(zipfile.ZipFile(path).namelist())
        game = build.getGame()
        for roster in game.getPlayerRoster(single=False):
            found["sides"] += [side._node.firstChild.nodeValue for side in roster.getSides()]
        for map_ in game.getMaps(asdict=False):
            found["maps"].append(map_["mapName"])
            for board in map_.getBoards(asdict=False):
                for zoned in board.getZonedGrids(single=False):
                    found["zones"] += [zone["name"] for zone in zoned.getZones(asdict=False)]
            for deck in map_.getDecks(single=False):
                found["decks"][deck["name"]] = len(_pieces(deck))
            found["at_start"] += len(map_.getAtStarts(single=False))
        slots = list(game.getPieces(asdict=False)) + list(game.getCards(asdict=False) if hasattr(game, "getCards")
                                                         else [])
        for map_ in game.getMaps(asdict=False):
            for holder in list(map_.getAtStarts(single=False)) + list(map_.getDecks(single=False)):
                slots += _pieces(holder)
        for slot in slots:
            found["slots"] += 1
            for trait in slot.getTraits():
                kind = type(trait).__name__
                if kind in ("Trait", "UnknownTrait"):
                    found["problems"].append(f"unknown trait {trait.ID if hasattr(trait, 'ID') else trait}")
                for key in ("image", "imageName", "images", "obscuredImage"):
                    value = getattr(trait, "_tvals", {}).get(key) if hasattr(trait, "_tvals") else None
                    for image in (value if isinstance(value, list) else [value] if value else []):
                        if f"images/{image}" not in names:
                            found["problems"].append(f"missing image {image}")
    except Exception as error:          # noqa: BLE001 - every failure is a problem to report
        found["problems"].append(f"{type(error).__name__}: {error}")
    return found


def _pieces(holder) -> list:
    """The piece and card slots of an at-start stack or a deck (a deck of counters holds PieceSlots)."""
    from pywargame.vassal import CardSlot, PieceSlot

    return list(holder.getAllElements(PieceSlot, False)) + list(holder.getAllElements(CardSlot, False))


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(json.dumps(read(path), ensure_ascii=False))
