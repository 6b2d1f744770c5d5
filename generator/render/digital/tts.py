"""`<game>-<lang>-tts.json` and its images: a Tabletop Simulator saved object built from the data.

`ObjectStates` holds the map as a Custom_Board, each deck as a DeckCustom whose cards name their face by
CardID = deck number × 100 + index on the deck's sheet, every counter copy as a two-faced Custom_Tile, and
a die for each die the tables roll. Image paths are relative to the save: a publisher uploads the folder
and replaces the prefix with its address.
"""

from __future__ import annotations

import hashlib
import io
import json
import math

from generator.derived.unknowns import readable
from generator.render.context import Artifact, Rendered, RenderRequest
from generator.render.digital.contents import Contents, DeckPlan
from generator.render.digital.images import Pictures
from generator.render.digital.packing import export

SHEET_COLUMNS, SHEET_ROWS, SHEET_PIXELS = 10, 7, 4096   # TTS's largest card sheet
PER_SHEET = SHEET_COLUMNS * SHEET_ROWS - 1                # the last slot holds the hidden face (the back)
DICE = {4: "Die_4", 6: "Die_6", 8: "Die_8", 10: "Die_10", 12: "Die_12", 20: "Die_20"}
MM_PER_UNIT = 25.4                                        # a TTS unit is about an inch (Tabletop Simulator KB)


def render_tts(request: RenderRequest) -> Rendered:
    return export(request, _save)


def _save(edition, contents: Contents, pictures: Pictures) -> list[Artifact]:
    stem = f"{edition.game.id}-{edition.language}-tts"
    images: dict[str, bytes] = {}
    objects = []
    if pictures.board is not None:
        images["board.png"] = pictures.board
        objects.append(_object("Custom_Board", "board", contents.title, (0, 1, 0), 1.0,
                               CustomImage={"ImageURL": f"{stem}/board.png", "ImageSecondaryURL": "",
                                            "WidthScale": 0}))
    x, number = -20.0, 1
    for deck in contents.decks:
        deck_object, sheets = _deck(deck, pictures.faces, stem, number, (x, 2, -14))
        number += len(deck_object["CustomDeck"])
        images.update(sheets)
        objects.append(deck_object)
        x += deck.width / MM_PER_UNIT * 1.4
    for row, piece in enumerate(contents.pieces):
        for side in piece.sides:
            images[f"{side.face}.png"] = pictures.faces[side.face]
        back = piece.sides[-1].face
        for copy in range(piece.copies):
            objects.append(_object(
                "Custom_Tile", f"{piece.id}-{copy}", piece.name, (-20 + (row % 12) * 1.6, 1.2 + copy * 0.2,
                                                                  16 + (row // 12) * 1.6),
                (piece.width / MM_PER_UNIT, 1.0, piece.height / MM_PER_UNIT),
                CustomImage={"ImageURL": f"{stem}/{piece.sides[0].face}.png",
                             "ImageSecondaryURL": f"{stem}/{back}.png", "ImageScalar": 1.0, "WidthScale": 0,
                             "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": True, "Stretch": True}}))
    for index, (count, faces) in enumerate(contents.dice):
        for die in range(count if faces in DICE else 0):
            objects.append(_object(DICE[faces], f"die-{count}d{faces}-{die}", f"{count}d{faces}",
                                   (20 + die * 1.5, 2, -14 + index * 2), 1.0))
    save = {"SaveName": contents.title, "GameMode": contents.title, "Date": "", "VersionNumber": "",
            "Gravity": 0.5, "PlayArea": 0.5, "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": objects, "TabStates": {}}
    data = readable(json.dumps(save, ensure_ascii=False, indent=1)).encode("utf-8")   # a mark: its number
    artifacts = [Artifact(f"{stem}.json", data, "tts-save", holds=contents.summary())]
    artifacts += [Artifact(f"{stem}/{name}", png, "tts-image") for name, png in sorted(images.items())]
    return artifacts


def _deck(deck: DeckPlan, faces: dict[str, bytes], stem: str, first_number: int, where) -> tuple[dict, dict]:
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
        custom[str(number)] = {"FaceURL": f"{stem}/{name}", "BackURL": f"{stem}/{deck.back}.png",
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
    from PIL import Image

    pictures = [Image.open(io.BytesIO(png)).convert("RGB") for png in fronts + [back]]
    width, height = pictures[0].size
    slots = len(fronts) + 1
    columns = min(SHEET_COLUMNS, slots)
    rows = math.ceil(slots / columns)
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
    return buffer.getvalue(), columns, rows


def _object(name: str, key: str, nickname: str, position, scale: float | tuple, flipped: bool = False,
            **extra) -> dict:
    sx, sy, sz = scale if isinstance(scale, tuple) else (scale, scale, scale)
    found = {"Name": name, "GUID": hashlib.sha256(key.encode()).hexdigest()[:6], "Nickname": nickname,
             "Transform": {"posX": position[0], "posY": position[1], "posZ": position[2], "rotX": 0,
                           "rotY": 180 if flipped else 0, "rotZ": 180 if flipped else 0,
                           "scaleX": sx, "scaleY": sy, "scaleZ": sz}, "Locked": name == "Custom_Board"}
    found.update(extra)
    return found
