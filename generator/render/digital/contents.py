"""What a digital play module holds, decided once from the data: the same pieces, copies, decks and dice for
the VASSAL module, the Tabletop Simulator save, the manifest and the checker.

Pure data in the edition's language: no drawing here, so `imprenta check` can compare it with the
inventory without rendering anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.derived.counting import cup_of, selected_pieces
from generator.derived.inventory import dice_used
from generator.model import Game
from generator.render.edition import Edition


@dataclass(frozen=True)
class Side:
    face: str              # face key of the drawn face (the print sheets' own key): "<piece>-front"
    label: str             # the side's name ("Alfa (A)"), or the edition's word for front/back


@dataclass(frozen=True)
class Start:
    """Where one copy of a counter starts: a hex (with its facing), a location, or a track's space (`space`
    "" beside the track); `face` 1 when it starts on its back."""
    kind: str              # "hex", "location" or "track"
    where: str             # the hex, location or track id
    space: str = ""
    facing: int | None = None
    face: int = 0


@dataclass
class Cup:
    """A cup or bag the rules draw from blind: its copies shuffled face down, as many as it holds at start."""
    id: str
    name: str
    size: int
    declared: int | None   # the total the rulebook states


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
    starts: list[Start] = field(default_factory=list)    # one per copy placed at start
    round: bool = False         # a round counter (its pictures are transparent outside the circle)
    cup: str | None = None      # the cup or bag (mix id) its copies not placed at start are drawn from
    in_cup: int = 0             # …and how many of them are in it at start

    @property
    def spare(self) -> int:
        """Copies neither placed nor in a cup: beside the map, on the table."""
        return self.copies - len(self.starts) - self.in_cup


@dataclass
class DeckPlan:
    id: str
    name: str
    back: str              # face key of the deck's back
    cards: list[tuple[str, str, int]]   # (card id, title, copies), in data order
    width: float
    height: float
    space: str | None = None            # the location its draw pile starts on (a set-up's `rest` of the deck)
    hands: dict[str, int] = field(default_factory=dict)   # side's name → cards the set-up deals to its hand

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
    cups: list[Cup] = field(default_factory=list)
    sides: list[str] = field(default_factory=list)   # the players' sides, by name (VASSAL's roster)
    version: str = ""                        # the module's version: the edition's, else the inputs' digest
    language: str = ""

    @property
    def counters(self) -> int:
        return sum(piece.copies for piece in self.pieces)

    def summary(self) -> dict:
        """What the manifest and the checker say a module holds."""
        return {"counters": self.counters, "counter_designs": len(self.pieces),
                "cards": {deck.id: deck.size for deck in self.decks},
                "dice": [f"{count}d{faces}" for count, faces in self.dice],
                "placed_at_start": sum(len(piece.starts) for piece in self.pieces),
                "cups": {cup.id: cup.size for cup in self.cups},
                "turns": len(self.turns)}


_SIDE_WORDS = {"es": ("anverso", "reverso"), "en": ("front", "back")}


def module_contents(edition: Edition) -> Contents:
    game = edition.game
    words = _SIDE_WORDS.get(edition.language.split("-")[0], _SIDE_WORDS["en"])
    hexes = _start_hexes(game)
    placed = _set_up(game)
    cups = cup_of(game)
    pieces = []
    for piece in game.pieces:
        kind = game.get("piece_kind", piece.kind)
        if kind is None or piece.copies == 0:
            continue
        sides = [Side(f"{piece.id}-front", edition.field(piece.front, "label")
                      or words[0])]
        if piece.back is not None:
            sides.append(Side(f"{piece.id}-back", edition.field(piece.side("back"), "label")
                              or words[1]))
        width, height = kind.extent
        owner = ("force", piece.force) if piece.force else ("faction", piece.faction) if piece.faction else None
        group = edition.name(*owner) if owner else edition.name("piece_kind", kind.id)
        queue = hexes.get(piece.force, []) if piece.force else []
        starts = [queue.pop(0) for _ in range(min(piece.copies, len(queue)))]
        starts += placed.get(piece.id, [])[:piece.copies - len(starts)]
        design = PieceDesign(piece.id, edition.field(piece, "name"), kind.id, group,
                             piece.copies, sides, width, height, piece.facing, starts, kind.shape == "round")
        if piece.id in cups:
            design.cup, design.in_cup = cups[piece.id].id, piece.copies - len(starts)
        pieces.append(design)
    cup_list = [Cup(mix.id, edition.name("mix", mix.id), sum(p.in_cup for p in pieces if p.cup == mix.id),
                    mix.total) for mix in game.mixes if mix.id in {p.cup for p in pieces}]
    return Contents(edition.field(game.manifest, "title"), pieces, _decks(edition), dice_used(game),
                    _turns(edition), [edition.name("table", table.id, "title") for table in game.tables],
                    cup_list, [edition.name("faction", side) for side in sides_of(game)])


def sides_of(game: Game) -> list[str]:
    """The players' sides (faction ids): the factions no other faction's `side` names them part of."""
    return [faction.id for faction in game.factions if not faction.side]


def _start_hexes(game: Game) -> dict[str, list[Start]]:
    """force → its start hexes in data order. Which counter of a squadron takes which of its start hexes
    is not in the data: the module fills them in the order the pieces are listed."""
    found: dict[str, list[Start]] = {}
    if game.map is not None and game.map.grid is not None:
        for hex_ in game.map.hexes:
            if hex_.start:
                found.setdefault(hex_.start, []).append(Start("hex", hex_.id, facing=hex_.facing))
    return found


def _set_up(game: Game) -> dict[str, list[Start]]:
    """piece id → the places the set-up puts its copies, from every placement whose count and place the data
    gives (a number, or `rest` of a piece or a mix), numbered ones first, as the rulebook's set-up tables say.
    Placements into a cup, a hand or on a deck's space are the cups' and decks' (Cup, DeckPlan)."""
    found: dict[str, list[Start]] = {}
    rests, cupped = [], set()
    for step in game.setup:
        for placement in step.place:
            if placement.count == "rest" and game.place(placement.at).kind == "mix":
                cupped |= {piece.id for piece in _placed_pieces(game, placement)}
            start = _start(game, placement)
            if start is None or placement.deck is not None:
                continue
            if placement.number is not None and placement.piece:
                found.setdefault(placement.piece, []).extend([start] * placement.number)
            elif placement.count == "rest":
                rests.append((placement, start))
    for placement, start in rests:
        for piece in _placed_pieces(game, placement):
            if piece.id in cupped:
                continue
            left = piece.copies - len(found.get(piece.id, []))
            found.setdefault(piece.id, []).extend([Start(start.kind, start.where, start.space)] * max(0, left))
    return found


