"""The proof sheet laid out: reportlab's platypus (0.1 s to import, and imported only when a proof sheet is not
kept: proof_sheet.py) draws one row per placeholder mark, with the mark itself, what it stands for, where the
content declares it and why it is unknown."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import escapeOnce
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Frame, Paragraph, Table, TableStyle

from generator.render.draw.fonts import registered
from generator.render.draw.placeholder import PROOF_INK, advance_em, mark_shapes, seal_radius, seal_shapes
from generator.render.draw.placeholder import SEAL_MIN_POINTS as MIN_POINTS
from generator.render.draw.primitives import BLACK, Face, Ink
from generator.render.paper.pdf_canvas import SheetWriter
from generator.render.paper.pdf_faces import MM, draw_face, printed_colour

MARK_SIZE = 9.0     # points: the marks on the sheet are drawn a little larger than on the pieces


class _Mark(Flowable):
    """One placeholder mark, drawn by the drawing model as on the pieces."""

    def __init__(self, number: int):
        super().__init__()
        self.number = number
        self.width_mm = advance_em(number) * MARK_SIZE * 25.4 / 72

    def wrap(self, available_width, available_height):
        return self.width_mm * MM, MARK_SIZE * 1.1

    def draw(self):
        height = MARK_SIZE * 1.1 / MM
        draw_face(self.canv, Face(self.width_mm, height, mark_shapes(0, height - 0.6, self.number, MARK_SIZE)))


class _Seal(Flowable):
    """One reconstruction seal, drawn by the drawing model as on the map."""

    def __init__(self, number: int):
        super().__init__()
        self.number = number
        self.radius = seal_radius(number, MIN_POINTS + 1)

    def wrap(self, available_width, available_height):
        return (2 * self.radius + 0.6) * MM, (2 * self.radius + 0.6) * MM

    def draw(self):
        side = 2 * self.radius + 0.6
        draw_face(self.canv, Face(side, side, [seal_shapes(side / 2, side / 2, self.number, MIN_POINTS + 1)]))


class _Cell(Paragraph):
    """A table cell's paragraph, broken into lines once per width: reportlab measures the whole rest of the table
    again for each page it splits it across (most of the proof sheet's time, with 200 rows)."""

    _broken: tuple | None = None

    def wrap(self, available_width, available_height):
        if self._broken is not None and self._broken[0] == available_width:
            _, size, self.blPara, self._wrapWidths, self.height = self._broken
            self.width = available_width
            return size
        size = super().wrap(available_width, available_height)
        if size[0] == available_width > 0:          # broken into lines (not refused a width too narrow)
            self._broken = (available_width, size, self.blPara, self._wrapWidths, self.height)
        return size


RULE = Ink(rgb=(0.6, 0.6, 0.6))
HEADER = Ink(rgb=(0.953, 0.882, 0.925))


def proof_table(writer: SheetWriter, entries, said: dict) -> None:
    """Lay out and draw the proof sheet's pages (platypus's table, split across as many pages as it needs)."""
    def colour(ink: Ink):
        return printed_colour(writer.canvas, ink)

    body = ParagraphStyle("proof", fontName=registered("sans"), bulletFontName=registered("sans"), fontSize=7.5,
                          textColor=colour(BLACK), leading=9)
    head = ParagraphStyle("proof-head", parent=body, fontName=registered("sans-bold"))
    title = ParagraphStyle("proof-title", parent=head, fontSize=13, leading=16, textColor=colour(PROOF_INK))

    def cell(text: str, style=body) -> Paragraph:
        return _Cell(escapeOnce(text), style)

    def where(place: str, room: float) -> Paragraph:
        """file:line whole: a path too long for its column breaks after its folder, not inside a name."""
        folder, _, name = place.rpartition("/")
        if not folder or stringWidth(place, body.fontName, body.fontSize) <= room:
            return cell(place)
        return _Cell(f"{escapeOnce(folder)}/<br/>{escapeOnce(name)}", body)

    margin = max(writer.profile.margin, 10.0)
    width = writer.trim_width - 2 * margin
    columns = [w * MM for w in (16, width * 0.3, width * 0.26, width - 16 - width * 0.56)]
    style = TableStyle([("FONT", (0, 0), (-1, -1), registered("sans"), 7.5),   # else cells set Helvetica
                        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, colour(RULE)),
                        ("TEXTCOLOR", (0, 0), (-1, -1), colour(BLACK)),
                        ("BACKGROUND", (0, 0), (-1, 0), colour(HEADER))])
    unknown = [entry for entry in entries if not getattr(entry, "seal", False)]
    rebuilt = [entry for entry in entries if getattr(entry, "seal", False)]
    story = []
    if unknown:
        rows = [[cell(said["mark"], head), cell(said["what"], head), cell(said["where"], head),
                 cell(said["why"], head)]]
        for entry in unknown:
            why = " — ".join(part for part in (entry.why, entry.assumed) if part)
            rows.append([_Mark(entry.number), cell(entry.what), where(entry.where, columns[2] - 12), cell(why)])
        table = Table(rows, colWidths=columns, repeatRows=1)
        table.setStyle(style)
        story += [cell(said["title"], title), cell(said["intro"]), table]
    if rebuilt:             # reconstructed facts: the seal, not the lozenge
        rows = [[cell(said["mark"], head), cell(said["what"], head), cell(said["where"], head),
                 cell(said["reconstructed_why"], head)]]
        rows += [[_Seal(entry.number), cell(entry.what), where(entry.where, columns[2] - 12), cell(entry.why)]
                 for entry in rebuilt]
        table = Table(rows, colWidths=columns, repeatRows=1)
        table.setStyle(style)
        story += [cell(said["reconstructed_title"], title), cell(said["reconstructed_intro"]), table]
    while story:
        frame = Frame((writer.offset + margin) * MM, (writer.offset + margin) * MM, width * MM,
                      (writer.trim_height - 2 * margin) * MM, showBoundary=0)
        added = _fill_frame(frame, story, writer.canvas)
        writer.finish_page([], "", None, "", marked=True)
        if not added:      # nothing fits an empty page: stop rather than loop
            break


def _fill_frame(frame: Frame, story: list, canvas) -> int:
    """Add flowables to the frame until it is full, splitting the one that overflows (the table, by rows)."""
    added = 0
    while story:
        if frame.add(story[0], canvas, trySplit=0):
            story.pop(0)
            added += 1
            continue
        parts = frame.split(story[0], canvas)
        if len(parts) < 2 or not frame.add(parts[0], canvas, trySplit=0):
            break
        story[0:1] = parts[1:]
        added += 1
        break
    return added
