"""Press files as a print shop receives them: CMYK only, PDF/X, die lines, black on the K plate, preflight."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from generator.load import load_game
from generator.output.preflight import Limits, preflight
from generator.pipeline import BuildRequest, build
from generator.render import declared

from ..conftest import require_tools

ROOT = Path(__file__).resolve().parents[2]
MM = 72 / 25.4
PLAY_MODULES = ("vassal", "tts")          # no PDF among their files: a print shop receives none


@pytest.fixture(scope="module")
def lepanto_press(tmp_path_factory) -> tuple[Path, list]:
    out = tmp_path_factory.mktemp("press")
    # a proof on press settings: Lepanto has unknown facts, which a release (the press default) refuses; every
    # output it declares but the play modules
    game = ROOT / "content" / "lepanto"
    printed = tuple(name for name in declared(load_game(game).game.manifest.components) if name not in PLAY_MODULES)
    built = build(game, BuildRequest(languages=("en",), profile="press", out=out, only=printed,
                                     formats=frozenset({"pdf"}), overrides=(("release", False),)))
    assert built.folders, built.diagnostics
    return built.folders[0], built.diagnostics


def _instructions(owner, seen=None, parsed=None):
    """Every (operands, operator) of a page and of every form it draws, with the resources in force. `parsed`
    (form's object number → its instructions), kept for one document, parses a form every page draws once
    (the map tiles' 18 pages all draw the whole map) rather than once per page."""
    seen = set() if seen is None else seen
    resources = owner.get("/Resources") if not isinstance(owner, pikepdf.Page) else owner.resources
    if parsed is None or isinstance(owner, pikepdf.Page):
        instructions = pikepdf.parse_content_stream(owner)
    else:
        instructions = parsed.get(owner.objgen)
        if instructions is None:
            instructions = parsed[owner.objgen] = pikepdf.parse_content_stream(owner)
    for instruction in instructions:
        yield instruction, resources
    for xobject in (resources.get("/XObject", {}).values() if resources is not None else ()):
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            yield from _instructions(xobject, seen, parsed)


def _images(owner, seen=None):
    seen = set() if seen is None else seen
    resources = owner.get("/Resources") if not isinstance(owner, pikepdf.Page) else owner.resources
    for xobject in (resources.get("/XObject", {}).values() if resources is not None else ()):
        if xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        if xobject.get("/Subtype") == "/Image":
            yield xobject
        elif xobject.get("/Subtype") == "/Form":
            yield from _images(xobject, seen)


def test_every_press_pdf_is_cmyk_only_pdfx_with_an_output_intent_and_passes_preflight(lepanto_press):
    folder, diagnostics = lepanto_press
    pdfs = sorted(folder.glob("*.pdf"))
    # an output left out says why: the build's report of a render that failed or was stopped (OUT002, OUT004)
    assert {p.name for p in pdfs} >= {"counters.pdf", "map.pdf", "map-tiles.pdf", "rules.pdf", "aids.pdf"}, \
        [str(d) for d in diagnostics if d.code.startswith("OUT")]
    assert not [d for d in diagnostics if d.code.startswith("PRE") and d.severity.name == "ERROR"]
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            parsed: dict = {}
            assert pdf.docinfo.get("/GTS_PDFXVersion") == "PDF/X-4", path
            assert pdf.docinfo.get("/Trapped") == pikepdf.Name("/False")
            assert pdf.pdf_version >= "1.6"
            intent = pdf.Root.OutputIntents[0]
            assert intent.S == "/GTS_PDFX" and intent.OutputConditionIdentifier == "FOGRA39"
            assert int(intent.DestOutputProfile.N) == 4
            assert pdf.open_metadata().get("pdfxid:GTS_PDFXVersion") == "PDF/X-4"
            for number, page in enumerate(pdf.pages, start=1):
                trim, bleed = [float(v) for v in page.TrimBox], [float(v) for v in page.BleedBox]
                assert min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]) >= 3 * MM - 0.01
                instructions = [instruction for instruction, _ in _instructions(page, parsed=parsed)]
                operators = {str(i.operator) for i in instructions}
                assert not operators & {"rg", "RG"}, (path.name, number)
                for instruction in instructions:
                    if str(instruction.operator) in ("cs", "CS"):
                        assert str(instruction.operands[0]) != "/DeviceRGB", (path.name, number)
                for image in _images(page):
                    assert image.get("/ColorSpace") in (pikepdf.Name.DeviceCMYK, pikepdf.Name.DeviceGray), path
        assert not [d for d in preflight(path) if d.severity.name == "ERROR"], path