def _start(game: Game, placement) -> Start | None:
    place = game.place(placement.at)
    if place.kind not in ("location", "track", "hex"):
        return None
    return Start(place.kind, place.id or placement.at, place.space or "", face=1 if placement.face == "back" else 0)


def _placed_pieces(game: Game, placement):
    if placement.piece:
        found = game.get("piece", placement.piece)
        return [found] if found is not None else []
    if placement.kind:
        return [piece for piece in game.pieces if piece.kind == placement.kind]
    return _mix_pieces(game, placement.mix, frozenset())


def _mix_pieces(game: Game, mix_id: str, seen: frozenset[str]):
    mix = game.get("mix", mix_id)
    if mix is None or mix_id in seen:
        return []
    if mix.select is not None:
        return selected_pieces(game, mix.select)
    return [piece for part in mix.parts or [] for piece in _mix_pieces(game, part, seen | {mix_id})]


def _decks(edition: Edition) -> list[DeckPlan]:

    game = edition.game
    decks = []
    for deck in game.decks:
        cards = [(card.id, edition.field(card, "title"), card.copies)
                 for card in game.cards if card.deck == deck.id and card.copies > 0]
        if not cards:
            continue
        width, height = deck.extent
        plan = DeckPlan(deck.id, edition.name("deck", deck.id), f"{deck.id}-back", cards, width, height)
        for step in game.setup:
            for placement in step.place:
                if placement.deck != deck.id:
                    continue
                place = game.place(placement.at)
                if place.kind == "hand" and placement.number and step.side:
                    plan.hands[edition.name("faction", step.side)] = placement.number
                elif place.kind == "location" and placement.count == "rest":
                    plan.space = place.id
        decks.append(plan)
    return decks


def _turns(edition: Edition) -> list[str]:
    game = edition.game
    track = next((t for t in game.tracks if t.id in ("turn", "turns")), None) or \
        next((t for t in game.tracks if "turn" in t.id), None)
    if track is None:
        return []
    return [edition.field(track, "labels", str(n)) if str(n) in track.labels
            else str(n) for n in range(track.min, track.max + 1)]
