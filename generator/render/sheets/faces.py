"""Drawing one face from its layout and the words and values of one piece side or card.

The layout says where things go; `fields` says what they say (already in the
edition's language). Templates are expanded by a small grammar of our own,
`{name}` or `{value:attack}`, never by `str.format`, so a layout or a
translation cannot reach Python attributes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from generator.derived.unknowns import MARK, readable
from generator.diagnostics import Diagnostic, make
from generator.load.images import image_problem
from generator.model import where
from generator.model.common import Shape
from generator.render.draw.colors import Palette
from generator.render.draw.fonts import missing_glyphs
from generator.render.draw.primitives import Ellipse, Face, Image, Ink, Rect, Text, readable_on
from generator.render.draw.symbols import draw_symbol
from generator.render.draw.text_fit import fit, place
from generator.render.sheets.layouts import Element, FaceLayout
from generator.render.sheets.legibility import Inked, collisions, ink_box, too_small

_FIELD = re.compile(r"\{([A-Za-z][\w-]*)(?::([\w-]+))?\}")


def expand(template: str, fields: dict[str, str]) -> str:
    """`{name}` → fields["name"]; `{value:attack}` → fields["value:attack"]; unknown names → ""."""
    parts = _parts(template)
    if len(parts) == 1:             # most templates are one field ("{name}") or none
        is_field, text = parts[0]
        return fields.get(text, "") if is_field else text
    return "".join(fields.get(text, "") if is_field else text for is_field, text in _parts(template))


def field_names(template: str) -> set[str]:
    """The field names a template uses."""
    return {text for is_field, text in _parts(template) if is_field}


@lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[tuple[bool, str], ...]:
    """A template split once into literal text and field names (it is expanded for every face)."""
    parts, last = [], 0
    for match in _FIELD.finditer(template):
        parts.append((False, template[last:match.start()]))
        parts.append((True, match.group(1) if match.group(2) is None else f"{match.group(1)}:{match.group(2)}"))
        last = match.end()
    parts.append((False, template[last:]))
    return tuple(part for part in parts if part[1])


class Drawn:
    def __init__(self, face: Face) -> None:
        self.face = face
        self.overflows: list[tuple[str, str]] = []         # (element text template, text)
        self.missing: list[tuple[str, list[str]]] = []      # (text, characters)
        self.missing_images: list[str] = []
        self.small: list[tuple[Element, float, str]] = []              # (element, size, text)
        self.touching: list[tuple[Inked, Inked]] = []                  # (a text, what it touches)


class FaceSet:
    """Every face of one component in one edition, the pieces to impose, and what went wrong drawing them."""

    def __init__(self) -> None:
        self.faces: dict[str, Face] = {}
        self.items: list = []            # sheets.SheetItem
        self.diagnostics: list[Diagnostic] = []
        self._said: set = set()

    def report(self, found: list[Diagnostic]) -> None:
        """Findings of one face; a layout's own problem (LAY006) is said once, at its first face."""
        for diagnostic in found:
            key = said_once(diagnostic)
            if key is not None:
                if key in self._said:
                    continue
                self._said.add(key)
            self.diagnostics.append(diagnostic)


def said_once(diagnostic: Diagnostic):
    """The key under which a finding about a layout, not a piece, is reported only once; None for others.
    An illegible element (LAY006) is one per element; data a layout omits (LAY007), one per kind of data."""
    if diagnostic.code not in ("LAY006", "LAY007"):
        return None
    message = diagnostic.message.split(" (first seen")[0]
    return (diagnostic.code, diagnostic.span, message) if diagnostic.code == "LAY006" else (diagnostic.code, message)


class FaceInputs(NamedTuple):
    """What one face shows: its words and values by field name, its colour, its images."""

    fields: dict[str, str]
    color: object = None                 # a content colour (palette name, hex, CMYK)
    image: Path | None = None
    rich: Callable | None = None         # (element, text, box, size, min_size, ink) → (shapes, fits, plain)
    icon: Callable | None = None         # icon id → (picture path or None, name)
    table: Callable | None = None        # table id → (title, [(key, result)]) or None
    folder: Path | None = None           # the game folder, which the image must lie in


