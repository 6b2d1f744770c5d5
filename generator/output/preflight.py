"""Preflight: what a print shop's checker would reject in a PDF, page by page, with the object named.

Reads the PDF with pikepdf and walks every page's content stream and the forms
it draws, keeping the graphics state a RIP keeps (transformation, colours,
text size), so that an image's resolution is measured at its placed size and
a colour is reported where it is set. Checks: non-CMYK colour (RGB, RGB-based
ICC or Lab, in operators, pictures and shadings), the PDF/X output intent and
version, fonts not embedded, images under the profile's resolution, total ink
over its limit, small text in more than one ink, TrimBox/BleedBox and bleed,
and transparency in PDF/X-1a.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import NamedTuple

from generator.diagnostics import Diagnostic, Span, make
from generator.output.preflight_state import Graphics, Matrix, colour_space_kind, font_embedded

MM = 72 / 25.4
SMALL_TEXT = 5.0      # points: under this, type in two or more inks blurs when the plates register badly
FOUR_COLOUR = ("rg", "RG")


class Limits(NamedTuple):
    bleed: float = 3.0        # mm
    min_ppi: int = 300
    max_ink: int = 300        # percent
    pdfx: str = "x-4"


def limits_of(profile) -> Limits:
    return Limits(profile.bleed, profile.min_ppi, profile.max_ink, profile.pdfx if profile.pdfx != "none" else "x-4")


def preflight(path: Path, limits: Limits = Limits(), shown: PurePosixPath | None = None,
              data: bytes | None = None) -> list[Diagnostic]:
    """Every finding for one PDF (read from `data` when given, else from `path`); `shown` names it."""
    import pikepdf

    shown = shown or PurePosixPath(path.as_posix())
    try:
        pdf = pikepdf.open(path) if data is None else pikepdf.open(__import__("io").BytesIO(data))
    except (pikepdf.PdfError, OSError) as error:
        return [make("PRE010", f"{shown} cannot be read as a PDF: {error}", Span(shown, 1, 1))]
    with pdf:
        walk = _Walk(shown, limits)
        walk.document(pdf)
        for number, page in enumerate(pdf.pages, start=1):
            walk.page(number, page)
    return walk.found


def grouped(found: list[Diagnostic], first_pages: int = 8) -> list[Diagnostic]:
    """For reading: the page findings of one code in one PDF as one line, with their count, their pages (the
    first `first_pages` of them) and the first finding, in the place of the first; other findings as they are.
    A proof's 60 pages of small four-colour marks are one line; `--format json` keeps every finding."""
    members: dict[tuple, list[Diagnostic]] = {}
    for d in found:
        if d.code.startswith("PRE") and d.span and d.message.startswith(f"{d.span.file}: page {d.span.line}: "):
            members.setdefault((d.span.file, d.code), []).append(d)
    said, out = set(), []
    for d in found:
        key = (d.span.file, d.code) if d.span else None
        group = members.get(key, ())
        if len(group) < 2 or not any(member is d for member in group):
            out.append(d)
            continue
        if key in said:
            continue
        said.add(key)
        pages = sorted({member.span.line for member in group})
        listed = ", ".join(map(str, pages[:first_pages])) + (" …" if len(pages) > first_pages else "")
        first = d.message[len(f"{d.span.file}: "):]
        out.append(d._replace(
            message=f"{d.span.file}: {len(group)} findings on {len(pages)} page{'s' * (len(pages) != 1)} "
                    f"({listed}); the first, {first}",
            hint=f"{d.hint} (`--format json` lists every finding.)".lstrip()))
    return out


