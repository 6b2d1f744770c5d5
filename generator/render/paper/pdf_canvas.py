"""Sheets of pieces written with reportlab: faces as reusable forms, bleed, marks, boxes and the ruler.

Each distinct face is drawn once as a PDF form and placed as often as there
are copies, which keeps a sheet of 40 identical markers as small as one.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab import rl_config
from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from generator.render.draw.fonts import registered
from generator.render.draw.primitives import BLACK, Face, Ink
from generator.render.paper.imposition import MARK_GAP, MARK_LENGTH, Area, Placement, bounds, cut_positions
from generator.render.paper.pdf_faces import MM, corner_radius, draw_face, set_fill, set_stroke
from generator.render.paper.profiles import PrintProfile

# Streams are compressed; wrapping them in ASCII85 as well makes files 25 % larger and costs a third
# of the writing time, for the sake of 7-bit channels nobody sends PDFs through any more.
rl_config.useA85 = 0

PROOF_ROOM = 8.0   # mm of slug added around a page trimmed to its drawing (the map) in a proof
HAIRLINE = 0.25  # points
SAFE_FRAME = 3.0   # mm between a die-cut card's cut and the frame drawn along it (a die drifts ±0.5 mm; shops ask 3)


class SheetWriter:
    def __init__(self, profile: PrintProfile, title: str, author: str, subject: str,
                 trim: tuple[float, float] | None = None, proof: str = ""):
        self.profile = profile
        self.trim_width, self.trim_height = trim or profile.sheet_size()
        self.offset = max(profile.slug, profile.bleed)
        self.proof = proof        # the proof slug ("PROOF · 12 facts missing") of pages that carry a mark
        if proof and trim is not None:
            self.offset = max(self.offset, PROOF_ROOM)   # a page trimmed to its drawing: room for the slug
        self._buffer = io.BytesIO()
        press = profile.color == "cmyk"
        self.canvas = rl_canvas.Canvas(
            self._buffer,
            pagesize=((self.trim_width + 2 * self.offset) * MM, (self.trim_height + 2 * self.offset) * MM),
            invariant=1, initialFontName=registered("sans"), pageCompression=1,
            enforceColorSpace="sep_cmyk" if press else None)   # press: an RGB colour that slipped through raises
        # The press profile's conversion rides on the canvas, where set_fill and set_stroke (also used by the map
        # tiles and the calibration sheet) find it; None keeps every colour as given, as home printing wants.
        self.canvas.cmyk = press_conversion(profile) if press else None
        self.canvas.overprint = press and profile.pdfx != "none"    # black overprints (the finishing defines how)
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setSubject(subject)
        self.canvas.setCreator("Imprenta")
        self.canvas.setViewerPreference("PrintScaling", "None")
        if profile.backs == "duplex":
            self.canvas.setViewerPreference("Duplex", "DuplexFlipShortEdge" if profile.flip == "short"
                                            else "DuplexFlipLongEdge")
        self._forms: dict[str, str] = {}
        self._safe = SAFE_FRAME if profile.die_line else 0.0   # a die-cut piece's frame keeps clear of the cut
        self.pages = 0

    # faces -----------------------------------------------------------------
    def define(self, key: str, face: Face) -> str:
        """Draw a face once as a form, for faces placed many times; placements refer to it by name."""
        if key in self._forms:
            return self._forms[key]
        name = f"F{len(self._forms)}"
        c = self.canvas
        c.beginForm(name, 0, 0, face.width * MM, face.height * MM)
        draw_face(c, face, keyline=not self.profile.die_line, safe=self._safe)
        c.endForm()
        self._forms[key] = name
        return name

    def form(self, key: str) -> str | None:
        return self._forms.get(key)

    def place(self, face: Face, form: str | None, placement: Placement, cut: bool = False) -> None:
        """Draw a face at its placement: by reference to its form, or inline when it is used only once;
        with the profile's die line around it when `cut` (a duplex back is cut from the front)."""
        c = self.canvas
        background = face.background
        x, y = (self.offset + placement.x) * MM, (self.offset + placement.y) * MM
        left, bottom, right, top = placement.bleed
        ring = face.round and self.profile.die_line is not None and self.profile.bleed > 0
        if background is not None and (any(placement.bleed) or ring):
            set_fill(c, background)
            if face.round:        # a round piece is punched: its bleed is a ring round the circle, kept to its
                grow = (max(placement.bleed) or self.profile.bleed) * MM   # own cell where a neighbour touches
                c.saveState()
                cell = c.beginPath()
                cell.rect(x - left * MM, y - bottom * MM, (placement.w + left + right) * MM,
                          (placement.h + bottom + top) * MM)
                c.clipPath(cell, stroke=0, fill=0)
                c.ellipse(x - grow, y - grow, x + placement.w * MM + grow, y + placement.h * MM + grow,
                          stroke=0, fill=1)
                c.restoreState()
            else:
                c.rect(x - left * MM, y - bottom * MM, (placement.w + left + right) * MM,
                       (placement.h + bottom + top) * MM, stroke=0, fill=1)
        c.saveState()
        c.translate(x, y)
        if form is not None:
            c.doForm(form)
        else:
            draw_face(c, face, keyline=not self.profile.die_line, safe=self._safe)
        c.restoreState()
        if cut and self.profile.die_line:
            self._die_line(x, y, placement, face)

    def _die_line(self, x: float, y: float, placement: Placement, face: Face) -> None:
        """The cut path in its own overprinting spot colour: the cutter follows it, and no plate shows it."""
        c = self.canvas
        c.saveState()
        c.setStrokeColor(CMYKColorSep(0, 1, 0, 0, spotName=self.profile.die_line))
        c.setStrokeOverprint(True)
        c.setLineWidth(HAIRLINE)
        radius = corner_radius(face)
        if face.round:            # the die follows the piece: a round counter is punched round
            c.ellipse(x, y, x + placement.w * MM, y + placement.h * MM, stroke=1, fill=0)
        elif radius > 0:
            c.roundRect(x, y, placement.w * MM, placement.h * MM, radius * MM, stroke=1, fill=0)
        else:
            c.rect(x, y, placement.w * MM, placement.h * MM, stroke=1, fill=0)
        c.restoreState()

    # page furniture ----------------------------------------------------------
    def finish_page(self, placements: Sequence[Placement], footer: str, ruler_at: Area | None,
                    ruler_caption: str, fold: bool = False, marked: bool = False) -> None:
        """Marks, ruler, footer and boxes, then the next page; `marked`: the page carries a placeholder mark
        and gets the proof slug outside its trim."""
        c = self.canvas
        if marked and self.proof:
            self._proof_slug()
        keep_clear = self._ruler_room(ruler_at, ruler_caption) \
            if ruler_at is not None and self.profile.ruler > 0 else None
        if placements and self.profile.cut_marks:
            grids: dict[tuple[float, float], list[Placement]] = {}
            for placement in placements:               # each size is its own grid, with its own ticks
                grids.setdefault((placement.w, placement.h), []).append(placement)
            for grid in grids.values():
                self._cut_marks(grid, keep_clear)
        if self.profile.crop_marks:
            self._crop_marks()
        if fold:
            self._fold_line(keep_clear)
        if keep_clear is not None:
            self._ruler(ruler_at, ruler_caption)
        if footer:
            c.setFont(registered("sans"), 6)
            set_fill(c, BLACK)
            c.drawRightString((self.offset + self.trim_width - self.profile.margin) * MM,
                              (self.offset + max(2.0, self.profile.margin / 2 - 1)) * MM, footer)
        trim = (self.offset * MM, self.offset * MM, (self.offset + self.trim_width) * MM,
                (self.offset + self.trim_height) * MM)
        bleed = self.profile.bleed * MM
        c.setTrimBox(trim)
        c.setBleedBox((trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed))
        c.showPage()
        self.pages += 1

    def _proof_slug(self) -> None:
        """The proof slug above the trim (in the slug when there is one, else in the top margin, which no
        piece reaches), with a mark so the reader links it to the marks on the page."""
        from generator.render.draw.placeholder import PROOF_INK, mark_shapes

        c = self.canvas
        room = self.offset if self.offset >= 4 else self.profile.margin
        baseline = self.offset + self.trim_height + (self.offset if self.offset >= 4 else 0) - room / 2 - 1.0
        left = self.offset + (0 if self.offset >= 4 else self.profile.margin)
        size = 7.0
        width = 5.5 + pdfmetrics.stringWidth(self.proof, registered("sans-bold"), size) / MM
        set_fill(c, Ink(rgb=(1.0, 1.0, 1.0)))       # over the cut marks it crosses (their other ends stay whole)
        c.rect((left - 0.5) * MM, (baseline - 1.0) * MM, width * MM, 4.0 * MM, stroke=0, fill=1)
        c.saveState()
        c.translate(left * MM, baseline * MM)
        draw_face(c, Face(4, 2, mark_shapes(0, 2, 0, size * 1.3)))
        c.restoreState()
        c.setFont(registered("sans-bold"), size)
        set_fill(c, PROOF_INK)
        c.drawString((left + 4.5) * MM, baseline * MM, self.proof)

    def _ruler_room(self, at: Area, caption: str) -> Area:
        """The scale, its figures and its caption, with a little air: no mark may cross it."""
        caption_width = pdfmetrics.stringWidth(caption, registered("sans"), 5) / MM
        return Area(at.x - 2.0, at.y - 0.5, self.profile.ruler + 5.0 + caption_width, 7.0)

    def _cut_marks(self, placements: Sequence[Placement], keep_clear: Area | None = None) -> None:
        """Short lines in the margin at each cut, outside every piece's trim and bleed, stopped short of
        the scale."""
        c = self.canvas
        box = bounds(placements)
        reach = max(max(p.bleed) for p in placements)
        gap = reach + MARK_GAP
        xs, ys = cut_positions(placements)
        c.setLineWidth(HAIRLINE)
        self._mark_colour()
        o = self.offset
        if self.profile.crop_marks and o >= self.profile.bleed + MARK_GAP + 2:
            self._cut_marks_in_slug(xs, ys)
            return
        low, high = -o + 0.5, self.trim_height + o - 0.5
        for x in xs:
            for start, end in ((box.y - gap, box.y - gap - MARK_LENGTH), (box.top + gap, box.top + gap + MARK_LENGTH)):
                start, end = max(low, min(high, start)), max(low, min(high, end))
                if keep_clear is not None and keep_clear.x <= x <= keep_clear.x + keep_clear.width \
                        and min(start, end) < keep_clear.top and max(start, end) > keep_clear.y:
                    continue                       # the other end of the cut line has its tick
                if abs(end - start) > 0.5:
                    c.line((o + x) * MM, (o + start) * MM, (o + x) * MM, (o + end) * MM)
        right = box.x + box.width
        for y in ys:
            for start, end in ((box.x - gap, box.x - gap - MARK_LENGTH), (right + gap, right + gap + MARK_LENGTH)):
                c.line((o + start) * MM, (o + y) * MM, (o + end) * MM, (o + y) * MM)

    def _cut_marks_in_slug(self, xs, ys) -> None:
        """A sheet with a slug (the press's): each cut's ticks in the slug, outside the trim and its bleed, as
        the crop marks are; in Registration, nothing of them prints on the trimmed sheet."""
        c, o = self.canvas, self.offset
        start, end = self.profile.bleed + MARK_GAP, o - 1.0
        for x in xs:
            for y0, y1 in ((-start, -end), (self.trim_height + start, self.trim_height + end)):
                c.line((o + x) * MM, (o + y0) * MM, (o + x) * MM, (o + y1) * MM)
        for y in ys:
            for x0, x1 in ((-start, -end), (self.trim_width + start, self.trim_width + end)):
                c.line((o + x0) * MM, (o + y) * MM, (o + x1) * MM, (o + y) * MM)

    def _mark_colour(self) -> None:
        """Black at home; on a press sheet, Registration (the Separation "All"): crop and cut marks print on
        every plate, so the printer registers the plates and trims by them whichever plate is at hand."""
        if self.canvas.cmyk is None:
            set_stroke(self.canvas, BLACK)
        else:
            self.canvas.setStrokeColor(CMYKColorSep(1, 1, 1, 1, spotName="All"))

    def _crop_marks(self) -> None:
        """Marks at the corners of the trimmed sheet, in the slug, clear of the bleed."""
        c = self.canvas
        o, bleed = self.offset, self.profile.bleed
        start, end = bleed + 1.0, max(bleed + 2.0, o - 1.0)
        c.setLineWidth(HAIRLINE)
        self._mark_colour()
        for cx in (o, o + self.trim_width):
            for cy in (o, o + self.trim_height):
                sx = -1 if cx == o else 1
                sy = -1 if cy == o else 1
                c.line(cx * MM, (cy + sy * start) * MM, cx * MM, (cy + sy * end) * MM)
                c.line((cx + sx * start) * MM, cy * MM, (cx + sx * end) * MM, cy * MM)

    def _fold_line(self, keep_clear: Area | None = None) -> None:
        c = self.canvas
        x = (self.offset + self.trim_width / 2) * MM
        bottom = self.profile.margin
        if keep_clear is not None and keep_clear.x <= self.trim_width / 2 <= keep_clear.x + keep_clear.width:
            bottom = max(bottom, keep_clear.top + 1.0)      # the line stops above the scale's caption
        c.saveState()
        c.setDash(3, 3)
        c.setLineWidth(HAIRLINE)
        set_stroke(c, BLACK)
        c.line(x, (self.offset + bottom) * MM, x, (self.offset + self.trim_height - self.profile.margin) * MM)
        c.restoreState()

    def _ruler(self, at: Area, caption: str) -> None:
        """A printed scale: measured with a real ruler, it shows whether the sheet printed at 100 %."""
        c = self.canvas
        length = self.profile.ruler
        x0, y0 = (self.offset + at.x) * MM, (self.offset + at.y + 2.5) * MM
        c.setLineWidth(0.4)
        set_stroke(c, BLACK)
        c.line(x0, y0, x0 + length * MM, y0)
        for mm in range(int(length) + 1):
            tick = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.0
            c.line(x0 + mm * MM, y0, x0 + mm * MM, y0 + tick * MM)
        c.setFont(registered("sans"), 5)
        set_fill(c, BLACK)
        for mm in range(0, int(length) + 1, 10):
            c.drawCentredString(x0 + mm * MM, y0 - 2.2 * MM, str(mm))
        c.drawString(x0 + (length + 3) * MM, y0 + 0.2 * MM, caption)

    def getvalue(self) -> bytes:
        self.canvas.save()
        if self.profile.pdfx == "none":
            return self._buffer.getvalue()
        from generator.render.paper.pdfx import finish_pdfx

        return finish_pdfx(self._buffer.getvalue(), self.profile)


def press_conversion(profile: PrintProfile):
    from generator.render.draw.cmyk import CmykConversion
    from generator.render.templates import find

    return CmykConversion(find(profile.icc) or find(PrintProfile().icc))
