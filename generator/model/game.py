"""The game manifest and the factions that own pieces and areas."""

from typing import ClassVar, Literal

from generator.model.common import Color, Id, Language, Prose, Shape, Text
from generator.shapes import Field

Component = Literal["counters", "cards", "map", "rules", "aids"]


class Credit(Shape):
    role: Text = Field(description="The role, as printed (Diseño, Arte…).")
    names: list[str] = Field(description="Who held it.")


class IgnoredCheck(Shape):
    code: str = Field(description="A code (TBL002), a family prefix (TBL) or a code name (table-gap).")
    reason: str = Field(description="Why this game may skip it; required so the decision can be reviewed.")


class CheckPolicy(Shape):
    ignore: list[IgnoredCheck] = Field(default_factory=list, description="Checks this game skips, with reasons.")
    warn: list[str] = Field(default_factory=list, description="Codes demoted from error to warning.")


class GameManifest(Shape):
    i18n_kind: ClassVar[str | None] = "game"

    id: Id = Field(description="The game's id; also the name of its build folder.")
    title: Text = Field(description="Title as printed on the box and the cover.")
    subtitle: Text | None = Field(None, description="Subtitle, if any.")
    source_language: str = Field(pattern=r"^[a-z]{2}(-[A-Z]{2})?$",
                                 description="Language the content files are written in (es, en…).")
    languages: list[Language] = Field(description="Languages to build, source first; each other one needs i18n/<lang>.yaml.")
    players: str | None = Field(None, description="Number of players, as printed (\"1-2\").")
    playing_time: str | None = Field(None, description="Playing time, as printed.")
    publisher: str | None = None
    version: str | None = Field(None, pattern=r"^[0-9A-Za-z][0-9A-Za-z.+ -]{0,39}$",
                                description="This edition's version (\"1.1\"), printed small on every sheet, the "
                                            "rulebook's cover and footer, and in the manifest; without it, the git "
                                            "tag of the last commit that changed the game folder.")
    credits: list[Credit] = Field(default_factory=list)
    components: list[Component] = Field(default_factory=list, description="Which outputs this game has.")
    palette: dict[str, Color] = Field(default_factory=dict, description="Named colours used by other fields.")
    fonts: dict[str, str] = Field(default_factory=dict, description="Font family per role (body, heading…).")
    checks: CheckPolicy = Field(default_factory=CheckPolicy, description="Per-game diagnostic policy.")


class Faction(Shape):
    i18n_kind: ClassVar[str | None] = "faction"

    id: Id
    name: Text
    short: Text | None = None
    color: Color | None = Field(None, description="Main colour: counter background, start hexes.")
    text_color: Color | None = None
    side: Id | None = Field(None, description="The faction id of the camp this one fights for.")
    limits: dict[str, int] = Field(default_factory=dict,
                                   description="Most pieces of a kind (piece-kind id) in play at once.")
    description: Prose | None = None
