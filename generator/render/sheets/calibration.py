"""The duplex calibration sheet: print it two-sided, hold it against the light, read the back offset.

The front carries crosses at the centre and near each corner. The back
carries, exactly behind each cross, a horizontal and a vertical scale in
millimetres. Where the cross's lines show through on a scale is the
correction, sign included: a printer that shifts the backs 1 mm to the right
shows the cross at −1, and `back_offset: [-1, 0]` moves every back 1 mm
left, which is what the imposition adds. The back also carries the 50 mm
check scale, and every word is in the language asked for (templates/words/).
"""

from __future__ import annotations

from generator.render.draw.fonts import registered
from generator.render.draw.primitives import BLACK, Ink
from generator.render.paper.imposition import Area, Placement, duplex_back
from generator.render.paper.pdf_canvas import SheetWriter
from generator.render.paper.pdf_faces import MM, set_fill, set_stroke
from generator.render.paper.profiles import PrintProfile
from generator.render.typography import number
from generator.render.wording import words

RED = Ink(rgb=(0.8, 0.1, 0.1))
SPAN = 6  # mm either side of the expected position
LABEL = 6.0  # points: the scale's figures are read against the light


def calibration_pdf(profile: PrintProfile, language: str) -> bytes:
    """The two pages; `language` must be one Imprenta ships words for (the command refuses others)."""
    said = words(language)
    writer = SheetWriter(profile.model_copy(update={"backs": "duplex", "crop_marks": False}),
                         f"Imprenta — {said['calibration.title']}", "Imprenta", said["calibration.title"])
    width, height = profile.sheet_size()
    margin = max(profile.margin, 15.0)
    targets = [(width / 2, height / 2), (margin + 10, margin + 10), (width - margin - 10, margin + 10),
               (margin + 10, height - margin - 10), (width - margin - 10, height - margin - 10)]
    c = writer.canvas
    o = writer.offset
    for x, y in targets:
        set_stroke(c, RED)
        c.setLineWidth(0.3)
        c.line((o + x - 12) * MM, (o + y) * MM, (o + x + 12) * MM, (o + y) * MM)
        c.line((o + x) * MM, (o + y - 12) * MM, (o + x) * MM, (o + y + 12) * MM)
    _caption(c, o, width, height, said["calibration.front"])
    writer.finish_page([], "", None, "")
    zero = (0.0, 0.0)
    for x, y in targets:
        back = duplex_back(Placement(0, 0, x, y, 0, 0), width, height, profile.flip, zero)
        _scales(c, o + back.x, o + back.y)
    _caption(c, o, width, height, said["calibration.back"].format(flip=said[f"flip.{profile.flip}"]))
    writer.finish_page([], "", Area(width / 2 - profile.ruler / 2 - 20, height / 2 - 45, 0, 0),
                       said["ruler"].format(length=number(said.language, profile.ruler)))
    return writer.getvalue()


def _scales(c, x: float, y: float) -> None:
    """A horizontal scale reading x offsets and a vertical one reading y offsets, both centred on (x, y)."""
    set_stroke(c, BLACK)
    set_fill(c, BLACK)
    c.setLineWidth(0.25)
    c.setFont(registered("sans"), LABEL)
    for step in range(-SPAN * 2, SPAN * 2 + 1):
        mm = step / 2
        tick = 3.0 if step % 6 == 0 else 2.0 if step % 2 == 0 else 1.2
        c.line((x + mm) * MM, (y - 9) * MM, (x + mm) * MM, (y - 9 + tick) * MM)
        c.line((x + 9) * MM, (y + mm) * MM, (x + 9 - tick) * MM, (y + mm) * MM)
        if step % 6 == 0:             # a figure every 3 mm: 6-point figures need the room
            c.drawCentredString((x + mm) * MM, (y - 11.8) * MM, f"{mm:+g}" if mm else "0")
            c.drawString((x + 9.8) * MM, (y + mm - 0.75) * MM, f"{mm:+g}" if mm else "0")


def _caption(c, o: float, width: float, height: float, text: str) -> None:
    c.setFont(registered("sans"), 8)
    set_fill(c, BLACK)
    for index, line in enumerate(text.splitlines()):
        c.drawCentredString((o + width / 2) * MM, (o + height / 2 + 40 - index * 4) * MM, line)
