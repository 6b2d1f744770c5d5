"""A face drawn on a reportlab canvas: its shapes in order, runs of text and lines batched into one object,
colours through the press profile's CMYK conversion when the canvas carries one, black overprinting there."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import FILL_NON_ZERO

from generator.render.draw.fonts import registered, width_mm
from generator.render.draw.placeholder import expand, has_marks
from generator.render.draw.primitives import (
    Ellipse,
    Face,
    Group,
    Image,
    Ink,
    Outline,
    Polyline,
    Rect,
    Region,
    Text,
    flatten,
)
from generator.render.paper.stream_colour import OVERPRINT_STATE
from generator.render.paper.stream_colour import overprints as black_overprints

MM = 72 / 25.4


def printed_colour(c, ink: Ink) -> Color:
    """An ink as the canvas prints it: through the press profile's CMYK conversion when the canvas has one."""
    conversion = getattr(c, "cmyk", None)
    if conversion is not None:
        ink = conversion.ink(ink)
    return CMYKColor(*ink.cmyk) if ink.cmyk is not None else Color(*ink.rgb)


def overprints(c, ink: Ink | None) -> bool:
    """Whether an ink overprints on this canvas: a press canvas finished as PDF/X (the finishing defines the
    graphics states: reportlab writes none into a form's resources), and black ink alone, dark enough."""
    conversion = getattr(c, "cmyk", None)
    if conversion is None or ink is None or not getattr(c, "overprint", False):
        return False
    return black_overprints(conversion.ink(ink).cmyk)


@contextmanager
def _overprinting(c, pen: _Pen, fill: Ink | None, stroke: Ink | None):
    """Draw inside q/Q with the fill or stroke overprinting where its ink is black; the pen is what it was after."""
    fill_over, stroke_over = overprints(c, fill), overprints(c, stroke)
    if not (fill_over or stroke_over):
        yield
        return
    known = pen.fill, pen.stroke, pen.width
    c.saveState()
    c.addLiteral(f"/{OVERPRINT_STATE[fill_over, stroke_over]} gs")
    try:
        yield
    finally:
        c.restoreState()
        pen.fill, pen.stroke, pen.width = known


def set_fill(c, ink: Ink) -> None:
    c.setFillColor(printed_colour(c, ink))


def set_stroke(c, ink: Ink) -> None:
    c.setStrokeColor(printed_colour(c, ink))


def _colour_operators(c, ink: Ink) -> tuple[str, str]:
    """The operators that set an ink for filling and for stroking on this canvas, the same reportlab's
    setFillColor and setStrokeColor write, made once per ink and canvas (a sheet sets a few inks thousands
    of times; reportlab formats each again)."""
    known = c.__dict__.setdefault("_ink_operators", {})
    found = known.get(ink)
    if found is None:
        colour = printed_colour(c, ink)
        enforce = getattr(c, "_enforceColorSpace", None)
        if enforce:
            colour = enforce(colour)        # a press canvas refuses an RGB colour that slipped through
        if isinstance(colour, CMYKColor):
            d = colour.density
            values = fp_str(d * colour.cyan, d * colour.magenta, d * colour.yellow, d * colour.black)
            found = known[ink] = f"{values} k", f"{values} K"
        else:
            values = fp_str((colour.red, colour.green, colour.blue))
            found = known[ink] = f"{values} rg", f"{values} RG"
    return found


KEYLINE = 0.3   # mm: a face border this thin, on the face's edge, marks the cut rather than framing the art


def is_keyline(shape, face: Face) -> bool:
    return (isinstance(shape, Rect) and shape.fill is None and shape.stroke is not None
            and shape.stroke_width <= KEYLINE and abs(shape.x - shape.stroke_width / 2) < 1e-6
            and abs(shape.y - shape.stroke_width / 2) < 1e-6 and abs(shape.w + shape.stroke_width - face.width) < 1e-6
            and abs(shape.h + shape.stroke_width - face.height) < 1e-6)