def draw_face(layout: FaceLayout, inputs: FaceInputs, width: float, height: float, scale: float,
              palette: Palette, round_shape: bool = False, floor: float = 0.0, memo: dict | None = None) -> Drawn:
    """The face's shapes; what would not print well is listed in the result. `floor` is the layout's
    smallest type size. `memo`, kept by the caller across the faces of one sheet (whose layouts and palette
    outlive it), answers an element drawn before from the same fields alike (a design's band and symbol, a
    value line) with what it drew then."""
    base = palette.ink(inputs.color) or (palette.ink(layout.fallback_color) if layout.fallback_color else None)
    background = _color(layout.background, base, None, palette) if layout.background else None
    face = Face(width, height, background=background, round=round_shape)
    drawn = Drawn(face)
    if background is not None:
        face.add(Ellipse(width / 2, height / 2, width / 2, height / 2, background) if round_shape
                 else Rect(0, 0, width, height, background))
    ink = readable_on(background)
    inked: list[Inked] = []
    kept: dict = memo if memo is not None else {}
    # what the face's elements are drawn at, as a number: hashed once per face, not once per element
    drawing = kept.setdefault((width, height, scale, base, ink, floor), len(kept)) if memo is not None else 0
    for element in layout.elements:
        if not _wanted(element, inputs.fields):
            continue
        key = _element_key(element, inputs.fields, kept, drawing) if memo is not None else None
        found = kept.get(key) if key is not None else None
        if found is not None:
            for grown, added in zip(_grown(drawn, inked), found):
                grown.extend(added)
            continue
        marks = [len(grown) for grown in _grown(drawn, inked)]
        _draw_element(element, inputs, _box(element, width, height), scale, base, ink, palette, drawn)
        _measure(element, face.shapes[marks[0]:], floor, inked, drawn)
        if key is not None:
            kept[key] = tuple(grown[mark:] for grown, mark in zip(_grown(drawn, inked), marks))
    drawn.touching = collisions(inked) if len(inked) > 1 else []
    if layout.border is not None and layout.border.width > 0:
        half = layout.border.width / 2
        color = _color(layout.border.color, base, ink, palette, inputs.fields) or ink
        face.add(Ellipse(width / 2, height / 2, width / 2 - half, height / 2 - half, None, color,
                         layout.border.width) if round_shape else
                 Rect(half, half, width - 2 * half, height - 2 * half, None, color, layout.border.width,
                      layout.border.radius))
    return drawn


def _draw_element(element: Element, inputs: FaceInputs, box, scale: float, base: Ink | None, ink: Ink,
                  palette: Palette, drawn: Drawn) -> None:
    face = drawn.face
    if element.band:
        face.add(Rect(*box, _color(element.color or "{color:darker}", base, ink, palette, inputs.fields)))
        return
    color = _color(element.color, base, ink, palette, inputs.fields) or ink
    unknown = _unknown_choice(element, inputs.fields)
    if unknown:             # a picture chosen by an unknown fact: its mark, never the picture as if it were known
        size, min_size = _sizes(element, scale)        # an icon's size is its badge's words: the mark fills the box
        fitted = fit(unknown, element.font, max(size, min(11.0 * scale, box[3] * 72 / 25.4 * 0.6)),
                     max(min_size, size), box[2], box[3])
        face.add(*place(fitted, element.font, *box, "center", "middle", color))
        return
    if element.symbol is not None:
        fill = _color(element.stroke, base, None, palette) if element.stroke else None
        face.add(*draw_symbol(expand(element.symbol, inputs.fields), *box, color, fill))
    elif element.image is not None:
        _draw_image(element, inputs, box, ink, drawn)
    elif element.icon is not None:
        _draw_icon(element, inputs, box, scale, color, drawn)
    elif element.table is not None:
        _draw_table(element, inputs, box, scale, color, drawn)
    else:
        _draw_text(element, inputs, box, scale, color, drawn)


def _element_key(element: Element, fields: dict[str, str], memo: dict, drawing: int) -> tuple | None:
    """What an element's drawing depends on, as a key of the memo; None for the elements that ask the edition
    (icons, tables, rich text) or read a file (images), which are drawn every time."""
    names = memo.get(id(element))
    if names is None:
        names = memo[id(element)] = _fields_read(element)
    if not names:
        return None if names is None else (id(element), drawing)
    return id(element), drawing, tuple(fields.get(name) for name in names)


def _fields_read(element: Element) -> tuple[str, ...] | None:
    """The fields an element's drawing reads (its templates, `when`, `unless`, a colour naming a field)."""
    if element.image is not None or element.icon is not None or element.table is not None or element.rich:
        return None
    names: set[str] = set()
    for template in (element.text, element.symbol):
        if template:
            names |= field_names(template)
    names |= {name for name in (element.when, element.unless) if name}
    for colour in (element.color, element.stroke):
        named = _FIELD.fullmatch(colour) if colour else None
        if named:
            names.add(named.group(1))
        if colour == "{on-band}":
            names.add("band")
    return tuple(sorted(names))


