"""The content of a PDF's pages as a RIP draws it, walked once per form and state, for preflight.

Every page's content stream and every form, pattern, picture and shading it
draws is visited keeping the graphics state a RIP keeps (transformation,
colours, text size and mode, the path being built), so an image's resolution is
measured at its placed size and a colour is reported where it is set. Forms are
memoised by what their findings depend on, and each form is walked under a few
states at most, so a file whose forms draw each other as a DAG (2^40 paths in a
few kilobytes) costs its size, not its paths; nesting and the total work are
bounded, and a file past either bound ends in PRE018, never a hang.
"""

from __future__ import annotations

from generator.output.preflight.ink import picture_ink, picture_ink_pil, shading_ink
from generator.output.preflight.state import (
    MM,
    Graphics,
    Matrix,
    colour_space_kind,
    font_embedded,
    form_key,
    inside_trim,
    resolved,
    resource,
)

SMALL_TEXT = 5.0        # points: under this, type in two or more inks blurs when the plates register badly
MAX_DEPTH = 48          # forms and patterns drawn inside each other (PDF's own limit for q is 28)
MAX_WORK = 3_000_000    # content-stream instructions walked per file
STATES_PER_FORM = 4     # a form drawn under more states than this is said to be like its first
RENDERABLE = 2_000_000  # a page's cost to a renderer (instructions, forms as often as drawn): more is not rendered
FORM_COST = 50          # a renderer sets up each form it draws (a DAG of small forms is all set-up)
MAX_PIXELS = 40_000_000  # an image larger than this is not decoded to measure its ink
PAINT_FILL = {"f", "F", "f*", "B", "B*", "b", "b*"}
PAINT_STROKE = {"S", "s", "B", "B*", "b", "b*"}
CMYK_HINT = "Give the colour in CMYK (`{cmyk: [c, m, y, k]}` in the palette) or build with `--profile press`."
PRINTABLE = ("cmyk", "grey", "spot", "registration", "pattern")


class Stopped(Exception):
    """The file is past preflight's bounds (nesting or work)."""


