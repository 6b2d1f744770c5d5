"""The hostile battery: content from a stranger's pull request reads nothing outside its game folder, crashes
nothing and hangs nothing. Each case is a class of attack or accident, with the exact finding and place
Imprenta must give; the harness (conftest.py) also checks that no file outside the game was opened, that the
secret beside the game appears in no finding, and that the previous build is untouched."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from generator.diagnostics import reporting
from generator.output.manifest import encode, updated_manifest
from generator.output.writing import write_atomically
from generator.pipeline import BuildRequest, build, check
from generator.render.context import Artifact

from .conftest import BASE, SECRET, Audit, Link, jpeg, outside_reads, png

CARDS = "decks:\n  - {{id: d, name: D}}\ncards:\n  - {{id: a, deck: d, title: A, image: '{image}'}}\n"
RULES = ("documents:\n  - id: rules\n    title: Reglas\n    sections:\n      - id: intro\n        title: Intro\n"
         "        body: |\n          Mira {picture} aquí.\n")
MAP = ("map:\n  kind: hexes\n  grid: {{size: {size}, columns: 3, rows: 3, id_format: '{format}'}}\n"
       "  hexes:\n    - {{id: '0101'}}\n")
LAYOUT = "templates/layouts/counters/unit.yaml"
UNIT = "design_width: 19.05\nfront:\n  elements:\n    - {{text: '{{name}}', box: [0, 0, 100, 30], {element}}}\n"
RULES_TEMPLATE = "templates/rulebook/rules.html.j2"
LEGION = "pieces.yaml"


def _bad_png() -> bytes:
    data = bytearray(png((64, 64)))
    start = data.index(b"IDAT") + 8
    data[start + 4:start + 20] = b"\xff" * 16             # the zlib stream is broken; the header is fine
    return bytes(data)


def _bad_jpeg() -> bytes:
    data = bytearray(jpeg())
    start = data.index(b"\xff\xda")                       # garbage after the start of the scan
    return bytes(data[:start + 12]) + bytes(range(256)) * 4


def _template(body: str) -> str:
    return ("<!DOCTYPE html>\n<html>\n<head>\n<title>{{ game.title }}</title>\n" + body +
            "\n</head>\n<body>{{ game.title }}</body>\n</html>\n")


# id: (files written into the game, [(code, file, line, column)] that must be among the findings)
CASES = {
    # Reading outside the game folder through links and paths.
    "content file is a link": ({"extra.yaml": Link("secret/secret.yaml")}, [("SEC001", "extra.yaml", 1, 1)]),
    "content folder is a link": ({"more": Link("secret")}, [("SEC001", "more", 1, 1)]),
    "game.yaml is a link": ({"game.yaml": Link("secret/secret.yaml")}, [("SEC001", "game.yaml", 1, 1)]),
    "translation is a link": ({"i18n/en.yaml": Link("secret/secret.yaml")}, [("SEC001", "en.yaml", 1, 1)]),
    "template override is a link": ({RULES_TEMPLATE: Link("secret/secret.txt")},
                                    [("SEC001", "rules.html.j2", 1, 1)]),
    "layout override is a link": ({LAYOUT: Link("secret/secret.yaml")}, [("SEC001", "unit.yaml", 1, 1)]),
    "templates folder is a link": ({"templates": Link("secret")}, [("SEC001", "templates", 1, 1)]),
    "layout extends a relative path": ({LAYOUT: "extends: ../../../../secret/secret\ndesign_width: 19.05\n"},
                                       [("SEC002", "unit.yaml", 1, 10)]),
    "layout extends an absolute path": ({LAYOUT: "extends: /etc/passwd\n"}, [("SEC002", "unit.yaml", 1, 10)]),
    "layout extends a URL": ({LAYOUT: "extends: 'http://example.com/x'\n"}, [("SEC002", "unit.yaml", 1, 10)]),
    "game replaces a shipped profile": ({"templates/profiles/home.yaml": "margin: 0\n"},
                                        [("SEC003", "home.yaml", 1, 1)]),
    "card image leaves the folder": ({"cards.yaml": CARDS.format(image="../secret/secret.png")},
                                     [("SCH011", "cards.yaml", 4, 39)]),
    "card image is absolute": ({"cards.yaml": CARDS.format(image="/etc/passwd")}, [("SCH011", "cards.yaml", 4, 39)]),
    "card image is a URL": ({"cards.yaml": CARDS.format(image="https://example.com/a.png")},
                            [("SCH011", "cards.yaml", 4, 39)]),
    "card image is a link": ({"cards.yaml": CARDS.format(image="art/a.png"), "art/a.png": Link("secret/secret.png")},
                             [("SEC001", "cards.yaml", 4, 39), ("SEC001", "a.png", 1, 1)]),
    "card image below a linked folder": ({"cards.yaml": CARDS.format(image="art/secret.png"), "art": Link("secret")},
                                         [("SEC001", "cards.yaml", 4, 39)]),
    "map art is a link": ({"map.yaml": "map:\n  kind: areas\n  art: art/board.png\n",
                           "art/board.png": Link("secret/secret.png")}, [("SEC001", "map.yaml", 3, 8)]),
    "prose picture leaves the folder": ({"rules.yaml": RULES.format(picture="![x](../secret/secret.png)")},
                                        [("SCH011", "rules.yaml", 8, 21)]),
    "prose picture is a link": ({"rules.yaml": RULES.format(picture="![x](art/p.png)"),
                                 "art/p.png": Link("secret/secret.png")}, [("SEC001", "rules.yaml", 8, 21)]),
    "language code is a path": ({"game.yaml": BASE["game.yaml"].replace("languages: [es]", "languages: [es, '../../x']")},
                                [("SCH004", "game.yaml", 5, 19)]),
    # Active content in the living rules, from a game's template override (found by check, at its place).
    "script in a template": ({RULES_TEMPLATE: _template("<script>alert(1)</script>")},
                             [("SEC004", "rules.html.j2", 5, 1)]),
    "event handler in a template": ({RULES_TEMPLATE: _template('<meta name="x" content="y" onclick="go()">')},
                                    [("SEC004", "rules.html.j2", 5, 1)]),
    "remote stylesheet in a template": ({RULES_TEMPLATE: _template('<link rel="stylesheet" href="https://e.x/a.css">')},
                                        [("SEC004", "rules.html.j2", 5, 1)]),
    "remote image in a template": ({RULES_TEMPLATE: _template('<img src="//evil.example/p.png">')},
                                   [("SEC004", "rules.html.j2", 5, 1)]),
    "css import in a template": ({"templates/rulebook/screen.css.j2": 'body { color: red; }\n@import "http://e.x/a.css";\n'},
                                 [("SEC004", "screen.css.j2", 2, 10)]),
    "remote font in inline style": ({RULES_TEMPLATE: _template("<style>@font-face { src: url(https://e.x/f.woff) }</style>")},
                                    [("SEC004", "rules.html.j2", 5, 30)]),
    "javascript link in a template": ({RULES_TEMPLATE: _template('<a href="javascript:alert(1)">x</a>')},
                                      [("SEC004", "rules.html.j2", 5, 1)]),
    "iframe in a template": ({RULES_TEMPLATE: _template('<iframe src="page.html"></iframe>')},
                             [("SEC004", "rules.html.j2", 5, 1)]),
    "meta refresh in a template": ({RULES_TEMPLATE: _template('<meta http-equiv="refresh" content="0; url=x">')},
                                   [("SEC004", "rules.html.j2", 5, 1)]),
    "latin-1 template": ({RULES_TEMPLATE: _template("<title>Año</title>").encode("latin-1")},
                         [("LAY005", "rules.html.j2", 5, 1)]),
    "broken jinja template": ({RULES_TEMPLATE: _template("{% if %}")}, [("LAY005", "rules.html.j2", 5, 1)]),
    "deeply nested jinja expression": ({RULES_TEMPLATE: _template("{% if " + "[" * 90 + "]" * 90 + " %}{% endif %}")},
                                       [("LAY005", "rules.html.j2", 5, 96)]),
    # Crashes and hangs.
    "35000 nested brackets": ({"deep.yaml": "pieces: " + "[" * 35000 + "]" * 35000 + "\n"},
                              [("YML005", "deep.yaml", 1, 73)]),
    "5000 nested sequences": ({"deep.yaml": "pieces:\n" + "- " * 5000 + "x\n"}, [("YML005", "deep.yaml", 2, 129)]),
    "deep flow mappings": ({"deep.yaml": "pieces: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n"},
                           [("YML005", "deep.yaml", 1, 265)]),
    "id format with a huge width": ({"map.yaml": MAP.format(size=16, format="{col:999999999}{row}")},
                                    [("SEC006", "map.yaml", 3, 52)]),
    "id format with attribute access": ({"map.yaml": MAP.format(size=16, format="{col.__class__}{row}")},
                                        [("SEC006", "map.yaml", 3, 52)]),
    "id format with a positional field": ({"map.yaml": MAP.format(size=16, format="{0}{row}")},
                                          [("SEC006", "map.yaml", 3, 52)]),
    "id format without the row": ({"map.yaml": MAP.format(size=16, format="{col:02d}")},
                                  [("SEC006", "map.yaml", 3, 52)]),
    "hex size that rounds to zero": ({"map.yaml": MAP.format(size="1e-300", format="{col:02d}{row:02d}")},
                                     [("SCH006", "map.yaml", 3, 16)]),
    "design width 1e-300": ({LAYOUT: "design_width: 1e-300\n"}, [("LAY003", "unit.yaml", 1, 15)]),
    "font size 1e-300": ({LAYOUT: UNIT.format(element="size: 1e-300")}, [("LAY003", "unit.yaml", 4, 52)]),
    "400-digit font size": ({LAYOUT: UNIT.format(element="size: " + "9" * 400)}, [("LAY003", "unit.yaml", 4, 52)]),
    "NaN box": ({LAYOUT: UNIT.format(element="size: 8").replace("[0, 0, 100, 30]", "[0, .nan, 100, 30]")},
                [("LAY003", "unit.yaml", 4, 33)]),
    "infinite border": ({LAYOUT: "front:\n  border: {width: .inf}\n"}, [("LAY003", "unit.yaml", 2, 19)]),
    "layout colour #zz2a1a": ({LAYOUT: UNIT.format(element="color: '#zz2a1a'")}, [("LAY003", "unit.yaml", 4, 53)]),
    "short layout colour": ({LAYOUT: "front:\n  background: '#abc'\n"}, [("LAY003", "unit.yaml", 2, 15)]),
    "piece size that rounds to zero": ({"game.yaml": BASE["game.yaml"].replace('size: "0.5in"', 'size: "0.001mm"')},
                                       [("SCH006", "game.yaml", 9, 56)]),
    "NaN offset in a game's own profile": ({"templates/profiles/mine.yaml": "extends: home\nback_offset: [.nan, 0]\n"},
                                           [("SCH004", "mine.yaml", 2, 15)]),
    "NaN in geometry": ({"map.yaml": "map:\n  locations:\n    - {id: a, name: A, shape: {circle: [1, 2, .nan]}}\n"},
                        [("SCH004", "map.yaml", 3, 47)]),
    "400 digits in a label": ({"map.yaml": "map:\n  locations:\n    - {id: a, name: A, label: [1, " + "9" * 400 + "]}\n"},
                              [("SCH004", "map.yaml", 3, 35)]),
    "1e400 in a CMYK colour": ({"game.yaml": BASE["game.yaml"].replace("color: \"#a02020\"",
                                                                        "color: {cmyk: [1e400, 0, 0, 0]}")},
                               [("SCH004", "game.yaml", 7, 43)]),
    "raw U+FFFE in a name": ({LEGION: BASE[LEGION].replace("name: Legión", "name: Leg\ufffeión")},
                             [("YML009", "pieces.yaml", 3, 14)]),
    "escaped U+FFFE in a name": ({LEGION: BASE[LEGION].replace("name: Legión", 'name: "Leg\\uFFFEión"')},
                                 [("YML009", "pieces.yaml", 3, 11)]),
    "private-use character in prose": ({"rules.yaml": RULES.format(picture="el \ue000 signo")},
                                       [("YML009", "rules.yaml", 7, 15)]),
    "private-use entity in prose": ({"rules.yaml": RULES.format(picture="&#xE000;99&#xE001;")},
                                    [("LAY002", "rules.yaml", 8, 16)]),     # Markdown decodes it: not a token
    "CJK in prose": ({"rules.yaml": RULES.format(picture="回合")}, [("LAY002", "rules.yaml", 8, 16)]),
    "CJK in a translation": ({"game.yaml": BASE["game.yaml"].replace("languages: [es]", "languages: [es, en]"),
                              "i18n/en.yaml": "language: en\nentries:\n  piece.legion.name: Legion 回\n"},
                             [("LAY002", "en.yaml", 3, 22)]),
    "CJK in a counter name": ({LEGION: BASE[LEGION].replace("name: Legión", "name: 回合")},
                              [("LAY002", "pieces.yaml", 3, 11)]),
    # Images, decoded at check time.
    "PNG with a broken zlib stream": ({"cards.yaml": CARDS.format(image="art/a.png"), "art/a.png": _bad_png()},
                                      [("LAY004", "cards.yaml", 4, 39)]),
    "JPEG with a garbage body": ({"cards.yaml": CARDS.format(image="art/a.jpg"), "art/a.jpg": _bad_jpeg()},
                                 [("LAY004", "cards.yaml", 4, 39)]),
    "GIF image": ({"cards.yaml": CARDS.format(image="art/a.gif"), "art/a.gif": b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"},
                  [("LAY004", "cards.yaml", 4, 39)]),
    "missing card image": ({"cards.yaml": CARDS.format(image="art/none.png")}, [("LAY004", "cards.yaml", 4, 39)]),
    "broken picture in prose": ({"rules.yaml": RULES.format(picture="![x](art/p.png)"), "art/p.png": _bad_png()},
                                [("LAY004", "rules.yaml", 8, 21)]),
    # Low.
    "raw control character": ({LEGION: BASE[LEGION].replace("name: Legión", "name: Leg\x07ión")},
                              [("YML009", "pieces.yaml", 3, 14)]),
    "!!binary tag": ({LEGION: BASE[LEGION].replace("name: Legión", "name: !!binary TGVnaW9u")},
                     [("SCH002", "pieces.yaml", 3, 11)]),
    "!!python/name tag": ({LEGION: BASE[LEGION].replace("name: Legión", "name: !!python/name:os.system ''")},
                          [("SCH002", "pieces.yaml", 3, 11)]),
    "!!python/object mapping": ({LEGION: BASE[LEGION].replace("front: {values", "front: !!python/object:os.system "
                                                                                 "{values")},
                                [("SCH002", "pieces.yaml", 7, 12)]),
}


def _previous_build(out: Path) -> dict:
    artifacts = [Artifact("counters.pdf", b"%PDF- previous", "counters-pdf"), Artifact("sheet.svg", b"<svg/>", "svg")]
    manifest, _ = updated_manifest({}, "demo", "es", "home", {"counters": artifacts}, {"counters": []})
    write_atomically(out / "demo" / "es", artifacts, encode(manifest), [])
    return _listing(out)


def _cpu_seconds() -> float:
    user, system, children_user, children_system, _ = os.times()
    return user + system + children_user + children_system


def _listing(out: Path) -> dict:
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in out.rglob("*") if path.is_file()}


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_content_is_refused_at_its_place(hostile_game, name):
    files, expected = CASES[name]
    folder = hostile_game(files)
    out = Path("out")
    before = _listing(out) if out.exists() else _previous_build(out)
    started = _cpu_seconds()
    with Audit() as opened:
        found = check(folder).diagnostics
        text = reporting.as_text(found) + reporting.as_json(found) + reporting.as_sarif(found)
        built = build(folder, BuildRequest(out=out, jobs=1))
    # No blow-up: processor time (this process and the renders it waited for), which a loaded machine does not
    # stretch as it stretches wall time; a case takes well under 2 CPU-seconds, a blow-up far more than 10.
    assert _cpu_seconds() - started < 10
    located = {(d.code, d.span.file.name, d.span.line, d.span.column) for d in found if d.span}
    for place in expected:
        assert place in located, sorted(located)
    assert not any(d.code in ("OUT002", "SEC005") for d in found + built.diagnostics)
    assert outside_reads(opened, folder) == []
    assert SECRET not in text and SECRET.lower() not in text
    if name not in WARNINGS_ONLY:
        _previous_files_kept(out, before)


WARNINGS_ONLY = {"game replaces a shipped profile",     # built, with the shipped profile and a warning
                 "NaN offset in a game's own profile"}  # check finds it; a build with another profile is made


def _previous_files_kept(out: Path, before: dict) -> None:
    """The previous outputs are there, byte for byte, and the manifest still lists them as they are (an output
    the hostile content stops keeps its previous files; other components may be written beside them)."""
    after = _listing(out)
    manifest = json.loads(after["demo/es/manifest.json"])
    listed = {entry["path"]: entry["sha256"] for entry in manifest["files"]}
    for name, data in before.items():
        if name.startswith("demo/es/") and not name.endswith("manifest.json"):
            assert after[name] == data
            assert listed[name[len("demo/es/"):]] == hashlib.sha256(data).hexdigest()


def test_the_battery_covers_every_class_with_at_least_sixty_cases():
    assert len(CASES) >= 60
    assert {code for _, expected in CASES.values() for code, *_ in expected} >= {
        "SEC001", "SEC002", "SEC003", "SEC004", "SEC006", "SCH011", "YML005", "YML009", "LAY003", "LAY004",
        "LAY005", "SCH002", "SCH004", "SCH006", "LAY002"}


def test_a_link_to_a_file_that_holds_yaml_errors_echoes_none_of_its_lines(hostile_game):
    folder = hostile_game({"extra.yaml": Link("secret/secret.txt")})
    found = check(folder).diagnostics
    assert "TOP-SECRET" not in reporting.as_text(found, show_source=True)
    assert [d.code for d in found if d.span and d.span.file.name == "extra.yaml"] == ["SEC001"]


def test_an_error_inside_game_adds_no_false_missing_manifest(hostile_game):
    folder = hostile_game({"game.yaml": BASE["game.yaml"].replace("title: Demo", "title: [1, 2]")})
    found = check(folder).diagnostics
    assert [(d.code, d.span.line) for d in found if d.code.startswith("SCH")] == [("SCH002", 3)]


def test_json_of_findings_is_valid_for_every_case_together(hostile_game):
    folder = hostile_game({LAYOUT: "design_width: 1e-300\n", "deep.yaml": "a: " + "[" * 5000})
    assert json.loads(reporting.as_json(check(folder).diagnostics))
