"""How much ink a picture or a shading lays down at its darkest, for preflight's total-ink check (PRE005).

A picture is decoded once (the walk decodes none past its MAX_PIXELS); a shading's function is sampled along its domain,
nested functions bounded in depth.
"""

from __future__ import annotations


def picture_ink(image, space) -> float:
    import pikepdf

    if isinstance(space, pikepdf.Array) and len(space) > 3 and str(space[0]) == "/Indexed":
        lookup = space[3]
        table = lookup.read_bytes() if isinstance(lookup, pikepdf.Stream) else bytes(lookup)
        totals = [sum(table[i:i + 4]) / 2.55 for i in range(0, len(table) - 3, 4)]
        if int(image.get("/BitsPerComponent", 8)) == 8:     # the entries the picture uses, not the whole table
            used = set(image.read_bytes())
            totals = [total for index, total in enumerate(totals) if index in used]
        return max(totals, default=0.0)
    import warnings

    from pikepdf import PdfImage

    with warnings.catch_warnings():         # a CMYK picture with a soft mask: pikepdf warns as it drops the mask
        warnings.simplefilter("ignore", UserWarning)
        return picture_ink_pil(PdfImage(image).as_pil_image())


def picture_ink_pil(picture) -> float:
    import numpy

    if picture.mode != "CMYK":
        return 0.0
    pixels = numpy.asarray(picture, dtype=numpy.uint16)
    return float(pixels.sum(axis=2).max()) / 2.55 if pixels.size else 0.0


def shading_ink(shading) -> float:
    """The highest C+M+Y+K a function-driven shading reaches (axial, radial: one input), in percent."""
    function = shading.get("/Function")
    if function is None:
        return 0.0
    domain = [float(v) for v in shading.get("/Domain", [0, 1])][:2]
    if len(domain) < 2:
        domain = [0.0, 1.0]
    import pikepdf

    functions = list(function) if isinstance(function, pikepdf.Array) else [function]
    steps = 256
    best = 0.0
    for step in range(steps + 1):
        t = domain[0] + (domain[1] - domain[0]) * step / steps
        values = []
        for part in functions:
            values.extend(_evaluate(part, t, 0))
        best = max(best, sum(values) * 100)
    return best


def _evaluate(function, t: float, depth: int) -> list[float]:
    """A one-input PDF function (types 0, 2 and 3) at t; type 4 and deeper nesting give nothing."""
    import pikepdf

    if depth > 8:
        return []
    kind = int(function.get("/FunctionType", -1))
    domain = [float(v) for v in function.get("/Domain", [0, 1])]
    t = min(max(t, domain[0]), domain[1])
    if kind == 2:
        c0 = [float(v) for v in function.get("/C0", [0])]
        c1 = [float(v) for v in function.get("/C1", [1])]
        n = float(function.get("/N", 1))
        return [a + (t ** n) * (b - a) for a, b in zip(c0, c1)]
    if kind == 3:
        bounds = [domain[0]] + [float(v) for v in function.get("/Bounds", [])] + [domain[1]]
        parts = list(function.Functions)
        encode = [float(v) for v in function.get("/Encode", [])]
        for index, part in enumerate(parts):
            if t <= bounds[index + 1] or index == len(parts) - 1:
                low, high = bounds[index], bounds[index + 1]
                e0, e1 = encode[2 * index:2 * index + 2] if len(encode) >= 2 * index + 2 else (0.0, 1.0)
                inner = e0 if high == low else e0 + (t - low) * (e1 - e0) / (high - low)
                return _evaluate(part, inner, depth + 1)
        return []
    if kind == 0 and isinstance(function, pikepdf.Stream):
        size = int(function.Size[0])
        bits = int(function.BitsPerSample)
        ranges = [float(v) for v in function.Range]
        outputs = len(ranges) // 2
        decode = [float(v) for v in function.get("/Decode", ranges)]
        data = function.read_bytes()
        index = round((t - domain[0]) / ((domain[1] - domain[0]) or 1) * (size - 1))
        if bits != 8 or size * outputs > len(data):
            return []
        top = (1 << bits) - 1
        return [decode[2 * j] + data[index * outputs + j] / top * (decode[2 * j + 1] - decode[2 * j])
                for j in range(outputs)]
    return []
