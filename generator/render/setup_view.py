"""The set-up as a book prints it: one table per step (per side), each row what goes where, in an edition's words.

Names come from the data (a piece, a deck, a mix, a location, a track, in the edition's language); a count or a
place the source does not give prints as its placeholder mark, numbered as on the proof sheet.
"""

from __future__ import annotations

from typing import NamedTuple

from generator.model.common import Unknown
from generator.model.rules import PLACED, Placement, SetupStep
from generator.render.edition import Edition


class SetupRow(NamedTuple):
    what: str
    count: str
    where: str


class SetupView(NamedTuple):
    id: str
    side: str          # the side's name ("Roma"), or "" for a step both players carry out
    text: str          # the step's prose in the edition's language (tokens still in it), or ""
    rows: list[SetupRow]


def setup_view(e: Edition, step: SetupStep) -> SetupView:
    side = e.name("faction", step.side) if step.side else ""
    text = e.field(step, "text")
    return SetupView(step.id, side, text, _rows(e, step.place))


def _rows(e: Edition, placements) -> list[SetupRow]:
    """One row per placement; consecutive ones that put the same number of the same thing in known places
    share a row ("1 in each: Camarina, Pintias…"), as a printed set-up card lists them."""
    rows: list[tuple[SetupRow, list[str]]] = []
    for placement in placements:
        row = SetupRow(_what(e, placement), _count(e, placement), _where(e, placement))
        shared = placement.number is not None and isinstance(placement.at, str)
        if shared and rows and rows[-1][1] and rows[-1][0][:2] == row[:2]:
            rows[-1][1].append(row.where)
        else:
            rows.append((row, [row.where] if shared else []))
    return [row if len(places) < 2 else
            SetupRow(row.what, e.words["setup.each"].format(count=row.count), ", ".join(places))
            for row, places in rows]


def _what(e: Edition, placement: Placement) -> str:
    field, target = placement.thing
    name = e.name(PLACED[field], target)
    piece = e.game.get("piece", target) if field == "piece" else None
    face = getattr(piece, placement.face, None) if piece is not None and placement.face else None
    label = e.field(face, "label") if face is not None and face.label else ""
    return e.words["setup.face"].format(piece=name, face=label) if label else name


def _count(e: Edition, placement: Placement) -> str:
    if isinstance(placement.count, Unknown):
        return e.mark(placement.count)
    if placement.count == "rest":
        return e.words["setup.rest"]
    return str(placement.count)


def _where(e: Edition, placement: Placement) -> str:
    place = e.game.place(placement.at)
    if place.kind == "unknown":
        return e.mark(placement.at)
    if place.kind == "hand":
        return e.words["setup.hand"]
    if place.kind == "track":
        track = e.name("track", place.id)
        return e.words["setup.space"].format(track=track, space=place.space) if place.space else \
            e.words["setup.beside"].format(track=track)
    if place.kind in ("location", "mix"):
        return e.name(place.kind, place.id)
    return placement.at            # a hex id, printed as the map prints it