def corner_radius(face: Face) -> float:
    """The face's rounded corners, read from a border that runs along its edge (cards), else 0."""
    return max((shape.radius + shape.stroke_width / 2 for shape in face.shapes
                if isinstance(shape, Rect) and shape.fill is None and shape.radius > 0
                and abs(shape.x - shape.stroke_width / 2) < 1e-6), default=0.0)


def _inset_frame(shape, face: Face, safe: float):
    """A border stroked along the face's edge, moved `safe` mm inwards (its corners rounded less by as much)."""
    if not (isinstance(shape, Rect) and shape.fill is None and shape.stroke is not None and shape.radius > 0
            and abs(shape.x - shape.stroke_width / 2) < 1e-6 and abs(shape.y - shape.stroke_width / 2) < 1e-6
            and abs(shape.w + shape.stroke_width - face.width) < 1e-6):
        return shape
    return shape._replace(x=shape.x + safe, y=shape.y + safe, w=shape.w - 2 * safe, h=shape.h - 2 * safe,
                          radius=max(0.0, shape.radius - safe))


class _Pen:
    """The colours and line width a face has set so far, so each is written only when it changes.

    A face starts with none known: it is drawn inside q/Q or as a form, which inherits whatever the
    page had set. Colours set inside a text object last after it, as PDF's graphics state does.
    """

    __slots__ = ("fill", "stroke", "width")

    def __init__(self) -> None:
        self.fill: Ink | None = None
        self.stroke: Ink | None = None
        self.width: float | None = None


def _paint(c, pen: _Pen, fill: Ink | None, stroke: Ink | None, width: float) -> tuple[int, int]:
    if fill is not None and fill != pen.fill:
        c._code.append(_colour_operators(c, fill)[0])
        pen.fill = fill
    if stroke is not None:
        if stroke != pen.stroke:
            c._code.append(_colour_operators(c, stroke)[1])
            pen.stroke = stroke
        points = max(width, 0.05) * MM
        if points != pen.width:
            c.setLineWidth(points)
            pen.width = points
    return int(stroke is not None), int(fill is not None)


def draw_face(c, face: Face, keyline: bool = True, safe: float = 0.0) -> None:
    """Every shape of a face. Runs of text go into one text object, and runs of lines drawn alike into
    one path (far fewer operators than one each). Without `keyline`, a hairline border on the cut is left
    out: the press profile's die line takes its place. With `safe`, a frame drawn along the edge (a card's
    border) is drawn that far inside it, so a die that drifts does not cut into it."""
    pen = _Pen()
    shapes: list = face.shapes      # dispatched on type() below, which mypy does not narrow by
    if any(type(shape) is Group or (type(shape) is Text and has_marks(shape.text)) for shape in shapes):
        shapes = flatten(expand(shapes, width_mm))
    if not keyline:
        shapes = [shape for shape in shapes if not is_keyline(shape, face)]
    if safe > 0:
        shapes = [_inset_frame(shape, face, safe) for shape in shapes]
    if face.round:             # nothing of a round counter prints outside its circle
        c.saveState()
        outline = c.beginPath()
        outline.ellipse(0, 0, face.width * MM, face.height * MM)
        c.clipPath(outline, stroke=0, fill=0)
    press = getattr(c, "cmyk", None) is not None and getattr(c, "overprint", False)   # else nothing overprints
    height, index, count = face.height, 0, len(shapes)
    while index < count:
        shape = shapes[index]
        kind = type(shape)
        end = index + 1
        if kind is Text:     # a run of type, all overprinting or none
            if press:
                black = overprints(c, shape.fill)
                while end < count and type(shapes[end]) is Text and overprints(c, shapes[end].fill) == black:
                    end += 1
            else:
                while end < count and type(shapes[end]) is Text:
                    end += 1
            _painted(press, c, pen, shape.fill, None, _draw_texts, shapes[index:end], height)
        elif kind is Polyline and shape.fill is None:
            while end < count and _same_open_line(shapes[end], shape):
                end += 1
            if press:
                _painted(press, c, pen, None, shape.stroke, _draw_lines, shapes[index:end], height)
            else:
                _drawn_alike(c, pen, tuple(shapes[index:end]), height, _draw_lines)
        elif kind is Rect and not press:
            _drawn_alike(c, pen, shape, height, _draw_rect)
        elif (kind is Ellipse or kind is Outline) and not press:
            _drawn_alike(c, pen, shape, height, _draw)
        else:
            _painted(press, c, pen, getattr(shape, "fill", None), getattr(shape, "stroke", None), _draw, shape,
                     height)
        index = end
    if face.round:
        c.restoreState()