class _Walk:
    def __init__(self, shown: PurePosixPath, limits: Limits):
        self.shown, self.limits = shown, limits
        self.found: list[Diagnostic] = []
        self._said: set[tuple] = set()          # one finding per page, kind and object
        self.number = 0
        self._forms: dict[tuple, list[tuple]] = {}    # a form's findings under one incoming state
        self._recording: list[list[tuple]] = []      # the forms being walked, each collecting its findings
        self._fonts: dict = {}                       # a font's dictionary → whether it carries its program

    def report(self, code: str, what: str, key: tuple, hint: str = "") -> None:
        for findings in self._recording:
            findings.append((code, what, key, hint))
        if (self.number, code) + key in self._said:
            return
        self._said.add((self.number, code) + key)
        where = f"page {self.number}: " if self.number else ""
        self.found.append(make(code, f"{self.shown}: {where}{what}", Span(self.shown, max(self.number, 1), 1), hint))

    # the document ---------------------------------------------------------------
    def document(self, pdf) -> None:
        intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
        if not intents or "/DestOutputProfile" not in intents[0]:
            self.report("PRE002", "no PDF/X output intent (the ICC profile of the printing condition)", (),
                        "Build with `--profile press`, which writes PDF/X-4 with the FOGRA39 profile.")
        elif int(intents[0].DestOutputProfile.get("/N", 0)) != 4:
            self.report("PRE002", "the output intent's ICC profile is not CMYK", ("n",))
        if "/GTS_PDFXVersion" not in pdf.docinfo:
            self.report("PRE002", "no GTS_PDFXVersion in the document information: not marked as PDF/X", ("v",))

    # a page -----------------------------------------------------------------------
    def page(self, number: int, page) -> None:
        self.number = number
        self._boxes(page.obj)
        self._content(page, page.resources, Graphics(Matrix()), set())

    def _boxes(self, page) -> None:
        media = _box(page, "/MediaBox")
        trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
        hint = "Every page needs a TrimBox (the cut) inside a BleedBox inside the MediaBox."
        if trim is None or bleed is None:
            self.report("PRE007", f"no {'TrimBox' if trim is None else 'BleedBox'}", (), hint)
            return
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            self.report("PRE007", f"inconsistent boxes: TrimBox {_mm(trim)} must lie in BleedBox {_mm(bleed)}, "
                                  f"inside MediaBox {_mm(media)} (mm)", ("in",), hint)
            return
        short = min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]) / MM
        if short + 0.01 < self.limits.bleed:
            self.report("PRE008", f"bleed of {short:.1f} mm where the print shop needs {self.limits.bleed:g} mm",
                        (), "Extend backgrounds past the cut and set the BleedBox (the press profile does both).")

    # content ----------------------------------------------------------------------------
    def _content(self, owner, resources, state: Graphics, forms: set) -> None:
        import pikepdf

        try:
            instructions = pikepdf.parse_content_stream(owner)
        except pikepdf.PdfError as error:
            self.report("PRE010", f"a content stream cannot be read: {error}", ("stream",))
            return
        fonts = resources.get("/Font", {}) if resources is not None else {}
        stack: list[Graphics] = []
        for instruction in instructions:
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                self._inline_image(instruction.iimage, state)
                continue
            operands, op = instruction.operands, str(instruction.operator)
            if op == "q":
                stack.append(state.copy())
            elif op == "Q" and stack:
                state = stack.pop()
            elif op == "cm":
                state.ctm = Matrix(*(float(v) for v in operands)) @ state.ctm
            elif op in FOUR_COLOUR:
                self.report("PRE001", f"an RGB colour ({op} {' '.join(f'{float(v):g}' for v in operands)})",
                            (op, tuple(float(v) for v in operands)), _CMYK_HINT)
            elif op in ("k", "K"):
                self._ink(state, op == "k", tuple(float(v) for v in operands))
            elif op in ("g", "G"):
                state.set_colour(op == "g", "grey", (1 - float(operands[0]),))
            elif op in ("cs", "CS"):
                kind = colour_space_kind(operands[0], resources)
                state.set_colour(op == "cs", kind, ())
                if kind not in ("cmyk", "grey", "spot", "pattern"):
                    self.report("PRE001", f"colour space {operands[0]} is {kind}, not CMYK, grey or a spot colour",
                                ("cs", str(operands[0])), _CMYK_HINT)
            elif op in ("sc", "scn", "SC", "SCN"):
                fill = op in ("sc", "scn")
                if (state.fill_space if fill else state.stroke_space) == "cmyk" and len(operands) == 4:
                    self._ink(state, fill, tuple(float(v) for v in operands))
            elif op == "gs":
                self._ext_gstate(resources, operands[0])
            elif op == "sh":
                self._shading(resources, operands[0])
            elif op == "BT":
                state.text = Matrix()
            elif op == "Tf":
                state.font, state.size = str(operands[0]), float(operands[1])
            elif op == "Tm":
                state.text = Matrix(*(float(v) for v in operands))
            elif op in ("Tj", "TJ", "'", '"'):
                self._text(state, fonts)
            elif op == "Do":
                self._xobject(resources, operands[0], state, forms)

    def _ink(self, state: Graphics, fill: bool, cmyk: tuple) -> None:
        state.set_colour(fill, "cmyk", cmyk)
        total = sum(cmyk) * 100
        if total > self.limits.max_ink + 0.5:
            self.report("PRE005", f"total ink {total:.0f} % (C {cmyk[0]:.0%} M {cmyk[1]:.0%} Y {cmyk[2]:.0%} "
                                  f"K {cmyk[3]:.0%}) over the {self.limits.max_ink} % limit",
                        (tuple(round(v, 3) for v in cmyk),),
                        "Lower the colour's C, M and Y (a rich black: 60/40/40/100 is 240 %).")

    def _text(self, state: Graphics, fonts) -> None:
        size = state.size * (state.text @ state.ctm).scale()
        inks = sum(1 for part in state.fill_values if part > 0.004) if state.fill_space == "cmyk" else 1
        if size < SMALL_TEXT - 0.01 and inks > 1:
            self.report("PRE006", f"text of {size:.1f} pt in {inks} inks (font {state.font})",
                        (state.font, round(size, 1)),
                        "Small type prints sharp in one ink: black text should be K only.")
        font = fonts.get(state.font) if state.font else None
        if font is not None and not self._embedded(font):
            self.report("PRE003", f"font {font.get('/BaseFont', state.font)} is not embedded", (str(state.font),),
                        "Embed every font (Imprenta's own fonts are embedded as subsets).")

    def _embedded(self, font) -> bool:
        if not font.is_indirect:
            return font_embedded(font)
        if font.objgen not in self._fonts:
            self._fonts[font.objgen] = font_embedded(font)
        return self._fonts[font.objgen]

    def _xobject(self, resources, name, state: Graphics, forms: set) -> None:
        import pikepdf

        xobject = resources.get("/XObject", {}).get(name) if resources is not None else None
        if xobject is None:
            return
        if xobject.get("/Subtype") == pikepdf.Name.Form:
            if xobject.objgen in forms and xobject.objgen != (0, 0):
                return        # a form drawing itself: drawn once is enough to see its colours
            matrix = Matrix(*(float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])))
            inner = state.copy()
            inner.ctm = matrix @ state.ctm
            known = _form_key(xobject, inner, resources)
            if known in self._forms:           # drawn before under the same state (a map on every tile):
                for finding in self._forms[known]:     # the same findings, said again for this page
                    self.report(*finding)
                return
            self._recording.append([])
            try:
                self._content(xobject, xobject.get("/Resources", resources), inner, forms | {xobject.objgen})
            finally:
                found = self._recording.pop()
            if known is not None:
                self._forms[known] = found
        elif xobject.get("/Subtype") == pikepdf.Name.Image:
            self._image(xobject, str(name), state, resources)

    def _image(self, image, name: str, state: Graphics, resources) -> None:
        width, height = int(image.get("/Width", 0)), int(image.get("/Height", 0))
        placed_w, placed_h = state.ctm.lengths()
        if image.get("/ImageMask") is not True and placed_w > 0 and placed_h > 0:
            ppi = min(width / (placed_w / 72), height / (placed_h / 72))
            if ppi + 0.5 < self.limits.min_ppi:
                self.report("PRE004", f"image {name} ({width}×{height} px) is {ppi:.0f} ppi at its placed size of "
                                      f"{placed_w / MM:.1f}×{placed_h / MM:.1f} mm; the print shop needs "
                                      f"{self.limits.min_ppi}", (name,),
                            "Give a larger picture, or place it smaller.")
        kind = colour_space_kind(image.get("/ColorSpace"), resources) if "/ColorSpace" in image else "grey"
        if kind not in ("cmyk", "grey", "spot"):
            self.report("PRE001", f"image {name} is in {kind}, not CMYK", ("image", name), _CMYK_HINT)
        if self.limits.pdfx == "x-1a" and "/SMask" in image:
            self.report("PRE009", f"image {name} has a soft mask (transparency), which PDF/X-1a forbids", (name,))

    def _inline_image(self, image, state: Graphics) -> None:
        space = str(image.obj.get("/CS", image.obj.get("/ColorSpace", "")))
        if space in ("/RGB", "/DeviceRGB"):
            self.report("PRE001", "an inline image in RGB", ("inline",), _CMYK_HINT)

    def _shading(self, resources, name) -> None:
        shading = resources.get("/Shading", {}).get(name) if resources is not None else None
        if shading is not None:
            kind = colour_space_kind(shading.get("/ColorSpace"), resources)
            if kind not in ("cmyk", "grey", "spot"):
                self.report("PRE001", f"shading {name} is in {kind}", ("sh", str(name)), _CMYK_HINT)

    def _ext_gstate(self, resources, name) -> None:
        if self.limits.pdfx != "x-1a" or resources is None:
            return
        state = resources.get("/ExtGState", {}).get(name)
        if state is None:
            return
        soft = state.get("/SMask")
        alpha = min(float(state.get("/ca", 1)), float(state.get("/CA", 1)))
        if (soft is not None and str(soft) != "/None") or alpha < 1:
            self.report("PRE009", f"graphics state {name} is transparent, which PDF/X-1a forbids", (str(name),))


