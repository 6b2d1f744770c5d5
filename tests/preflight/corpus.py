"""A corpus of print PDFs, each clean but for one planted defect (or legal but unusual), made at test time.

Every file starts as a clean two-page PDF/X-4 (or X-1a) press file: a CMYK
background over the whole bleed, black text in K, an embedded font, finished by
Imprenta's own PDF/X step. One defect is then planted with reportlab or pikepdf,
on page 2 where it belongs to a page, so a finding must name the right page.
`expected` is the set of (code, page) a print shop's preflight should report;
page 1 stands for the document. Nothing here is committed as a binary.
"""

from __future__ import annotations

import functools
import io
import zlib
from collections.abc import Callable
from typing import NamedTuple

import pikepdf

MM = 72 / 25.4
TRIM = 100.0             # mm
BLEED = 3.0


class Case(NamedTuple):
    name: str
    area: str            # colour, ink, images, fonts, boxes, metadata, transparency, actions, legal
    make: Callable[[], bytes]
    expected: frozenset  # {(code, page)}; empty for a legal file


# the clean file ------------------------------------------------------------------------------------------
def clean(pdfx: str = "x-4", draw=None, boxes=True, pages: int = 2) -> bytes:
    """A press file; `draw(canvas, page)` adds to a page before its boxes are set."""
    if draw is None and boxes and pages == 2:
        return _plain(pdfx)
    return _made(pdfx, draw, boxes, pages)


@functools.lru_cache(maxsize=2)
def _plain(pdfx: str) -> bytes:
    return _made(pdfx, None, True, 2)


def _made(pdfx: str, draw, boxes: bool, pages: int) -> bytes:
    from reportlab.lib.colors import CMYKColor
    from reportlab.pdfgen import canvas

    from generator.render.draw.fonts import registered
    from generator.render.paper.pdfx import finish_pdfx
    from generator.render.paper.profiles import PrintProfile

    side = (TRIM + 2 * BLEED) * MM
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(side, side), invariant=1, pageCompression=0, initialFontName=registered("sans"))
    c.setTitle("corpus")
    for page in range(1, pages + 1):
        c.setFillColor(CMYKColor(0.1, 0.05, 0, 0))
        c.rect(0, 0, side, side, stroke=0, fill=1)          # the background, over the whole bleed
        c.setFillColor(CMYKColor(0, 0, 0, 1))
        c.setFont(registered("sans"), 10)
        c.drawString(20 * MM, 50 * MM, f"Imprenta page {page}")
        if draw is not None:
            draw(c, page)
        if boxes:
            c.setTrimBox((BLEED * MM, BLEED * MM, (BLEED + TRIM) * MM, (BLEED + TRIM) * MM))
            c.setBleedBox((0, 0, side, side))
        c.showPage()
    c.save()
    return finish_pdfx(buffer.getvalue(), PrintProfile(color="cmyk", pdfx=pdfx, bleed=BLEED))


def edit(data: bytes, change, **save) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        change(pdf)
        out = io.BytesIO()
        pdf.save(out, **save)
    return out.getvalue()


def on_page(content: bytes, resources: dict | None = None, page: int = 2, pdfx: str = "x-4",
            before: Callable | None = None) -> Callable[[], bytes]:
    """A maker that appends `content` to a page of the clean file, with `resources` ({family: {name: obj
    maker}}) added to the page's resources."""
    def make() -> bytes:
        def change(pdf):
            if before is not None:
                before(pdf)
            target = pdf.pages[page - 1]
            for family, entries in (resources or {}).items():
                if family not in target.Resources:
                    target.Resources[family] = pikepdf.Dictionary()
                for name, maker in entries.items():
                    target.Resources[family][name] = maker(pdf)
            target.contents_add(pdf.make_stream(content), prepend=False)
        return edit(clean(pdfx), change)
    return make


def image(width: int, height: int, space, samples: bytes, **extra):
    def make(pdf):
        return pdf.make_stream(zlib.compress(samples), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                               Width=width, Height=height, ColorSpace=space, BitsPerComponent=8,
                               Filter=pikepdf.Name.FlateDecode, **extra)
    return make


