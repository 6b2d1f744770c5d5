"""Sheets of pieces written with reportlab: faces as reusable forms, bleed, marks, boxes and the ruler.

Each distinct face is drawn once as a PDF form and placed as often as there
are copies, which keeps a sheet of 40 identical markers as small as one.
"""

from __future__ import annotations

import io
from typing import Sequence

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from generator.render.draw.fonts import registered
from generator.render.draw.primitives import BLACK, Ellipse, Face, Image, Ink, Polyline, Rect, Region, Text, flatten
from generator.render.paper.imposition import Area, Placement, bounds, cut_positions
from generator.render.paper.profiles import PrintProfile

# Streams are compressed; wrapping them in ASCII85 as well makes files 25 % larger and costs a third
# of the writing time, for the sake of 7-bit channels nobody sends PDFs through any more.
rl_config.useA85 = 0

MM = 72 / 25.4
MARK_LENGTH = 4.0
HAIRLINE = 0.25  # points


class SheetWriter:
    def __init__(self, profile: PrintProfile, title: str, author: str, subject: str,
                 trim: tuple[float, float] | None = None):
        self.profile = profile
        self.trim_width, self.trim_height = trim or profile.sheet_size()
        self.offset = max(profile.slug, profile.bleed)
        self._buffer = io.BytesIO()
        self.canvas = rl_canvas.Canvas(
            self._buffer, pagesize=((self.trim_width + 2 * self.offset) * MM, (self.trim_height + 2 * self.offset) * MM),
            invariant=1, initialFontName=registered("sans"), pageCompression=1)
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setSubject(subject)
        self.canvas.setCreator("Imprenta")
        self.canvas.setViewerPreference("PrintScaling", "None")
        if profile.backs == "duplex":
            self.canvas.setViewerPreference("Duplex", "DuplexFlipShortEdge" if profile.flip == "short"
                                            else "DuplexFlipLongEdge")
        self._forms: dict[str, str] = {}
        self.pages = 0

    # faces -----------------------------------------------------------------
    def define(self, key: str, face: Face) -> str:
        """Draw a face once as a form, for faces placed many times; placements refer to it by name."""
        if key in self._forms:
            return self._forms[key]
        name = f"F{len(self._forms)}"
        c = self.canvas
        c.beginForm(name, 0, 0, face.width * MM, face.height * MM)
        _draw_face(c, face)
        c.endForm()
        self._forms[key] = name
        return name

    def form(self, key: str) -> str | None:
        return self._forms.get(key)

    def place(self, face: Face, form: str | None, placement: Placement) -> None:
        """Draw a face at its placement: by reference to its form, or inline when it is used only once."""
        c = self.canvas
        background = face.background
        x, y = (self.offset + placement.x) * MM, (self.offset + placement.y) * MM
        left, bottom, right, top = placement.bleed
        if background is not None and any(placement.bleed):
            _fill(c, background)
            c.rect(x - left * MM, y - bottom * MM, (placement.w + left + right) * MM,
                   (placement.h + bottom + top) * MM, stroke=0, fill=1)
        c.saveState()
        c.translate(x, y)
        if form is not None:
            c.doForm(form)
        else:
            _draw_face(c, face)
        c.restoreState()

    # page furniture ----------------------------------------------------------
    def finish_page(self, placements: Sequence[Placement], footer: str, ruler_at: Area | None,
                    ruler_caption: str, fold: bool = False) -> None:
        c = self.canvas
        if placements and self.profile.cut_marks:
            self._cut_marks(placements)
        if self.profile.crop_marks:
            self._crop_marks()
        if fold:
            self._fold_line()
        if ruler_at is not None and self.profile.ruler > 0:
            self._ruler(ruler_at, ruler_caption)
        if footer:
            c.setFont(registered("sans"), 6)
            _fill(c, BLACK)
            c.drawRightString((self.offset + self.trim_width - self.profile.margin) * MM,
                              (self.offset + max(2.0, self.profile.margin / 2 - 1)) * MM, footer)
        trim = (self.offset * MM, self.offset * MM, (self.offset + self.trim_width) * MM,
                (self.offset + self.trim_height) * MM)
        bleed = self.profile.bleed * MM
        c.setTrimBox(trim)
        c.setBleedBox((trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed))
        c.showPage()
        self.pages += 1

    def _cut_marks(self, placements: Sequence[Placement]) -> None:
        """Short lines in the margin at each cut, outside every piece's trim and bleed."""
        c = self.canvas
        box = bounds(placements)
        reach = max(max(p.bleed) for p in placements)
        gap = reach + 1.0
        xs, ys = cut_positions(placements)
        c.setLineWidth(HAIRLINE)
        _stroke(c, BLACK)
        o = self.offset
        low, high = -o + 0.5, self.trim_height + o - 0.5
        for x in xs:
            for start, end in ((box.y - gap, box.y - gap - MARK_LENGTH), (box.top + gap, box.top + gap + MARK_LENGTH)):
                start, end = max(low, min(high, start)), max(low, min(high, end))
                if abs(end - start) > 0.5:
                    c.line((o + x) * MM, (o + start) * MM, (o + x) * MM, (o + end) * MM)
        right = box.x + box.width
        for y in ys:
            for start, end in ((box.x - gap, box.x - gap - MARK_LENGTH), (right + gap, right + gap + MARK_LENGTH)):
                c.line((o + start) * MM, (o + y) * MM, (o + end) * MM, (o + y) * MM)

    def _crop_marks(self) -> None:
        """Marks at the corners of the trimmed sheet, in the slug, clear of the bleed."""
        c = self.canvas
        o, bleed = self.offset, self.profile.bleed
        start, end = bleed + 1.0, max(bleed + 2.0, o - 1.0)
        c.setLineWidth(HAIRLINE)
        _stroke(c, BLACK)
        for cx in (o, o + self.trim_width):
            for cy in (o, o + self.trim_height):
                sx = -1 if cx == o else 1
                sy = -1 if cy == o else 1
                c.line(cx * MM, (cy + sy * start) * MM, cx * MM, (cy + sy * end) * MM)
                c.line((cx + sx * start) * MM, cy * MM, (cx + sx * end) * MM, cy * MM)

    def _fold_line(self) -> None:
        c = self.canvas
        x = (self.offset + self.trim_width / 2) * MM
        c.saveState()
        c.setDash(3, 3)
        c.setLineWidth(HAIRLINE)
        _stroke(c, BLACK)
        c.line(x, (self.offset + self.profile.margin) * MM, x, (self.offset + self.trim_height - self.profile.margin) * MM)
        c.restoreState()

    def _ruler(self, at: Area, caption: str) -> None:
        """A printed scale: measured with a real ruler, it shows whether the sheet printed at 100 %."""
        c = self.canvas
        length = self.profile.ruler
        x0, y0 = (self.offset + at.x) * MM, (self.offset + at.y + 2.5) * MM
        c.setLineWidth(0.4)
        _stroke(c, BLACK)
        c.line(x0, y0, x0 + length * MM, y0)
        for mm in range(int(length) + 1):
            tick = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.0
            c.line(x0 + mm * MM, y0, x0 + mm * MM, y0 + tick * MM)
        c.setFont(registered("sans"), 5)
        _fill(c, BLACK)
        for mm in range(0, int(length) + 1, 10):
            c.drawCentredString(x0 + mm * MM, y0 - 2.2 * MM, str(mm))
        c.drawString(x0 + (length + 3) * MM, y0 + 0.2 * MM, caption)

    def getvalue(self) -> bytes:
        self.canvas.save()
        return self._buffer.getvalue()


