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
from generator.render.digital.board import BoardPlaces, board_places, zone_path
from generator.render.digital.contents import Contents, Start
from generator.render.digital.images import DPI, MM_PER_INCH, Pictures, px
from generator.render.digital.packing import charts_html, export, module_words, zip_bytes
from generator.render.digital.vassal_pieces import card_piece, rotator, side_piece, string_array

B = "VASSAL.build."
M = B + "module."
MAP_PARTS = ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer", "StackExpander",
             "PieceMover", "KeyBufferer", "ImageSaver", "CounterDetailViewer", "Zoomer")   # Map.build's defaults
VASSAL_VERSION = "3.7.0"
TRAY_GAP = 30            # px between stacks on the tray
HAND_WIDTH, HAND_HEIGHT = 1400, 700     # px: a hand's and the dead pool's table


def render_vassal(request: RenderRequest) -> Rendered:
    return export(request, _module)


def _module(edition, contents: Contents, pictures: Pictures) -> list[Artifact]:
    name = f"{edition.game.id}-{edition.language}.vmod"
    files = {"buildFile.xml": build_file(edition, contents, pictures), "moduledata": module_data(contents)}
    files.update({f"images/{key}.png": png for key, png in sorted(pictures.faces.items())})
    files.update({f"images/{cup_image(cup)}": png for cup, png in cup_backs(contents).items()})
    if pictures.board is not None:
        files["images/board.png"] = pictures.board
    for chart, html in charts_html(edition).items():
        files[chart] = html
    return [Artifact(name, zip_bytes(files), "vassal-module", holds=contents.summary())]


def module_name(contents: Contents) -> str:
    """The module's name in VASSAL's library: the title and the edition's language, so the es and en modules
    of a game are told apart (and a saved game names the one it was played with)."""
    return f"{contents.title} ({contents.language})"


def module_data(contents: Contents) -> bytes:
    """The `moduledata` entry VASSAL reads before opening a module (ModuleMetaData, AbstractMetaData)."""
    root = ET.Element("data", version="1")
    for tag, text in (("version", contents.version or "1.0"), ("extra1", ""), ("extra2", ""),
                      ("VassalVersion", VASSAL_VERSION), ("dateSaved", "0"), ("name", module_name(contents)),
                      ("description", "")):
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
    said = module_words(edition)
    slots = _Slots()
    root = ET.Element(B + "GameModule", ModuleOther1="", ModuleOther2="", VassalVersion=VASSAL_VERSION,
                      description=contents.title, name=module_name(contents), nextPieceSlotId="0",
                      version=contents.version or "1.0")
    ET.SubElement(root, M + "BasicCommandEncoder")
    ET.SubElement(root, M + "Chatter")
    if contents.sides:
        roster = ET.SubElement(root, M + "PlayerRoster", buttonText=said["sides"], buttonToolTip=said["sides"])
        for side in contents.sides:
            ET.SubElement(roster, "entry").text = side
    grid = edition.game.map.grid if edition.game.map is not None else None
    on_board: set[str] = set()
    if pictures.board is not None:
        board = _map(root, said["map"], said["map"])
        places = board_places(edition)
        _board(board, said["map"], edition, places)
        centres = _hex_px(grid) if grid is not None else {}
        for (piece, start), count in _grouped_starts(contents):
            if start.kind == "hex":
                x, y = centres[start.where]
                stack = ET.SubElement(board, M + "map.SetupStack", name=f"{piece.name} {start.where}",
                                      owningBoard=said["map"], useGridLocation="true", location=start.where,
                                      x=str(x), y=str(y))
            else:
                zone = places.zone(f"{start.kind}:{start.where}:{start.space}" if start.kind == "track"
                                   else f"location:{start.where}")
                if zone is None:
                    continue
                stack = ET.SubElement(board, M + "map.SetupStack", name=f"{piece.name} ({zone.name})",
                                      owningBoard=said["map"], useGridLocation="false",
                                      x=str(px(zone.spot[0])), y=str(px(zone.spot[1])))
            for _ in range(count):
                _piece_slot(stack, piece, slots, said, grid, start.facing, start.face)
        for deck in contents.decks:
            zone = places.zone(f"location:{deck.space}") if deck.space else None
            if zone is not None:
                _draw_pile(board, said["map"], deck, slots, said, px(zone.spot[0]), px(zone.spot[1]))
                on_board.add(deck.id)
    tray = _map(root, said["tray"], said["tray"])
    _tray(tray, contents, slots, said, grid, on_board)
    for side, _ in _hands(contents):
        hand = ET.SubElement(root, M + "PrivateMap", mapName=said["hand"].format(side=side),
                             buttonName=said["hand"].format(side=side), side=side, visible="false",
                             useBoards="false", allowMultiple="false", backgroundcolor="255,255,255",
                             markMoved="Never")
        for part in MAP_PARTS:
            ET.SubElement(hand, M + "map." + part)
        picker = ET.SubElement(hand, M + "map.BoardPicker")
        ET.SubElement(picker, M + "map.boardPicker.Board", name=said["hand"].format(side=side), reversible="false",
                      width=str(HAND_WIDTH), height=str(HAND_HEIGHT), color="226,221,205")
    dead = _map(root, said["dead"], said["dead"])
    picker = ET.SubElement(dead, M + "map.BoardPicker")
    ET.SubElement(picker, M + "map.boardPicker.Board", name=said["dead"], reversible="false", width=str(HAND_WIDTH),
                  height=str(HAND_HEIGHT), color="200,200,200")
    window = ET.SubElement(root, M + "PieceWindow", name=said["pieces"], text=said["pieces"], tooltip=said["pieces"],
                           hidden="false", scale="1.0")
    tabs = ET.SubElement(window, B + "widget.TabWidget", entryName=said["pieces"])
    groups: dict[str, ET.Element] = {}
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


