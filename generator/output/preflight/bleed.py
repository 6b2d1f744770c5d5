"""Whether art that reaches a page's trim runs on into its bleed, read from a small render (pdfium).

Boxes say where the bleed is, not what is in it: a map whose background stops
exactly at the trim has a perfect BleedBox and prints white slivers after
cutting. Each edge of the trim is sampled just inside the cut and halfway
into the bleed; an edge where the art touches the cut but the bleed is paper
white is reported (PRE017), and art that touches the cut on a page with no
room for bleed is short bleed (PRE008). A page whose art keeps clear of its
trim needs no bleed at all, whatever its boxes.
"""

from __future__ import annotations

MM = 72 / 25.4
# 0.35 mm a pixel: enough to tell 1.5 mm of bleed from none, and art 1 mm short of the cut from art on it
DPI = 72
MAX_SIDE = 3000          # pixels: a larger page is rendered coarser
INKED = 245              # a rendered channel under this is ink, not paper
TOUCHING = 0.3           # art along this share of an edge touches the cut
WHITE_BLEED = 0.5        # ... and the bleed is white behind this share of it: the art stops at the cut
EDGES = ("left", "bottom", "right", "top")


def art_bleed(data: bytes, bleed_mm: float, pages: set[int]):
    """(page number, (code, message, key, hint)) for each of `pages` (1-based) whose art stops at the trim."""
    import pypdfium2

    try:
        document = pypdfium2.PdfDocument(data)
    except pypdfium2.PdfiumError:
        return
    try:
        for index in range(len(document)):
            if index + 1 not in pages:
                continue
            page = document[index]
            try:
                finding = _page(page, bleed_mm)
            finally:
                page.close()
            if finding is not None:
                yield index + 1, finding
    finally:
        document.close()


def _page(page, bleed_mm: float):
    import numpy

    if page.get_rotation() % 360:
        return None
    trim = page.get_trimbox(fallback_ok=False) or page.get_artbox(fallback_ok=False)
    if trim is None:
        return None
    crop = page.get_cropbox()
    outer = page.get_bleedbox()
    width, height = crop[2] - crop[0], crop[3] - crop[1]
    if width <= 0 or height <= 0:
        return None
    scale = min(DPI / 72, MAX_SIDE / max(width, height))
    pixels = numpy.asarray(page.render(scale=scale, grayscale=True).to_pil())
    if pixels.ndim == 3:
        pixels = pixels.min(axis=2)

    def at(x: float, y: float) -> int:
        column = min(max(int((x - crop[0]) * scale), 0), pixels.shape[1] - 1)
        row = min(max(int((crop[3] - y) * scale), 0), pixels.shape[0] - 1)
        return int(pixels[row, column])

    inside = 0.3 * MM
    rooms = (trim[0] - max(outer[0], crop[0]), trim[1] - max(outer[1], crop[1]),
             min(outer[2], crop[2]) - trim[2], min(outer[3], crop[3]) - trim[3])
    stopped, short = [], []
    for side, room in zip(EDGES, rooms):
        horizontal = side in ("bottom", "top")
        low, high = (trim[0], trim[2]) if horizontal else (trim[1], trim[3])
        steps = max(8, int((high - low) * scale))
        touching = white = 0
        for step in range(1, steps):
            along = low + (high - low) * step / steps
            edge = {"left": trim[0], "bottom": trim[1], "right": trim[2], "top": trim[3]}[side]
            outward = -1 if side in ("left", "bottom") else 1
            out = min(room / 2, 1.5 * MM)
            point_in = (along, edge - outward * inside) if horizontal else (edge - outward * inside, along)
            point_out = (along, edge + outward * out) if horizontal else (edge + outward * out, along)
            if at(*point_in) < INKED:
                touching += 1
                if room < 0.5 * MM or at(*point_out) >= INKED:
                    white += 1
        if touching >= TOUCHING * (steps - 1):
            if room / MM + 0.01 < min(bleed_mm, 1.0) or room < 0.5 * MM:
                short.append(side)
            elif white >= WHITE_BLEED * touching:
                stopped.append(side)
    if short:
        return ("PRE008", f"art reaches the trim on the {', '.join(short)} edge{'s' * (len(short) > 1)} with no "
                          f"room for bleed around it", (),
                "Give the page a bleed: the MediaBox and BleedBox " f"{bleed_mm:g} mm past the trim, and the art "
                "running into it.")
    if stopped:
        return ("PRE017", f"art touches the trim on the {', '.join(stopped)} edge{'s' * (len(stopped) > 1)} but "
                          f"stops there: the bleed is blank", ("edges",),
                "Extend the background past the trim into the bleed, so that a cut slightly off leaves no white "
                "edge.")
    return None
