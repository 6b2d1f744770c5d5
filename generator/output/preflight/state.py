"""The part of a PDF's graphics state preflight follows, and how it names colour spaces and fonts."""

from __future__ import annotations

import math

MM = 72 / 25.4          # points in a millimetre


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


    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f


class Graphics:
    __slots__ = ("ctm", "text", "font", "size", "render", "fill_space", "fill_values", "stroke_space",
                 "stroke_values")

    def __init__(self, ctm: Matrix):
        self.ctm, self.text = ctm, Matrix()
        self.font: str | None = None
        self.size = 0.0
        self.render = 0           # text rendering mode: 3 (and 7) draw nothing
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
    """"cmyk", "grey", "spot", "registration", "pattern", or what it is instead ("RGB", "Lab"…); a spot colour
    whose alternate (the colour a RIP prints it as when the plate is not made) is RGB or Lab is
    "spot with an RGB alternate"."""
    import pikepdf

    space = resolved(space, resources, depth)
    if space is None or depth > 4:
        return "unknown"
    if isinstance(space, pikepdf.Name):
        return _DEVICE.get(str(space), "unknown")
    if isinstance(space, pikepdf.Array) and len(space):
        family = str(space[0])
        if family == "/ICCBased":
            try:
                return {1: "grey", 3: "RGB (ICC)", 4: "cmyk"}.get(int(space[1].get("/N", 0)), "unknown")
            except (TypeError, ValueError, AttributeError):
                return "unknown"
        if family == "/Indexed" and len(space) > 1:
            return colour_space_kind(space[1], resources, depth + 1)
        if family in ("/Separation", "/DeviceN") and len(space) > 2:
            alternate = colour_space_kind(space[2], resources, depth + 1)
            if alternate not in ("cmyk", "grey", "spot"):
                return f"spot with an {alternate} alternate"
            if family == "/Separation" and str(space[1]) == "/All":
                return "registration"
            return "spot"
        if family == "/Pattern" and len(space) > 1:      # an uncoloured pattern: coloured in its base space
            return colour_space_kind(space[1], resources, depth + 1)
        return _FAMILIES.get(family, family.lstrip("/"))
    return "unknown"


def resolved(space, resources, depth: int = 0):
    """A colour space named in the resources, looked up (a device family's name stays as it is)."""
    import pikepdf

    while isinstance(space, pikepdf.Name) and str(space) not in _DEVICE and depth < 5:
        named = resources.get("/ColorSpace", {}).get(str(space)) if resources is not None else None
        if named is None:
            return space
        space, depth = named, depth + 1
    return space


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


def resource(resources, family: str, name):
    import pikepdf

    if not isinstance(resources, pikepdf.Dictionary):
        return None
    table = resources.get(family)
    return table.get(str(name)) if isinstance(table, pikepdf.Dictionary) else None


def inside_trim(points, trim, slack: float = 0.2 * MM) -> bool:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) < trim[2] - slack and max(xs) > trim[0] + slack and min(ys) < trim[3] - slack
            and max(ys) > trim[1] + slack)


def form_key(form, state: Graphics, resources) -> tuple | None:
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
            state.fill_values, state.stroke_space, state.font, state.size, state.render)
