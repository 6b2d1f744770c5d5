"""An independent preflight, to hold `imprenta preflight` to: other readers, other code.

Nothing here imports Imprenta's preflight or pikepdf. Structure and content
streams are read with pypdf; image resolution and colour with poppler's
`pdfimages -list` (its own CTM); font embedding with `pdffonts`; encryption
with `pdfinfo`; ink, Registration and bleed from Ghostscript's CMYK raster
(`tiff32nc`: every plate of every pixel, spot colours through their alternates,
Registration on all four plates), and damage from Ghostscript's own complaints.
It answers in the same vocabulary, {(code, page)}, page 1 for the document.
"""

from __future__ import annotations

import math
import re
import subprocess
import tempfile
from pathlib import Path

MM = 72 / 25.4
RES = 50                       # dpi of the Ghostscript raster
VERSION = re.compile(r"PDF/X-(1a:2001|1a:2003|3:2002|3:2003|4|4p)$")


def check(path: Path, max_ink: int = 300, min_ppi: int = 300, bleed: float = 3.0, raster: bool = True) -> set:
    from pypdf import PdfReader

    found: set = set()
    info = _run(["pdfinfo", str(path)])
    if re.search(r"^Encrypted:\s+yes", info, re.M):
        return {("PRE012", 1)}
    reader = PdfReader(str(path))
    root = reader.trailer["/Root"]
    _document(reader, root, found)
    x1a = str(reader.metadata.get("/GTS_PDFXVersion", "") if reader.metadata else "").startswith("PDF/X-1a")
    boxes_ok, used = {}, {}
    for number, page in enumerate(reader.pages, start=1):
        boxes_ok[number] = _boxes(page, number, bleed, found)
        _annotations(page, number, found)
        content = _Content(found, number, x1a)
        content.page(page)
        used[number] = content.fonts
    _images(path, min_ppi, found)
    _fonts(path, used, found)
    if raster:
        _raster(path, reader, max_ink, bleed, boxes_ok, found)
    return found


def _run(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=300)
    return done.stdout + done.stderr


# the document ------------------------------------------------------------------------------------------
def _document(reader, root, found: set) -> None:
    info = reader.metadata or {}
    version = str(info.get("/GTS_PDFXVersion", ""))
    if not VERSION.match(version):
        found.add(("PRE002", 1))
    intents = [i.get_object() for i in root.get("/OutputIntents", []) if i.get_object().get("/S") == "/GTS_PDFX"]
    profiles = {id(i.get("/DestOutputProfile").get_object()) for i in intents if "/DestOutputProfile" in i}
    if not intents or len(profiles) > 1 or any(
            int(i["/DestOutputProfile"].get_object().get("/N", 0)) != 4 for i in intents if "/DestOutputProfile" in i):
        found.add(("PRE002", 1))
    if any(key not in info for key in ("/Title", "/CreationDate", "/ModDate")) or \
            str(info.get("/Trapped", "")) not in ("/True", "/False"):
        found.add(("PRE011", 1))
    if "/Metadata" not in root and not version.startswith("PDF/X-1a"):
        found.add(("PRE011", 1))
    action = root.get("/OpenAction")
    if action is not None and hasattr(action.get_object(), "get") and \
            action.get_object().get("/S") not in (None, "/GoTo"):
        found.add(("PRE013", 1))
    names = root.get("/Names")
    if names is not None and ("/JavaScript" in names.get_object() or "/EmbeddedFiles" in names.get_object()):
        found.add(("PRE013", 1))
    form = root.get("/AcroForm")
    if form is not None and len(form.get_object().get("/Fields", [])):
        found.add(("PRE013", 1))
    if "/AA" in root:
        found.add(("PRE013", 1))


def _raw_box(page, key):
    value = page.get(key)
    if value is None:
        return None
    v = [float(x) for x in value.get_object()]
    return [min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3])]


def _boxes(page, number: int, bleed: float, found: set) -> bool:
    media = _raw_box(page, "/MediaBox")
    trim, art, bleedbox = _raw_box(page, "/TrimBox"), _raw_box(page, "/ArtBox"), _raw_box(page, "/BleedBox")
    if trim and art or not (trim or art):
        found.add(("PRE007", number))
        return False
    finished = trim or art
    outer = bleedbox or _raw_box(page, "/CropBox") or media

    def within(a, b):
        return all(a[i] >= b[i] - 0.01 for i in (0, 1)) and all(a[i] <= b[i] + 0.01 for i in (2, 3))

    if not (within(finished, outer) and within(outer, media)):
        found.add(("PRE007", number))
        return False
    if bleedbox:
        least = min(finished[0] - bleedbox[0], finished[1] - bleedbox[1], bleedbox[2] - finished[2],
                    bleedbox[3] - finished[3]) / MM
        if 0.01 < least < bleed - 0.01:
            found.add(("PRE008", number))
    return True