def form(content: bytes, resources: dict | None = None, **extra):
    def make(pdf):
        own = pikepdf.Dictionary({family: pikepdf.Dictionary({name: maker(pdf) for name, maker in entries.items()})
                                  for family, entries in (resources or {}).items()})
        return pdf.make_stream(content, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                               BBox=[0, 0, 300, 300], Resources=own, **extra)
    return make


def direct(value):
    return lambda pdf: value


def axial(space, c0, c1):
    return direct(pikepdf.Dictionary(ShadingType=2, ColorSpace=space, Coords=[0, 0, 200, 0], Extend=[True, True],
                                     Function=pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=c0, C1=c1, N=1)))


N = pikepdf.Name
RGB_SPOT = [N.Separation, N("/Gold"), N.DeviceRGB,
            pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[1, 1, 1], C1=[0.8, 0.6, 0.1], N=1)]
CMYK_SPOT = [N.Separation, N("/Gold"), N.DeviceCMYK,
             pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[0, 0.2, 0.9, 0.1], N=1)]
REGISTRATION = [N.Separation, N.All, N.DeviceCMYK,
                pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[1, 1, 1, 1], N=1)]
BOX = b"q 40 40 100 100 re f Q"


def _icc(channels: int):
    def make(pdf):
        from PIL import ImageCms

        if channels == 3:
            profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
        else:
            from generator.render.draw.cmyk import icc_bytes
            from generator.render.paper.profiles import PrintProfile
            from generator.render.templates import find

            profile = icc_bytes(str(find(PrintProfile().icc)))
        return pikepdf.Array([N.ICCBased, pdf.make_stream(profile, N=channels)])
    return make


def _canvas_on_page_2(draw) -> Callable[[], bytes]:
    return lambda: clean(draw=lambda c, page: draw(c) if page == 2 else None)


def _text_4pt(mode: int = 0, size: float = 4):
    def draw(c):
        from reportlab.lib.colors import CMYKColor

        from generator.render.draw.fonts import registered

        text = c.beginText(20 * MM, 30 * MM)
        text.setTextRenderMode(mode)
        text.setFont(registered("sans"), size)
        text.setFillColor(CMYKColor(0.6, 0.5, 0.4, 0.9))
        text.textOut("tiny four-colour type")
        c.drawText(text)
    return draw


def _registration_text(c):
    from reportlab.lib.colors import CMYKColorSep

    from generator.render.draw.fonts import registered

    c.setFillColor(CMYKColorSep(1, 1, 1, 1, spotName="All"))
    c.setFont(registered("sans"), 12)
    c.drawString(20 * MM, 30 * MM, "Registration type")


def _helvetica(c):
    c.setFont("Helvetica", 12)
    c.drawString(20 * MM, 30 * MM, "Helvetica, not embedded")


def _cid(c):
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    c.setFont("HeiseiMin-W3", 12)
    c.drawString(20 * MM, 30 * MM, "CID")


def _pattern(content: bytes, resources: dict) -> Callable:
    def make(pdf):
        own = pikepdf.Dictionary({family: pikepdf.Dictionary({name: maker(pdf) for name, maker in entries.items()})
                                  for family, entries in resources.items()})
        return pdf.make_stream(content, Type=N.Pattern, PatternType=1, PaintType=1, TilingType=1,
                               BBox=[0, 0, 20, 20], XStep=20, YStep=20, Resources=own)
    return make


def _set(key: str, value) -> Callable:
    def change(pdf):
        if value is None:
            del pdf.docinfo[key]
        else:
            pdf.docinfo[key] = value
    return lambda: edit(clean(), change)


def _root(change) -> Callable[[], bytes]:
    return lambda: edit(clean(), change)


def _page2(change) -> Callable[[], bytes]:
    return lambda: edit(clean(), lambda pdf: change(pdf, pdf.pages[1].obj))


def _boxes(trim=None, bleed=None, art=None, media=None, drop=()):
    def change(pdf, page):
        for key, value in (("/TrimBox", trim), ("/BleedBox", bleed), ("/ArtBox", art), ("/MediaBox", media)):
            if value is not None:
                page[key] = pikepdf.Array([v * MM for v in value])
        for key in drop:
            del page[key]
    return _page2(change)


