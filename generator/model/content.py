"""The shape of one content file: any collection, in any file of the game folder."""

from generator.model.cards import Card, CardType, Deck
from generator.model.common import Shape
from generator.model.game import Faction, GameManifest
from generator.model.maps import Map, Track
from generator.model.pieces import Force, Mix, Piece, PieceKind
from generator.model.rules import Action, Aid, Icon, RuleDocument, SetupStep, Term
from generator.model.tables import Table
from generator.shapes import Field


class ContentFile(Shape):
    """A content file of a game folder. Lists from several files are joined."""

    game: GameManifest | None = Field(None, description="The game manifest; exactly one file holds it.")
    factions: list[Faction] = Field(default_factory=list)
    piece_kinds: list[PieceKind] = Field(default_factory=list)
    pieces: list[Piece] = Field(default_factory=list)
    mixes: list[Mix] = Field(default_factory=list)
    forces: list[Force] = Field(default_factory=list)
    card_types: list[CardType] = Field(default_factory=list)
    decks: list[Deck] = Field(default_factory=list)
    cards: list[Card] = Field(default_factory=list)
    tables: list[Table] = Field(default_factory=list)
    map: Map | None = Field(None, description="The map; at most one file holds it.")
    tracks: list[Track] = Field(default_factory=list)
    documents: list[RuleDocument] = Field(default_factory=list)
    terms: list[Term] = Field(default_factory=list)
    icons: list[Icon] = Field(default_factory=list)
    actions: list[Action] = Field(default_factory=list)
    setup: list[SetupStep] = Field(default_factory=list)
    aids: list[Aid] = Field(default_factory=list, description="Player aid sheets: which sections and "
                            "tables each prints (without any: the sequences of play and the tables in force).")


COLLECTIONS = tuple(name for name in ContentFile.model_fields if name not in ("game", "map"))
