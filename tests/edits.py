"""A small game holding every kind of content the seed games hold, and a catalogue of edits to it.

tests/test_incremental_property.py and bench/incremental_property.py apply random sequences of these edits and
check that an incremental build writes what a clean build writes. Each edit keeps the game valid (a build that
refuses the game proves nothing about what it keeps), and each is named by what a publisher would do.
"""

from __future__ import annotations

import json
import shutil
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial" / "el-vado"

EXTRA = {
    "cards.yaml": {
        "card_types": [{"id": "event", "name": "Evento", "color": "#7a1f1f"},
                       {"id": "leader", "name": "Líder", "color": "#1f4e99"}],
        "decks": [{"id": "fate", "name": "Destino", "card_type": "event"},
                  {"id": "chiefs", "name": "Jefes", "card_type": "leader"}],
        "cards": [
            {"id": "flood", "deck": "fate", "number": 1, "title": "Crecida",
             "text": "El {area:ford} no se cruza este turno.", "image": "art/flood.png"},
            {"id": "fog", "deck": "fate", "number": 2, "title": "Niebla", "text": "Nadie ataca.", "copies": 2},
            {"id": "chief-red", "deck": "chiefs", "number": 3, "title": "Capitán rojo",
             "text": "Una unidad de los {faction:red} suma 1 al ataque."},
        ],
    },
    "setup.yaml": {"setup": [
        {"id": "red-setup", "side": "red", "text": "Los {faction:red} empiezan en la {area:west-bank}.",
         "place": [{"piece": "red-foot", "count": 2, "at": "west-bank"}, {"piece": "red-horse", "at": "west-bank"}]},
        {"id": "blue-setup", "side": "blue", "place": [{"piece": "blue-foot", "count": 3, "at": "east-bank"},
                                                       {"piece": "turn", "at": "turns:1"}]},
    ]},
}
PNG_COLORS = ((200, 40, 40), (40, 40, 200), (40, 160, 40), (220, 200, 60))


