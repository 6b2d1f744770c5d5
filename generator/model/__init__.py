"""Game: the root of one loaded game, immutable after loading, with the source place of every part."""

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Literal, overload

from generator.diagnostics import Span
from generator.model.cards import Card, CardType, Deck
from generator.model.common import Shape, Unknown
from generator.model.game import Faction, GameManifest
from generator.model.maps import Hex, Location, Map, Track
from generator.model.pieces import Force, Mix, Piece, PieceKind
from generator.model.rules import HAND, Action, Aid, Icon, PlaceRef, RuleDocument, Section, SetupStep, Term
from generator.model.tables import Table
from generator.model.translations import TranslationFile

UNREAD = "*"     # Game.rejected's entry for the content files that could not be read at all


@dataclass(frozen=True)
class Translation:
    """One language overlay as loaded, with the file it came from."""

    language: str
    content: TranslationFile
    document: object  # yaml_nodes.Document


@dataclass(frozen=True)
class Game:
    folder: Path
    manifest: GameManifest
    factions: tuple[Faction, ...] = ()
    piece_kinds: tuple[PieceKind, ...] = ()
    pieces: tuple[Piece, ...] = ()
    mixes: tuple[Mix, ...] = ()
    forces: tuple[Force, ...] = ()
    card_types: tuple[CardType, ...] = ()
    decks: tuple[Deck, ...] = ()
    cards: tuple[Card, ...] = ()
    tables: tuple[Table, ...] = ()
    map: Map | None = None
    tracks: tuple[Track, ...] = ()
    documents: tuple[RuleDocument, ...] = ()
    terms: tuple[Term, ...] = ()
    icons: tuple[Icon, ...] = ()
    actions: tuple[Action, ...] = ()
    setup: tuple[SetupStep, ...] = ()
    aids: tuple[Aid, ...] = ()
    translations: dict[str, Translation] = field(default_factory=dict)
    # kind → ids of items refused at loading ("map" → {"map"} for a refused map; UNREAD → unreadable files;
    # "unknown" → the fingerprints of the reasons their unknown facts give, as in their keys; UNREAD among the
    # ids of a kind: any of that kind)
    rejected: dict[str, frozenset[str]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.manifest.id

    @cached_property
    def entities(self) -> dict[str, dict[str, list[Shape]]]:
        """Every entity with an id, by kind then id; a list holds more than one only for duplicates."""
        kinds: dict[str, tuple] = {
            "faction": self.factions, "piece_kind": self.piece_kinds, "piece": self.pieces, "mix": self.mixes,
            "force": self.forces, "card_type": self.card_types, "deck": self.decks, "card": self.cards,
            "table": self.tables, "location": self.locations, "track": self.tracks, "document": self.documents,
            "section": tuple(section for _, section, _ in self.sections()), "term": self.terms,
            "icon": self.icons, "action": self.actions, "setup": self.setup, "aid": self.aids,
            "hex": tuple(self.map.hexes) if self.map else (),
        }
        index: dict[str, dict[str, list[Shape]]] = {}
        for kind, shapes in kinds.items():
            by_id: dict[str, list[Shape]] = {}
            for shape in shapes:
                by_id.setdefault(shape.id, []).append(shape)
            index[kind] = by_id
        return index

    @cached_property
    def texts(self) -> tuple:
        """Every translatable source text (`model.texts.SourceText`), walked once for all the checks."""
        from generator.model.texts import iter_texts

        return tuple(iter_texts(self))

    @cached_property
    def every_text(self) -> tuple:
        """Every text at every place (an unknown's reason at each fact that gives it): walked once, for both
        `texts` (the checks) and `text_index` (the editions)."""
        from generator.model.texts import walk_texts

        return tuple(walk_texts(self))

    @cached_property
    def memo(self) -> dict:
        """What later rooms compute once from the whole loaded game and keep with it (derived.unknowns keeps the
        numbered unknown facts here): the game does not change once loaded, and the model knows nothing of how
        they are made."""
        return {}

    @cached_property
    def text_index(self) -> dict:
        """(id of a shape, field path) → the text there (`SourceText`): how an edition finds a field's key."""
        from generator.model.texts import text_index

        return text_index(self)

    def names(self, kind: str, id_: str) -> bool:
        """Whether the content names an entity with this id, even one refused at loading for a bad field
        (its own error is reported once; a reference to it is not a second mistake)."""
        return id_ in self.entities[kind] or id_ in self.rejected.get(kind, ())

    def refused(self, key: str) -> bool:
        """Whether a translation key may belong to content refused at loading (an item with a bad field, the
        map, or a whole unreadable file): its entry is not an orphan, the refusal is the one mistake."""
        if self.rejected.get(UNREAD):
            return True
        kind, _, rest = key.partition(".")
        ids = self.rejected.get(kind, ())
        return bool(ids) and (kind == "map" or UNREAD in ids or rest.partition(".")[0] in ids)

    # Typed per kind, so that a type checker knows `game.get("piece", x)` is a Piece (the kinds of `entities`).
    @overload
    def get(self, kind: Literal["faction"], id_: str | None) -> Faction | None: ...
    @overload
    def get(self, kind: Literal["piece_kind"], id_: str | None) -> PieceKind | None: ...
    @overload
    def get(self, kind: Literal["piece"], id_: str | None) -> Piece | None: ...
    @overload
    def get(self, kind: Literal["mix"], id_: str | None) -> Mix | None: ...
    @overload
    def get(self, kind: Literal["force"], id_: str | None) -> Force | None: ...
    @overload
    def get(self, kind: Literal["card_type"], id_: str | None) -> CardType | None: ...
    @overload
    def get(self, kind: Literal["deck"], id_: str | None) -> Deck | None: ...
    @overload
    def get(self, kind: Literal["card"], id_: str | None) -> Card | None: ...
    @overload
    def get(self, kind: Literal["table"], id_: str | None) -> Table | None: ...
    @overload
    def get(self, kind: Literal["location"], id_: str | None) -> Location | None: ...
    @overload
    def get(self, kind: Literal["track"], id_: str | None) -> Track | None: ...
    @overload
    def get(self, kind: Literal["document"], id_: str | None) -> RuleDocument | None: ...
    @overload
    def get(self, kind: Literal["section"], id_: str | None) -> Section | None: ...
    @overload
    def get(self, kind: Literal["term"], id_: str | None) -> Term | None: ...
    @overload
    def get(self, kind: Literal["icon"], id_: str | None) -> Icon | None: ...
    @overload
    def get(self, kind: Literal["action"], id_: str | None) -> Action | None: ...
    @overload
    def get(self, kind: Literal["setup"], id_: str | None) -> SetupStep | None: ...
    @overload
    def get(self, kind: Literal["aid"], id_: str | None) -> Aid | None: ...
    @overload
    def get(self, kind: Literal["hex"], id_: str | None) -> Hex | None: ...
    @overload
    def get(self, kind: str, id_: str | None) -> Shape | None: ...

    def get(self, kind: str, id_: str | None) -> Shape | None:
        """The entity of this kind with this id (the first, when duplicated), or None."""
        found = self.entities[kind].get(id_)
        return found[0] if found else None

    @property
    def locations(self) -> tuple[Location, ...]:
        return tuple(self.map.locations) if self.map else ()

    @property
    def map_keys(self) -> tuple:
        return tuple(self.map.keys) if self.map else ()

    @property
    def printed_documents(self) -> tuple[RuleDocument, ...]:
        """The documents the rulebook prints: not those of another book (`printed: false`), only referred to."""
        return tuple(document for document in self.documents if document.printed)

    def sections(self, printed: bool = False) -> Iterator[tuple[RuleDocument, Section, tuple[Section, ...]]]:
        """Every section of every document (of the printed ones only, if asked), depth first, with its
        ancestors."""
        def walk(document, sections, ancestors):
            for section in sections:
                yield document, section, ancestors
                yield from walk(document, section.sections, ancestors + (section,))

        for document in self.printed_documents if printed else self.documents:
            yield from walk(document, document.sections, ())

    def hex_ids(self) -> frozenset[str]:
        """Every hex id the grid defines."""
        return self._hex_ids

    @cached_property
    def _hex_ids(self) -> frozenset[str]:
        grid = self.map.grid if self.map else None
        if grid is None:
            return frozenset()
        from generator.model.maps import format_id

        return frozenset(format_id(grid.id_format, col, row)
                         for col in range(grid.first_column, grid.first_column + grid.columns)
                         for row in range(grid.first_row, grid.first_row + grid.rows))

    def place(self, at) -> PlaceRef:
        """What a set-up placement's `at` names: the checker, the links and the book read it the same way."""
        if isinstance(at, Unknown):
            return PlaceRef("unknown")
        if at == HAND:
            return PlaceRef("hand")
        if self.names("location", at):
            return PlaceRef("location", at)
        track_id, _, space = at.partition(":")
        if self.names("track", track_id):
            return PlaceRef("track", track_id, space)
        if self.names("mix", at):
            return PlaceRef("mix", at)
        if at in self.hex_ids():
            return PlaceRef("hex", at)
        return PlaceRef("")


def where(shape: Shape, *path: str | int) -> Span:
    """The span of a shape, or of one of its fields (`where(card, "title")`)."""
    document, base = shape._where
    return document.span(base + path)


def key_where(shape: Shape, key: str) -> Span:
    document, base = shape._where
    return document.key_span(base + (key,))
