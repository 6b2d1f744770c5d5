"""Press files as a print shop's preflight takes them (issue 41): die lines that follow the piece, bleed that
stays in its cell, marks outside the trim, frames inside a safe zone, a map that bleeds, complete PDF/X-4
books, X-1a flattened or refused, solid black, a subset tag per font and file."""

from __future__ import annotations

import io
from pathlib import Path, PurePosixPath

import pikepdf
import pytest

from generator.output.preflight import Limits, preflight
from generator.render.draw.primitives import BLACK, Face, Ink, Rect
from generator.render.paper.imposition import Placement
from generator.render.paper.pdf_canvas import SheetWriter
from generator.render.paper.profiles import load_profile

MM = 72 / 25.4
RED = Ink(cmyk=(0, 1, 1, 0))


@pytest.fixture(scope="module")
def press():
    profile, _ = load_profile("press")
    return profile


def _sheet(press, faces_at, round_: bool = False) -> bytes:
    writer = SheetWriter(press, "t", "a", "s")
    placements = []
    for index, (x, y, bleed) in enumerate(faces_at):
        face = Face(20, 20, [Rect(0, 0, 20, 20, RED)], background=RED, round=round_)
        placement = Placement(index, 0, x, y, 20, 20, bleed)
        writer.place(face, None, placement, cut=True)
        placements.append(placement)
    writer.finish_page(placements, "", None, "")
    return writer.getvalue()


def _strokes_in(pdf_bytes: bytes, colour: str):
    """The paths stroked in a Separation colour, each as its operators and points (PDF units)."""
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        page = pdf.pages[0]
        spaces = {str(k): str(v[1]) for k, v in page.Resources.get("/ColorSpace", {}).items()}
        paths, current, stroking, ops = [], [], None, []
        for operands, operator in pikepdf.parse_content_stream(page):
            op = str(operator)
            if op == "CS":
                stroking = spaces.get(str(operands[0]))
            elif op in ("m", "l", "c", "re"):
                ops.append(op)
                current.extend(float(v) for v in operands)
            elif op in ("S", "s", "f", "B", "n", "W"):
                if op in ("S", "s") and stroking == colour:
                    paths.append((ops, current))
                if op != "W":
                    ops, current = [], []
        return paths, [float(v) for v in page.obj.TrimBox]


def test_a_round_counter_is_die_cut_round(press):
    paths, _ = _strokes_in(_sheet(press, [(20, 20, (3, 3, 3, 3))], round_=True), "/CutContour")
    assert len(paths) == 1 and "c" in paths[0][0] and "re" not in paths[0][0]


def test_a_round_counters_bleed_ring_stays_in_its_own_cell(press):
    """Two round counters side by side: the left one's ring is clipped at the cut they share, so nothing of it
    is drawn over its neighbour (the review's "Guarnicíór")."""
    data = _sheet(press, [(20, 20, (3, 3, 0, 3)), (40, 20, (0, 3, 3, 3))], round_=True)
    clips, last = [], None
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for operands, operator in pikepdf.parse_content_stream(pdf.pages[0]):
            if str(operator) == "re":
                last = [float(v) for v in operands]
            elif str(operator) in ("W", "W*") and last is not None:
                clips.append(last)
                last = None
            elif str(operator) in ("m", "c"):
                last = None
    offset = SheetWriter(press, "t", "a", "s").offset
    rings = [clip for clip in clips if abs(clip[3] - 26 * MM) < 0.01]       # 20 mm and 3 mm of bleed each way
    assert len(rings) == 2
    left, right = sorted(rings)
    assert left[0] + left[2] == pytest.approx((offset + 40) * MM) == right[0]   # they meet at the shared cut


def test_cut_marks_lie_outside_the_trim(press):
    paths, trim = _strokes_in(_sheet(press, [(20, 20, (3, 3, 3, 3)), (60, 100, (3, 3, 3, 3))]), "/All")
    assert paths
    for _, points in paths:
        xs, ys = points[0::2], points[1::2]
        inside = trim[0] < min(xs) and max(xs) < trim[2] and trim[1] < min(ys) and max(ys) < trim[3]
        overlaps = min(xs) < trim[2] and max(xs) > trim[0] and min(ys) < trim[3] and max(ys) > trim[1]
        assert not inside and not overlaps, points
    assert not [d for d in preflight(Path("sheet.pdf"), data=_sheet(press, [(20, 20, (3, 3, 3, 3))]))
                if d.code == "PRE016"]


def test_a_card_frame_along_the_cut_is_drawn_inside_a_safe_zone(press):
    from generator.render.paper.pdf_canvas import SAFE_FRAME

    writer = SheetWriter(press, "t", "a", "s")
    frame = Rect(1.1, 1.1, 60.8, 85.8, None, BLACK, 2.2, 3)        # a 2.2 mm border on the edge of a 63×88 card
    writer.place(Face(63, 88, [frame], background=RED), None, Placement(0, 0, 10, 10, 63, 88, (3, 3, 3, 3)),
                 cut=True)
    writer.finish_page([], "", None, "")
    with pikepdf.open(io.BytesIO(writer.getvalue())) as pdf:
        widths = [float(o[0]) for o, op in pikepdf.parse_content_stream(pdf.pages[0]) if str(op) == "w"]
        moves = [[float(v) for v in o] for o, op in pikepdf.parse_content_stream(pdf.pages[0]) if str(op) == "m"]
    assert SAFE_FRAME >= 3 and 2.2 * MM in [pytest.approx(w) for w in widths]
    offset = writer.offset
    # the frame's path starts SAFE_FRAME mm (plus half its width) inside the card's edge, not on it
    assert any(abs(x - (offset + 10 + 1.1 + SAFE_FRAME) * MM) < 0.5 * MM + 3 * MM for x, _ in moves)


