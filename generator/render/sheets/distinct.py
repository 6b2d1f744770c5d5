"""Pieces that cannot be told apart once printed: the checker compares what is drawn, not the data.

Two chits from different cups, two counters of different factions or
squadrons, or the two named sides of one counter, that print exactly the same
shapes can never be sorted back once mixed, however different their data.
Faces are compared shape by shape (colours, words, symbols, sizes), in the
edition's language.
"""

from __future__ import annotations

from generator.derived.counting import cup_of
from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.pieces import Piece
from generator.render.draw.primitives import Face, flatten


def look(face: Face) -> tuple:
    """Everything that makes a face look as it does, comparable and hashable."""
    return face.width, face.height, face.round, tuple(flatten(face.shapes))


def indistinguishable(game: Game, faces: dict[str, Face]) -> list[Diagnostic]:
    cups = {piece_id: mix.id for piece_id, mix in cup_of(game).items()}
    alike: dict[tuple, list[tuple[Piece, str]]] = {}
    for piece in game.pieces:
        for side in ("front", "back"):
            face = faces.get(f"{piece.id}-{side}")
            if face is not None:
                alike.setdefault(look(face), []).append((piece, side))
    found = []
    for group in alike.values():
        for index, (first, first_side) in enumerate(group):
            pair = next(((other, side) for other, side in group[index + 1:]
                         if _differences(first, first_side, other, side, cups)), None)
            if pair is None:
                continue
            other, other_side = pair
            why = ", ".join(_differences(first, first_side, other, other_side, cups))
            found.append(make(
                "LAY008", f"counter '{first.id}' ({first_side}) and '{other.id}' ({other_side}) print identical "
                          f"faces, though they differ in {why}", where(first),
                "Give the layout something that tells them apart: a side mark ({mark}), the cup's mark ({cup}), "
                "a colour, a band.", [(f"'{other.id}' is here", where(other))]))
            break                           # one finding per look is enough to send the designer there
    return found


def _differences(a: Piece, side_a: str, b: Piece, side_b: str, cups: dict[str, str]) -> list[str]:
    """What sets two printed sides apart in the data (empty when nothing does)."""
    if a.id == b.id:
        back = a.side("back")
        named = a.front.label != (back.label if back else None) or a.front.mark != (back.mark if back else None)
        return ["side"] if side_a != side_b and named else []
    found = []
    if cups.get(a.id) != cups.get(b.id):
        found.append("cup")
    if a.faction != b.faction:
        found.append("faction")
    if a.force != b.force:
        found.append("force")
    if side_a != side_b:
        side_a_data, side_b_data = a.side(side_a), b.side(side_b)
        if side_a_data is None or side_b_data is None or \
                (side_a_data.label, side_a_data.mark) != (side_b_data.label, side_b_data.mark):
            found.append("side")
    return found
