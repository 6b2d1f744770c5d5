"""Reading back what a PDF draws, as a publisher's preflight would: fonts, boxes, placed forms, mark lines."""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


@dataclass(frozen=True)
class Drawn:
    forms: list[tuple[str, float, float]]              # (form name or "inline", x mm, y mm) of each placed face
    lines: list[tuple[float, float, float, float]]     # page-level straight segments, mm


def _direct(value):
    """The object a pypdf reference points to; pikepdf resolves its own as they are read."""
    return value.get_object() if hasattr(value, "get_object") else value


def fonts(reader) -> dict[str, bool]:
    """Every font the document uses → whether its program is embedded (what `pdffonts` shows as emb); `reader`
    a pypdf PdfReader or a pikepdf Pdf (qpdf reads a long book's resources in a tenth of pypdf's time)."""
    found: dict[str, bool] = {}
    seen: set[tuple[int, int]] = set()           # pikepdf's resource dictionaries read, which pages share

    def visit(resources):
        if resources is None:
            return
        resources = _direct(resources)
        if getattr(resources, "objgen", (0, 0)) != (0, 0):
            if resources.objgen in seen:
                return
            seen.add(resources.objgen)
        for font in (resources.get("/Font") or {}).values():
            font = _direct(font)
            descriptors = [font]
            if "/DescendantFonts" in font:
                descriptors = [_direct(d) for d in font["/DescendantFonts"]]
            embedded = False
            for descriptor in descriptors:
                fd = descriptor.get("/FontDescriptor")
                if fd is not None:
                    fd = _direct(fd)
                    embedded |= any(key in fd for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font["/BaseFont"])] = embedded
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = _direct(xobject)
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(getattr(page, "obj", page).get("/Resources"))
    return found


def drawn(reader: PdfReader, page_index: int, offset_mm: float = 0.0) -> Drawn:
    """Forms placed (by translation) and lines stroked at page level, in trim-box millimetres."""
    page = reader.pages[page_index]
    content = ContentStream(page.get_contents(), reader)
    stack, ctm = [], (0.0, 0.0)
    forms, lines, current = [], [], None
    for operands, operator in content.operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ctm = (ctm[0] + e, ctm[1] + f)
            if e or f:
                forms.append(("inline", ctm[0] / MM - offset_mm, ctm[1] / MM - offset_mm))
        elif operator == b"Do" and forms:
            forms[-1] = (str(operands[0]), *forms[-1][1:])
        elif operator == b"m":
            current = (float(operands[0]), float(operands[1]))
        elif operator == b"l" and current is not None:
            end = (float(operands[0]), float(operands[1]))
            lines.append(tuple(v / MM - offset_mm for v in (*current, *end)))
            current = end
    return Drawn(forms, lines)