def _second_intent(pdf):
    first = pdf.Root.OutputIntents[0]
    other = pikepdf.Dictionary(first)
    other.DestOutputProfile = pdf.make_stream(first.DestOutputProfile.read_bytes(), N=4)
    other.OutputConditionIdentifier = pikepdf.String("FOGRA51")
    pdf.Root.OutputIntents.append(pdf.make_indirect(other))


def _rgb_intent(pdf):
    from PIL import ImageCms

    pdf.Root.OutputIntents[0].DestOutputProfile = pdf.make_stream(
        ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes(), N=3)


def _widget(pdf, page):
    field = pdf.make_indirect(pikepdf.Dictionary(Type=N.Annot, Subtype=N.Widget, FT=N.Tx, T=pikepdf.String("name"),
                                                 Rect=[50, 50, 150, 70], P=page))
    page.Annots = pikepdf.Array([field])
    pdf.Root.AcroForm = pikepdf.Dictionary(Fields=pikepdf.Array([field]))


def _link(inside: bool):
    def change(pdf, page):
        rect = [60, 60, 160, 80] if inside else [0, 0, 6, 6]    # in the trim, or in the slug of a grown media
        if not inside:
            page.MediaBox = pikepdf.Array([-30, -30, 330, 330])
            rect = [-28, -28, -12, -12]
        page.Annots = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
            Type=N.Annot, Subtype=N.Link, Rect=rect, Border=[0, 0, 0],
            A=pikepdf.Dictionary(S=N.URI, URI=pikepdf.String("https://example.org"))))])
    return _page2(change)


def _embedded_file(pdf):
    spec = pikepdf.Dictionary(Type=N.Filespec, F=pikepdf.String("a.txt"),
                              EF=pikepdf.Dictionary(F=pdf.make_stream(b"hello", Type=N.EmbeddedFile)))
    pdf.Root.Names = pikepdf.Dictionary(EmbeddedFiles=pikepdf.Dictionary(
        Names=pikepdf.Array([pikepdf.String("a.txt"), spec])))


def _dag(depth: int, copies: int = 2) -> Callable:
    """Forms F0 … F(depth): each draws the next `copies` times (copies ** depth paths to the last)."""
    def before(pdf):
        inner = pdf.make_stream(b"0 0 0 1 k 0 0 1 1 re f", Type=N.XObject, Subtype=N.Form, BBox=[0, 0, 1, 1])
        for _ in range(depth):
            calls = b" ".join(b"q 1 0 0 1 %d 0 cm /X Do Q" % i for i in range(copies))
            inner = pdf.make_stream(calls, Type=N.XObject, Subtype=N.Form, BBox=[0, 0, 10, 10],
                                    Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(X=inner)))
        pdf.pages[1].Resources.XObject = pikepdf.Dictionary(Top=inner)
    return before


def dag_pdf(depth: int, copies: int = 2) -> bytes:
    return on_page(b"q /Top Do Q", before=_dag(depth, copies))()


def _encrypted():
    data = clean()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        out = io.BytesIO()
        pdf.save(out, encryption=pikepdf.Encryption(owner="shop", user="", R=4))
    return out.getvalue()


CMYK400 = bytes([255, 255, 255, 255]) * 16
GREY = bytes([128]) * 16