PLATES_DPI = 150


@pytest.fixture(scope="module")
def sheet_plates(lepanto_press, tmp_path_factory):
    """The first counter sheet's plates as Ghostscript separates them at PLATES_DPI (plate name → greyscale
    picture, ink dark), and pdftotext's word boxes on that page: separated once for the tests that read them."""
    require_tools("gs", "pdftotext")
    from PIL import Image

    counters, work = lepanto_press[0] / "counters.pdf", tmp_path_factory.mktemp("plates")
    subprocess.run(["gs", "-q", "-dSAFER", "-sDEVICE=tiffsep", f"-r{PLATES_DPI}", "-dFirstPage=1", "-dLastPage=1",
                    "-o", str(work / "sep.tif"), str(counters)], check=True)
    separated = {name: Image.open(work / f"sep({name}).tif").convert("L")
                 for name in ("Cyan", "Magenta", "Yellow", "Black", "CutContour")}
    boxes = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", str(counters), "-"], check=True,
                           capture_output=True, text=True).stdout
    return separated, boxes


def test_black_text_on_a_counter_sheet_separates_onto_the_black_plate_only(sheet_plates):
    (plates, boxes), dpi = sheet_plates, PLATES_DPI
    import re

    scale = dpi / 72
    words = [(float(a) * scale, float(b) * scale, float(c) * scale, float(d) * scale, text) for a, b, c, d, text in
             re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)<', boxes)]
    footer = [w for w in words if w[4] in ("Sheet", "Front", "Lepanto")]   # the sheet's footer: black on paper
    assert footer
    for x0, y0, x1, y1, text in footer:
        box = (int(x0), int(y0), int(x1) + 1, int(y1) + 1)
        assert plates["Black"].crop(box).getextrema()[0] < 128, f"{text}: nothing on the K plate"
        for name in ("Cyan", "Magenta", "Yellow"):
            assert plates[name].crop(box).getextrema()[0] == 255, f"{text}: black text also on the {name} plate"
    # The die line is a plate of its own, and it follows the pieces, not the page.
    assert plates["CutContour"].getextrema()[0] < 128
    assert plates["Black"].getextrema()[0] < 128


def test_counters_cut_along_an_overprinting_spot_colour_instead_of_a_black_keyline(lepanto_press):
    with pikepdf.open(lepanto_press[0] / "counters.pdf") as pdf:
        page = pdf.pages[0]
        spaces = [cs for cs in page.resources.get("/ColorSpace", {}).values()]
        assert any(cs[0] == "/Separation" and cs[1] == "/CutContour" for cs in spaces)
        states = page.resources.get("/ExtGState", {}).values()
        assert any(state.get("/OP") is True for state in states)
        forms = [x for x in page.resources.XObject.values() if x.get("/Subtype") == "/Form"]
        assert forms
        for form in forms:   # the 0.2 mm #1a1a1a border on the cut is gone from every face
            width = float(form.BBox[2]) - float(form.BBox[0])
            instructions = [(str(i.operator), [float(v) for v in i.operands]) for i in pikepdf.parse_content_stream(form)
                            if str(i.operator) in ("re", "S", "f", "B", "n")]
            for (op, operands), (paint, _) in zip(instructions, instructions[1:]):
                if op == "re" and paint == "S":
                    x, y, w, h = operands
                    assert not (x < 0.5 and y < 0.5 and w > width - 1.0), "a keyline on the cut"


