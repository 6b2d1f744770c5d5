"""The rulebook prints with the shipped fonts only: a template that asks for a family the machine has, or a
character no shipped font holds, never reaches a font installed on the machine (the PDF would then differ
from one machine to the next)."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pikepdf
import pytest
from fontTools.ttLib import TTFont

from generator.pipeline import BuildRequest, build, check
from generator.render.draw.fonts import FONT_DIR

from .conftest import BASE

MANIFEST = textwrap.dedent(BASE["game.yaml"])
GAME = {
    "rules.yaml": "documents:\n  - id: rules\n    title: Reglas\n    sections:\n      - id: intro\n"
                  "        title: Introducción\n        body: |\n"
                  "          Texto **en negrita** y *cursiva* de las reglas.\n\n          - una lista\n",
    # families most machines have (fonts-dejavu-core comes with WeasyPrint's Pango; Liberation and Noto often)
    "templates/rulebook/print.css.j2": """\
        p { font-family: "DejaVu Sans Mono", "Noto Sans Mono", monospace; }
        h1, h2, h3 { font-family: "Liberation Serif", "Droid Sans Fallback", serif; }
        li { font-family: "Liberation Sans", "DejaVu Sans", sans-serif; }
        """,
}
DEMOTED = MANIFEST.replace("languages: [es]\n", "languages: [es]\n  checks: {warn: [LAY002]}\n")


def _rules(folder: Path) -> Path:
    built = build(folder, BuildRequest(only=("rules",), out=Path("out"), jobs=1))
    assert built.folders, [str(d) for d in built.diagnostics]
    assert [d.code for d in built.diagnostics if d.code == "LAY002"] == (["LAY002"] if "回" in
                                                                         (folder / "rules.yaml").read_text() else [])
    return built.folders[0] / "rules.pdf"


def _full_name(font: TTFont) -> str:
    return font["name"].getDebugName(4)


def embedded_fonts(pdf: Path) -> set[str]:
    """The full name (from its own name table) of every font program the PDF embeds."""
    found = set()
    with pikepdf.open(pdf) as document:
        for item in document.objects:
            if isinstance(item, pikepdf.Dictionary) and item.get("/Type") == "/FontDescriptor":
                for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                    if key in item:
                        found.add(_full_name(TTFont(io.BytesIO(item[key].read_bytes()))))
    return found


def shipped_fonts() -> set[str]:
    return {_full_name(TTFont(path, lazy=True)) for path in sorted(FONT_DIR.glob("*.ttf"))}


def test_the_rulebook_embeds_only_shipped_fonts_whatever_family_a_template_asks_for(hostile_game):
    used = embedded_fonts(_rules(hostile_game(GAME)))
    assert used and used <= shipped_fonts(), used - shipped_fonts()
    assert {"DejaVu Sans Condensed", "DejaVu Serif Bold"} <= used    # generic monospace and serif, shipped


def test_a_character_no_shipped_font_has_is_printed_as_a_shipped_fonts_box_not_a_machine_glyph(hostile_game):
    """Demoted to a warning, the missing glyph is built: the box it prints comes from a shipped font, not from
    the machine's CJK font (Droid Sans Fallback, Noto CJK) that fontconfig would otherwise fall back to."""
    used = embedded_fonts(_rules(hostile_game({**GAME, "game.yaml": DEMOTED, "rules.yaml": GAME["rules.yaml"].replace(
        "de las reglas", "de las reglas 回合")})))
    assert used <= shipped_fonts(), used - shipped_fonts()


# (where the text is written, what it says) → the LAY002's place; CJK and a private-use character written as an
# entity (a raw one is refused as YML009 when the file is read), in prose, a title, a translation and a counter.
GLYPHS = {
    "CJK in prose": ({"rules.yaml": GAME["rules.yaml"].replace("de las reglas", "de las reglas 回合")},
                     ("rules.yaml", 8, 58, "U+56DE")),
    "private-use entity in prose": ({"rules.yaml": GAME["rules.yaml"].replace("de las reglas", "con &#xE000;1&#xE001;")},
                                    ("rules.yaml", 8, 48, "private-use character U+E000")),
    "CJK in a title": ({"rules.yaml": GAME["rules.yaml"].replace("title: Introducción", "title: Intro 回")},
                       ("rules.yaml", 6, 16, "U+56DE")),
    "CJK in a translation": ({"game.yaml": MANIFEST.replace("[es]", "[es, en]"),
                              "i18n/en.yaml": "language: en\nentries:\n  section.intro.body: |\n    Rules 回合\n"},
                             ("en.yaml", 4, 11, "U+56DE")),
    "private-use entity in a translation": ({"game.yaml": MANIFEST.replace("[es]", "[es, en]"),
                                             "i18n/en.yaml": "language: en\nentries:\n  section.intro.title: "
                                                             "{text: 'Intro &#xF0005;'}\n"},
                                            ("en.yaml", 3, 31, "private-use character U+F0005")),
    "CJK in a counter name": ({"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n"
                                              "  - {id: a, name: 回合, kind: k}\n"}, ("pieces.yaml", 4, 19, "U+5408")),
    "CJK in a credit": ({"game.yaml": MANIFEST.replace("[es]\n", "[es]\n  credits:\n    - {role: design, names: [Ana, 李]}\n")},
                        ("game.yaml", 7, 35, "U+674E")),
}


@pytest.mark.parametrize("name", list(GLYPHS))
def test_a_character_no_shipped_font_has_is_found_by_check_where_it_is_written(hostile_game, name):
    files, (file, line, column, said) = GLYPHS[name]
    found = [d for d in check(hostile_game({**GAME, **files})).diagnostics if d.code == "LAY002"]
    assert [(d.span.file.name, d.span.line, d.span.column) for d in found] == [(file, line, column)], found
    assert said in found[0].message and found[0].severity.name == "ERROR"


def test_the_words_imprenta_prints_are_all_in_the_shipped_fonts():
    from generator.load.words import shipped
    from generator.render.draw.fonts import printable

    for path in sorted((FONT_DIR.parent / "words").glob("*.yaml")):
        words = shipped(path.stem)
        texts = [form for value in words.values() for form in (value.values() if isinstance(value, dict) else [value])]
        assert set("".join(texts)) - printable() <= set(" \n"), path.name


def test_a_demoted_private_use_entity_in_prose_is_built_not_a_crash(hostile_game):
    folder = hostile_game({"game.yaml": DEMOTED, "rules.yaml": GAME["rules.yaml"].replace(
        "de las reglas", "de &#xE000;99&#xE001; reglas")})
    built = build(folder, BuildRequest(only=("rules", "html"), out=Path("out"), jobs=1))
    assert built.folders and not [d for d in built.diagnostics if d.code == "OUT002"]
    assert "\ue00099\ue001" in (built.folders[0] / "rules.html").read_text(encoding="utf-8")