def _fill(c, ink: Ink) -> None:
    if ink.cmyk is not None:
        c.setFillColor(CMYKColor(*ink.cmyk))
    else:
        c.setFillColorRGB(*ink.rgb)


def _stroke(c, ink: Ink) -> None:
    if ink.cmyk is not None:
        c.setStrokeColor(CMYKColor(*ink.cmyk))
    else:
        c.setStrokeColorRGB(*ink.rgb)


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
        _fill(c, fill)
        pen.fill = fill
    if stroke is not None:
        if stroke != pen.stroke:
            _stroke(c, stroke)
            pen.stroke = stroke
        points = max(width, 0.05) * MM
        if points != pen.width:
            c.setLineWidth(points)
            pen.width = points
    return int(stroke is not None), int(fill is not None)


def _draw_face(c, face: Face) -> None:
    """Every shape of a face. Runs of text go into one text object, and runs of lines drawn alike into
    one path (far fewer operators than one each)."""
    pen = _Pen()
    shapes = flatten(face.shapes)
    index = 0
    while index < len(shapes):
        shape = shapes[index]
        end = index + 1
        if isinstance(shape, Text):
            while end < len(shapes) and isinstance(shapes[end], Text):
                end += 1
            _draw_texts(c, pen, shapes[index:end], face.height)
        elif isinstance(shape, Polyline) and shape.fill is None:
            while end < len(shapes) and _same_open_line(shapes[end], shape):
                end += 1
            _draw_lines(c, pen, shapes[index:end], face.height)
        else:
            _draw(c, pen, shape, face.height)
        index = end


def _same_open_line(shape, first: Polyline) -> bool:
    """Unfilled lines stroked alike may share one path; filled ones may not (overlaps could cut holes)."""
    return (isinstance(shape, Polyline) and shape.fill is None and shape.stroke == first.stroke
            and shape.stroke_width == first.stroke_width)


def _draw_texts(c, pen: _Pen, texts: list[Text], height: float) -> None:
    text_object = c.beginText()
    font = None
    for shape in texts:
        name = registered(shape.font)
        if (name, shape.size) != font:
            text_object.setFont(name, shape.size)
            font = (name, shape.size)
        if shape.fill != pen.fill:
            _fill(text_object, shape.fill)      # a text object sets colours as the canvas does
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


def _draw(c, pen: _Pen, shape, height: float) -> None:
    """One shape, from face coordinates (mm, y down) to PDF form coordinates (points, y up)."""
    if isinstance(shape, Rect):
        stroke, fill = _paint(c, pen, shape.fill, shape.stroke, shape.stroke_width)
        x, y, w, h = shape.x * MM, (height - shape.y - shape.h) * MM, shape.w * MM, shape.h * MM
        if shape.radius > 0:
            c.roundRect(x, y, w, h, shape.radius * MM, stroke=stroke, fill=fill)
        else:
            c.rect(x, y, w, h, stroke=stroke, fill=fill)
    elif isinstance(shape, Ellipse):
        stroke, fill = _paint(c, pen, shape.fill, shape.stroke, shape.stroke_width)
        c.ellipse((shape.cx - shape.rx) * MM, (height - shape.cy - shape.ry) * MM,
                  (shape.cx + shape.rx) * MM, (height - shape.cy + shape.ry) * MM, stroke=stroke, fill=fill)
    elif isinstance(shape, Polyline):
        _draw_lines(c, pen, [shape], height)
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
        c.drawImage(str(shape.path), shape.x * MM, (height - shape.y - shape.h) * MM, shape.w * MM, shape.h * MM,
                    preserveAspectRatio=True, anchor="c", mask="auto")
