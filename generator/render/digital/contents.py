"""What a digital play module holds, decided once from the data: the same pieces, copies, decks and dice for
the VASSAL module, the Tabletop Simulator save, the manifest and the checker.

Pure data in the edition's language: no drawing here, so `imprenta check` can compare it with the
inventory without rendering anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.derived.inventory import dice_used
from generator.model import Game
from generator.render.edition import Edition


@dataclass(frozen=True)
class Side:
    face: str              # face key of the drawn face (the print sheets' own key): "<piece>-front"
    label: str             # the side's name ("Alfa (A)"), or the edition's word for front/back


@dataclass
class PieceDesign:
    id: str
    name: str
    kind: str
    group: str             # palette tab: the faction's (or force's) name, else the kind's
    copies: int
    sides: list[Side]
    width: float           # mm
    height: float
    facing: bool
    starts: list[tuple[str, int | None]] = field(default_factory=list)   # (hex id, facing) per placed copy


@dataclass
class DeckPlan:
    id: str
    name: str
    back: str              # face key of the deck's back
    cards: list[tuple[str, str, int]]   # (card id, title, copies), in data order
    width: float
    height: float

    @property
    def size(self) -> int:
        return sum(copies for _, _, copies in self.cards)


@dataclass
class Contents:
    title: str
    pieces: list[PieceDesign]
    decks: list[DeckPlan]
    dice: list[tuple[int, int]]              # (count, faces): 1d6 → (1, 6), in first-use order
    turns: list[str]                         # the turn track's spaces as printed, or []
    tables: list[str]                        # table titles (the chart window's entries)

    @property
    def counters(self) -> int:
        return sum(piece.copies for piece in self.pieces)

    def summary(self) -> dict:
        """What the manifest and the checker say a module holds."""
        return {"counters": self.counters, "counter_designs": len(self.pieces),
                "cards": {deck.id: deck.size for deck in self.decks},
                "dice": [f"{count}d{faces}" for count, faces in self.dice],
                "placed_at_start": sum(len(piece.starts) for piece in self.pieces),
                "turns": len(self.turns)}


_SIDE_WORDS = {"es": ("anverso", "reverso"), "en": ("front", "back")}


def module_contents(edition: Edition) -> Contents:
    game = edition.game
    words = _SIDE_WORDS.get(edition.language.split("-")[0], _SIDE_WORDS["en"])
    starts = _start_hexes(game)
    pieces = []
    for piece in game.pieces:
        kind = game.get("piece_kind", piece.kind)
        if kind is None or piece.copies == 0:
            continue
        sides = [Side(f"{piece.id}-front", edition.field(piece.front, "label")
                      or words[0])]
        if piece.back is not None:
            sides.append(Side(f"{piece.id}-back", edition.field(piece.back, "label")
                              or words[1]))
        width, height = (kind.size.width, kind.size.height) if hasattr(kind.size, "width") else (kind.size,) * 2
        owner = ("force", piece.force) if piece.force else ("faction", piece.faction) if piece.faction else None
        group = edition.name(*owner) if owner else edition.name("piece_kind", kind.id)
        queue = starts.get(piece.force, []) if piece.force else []
        placed = [queue.pop(0) for _ in range(min(piece.copies, len(queue)))]
        pieces.append(PieceDesign(piece.id, edition.field(piece, "name"), kind.id, group,
                                  piece.copies, sides, width, height, piece.facing, placed))
    return Contents(edition.field(game.manifest, "title"), pieces, _decks(edition), dice_used(game),
                    _turns(edition), [edition.name("table", table.id, "title") for table in game.tables])


def _start_hexes(game: Game) -> dict[str, list[tuple[str, int | None]]]:
    """force → its start hexes in data order. Which counter of a squadron takes which of its start hexes
    is not in the data: the module fills them in the order the pieces are listed."""
    found: dict[str, list[tuple[str, int | None]]] = {}
    if game.map is not None and game.map.grid is not None:
        for hex_ in game.map.hexes:
            if hex_.start:
                found.setdefault(hex_.start, []).append((hex_.id, hex_.facing))
    return found


def _decks(edition: Edition) -> list[DeckPlan]:
    from generator.model.dimensions import CARD_SIZES

    game = edition.game
    decks = []
    for deck in game.decks:
        cards = [(card.id, edition.field(card, "title"), card.copies)
                 for card in game.cards if card.deck == deck.id and card.copies > 0]
        if not cards:
            continue
        width, height = (deck.size.width, deck.size.height) if hasattr(deck.size, "width") else CARD_SIZES[deck.size]
        if deck.orientation == "landscape":
            width, height = height, width
        decks.append(DeckPlan(deck.id, edition.name("deck", deck.id), f"{deck.id}-back", cards, width, height))
    return decks


def _turns(edition: Edition) -> list[str]:
    game = edition.game
    track = next((t for t in game.tracks if t.id in ("turn", "turns")), None) or \
        next((t for t in game.tracks if "turn" in t.id), None)
    if track is None:
        return []
    return [edition.field(track, "labels", str(n)) if str(n) in track.labels
            else str(n) for n in range(track.min, track.max + 1)]
