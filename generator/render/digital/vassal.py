"""`<game>-<lang>.vmod`: a VASSAL module (a ZIP with buildFile.xml, moduledata and images/) built from the data.

Every element is a VASSAL class by its full name and every attribute one that class reads in `setAttribute`
(GameModule, Map, BoardPicker, Board, HexGrid, HexGridNumbering, ZonedGrid, Zone, SetupStack, DrawPile,
PieceWindow, TabWidget, ListWidget, PieceSlot, CardSlot, DiceButton, TurnTracker, ListTurnLevel, ChartWindow,
HtmlChart); the README lists what a module holds and what it leaves to the designer.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from generator.derived.unknowns import readable
from generator.render.context import Artifact, Rendered, RenderRequest
from generator.render.digital.contents import Contents
from generator.render.digital.images import DPI, MM_PER_INCH, Pictures, px
from generator.render.digital.packing import charts_html, export, module_words, zip_bytes
from generator.render.digital.vassal_pieces import card_piece, rotator, side_piece, string_array

B = "VASSAL.build."
M = B + "module."
MAP_PARTS = ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer", "StackExpander",
             "PieceMover", "KeyBufferer", "ImageSaver", "CounterDetailViewer", "Zoomer")   # Map.build's defaults
VASSAL_VERSION = "3.7.0"
TRAY_GAP = 30            # px between stacks on the tray


def render_vassal(request: RenderRequest) -> Rendered:
    return export(request, _module)


def _module(edition, contents: Contents, pictures: Pictures) -> list[Artifact]:
    name = f"{edition.game.id}-{edition.language}.vmod"
    files = {"buildFile.xml": build_file(edition, contents, pictures), "moduledata": module_data(contents)}
    files.update({f"images/{key}.png": png for key, png in sorted(pictures.faces.items())})
    if pictures.board is not None:
        files["images/board.png"] = pictures.board
    for chart, html in charts_html(edition).items():
        files[chart] = html
    return [Artifact(name, zip_bytes(files), "vassal-module", holds=contents.summary())]


def module_data(contents: Contents) -> bytes:
    """The `moduledata` entry VASSAL reads before opening a module (ModuleMetaData, AbstractMetaData)."""
    root = ET.Element("data", version="1")
    for tag, text in (("version", "1.0"), ("extra1", ""), ("extra2", ""), ("VassalVersion", VASSAL_VERSION),
                      ("dateSaved", "0"), ("name", contents.title), ("description", "")):
        ET.SubElement(root, tag).text = text
    return _xml(root)


class _Slots:
    """Hands out the gpid every PieceSlot and CardSlot needs (GameModule's nextPieceSlotId counts them)."""

    def __init__(self) -> None:
        self.next = 1

    def take(self) -> str:
        gpid, self.next = str(self.next), self.next + 1
        return gpid


def build_file(edition, contents: Contents, pictures: Pictures) -> bytes:
    said = module_words(edition.language)
    slots = _Slots()
    root = ET.Element(B + "GameModule", ModuleOther1="", ModuleOther2="", VassalVersion=VASSAL_VERSION,
                      description=contents.title, name=contents.title, nextPieceSlotId="0", version="1.0")
    ET.SubElement(root, M + "BasicCommandEncoder")
    ET.SubElement(root, M + "Chatter")
    if pictures.board is not None:
        board = _map(root, said["map"], said["map"])
        _board(board, said["map"], edition, pictures)
        centres = _hex_px(edition.game.map.grid) if edition.game.map.grid is not None else {}
        for piece in contents.pieces:
            for hex_id, facing in piece.starts:
                x, y = centres[hex_id]
                stack = ET.SubElement(board, M + "map.SetupStack", name=f"{piece.name} {hex_id}",
                                      owningBoard=said["map"], useGridLocation="true", location=hex_id,
                                      x=str(x), y=str(y))
                _piece_slot(stack, piece, slots, said, edition.game.map.grid, facing)
    tray = _map(root, said["tray"], said["tray"])
    _tray(tray, contents, slots, said, edition.game.map.grid if edition.game.map is not None else None)
    window = ET.SubElement(root, M + "PieceWindow", name=said["pieces"], text=said["pieces"], tooltip=said["pieces"],
                           hidden="false", scale="1.0")
    tabs = ET.SubElement(window, B + "widget.TabWidget", entryName=said["pieces"])
    groups: dict[str, ET.Element] = {}
    grid = edition.game.map.grid if edition.game.map is not None else None
    for piece in contents.pieces:
        if piece.group not in groups:
            groups[piece.group] = ET.SubElement(tabs, B + "widget.ListWidget", entryName=piece.group, scale="1.0")
        _piece_slot(groups[piece.group], piece, slots, said, grid)
    for count, faces in contents.dice:
        label = f"{count}d{faces}"
        ET.SubElement(root, M + "DiceButton", name=label, text=label, tooltip=label, nDice=str(count),
                      nSides=str(faces), plus="0", addToTotal="0", reportTotal="false", prompt="false",
                      reportFormat="** $name$ = $result$ *** &lt;$PlayerName$&gt;")      # DiceButton's default
    if contents.turns:
        tracker = ET.SubElement(root, M + "turn.TurnTracker", name=said["turn"], buttonText=said["turn"],
                                turnFormat="$level1$")
        ET.SubElement(tracker, M + "turn.ListTurnLevel", name=said["turn"], property=said["turn"],
                      list=string_array(contents.turns), turnFormat="$value$")
    charts = charts_html(edition)
    if charts:
        window = ET.SubElement(root, M + "ChartWindow", name=said["charts"], text=said["charts"],
                               tooltip=said["charts"])
        tabs = ET.SubElement(window, B + "widget.TabWidget", entryName=said["charts"])
        for (path, _), title in zip(charts.items(), contents.tables):
            ET.SubElement(tabs, B + "widget.HtmlChart", chartName=title, fileName=path)
    root.set("nextPieceSlotId", str(slots.next))
    return _xml(root)


def _map(root: ET.Element, name: str, button: str) -> ET.Element:
    element = ET.SubElement(root, M + "Map", mapName=name, buttonName=button, allowMultiple="false",
                            backgroundcolor="255,255,255", markMoved="Never")
    for part in MAP_PARTS:
        ET.SubElement(element, M + "map." + part)
    return element


def _board(map_element: ET.Element, name: str, edition, pictures: Pictures) -> None:
    picker = ET.SubElement(map_element, M + "map.BoardPicker")
    board = ET.SubElement(picker, M + "map.boardPicker.Board", name=name, image="board.png", reversible="false")
    game_map = edition.game.map
    if game_map.grid is not None:
        _hex_grid(board, game_map.grid)
        return
    zoned = [loc for loc in edition.game.locations if loc.shape is not None]
    if zoned:
        grid = ET.SubElement(board, M + "map.boardPicker.board.ZonedGrid")
        for location in zoned:
            ET.SubElement(grid, M + "map.boardPicker.board.mapgrid.Zone", name=edition.name("location", location.id),
                          path=_zone_path(location.shape), locationFormat="$name$", useParentGrid="false")


def hex_grid_parameters(grid) -> dict[str, str]:
    """HexGrid's attributes for the grid the map was drawn with (maps.geometry: odd columns, or odd rows for
    pointy hexes, half a hex further). VASSAL's hex grid has flat tops and columns `dx` apart, odd columns
    `dy`/2 lower; a pointy map is the same grid turned `sideways`, which swaps x and y, origin included."""
    from generator.render.maps.drawing import MARGIN

    scale = DPI / MM_PER_INCH
    size = grid.size * scale
    radius = size / math.sqrt(3)
    across = round(MARGIN * scale + radius)           # the first hex's centre along the 1.5-radius axis
    along = round(MARGIN * scale + size / 2)          # …and along the flat-to-flat axis
    return {"sideways": str(grid.orientation == "pointy").lower(), "x0": str(across), "y0": str(along),
            "dx": repr(1.5 * radius), "dy": repr(size)}


def _hex_grid(board: ET.Element, grid) -> None:
    attributes = hex_grid_parameters(grid)
    element = ET.SubElement(board, M + "map.boardPicker.board.HexGrid", **attributes, snapTo="true",
                            edgesLegal="false", cornersLegal="false", visible="false", dotsVisible="false",
                            color="0,0,0")
    numbering = _numbering(grid)
    if numbering is not None:
        ET.SubElement(element, M + "map.boardPicker.board.mapgrid.HexGridNumbering", **numbering)


def _numbering(grid) -> dict[str, str] | None:
    """HexGridNumbering for `{col:02d}{row:02d}`-like ids. VASSAL names hexes column then row (first="H");
    on a sideways grid its columns are the map's rows, so the map's column comes first as its row ("V")."""
    import re

    match = re.fullmatch(r"\{(col|row)(?::0?(\d*)d)?\}([^{}]*)\{(col|row)(?::0?(\d*)d)?\}", grid.id_format)
    if match is None or match.group(1) == match.group(4):
        return None
    widths = {match.group(1): int(match.group(2) or 1), match.group(4): int(match.group(5) or 1)}
    sideways = grid.orientation == "pointy"
    h_axis, v_axis = ("row", "col") if sideways else ("col", "row")
    start = {"col": grid.first_column, "row": grid.first_row}
    first = "H" if (match.group(1) == h_axis) else "V"
    return {"first": first, "sep": match.group(3), "hType": "N", "hLeading": str(widths[h_axis] - 1),
            "hOff": str(start[h_axis]), "hDescend": "false", "vType": "N", "vLeading": str(widths[v_axis] - 1),
            "vOff": str(start[v_axis]), "vDescend": "false", "stagger": "false", "locationFormat": "$gridLocation$",
            "visible": "false", "fontSize": "9", "color": "0,0,0", "rotateText": "0", "hDrawOff": "0",
            "vDrawOff": "0"}


def _hex_px(grid) -> dict[str, tuple[int, int]]:
    from generator.derived.hex_grid import hex_centres
    from generator.render.maps.drawing import MARGIN

    return {hex_id: (px(x), px(y)) for hex_id, (x, y) in hex_centres(grid, MARGIN).items()}


def _zone_path(shape) -> str:
    """PolygonEditor.polygonToString: `x,y;x,y;…` in board pixels."""
    if shape.polygon:
        points = shape.polygon
    elif shape.rect is not None:
        x, y, w, h = shape.rect
        points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    else:
        cx, cy, r = shape.circle
        points = [(cx + r * math.cos(math.pi * i / 12), cy + r * math.sin(math.pi * i / 12)) for i in range(24)]
    return ";".join(f"{px(x)},{px(y)}" for x, y in points)


def _tray(tray: ET.Element, contents: Contents, slots: _Slots, said: dict, grid) -> None:
    """The off-map table: each deck face down, and every counter not placed at start in a stack per design."""
    stacks = [(deck.width, deck.height, "deck", deck) for deck in contents.decks]
    stacks += [(piece.width, piece.height, "piece", piece) for piece in contents.pieces
               if piece.copies > len(piece.starts)]
    columns = max(1, math.ceil(math.sqrt(len(stacks) * 1.6))) if stacks else 1
    cell_w = max((px(w) for w, _, _, _ in stacks), default=75) + TRAY_GAP
    cell_h = max((px(h) for _, h, _, _ in stacks), default=75) + TRAY_GAP
    rows = max(1, math.ceil(len(stacks) / columns))
    picker = ET.SubElement(tray, M + "map.BoardPicker")
    ET.SubElement(picker, M + "map.boardPicker.Board", name=said["tray"], reversible="false",
                  width=str(columns * cell_w + TRAY_GAP), height=str(rows * cell_h + TRAY_GAP), color="226,221,205")
    for index, (_, _, what, item) in enumerate(stacks):
        row, column = divmod(index, columns)
        x, y = str(TRAY_GAP + column * cell_w + cell_w // 2), str(TRAY_GAP + row * cell_h + cell_h // 2)
        if what == "deck":
            pile = ET.SubElement(tray, M + "map.DrawPile", name=item.name, owningBoard=said["tray"], x=x, y=y,
                                 width=str(px(item.width)), height=str(px(item.height)), faceDown="Always",
                                 drawFaceUp="false", shuffle="Always", allowMultiple="true", allowSelect="false",
                                 reversible="false", draw="true", color="0,0,0", reshufflable="false")
            for card_id, title, copies in item.cards:
                for _ in range(copies):
                    gpid = slots.take()
                    slot = ET.SubElement(pile, B + "widget.CardSlot", entryName=title, gpid=gpid,
                                         width=str(px(item.width)), height=str(px(item.height)))
                    slot.text = card_piece(f"{card_id}-front.png", f"{item.back}.png", title, said["card"], gpid,
                                           said["flip"])
            continue
        stack = ET.SubElement(tray, M + "map.SetupStack", name=item.name, owningBoard=said["tray"],
                              useGridLocation="false", x=x, y=y)
        for _ in range(item.copies - len(item.starts)):
            _piece_slot(stack, item, slots, said, grid)


def _turning(piece, said: dict, grid, facing: int | None) -> tuple[str, int] | None:
    """A counter with a facing turns in steps of a hex side: 60° on a flat grid; on a pointy grid, whose sides
    are 30° off the counter's upright bow, in 30° steps. At start it faces the hex's facing (maps.geometry)."""
    if not piece.facing:
        return None
    from generator.render.maps.geometry import facing_angle

    angles = 12 if grid is not None and grid.orientation == "pointy" else 6
    index = 0
    if facing is not None and grid is not None:
        clockwise = math.degrees(facing_angle(facing, grid)) + 90     # the bow is up: -90°
        index = round(clockwise / (360 / angles)) % angles
    return rotator(angles, said["facing"], said["clockwise"], said["anticlockwise"]), index


def _piece_slot(parent: ET.Element, piece, slots: _Slots, said: dict, grid=None, facing: int | None = None) -> None:
    gpid = slots.take()
    slot = ET.SubElement(parent, B + "widget.PieceSlot", entryName=piece.name, gpid=gpid,
                         width=str(px(piece.width)), height=str(px(piece.height)))
    slot.text = side_piece([f"{side.face}.png" for side in piece.sides],
                           [f"+ ({side.label.replace('+', chr(92) + '+')})" for side in piece.sides], piece.name,
                           gpid, said["side"], said["flip"], _turning(piece, said, grid, facing))


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    text = readable(ET.tostring(root, encoding="unicode"))       # a mark has no glyph in VASSAL: its number
    return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + text.encode("utf-8")