def _grouped_starts(contents: Contents):
    """((piece, start), copies) for every place a counter starts, copies on one place in one stack."""
    grouped: dict[tuple[str, Start], list] = {}
    for piece in contents.pieces:
        for start in piece.starts:
            grouped.setdefault((piece.id, start), [piece, start, 0])[2] += 1
    return [((piece, start), count) for piece, start, count in grouped.values()]


def _hands(contents: Contents) -> list[tuple[str, int]]:
    """(side, cards dealt) for every side the set-up deals a hand to, in the roster's order."""
    dealt: dict[str, int] = {}
    for deck in contents.decks:
        for side, count in deck.hands.items():
            dealt[side] = dealt.get(side, 0) + count
    return [(side, dealt[side]) for side in contents.sides if side in dealt]


def cup_image(cup_id: str) -> str:
    return f"cup-{cup_id}.png"


def cup_backs(contents: Contents) -> dict[str, bytes]:
    """The face every piece of a cup shows while it is in the cup: the cup's name on grey, at the size of
    its largest piece (a cup's pieces are drawn blind: no piece's own back may tell them apart)."""
    from generator.render.digital.images import blank_face

    found = {}
    for cup in contents.cups:
        sizes = [(piece.width, piece.height) for piece in contents.pieces if piece.cup == cup.id]
        width, height = max(sizes)
        found[cup.id] = blank_face(cup.name, px(width), px(height))
    return found


def _map(root: ET.Element, name: str, button: str) -> ET.Element:
    element = ET.SubElement(root, M + "Map", mapName=name, buttonName=button, allowMultiple="false",
                            backgroundcolor="255,255,255", markMoved="Never")
    for part in MAP_PARTS:
        ET.SubElement(element, M + "map." + part)
    return element


def _board(map_element: ET.Element, name: str, edition, places: BoardPlaces) -> None:
    """The board, its image, and a ZonedGrid of every place the map prints (areas, provinces, seas, cities,
    boxes, track spaces) named as printed; on a hex map the hex grid is the zones' background grid."""
    picker = ET.SubElement(map_element, M + "map.BoardPicker")
    board = ET.SubElement(picker, M + "map.boardPicker.Board", name=name, image="board.png", reversible="false")
    game_map = edition.game.map
    if not places.zones:
        if game_map.grid is not None:
            _hex_grid(board, game_map.grid)
        return
    grid = ET.SubElement(board, M + "map.boardPicker.board.ZonedGrid")
    for zone in places.zones:
        ET.SubElement(grid, M + "map.boardPicker.board.mapgrid.Zone", name=zone.name, path=zone_path(zone.outline),
                      locationFormat="$name$", useParentGrid="false", highlightProperty="")
    if game_map.grid is not None:
        _hex_grid(grid, game_map.grid)


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


