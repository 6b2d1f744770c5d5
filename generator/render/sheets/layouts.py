"""Layout files: what a counter side or a card face shows, where, in which font — data, not Python.

A layout lives in `templates/layouts/<component>/<name>.yaml` (a game may
override it with the same path under `<game>/templates/`). Boxes are given in
percent of the face, so one layout serves a ½" and a 1" counter; font sizes are
points at the layout's `design_width` and scale with the face, while `min_size`
is an absolute floor (legibility does not shrink with the counter). A layout may
`extends:` another and replace some of its faces.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from generator.diagnostics import Diagnostic, Span, make
from generator.model.common import Shape
from generator.render.draw.fonts import FONTS
from generator.render.templates import find
from generator.shapes import BeforeValidator, Field, ShapeError, model_validator

FontRole = Literal[tuple(FONTS)]  # type: ignore[valid-type]
Box = tuple[float, float, float, float]
_COLOR = re.compile(r"^(#[0-9a-fA-F]{6}|[a-z0-9]+(-[a-z0-9]+)*|\{[A-Za-z][\w-]*(:[\w-]+)?\})$")


def _check_color(value: Any) -> Any:
    if isinstance(value, str) and not _COLOR.match(value):
        raise ShapeError("SCH009", "'{value}' is not a colour: write \"#rrggbb\", a palette name, {{color}}, "
                                   "{{color:darker}}, {{on-color}}, {{ink}} or {{field}}", {"value": value[:40]})
    return value


LayoutColor = Annotated[str, BeforeValidator(_check_color)]


class Border(Shape):
    color: LayoutColor = Field("#000000", description="A colour, {color} or {color:darker}.")
    width: float = Field(0.2, ge=0, le=20, description="Line width in mm.")
    radius: float = Field(0.0, ge=0, le=100, description="Corner radius in mm.")


class Element(Shape):
    """One thing drawn on a face; exactly one of text, symbol, band, image, icon or table."""

    text: str | None = Field(None, description="A text template: {name}, {values}, {label}, {value:attack}…")
    symbol: str | None = Field(None, description="A unit symbol name or {symbol}.")
    band: bool = Field(False, description="A filled band (facing band, title bar).")
    image: str | None = Field(None, description="An image template, e.g. {image}; an empty frame when absent.")
    icon: str | None = Field(None, description="An icon id of the game (its picture, or a badge with its name).")
    table: str | None = Field(None, description="A table id (or a field holding one) printed as a small table.")
    box: Box = Field(description="x, y, width, height in percent of the face.")
    font: FontRole = Field("sans", description="A shipped font role (DejaVu): sans or serif, plain, bold, italic "
                                               "or bold-italic.")
    size: float = Field(8.0, ge=1, le=200, description="Font size in points at design_width.")
    min_size: float | None = Field(None, ge=1, le=200, description="Smallest size in points the text may shrink to; "
                                                           "absolute, it does not scale (default: size).")
    align: Literal["left", "center", "right"] = Field("center", description="Where the text sits across its box.")
    valign: Literal["top", "middle", "bottom"] = Field("middle", description="Where the text sits up and down its "
                                                                           "box.")
    wrap: bool = Field(True, description="Break the text into lines to fit the box; false: one line, shrunk.")
    rich: bool = Field(False, description="Text with **bold**, *italic*, line breaks, lists and icons.")
    color: LayoutColor | None = Field(None, description="A colour, {color}, {color:darker} or {ink} (readable on "
                                                        "background).")
    stroke: LayoutColor | None = Field(None, description="For a symbol: the colour inside its frame (default: "
                                                         "none, the face shows through).")
    when: str | None = Field(None, description="Draw only when this field has a value (facing, values, image…).")
    unless: str | None = Field(None, description="Draw only when this field has no value (the opposite of when).")

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [name for name in ("text", "symbol", "image", "icon", "table") if getattr(self, name) is not None] + \
            (["band"] if self.band else [])
        if len(kinds) != 1:
            raise ValueError(f"an element draws exactly one of text, symbol, band, image, icon or table, "
                             f"not {kinds or 'none'}")
        return self


class FaceLayout(Shape):
    background: LayoutColor | None = Field("{color}", description="A colour or {color}; none for unprinted.")
    fallback_color: LayoutColor | None = Field(None, description="The colour {color} means when the data gives none.")
    border: Border | None = Field(default_factory=Border, description="The line around the face (default: a "
                                                                      "0.2 mm black line); none for no line.")
    elements: list[Element] = Field(default_factory=list, description="What the face shows, drawn in order: "
                                                                      "later elements over earlier ones.")


class Layout(Shape):
    description: str = Field("", description="What the layout is for, for people (\"NATO-style combat unit\").")
    extends: str | None = Field(None, description="Another layout of the same component to start from.")
    design_width: float = Field(19.05, ge=5, le=1000,
                                description="The face width in mm the font sizes are written for.")
    min_text: float = Field(4.5, gt=0, le=100, description="The smallest type, in points, any text of the layout "
                                                          "may print at; smaller is a LAY006 finding at the element.")
    front: FaceLayout | None = Field(None, description="The front face: background, border, elements.")
    back: FaceLayout | None = Field(None, description="Defaults to the front's layout.")


class LayoutLibrary:
    """Loads layouts of one component on demand, each once, resolving `extends`."""

    def __init__(self, component: str, game_folder: Path | None):
        self.component = component
        self.game_folder = game_folder
        self._loaded: dict[str, Layout | None] = {}
        self.diagnostics: list[Diagnostic] = []

    def get(self, name: str, asked_by: Shape | Span | None = None, _chain: tuple = ()) -> Layout | None:
        """The layout `name`; `asked_by` is the content (or place) that names it, shown if it is missing."""
        if name in self._loaded:
            return self._loaded[name]
        layout = self._read(name, asked_by, _chain)
        self._loaded[name] = layout
        return layout

    def _read(self, name: str, asked_by: Shape | Span | None, chain: tuple) -> Layout | None:
        from generator.load import attach_places
        from generator.load.validation import validate
        from generator.load.yaml_nodes import load_file
        from generator.model import where

        asked_at = where(asked_by) if isinstance(asked_by, Shape) else asked_by   # looked up once per layout
        from generator.game_files import Refused, is_plain_name

        if not is_plain_name(name):
            self.diagnostics.append(make("SEC002", f"'{name[:60]}' is not a layout name: a layout is named, "
                                         f"never given as a path", asked_at,
                                         "Name a layout of templates/layouts/ (e.g. `extends: unit`)."))
            return None
        relative = f"layouts/{self.component}/{name}.yaml"
        try:
            path = find(relative, self.game_folder)
        except Refused as refusal:
            self.diagnostics.append(make("SEC001" if refusal.code == "SEC001" else "SEC002",
                                         f"the layout templates/{relative} {refusal.reason}; it is not read",
                                         asked_at))
            return None
        if path is None:
            self.diagnostics.append(make("LAY003", f"no {self.component} layout named '{name}' "
                                         f"(looked for templates/{relative})", asked_at,
                                         "Name a layout that exists, or add the file to the game's templates/."))
            return None
        if name in chain:
            self.diagnostics.append(make("LAY003", f"layout '{name}' extends itself through {' → '.join(chain)}",
                                         asked_at))
            return None
        document, found = load_file(path)
        self.diagnostics.extend(found)
        if document is None:
            return None
        layout, found = validate(Layout, document, ())
        self.diagnostics.extend(_as_layout_problem(found))
        if layout is not None:
            attach_places(layout, document, ())     # a finding about an element points at its line
        if layout is None or layout.extends is None:
            return layout
        base = self.get(layout.extends, document.span(("extends",)), chain + (name,))
        if base is None:
            return layout
        return base.model_copy(update={field: getattr(layout, field) for field in layout.model_fields_set
                                       if field != "extends"})


def _as_layout_problem(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Shape errors in a layout file read as layout errors, whatever code the validator gave them."""
    return [make("LAY003", f"{diagnostic.message}", diagnostic.span, diagnostic.hint) for diagnostic in diagnostics]


def card_layout_namer(game_folder) -> Callable[[Any], str]:
    """card_layout_name, each card type's name found once (on disk) however many cards it has."""
    named: dict = {}

    def name(card_type) -> str:
        key = None if card_type is None else card_type.id
        if key not in named:
            named[key] = card_layout_name(card_type, game_folder)
        return named[key]
    return name


def card_layout_name(card_type, game_folder) -> str:
    """The layout a card type is drawn with: its own `layout`, else layouts/cards/<type>.yaml, else the general card."""
    if card_type is None:
        return "card"
    if card_type.layout:
        return card_type.layout
    from generator.game_files import Refused

    try:
        return card_type.id if find(f"layouts/cards/{card_type.id}.yaml", game_folder) else "card"
    except Refused:
        return card_type.id          # the layout library reports why it is not read