def png(color: tuple[int, int, int], size: int = 8) -> bytes:
    """A tiny solid PNG, written by hand so that the test needs no image library to make one."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(color) * size for _ in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def write_property_game(folder: Path) -> Path:
    """The tutorial game, with cards, a cup of chits, a set-up, a glossary, a table with columns, pictures, a
    layout and a print profile of its own, and its English translation."""
    shutil.copytree(TUTORIAL, folder)
    pieces = load(folder, "pieces.yaml")
    pieces["piece_kinds"].append({"id": "event-chit", "name": "Suceso", "symbol": "chit", "size": "0.625in",
                                  "layout": "my-chit"})
    pieces["pieces"] += [{"id": "ambush", "name": "Emboscada", "kind": "event-chit", "faction": "red",
                          "copies": 2, "tags": ["events"], "front": {"text": "Ataca primero."}},
                         {"id": "rain", "name": "Lluvia", "kind": "event-chit", "faction": "blue", "copies": 1,
                          "tags": ["events"], "front": {"text": "Nadie mueve."}}]
    pieces["mixes"] = [{"id": "events", "name": "Sucesos", "kind": "cup", "mark": "S",
                        "select": {"tags": ["events"]}}]
    dump(folder, "pieces.yaml", pieces)
    rules = load(folder, "rules.yaml")
    rules["terms"] = [{"id": "step", "term": "Paso", "definition": "La mitad de la fuerza de una unidad."},
                      {"id": "bank", "term": "Orilla", "definition": "Un área junto al río."}]
    rules["documents"][0]["sections"].append({"id": "setup-rules", "title": "Despliegue",
                                              "setup": ["red-setup", "blue-setup"]})
    dump(folder, "rules.yaml", rules)
    tables = load(folder, "tables.yaml")
    tables["tables"].append({"id": "terrain", "title": "Efectos del terreno",
                             "columns": {"items": [{"id": "move", "label": "Movimiento"},
                                                   {"id": "defence", "label": "Defensa"}]},
                             "rows": [{"id": "clear", "key": "Despejado", "results": ["1", "—"]},
                                      {"id": "river", "key": "Río", "results": ["todo", "+1"]}]})
    dump(folder, "tables.yaml", tables)
    map_ = load(folder, "map.yaml")
    map_["map"]["art"] = "art/board.png"
    map_["map"]["geography"] = {"land": "geo/land.json", "projection": "equirectangular",
                                "bounds": [0.0, 0.0, 2.8, 2.0], "reach_km": 80}
    for location, anchor in zip(map_["map"]["locations"], ([1.0, 0.5], [1.0, 1.4], [1.0, 2.3])):
        location["anchor"] = anchor
    dump(folder, "map.yaml", map_)
    _land(folder, 0)
    for name, data in EXTRA.items():
        dump(folder, name, data)
    (folder / "art").mkdir()
    (folder / "art" / "flood.png").write_bytes(png(PNG_COLORS[0]))
    (folder / "art" / "board.png").write_bytes(png(PNG_COLORS[2], 16))
    layouts = folder / "templates" / "layouts" / "counters"
    layouts.mkdir(parents=True)
    shutil.copy(ROOT / "templates" / "layouts" / "counters" / "chit.yaml", layouts / "my-chit.yaml")
    profiles = folder / "templates" / "profiles"
    profiles.mkdir(parents=True)
    (profiles / "proof.yaml").write_text("name: proof\nextends: home\nmargin: 8\n", encoding="utf-8")
    game = load(folder, "game.yaml")
    game["game"]["components"] = ["counters", "cards", "map", "rules", "aids"]
    dump(folder, "game.yaml", game)
    return folder


def load(folder: Path, name: str):
    return yaml.safe_load((folder / name).read_text(encoding="utf-8"))


def dump(folder: Path, name: str, data) -> None:
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _in(name: str, change: Callable[[dict, int], None]) -> Callable[[Path, int], None]:
    def edit(folder: Path, n: int) -> None:
        data = load(folder, name)
        change(data, n)
        dump(folder, name, data)
    return edit


def _pick(items: list, n: int):
    return items[n % len(items)]


def _piece(change):
    return _in("pieces.yaml", lambda data, n: change(_pick(data["pieces"], n), n))


def _card(change):
    return _in("cards.yaml", lambda data, n: change(_pick(data["cards"], n), n))


def _section(change):
    def walk(sections):
        for section in sections:
            yield section
            yield from walk(section.get("sections", []))
    return _in("rules.yaml", lambda data, n: change(_pick(list(walk(data["documents"][0]["sections"])), n), n))


def _entry(folder: Path, n: int) -> None:
    data = load(folder, "i18n/en.yaml")
    key = _pick(sorted(data["entries"]), n)
    entry = data["entries"][key]
    if isinstance(entry, dict):
        entry["text"] = f"{entry['text']} ({n})"
    else:
        data["entries"][key] = f"{entry} ({n})"
    dump(folder, "i18n/en.yaml", data)


def _drop_entry(folder: Path, n: int) -> None:
    data = load(folder, "i18n/en.yaml")
    del data["entries"][_pick(sorted(data["entries"]), n)]
    dump(folder, "i18n/en.yaml", data)


def _word(folder: Path, n: int) -> None:
    data = load(folder, "i18n/en.yaml")
    data["entries"][_pick(["words.counters.copies", "words.edition.version", "words.book.contents",
                           "words.proof.assumed"], n)] = f"Word {n}"
    dump(folder, "i18n/en.yaml", data)


def _layout(folder: Path, n: int) -> None:
    path = folder / "templates" / "layouts" / "counters" / "my-chit.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["front"]["elements"][2]["size"] = 6 + n % 3
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _profile(folder: Path, n: int) -> None:
    (folder / "templates" / "profiles" / "proof.yaml").write_text(
        f"name: proof\nextends: home\nmargin: {6 + n % 5}\n", encoding="utf-8")


def _image(name: str, size: int = 8):
    def edit(folder: Path, n: int) -> None:
        (folder / "art" / name).write_bytes(png(_pick(PNG_COLORS, n + 1), size))
    return edit


def _land(folder: Path, n: int) -> None:
    """The map's GeoJSON: a coast whose bay moves with n."""
    bay = [0.9 + 0.1 * (n % 5), 0.2 + 0.05 * (n % 3)]
    ring = [[0.2, 0.2], bay, [2.6, 0.2], [2.6, 1.8], [0.2, 1.8], [0.2, 0.2]]
    (folder / "geo").mkdir(exist_ok=True)
    (folder / "geo" / "land.json").write_text(json.dumps(
        {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [ring]}}),
        encoding="utf-8")


def _unrelated_file(folder: Path, n: int) -> None:
    (folder / "notes.txt").write_text(f"a note the build never reads {n}\n", encoding="utf-8")


def _set(key: str, values: list):
    return lambda shape, n: shape.__setitem__(key, _pick(values, n))