def _annotations(page, number: int, found: set) -> None:
    if "/AA" in page:
        found.add(("PRE013", number))
    printed = _raw_box(page, "/BleedBox") or _raw_box(page, "/CropBox") or _raw_box(page, "/MediaBox")
    for annotation in page.get("/Annots", []) or []:
        annotation = annotation.get_object()
        kind = annotation.get("/Subtype")
        if kind in ("/PrinterMark", "/TrapNet"):
            continue
        if kind == "/Widget":
            found.add(("PRE013", number))
            continue
        r = [float(v) for v in annotation["/Rect"]]
        if min(r[0], r[2]) < printed[2] and max(r[0], r[2]) > printed[0] and min(r[1], r[3]) < printed[3] \
                and max(r[1], r[3]) > printed[1]:
            found.add(("PRE014", number))


# content, read by pypdf ---------------------------------------------------------------------------------
NOT_PRINTABLE = ("RGB", "Lab", "other")


class _Content:
    def __init__(self, found: set, number: int, x1a: bool):
        self.found, self.number, self.x1a = found, number, x1a
        self.seen: set = set()
        self.fonts: set = set()           # the base names of the fonts the page's text is set in

    def flag(self, code: str) -> None:
        self.found.add((code, self.number))

    def page(self, page) -> None:
        group = page.get("/Group")
        if group is not None:
            self.group(group.get_object())
        self.stream(page.get_contents(), page.get("/Resources"), 0, 1.0)

    def group(self, group) -> None:
        if group.get("/S") == "/Transparency":
            if self.x1a:
                self.flag("PRE009")
            if "/CS" in group and self.space(group["/CS"], None) in NOT_PRINTABLE:
                self.flag("PRE001")

    def space(self, space, resources, depth: int = 0) -> str:
        """'cmyk', 'grey', 'spot', 'all' (Registration), 'pattern', 'RGB', 'Lab', 'other'."""
        if depth > 5 or space is None:
            return "other"
        space = space.get_object()
        if isinstance(space, str):
            simple = {"/DeviceCMYK": "cmyk", "/CMYK": "cmyk", "/DeviceGray": "grey", "/G": "grey",
                      "/DeviceRGB": "RGB", "/RGB": "RGB", "/Pattern": "pattern"}
            if space in simple:
                return simple[space]
            named = resources.get_object().get("/ColorSpace", {}).get(space) if resources is not None else None
            return self.space(named, resources, depth + 1) if named is not None else "other"
        family = space[0]
        if family == "/ICCBased":
            return {1: "grey", 3: "RGB", 4: "cmyk"}.get(int(space[1].get_object()["/N"]), "other")
        if family in ("/CalRGB",):
            return "RGB"
        if family == "/CalGray":
            return "grey"
        if family == "/Lab":
            return "Lab"
        if family == "/Indexed":
            return self.space(space[1], resources, depth + 1)
        if family in ("/Separation", "/DeviceN"):
            if self.space(space[2], resources, depth + 1) in NOT_PRINTABLE:
                return "RGB"
            return "all" if family == "/Separation" and space[1] == "/All" else "spot"
        if family == "/Pattern":
            return "pattern"
        return "other"

    def stream(self, content, resources, depth: int, ctm_scale: float) -> None:
        from pypdf.generic import ContentStream

        if content is None or depth > 30:
            return
        resources = resources.get_object() if resources is not None else None
        try:
            operations = ContentStream(content, None).operations
        except Exception:       # noqa: BLE001 - an unreadable stream: Ghostscript will say so
            return
        fill = "grey"
        fill_values: list = []
        size, render, stack, tm_scale = 0.0, 0, [], 1.0
        for operands, op in operations:
            op = op.decode("latin-1") if isinstance(op, bytes) else op
            if op in ("rg", "RG"):
                self.flag("PRE001")
            elif op == "q":
                stack.append((fill, fill_values, size, render, ctm_scale))
            elif op == "Q" and stack:
                fill, fill_values, size, render, ctm_scale = stack.pop()
            elif op == "cm":
                ctm_scale *= math.hypot(float(operands[2]), float(operands[3])) or 1.0
            elif op == "BT":
                tm_scale = 1.0
            elif op == "Tm":
                tm_scale = math.hypot(float(operands[2]), float(operands[3])) or 1.0
            elif op in ("k", "K"):
                if sum(float(v) for v in operands) > 3.005:
                    self.flag("PRE005")
                if op == "k":
                    fill, fill_values = "cmyk", [float(v) for v in operands]
            elif op in ("cs", "CS"):
                kind = self.space(operands[0], resources)
                if kind in NOT_PRINTABLE:
                    self.flag("PRE001")
                if op == "cs":
                    fill, fill_values = kind, []
            elif op in ("scn", "SCN", "sc", "SC"):
                if operands and isinstance(operands[-1], str) and operands[-1].startswith("/"):
                    self.pattern(resources, operands[-1], depth)
                elif op in ("scn", "sc") and fill == "cmyk" or len(operands) == 4:
                    if sum(float(v) for v in operands if not isinstance(v, str)) > 3.005:
                        self.flag("PRE005")
                    fill_values = [float(v) for v in operands]
            elif op == "Tf":
                size = float(operands[1])
                font = self.lookup(resources, "/Font", operands[0])
                if font is not None:
                    self.fonts.add(str(font.get("/BaseFont", "")).lstrip("/"))
            elif op == "Tr":
                render = int(operands[0])
            elif op in ("Tj", "TJ", "'", '"'):
                inks = sum(1 for v in fill_values if v > 0.004) if fill == "cmyk" else (4 if fill == "all" else 1)
                if render not in (3, 7) and size * tm_scale * ctm_scale < 4.99 and inks > 1:
                    self.flag("PRE006")
            elif op == "sh":
                shading = self.lookup(resources, "/Shading", operands[0])
                if shading is not None:
                    self.shading(shading, resources)
            elif op == "gs":
                state = self.lookup(resources, "/ExtGState", operands[0])
                if state is not None:
                    self.ext_gstate(state)
            elif op == "Do":
                xobject = self.lookup(resources, "/XObject", operands[0])
                if xobject is None:
                    self.flag("PRE010")
                elif xobject.get("/Subtype") == "/Form":
                    if "/Group" in xobject:
                        self.group(xobject["/Group"].get_object())
                    key = id(xobject)
                    if key not in self.seen:
                        self.seen.add(key)
                        matrix = [float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                        self.stream(xobject, xobject.get("/Resources", resources), depth + 1,
                                    ctm_scale * (math.hypot(matrix[2], matrix[3]) or 1.0))
                elif xobject.get("/Subtype") == "/Image":
                    if self.x1a and "/SMask" in xobject:
                        self.flag("PRE009")
            elif op == "INLINE IMAGE":
                pass                            # poppler lists inline images

    def lookup(self, resources, family: str, name):
        if resources is None or family not in resources:
            return None
        table = resources[family].get_object()
        return table[name].get_object() if name in table else None

    def pattern(self, resources, name, depth: int) -> None:
        pattern = self.lookup(resources, "/Pattern", name)
        if pattern is None:
            return
        if pattern.get("/PatternType") == 1:
            own = pattern.get("/Resources")
            own = own.get_object() if own is not None else None
            for image in (own.get("/XObject", {}).values() if own is not None else ()):
                image = image.get_object()
                if image.get("/Subtype") == "/Image":
                    if self.space(image.get("/ColorSpace"), own) in NOT_PRINTABLE:
                        self.flag("PRE001")
                    self.flag("PRE004")              # any picture tiled by a pattern: a 2-pixel tile here
            self.stream(pattern, own or resources, depth + 1, 1.0)
        elif "/Shading" in pattern:
            self.shading(pattern["/Shading"].get_object(), resources)

    def shading(self, shading, resources) -> None:
        if self.space(shading.get("/ColorSpace"), resources) in NOT_PRINTABLE:
            self.flag("PRE001")

    def ext_gstate(self, state) -> None:
        if "/TR" in state and state["/TR"] != "/Identity" or state.get("/TR2", "/Default") not in ("/Default",
                                                                                                  "/Identity"):
            self.flag("PRE015")
        if self.x1a and (float(state.get("/ca", 1)) < 1 or float(state.get("/CA", 1)) < 1
                         or state.get("/BM", "/Normal") not in ("/Normal", "/Compatible")
                         or state.get("/SMask", "/None") != "/None"):
            self.flag("PRE009")


# poppler -----------------------------------------------------------------------------------------------
def _images(path: Path, min_ppi: int, found: set) -> None:
    for line in _run(["pdfimages", "-list", str(path)]).splitlines()[2:]:
        parts = line.split()
        if len(parts) < 14 or not parts[0].isdigit() or parts[2] == "smask":
            continue
        page, colour, comps = int(parts[0]), parts[5], int(parts[6])
        if parts[2] == "stencil":
            continue
        if colour == "rgb" or colour == "lab" or (colour == "icc" and comps == 3):
            found.add(("PRE001", page))
        ppi = min(float(parts[-4]), float(parts[-3]))
        if ppi + 0.5 < min_ppi:
            found.add(("PRE004", page))


def _fonts(path: Path, used: dict, found: set) -> None:
    """Fonts poppler lists as not embedded, on the pages whose text uses them (pypdf's reading)."""
    for page, names in used.items():
        if not names:
            continue
        lines = _run(["pdffonts", "-f", str(page), "-l", str(page), str(path)]).splitlines()
        if not lines or "emb" not in lines[0]:
            continue
        column = lines[0].index("emb")
        for row in lines[2:]:
            if row[column:column + 3].strip() == "no" and "Type 3" not in row and row.split()[0].lstrip("/") in names:
                found.add(("PRE003", page))


# Ghostscript --------------------------------------------------------------------------------------------
def _raster(path: Path, reader, max_ink: int, bleed: float, boxes_ok: dict, found: set) -> None:
    import numpy
    from PIL import Image

    registration = _uses_registration(reader)
    with tempfile.TemporaryDirectory() as folder:
        log = _run(["gs", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", f"-r{RES}",
                    f"-sOutputFile={folder}/p%d.tif", str(path)])
        for number, page in enumerate(reader.pages, start=1):
            tif = Path(folder) / f"p{number}.tif"
            if not tif.exists():
                continue
            with Image.open(tif) as picture:
                cmyk = numpy.asarray(picture, dtype=numpy.uint16)
            media = _raw_box(page, "/MediaBox")
            trim = _raw_box(page, "/TrimBox") or _raw_box(page, "/ArtBox")
            if trim is None or page.get("/Rotate", 0):
                continue
            scale = RES / 72

            def pixel(x, y, media=media, scale=scale, cmyk=cmyk):
                column = min(max(int((x - media[0]) * scale), 0), cmyk.shape[1] - 1)
                row = min(max(int((media[3] - y) * scale), 0), cmyk.shape[0] - 1)
                return column, row

            (left, top), (right, bottom) = pixel(trim[0] + MM, trim[3] - MM), pixel(trim[2] - MM, trim[1] + MM)
            inside = cmyk[top:bottom, left:right]
            if inside.size and inside.sum(axis=2).max() / 2.55 > max_ink + 5:
                found.add(("PRE016" if number in registration else "PRE005", number))
            if boxes_ok.get(number):
                _bleed_edges(cmyk, pixel, trim, page, bleed, number, found)
        if "Couldn't find" in log or "**** Error" in log:
            damaged = re.findall(r"Page (\d+)", log)
            found.add(("PRE010", int(damaged[-1]) if damaged else 1))


def _bleed_edges(cmyk, pixel, trim, page, bleed: float, number: int, found: set) -> None:
    media = _raw_box(page, "/MediaBox")
    outer = _raw_box(page, "/BleedBox") or media
    inked = cmyk.max(axis=2) > 12
    touching_any, white_any, no_room = False, False, False
    for side in range(4):
        room = [trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3]][side]
        length = (trim[2] - trim[0]) if side in (1, 3) else (trim[3] - trim[1])
        samples = [(k + 0.5) / 40 for k in range(40)]
        hits = white = 0
        for t in samples:
            if side in (1, 3):
                x = trim[0] + t * length
                y_in = trim[1] + 0.4 * MM if side == 1 else trim[3] - 0.4 * MM
                y_out = trim[1] - min(room / 2, 1.5 * MM) if side == 1 else trim[3] + min(room / 2, 1.5 * MM)
                a, b = pixel(x, y_in), pixel(x, y_out)
            else:
                y = trim[1] + t * length
                x_in = trim[0] + 0.4 * MM if side == 0 else trim[2] - 0.4 * MM
                x_out = trim[0] - min(room / 2, 1.5 * MM) if side == 0 else trim[2] + min(room / 2, 1.5 * MM)
                a, b = pixel(x_in, y), pixel(x_out, y)
            if inked[a[1], a[0]]:
                hits += 1
                if room < 0.5 * MM or not inked[b[1], b[0]]:
                    white += 1
        if hits >= 0.3 * len(samples):
            touching_any = True
            if room < 0.5 * MM:
                no_room = True
            elif white >= 0.5 * hits:
                white_any = True
    if no_room:
        found.add(("PRE008", number))
    elif touching_any and white_any:
        found.add(("PRE017", number))


def _uses_registration(reader) -> set[int]:
    """Pages whose resources name the Separation All (Ghostscript puts it on every plate)."""
    pages = set()
    for number, page in enumerate(reader.pages, start=1):
        if b"/All" in _resource_bytes(page.get("/Resources"), 0):
            pages.add(number)
    return pages


def _resource_bytes(resources, depth: int) -> bytes:
    if resources is None or depth > 6:
        return b""
    resources = resources.get_object()
    out = [repr(resources.get("/ColorSpace", {})).encode()]
    for xobject in resources.get("/XObject", {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            out.append(_resource_bytes(xobject.get("/Resources"), depth + 1))
    return b" ".join(out)