def cases() -> list[Case]:
    doc, p2 = 1, 2
    c = Case
    return [
        # colour
        c("rgb-fill", "colour", on_page(b"q 1 0 0 rg " + BOX[2:]), {("PRE001", p2)}),
        c("rgb-stroke", "colour", on_page(b"q 0 0 1 RG 40 40 100 100 re S Q"), {("PRE001", p2)}),
        c("rgb-image", "colour", on_page(b"q 100 0 0 100 40 40 cm /Im Do Q",
                                         {"/XObject": {"/Im": image(600, 600, N.DeviceRGB, bytes(600 * 600 * 3))}}),
          {("PRE001", p2)}),
        c("rgb-inline-image", "colour", on_page(b"q 20 0 0 20 40 40 cm BI /W 400 /H 400 /CS /RGB /BPC 8 ID "
                                                + bytes(400 * 400 * 3) + b" EI Q"), {("PRE001", p2)}),
        c("rgb-shading", "colour", on_page(b"q /Sh sh Q", {"/Shading": {"/Sh": axial(N.DeviceRGB, [1, 0, 0],
                                                                                        [0, 0, 1])}}),
          {("PRE001", p2)}),
        c("rgb-shading-pattern", "colour", on_page(b"q /Pattern cs /P scn " + BOX[2:], {"/Pattern": {"/P": direct(
            pikepdf.Dictionary(Type=N.Pattern, PatternType=2, Shading=axial(N.DeviceRGB, [1, 0, 0], [0, 1, 0])(None)))}}),
          {("PRE001", p2)}),
        c("rgb-in-tiling-pattern", "colour", on_page(b"q /Pattern cs /P scn " + BOX[2:], {"/Pattern": {"/P": _pattern(
            b"q 0 1 0 rg 0 0 10 10 re f Q", {})}}), {("PRE001", p2)}),
        c("spot-rgb-alternate", "colour", on_page(b"q /Gold cs 1 scn " + BOX[2:],
                                                  {"/ColorSpace": {"/Gold": direct(pikepdf.Array(RGB_SPOT))}}),
          {("PRE001", p2)}),
        c("devicen-rgb-alternate", "colour", on_page(b"q /DN cs 1 scn " + BOX[2:], {"/ColorSpace": {"/DN": direct(
            pikepdf.Array([N.DeviceN, pikepdf.Array([N("/Gold")]), N.DeviceRGB, RGB_SPOT[3]]))}}), {("PRE001", p2)}),
        c("icc-rgb-fill", "colour", on_page(b"q /RGBICC cs 0.2 0.4 0.6 scn " + BOX[2:],
                                            {"/ColorSpace": {"/RGBICC": _icc(3)}}), {("PRE001", p2)}),
        c("calrgb-fill", "colour", on_page(b"q /Cal cs 0.2 0.4 0.6 scn " + BOX[2:], {"/ColorSpace": {"/Cal": direct(
            pikepdf.Array([N.CalRGB, pikepdf.Dictionary(WhitePoint=[0.9505, 1, 1.089])]))}}), {("PRE001", p2)}),
        c("rgb-blend-space", "colour", on_page(b"q /G Do Q", {"/XObject": {"/G": form(
            b"0 0 0 1 k 0 0 50 50 re f", Group=pikepdf.Dictionary(S=N.Transparency, CS=N.DeviceRGB))}}),
          {("PRE001", p2)}),
        c("rgb-in-form", "colour", on_page(b"q /F Do Q", {"/XObject": {"/F": form(b"0.5 0.5 0 rg 0 0 9 9 re f")}}),
          {("PRE001", p2)}),
        # ink
        c("vector-400", "ink", on_page(b"q 1 1 1 1 k " + BOX[2:]), {("PRE005", p2)}),
        c("image-400", "ink", on_page(b"q 10 0 0 10 40 40 cm /Im Do Q",
                                      {"/XObject": {"/Im": image(4, 4, N.DeviceCMYK, CMYK400)}}),
          {("PRE005", p2), ("PRE004", p2)}),
        c("image-400-hires", "ink", on_page(b"q 10 0 0 10 40 40 cm /Im Do Q", {"/XObject": {"/Im": image(
            60, 60, N.DeviceCMYK, bytes([255, 255, 255, 255]) * 3600)}}), {("PRE005", p2)}),
        c("indexed-image-400", "ink", on_page(b"q 10 0 0 10 40 40 cm /Im Do Q", {"/XObject": {"/Im": image(
            60, 60, pikepdf.Array([N.Indexed, N.DeviceCMYK, 1, pikepdf.String(bytes([0, 0, 0, 0, 255, 255, 255, 255]))]),
            bytes([1]) * 3600)}}), {("PRE005", p2)}),
        c("inline-image-400", "ink", on_page(b"q 10 0 0 10 40 40 cm BI /W 60 /H 60 /CS /CMYK /BPC 8 ID "
                                             + bytes([255]) * (60 * 60 * 4) + b" EI Q"), {("PRE005", p2)}),
        c("shading-400", "ink", on_page(b"q /Sh sh Q", {"/Shading": {"/Sh": axial(N.DeviceCMYK, [0, 0, 0, 0],
                                                                                   [1, 1, 1, 1])}}),
          {("PRE005", p2)}),
        c("registration-art-in-trim", "ink", on_page(b"q /Reg cs 1 scn " + BOX[2:],
                                                      {"/ColorSpace": {"/Reg": direct(pikepdf.Array(REGISTRATION))}}),
          {("PRE016", p2)}),
        c("registration-text-in-trim", "ink", _canvas_on_page_2(_registration_text), {("PRE016", p2)}),
        c("rich-black-350-stroke", "ink", on_page(b"q 0.9 0.8 0.8 1 K 4 w 40 40 100 100 re S Q"), {("PRE005", p2)}),
        # images
        c("low-ppi-image", "images", on_page(b"q 100 0 0 100 40 40 cm /Im Do Q",
                                             {"/XObject": {"/Im": image(4, 4, N.DeviceGray, GREY)}}),
          {("PRE004", p2)}),
        c("low-ppi-inline-image", "images", on_page(b"q 72 0 0 72 40 40 cm BI /W 72 /H 72 /CS /CMYK /BPC 8 ID "
                                                    + bytes(72 * 72 * 4) + b" EI Q"), {("PRE004", p2)}),
        c("low-ppi-in-form", "images", on_page(b"q /F Do Q", {"/XObject": {"/F": form(
            b"q 100 0 0 100 0 0 cm /Im Do Q", {"/XObject": {"/Im": image(2, 2, N.DeviceGray, bytes(4))}})}}),
          {("PRE004", p2)}),
        c("rgb-image-in-pattern", "images", on_page(b"q /Pattern cs /P scn " + BOX[2:], {"/Pattern": {"/P": _pattern(
            b"q 20 0 0 20 0 0 cm /Im Do Q", {"/XObject": {"/Im": image(2, 2, N.DeviceRGB, bytes(12))}})}}),
          {("PRE001", p2), ("PRE004", p2)}),
        # fonts and type
        c("helvetica-not-embedded", "fonts", _canvas_on_page_2(_helvetica), {("PRE003", p2)}),
        c("cid-not-embedded", "fonts", _canvas_on_page_2(_cid), {("PRE003", p2)}),
        c("small-four-colour-text", "fonts", _canvas_on_page_2(_text_4pt()), {("PRE006", p2)}),
        c("truetype-without-program", "fonts", on_page(b"BT /TT 12 Tf 40 40 Td (x) Tj ET", {"/Font": {"/TT": direct(
            pikepdf.Dictionary(Type=N.Font, Subtype=N.TrueType, BaseFont=N("/Arial"), FirstChar=32, LastChar=32,
                               Widths=[500], FontDescriptor=pikepdf.Dictionary(
                                   Type=N.FontDescriptor, FontName=N("/Arial"), Flags=32,
                                   FontBBox=[0, 0, 1000, 1000], ItalicAngle=0, Ascent=900, Descent=-200,
                                   CapHeight=700, StemV=80)))}}), {("PRE003", p2)}),
        # boxes
        c("no-trimbox", "boxes", _boxes(drop=("/TrimBox",)), {("PRE007", p2)}),
        c("trim-outside-bleed", "boxes", _boxes(trim=(-10, -10, 90, 90)), {("PRE007", p2)}),
        c("trim-and-art", "boxes", _boxes(art=(3, 3, 103, 103)), {("PRE007", p2)}),
        c("bleed-1mm", "boxes", _boxes(bleed=(2, 2, 104, 104)), {("PRE008", p2)}),
        c("art-stops-at-trim", "boxes", lambda: clean(draw=lambda cv, page: _white_bleed(cv) if page == 2 else None),
          {("PRE017", p2)}),
        c("art-touches-trim-no-room", "boxes", _boxes(media=(3, 3, 103, 103), drop=("/BleedBox",)), {("PRE008", p2)}),
        # metadata
        c("no-output-intent", "metadata", _root(lambda pdf: pdf.Root.__delattr__("OutputIntents")), {("PRE002", doc)}),
        c("rgb-output-intent", "metadata", _root(_rgb_intent), {("PRE002", doc)}),
        c("two-output-intents", "metadata", _root(_second_intent), {("PRE002", doc)}),
        c("no-pdfx-version", "metadata", _set("/GTS_PDFXVersion", None), {("PRE002", doc)}),
        c("pdfx-9", "metadata", _set("/GTS_PDFXVersion", pikepdf.String("PDF/X-9")), {("PRE002", doc)}),
        c("trapped-unknown", "metadata", _set("/Trapped", N.Unknown), {("PRE011", doc)}),
        c("no-xmp", "metadata", _root(lambda pdf: pdf.Root.__delattr__("Metadata")), {("PRE011", doc)}),
        c("no-dates", "metadata", _root(lambda pdf: (pdf.docinfo.__delitem__("/CreationDate"),
                                                     pdf.docinfo.__delitem__("/ModDate"))), {("PRE011", doc)}),
        c("no-title", "metadata", _set("/Title", None), {("PRE011", doc)}),
        # transparency
        c("x1a-alpha", "transparency", on_page(b"q /A gs " + BOX[2:], {"/ExtGState": {"/A": direct(
            pikepdf.Dictionary(Type=N.ExtGState, ca=0.5))}}, pdfx="x-1a"), {("PRE009", p2)}),
        c("x1a-group-form", "transparency", on_page(b"q /G Do Q", {"/XObject": {"/G": form(
            b"0 0 0 1 k 0 0 50 50 re f", Group=pikepdf.Dictionary(S=N.Transparency, CS=N.DeviceCMYK))}}, pdfx="x-1a"),
          {("PRE009", p2)}),
        c("x1a-page-group", "transparency", lambda: edit(clean("x-1a"), lambda pdf: pdf.pages[1].obj.__setitem__(
            "/Group", pikepdf.Dictionary(S=N.Transparency, CS=N.DeviceCMYK))), {("PRE009", p2)}),
        c("x1a-soft-mask-image", "transparency", on_page(b"q 10 0 0 10 40 40 cm /Im Do Q", {"/XObject": {
            "/Im": lambda pdf: image(60, 60, N.DeviceCMYK, bytes(14400), SMask=image(60, 60, N.DeviceGray,
                                                                                     bytes(3600))(pdf))(pdf)}},
            pdfx="x-1a"), {("PRE009", p2)}),
        c("x1a-blend-mode", "transparency", on_page(b"q /M gs " + BOX[2:], {"/ExtGState": {"/M": direct(
            pikepdf.Dictionary(Type=N.ExtGState, BM=N.Multiply))}}, pdfx="x-1a"), {("PRE009", p2)}),
        c("transfer-function", "transparency", on_page(b"q /T gs " + BOX[2:], {"/ExtGState": {"/T": direct(
            pikepdf.Dictionary(Type=N.ExtGState, TR=pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0],
                                                                       C1=[1], N=0.5)))}}), {("PRE015", p2)}),
        # actions and the document
        c("encrypted", "actions", _encrypted, {("PRE012", doc)}),
        c("javascript-open-action", "actions", _root(lambda pdf: pdf.Root.__setattr__("OpenAction", pikepdf.Dictionary(
            S=N.JavaScript, JS=pikepdf.String("app.alert(1)")))), {("PRE013", doc)}),
        c("document-javascript", "actions", _root(lambda pdf: pdf.Root.__setattr__("Names", pikepdf.Dictionary(
            JavaScript=pikepdf.Dictionary(Names=pikepdf.Array([]))))), {("PRE013", doc)}),
        c("form-field", "actions", _page2(_widget), {("PRE013", doc), ("PRE013", p2)}),
        c("embedded-file", "actions", _root(_embedded_file), {("PRE013", doc)}),
        c("page-actions", "actions", _page2(lambda pdf, page: page.__setitem__("/AA", pikepdf.Dictionary(
            O=pikepdf.Dictionary(S=N.JavaScript, JS=pikepdf.String("1"))))), {("PRE013", p2)}),
        c("link-in-trim", "actions", _link(inside=True), {("PRE014", p2)}),
        c("missing-xobject", "actions", on_page(b"q /Nowhere Do Q"), {("PRE010", p2)}),
    ]


