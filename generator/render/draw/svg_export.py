"""One face as a standalone SVG (svgwrite), from the same shapes the PDF is drawn from."""

from __future__ import annotations

import base64

import svgwrite

from generator.game_files import read_bytes
from generator.render.draw.fonts import svg_font, width_mm
from generator.render.draw.placeholder import expand
from generator.render.draw.primitives import Ellipse, Face, Group, Image, Ink, Outline, Polyline, Rect, Region, Text

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}
PT = 25.4 / 72


def face_svg(face: Face, title: str) -> str:
    drawing = svgwrite.Drawing(size=(f"{face.width:.3f}mm", f"{face.height:.3f}mm"),
                               viewBox=f"0 0 {face.width:.3f} {face.height:.3f}", profile="full", debug=False)
    drawing.set_desc(title=title)
    parent = drawing
    if face.round:             # nothing of a round counter shows outside its circle
        clip = drawing.defs.add(drawing.clipPath(id="outline"))
        centre = (f"{face.width / 2:.3f}", f"{face.height / 2:.3f}")
        clip.add(drawing.circle(centre, f"{min(face.width, face.height) / 2:.3f}"))
        parent = drawing.add(drawing.g(clip_path="url(#outline)"))
    _add_all(drawing, parent, expand(face.shapes, width_mm))
    return drawing.tostring()


def _add_all(drawing, parent, shapes) -> None:
    for shape in shapes:
        if isinstance(shape, Group):
            attributes = {"id": shape.id} if shape.id else {}
            if shape.css_class:
                attributes["class_"] = shape.css_class
            group = drawing.g(**attributes)
            if shape.title:
                group.set_desc(title=shape.title)
            _add_all(drawing, group, shape.shapes)
            parent.add(group)
            continue
        element = _element(drawing, shape)
        if element is not None:
            parent.add(element)


def _paint(shape) -> dict:
    attributes = {"fill": _color(shape.fill) if shape.fill is not None else "none"}
    if getattr(shape, "stroke", None) is not None:
        attributes["stroke"] = _color(shape.stroke)
        attributes["stroke_width"] = f"{max(shape.stroke_width, 0.05):.3f}"
    return attributes


def _color(ink: Ink) -> str:
    return ink.hex()


def _element(drawing, shape):
    if isinstance(shape, Rect):
        extra = {"rx": f"{shape.radius:.3f}"} if shape.radius else {}
        return drawing.rect((f"{shape.x:.3f}", f"{shape.y:.3f}"), (f"{shape.w:.3f}", f"{shape.h:.3f}"),
                            **extra, **_paint(shape))
    if isinstance(shape, Ellipse):
        if shape.rx == shape.ry:
            return drawing.circle((f"{shape.cx:.3f}", f"{shape.cy:.3f}"), f"{shape.rx:.3f}", **_paint(shape))
        return drawing.ellipse((f"{shape.cx:.3f}", f"{shape.cy:.3f}"), (f"{shape.rx:.3f}", f"{shape.ry:.3f}"),
                               **_paint(shape))
    if isinstance(shape, Polyline):
        points = [(round(x, 3), round(y, 3)) for x, y in shape.points]
        maker = drawing.polygon if shape.closed else drawing.polyline
        return maker(points, **_paint(shape))
    if isinstance(shape, Outline):
        data = " ".join(command[0] + " ".join(f"{value:.3f}" for value in command[1:])
                        for command in shape.commands)
        return drawing.path(d=data, **_paint(shape))
    if isinstance(shape, Region):
        data = " ".join("M" + " L".join(f"{x:.3f},{y:.3f}" for x, y in ring) + " Z" for ring in shape.rings)
        return drawing.path(d=data, fill_rule="evenodd", **_paint(shape))
    if isinstance(shape, Text):
        family, weight, style, stretch = svg_font(shape.font)
        return drawing.text(shape.text, insert=(f"{shape.x:.3f}", f"{shape.y:.3f}"), fill=_color(shape.fill),
                            font_family=family, font_weight=weight, font_style=style, font_stretch=stretch,
                            font_size=f"{shape.size * PT:.3f}", text_anchor=_ANCHOR[shape.anchor])
    if isinstance(shape, Image):
        kind = "png" if shape.path.suffix.lower() == ".png" else "jpeg"
        data = base64.b64encode(read_bytes(shape.path)).decode("ascii")      # confined when checked
        return drawing.image(f"data:image/{kind};base64,{data}", insert=(shape.x, shape.y),
                             size=(shape.w, shape.h))
    return None


def figure_svg(width: float, height: float, scale: float, faces: list[tuple[Face, float, float]], overlay: list,
               title: str) -> str:
    """Faces placed at (x, y) on one drawing of `width` × `height` mm, with shapes over them (an anatomy figure's
    callouts), printed `scale` times its size. Each face keeps its own clip, so round counters stay round."""
    drawing = svgwrite.Drawing(size=(f"{width * scale:.3f}mm", f"{height * scale:.3f}mm"),
                               viewBox=f"0 0 {width:.3f} {height:.3f}", profile="full", debug=False)
    drawing.set_desc(title=title)
    for index, (face, x, y) in enumerate(faces):
        group = drawing.add(drawing.g(transform=f"translate({x:.3f} {y:.3f})", class_="face"))
        parent = group
        if face.round:
            clip = drawing.defs.add(drawing.clipPath(id=f"outline-{index}"))
            clip.add(drawing.circle((f"{face.width / 2:.3f}", f"{face.height / 2:.3f}"),
                                    f"{min(face.width, face.height) / 2:.3f}"))
            parent = group.add(drawing.g(clip_path=f"url(#outline-{index})"))
        _add_all(drawing, parent, expand(face.shapes, width_mm))
    _add_all(drawing, drawing, overlay)
    return drawing.tostring()
