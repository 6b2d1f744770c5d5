"""The game manifest and the factions that own pieces and areas."""

import difflib
from typing import Annotated, Any, ClassVar, Literal

from generator.components import PRINTED
from generator.model.common import Color, Id, Language, Prose, Shape, Text
from generator.shapes import BeforeValidator, Field, ShapeError, WithJsonSchema, model_validator

Component = Literal[PRINTED]     # what a box holds: generator/components.py

#: The roles a credit names, each printed as Imprenta's word `credit.<role>` in the edition's language
#: (templates/words): role → whether it makes its names the game's authors (the PDF's Author).
CREDIT_ROLES: dict[str, bool] = {
    "design": True, "game-design": True, "series-design": True, "solitaire-design": True,
    "development": False, "art": False, "cover-art": False, "cartography": False, "graphic-design": False,
    "layout": False, "writing": False, "rules-editing": False, "editing": False, "proofreading": False,
    "translation": False, "playtesting": False, "research": False, "production": False,
}


def _check_role(value: Any) -> Any:
    if isinstance(value, str) and value not in CREDIT_ROLES:
        close = difflib.get_close_matches(value, list(CREDIT_ROLES), n=1)
        raise ShapeError("SCH013", "'{value}' is not a credit role{close}; the roles: {roles}",
                         {"value": value[:40], "close": f" (did you mean '{close[0]}'?)" if close else "",
                          "roles": ", ".join(CREDIT_ROLES)})
    return value


CreditRole = Annotated[str, BeforeValidator(_check_role), WithJsonSchema({"enum": list(CREDIT_ROLES)})]
"""One of CREDIT_ROLES: the word Imprenta prints for it in every language."""


class Credit(Shape):
    role: CreditRole | list[CreditRole] | None = Field(
        None, description="What they did: a role word, printed as Imprenta's word for it in the edition's "
                          "language; several held together as a list (`[proofreading, playtesting]`). The names of "
                          "the design roles (design, game-design, series-design, solitaire-design) are the PDFs' "
                          "Author.")
    title: Text | None = Field(None, description="The role as printed, for one that is not a role word "
                                                 "(translated like any text); with `role`, printed instead of "
                                                 "the role's word.")
    names: list[str] = Field(description="Who held it, in the order printed.")

    @model_validator(mode="after")
    def _named(self):
        if not self.role and self.title is None:
            raise ValueError("a credit names a `role` (design, art, playtesting…) or, for a role not in that "
                             "list, a `title`")
        return self

    @property
    def roles(self) -> list[str]:
        return [self.role] if isinstance(self.role, str) else list(self.role or ())

    @property
    def designs(self) -> bool:
        return any(CREDIT_ROLES[role] for role in self.roles)


def authors(manifest: "GameManifest") -> list[str]:
    """The names of the design credits, each once, in order: the game's authors (a document's Author)."""
    return list(dict.fromkeys(name for credit in manifest.credits if credit.designs for name in credit.names))


class IgnoredCheck(Shape):
    code: str = Field(description="A code (TBL002), a family prefix (TBL) or a code name (table-gap).")
    reason: str = Field(description="Why this game may skip it; required so the decision can be reviewed.")


class CheckPolicy(Shape):
    ignore: list[IgnoredCheck] = Field(default_factory=list, description="Checks this game skips, with reasons.")
    warn: list[str] = Field(default_factory=list, description="Codes demoted from error to warning.")


BoxLook = Literal["example", "note", "designer", "advice", "history"]

#: The box kinds every game has (prose `::: example`, a section's `box: example`) and their looks; a game's
#: `boxes` gives them a label, another look, or adds kinds of its own.
BUILT_IN_BOXES: dict[str, BoxLook] = {"example": "example", "note": "note", "designer": "designer",
                                      "play-note": "advice"}