def _grown(drawn: Drawn, inked: list) -> tuple[list, ...]:
    """What drawing an element adds to: the face's shapes, its findings and the ink measured."""
    return drawn.face.shapes, drawn.overflows, drawn.missing, drawn.missing_images, drawn.small, inked


def _unknown_choice(element: Element, fields: dict[str, str]) -> str:
    """The marks of the unknown facts that decide a symbol, icon or table (its `when` field, or the field that
    names it), or "": the overstack icon of a card whose overstack is unknown prints the mark, not the icon."""
    if element.band or element.image is not None or (element.symbol, element.icon, element.table) == (None,) * 3:
        return ""
    named = element.symbol or element.icon or element.table
    said = (fields.get(element.when, "") if element.when else "") + expand(named, fields)
    return "".join(dict.fromkeys(MARK.findall(said)))


def _measure(element: Element, shapes: list, floor: float, inked: list[Inked], drawn: Drawn) -> None:
    """Where the element left ink, and whether its type is under the floor."""
    if not shapes:
        return
    box = ink_box(shapes) if element.text is not None else _same_ink_box(shapes)
    kind = "band" if element.band else "symbol" if element.symbol is not None else "image" \
        if element.image is not None else "icon" if element.icon is not None else "table" \
        if element.table is not None else "text"
    if box is not None:
        inked.append(Inked(element, kind, box))
    smallest = too_small(shapes, floor)
    if smallest is not None:
        drawn.small.append((element, smallest, " ".join(s.text for s in shapes if isinstance(s, Text))))


def _same_ink_box(shapes: list):
    """The ink box of a band, symbol, picture or table: the same shapes on every side of a design, measured once."""
    try:
        return _ink_box_of(tuple(shapes))
    except TypeError:        # a group (unhashable) among them
        return ink_box(shapes)


@lru_cache(maxsize=1024)
def _ink_box_of(shapes: tuple):
    return ink_box(shapes)


def _wanted(element: Element, fields: dict[str, str]) -> bool:
    if element.when is not None and not fields.get(element.when):
        return False
    return element.unless is None or not fields.get(element.unless)


def _box(element: Element, width: float, height: float) -> tuple[float, float, float, float]:
    x, y, w, h = element.box
    return x / 100 * width, y / 100 * height, w / 100 * width, h / 100 * height


def _color(expression: str | None, base: Ink | None, ink: Ink | None, palette: Palette,
           fields: dict[str, str] | None = None) -> Ink | None:
    """A layout colour: {ink} (readable on the background), {color}, {color:darker}, {on-color} (readable on
    the colour), a field holding a colour ({band}), or a colour."""
    if expression is None or expression == "{ink}":
        return ink
    if expression == "{color}":
        return base
    if expression == "{color:darker}":
        return base.darker() if base else ink
    if expression == "{on-color}":
        return readable_on(base)
    if expression == "{on-band}":          # readable on the colour the {band} field names
        return readable_on(palette.ink(fields.get("band"), base.darker() if base else ink) if fields else base)
    named = _FIELD.fullmatch(expression)
    if named and fields is not None:
        return palette.ink(fields.get(named.group(1)), base.darker() if base else ink)
    return palette.ink(expression, ink)


def _draw_text(element: Element, inputs: FaceInputs, box, scale: float, ink: Ink, drawn: Drawn) -> None:
    text = expand(element.text, inputs.fields).strip()
    if not text:
        return
    size, min_size = _sizes(element, scale)
    if element.rich and inputs.rich is not None:
        shapes, fits, plain = inputs.rich(element, text, box, size, min_size, ink)
        drawn.face.add(*shapes)
    else:
        fitted = fit(text, element.font, size, min_size, box[2], box[3], wrap=element.wrap)
        drawn.face.add(*place(fitted, element.font, *box, element.align, element.valign, ink))
        fits, plain = fitted.fits, text
    if not fits:
        drawn.overflows.append((element.text, text))
    lost = missing_glyphs(plain, element.font)
    if lost:
        drawn.missing.append((plain, lost))