def _drawn_alike(c, pen: _Pen, shapes, height: float, draw) -> None:
    """`draw(c, pen, shapes, height)`, its operators made once per canvas for the same shapes drawn from the same
    pen: the frame, the band and the symbol of a design are the same on each of its thousand counters."""
    known = c.__dict__.setdefault("_shape_operators", {})
    key = (shapes, height, pen.fill, pen.stroke, pen.width)
    found = known.get(key)
    if found is None:
        code = c._code
        start = len(code)
        draw(c, pen, shapes, height)
        known[key] = (code[start:], pen.fill, pen.stroke, pen.width)
        return
    operators, pen.fill, pen.stroke, width = found
    c._code.extend(operators)
    if width != pen.width:
        pen.width = c._lineWidth = width         # as setLineWidth leaves the canvas


def _painted(press: bool, c, pen: _Pen, fill: Ink | None, stroke: Ink | None, draw, *args) -> None:
    """`draw(c, pen, *args)`, overprinting as `_overprinting` says on a press canvas (drawn per face and shape:
    elsewhere without its context manager)."""
    if press:
        with _overprinting(c, pen, fill, stroke):
            draw(c, pen, *args)
    else:
        draw(c, pen, *args)


def _same_open_line(shape, first: Polyline) -> bool:
    """Unfilled lines stroked alike may share one path; filled ones may not (overlaps could cut holes)."""
    return (isinstance(shape, Polyline) and shape.fill is None and shape.stroke == first.stroke
            and shape.stroke_width == first.stroke_width)


def _draw_texts(c, pen: _Pen, texts: list[Text], height: float) -> None:
    """One text object, written as reportlab's text object writes it (BT, origin, fill, Tm, font subset, Tj, ET)
    for a TrueType font, without making the object: a sheet writes thousands of short texts."""
    doc, escape = c._doc, c._escape
    code = ["BT", "1 0 0 1 0 0 Tm"]
    font: Any = None
    name = size = subset = None
    for shape in texts:
        if registered(shape.font) != name or shape.size != size:
            name, size = registered(shape.font), shape.size
            font = pdfmetrics.getFont(name)
            if not font._dynamicFont:        # never one of the shipped fonts: reportlab's own text object
                c._code.append(" ".join(code + ["ET"]))
                _draw_texts_with_reportlab(c, pen, texts[texts.index(shape):], height)
                return
            sizing = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
            subset = -1
        if shape.fill != pen.fill:
            code.append(_colour_operators(c, shape.fill)[0])   # a text object sets colours as the canvas does
            pen.fill = shape.fill
        x = shape.x * MM
        if shape.anchor != "start":
            width = font.stringWidth(shape.text, size)
            x -= width / 2 if shape.anchor == "middle" else width
        code.append(f"1 0 0 1 {fp_str(x, (height - shape.y) * MM)} Tm")
        said = []
        for part, characters in font.splitString(shape.text, doc):
            if part != subset:
                said.append(f"{font.getSubsetInternalName(part, doc)} {sizing}")
                subset = part
            said.append(f"({escape(characters)}) Tj")
        code.append(" ".join(said))
    code.append("ET")
    c._code.append(" ".join(code))


def _draw_texts_with_reportlab(c, pen: _Pen, texts: list[Text], height: float) -> None:
    text_object = c.beginText()
    text_object.cmyk = getattr(c, "cmyk", None)    # set_fill converts for the press on a text object too
    font = None
    for shape in texts:
        name = registered(shape.font)
        if (name, shape.size) != font:
            text_object.setFont(name, shape.size)
            font = (name, shape.size)
        if shape.fill != pen.fill:
            set_fill(text_object, shape.fill)      # a text object sets colours as the canvas does
            pen.fill = shape.fill
        x = shape.x * MM
        if shape.anchor != "start":
            width = pdfmetrics.stringWidth(shape.text, name, shape.size)
            x -= width / 2 if shape.anchor == "middle" else width
        text_object.setTextOrigin(x, (height - shape.y) * MM)
        text_object.textOut(shape.text)
    c.drawText(text_object)


