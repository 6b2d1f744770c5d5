"""`<game>-<lang>-tts.json` and its images: a Tabletop Simulator saved object built from the data.

`ObjectStates` holds the map, each deck as a DeckCustom whose cards name their face by CardID = deck number × 100
+ index on the deck's sheet, every counter copy as a two-faced Custom_Tile, each cup or bag as a Bag holding its
counters, and a die for each die the tables roll.

The map is a Custom_Tile like the counters, so board and counters keep the printed map's proportions whatever size
Tabletop Simulator gives a tile: each is scaled by its printed size in inches. Every counter the set-up places
starts where the VASSAL module puts it (the same zones and hexes, turned to the same facing, on the same side).

Every image is named by an absolute URL: the profile's `asset_url` (`--asset-url`, where OUT is uploaded) followed
by `<game>/<lang>/<file>`; the build gives the local folder's file:// address when none is given, so a save opened
on the machine that built it finds its images.
"""

from __future__ import annotations

import hashlib
import io
import json
import math

from generator.derived.unknowns import readable
from generator.render.context import Artifact, Rendered, RenderRequest
from generator.render.digital.contents import Contents, DeckPlan
from generator.render.digital.images import DPI, MM_PER_INCH, Pictures
from generator.render.digital.packing import export

SHEET_COLUMNS, SHEET_ROWS, SHEET_PIXELS = 10, 7, 4096   # TTS's largest card sheet
PER_SHEET = SHEET_COLUMNS * SHEET_ROWS - 1                # the last slot holds the hidden face (the back)
DICE = {4: "Die_4", 6: "Die_6", 8: "Die_8", 10: "Die_10", 12: "Die_12", 20: "Die_20"}
MM_PER_UNIT = 25.4                                        # a TTS unit is about an inch (Tabletop Simulator KB)
BOARD_PIXELS = 4096                                       # TTS's guideline for an image's longest side
STACKED = 0.2                                             # units between two counters of a stack


def render_tts(request: RenderRequest) -> Rendered:
    base = request.profile.asset_url.rstrip("/")
    return export(request, lambda edition, contents, pictures: _save(edition, contents, pictures, base))


def _save(edition, contents: Contents, pictures: Pictures, base: str = "") -> list[Artifact]:
    stem = f"{edition.game.id}-{edition.language}-tts"
    folder = f"{base}/{edition.game.id}/{edition.language}/{stem}" if base else stem

    def url(name: str) -> str:
        return f"{folder}/{name}"

    images: dict[str, bytes] = {}
    objects = []
    board_mm = None
    places = None
    if pictures.board is not None:
        images["board.png"], board_mm = _board_image(pictures.board, pictures.board_pdf)
        objects.append(_object("Custom_Tile", "board", contents.title, (0, 1, 0),
                               (board_mm[0] / MM_PER_UNIT, 0.2, board_mm[1] / MM_PER_UNIT),
                               CustomImage={"ImageURL": url("board.png"), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                            "WidthScale": 0, "CustomTile": {"Type": 0, "Thickness": 0.2,
                                                                             "Stackable": False, "Stretch": True}}))
        from generator.render.digital.board import board_places

        places = board_places(edition)
    x, number = -20.0, 1
    for deck in contents.decks:
        zone = places.zone(f"location:{deck.space}") if places is not None and deck.space else None
        where = (*_on_board(zone.spot, board_mm, 1.5), ) if zone is not None else (x, 2, -14)
        if zone is None:
            x += deck.width / MM_PER_UNIT * 1.4
        deck_object, sheets = _deck(deck, pictures.faces, url, number, where)
        number += len(deck_object["CustomDeck"])
        images.update(sheets)
        objects.append(deck_object)
    tray_row = 0
    bags: dict[str, list] = {cup.id: [] for cup in contents.cups}
    stacked: dict[tuple, int] = {}
    grid = edition.game.map.grid if edition.game.map is not None else None
    hexes: dict[str, tuple[float, float]] = {}     # the grid's centres, worked out at the first hex start
    for piece in contents.pieces:
        for side in piece.sides:
            images[f"{side.face}.png"] = pictures.faces[side.face]
        copy = 0
        for start in piece.starts:
            spot, turn = _start_spot(start, places, grid, piece, hexes)
            height = stacked.get(spot, 0)
            stacked[spot] = height + 1
            objects.append(_tile(piece, copy, url, (*_on_board(spot, board_mm, 1.2 + height * STACKED),), turn,
                                 start.face == 1))
            copy += 1
        for _ in range(piece.in_cup):
            bags[piece.cup].append(_tile(piece, copy, url, (0, 0, 0)))
            copy += 1
        if piece.spare:
            column, row = tray_row % 12, tray_row // 12
            tray_row += 1
            for index in range(piece.spare):
                objects.append(_tile(piece, copy, url, (-20 + column * 1.6, 1.2 + index * STACKED, 16 + row * 1.6)))
                copy += 1
    for index, cup in enumerate(contents.cups):
        objects.append(_object("Bag", f"cup-{cup.id}", cup.name, (22, 2, 10 - index * 3), 1.0,
                               ContainedObjects=bags[cup.id]))
    for index, (count, faces) in enumerate(contents.dice):
        for die in range(count if faces in DICE else 0):
            objects.append(_object(DICE[faces], f"die-{count}d{faces}-{die}", f"{count}d{faces}",
                                   (20 + die * 1.5, 2, -14 + index * 2), 1.0))
    save = {"SaveName": contents.title, "GameMode": contents.title, "Date": "", "VersionNumber": contents.version,
            "Gravity": 0.5, "PlayArea": 0.5, "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": objects, "TabStates": {}}
    data = readable(json.dumps(save, ensure_ascii=False, indent=1)).encode("utf-8")   # a mark: its number
    artifacts = [Artifact(f"{stem}.json", data, "tts-save", holds=contents.summary())]
    artifacts += [Artifact(f"{stem}/{name}", png, "tts-image") for name, png in sorted(images.items())]
    return artifacts


