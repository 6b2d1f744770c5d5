"""Anatomy figures: one counter or card drawn by the layout that prints it, with a numbered callout on each box a
rules section names, so the rulebook's "anatomy of a card" can never disagree with the printed pieces.

A callout names its box by what the box prints (`title`, `value:attack`, `image`, `icon:overstack`); the
number, a leader line and the box's outline are drawn over the face, the numbers set in the margin beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.derived.counting import cup_of
from generator.derived.numbering import _label as numbered
from generator.diagnostics import Diagnostic, make
from generator.model import where
from generator.model.rules import Anatomy
from generator.render.draw.colors import Palette
from generator.render.draw.placeholder import has_marks
from generator.render.draw.primitives import WHITE, Ellipse, Face, Group, Ink, Polyline, Rect, Text
from generator.render.edition import Edition
from generator.render.sheets import cards, counters
from generator.render.sheets.faces import FaceInputs, _wanted, draw_face, field_names
from generator.render.sheets.layouts import Element, FaceLayout, LayoutLibrary

CALLOUT_INK = Ink(rgb=(0.10, 0.20, 0.45))   # a dark blue no counter or card of the seed games prints
WIDTH_MM = 80.0                              # the printed figure fits a column of a two-column A4 book
MARGIN_MM = 9.0                              # each side, for the numbers
BADGE_MM = 2.3                               # radius of a number's disc on paper
GAP = 0.25                                   # between the two sides of a counter, in face widths


@dataclass
class Figure:
    svg: str
    legend: list[tuple[str, str]]                              # (number as printed, the callout's text)
    unmatched: list[int] = field(default_factory=list)         # the callouts (by index) that name no box
    marked: bool = False                                       # a face shows a proof mark (an unknown value)
    marks: frozenset = frozenset()                             # the numbers of those marks (the proof sheet's)


@dataclass
class _Side:
    name: str
    face: Face
    layout: FaceLayout
    fields: dict[str, str]
    caption: tuple[str, ...]        # the side's name, and its label when it has one


def box_names(element: Element) -> set[str]:
    """The names a callout may give an element: what it prints."""
    if element.band:
        return {"band"}
    for kind in ("symbol", "image", "table"):
        if getattr(element, kind) is not None:
            return {kind}
    if element.icon is not None:
        return {f"icon:{element.icon}"}
    return field_names(element.text or "")


def callout_element(layout: FaceLayout, fields: dict[str, str], shows: str) -> Element | None:
    """The layout's element a callout points at: the first that prints `shows`, preferring one drawn on this face
    (a layout may hold two boxes for one field, each drawn under its own condition)."""
    named = [element for element in layout.elements if shows in box_names(element)]
    drawn = [element for element in named if _wanted(element, fields)]
    return (drawn or named or [None])[0]


def anatomy_figure(edition: Edition, anatomy: Anatomy, texts: list[str], drawn: bool = True) -> Figure | None:
    """The figure, or None when its piece or card (or their layout) does not exist: the checker says why.
    Not `drawn`, its SVG is left empty (the checker wants only what matched)."""
    sides = _counter_sides(edition, anatomy) if anatomy.piece else _card_sides(edition, anatomy)
    if not sides:
        return None
    face_w, face_h = sides[0].face.width, sides[0].face.height
    faces_w = face_w * len(sides) + face_w * GAP * (len(sides) - 1)
    scale = min((WIDTH_MM - 2 * MARGIN_MM) / faces_w, 3.0)
    margin, badge = MARGIN_MM / scale, BADGE_MM / scale
    caption_h = 7.5 / scale if len(sides) > 1 else 0.0     # two lines under each side: "Anverso", its label
    width, height = faces_w + 2 * margin, face_h + caption_h + 2 * badge
    placed, overlay = [], []
    for index, side in enumerate(sides):
        x = margin + index * face_w * (1 + GAP)
        placed.append((side.face, x, badge))
        for line, (words, font) in enumerate(zip(side.caption, ("sans-bold", "sans")) if caption_h else ()):
            overlay.append(Text(x + face_w / 2, badge + face_h + (3.4 + 3 * line) / scale, words, font, 6.5 / scale,
                                CALLOUT_INK, "middle"))
    legend, unmatched, wanted = [], [], []
    for number, (callout, text) in enumerate(zip(anatomy.callouts, texts), start=1):
        label = numbered(number, anatomy.numbering)
        legend.append((label, text))
        index = next((i for i, side in enumerate(sides) if side.name == callout.side), None)
        element = callout_element(sides[index].layout, sides[index].fields, callout.shows) if index is not None \
            else None
        if element is None:
            unmatched.append(number - 1)
            continue
        x0 = margin + index * face_w * (1 + GAP)
        bx, by, bw, bh = element.box
        box = (x0 + bx / 100 * face_w, badge + by / 100 * face_h, bw / 100 * face_w, bh / 100 * face_h)
        left = index == 0 if len(sides) > 1 else box[0] + box[2] / 2 < x0 + face_w / 2
        wanted.append((left, box, label, text))
    for left in (True, False):
        mine = sorted((w for w in wanted if w[0] == left), key=lambda w: w[1][1] + w[1][3] / 2)
        ys = _spread([box[1] + box[3] / 2 for _, box, _, _ in mine], badge, height - badge, badge * 2.3)
        for (_, box, label, text), y in zip(mine, ys):
            overlay.append(_callout(box, y, left, margin, width, badge, label, text, scale))
    title = "; ".join(f"{label}: {text}" for label, text in legend)
    marked = any(has_marks(text) for side in sides for text in side.face.texts())    # as the sheets decide
    from generator.render.proofing import printed_numbers

    marks = printed_numbers(text for side in sides for text in side.face.texts())
    if not drawn:
        return Figure("", legend, unmatched, marked, marks)
    from generator.render.draw.svg_export import figure_svg  # svgwrite: 0.1 s to import, never needed by check

    return Figure(figure_svg(width, height, scale, placed, overlay, title), legend, unmatched, marked, marks)


def anatomy_findings(edition: Edition) -> list[Diagnostic]:
    """LAY009 for each callout that names no box of its piece's layout (the numbers would point at nothing)."""
    found = []
    for _, section, _ in edition.game.sections():
        anatomy = section.anatomy
        figure = anatomy_figure(edition, anatomy, [""] * len(anatomy.callouts), drawn=False) \
            if anatomy is not None else None
        for index in figure.unmatched if figure is not None else ():
            callout = anatomy.callouts[index]
            found.append(make("LAY009", f"the anatomy figure of section '{section.id}' has no box that prints "
                                        f"'{callout.shows}' on the {callout.side} of its "
                                        f"{'counter' if anatomy.piece else 'card'}", where(callout, "shows")))
    return found


