"""Which counters and cards print differently since an earlier version, and the sheet that reprints only them.

Faces are compared as drawn, shape by shape, so a change in the data that does not change the print (a note,
a tag, a value the layout does not show) lists nothing, and a change elsewhere that does (a section
renumbered that a card names, a deck's back) lists every piece it reaches. A placeholder mark compares
by what it stands for, not by its number on the proof sheet, which any unknown added before it shifts;
a picture compares by its bytes, not by where the version's folder lies.
"""

from __future__ import annotations

from typing import NamedTuple

from generator.components import FAMILIES
from generator.derived.unknowns import MARK, mark
from generator.game_files import digest
from generator.render.draw.primitives import Face, Image, Text, flatten
from generator.render.edition import Edition
from generator.render.sheets.faces import FaceSet


class FaceChange(NamedTuple):
    piece: str              # the counter's or card's id
    name: str               # as printed in the edition
    status: str             # "new", "changed" or "removed"
    sides: tuple[str, ...]  # the sides that print differently: ("front",), ("front", "back")…
    copies: int


def face_changes(old: Edition, new: Edition) -> dict[str, list[FaceChange]]:
    """component → the pieces whose faces differ, in the order the new version lists them (removed last)."""
    return {family.name: _compared(family.faces(old), family.faces(new), old, new, family.name)
            for family in FAMILIES if family.faces is not None}


def _compared(before: FaceSet, after: FaceSet, old: Edition, new: Edition, component: str) -> list[FaceChange]:
    old_sides, new_sides = _sides(before), _sides(after)
    copies: dict[str, int] = {}
    for item in after.items:
        copies[item.piece] = copies.get(item.piece, 0) + 1
    found = []
    for piece, sides in new_sides.items():
        if piece not in old_sides:
            found.append(FaceChange(piece, _name(new, component, piece), "new", tuple(sides), copies[piece]))
            continue
        differ = tuple(side for side, key in sides.items()
                       if _drawn(after.faces.get(key)) != _drawn(before.faces.get(old_sides[piece].get(side))))
        differ += tuple(side for side in old_sides[piece] if side not in sides)     # a back taken away
        if differ:
            found.append(FaceChange(piece, _name(new, component, piece), "changed", differ, copies[piece]))
    found += [FaceChange(piece, _name(old, component, piece), "removed", tuple(sides), 0)
              for piece, sides in old_sides.items() if piece not in new_sides]
    return found


def _sides(drawn: FaceSet) -> dict[str, dict[str, str]]:
    """piece → side → face key (a card's back is its deck's)."""
    return {item.piece: {"front": item.front, **({"back": item.back} if item.back else {})} for item in drawn.items}


def _name(edition: Edition, component: str, piece: str) -> str:
    if component == "counters":
        return edition.name("piece", piece)
    card = edition.game.get("card", piece)
    title = edition.name("card", piece, "title") if card is not None and card.title else ""
    return title or piece


def _drawn(face: Face | None) -> tuple | None:
    if face is None:
        return None
    return (face.width, face.height, face.background, face.round, tuple(_comparable(s) for s in flatten(face.shapes)))


def _comparable(shape):
    if isinstance(shape, Text):
        return shape._replace(text=MARK.sub(mark(0), shape.text))
    if isinstance(shape, Image):
        return shape._replace(path=digest(shape.path))
    return shape