def _draw_lines(c, pen: _Pen, lines: list[Polyline], height: float) -> None:
    """Polylines as one path, painted as the first says (the caller groups only lines painted alike)."""
    first = lines[0]
    stroke, fill = _paint(c, pen, first.fill, first.stroke, first.stroke_width)
    path = c.beginPath()
    for line in lines:
        (x, y), *rest = line.points
        path.moveTo(x * MM, (height - y) * MM)
        for x, y in rest:
            path.lineTo(x * MM, (height - y) * MM)
        if line.closed:
            path.close()
    c.drawPath(path, stroke=stroke, fill=fill)


def _draw_rect(c, pen: _Pen, shape: Rect, height: float) -> None:
    stroke, fill = _paint(c, pen, shape.fill, shape.stroke, shape.stroke_width)
    x, y, w, h = shape.x * MM, (height - shape.y - shape.h) * MM, shape.w * MM, shape.h * MM
    if shape.radius > 0:
        c.roundRect(x, y, w, h, shape.radius * MM, stroke=stroke, fill=fill)
    else:
        c.rect(x, y, w, h, stroke=stroke, fill=fill)


def _draw(c, pen: _Pen, shape, height: float) -> None:
    """One shape, from face coordinates (mm, y down) to PDF form coordinates (points, y up)."""
    if isinstance(shape, Rect):
        _draw_rect(c, pen, shape, height)
    elif isinstance(shape, Ellipse):
        stroke, fill = _paint(c, pen, shape.fill, shape.stroke, shape.stroke_width)
        c.ellipse((shape.cx - shape.rx) * MM, (height - shape.cy - shape.ry) * MM,
                  (shape.cx + shape.rx) * MM, (height - shape.cy + shape.ry) * MM, stroke=stroke, fill=fill)
    elif isinstance(shape, Polyline):
        _draw_lines(c, pen, [shape], height)
    elif isinstance(shape, Outline):
        _draw_outline(c, pen, shape, height)
    elif isinstance(shape, Region):
        stroke, fill = _paint(c, pen, shape.fill, shape.stroke, shape.stroke_width)
        path = c.beginPath()
        for (x, y), *rest in shape.rings:
            path.moveTo(x * MM, (height - y) * MM)
            for x, y in rest:
                path.lineTo(x * MM, (height - y) * MM)
            path.close()
        c.drawPath(path, stroke=stroke, fill=fill, fillMode=rl_canvas.FILL_EVEN_ODD)
    elif isinstance(shape, Image):
        cmyk = getattr(c, "cmyk", None)
        picture = str(shape.path) if cmyk is None else _cmyk_picture(cmyk, str(shape.path))
        c.drawImage(picture, shape.x * MM, (height - shape.y - shape.h) * MM, shape.w * MM, shape.h * MM,
                    preserveAspectRatio=True, anchor="c", mask="auto" if cmyk is None else None)


def _cmyk_picture(cmyk, path: str):
    from PIL import Image as Picture
    from reportlab.lib.utils import ImageReader

    with Picture.open(path) as picture:
        return ImageReader(cmyk.picture(picture))


def _draw_outline(c, pen: _Pen, outline: Outline, height: float) -> None:
    stroke, fill = _paint(c, pen, outline.fill, outline.stroke, outline.stroke_width)
    path = c.beginPath()
    for command in outline.commands:
        points = [value * MM if index % 2 == 0 else (height - value) * MM
                  for index, value in enumerate(command[1:])]
        if command[0] == "M":
            path.moveTo(*points)
        elif command[0] == "L":
            path.lineTo(*points)
        elif command[0] == "C":
            path.curveTo(*points)
        else:
            path.close()
    c.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
