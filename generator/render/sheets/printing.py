"""Pieces on print sheets: impose fronts, put backs behind them (duplex) or beside them (fold), write the PDF.

Counters and cards both come through here, so registration, bleed, marks
and the manifest's placement records are the same for every component.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from generator.components import reprint_file
from generator.diagnostics import make
from generator.render.context import Artifact, Rendered, RenderRequest
from generator.render.draw.placeholder import has_marks
from generator.render.draw.primitives import Face
from generator.render.paper.imposition import Area, Placement, duplex_back, fold_back, impose, run_gap
from generator.render.paper.profiles import PrintProfile
from generator.render.proofing import printed_numbers, proof_entries, proof_slug
from generator.render.sheets.faces import FaceSet
from generator.render.typography import number
from generator.render.wording import section

if TYPE_CHECKING:
    from generator.render.paper.pdf_canvas import SheetWriter

RULER_BAND = 9.0   # mm kept free at the foot of front pages for the printed scale
FOLD_GAP = 1.5     # mm between the fold line and the pieces either side of it


class SheetItem(NamedTuple):
    piece: str
    copy: int
    front: str            # face key
    back: str | None      # face key, None for a blank back
    width: float
    height: float


class PrintedSheets:
    def __init__(self, pdf: bytes, pages: int, page_offset: float = 0.0) -> None:
        self.pdf, self.pages = pdf, pages
        self.placements: list[dict] = []
        self.first_seen: dict[str, tuple[int, Placement]] = {}  # face key → (page index, where)
        self.page_offset = page_offset   # mm from the media's corner to the trim's
        self.dropped_gutter: float = 0.0  # the gutter asked for, when it was given up to fit more per sheet


class SheetText(NamedTuple):
    title: str
    author: str
    component: str        # "counters", "cards"
    words: dict           # the edition's words (render.wording.Words)
    proof: str = ""       # the proof slug, when the game has unknown facts
    entries: tuple = ()   # the proof sheet's entries (render/proofing.py)
    version: str = ""     # "version 1.1", at the end of every footer


def print_sheets(items: list[SheetItem], faces: dict[str, Face], profile: PrintProfile, gutter: float,
                 output: str, text: SheetText, keep: bool = False) -> PrintedSheets:
    """The sheets' PDF; with `keep`, each page whose faces, places and furniture are what they were last time is
    taken from the user's cache as reportlab wrote it (kept_pages): after a card's edit, only its page is drawn."""
    sheet_width, sheet_height = profile.sheet_size()
    fold = profile.backs == "fold"
    margin = profile.margin
    usable_width = (sheet_width / 2 - FOLD_GAP - margin) if fold else sheet_width - 2 * margin
    sizes = [(item.width, item.height) for item in items]
    asked = gutter
    gutter, ruler = _tightest(sizes, usable_width, sheet_height - 2 * margin, gutter,
                              RULER_BAND if profile.ruler > 0 else 0.0, profile.bleed)
    area = Area(margin, margin + ruler, usable_width, sheet_height - 2 * margin - ruler)
    fronts = impose(sizes, area, gutter, profile.bleed, run_gap(profile.cut_marks, profile.bleed))
    said = text.words
    ruler_words = said["ruler"].format(length=number(getattr(said, "language", "en"), profile.ruler))
    from generator.render.paper.pdf_canvas import SheetWriter  # reportlab: not needed by the checker's faces

    writer = SheetWriter(profile, f"{text.title} — {said[text.component]}", text.author, said[text.component],
                         proof=text.proof)
    marked = {key for key, face in faces.items() if any(has_marks(t) for t in face.texts())}
    uses = Counter(key for item in items for key in (item.front, item.back) if key is not None)
    for key, face in faces.items():
        if uses[key] > 1:
            writer.define(key, face)
    result = PrintedSheets(b"", 0, page_offset=writer.offset)
    result.dropped_gutter = asked if gutter < asked else 0.0
    sheets = max((p.page for p in fronts), default=-1) + 1
    stamp = f" · {text.version}" if text.version else ""
    sources = _sources(faces, profile, text) if keep else None
    for sheet in range(sheets):
        on_sheet = [p for p in fronts if p.page == sheet]
        backs = [_back(p, profile, sheet_width, sheet_height, gutter) for p in on_sheet
                 if items[p.item].back is not None and profile.backs != "none"]
        footer = f"{text.title} · {said[text.component]} · {said['sheet']} {sheet + 1}/{sheets}"
        placed = [(items[p.item], "front", p) for p in on_sheet]
        if fold:
            _page(writer, result, placed + [(items[b.item], "back", b) for b in backs], faces, output, sources,
                  placements=on_sheet + backs, footer=f"{footer} · {said['fold']}{stamp}",
                  ruler_at=Area(margin, margin, 0, 0), ruler_caption=ruler_words, fold=True,
                  marked=any(items[p.item].front in marked or items[p.item].back in marked for p in on_sheet))
            continue
        _page(writer, result, placed, faces, output, sources, placements=on_sheet,
              footer=f"{footer} · {said['front']}{stamp}", ruler_at=Area(margin, margin if ruler else 0.5, 0, 0),
              ruler_caption=ruler_words, marked=any(items[p.item].front in marked for p in on_sheet))
        if backs:
            _page(writer, result, [(items[b.item], "back", b) for b in backs], faces, output, sources,
                  placements=backs, footer=f"{footer} · {said['back']}{stamp}", ruler_at=None, ruler_caption="",
                  marked=any(items[b.item].back in marked for b in backs))
    if text.entries:
        from generator.render.paper.proof_sheet import proof_pages

        proof_pages(writer, text.entries, section(said, "proof"))
    result.pdf = writer.getvalue()
    result.pages = writer.pages
    return result


def _tightest(sizes, width: float, height: float, gutter: float, ruler: float, bleed: float):
    """The gutter and ruler band to use: as asked, unless dropping them fits a tenth more pieces on a sheet.

    Three rows of poker cards fill a Letter page only with the cards butted and the scale moved into
    the bottom margin, which is what home-printing tools do; a 3 mm gutter would waste a third of the
    paper.
    """
    if not sizes:
        return gutter, ruler
    w, h = max(set(sizes), key=sizes.count)

    def capacity(g: float, band: float) -> int:
        if g == 0 and bleed > 0:
            return 0     # pieces with their own bleed cannot touch
        columns = int((width + g + 1e-6) // (w + g))
        rows = int((height - band + g + 1e-6) // (h + g))
        return columns * rows

    options = [(gutter, ruler), (gutter, 0.0), (0.0, ruler), (0.0, 0.0)]
    best = max(capacity(*option) for option in options)
    if best < capacity(gutter, ruler) * 1.1:     # a few more counters are not worth losing the scale's band
        return gutter, ruler
    return next(option for option in options if capacity(*option) == best)


def _back(front: Placement, profile: PrintProfile, width: float, height: float, gutter: float) -> Placement:
    if profile.backs == "fold":
        return fold_back(front, width, profile.back_bleed, gutter)
    return duplex_back(front, width, height, profile.flip, tuple(profile.back_offset), profile.back_bleed, gutter)


def _page(writer: SheetWriter, result: PrintedSheets, placed: list[tuple[SheetItem, str, Placement]],
          faces: dict[str, Face], output: str, sources, **furniture) -> None:
    """One page: its pieces placed, then its furniture (SheetWriter.finish_page's arguments); drawn, or, given the
    faces' `sources`, kept by what it draws (a face drawn in place by its drawing, one placed as a form by its
    name: the form itself is not on the page)."""
    page = writer.pages
    for item, side, placement in placed:
        _noted(result, item, side, placement, page, output)

    def draw() -> None:
        for item, side, placement in placed:
            key = _face_key(item, side)
            writer.place(faces[key], writer.form(key), placement,
                         cut=side == "front" or writer.profile.backs == "fold")
        writer.finish_page(**furniture)

    if sources is None:
        draw()
        return
    from generator.render.paper.kept_pages import kept_pages

    drawn = [(writer.form(key) or sources(key), side, placement) for item, side, placement in placed
             for key in (_face_key(item, side),)]
    kept_pages(writer, repr((drawn, sorted(furniture.items()), sources(None))), draw)


def _sources(faces: dict[str, Face], profile: PrintProfile, text: SheetText):
    """key → the drawing of a face (raster.drawing_source), each made once; None → what every page of the sheet
    draws with (the profile, the proof slug)."""
    from generator.render.paper.raster import drawing_sources

    known: dict = dict(drawing_sources(faces))
    known[None] = repr((profile.model_dump_json(), text.proof)).encode()
    return known.__getitem__


def _face_key(item: SheetItem, side: str) -> str:
    key = item.front if side == "front" else item.back
    assert key is not None          # a back is placed only for an item that has one
    return key


def _noted(result: PrintedSheets, item: SheetItem, side: str, placement: Placement, page: int, output: str) -> None:
    result.first_seen.setdefault(_face_key(item, side), (page, placement))
    result.placements.append({
        "output": output, "piece": item.piece, "copy": item.copy, "side": side, "page": page + 1,
        "x_mm": round(placement.x, 3), "y_mm": round(placement.y, 3),
        "w_mm": round(placement.w, 3), "h_mm": round(placement.h, 3)})


STOPPING = {"LAY003", "LAY004", "SEC001", "SEC002"}     # a face lost its picture, or pieces lost their layout


def stops_output(diagnostics) -> bool:
    """Whether the faces cannot all be drawn, so no output made of them (sheet or play module) is written."""
    return any(d.code in STOPPING for d in diagnostics)


def sheet_outputs(request: RenderRequest, component: str, drawn: FaceSet, gutter: float,
                  svg: bool = False, own_pictures: bool = False, keep_pages: bool = False) -> Rendered:
    """Impose and write one component: `<component>.pdf`, and per face a PNG (and an SVG when asked). With
    `own_pictures`, each face's PNG is printed alone and kept under the digest of its own drawing (as a play
    module's are), so that after an edit only the faces that draw differently are rasterized again; else it is
    cut from the sheet's page, whose every page is rasterized on every build. With `keep_pages`, the sheets' pages
    that draw what they drew last time are taken as reportlab wrote them (print_sheets).

    A face that lost its picture (LAY004), or a layout that cannot be used (whose pieces would be left out),
    stops the component: never a sheet with a hole in it."""
    edition, profile = request.edition, request.profile
    if stops_output(drawn.diagnostics):
        return Rendered(diagnostics=drawn.diagnostics, failed=True)
    rendered = Rendered(diagnostics=drawn.diagnostics)
    items, faces = drawn.items, drawn.faces
    if not items:
        return rendered
    game = edition.game
    if not {"pdf", "png"} & request.formats and request.since is None:
        return _faces_alone(request, component, faces, rendered) if svg else rendered
    output = f"{component}.pdf"
    text = SheetText(edition.field(game.manifest, "title"), game.manifest.author, component,
                     edition.words, "", (), str(request.stamp))
    sheets = print_sheets(items, faces, profile, gutter, output, _proof_of(edition, text, items, faces), keep_pages)
    rendered.placements = sheets.placements
    if sheets.dropped_gutter:
        rendered.diagnostics.append(make(
            "OUT005", f"{output} on {profile.paper}: the {sheets.dropped_gutter:g} mm gutter of the "
                      f"{component} is dropped so that a sheet holds more; neighbours share one cut", None,
            "Keep the gutter with a profile whose margin is smaller, or accept fewer pieces per sheet."))
    single = component.rstrip("s")
    if "pdf" in request.formats:
        rendered.artifacts.append(Artifact(output, sheets.pdf, f"{component}-pdf", sheets.pages))
    if request.since is not None and "pdf" in request.formats:
        _reprint(request, component, drawn, gutter, text, rendered)
    if svg:
        _faces_alone(request, component, faces, rendered)
    if "png" in request.formats:
        from generator.render.paper.raster import face_images

        pngs = _own_pictures(faces, sheets.first_seen, profile) if own_pictures else \
            face_images(sheets.pdf, sheets.first_seen, profile.dpi, sheets.page_offset)
        for key, png in pngs.items():
            rendered.artifacts.append(Artifact(f"{component}/{key}.png", png, f"{single}-png"))
    return rendered


def _own_pictures(faces: dict[str, Face], printed: dict, profile: PrintProfile) -> dict[str, bytes]:
    """The PNG of each face the sheets print, at the profile's resolution and in its colours, printed alone with a
    bleed of its own (its edge pixels are its own colour, not a neighbour's or the paper's) and cut at its trim."""
    from generator.render.paper.raster import BLEED_MM, alone_profile, cut_faces

    return cut_faces({key: faces[key] for key in printed}, alone_profile(profile, BLEED_MM), profile.dpi)


def _faces_alone(request: RenderRequest, component: str, faces: dict[str, Face], rendered: Rendered) -> Rendered:
    """An SVG of every face, when asked. Without a PDF or a PNG to make (`imprenta serve`'s views), the sheets are
    not imposed at all: their pages, proof sheet and placements describe a file that is not written."""
    if "svg" in request.formats:
        for key, data in _face_svgs(faces).items():
            rendered.artifacts.append(Artifact(f"{component}/{key}.svg", data, f"{component.rstrip('s')}-svg"))
    return rendered


def _face_svgs(faces: dict[str, Face]) -> dict[str, bytes]:
    """key → the face's SVG, kept in the user's cache under the digest of its drawing (and its key, its title in
    the SVG): after an edit only the faces that draw differently are written again (svgwrite is imported before
    the jobs fork: components._load_sheets)."""
    from generator.render.paper.raster import drawing_sources, kept_pngs
    from generator.user_cache import shipped_key

    def written(keys: list[str]) -> dict[str, bytes]:
        from generator.render.draw.svg_export import face_svg

        return {key: face_svg(faces[key], key).encode("utf-8") for key in keys}

    sources = {key: key.encode() + b"\0" + source for key, source in drawing_sources(faces).items()}
    return kept_pngs(f"svg {shipped_key()} {_svgwrite_key()}", sources, written, kind="svg")


def _svgwrite_key() -> str:
    """svgwrite's installed file, by size and time (a new version rewrites it), read without importing it."""
    from importlib.util import find_spec

    spec = find_spec("svgwrite")
    status = os.stat(spec.origin) if spec is not None and spec.origin else None
    return f"svgwrite {status.st_size} {status.st_mtime_ns}" if status else "svgwrite"


def _proof_of(edition, text: SheetText, items: list[SheetItem], faces: dict[str, Face]) -> SheetText:
    """The sheet's proof slug and proof sheet: the facts whose marks the faces it imposes print, and no other."""
    used = {key for item in items for key in (item.front, item.back) if key is not None}
    printed = printed_numbers(text for key in used for text in faces[key].texts())
    return text._replace(proof=proof_slug(edition, printed), entries=tuple(proof_entries(edition, printed)))


def _reprint(request: RenderRequest, component: str, drawn: FaceSet, gutter: float, text: SheetText,
             rendered: Rendered) -> None:
    """`<component>-reprint.pdf`: every copy of each piece whose faces print differently since the earlier
    version (render/sheets/reprint.py), imposed like the full sheets, so an owner prints only those."""
    again = {change.piece for change in request.since.faces.get(request.edition.language, {}).get(component, [])
             if change.status != "removed"}
    items = [item for item in drawn.items if item.piece in again]
    if not items:
        return
    output = reprint_file(component)
    used = {key for item in items for key in (item.front, item.back) if key is not None}
    text = _proof_of(request.edition, text, items, drawn.faces)
    sheets = print_sheets(items, {key: face for key, face in drawn.faces.items() if key in used}, request.profile,
                          gutter, output, text._replace(entries=(), title=f"{text.title} · "
                                                        f"{text.words['edition.reprint'].format(ref=request.since.label)}"))
    rendered.placements += sheets.placements
    rendered.artifacts.append(Artifact(output, sheets.pdf, f"{component}-reprint-pdf", sheets.pages))