EDITS: dict[str, Callable[[Path, int], None]] = {
    # pieces, kinds, factions, mixes
    "piece name": _piece(lambda p, n: p.__setitem__("name", f"{p['name']} {n}")),
    "piece copies": _piece(_set("copies", [1, 2, 5])),
    "piece copies assumed": _piece(lambda p, n: p.__setitem__("copies", {"unknown": "la fuente no lo da",
                                                                         "assume": 1 + n % 3})),
    "piece front value": _in("pieces.yaml", lambda d, n: d["pieces"][n % 3 if n % 3 != 1 else 0]["front"][
        "values"].__setitem__("attack", n % 7)),
    "piece faction": _in("pieces.yaml", lambda d, n: d["pieces"][0].__setitem__("faction", _pick(["red", "blue"],
                                                                                                   n))),
    "piece order": _in("pieces.yaml", lambda d, n: d["pieces"].insert(0, d["pieces"].pop(1 + n % 3))),
    "piece kind name": _in("pieces.yaml", lambda d, n: _pick(d["piece_kinds"], n).__setitem__("name", f"K{n}")),
    "piece kind value format": _in("pieces.yaml", lambda d, n: d["piece_kinds"][0].__setitem__(
        "value_format", _pick(["{attack}-{defence}", "{attack}/{defence}", "{defence}"], n))),
    "faction colour": _in("pieces.yaml", lambda d, n: _pick(d["factions"], n).__setitem__(
        "color", _pick(["#b22222", "#225522", "#333399"], n))),
    "faction name": _in("pieces.yaml", lambda d, n: _pick(d["factions"], n).__setitem__("name", f"Bando {n}")),
    "cup mark": _in("pieces.yaml", lambda d, n: d["mixes"][0].__setitem__("mark", _pick(["S", "T", "Ω"], n))),
    "cup pieces": _in("pieces.yaml", lambda d, n: d["mixes"][0].__setitem__(
        "select", _pick([{"tags": ["events"]}, {"pieces": ["ambush"]}], n))),
    # cards and card types
    "card title": _card(lambda c, n: c.__setitem__("title", f"{c['title']} {n}")),
    "card text": _card(lambda c, n: c.__setitem__("text", f"Texto nuevo {n}.")),
    "card copies assumed": _card(lambda c, n: c.__setitem__("copies", {"unknown": "no se sabe",
                                                                       "assume": 1 + n % 2})),
    "card removed": _in("cards.yaml", lambda d, n: d["cards"].pop(len(d["cards"]) - 1) if len(d["cards"]) > 1
                        else None),
    "card type colour": _in("cards.yaml", lambda d, n: _pick(d["card_types"], n).__setitem__(
        "color", _pick(["#7a1f1f", "#1f7a1f", "#444444"], n))),
    "deck name": _in("cards.yaml", lambda d, n: _pick(d["decks"], n).__setitem__("name", f"Mazo {n}")),
    # tables
    "table row result": _in("tables.yaml", lambda d, n: _pick(d["tables"][0]["rows"], n).__setitem__(
        "result", f"Resultado {n}.")),
    "table modifier": _in("tables.yaml", lambda d, n: _pick(d["tables"][0]["modifiers"], n).__setitem__(
        "value", 1 + n % 3)),
    "table column label": _in("tables.yaml", lambda d, n: _pick(d["tables"][1]["columns"]["items"], n)
                              .__setitem__("label", f"Col {n}")),
    "table cell": _in("tables.yaml", lambda d, n: d["tables"][1]["rows"][n % 2]["results"].__setitem__(
        n % 2, str(n % 9))),
    # rules: sections and glossary
    "section title": _section(lambda s, n: s.__setitem__("title", f"{s['title']} {n}")),
    "section body": _section(lambda s, n: s.__setitem__("body", f"Texto de la regla {n}.")),
    "section added": _in("rules.yaml", lambda d, n: d["documents"][0]["sections"].insert(
        n % 3, {"id": f"new-{n}", "title": f"Nueva {n}", "body": "Una regla más."})),
    "glossary definition": _in("rules.yaml", lambda d, n: _pick(d["terms"], n).__setitem__(
        "definition", f"Definición {n}.")),
    # map: locations, tracks, art
    "location name": _in("map.yaml", lambda d, n: _pick(d["map"]["locations"], n).__setitem__("name", f"Lugar {n}")),
    "location terrain": _in("map.yaml", lambda d, n: _pick(d["map"]["locations"], n).__setitem__(
        "terrain", _pick(["river", "clear", "forest"], n))),
    "location shape": _in("map.yaml", lambda d, n: d["map"]["locations"][0]["shape"].__setitem__(
        "rect", [10, 40, 95 + n % 10, 120])),
    "geo land": _land,
    "track length": _in("map.yaml", lambda d, n: d["tracks"][0].__setitem__("max", 5 + n % 4)),
    "map art": _image("board.png", 16),
    # set-up
    "set-up count": _in("setup.yaml", lambda d, n: d["setup"][0]["place"][0].__setitem__("count", 1 + n % 3)),
    "set-up place": _in("setup.yaml", lambda d, n: d["setup"][1]["place"][0].__setitem__(
        "at", _pick(["east-bank", "ford"], n))),
    # translation, words, layouts, profiles, pictures
    "translation entry": _entry,
    "translation entry removed": _drop_entry,
    "translated word": _word,
    "layout": _layout,
    "profile": _profile,
    "card picture": _image("flood.png"),
    "unrelated file": _unrelated_file,
    "game title": _in("game.yaml", lambda d, n: d["game"].__setitem__("title", f"El Vado {n}")),
}