def _callout(box, y: float, left: bool, margin: float, width: float, badge: float, label: str, text: str,
             scale: float) -> Group:
    """The box's outline, a leader from the number to the box's near edge, and the number on its disc."""
    x, top, w, h = box
    cx = margin / 2 if left else width - margin / 2
    edge = x if left else x + w
    anchor_y = min(max(y, top), top + h)
    line = 0.3 / scale
    shapes = [Rect(x, top, w, h, None, CALLOUT_INK, line),
              Polyline(((cx + (badge if left else -badge), y), (edge, anchor_y)), False, None, CALLOUT_INK, line),
              Ellipse(edge, anchor_y, line * 1.8, line * 1.8, CALLOUT_INK),
              Ellipse(cx, y, badge, badge, CALLOUT_INK),
              Text(cx, y + badge * 0.42, label, "sans-bold", badge * 1.25 / 25.4 * 72, WHITE, "middle")]
    return Group(f"callout-{label}", shapes, "callout", text)


def _spread(ys: list[float], low: float, high: float, step: float) -> list[float]:
    """Positions near each wanted one, in order, at least `step` apart, within [low, high]."""
    placed: list[float] = []
    for y in ys:
        placed.append(max(y, low, placed[-1] + step if placed else low))
    overflow = (placed[-1] - high) if placed else 0
    if overflow > 0:                       # too many to fit below: slide the run up, keeping the spacing
        for i in range(len(placed) - 1, -1, -1):
            limit = high if i == len(placed) - 1 else placed[i + 1] - step
            placed[i] = max(min(placed[i], limit), low)
    return placed


def _counter_sides(edition: Edition, anatomy: Anatomy) -> list[_Side]:
    game = edition.game
    piece = game.get("piece", anatomy.piece)
    kind = game.get("piece_kind", piece.kind) if piece is not None else None
    layout = LayoutLibrary("counters", game.folder).get(counters.layout_name(kind)) if kind is not None else None
    if layout is None or layout.front is None:
        return []
    width, height = counters.face_size(kind)
    palette, cups, words = Palette(game), cup_of(game), edition.words
    sides = []
    for name in anatomy.sides:
        data = piece.front if name == "front" else piece.back
        if data is None:
            continue
        face_layout = layout.front if name == "front" else layout.back or layout.front
        inputs = counters.face_inputs(edition, piece, kind, name, data, cups.get(piece.id))
        label = edition.field(data, "label")
        caption = (words.get(f"anatomy.{name}", name),) + ((label,) if label else ())
        sides.append(_drawn(name, face_layout, inputs, width, height, layout, palette, kind.shape == "round",
                            caption))
    return sides


def _card_sides(edition: Edition, anatomy: Anatomy) -> list[_Side]:
    game = edition.game
    card = game.get("card", anatomy.card)
    deck = game.get("deck", card.deck) if card is not None else None
    if deck is None:
        return []
    card_type = game.get("card_type", card.card_type or deck.card_type or "")
    layout = LayoutLibrary("cards", game.folder).get(cards.layout_name(card_type, game.folder))
    if layout is None or layout.front is None:
        return []
    width, height = cards.card_size(deck)
    helpers, palette, words = cards.FaceHelpers(edition), Palette(game), edition.words
    sides = []
    for name in anatomy.sides:
        face_layout = layout.front if name == "front" else layout.back or layout.front
        inputs = helpers.front(card, deck, card_type) if name == "front" else helpers.back(deck, card_type)
        sides.append(_drawn(name, face_layout, inputs, width, height, layout, palette, False,
                            (words.get(f"anatomy.{name}", name),)))
    return sides


def _drawn(name: str, face_layout: FaceLayout, inputs: FaceInputs, width: float, height: float, layout,
           palette: Palette, round_shape: bool, caption: tuple[str, ...]) -> _Side:
    drawn = draw_face(face_layout, inputs, width, height, width / layout.design_width, palette, round_shape,
                      layout.min_text)
    return _Side(name, drawn.face, face_layout, inputs.fields, caption)