def _white_bleed(canvas) -> None:
    """Page 2's background stops at the trim: white paper all round it, inside a perfect BleedBox."""
    from reportlab.lib.colors import CMYKColor

    side = (TRIM + 2 * BLEED) * MM
    canvas.setFillColor(CMYKColor(0, 0, 0, 0))
    canvas.rect(0, 0, side, side, stroke=0, fill=1)
    canvas.setFillColor(CMYKColor(0.3, 0.1, 0, 0))
    canvas.rect(BLEED * MM, BLEED * MM, TRIM * MM, TRIM * MM, stroke=0, fill=1)


def _art_box_only(pdf, page):
    page.ArtBox = page.TrimBox
    del page["/TrimBox"]


def _clear_of_the_trim(cv, page) -> None:
    """White paper over the background: nothing reaches the trim, so no bleed is needed."""
    from reportlab.lib.colors import CMYKColor

    side = (TRIM + 2 * BLEED) * MM
    cv.setFillColor(CMYKColor(0, 0, 0, 0))
    cv.rect(0, 0, side, side, stroke=0, fill=1)
    cv.setFillColor(CMYKColor(0, 0, 0, 1))
    cv.rect(30 * MM, 30 * MM, 40 * MM, 40 * MM, stroke=0, fill=1)


def legal() -> list[Case]:
    none = frozenset()
    c = Case
    return [
        c("art-box-only", "legal", _page2(_art_box_only), none),
        c("no-bleedbox-nothing-at-the-trim", "legal", lambda: edit(
            clean(draw=_clear_of_the_trim), lambda pdf: [(p.obj.__setitem__("/MediaBox", p.obj.TrimBox),
                                                         p.obj.__delitem__("/BleedBox")) for p in pdf.pages]), none),
        c("no-bleedbox-media-bleeds", "legal", _boxes(media=(-10, -10, 116, 116), drop=("/BleedBox",)), none),
        c("invisible-small-text", "legal", _canvas_on_page_2(_text_4pt(mode=3)), none),
        c("four-colour-text-6pt", "legal", _canvas_on_page_2(_text_4pt(size=6)), none),
        c("icc-cmyk-fill", "legal", on_page(b"q /C cs 0.2 0.4 0.6 0.1 scn " + BOX[2:], {"/ColorSpace": {"/C": _icc(4)}}),
          none),
        c("spot-cmyk-alternate", "legal", on_page(b"q /Gold cs 1 scn " + BOX[2:],
                                                  {"/ColorSpace": {"/Gold": direct(pikepdf.Array(CMYK_SPOT))}}), none),
        c("rotated-page", "legal", _page2(lambda pdf, page: page.__setitem__("/Rotate", 90)), none),
        c("x1a-opaque", "legal", lambda: clean("x-1a"), none),
        c("stencil-mask-low-res", "legal", on_page(b"q 0 0 0 1 k 100 0 0 100 40 40 cm /M Do Q", {"/XObject": {
            "/M": lambda pdf: pdf.make_stream(bytes(8), Type=N.XObject, Subtype=N.Image, Width=8, Height=8,
                                              ImageMask=True, BitsPerComponent=1)}}), none),
        c("grey-image-300ppi", "legal", on_page(b"q 72 0 0 72 40 40 cm /Im Do Q", {"/XObject": {"/Im": image(
            300, 300, N.DeviceGray, bytes([100]) * 90000)}}), none),
        c("cmyk-tiling-pattern", "legal", on_page(b"q /Pattern cs /P scn " + BOX[2:], {"/Pattern": {"/P": _pattern(
            b"q 0 0.5 0.5 0 k 0 0 10 10 re f Q", {})}}), none),
        c("link-outside-bleed", "legal", _link(inside=False), none),
        c("rich-black-270", "legal", on_page(b"q 0.6 0.5 0.2 0.9 k " + BOX[2:]), none),
        c("goto-open-action", "legal", _root(lambda pdf: pdf.Root.__setattr__("OpenAction", pikepdf.Array(
            [pdf.pages[0].obj, N.Fit]))), none),
        c("form-dag-10-levels", "legal", lambda: dag_pdf(10), none),
        c("registration-marks-in-slug", "legal", lambda: edit(clean(), _marks_in_slug), none),
    ]


def _marks_in_slug(pdf) -> None:
    page = pdf.pages[1]
    page.obj.MediaBox = pikepdf.Array([-40, -40, 340, 340])
    page.Resources.ColorSpace = pikepdf.Dictionary(Reg=pikepdf.Array(REGISTRATION))
    page.contents_add(pdf.make_stream(b"q /Reg CS 1 SCN 0.25 w 8.5 -5 m 8.5 -30 l S -5 8.5 m -30 8.5 l S Q"))