def _bad_pdf() -> bytes:
    """Four pages, each with one thing a print shop rejects; boxes right on the first three."""
    from PIL import Image
    from reportlab.lib.colors import CMYKColor
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(200 * MM, 200 * MM), invariant=1)

    def boxes(bleed: float):
        c.setTrimBox((10 * MM, 10 * MM, 190 * MM, 190 * MM))
        c.setBleedBox(((10 - bleed) * MM, (10 - bleed) * MM, (190 + bleed) * MM, (190 + bleed) * MM))

    c.setFillColorRGB(0.8, 0.1, 0.1)                     # 1: an RGB colour
    c.rect(20 * MM, 20 * MM, 50 * MM, 50 * MM, stroke=0, fill=1)
    boxes(3)
    c.showPage()
    picture = Image.new("L", (72, 72), 128)              # 2: 72 px over one inch
    c.drawImage(ImageReader(picture), 20 * MM, 20 * MM, 72, 72)
    boxes(3)
    c.showPage()
    c.setFillColor(CMYKColor(0, 0, 0, 1))                # 3: Helvetica, which reportlab does not embed
    c.setFont("Helvetica", 12)
    c.drawString(20 * MM, 20 * MM, "Not embedded")
    boxes(3)
    c.showPage()
    c.setFillColor(CMYKColor(0, 0, 0, 1))                # 4: art on the trim, and a bleed of 1 mm
    c.rect(10 * MM, 10 * MM, 50 * MM, 50 * MM, stroke=0, fill=1)
    boxes(1)
    c.showPage()
    c.save()
    return buffer.getvalue()


def test_preflight_finds_each_fault_once_at_its_page(tmp_path, run_cli):
    path = tmp_path / "bad.pdf"
    path.write_bytes(_bad_pdf())
    found = preflight(path, Limits())
    by_code = {}
    for diagnostic in found:
        by_code.setdefault(diagnostic.code, []).append(diagnostic.span.line)
    assert by_code == {"PRE001": [1], "PRE004": [2], "PRE003": [3], "PRE008": [4], "PRE002": [1, 1],
                       "PRE011": [1]}                    # reportlab writes no XMP packet
    assert "72 ppi" in next(d.message for d in found if d.code == "PRE004")
    assert "Helvetica" in next(d.message for d in found if d.code == "PRE003")
    code, out, err = run_cli(["preflight", str(path)])
    assert code == 1 and "PRE004" in out and "page 2" in out and "hint:" in out


def test_ink_over_the_limit_and_small_four_colour_text_are_reported_where_set(tmp_path):
    from reportlab.lib.colors import CMYKColor
    from reportlab.pdfgen import canvas

    from generator.render.draw.fonts import registered
    from generator.render.paper.pdfx import finish_pdfx
    from generator.render.paper.profiles import PrintProfile

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(100 * MM, 100 * MM), invariant=1)
    c.setFillColor(CMYKColor(1, 1, 1, 1))
    c.rect(10 * MM, 10 * MM, 20 * MM, 20 * MM, stroke=0, fill=1)
    c.showPage()
    c.setFillColor(CMYKColor(0.6, 0.4, 0.4, 1))          # a 240 % rich black: fine for a surface, not for 4 pt type
    c.setFont(registered("sans"), 4)
    c.drawString(10 * MM, 10 * MM, "tiny")
    c.setFont(registered("sans"), 9)
    c.drawString(10 * MM, 20 * MM, "large enough")
    c.showPage()
    c.save()
    pdf = finish_pdfx(buffer.getvalue(), PrintProfile(color="cmyk", pdfx="x-4", bleed=3))
    assert finish_pdfx(buffer.getvalue(), PrintProfile(color="cmyk", pdfx="x-4", bleed=3)) == pdf   # reproducible
    found = preflight(Path("ink.pdf"), Limits(), data=pdf)
    assert [(d.code, d.span.line) for d in found] == [("PRE005", 1), ("PRE006", 2)]
    assert "400 %" in found[0].message and "4.0 pt in 4 inks" in found[1].message


def test_x1a_option_writes_pdf_1_4_marked_x1a(write_game, tmp_path):
    from tests.render.test_counters import DEMO

    write_game(DEMO)
    profile = tmp_path / "x1a.yaml"
    profile.write_text("name: x1a\nextends: press\npdfx: x-1a\n", encoding="utf-8")
    built = build(Path("demo"), BuildRequest(profile=str(profile), out=tmp_path / "out", formats=frozenset({"pdf"})))
    assert not [d for d in built.diagnostics if d.code.startswith("PRE")], built.diagnostics
    with pikepdf.open(built.folders[0] / "counters.pdf") as pdf:
        assert pdf.pdf_version == "1.4"
        assert pdf.docinfo.GTS_PDFXVersion == "PDF/X-1a:2003" == pdf.docinfo.GTS_PDFXConformance
    assert not preflight(built.folders[0] / "counters.pdf", Limits(pdfx="x-1a"))