def test_a_map_background_runs_into_the_bleed(press):
    from generator.render.maps.renderer import _background_bleed

    def map_pdf(bleed: bool) -> bytes:
        face = Face(200, 150, [Rect(0, 0, 200, 120, Ink(cmyk=(0.2, 0.05, 0, 0))), Rect(20, 20, 30, 30, RED)])
        writer = SheetWriter(press.model_copy(update={"cut_marks": False}), "map", "a", "map", trim=(200, 150))
        if bleed:
            _background_bleed(writer, face, press.bleed)
        writer.place(face, None, Placement(0, 0, 0, 0, 200, 150, (3, 3, 3, 3)))
        writer.finish_page([], "", None, "")
        return writer.getvalue()

    assert [d.code for d in preflight(Path("map.pdf"), data=map_pdf(False))] == ["PRE017"]
    assert not preflight(Path("map.pdf"), data=map_pdf(True))       # the white band below needs no bleed


def _weasy_like(words: str = "body text") -> bytes:
    """A back-end's PDF as WeasyPrint writes one: near-black text, a link, an RGB-blended group, no dates."""
    from reportlab.pdfgen import canvas

    from generator.render.draw.fonts import registered

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(100 * MM, 100 * MM), invariant=1, initialFontName=registered("sans"))
    c.setFillColorRGB(0x1d / 255, 0x1d / 255, 0x1d / 255)
    c.setFont(registered("serif"), 10)
    c.drawString(20 * MM, 50 * MM, words)
    c.setFont(registered("sans"), 10)
    c.drawString(20 * MM, 40 * MM, "other font")
    c.linkURL("https://example.org", (20 * MM, 38 * MM, 60 * MM, 44 * MM))
    c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(buffer.getvalue())) as pdf:
        del pdf.docinfo["/CreationDate"], pdf.docinfo["/ModDate"]
        pdf.pages[0].obj.Group = pikepdf.Dictionary(S=pikepdf.Name.Transparency, CS=pikepdf.Name.DeviceRGB)
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue()


def test_a_finished_book_is_complete_pdf_x4_with_solid_black_text(press):
    from generator.render.paper.pdfx import finish_pdfx

    data = finish_pdfx(_weasy_like(), press)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert "/CreationDate" in pdf.docinfo and "/ModDate" in pdf.docinfo
        assert "/Annots" not in pdf.pages[0].obj
        assert pdf.pages[0].obj.Group["/CS"] == pikepdf.Name.DeviceCMYK
        fills = [[float(v) for v in o] for o, op in pikepdf.parse_content_stream(pdf.pages[0]) if str(op) == "k"]
        with pdf.open_metadata() as meta:
            assert meta.get("xmp:CreateDate")
    assert fills == [[0, 0, 0, 1]]                       # #1d1d1d: 100 % K, not an 88.6 % screen
    assert not preflight(Path("rules.pdf"), Limits(), data=data)


def _subset_tags(data: bytes) -> set[str]:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return {str(obj.BaseFont) for obj in pdf.objects
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font}


def test_subset_tags_differ_per_font_and_per_file(press):
    from generator.render.paper.pdfx import finish_pdfx

    one = _subset_tags(finish_pdfx(_weasy_like(), press))
    other = _subset_tags(finish_pdfx(_weasy_like("another book"), press))
    tags = [name[1:7] for name in one | other if name[7:8] == "+"]
    assert len(tags) == 4 and len(set(tags)) == len(tags) and "AAAAAA" not in tags


def test_x1a_loses_opaque_groups_and_a_transparent_file_is_refused_before_it_is_written(press):
    from generator.pipeline import _preflighted
    from generator.render.context import Artifact, Rendered
    from generator.render.paper.pdfx import finish_pdfx

    x1a = press.model_copy(update={"pdfx": "x-1a"})
    opaque = finish_pdfx(_weasy_like(), x1a)
    with pikepdf.open(io.BytesIO(opaque)) as pdf:
        assert "/Group" not in pdf.pages[0].obj
    with pikepdf.open(io.BytesIO(_weasy_like())) as pdf:
        pdf.pages[0].Resources.ExtGState = pikepdf.Dictionary(A=pikepdf.Dictionary(ca=0.5))
        pdf.pages[0].contents_add(pdf.make_stream(b"q /A gs 0 0 10 10 re f Q"))
        out = io.BytesIO()
        pdf.save(out)
    transparent = finish_pdfx(out.getvalue(), x1a)
    rendered = Rendered(artifacts=[Artifact("rules.pdf", transparent, "rules-pdf"),
                                   Artifact("aids.pdf", opaque, "aids-pdf")])
    _preflighted(rendered, x1a, Path(PurePosixPath("out")))
    assert [a.path for a in rendered.artifacts] == ["aids.pdf"] and rendered.failed
    assert {d.code for d in rendered.diagnostics} == {"PRE009"}
