"""Counter sheets: every counter's sides drawn from its kind's layout, imposed, and written as PDF, SVG and PNG."""

from __future__ import annotations

from functools import partial

from generator.derived.counting import cup_of
from generator.model.pieces import Mix, Piece, PieceKind, PieceSide
from generator.render.context import Rendered, RenderRequest, uncollected
from generator.render.draw.colors import Palette
from generator.render.edition import Edition
from generator.render.sheets.coverage import printed_fields, side_gaps
from generator.render.sheets.faces import FaceInputs, FaceSet, draw_face, expand, face_findings, field_names
from generator.render.sheets.layouts import LayoutLibrary
from generator.render.sheets.printing import SheetItem, sheet_outputs
from generator.render.table_view import small_table


def render_counters(request: RenderRequest) -> Rendered:
    with uncollected():
        return sheet_outputs(request, "counters", counter_faces(request.edition), request.profile.counters.gutter,
                             svg=True)


def counter_faces(edition: Edition, draw=draw_face, layouts: LayoutLibrary | None = None) -> FaceSet:
    """Both sides of every counter drawn from its kind's layout (the checker uses this to find overflows,
    with a `draw` that keeps the faces it drew: checked_faces, and `layouts` shared by the check's editions)."""
    game = edition.game
    result = FaceSet()
    layouts = layouts or LayoutLibrary("counters", game.folder)
    palette = Palette(game)
    faces, items = result.faces, result.items
    cups = cup_of(game)
    printed: dict[int, frozenset[str]] = {}     # the fields each face layout prints, by the layout's identity
    designs: dict = {}
    if draw is draw_face:          # the elements each design draws alike, drawn once (not the checker's drawer)
        draw = partial(draw_face, memo={})
    kinds: dict = {}        # a kind's id → what its pieces share (its layout, size), found once per kind
    for piece in game.pieces:
        if piece.copies == 0:
            continue
        if piece.kind not in kinds:
            kinds[piece.kind] = _kind_drawing(game.get("piece_kind", piece.kind), layouts)
        kind, named, layout, width, height, scale, round_shape = kinds[piece.kind]
        if layout is None:
            continue
        sides = [("front", piece.front, layout.front)]
        back = piece.side("back")
        if back is not None:
            sides.append(("back", back, layout.back or layout.front))
        name = edition.field(piece, "name")        # both sides print it: asked once
        for side_name, side, face_layout in sides:
            inputs = face_inputs(edition, piece, kind, side_name, side, cups.get(piece.id), designs, name)
            drawn = draw(face_layout, inputs, width, height, scale, palette, round_shape, layout.min_text)
            faces[f"{piece.id}-{side_name}"] = drawn.face
            result.report(face_findings(drawn, f"counter '{piece.id}' ({side_name})", edition.language, piece))
            if id(face_layout) not in printed:
                printed[id(face_layout)] = printed_fields(face_layout)
            result.report(side_gaps(piece, side_name, side, printed[id(face_layout)], named))
        for copy in range(1, piece.copies + 1):
            items.append(SheetItem(piece.id, copy, f"{piece.id}-front",
                                   f"{piece.id}-back" if piece.back is not None else None, width, height))
    result.diagnostics.extend(layouts.diagnostics)
    return result


def _kind_drawing(kind: PieceKind | None, layouts: LayoutLibrary) -> tuple:
    """(kind, its layout's name, its layout or None when its pieces are not drawn, width, height, scale, round)."""
    if kind is None:
        return (None,) * 7
    named = layout_name(kind)
    layout = layouts.get(named, kind)
    if layout is None or layout.front is None:
        return kind, named, None, 0.0, 0.0, 1.0, False
    width, height = face_size(kind)
    return kind, named, layout, width, height, width / layout.design_width, kind.shape == "round"


def layout_name(kind: PieceKind) -> str:
    if kind.layout:
        return kind.layout
    if kind.shape == "round":
        return "round"
    return kind.symbol if kind.symbol in ("marker", "chit") else "unit"


def face_size(kind: PieceKind) -> tuple[float, float]:
    return kind.extent


def face_inputs(edition: Edition, piece: Piece, kind: PieceKind, side_name: str, side: PieceSide,
                cup: Mix | None = None, designs: dict | None = None, name: str | None = None) -> FaceInputs:
    """What one side shows. `designs` keeps, across the sides of one sheet, what pieces of the same kind,
    faction and force share (their names, colours): found once per design rather than once per side; `name`,
    the piece's name when the caller has it already."""
    values = {name: edition.shown(v) for name, v in side.values.items()}
    template = kind.back_format if side_name == "back" and kind.back_format else kind.value_format
    if template and values and field_names(template) <= set(values):
        shown = expand(template, values)
    else:
        shown = "-".join(values.values())  # a side whose values the format does not name: print them as given
    if name is None:
        name = edition.field(piece, "name")
    text = edition.plain(edition.field(side, "text"))
    label = edition.field(side, "label")
    mark = edition.field(side, "mark") or ("" if label == text else label)
    if text and (text == name or (not label and _repeats(text, name))):
        text = ""          # "Turno" under "Marcador de turno" says nothing; a side with its own name keeps it
    force, faction, kind_name, faction_name, force_name = _design(edition, piece, kind, designs)
    fields = {
        "name": name,
        "label": label,
        "mark": mark,
        "cup": (edition.field(cup, "mark") or edition.name("mix", cup.id)) if cup else "",
        "text": text,
        "values": shown,
        "kind": kind_name,
        "faction": faction_name,
        "force": force_name,
        "symbol": piece.symbol or kind.symbol,
        "facing": "facing" if piece.facing else "",
        "band": _color_name(force.color if force and force.color else faction.color if faction else None),
        "side": side_name,
    }
    fields.update({f"value:{name}": shown_value for name, shown_value in values.items()})
    color = side.color or (faction.color if faction else None)
    fields["mark"] = " ".join(part for part in (edition.color_mark(color), fields["mark"]) if part)
    return FaceInputs(fields, color, icon=edition.icon, table=partial(small_table, edition))


def _design(edition: Edition, piece: Piece, kind: PieceKind, designs: dict | None) -> tuple:
    """(force, faction, kind's name, faction's name, force's name) of a piece, as its side prints them."""
    key = (id(kind), _identity(piece.force), _identity(piece.faction))
    if designs is not None and key in designs:
        return designs[key]
    force = edition.game.get("force", piece.force) if piece.force else None
    faction = edition.game.get("faction", piece.faction) if piece.faction else None
    kind_name = edition.field(kind, "name")
    faction_name = edition.name("faction", piece.faction, "short") or edition.name("faction", piece.faction) \
        if faction else ""
    force_name = edition.name("force", piece.force) if force else ""
    found = force, faction, kind_name, faction_name, force_name
    if designs is not None:
        designs[key] = found
    return found


def _identity(value):
    """An id as itself; anything else (an unknown) by identity, as marks are numbered."""
    return value if value is None or type(value) is str else id(value)


def _repeats(text: str, name: str) -> bool:
    """Whether every word of `text` is already in `name` (a chit or marker would print it twice)."""
    words = set(name.casefold().replace(":", " ").replace("(", " ").replace(")", " ").split())
    return all(word.strip(".,:()") in words for word in text.casefold().split())



def _color_name(color) -> str:
    return color if isinstance(color, str) else ""