class BoxKind(Shape):
    i18n_kind: ClassVar[str | None] = "box"

    id: Id = Field(description="Its name in prose (`::: id` … `:::`) and in a section's `box:`.")
    label: Text | None = Field(None, description="Printed at the head of each box of this kind (\"Ejemplo\", "
                                                 "\"Aclaración\"); without it the box carries no label.")
    look: BoxLook | None = Field(None, description="How the box is drawn: example (tinted, italic), note (a blue "
                                                   "rule), designer (grey), advice (a green rule), history (a "
                                                   "framed sepia box); by default a built-in kind's own look, "
                                                   "else note.")


def box_kinds(manifest: "GameManifest") -> dict[str, tuple[BoxLook, "BoxKind | None"]]:
    """Every box kind a game's prose may name → (its look, its declaration if the game declares it)."""
    kinds: dict[str, tuple[BoxLook, BoxKind | None]] = {id_: (look, None) for id_, look in BUILT_IN_BOXES.items()}
    for kind in manifest.boxes:
        kinds[kind.id] = (kind.look or BUILT_IN_BOXES.get(kind.id, "note"), kind)
    return kinds


class GameManifest(Shape):
    i18n_kind: ClassVar[str | None] = "game"

    id: Id = Field(description="The game's id; also the name of its build folder.")
    title: Text = Field(description="Title as printed on the box and the cover.")
    subtitle: Text | None = Field(None, description="Subtitle, if any.")
    source_language: str = Field(pattern=r"^[a-z]{2}(-[A-Z]{2})?$",
                                 description="Language the content files are written in (es, en…).")
    languages: list[Language] = Field(
        description="Languages to build, source first; each other one needs i18n/<lang>.yaml.")
    players: str | None = Field(None, description="Number of players, as printed (\"1-2\").")
    playing_time: str | None = Field(None, description="Playing time, as printed.")
    publisher: str | None = Field(None, description="The publisher's name, as the cover and credits print it.")
    version: str | None = Field(None, pattern=r"^[0-9A-Za-z][0-9A-Za-z.+ -]{0,39}$",
                                description="This edition's version (\"1.1\"), printed small on every sheet, the "
                                            "rulebook's cover and footer, and in the manifest; without it, the git "
                                            "tag of the last commit that changed the game folder.")
    credits: list[Credit] = Field(default_factory=list, description="Who did what, printed in the rulebook's "
                                  "credits on its cover: `[{role: design, names: [Ana Ruiz]}, "
                                  "{role: [proofreading, playtesting], names: [Luis Gil]}]`.")
    components: list[Component] = Field(default_factory=list, description="What the box holds, so what a build "
                                        "makes: rules also makes rules.html, and counters, cards or map the play "
                                        "modules; a component left out is not built (a note says so). Empty: "
                                        "everything the data holds.")
    palette: dict[str, Color] = Field(default_factory=dict, description="Named colours used by other fields.")
    fonts: dict[str, str] = Field(default_factory=dict, description="Font family per role (body, heading…).")
    checks: CheckPolicy = Field(default_factory=CheckPolicy, description="Per-game diagnostic policy.")
    boxes: list[BoxKind] = Field(default_factory=list, description="The rulebook's kinds of box (examples, "
                                 "clarifications, designer's notes…): each with its label and look.")

    @property
    def author(self) -> str:
        """The Author every PDF and rules.html names: the design credits' names, each once."""
        return ", ".join(authors(self))


class Faction(Shape):
    i18n_kind: ClassVar[str | None] = "faction"

    id: Id = Field(description="The faction's id, for {faction:id}, pieces' `faction` and areas' `owner`.")
    name: Text = Field(description="Its full name, as printed (Facción española).")
    short: Text | None = Field(None, description="A short name where space is scarce (Españoles): counters print "
                                                 "it as {faction}; default: the name.")
    color: Color | None = Field(None, description="Main colour: counter background, start hexes.")
    text_color: Color | None = Field(None, description="Kept for the record; the shipped layouts print text on "
                                                       "the main colour in black or white, whichever reads better.")
    side: Id | None = Field(None, description="The faction id of the camp this one fights for.")
    limits: dict[str, int] = Field(default_factory=dict,
                                   description="Most pieces of a kind (piece-kind id) in play at once.")
    description: Prose | None = Field(None, description="A paragraph about the faction; translated, and open to "
                                                        "templates (the shipped ones do not print it).")