def _board_image(png: bytes, pdf: bytes | None) -> tuple[bytes, tuple[float, float]]:
    """The board within TTS's 4096 px guideline (rendered smaller from its PDF if larger), and its printed size
    in mm."""
    from PIL import Image

    from generator.render.digital.images import board_render, kept
    from generator.render.paper.raster import pdfium_version

    picture = Image.open(io.BytesIO(png))         # its size only: the pixels are not read
    size_mm = (picture.width * MM_PER_INCH / DPI, picture.height * MM_PER_INCH / DPI)
    scale = BOARD_PIXELS / max(picture.size)
    if scale >= 1 or pdf is None:
        return png, size_mm

    def smaller() -> dict[str, bytes]:      # kept: an edit that leaves the map alone need not render it again
        # Rendered at the size TTS wants rather than resampled from the module's picture: a third of the time,
        # and as sharp as PDFium draws at that size.
        buffer = io.BytesIO()
        board_render(pdf, DPI / 72 * scale).convert("RGB").save(buffer, "PNG", compress_level=3)
        return {"board.png": buffer.getvalue()}

    return kept(f"tts board {BOARD_PIXELS} {pdfium_version()}", pdf, smaller)["board.png"], size_mm


def _start_spot(start, places, grid, piece, hexes: dict) -> tuple[tuple[float, float], float]:
    """Where on the map (mm) a counter starts, and how far it is turned clockwise (degrees), as in VASSAL.
    `hexes`: the grid's centres by hex id, filled at the first hex start (Lepanto's grid has 2,000 hexes and
    229 starts)."""
    from generator.render.digital.vassal import facing_step

    if start.kind == "hex":
        from generator.derived.hex_grid import hex_centres
        from generator.render.maps.drawing import MARGIN

        if not hexes:
            hexes.update(hex_centres(grid, MARGIN))
        spot = hexes[start.where]
    else:
        key = f"track:{start.where}:{start.space}" if start.kind == "track" else f"location:{start.where}"
        spot = places.zone(key).spot
    angles, index = facing_step(grid, start.facing) if piece.facing else (1, 0)
    return tuple(spot), index * 360 / angles


def _on_board(spot, board_mm, height: float) -> tuple[float, float, float]:
    """A point of the map (mm, y down, from its top left) on the table: the board's centre at the origin, north
    (the map's top) towards +z, one unit an inch, as every object's scale."""
    x, y = spot
    return ((x - board_mm[0] / 2) / MM_PER_UNIT, height, (board_mm[1] / 2 - y) / MM_PER_UNIT)


def _tile(piece, copy: int, url, position, turn: float = 0.0, back: bool = False) -> dict:
    """A counter: a two-faced tile (its back the secondary image), turned `turn`° and flipped when it starts on
    its back."""
    found = _object("Custom_Tile", f"{piece.id}-{copy}", piece.name, position,
                    (piece.width / MM_PER_UNIT, 1.0, piece.height / MM_PER_UNIT),
                    CustomImage={"ImageURL": url(f"{piece.sides[0].face}.png"),
                                 "ImageSecondaryURL": url(f"{piece.sides[-1].face}.png"), "ImageScalar": 1.0,
                                 "WidthScale": 0, "CustomTile": {"Type": 2 if piece.round else 0, "Thickness": 0.1,
                                                                 "Stackable": True, "Stretch": True}})
    found["Transform"]["rotY"] = turn
    found["Transform"]["rotZ"] = 180 if back else 0
    return found