def test_finishing_converts_every_rgb_operator_but_leaves_text_that_spells_one(tmp_path):
    from reportlab.pdfgen import canvas

    from generator.render.paper.pdfx import finish_pdfx
    from generator.render.paper.profiles import PrintProfile

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(100 * MM, 100 * MM), invariant=1, pageCompression=0)
    c.beginForm("shared", 0, 0, 50 * MM, 50 * MM)
    c.setStrokeColorRGB(0, 0.5, 0)
    c.rect(5, 5, 40, 40, stroke=1, fill=0)
    c.endForm()
    for _ in range(2):                                   # one form on two pages: converted once, right on both
        c.setFillColorRGB(0.8, 0.1, 0.1)
        c.drawString(10 * MM, 10 * MM, "0 0 1 rg")       # a literal string: the stream is parsed, not pattern-matched
        c.doForm("shared")
        c.showPage()
    c.save()
    pdf = finish_pdfx(buffer.getvalue(), PrintProfile(color="cmyk", pdfx="x-4", bleed=3))
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            operators = [(str(i.operator), i.operands) for i, _ in _instructions(page)]
            assert not {op for op, _ in operators} & {"rg", "RG"}
            assert ("K", [0.0, 0.0, 0.0, 0.0]) not in operators and any(op == "K" for op, _ in operators)
            assert any(op == "Tj" and bytes(operands[0]) == b"0 0 1 rg" for op, operands in operators)
    found = preflight(Path("twice.pdf"), Limits(), data=buffer.getvalue())
    assert [d.span.line for d in found if d.code == "PRE001" and "(RG " in d.message] == [1, 2]


def test_play_modules_built_beside_press_files_are_drawn_for_a_screen():
    from generator.render.digital.images import digital_profile
    from generator.render.paper.profiles import load_profile

    press, _ = load_profile("press")
    screen = digital_profile(press)
    assert (screen.color, screen.pdfx, screen.die_line) == ("rgb", "none", None)


def test_a_fault_on_every_page_reads_as_one_line_with_its_pages_and_json_keeps_each(tmp_path, run_cli):
    import json

    from reportlab.lib.colors import CMYKColor
    from reportlab.pdfgen import canvas

    from generator.render.draw.fonts import registered

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(100 * MM, 100 * MM), invariant=1)
    for page in range(12):
        c.setFillColor(CMYKColor(0.5, 0.5, 0.5, 0.5))
        for size in (3, 4):                              # two findings on each page: two sizes of tiny type
            c.setFont(registered("sans"), size)
            c.drawString(10 * MM, (10 + size) * MM, f"page {page + 1}")
        c.setTrimBox((3 * MM, 3 * MM, 97 * MM, 97 * MM))
        c.setBleedBox((0, 0, 100 * MM, 100 * MM))
        c.showPage()
    c.save()
    path = tmp_path / "marks.pdf"
    path.write_bytes(buffer.getvalue())
    code, out, _ = run_cli(["preflight", str(path)])
    lines = [line for line in out.splitlines() if "PRE006" in line]
    assert len(lines) == 1, out
    assert "24 findings on 12 pages (1, 2, 3, 4, 5, 6, 7, 8 …)" in lines[0] and "page 1: text of 3.0 pt in 4 inks" in lines[0]
    assert "PRE002" in out                               # a fault of the document stays a line of its own
    code, out, _ = run_cli(["preflight", str(path), "--format", "json"])
    records = [r for r in json.loads(out) if r["code"] == "PRE006"]
    assert sorted({r["line"] for r in records}) == list(range(1, 13)) and len(records) == 24


