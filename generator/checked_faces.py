"""Each face's drawing as the check needs it, kept from the last check of its game under exactly what the face
is drawn from: a check after one edit draws again only the faces the edit changed (issue 38).

A face (render/sheets/faces.draw_face) is drawn from its layout, its fields, colour and picture, its size and
shape, the game's palette, and Imprenta's code and fonts: all of these are the key (the last two by the cache
entry's place). While drawn it also asks the edition for an icon's picture and name, a small table, a card's
rich text: each question is noted with a digest of its answer, and a kept drawing is used only when the same
questions, asked again of the current edition, get the same answers (the drawing then takes the same path and
makes the same shapes). What the check keeps of a drawing: its shapes (LAY008 compares them), the texts that
overflow, lack glyphs or print too small, the picture refused, the texts that touch; elements by their place
in the layout, so a finding points at the current layout file. Anything missing or unreadable is drawn again.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from contextlib import suppress
from pathlib import Path

from generator import __version__
from generator.render.draw.colors import Palette
from generator.render.sheets.faces import Drawn, FaceInputs, draw_face
from generator.render.sheets.layouts import FaceLayout
from generator.render.sheets.legibility import Inked
from generator.user_cache import cache_folder, shipped_key, write_atomically

_FORMAT = 1         # raise when what an entry holds changes


class KeptFaces:
    """A drawer with draw_face's signature that answers from the faces kept for one game, then keeps
    (`save`) the faces this check drew or used, and no others."""

    def __init__(self, folder: Path) -> None:
        place = repr((_FORMAT, __version__, sys.version_info[:3], shipped_key(), os.getcwd(), str(folder.absolute())))
        self._entry = cache_folder("faces") / f"{hashlib.sha256(place.encode()).hexdigest()[:32]}.pickle"
        self._kept: dict[str, tuple] = {}
        with suppress(Exception):           # missing, damaged or foreign: only means drawing again
            kept = pickle.loads(self._entry.read_bytes())
            if isinstance(kept, dict):
                self._kept = kept
        self._used: dict[str, tuple] = {}
        self._described: dict[int, tuple[object, str]] = {}     # id → (the object, kept alive; its description)

    def draw(self, layout: FaceLayout, inputs: FaceInputs, width: float, height: float, scale: float,
             palette: Palette, round_shape: bool = False, floor: float = 0.0) -> Drawn:
        key = self._key(layout, inputs, width, height, scale, palette, round_shape, floor)
        record = self._kept.get(key)
        drawn = _recalled(record, layout, inputs) if record is not None else None
        if record is None or drawn is None:
            asked: list[tuple] = []
            drawn = draw_face(layout, _asking(inputs, layout, asked), width, height, scale, palette, round_shape,
                              floor)
            record = _record(drawn, layout, asked)
        self._used[key] = record
        return drawn

    def save(self) -> None:
        if self._used != self._kept:
            with suppress(RecursionError, pickle.PicklingError):
                write_atomically(self._entry, pickle.dumps(self._used, protocol=pickle.HIGHEST_PROTOCOL))

    def _key(self, layout, inputs: FaceInputs, *sizes) -> str:
        palette = sizes[3]
        image = None
        if inputs.image is not None and any(element.image is not None for element in layout.elements):
            from generator.load.images import image_problem  # what _draw_image asks of the picture

            image = image_problem(inputs.image, inputs.folder)
        said = (self._description(layout, repr), repr(inputs.fields), repr(inputs.color), str(inputs.image),
                str(inputs.folder), image, inputs.rich is None, inputs.icon is None, inputs.table is None,
                self._description(palette, lambda p: repr((p._names, p._factions))),
                repr(sizes[:3]), repr(sizes[4:]))
        return hashlib.sha256(repr(said).encode()).hexdigest()

    def _description(self, shared, describe) -> str:
        """A layout's or palette's description, made once for all the faces drawn with it."""
        if id(shared) not in self._described:
            self._described[id(shared)] = (shared, describe(shared))
        return self._described[id(shared)][1]


def _digest(answer) -> str:
    return hashlib.sha256(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)).hexdigest()


def _asking(inputs: FaceInputs, layout: FaceLayout, asked: list[tuple]) -> FaceInputs:
    """`inputs` whose edition questions are noted in `asked` (elements by their place in the layout)."""
    places = {id(element): index for index, element in enumerate(layout.elements)}

    def rich(element, *rest):
        answer = inputs.rich(element, *rest)
        asked.append(("rich", (places[id(element)], *rest), _digest(answer)))
        return answer

    def noted(kind, question):
        def ask(argument):
            answer = question(argument)
            asked.append((kind, (argument,), _digest(answer)))
            return answer
        return ask

    return inputs._replace(rich=rich if inputs.rich is not None else None,
                           icon=noted("icon", inputs.icon) if inputs.icon is not None else None,
                           table=noted("table", inputs.table) if inputs.table is not None else None)


def _recalled(record: tuple, layout: FaceLayout, inputs: FaceInputs) -> Drawn | None:
    """The kept drawing, if every question it asked gets the same answer now; else None."""
    try:
        for kind, arguments, digest in record[0]:
            question = {"rich": inputs.rich, "icon": inputs.icon, "table": inputs.table}[kind]
            if question is None:
                return None
            if kind == "rich":
                arguments = (layout.elements[arguments[0]], *arguments[1:])
            if _digest(question(*arguments)) != digest:
                return None
    except (ValueError, TypeError, IndexError, KeyError):      # an entry not of this shape: drawn again
        return None
    return _rebuilt(record, layout)


def _record(drawn: Drawn, layout: FaceLayout, asked: list[tuple]) -> tuple:
    places = {id(element): index for index, element in enumerate(layout.elements)}

    def inked(item: Inked) -> tuple:
        return places[id(item.element)], item.kind, item.box

    return (asked, drawn.face, drawn.overflows, drawn.missing, drawn.missing_images,
            [(places[id(element)], size, text) for element, size, text in drawn.small],
            [(inked(text), inked(other)) for text, other in drawn.touching])


def _rebuilt(record: tuple, layout: FaceLayout) -> Drawn | None:
    try:
        _, face, overflows, missing, missing_images, small, touching = record
        elements = layout.elements

        def inked(kept: tuple) -> Inked:
            return Inked(elements[kept[0]], kept[1], kept[2])

        drawn = Drawn(face)
        drawn.overflows, drawn.missing, drawn.missing_images = list(overflows), list(missing), list(missing_images)
        drawn.small = [(elements[index], size, text) for index, size, text in small]
        drawn.touching = [(inked(text), inked(other)) for text, other in touching]
        return drawn
    except (ValueError, TypeError, IndexError):
        return None
