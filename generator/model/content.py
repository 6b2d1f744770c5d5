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
    factions: list[Faction] = Field(default_factory=list, description="Sides, powers, nationalities: whatever "
                                    "owns pieces or areas, with its colour.")
    piece_kinds: list[PieceKind] = Field(default_factory=list, description="Kinds of counter (leader, galley, "
                                         "marker…): symbol, size, shape and layout.")
    pieces: list[Piece] = Field(default_factory=list, description="One entry per distinct counter design, with "
                                "how many copies the box holds.")
    mixes: list[Mix] = Field(default_factory=list, description="Totals the rulebook states (a counter mix, a cup, "
                             "a sheet), which the checker adds up from the pieces.")
    forces: list[Force] = Field(default_factory=list, description="The order of battle: squadrons, armies, with "
                                "the totals the rulebook states.")
    card_types: list[CardType] = Field(default_factory=list, description="Kinds of card (event, destiny…): colour, "
                                       "extra fields, layout.")
    decks: list[Deck] = Field(default_factory=list, description="Decks: card size, orientation, back and stated "
                              "total.")
    cards: list[Card] = Field(default_factory=list, description="Every card, each in its deck.")
    tables: list[Table] = Field(default_factory=list, description="Die-roll and lookup tables, combat results "
                                "tables among them; checked for gaps and overlaps.")
    map: Map | None = Field(None, description="The map; at most one file holds it.")
    tracks: list[Track] = Field(default_factory=list, description="Numbered tracks (victory points, turns) "
                                "printed on the map.")
    documents: list[RuleDocument] = Field(default_factory=list, description="Rule books, each a tree of numbered "
                                          "sections.")
    terms: list[Term] = Field(default_factory=list, description="The glossary: terms the prose marks with "
                              "{term:id}.")
    icons: list[Icon] = Field(default_factory=list, description="Small pictures printed inline by {icon:id} and "
                              "on cards.")
    actions: list[Action] = Field(default_factory=list, description="Actions or orders a player may give, named "
                                  "by {action:id} and listed on the aids.")
    setup: list[SetupStep] = Field(default_factory=list, description="The set-up, step by step, with the pieces "
                                   "each step places.")
    aids: list[Aid] = Field(default_factory=list, description="Player aid sheets: which sections and "
                            "tables each prints (without any: the sequences of play and the tables in force).")


COLLECTIONS = tuple(name for name in ContentFile.model_fields if name not in ("game", "map"))