def _form_key(form, state: Graphics, resources) -> tuple | None:
    """What a form's findings depend on: the form, the scale and rotation it is drawn at (an image's
    resolution, a text's size), the fill it inherits (the inks of text it does not colour itself) and the
    font it inherits; None when it borrows resources that are no object of their own (not worth a key)."""
    borrowed = None
    if "/Resources" not in form and resources is not None:
        borrowed = resources.objgen if resources.is_indirect else None
        if borrowed is None:
            return None
    m = state.ctm
    return (form.objgen, borrowed, round(m.a, 4), round(m.b, 4), round(m.c, 4), round(m.d, 4), state.fill_space,
            state.fill_values, state.font, state.size)


_CMYK_HINT = "Give the colour in CMYK (`{cmyk: [c, m, y, k]}` in the palette) or build with `--profile press`."


def _box(page, key: str):
    value = page.get(key)
    if value is None and key == "/MediaBox":
        value = page.get("/MediaBox")
    return None if value is None else [float(v) for v in value]


def _inside(inner, outer, slack: float = 0.01) -> bool:
    return (inner[0] + slack >= outer[0] and inner[1] + slack >= outer[1] and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def _mm(box) -> str:
    return "[" + " ".join(f"{v / MM:.1f}" for v in box) + "]"
