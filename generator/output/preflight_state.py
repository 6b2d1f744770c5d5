"""The part of a PDF's graphics state preflight follows, and how it names colour spaces and fonts."""

from __future__ import annotations

import math


class Matrix:
    """A PDF transformation [a b c d e f]; `m @ n` applies m first, then n (PDF's order for `cm`)."""

    __slots__ = ("a", "b", "c", "d", "e", "f")

    def __init__(self, a=1.0, b=0.0, c=0.0, d=1.0, e=0.0, f=0.0):
        self.a, self.b, self.c, self.d, self.e, self.f = a, b, c, d, e, f

    def __matmul__(self, other: Matrix) -> Matrix:
        return Matrix(self.a * other.a + self.b * other.c, self.a * other.b + self.b * other.d,
                      self.c * other.a + self.d * other.c, self.c * other.b + self.d * other.d,
                      self.e * other.a + self.f * other.c + other.e, self.e * other.b + self.f * other.d + other.f)

    def lengths(self) -> tuple[float, float]:
        """How long the unit square's sides become: an image's placed width and height, in points."""
        return math.hypot(self.a, self.b), math.hypot(self.c, self.d)

    def scale(self) -> float:
        """The vertical scale (a text's size in points is its font size times this)."""
        return math.hypot(self.c, self.d)


class Graphics:
    __slots__ = ("ctm", "text", "font", "size", "fill_space", "fill_values", "stroke_space", "stroke_values")

    def __init__(self, ctm: Matrix):
        self.ctm, self.text = ctm, Matrix()
        self.font: str | None = None
        self.size = 0.0
        self.fill_space, self.fill_values = "grey", (1.0,)
        self.stroke_space, self.stroke_values = "grey", (1.0,)

    def copy(self) -> Graphics:
        twin = Graphics(self.ctm)
        for name in self.__slots__[1:]:
            setattr(twin, name, getattr(self, name))
        return twin

    def set_colour(self, fill: bool, space: str, values: tuple) -> None:
        if fill:
            self.fill_space, self.fill_values = space, values
        else:
            self.stroke_space, self.stroke_values = space, values


_DEVICE = {"/DeviceCMYK": "cmyk", "/DeviceGray": "grey", "/DeviceRGB": "RGB", "/Pattern": "pattern",
           "/CMYK": "cmyk", "/G": "grey", "/RGB": "RGB"}
_FAMILIES = {"/Separation": "spot", "/DeviceN": "spot", "/CalRGB": "RGB (CalRGB)", "/CalGray": "grey",
             "/Lab": "Lab", "/Pattern": "pattern"}


def colour_space_kind(space, resources=None, depth: int = 0) -> str:
    """"cmyk", "grey", "spot", "pattern", or what it is instead ("RGB", "Lab"…)."""
    import pikepdf

    if space is None or depth > 4:
        return "unknown"
    if isinstance(space, pikepdf.Name):
        name = str(space)
        if name in _DEVICE:
            return _DEVICE[name]
        named = resources.get("/ColorSpace", {}).get(name) if resources is not None else None
        return colour_space_kind(named, resources, depth + 1) if named is not None else "unknown"
    if isinstance(space, pikepdf.Array) and len(space):
        family = str(space[0])
        if family == "/ICCBased":
            return {1: "grey", 3: "RGB (ICC)", 4: "cmyk"}.get(int(space[1].get("/N", 0)), "unknown")
        if family == "/Indexed":
            return colour_space_kind(space[1], resources, depth + 1)
        return _FAMILIES.get(family, family.lstrip("/"))
    return "unknown"


def font_embedded(font) -> bool:
    """Whether a font dictionary carries its program (Type 3 fonts are drawn by the PDF itself)."""
    subtype = str(font.get("/Subtype", ""))
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if not descendants:
            return False
        font = descendants[0]
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