def _deck(deck: DeckPlan, faces: dict[str, bytes], url, first_number: int, where) -> tuple[dict, dict]:
    """A DeckCustom: the cards on sheets of at most 10×7 (the last slot the back) and 4096 px a side."""
    cards = [(card_id, title) for card_id, title, copies in deck.cards for _ in range(copies)]
    faces_in_order = list(dict.fromkeys(card_id for card_id, _ in cards))
    sheets, custom, slot = {}, {}, {}
    for sheet_index in range(math.ceil(len(faces_in_order) / PER_SHEET)):
        number = first_number + sheet_index
        chunk = faces_in_order[sheet_index * PER_SHEET:(sheet_index + 1) * PER_SHEET]
        png, columns, rows = card_sheet([faces[f"{card_id}-front"] for card_id in chunk], faces[deck.back])
        name = f"deck-{deck.id}-{sheet_index + 1}.png"
        sheets[name] = png
        sheets[f"{deck.back}.png"] = faces[deck.back]
        custom[str(number)] = {"FaceURL": url(name), "BackURL": url(f"{deck.back}.png"),
                               "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False,
                               "Type": 0}
        slot.update({card_id: number * 100 + index for index, card_id in enumerate(chunk)})
    contained = []
    for index, (card_id, title) in enumerate(cards):
        card_number = slot[card_id]
        contained.append(_object("Card", f"{deck.id}-{card_id}-{index}", title, (0, 0, 0), 1.0,
                                 CardID=card_number,
                                 CustomDeck={str(card_number // 100): custom[str(card_number // 100)]}))
    deck_object = _object("DeckCustom", f"deck-{deck.id}", deck.name, where, 1.0, flipped=True,
                          DeckIDs=[card["CardID"] for card in contained], CustomDeck=custom,
                          ContainedObjects=contained)
    return deck_object, sheets


def card_sheet(fronts: list[bytes], back: bytes) -> tuple[bytes, int, int]:
    """The fronts in rows of up to ten, the back in the last slot; shrunk if the sheet would pass 4096 px."""
    import PIL

    from generator.render.paper.raster import kept_png

    slots = len(fronts) + 1
    columns = min(SHEET_COLUMNS, slots)
    rows = math.ceil(slots / columns)
    sizes = b"".join(len(png).to_bytes(8, "big") for png in fronts + [back])     # where each picture ends
    return kept_png(f"tts sheet {SHEET_PIXELS} {SHEET_COLUMNS} Pillow {PIL.__version__}",
                    sizes + b"".join(fronts + [back]), lambda: _sheet(fronts, back, columns, rows)), columns, rows


def _sheet(fronts: list[bytes], back: bytes, columns: int, rows: int) -> bytes:
    from PIL import Image

    pictures = [Image.open(io.BytesIO(png)).convert("RGB") for png in fronts + [back]]
    width, height = pictures[0].size
    scale = min(1.0, SHEET_PIXELS / (columns * width), SHEET_PIXELS / (rows * height))
    cell = (max(1, int(width * scale)), max(1, int(height * scale)))
    sheet = Image.new("RGB", (cell[0] * columns, cell[1] * rows), "white")
    for index, picture in enumerate(pictures[:-1]):
        sheet.paste(picture.resize(cell) if scale < 1 else picture, ((index % columns) * cell[0],
                                                                     (index // columns) * cell[1]))
    last = columns * rows - 1
    sheet.paste(pictures[-1].resize(cell) if scale < 1 else pictures[-1], ((last % columns) * cell[0],
                                                                            (last // columns) * cell[1]))
    buffer = io.BytesIO()
    sheet.save(buffer, "PNG", compress_level=3)
    return buffer.getvalue()


def _object(name: str, key: str, nickname: str, position, scale: float | tuple, flipped: bool = False,
            **extra) -> dict:
    sx, sy, sz = scale if isinstance(scale, tuple) else (scale, scale, scale)
    found = {"Name": name, "GUID": hashlib.sha256(key.encode()).hexdigest()[:6], "Nickname": nickname,
             "Transform": {"posX": position[0], "posY": position[1], "posZ": position[2], "rotX": 0,
                           "rotY": 180 if flipped else 0, "rotZ": 180 if flipped else 0,
                           "scaleX": sx, "scaleY": sy, "scaleZ": sz}, "Locked": key == "board"}
    found.update(extra)
    return found