class Walk:
    """Findings of one document's content; `report(code, what, key, hint)` is the preflight's own."""

    def __init__(self, report, limits):
        self.report, self.limits = report, limits
        self.x1a = limits.pdfx == "x-1a"
        self.work = 0
        self.expanded = 0                   # the last page's cost to a renderer (forms counted as often as drawn)
        self.trim: tuple | None = None
        self._forms: dict[tuple, tuple[list, int]] = {}   # a form's findings and expanded cost under one state
        self._states: dict[tuple, list[tuple]] = {}      # the states each form was walked under
        self._recording: list[list[tuple]] = []          # the forms being walked, each collecting its findings
        self._fonts: dict = {}
        self._inks: dict = {}                            # an image or shading → its highest total ink
        self._checked: dict = {}                         # a graphics state → its findings

    def say(self, code: str, what: str, key: tuple, hint: str = "") -> None:
        for findings in self._recording:
            findings.append((code, what, key, hint))
        self.report(code, what, key, hint)

    # a page -----------------------------------------------------------------------
    def page(self, page, trim) -> None:
        self.trim = trim
        group = page.obj.get("/Group")
        if group is not None:
            self._group(group, page.resources, "the page")
        self.expanded = self._content(page, page.resources, Graphics(Matrix()), 0, frozenset())

    # content ----------------------------------------------------------------------
    def _content(self, owner, resources, state: Graphics, depth: int, drawing: frozenset) -> int:
        """Walk one content stream; its expanded cost (instructions, with forms counted as drawn)."""
        import pikepdf

        if depth > MAX_DEPTH:
            raise Stopped(f"forms or patterns nested more than {MAX_DEPTH} deep")
        try:
            instructions = pikepdf.parse_content_stream(owner)
        except pikepdf.PdfError as error:
            self.say("PRE010", f"a content stream cannot be read: {error}", ("stream",))
            return 0
        self.work += len(instructions)
        if self.work > MAX_WORK:
            raise Stopped(f"more than {MAX_WORK:,} drawing instructions")
        cost = len(instructions)
        fonts = resources.get("/Font", {}) if isinstance(resources, pikepdf.Dictionary) else {}
        stack: list[Graphics] = []
        path: list[tuple[float, float]] = []
        for instruction in instructions:
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                self._inline_image(instruction.iimage, state, resources)
                continue
            operands, op = instruction.operands, str(instruction.operator)
            try:
                if op in ("m", "l"):
                    path.append(state.ctm.apply(float(operands[0]), float(operands[1])))
                elif op in ("c", "v", "y"):
                    path.extend(state.ctm.apply(float(operands[i]), float(operands[i + 1]))
                                for i in range(0, len(operands) - 1, 2))
                elif op == "re":
                    x, y, w, h = (float(v) for v in operands)
                    path.extend(state.ctm.apply(px, py) for px, py in ((x, y), (x + w, y + h), (x, y + h), (x + w, y)))
                elif op in PAINT_FILL or op in PAINT_STROKE or op == "n":
                    self._painted(path, state, op)
                    path = []
                elif op == "q":
                    stack.append(state.copy())
                elif op == "Q" and stack:
                    state = stack.pop()
                elif op == "cm":
                    state.ctm = Matrix(*(float(v) for v in operands)) @ state.ctm
                else:
                    cost += self._operator(op, operands, state, resources, fonts, depth, drawing)
            except (ValueError, TypeError, IndexError):
                self.say("PRE010", f"an operator `{op}` with operands it cannot take", ("operands", op))
        return cost

    def _operator(self, op, operands, state, resources, fonts, depth, drawing) -> int:
        if op in ("rg", "RG"):
            self.say("PRE001", f"an RGB colour ({op} {' '.join(f'{float(v):g}' for v in operands)})",
                     (op, tuple(float(v) for v in operands)), CMYK_HINT)
        elif op in ("k", "K"):
            self._ink(state, op == "k", tuple(float(v) for v in operands))
        elif op in ("g", "G"):
            state.set_colour(op == "g", "grey", (1 - float(operands[0]),))
        elif op in ("cs", "CS"):
            kind = colour_space_kind(operands[0], resources)
            state.set_colour(op == "cs", kind, ())
            if kind not in PRINTABLE:
                self.say("PRE001", f"colour space {operands[0]} is {kind}, not CMYK, grey or a spot colour",
                         ("cs", str(operands[0])), CMYK_HINT)
        elif op in ("sc", "scn", "SC", "SCN"):
            fill = op in ("sc", "scn")
            space = state.fill_space if fill else state.stroke_space
            if space == "cmyk" and len(operands) == 4:
                self._ink(state, fill, tuple(float(v) for v in operands))
            elif operands and str(operands[-1]).startswith("/"):         # a pattern, by name
                return self._pattern(resources, operands[-1], state, depth, drawing)
            elif space in ("spot", "registration"):
                state.set_colour(fill, space, tuple(float(v) for v in operands))
        elif op == "gs":
            self._ext_gstate(resources, operands[0])
        elif op == "sh":
            self._shading(resource(resources, "/Shading", operands[0]), str(operands[0]), resources)
        elif op == "BT":
            state.text = Matrix()
        elif op == "Tf":
            state.font, state.size = str(operands[0]), float(operands[1])
        elif op == "Tr":
            state.render = int(operands[0])
        elif op == "Tm":
            state.text = Matrix(*(float(v) for v in operands))
        elif op in ("Td", "TD"):
            state.text = Matrix(1, 0, 0, 1, float(operands[0]), float(operands[1])) @ state.text
        elif op in ("Tj", "TJ", "'", '"'):
            self._text(state, fonts)
        elif op == "Do":
            return self._xobject(resources, operands[0], state, depth, drawing)
        return 0

    # colour -------------------------------------------------------------------------
    def _ink(self, state: Graphics, fill: bool, cmyk: tuple) -> None:
        state.set_colour(fill, "cmyk", cmyk)
        self._total(sum(cmyk) * 100, f"(C {cmyk[0]:.0%} M {cmyk[1]:.0%} Y {cmyk[2]:.0%} K {cmyk[3]:.0%})",
                    (tuple(round(v, 3) for v in cmyk),))

    def _total(self, total: float, what: str, key: tuple) -> None:
        if total > self.limits.max_ink + 0.5:
            self.say("PRE005", f"total ink {total:.0f} % {what} over the {self.limits.max_ink} % limit", key,
                     "Lower the colour's C, M and Y (a rich black: 60/40/40/100 is 240 %).")

    def _painted(self, path, state: Graphics, op: str) -> None:
        """Registration (the Separation `All`, 100 % of every plate) is for marks outside the trim."""
        if not path or self.trim is None:
            return
        uses = (op in PAINT_FILL and state.fill_space == "registration") or \
               (op in PAINT_STROKE and state.stroke_space == "registration")
        if uses and inside_trim(path, self.trim):
            self.say("PRE016", "art in Registration colour (every plate at 100 %) inside the trim", ("path",),
                     "Registration is for crop and cut marks in the slug: draw art in CMYK or a spot colour.")

    def _text(self, state: Graphics, fonts) -> None:
        if state.render in (3, 7):         # invisible text (a searchable layer): it prints nothing
            return
        size = state.size * (state.text @ state.ctm).scale()
        if state.fill_space == "cmyk":
            inks = sum(1 for part in state.fill_values if part > 0.004)
        else:
            inks = 4 if state.fill_space == "registration" else 1
        if size < SMALL_TEXT - 0.01 and inks > 1:
            self.say("PRE006", f"text of {size:.1f} pt in {inks} inks (font {state.font})",
                     (state.font, round(size, 1)), "Small type prints sharp in one ink: black text should be K only.")
        if state.fill_space == "registration" and self.trim is not None:
            origin = (state.text @ state.ctm).apply(0, 0)
            if inside_trim([origin], self.trim):
                self.say("PRE016", "text in Registration colour (every plate at 100 %) inside the trim", ("text",),
                         "Registration is for crop and cut marks in the slug: set type in black (K).")
        font = fonts.get(state.font) if state.font else None
        if font is not None and not self._embedded(font):
            self.say("PRE003", f"font {font.get('/BaseFont', state.font)} is not embedded", (str(state.font),),
                     "Embed every font (Imprenta's own fonts are embedded as subsets).")

    def _embedded(self, font) -> bool:
        if not font.is_indirect:
            return font_embedded(font)
        if font.objgen not in self._fonts:
            self._fonts[font.objgen] = font_embedded(font)
        return self._fonts[font.objgen]

    # forms and patterns ---------------------------------------------------------------------
    def _xobject(self, resources, name, state: Graphics, depth: int, drawing: frozenset) -> int:
        import pikepdf

        xobject = resource(resources, "/XObject", name)
        if xobject is None:
            self.say("PRE010", f"the page draws {name}, which is not in its resources", ("missing", str(name)),
                     "The file is damaged: export it again from the program that made it.")
            return 0
        if not isinstance(xobject, pikepdf.Stream):
            return 0
        subtype = xobject.get("/Subtype")
        if subtype == pikepdf.Name.Form:
            group = xobject.get("/Group")
            if group is not None:
                self._group(group, xobject.get("/Resources", resources), f"form {name}")
            return FORM_COST + self._form(xobject, resources, state, depth, drawing, xobject.get("/Matrix"))
        if subtype == pikepdf.Name.Image:
            self._image(xobject, str(name), state, resources)
        return 1

    def _form(self, form, resources, state: Graphics, depth: int, drawing: frozenset, matrix) -> int:
        """A form or tiling pattern, walked once per state that can change its findings."""
        ident = form.objgen
        if ident in drawing and ident != (0, 0):
            self.say("PRE010", "a form that draws itself", ("cycle", ident))
            return 0
        inner = state.copy()
        if matrix is not None:
            inner.ctm = Matrix(*(float(v) for v in matrix)) @ state.ctm
        own = form.get("/Resources", resources)
        key = form_key(form, inner, resources)
        if key is not None:
            seen = self._states.setdefault(ident, [])
            if key not in self._forms and len(seen) >= STATES_PER_FORM:
                key = seen[0]                 # drawn under many states: its findings are its first state's
            if key in self._forms:
                findings, cost = self._forms[key]
                for finding in findings:
                    self.say(*finding)
                return cost
            seen.append(key)
        self._recording.append([])
        try:
            cost = self._content(form, own, inner, depth + 1, drawing | {ident})
        finally:
            found = self._recording.pop()
        if key is not None:
            self._forms[key] = (found, cost)
        return cost

    def _pattern(self, resources, name, state: Graphics, depth: int, drawing: frozenset) -> int:
        import pikepdf

        pattern = resource(resources, "/Pattern", name)
        if pattern is None:
            return 0
        if int(pattern.get("/PatternType", 0)) == 1 and isinstance(pattern, pikepdf.Stream):
            return self._form(pattern, resources, state, depth, drawing, pattern.get("/Matrix"))
        shading = pattern.get("/Shading")
        if shading is not None:
            self._shading(shading, f"{name} (a shading pattern)", resources)
        if "/ExtGState" in pattern:
            self._ext_gstate_object(pattern.ExtGState, str(name))
        return 1

    # pictures and shadings -----------------------------------------------------------------------
    def _image(self, image, name: str, state: Graphics, resources) -> None:
        try:
            width, height = int(image.get("/Width", 0)), int(image.get("/Height", 0))
        except (TypeError, ValueError):
            width = height = 0
        self._resolution(width, height, name, state, image.get("/ImageMask") is True)
        space = image.get("/ColorSpace")
        kind = colour_space_kind(space, resources) if space is not None else "grey"
        if kind not in PRINTABLE:
            self.say("PRE001", f"image {name} is in {kind}, not CMYK", ("image", name), CMYK_HINT)
        elif kind == "cmyk":
            self._total(self._image_ink(image, space, resources), f"in image {name}", ("image", name))
        if self.x1a and ("/SMask" in image or int(image.get("/SMaskInData", 0) or 0)):
            self.say("PRE009", f"image {name} has a soft mask (transparency), which PDF/X-1a forbids", (name,))

    def _resolution(self, width: int, height: int, name: str, state: Graphics, mask: bool) -> None:
        placed_w, placed_h = state.ctm.lengths()
        if mask or placed_w <= 0 or placed_h <= 0 or width <= 0 or height <= 0:
            return
        ppi = min(width / (placed_w / 72), height / (placed_h / 72))
        if ppi + 0.5 < self.limits.min_ppi:
            self.say("PRE004", f"image {name} ({width}×{height} px) is {ppi:.0f} ppi at its placed size of "
                               f"{placed_w / MM:.1f}×{placed_h / MM:.1f} mm; the print shop needs "
                               f"{self.limits.min_ppi}", (name,), "Give a larger picture, or place it smaller.")

    def _image_ink(self, image, space, resources) -> float:
        """The highest C+M+Y+K of any pixel (percent), measured once per picture."""
        if image.objgen in self._inks and image.objgen != (0, 0):
            return self._inks[image.objgen]
        total = 0.0
        try:
            if image.get("/Width", 0) * image.get("/Height", 0) <= MAX_PIXELS:
                total = picture_ink(image, resolved(space, resources))
        except Exception:           # noqa: BLE001 - a picture its decoder refuses is no ink finding
            total = 0.0
        self._inks[image.objgen] = total
        return total

    def _inline_image(self, inline, state: Graphics, resources) -> None:
        obj = inline.obj
        space = obj.get("/CS", obj.get("/ColorSpace"))
        kind = colour_space_kind(space, resources) if space is not None else "grey"
        if kind not in PRINTABLE:
            self.say("PRE001", f"an inline image in {kind}", ("inline",), CMYK_HINT)
        try:
            width, height = int(obj.get("/W", obj.get("/Width", 0))), int(obj.get("/H", obj.get("/Height", 0)))
        except (TypeError, ValueError):
            return
        self._resolution(width, height, "(inline)", state, bool(obj.get("/IM", obj.get("/ImageMask", False))))
        if kind == "cmyk":
            try:
                total = picture_ink_pil(inline.as_pil_image())
            except Exception:       # noqa: BLE001 - a picture its decoder refuses is no ink finding
                total = 0.0
            self._total(total, "in an inline image", ("inline-ink",))

    def _shading(self, shading, name: str, resources) -> None:
        if shading is None:
            return
        kind = colour_space_kind(shading.get("/ColorSpace"), resources)
        if kind not in PRINTABLE:
            self.say("PRE001", f"shading {name} is in {kind}", ("sh", name), CMYK_HINT)
        elif kind == "cmyk":
            key = shading.objgen
            if key not in self._inks or key == (0, 0):
                try:
                    self._inks[key] = shading_ink(shading)
                except Exception:   # noqa: BLE001 - a function it cannot evaluate is no ink finding
                    self._inks[key] = 0.0
            self._total(self._inks[key], f"in shading {name}", ("sh-ink", name))

    # graphics states and groups -------------------------------------------------------------------
    def _ext_gstate(self, resources, name) -> None:
        state = resource(resources, "/ExtGState", name)
        if state is not None:
            self._ext_gstate_object(state, str(name))

    def _ext_gstate_object(self, state, name: str) -> None:
        key = (state.objgen, name) if state.is_indirect else None
        if key is not None and key in self._checked:
            for finding in self._checked[key]:
                self.say(*finding)
            return
        self._recording.append([])
        try:
            transfer = state.get("/TR")
            if (transfer is not None and str(transfer) != "/Identity") or \
                    str(state.get("/TR2", "/Default")) not in ("/Default", "/Identity"):
                self.say("PRE015", f"graphics state {name} sets a transfer function", ("tr", name),
                         "PDF/X forbids transfer functions: the print shop's RIP sets the tone curve.")
            if self.x1a:
                soft = state.get("/SMask")
                alpha = min(float(state.get("/ca", 1)), float(state.get("/CA", 1)))
                blend = str(state.get("/BM", "/Normal"))
                if (soft is not None and str(soft) != "/None") or alpha < 1 or blend not in ("/Normal", "/Compatible"):
                    self.say("PRE009", f"graphics state {name} is transparent, which PDF/X-1a forbids", (name,))
        finally:
            found = self._recording.pop()
        if key is not None:
            self._checked[key] = found

    def _group(self, group, resources, what: str) -> None:
        if str(group.get("/S", "")) != "/Transparency":
            return
        space = group.get("/CS")
        if space is not None:
            kind = colour_space_kind(space, resources)
            if kind not in ("cmyk", "grey"):
                self.say("PRE001", f"{what} is a transparency group blended in {kind}", ("group", kind),
                         "Blend transparency in CMYK (the output intent's space): a RIP may turn black type in an "
                         "RGB group into four-colour black.")
        if self.x1a:
            self.say("PRE009", f"{what} is a transparency group, which PDF/X-1a forbids", ("group",),
                     "Flatten the transparency, or build PDF/X-4.")