def _painted_with_overprint(owner, resources) -> list[tuple[str, tuple, bool]]:
    """(operator, fill CMYK, fill overprint) of every text shown and area filled in a form, following q/Q
    and the graphics states it sets."""
    painted, fill, op, stack = [], (0.0, 0.0, 0.0, 1.0), False, []
    for operands, operator in pikepdf.parse_content_stream(owner):
        name = str(operator)
        if name == "q":
            stack.append((fill, op))
        elif name == "Q":
            fill, op = stack.pop()
        elif name == "k":
            fill = tuple(float(v) for v in operands)
        elif name == "gs":
            op = bool(resources.ExtGState[operands[0]].get("/op", resources.ExtGState[operands[0]].get("/OP", op)))
        elif name in ("Tj", "TJ", "f", "f*", "B", "b"):
            painted.append((name, fill, op))
    return painted


def test_black_type_and_lines_overprint_and_colours_knock_out(lepanto_press, request):
    with pikepdf.open(lepanto_press[0] / "counters.pdf") as pdf:
        forms = [x for x in pdf.pages[0].resources.XObject.values() if x.get("/Subtype") == "/Form"]
        painted = [p for form in forms for p in _painted_with_overprint(form, form.Resources)]
        for state in (s for form in forms for s in form.Resources.get("/ExtGState", {}).values()):
            assert int(state.get("/OPM", 0)) == 1       # a 0 component leaves the colour under it
    black_type = [p for p in painted if p[0] in ("Tj", "TJ") and p[1][:3] == (0, 0, 0) and p[1][3] >= 0.85]
    coloured = [p for p in painted if any(p[1][:3])]
    assert black_type and coloured
    assert all(op for _, _, op in black_type) and not any(op for _, _, op in coloured)
    separated, boxes = request.getfixturevalue("sheet_plates")   # Ghostscript's plates, pdftotext's words
    cyan, black, dpi = separated["Cyan"], separated["Black"], PLATES_DPI
    import re

    scale = dpi / 72
    words = [tuple(int(float(v) * scale) for v in found) for found in
             re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">Galley<', boxes)]
    assert len(words) > 10
    for box in words[:10]:       # a ship's name on its coloured counter: on the K plate, and no hole in the cyan
        assert black.crop(box).getextrema()[0] < 64
        low, high = cyan.crop(box).getextrema()
        assert high < 255 and high - low <= 8, (box, low, high)


@pytest.mark.parametrize("text", [b"<0012> Tj", b"(rg Q) Tj"])      # pattern-matched, and parsed
def test_black_fills_written_as_rgb_overprint_inside_their_q_and_pictures_knock_out(text):
    from generator.render.draw.cmyk import CmykConversion
    from generator.render.paper.profiles import PrintProfile
    from generator.render.paper.stream_colour import rewrite_rgb
    from generator.render.templates import find

    stream = (b"q 0.1 0.1 0.1 rg BT /F1 9 Tf " + text + b" ET 0.9 0.2 0.1 RG 0 0 5 5 re S\n"
              b"/x0 Do Q 0.8 0.1 0.1 rg 0 0 9 9 re f 0.1 0.1 0.1 rg 1 1 2 2 re f /Im0 Do")
    rewritten = rewrite_rgb(stream, CmykConversion(find(PrintProfile().icc)))
    tokens = rewritten.split()
    states = [tokens[i - 1].decode() for i, token in enumerate(tokens) if token == b"gs"]
    # black type overprints; the form drawn in its q knocks out; after Q (knocking out again) the red box needs
    # nothing; the black box overprints, and the picture after it knocks out
    assert states == ["/ImprentaOverprintFill", "/ImprentaKnockout", "/ImprentaOverprintFill", "/ImprentaKnockout"]
    assert b" rg" not in rewritten and b" RG" not in rewritten and b"0.0000 0.0000 0.0000 1.0000 k" in rewritten   # near-black: solid K
    assert rewritten.index(b"/ImprentaKnockout gs") < rewritten.index(b"/x0 Do")     # before the operand


def test_crop_and_cut_marks_print_in_registration_on_every_plate(lepanto_press, request):
    with pikepdf.open(lepanto_press[0] / "counters.pdf") as pdf:
        spaces = list(pdf.pages[0].resources.ColorSpace.values())
        assert any(cs[0] == "/Separation" and cs[1] == "/All" for cs in spaces)
        trim = [float(v) for v in pdf.pages[0].TrimBox]
    separated, _ = request.getfixturevalue("sheet_plates")      # the plates, separated by Ghostscript
    scale = PLATES_DPI / 72
    for name in ("Cyan", "Magenta", "Yellow", "Black"):
        plate = separated[name]
        # the slug's lower left
        corner = (0, plate.height - int((trim[1] + 2) * scale), int((trim[0] + 2) * scale), plate.height)
        assert plate.crop(corner).getextrema()[0] < 160, f"no crop mark on the {name} plate"


def test_a_press_page_background_runs_into_the_bleed_the_typesetter_lays_out(tmp_path):
    import pypdfium2

    from generator.render.book.rulebook import typeset
    from generator.render.paper.pdfx import finish_pdfx
    from generator.render.paper.profiles import load_profile

    press, _ = load_profile("press")
    html = "<style>@page { size: A6; margin: 10mm; background: #204080 }</style><p>Set-up</p>"
    document, _ = typeset(html, tmp_path, bleed=press.bleed)
    pdf = finish_pdfx(document.write_pdf(), press)
    with pikepdf.open(io.BytesIO(pdf)) as finished:
        page = finished.pages[0]
        media, trim = [float(v) for v in page.MediaBox], [float(v) for v in page.TrimBox]
        assert abs((trim[0] - media[0]) - 3 * MM) < 0.01 and abs((trim[2] - trim[0]) - 105 * MM) < 0.5
    picture = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("RGB")
    corner = picture.getpixel((1, 1))                     # inside the bleed, outside the trim
    assert corner != (255, 255, 255) and corner[2] > corner[0], corner


def _text_inks(owner, resources=None, fill=(0.0, 0.0, 0.0, 1.0), forms=None) -> set:
    """The CMYK fill of every text run a page draws, in drawing order (q/Q and forms followed)."""
    forms = set() if forms is None else forms
    resources = owner.resources if isinstance(owner, pikepdf.Page) else owner.get("/Resources", resources)
    found, stack = set(), []
    for operands, operator in pikepdf.parse_content_stream(owner):
        op = str(operator)
        if op == "q":
            stack.append(fill)
        elif op == "Q" and stack:
            fill = stack.pop()
        elif op == "k":
            fill = tuple(round(float(v), 3) for v in operands)
        elif op in ("Tj", "TJ", "'", '"'):
            found.add(fill)
        elif op == "Do" and resources is not None:
            form = resources.get("/XObject", {}).get(str(operands[0]))
            if form is not None and form.get("/Subtype") == "/Form" and form.objgen not in forms:
                forms.add(form.objgen)
                found |= _text_inks(form, resources, fill, forms)
    return found


def test_proof_marks_and_slugs_print_in_process_magenta_alone_so_preflight_has_nothing_to_say_of_them(lepanto_press):
    folder, diagnostics = lepanto_press
    # small type in four inks is left only where the map sets it (its hex numbers), none from the proof
    small = sorted({Path(str(d.span.file)).name for d in diagnostics if d.code == "PRE006"})
    assert not [name for name in small if not name.startswith("map")], small
    magenta, black = (0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0)
    with pikepdf.open(folder / "counters.pdf") as pdf:     # drawn by reportlab
        assert magenta in _text_inks(pdf.pages[0])         # marks' figures and the slug
        assert _text_inks(pdf.pages[-1]) == {magenta, black}   # the proof sheet: black words, magenta title and marks
    rules = folder / "rules.pdf"                          # drawn by WeasyPrint in RGB, converted after
    texts = [page.extract_text() or "" for page in PdfReader(rules).pages]
    with pikepdf.open(rules) as pdf:
        inks = [_text_inks(page) for page in pdf.pages]
    plain = set().union(*(found for found, text in zip(inks, texts) if "PROOF ·" not in text))
    marked = set().union(*(found for found, text in zip(inks, texts) if "PROOF ·" in text))
    added = marked - plain                                 # what pages with marks print beyond the book's inks
    assert plain and magenta in added and all(sum(part > 0.004 for part in ink) == 1 for ink in added), added
