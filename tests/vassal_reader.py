"""A small reader of VASSAL modules for the tests, written from VASSAL's own decoders, not from Imprenta's writer:
SequenceEncoder.Decoder (backslash escapes, single-quoted fields), BasicCommandEncoder's AddPiece
(`+/id/type/state`), Decorator (traits joined by tabs), BasicPiece, Embellishment (`emb2;`) and Obscurable
(`obs;`)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass, field

M = "VASSAL.build.module."


def decode(text: str, delimiter: str) -> list[str]:
    """SequenceEncoder.Decoder: split on unescaped delimiters, drop the escapes, unwrap quoted fields."""
    fields, current, index = [], [], 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] == delimiter:
            current.append(delimiter)
            index += 2
            continue
        if char == delimiter:
            fields.append("".join(current))
            current = []
        else:
            current.append(char)
        index += 1
    fields.append("".join(current))
    return [f[1:-1] if len(f) > 1 and f[0] == "'" and f[-1] == "'" else f for f in fields]


@dataclass
class Piece:
    name: str
    image: str
    layers: list[tuple[list[str], list[str]]] = field(default_factory=list)   # (images, level names)
    mask: str | None = None        # the back image of a card
    facing: tuple[int, int] | None = None   # FreeRotator: (facings, current facing index)
    traits: list[str] = field(default_factory=list)   # each trait's type prefix, outermost first ("emb2;"…)

    @property
    def images(self) -> list[str]:
        found = [self.image] if self.image else []
        for images, _ in self.layers:
            found += images
        return found + ([self.mask] if self.mask else [])


def read_piece(definition: str) -> Piece:
    command, _, rest = definition.partition("/")
    assert command == "+", definition
    _, piece_type, state = decode(rest, "/")
    traits, states = [], []
    while "\t" in piece_type:
        outer, inner = decode(piece_type, "\t")
        traits.append(outer)
        piece_type = inner
        outer_state, state = decode(state, "\t")
        states.append(outer_state)
    basic = decode(piece_type, ";")
    assert basic[0] == "piece", basic
    piece = Piece(name=basic[4], image=basic[3], traits=[trait.split(";", 1)[0] + ";" for trait in traits] + ["piece;"])
    for trait, trait_state in zip(traits, states):
        if trait.startswith("rotate;"):
            piece.facing = (int(decode(trait[len("rotate;"):], ";")[0]), int(trait_state))
        elif trait.startswith("emb2;"):
            fields = decode(trait[len("emb2;"):], ";")
            piece.layers.append((decode(fields[15], ","), decode(fields[16], ",")))
        elif trait.startswith("obs;"):
            piece.mask = decode(trait[len("obs;"):], ";")[1]
    return piece


@dataclass
class Module:
    root: ET.Element
    names: set[str]
    placed: list[Piece]            # every piece on a map at start (at-start stacks)
    decks: dict[str, list[Piece]]  # deck name → its cards
    palette: list[Piece]
    dice: list[tuple[int, int]]
    cups: dict[str, list[Piece]]   # cup name → its counters (a DrawPile of PieceSlots)

    def grid(self) -> ET.Element | None:
        return self.root.find(f".//{M}map.boardPicker.board.HexGrid")

    def named_images(self) -> set[str]:
        found = {image for piece in self.placed + self.palette for image in piece.images}
        found |= {image for pieces in self.cups.values() for piece in pieces for image in piece.images}
        found |= {image for cards in self.decks.values() for card in cards for image in card.images}
        found |= {board.get("image") for board in self.root.iter(f"{M}map.boardPicker.Board") if board.get("image")}
        return found


def read_module(path) -> Module:
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        root = ET.fromstring(archive.read("buildFile.xml"))
        ET.fromstring(archive.read("moduledata"))
    placed = [read_piece(slot.text) for stack in root.iter(f"{M}map.SetupStack")
              for slot in stack.iter("VASSAL.build.widget.PieceSlot")]
    decks = {pile.get("name"): [read_piece(slot.text) for slot in pile.iter("VASSAL.build.widget.CardSlot")]
             for pile in root.iter(f"{M}map.DrawPile") if pile.find("VASSAL.build.widget.CardSlot") is not None}
    cups = {pile.get("name"): [read_piece(slot.text) for slot in pile.iter("VASSAL.build.widget.PieceSlot")]
            for pile in root.iter(f"{M}map.DrawPile") if pile.find("VASSAL.build.widget.PieceSlot") is not None}
    palette = [read_piece(slot.text) for window in root.iter(f"{M}PieceWindow")
               for slot in window.iter("VASSAL.build.widget.PieceSlot")]
    dice = [(int(button.get("nDice")), int(button.get("nSides"))) for button in root.iter(f"{M}DiceButton")]
    return Module(root, names, placed, decks, palette, dice, cups)


def hex_centre(grid: ET.Element, column: int, row: int) -> tuple[float, float]:
    """HexGrid.hexPointCenterFromRawIndex for raw indices, turned back when the grid is sideways."""
    dx, dy = float(grid.get("dx")), float(grid.get("dy"))
    x0, y0 = int(grid.get("x0")), int(grid.get("y0"))
    x = int(dx * column + x0)
    y = int(dy * row + y0) if column % 2 == 0 else int(dy * row + int(dy / 2) + y0)
    return (y, x) if grid.get("sideways") == "true" else (x, y)


def hex_name(grid: ET.Element, point: tuple[float, float]) -> str:
    """HexGridNumbering.locationName: raw column and row of a point (HexGrid.getRawColumn/getRawRow), then the
    name (RegularGridNumbering.getName) with VASSAL's offsets, leading zeros and order."""
    numbering = grid.find(f"{M}map.boardPicker.board.mapgrid.HexGridNumbering")
    x, y = point
    if grid.get("sideways") == "true":
        x, y = y, x
    dx, dy = float(grid.get("dx")), float(grid.get("dy"))
    x0, y0 = int(grid.get("x0")), int(grid.get("y0"))
    column = math.floor((x - x0) / dx + 0.5)
    row = round((y - y0) / dy) if column % 2 == 0 else round((y - y0 - dy / 2) / dy)

    def name(value: int, leading: int) -> str:
        text = ""
        while leading > 0 and value < 10 ** leading:
            text += "0"
            leading -= 1
        return text + str(value)

    column_name = name(column + int(numbering.get("hOff")), int(numbering.get("hLeading")))
    row_name = name(row + int(numbering.get("vOff")), int(numbering.get("vLeading")))
    sep = numbering.get("sep")
    return column_name + sep + row_name if numbering.get("first") == "H" else row_name + sep + column_name