def _tray(tray: ET.Element, contents: Contents, slots: _Slots, said: dict, grid, on_board: set[str]) -> None:
    """The off-map table: each deck not on the map and each cup face down and shuffled, and every counter
    neither placed at start nor in a cup in a stack per design."""
    stacks = [(deck.width, deck.height, "deck", deck) for deck in contents.decks if deck.id not in on_board]
    for cup in contents.cups:
        sizes = [(piece.width, piece.height) for piece in contents.pieces if piece.cup == cup.id]
        stacks.append((*max(sizes), "cup", cup))
    stacks += [(piece.width, piece.height, "piece", piece) for piece in contents.pieces if piece.spare > 0]
    columns = max(1, math.ceil(math.sqrt(len(stacks) * 1.6))) if stacks else 1
    cell_w = max((px(w) for w, _, _, _ in stacks), default=75) + TRAY_GAP
    cell_h = max((px(h) for _, h, _, _ in stacks), default=75) + TRAY_GAP
    rows = max(1, math.ceil(len(stacks) / columns))
    picker = ET.SubElement(tray, M + "map.BoardPicker")
    ET.SubElement(picker, M + "map.boardPicker.Board", name=said["tray"], reversible="false",
                  width=str(columns * cell_w + TRAY_GAP), height=str(rows * cell_h + TRAY_GAP), color="226,221,205")
    for index, (width, height, what, item) in enumerate(stacks):
        row, column = divmod(index, columns)
        x, y = TRAY_GAP + column * cell_w + cell_w // 2, TRAY_GAP + row * cell_h + cell_h // 2
        if what == "deck":
            _draw_pile(tray, said["tray"], item, slots, said, x, y)
        elif what == "cup":
            pile = ET.SubElement(tray, M + "map.DrawPile", name=item.name, owningBoard=said["tray"], x=str(x),
                                 y=str(y), width=str(px(width)), height=str(px(height)), **DRAW_PILE)
            for piece in contents.pieces:
                if piece.cup == item.id:
                    for _ in range(piece.in_cup):
                        _piece_slot(pile, piece, slots, said, grid,
                                    hidden=(cup_image(item.id), item.name, said["reveal"]))
        else:
            stack = ET.SubElement(tray, M + "map.SetupStack", name=item.name, owningBoard=said["tray"],
                                  useGridLocation="false", x=str(x), y=str(y))
            for _ in range(item.spare):
                _piece_slot(stack, item, slots, said, grid)


DRAW_PILE = {"faceDown": "Always", "drawFaceUp": "false", "shuffle": "Always", "allowMultiple": "true",
             "allowSelect": "false", "reversible": "false", "draw": "true", "color": "0,0,0",
             "reshufflable": "false"}


def _draw_pile(parent: ET.Element, board: str, deck, slots: _Slots, said: dict, x: int, y: int) -> None:
    """A deck: a face-down DrawPile shuffled whenever it is drawn from, each card a Mask over its front."""
    pile = ET.SubElement(parent, M + "map.DrawPile", name=deck.name, owningBoard=board, x=str(x), y=str(y),
                         width=str(px(deck.width)), height=str(px(deck.height)), **DRAW_PILE)
    for card_id, title, copies in deck.cards:
        for _ in range(copies):
            gpid = slots.take()
            slot = ET.SubElement(pile, B + "widget.CardSlot", entryName=title, gpid=gpid,
                                 width=str(px(deck.width)), height=str(px(deck.height)))
            slot.text = card_piece(f"{card_id}-front.png", f"{deck.back}.png", title, said["card"], gpid,
                                   said["flip"])


def facing_step(grid, facing: int | None) -> tuple[int, int]:
    """(facings, index) of a counter with a facing: 6 on a flat grid; on a pointy grid, whose sides are 30° off
    the counter's upright bow, 12. Index i turns it i × 360/facings degrees clockwise, to face the hex side
    `facing` (maps.geometry); 0 without one."""
    from generator.render.maps.geometry import facing_angle

    angles = 12 if grid is not None and grid.orientation == "pointy" else 6
    index = 0
    if facing is not None and grid is not None:
        clockwise = math.degrees(facing_angle(facing, grid)) + 90     # the bow is up: -90°
        index = round(clockwise / (360 / angles)) % angles
    return angles, index


def _turning(piece, said: dict, grid, facing: int | None) -> tuple[str, int] | None:
    """A counter with a facing turns in steps of a hex side, and starts facing its hex's facing."""
    if not piece.facing:
        return None
    angles, index = facing_step(grid, facing)
    return rotator(angles, said["facing"], said["clockwise"], said["anticlockwise"]), index


def _piece_slot(parent: ET.Element, piece, slots: _Slots, said: dict, grid=None, facing: int | None = None,
                face: int = 0, hidden: tuple[str, str, str] | None = None) -> None:
    gpid = slots.take()
    slot = ET.SubElement(parent, B + "widget.PieceSlot", entryName=piece.name, gpid=gpid,
                         width=str(px(piece.width)), height=str(px(piece.height)))
    slot.text = side_piece([f"{side.face}.png" for side in piece.sides],
                           [f"+ ({side.label.replace('+', chr(92) + '+')})" for side in piece.sides], piece.name,
                           gpid, said["side"], said["flip"], _turning(piece, said, grid, facing), face, hidden)


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    text = readable(ET.tostring(root, encoding="unicode"))       # a mark has no glyph in VASSAL: its number
    return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + text.encode("utf-8")