def _draw_icon(element: Element, inputs: FaceInputs, box, scale: float, ink: Ink, drawn: Drawn) -> None:
    """The icon's picture, or a round badge with its name when the game gives no picture."""
    icon_id = expand(element.icon, inputs.fields)
    if not icon_id or inputs.icon is None:
        return
    picture, name = inputs.icon(icon_id)
    x, y, w, h = box
    if picture is not None:
        drawn.face.add(Image(x, y, w, h, picture))
        return
    radius = min(w, h) / 2
    drawn.face.add(Ellipse(x + w / 2, y + h / 2, radius, radius, None, ink, 0.3))
    fitted = fit(name, element.font, *_sizes(element, scale), radius * 1.5, radius * 1.5)
    drawn.face.add(*place(fitted, element.font, x + w / 2 - radius * 0.75, y + h / 2 - radius * 0.75,
                          radius * 1.5, radius * 1.5, "center", "middle", ink))


def _draw_table(element: Element, inputs: FaceInputs, box, scale: float, ink: Ink, drawn: Drawn) -> None:
    """A small two-column table (roll → result) printed from the tables data."""
    table_id = expand(element.table, inputs.fields)
    found = inputs.table(table_id) if table_id and inputs.table else None
    if found is None:
        return
    title, rows = found
    x, y, w, h = box
    lines = len(rows) + 1
    row_height = h / lines
    size, min_size = _sizes(element, scale)
    title_fit = fit(title, element.font, size, min_size, w, row_height, wrap=False)
    drawn.face.add(*place(title_fit, element.font, x, y, w, row_height, "center", "middle", ink))
    if not title_fit.fits:
        drawn.overflows.append((element.table, title))
    body = element.font.split("-")[0]
    for index, (key, result) in enumerate(rows, start=1):
        top = y + index * row_height
        drawn.face.add(Rect(x, top, w, 0.0, None, ink, 0.15))
        for text, left, width, align in ((key, x, w * 0.3, "center"), (result, x + w * 0.3, w * 0.7, "left")):
            cell = fit(text, body, size, min_size, width - 0.8, row_height)
            drawn.face.add(*place(cell, body, left + 0.4, top, width - 0.8, row_height, align, "middle", ink))
            if not cell.fits:
                drawn.overflows.append((element.table, text))


def _sizes(element: Element, scale: float) -> tuple[float, float]:
    """Starting and smallest size in points. The size scales with the face; the minimum does not, since
    legibility does not shrink with the counter: a face too small for its text is reported, not printed
    in 2-point type."""
    size = element.size * scale
    if element.min_size is None:
        return size, size
    return max(size, element.min_size), element.min_size


def _draw_image(element: Element, inputs: FaceInputs, box, ink: Ink, drawn: Drawn) -> None:
    """The picture if the content gives a readable one, else an honest empty frame."""
    path = inputs.image
    problem = image_problem(path, inputs.folder) if path is not None else None
    if path is not None and problem is None:
        drawn.face.add(Image(*box, path))
        return
    if path is not None:
        drawn.missing_images.append(f"{path.name} {problem}")
    drawn.face.add(Rect(*box, None, ink, 0.25))


def face_findings(drawn: Drawn, what: str, language: str, owner: Shape | None) -> list[Diagnostic]:
    """What went wrong drawing one face, as diagnostics naming the face, the field and the language, at the
    place the owner (piece, card, deck) is written; that place is looked up only when something went wrong."""
    if not (drawn.overflows or drawn.missing or drawn.missing_images or drawn.small or drawn.touching):
        return []
    span = where(owner) if owner is not None else None
    found = []
    for template, text in drawn.overflows:
        found.append(make("LAY001", f"{what}: the text {readable(text)!r} of the field {template} does not fit in "
                                    f"language '{language}'", span, "Shorten it, or lower min_size in the layout."))
    for text, characters in drawn.missing:
        listed = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in characters)
        found.append(make("LAY002", f"{what}, language '{language}': the font has no {listed} in {text!r}", span))
    for path in drawn.missing_images:
        found.append(make("LAY004", f"{what}: the image {path}", span))
    for element, size, text in drawn.small:
        found.append(make("LAY006", f"the layout prints {_said(element)} at {size:.2f} pt, under its min_text "
                                    f"(first seen: {text!r} on {what}, language '{language}')", where(element),
                          "Give the element a larger min_size, or the text a larger box."))
    for text, other in drawn.touching:
        found.append(make("LAY006", f"the layout's {_said(text.element)} touches its {_said(other.element)} "
                                    f"(first seen on {what}, language '{language}')", where(text.element),
                          "Move the boxes apart: print needs clear paper between a text and the rest."))
    return found


def _said(element: Element) -> str:
    """An element as a designer knows it: its template."""
    for name in ("text", "symbol", "image", "icon", "table"):
        if getattr(element, name) is not None:
            return f"{name} {getattr(element, name)}"
    return "band"
