"""The rulebook prints with the shipped fonts only: a template that asks for a family the machine has, or a
character no shipped font holds, never reaches a font installed on the machine (the PDF would then differ
from one machine to the next)."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pikepdf
from fontTools.ttLib import TTFont

from generator.pipeline import BuildRequest, build
from generator.render.draw.fonts import FONT_DIR

GAME = {
    "game.yaml": """\
        game:
          id: demo
          title: Demo
          source_language: es
          languages: [es]
        """,
    "rules.yaml": """\
        documents:
          - id: rules
            title: Reglas
            sections:
              - id: intro
                title: Introducción
                body: |
                  Texto **en negrita** y *cursiva* de las reglas.

                  - una lista
        """,
    # families most machines have (fonts-dejavu-core comes with WeasyPrint's Pango; Liberation and Noto often)
    "templates/rulebook/print.css.j2": """\
        p { font-family: "DejaVu Sans Mono", "Noto Sans Mono", monospace; }
        h1, h2, h3 { font-family: "Liberation Serif", "Droid Sans Fallback", serif; }
        li { font-family: "Liberation Sans", "DejaVu Sans", sans-serif; }
        """,
}


def _write(folder: Path, files: dict) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


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


def test_the_rulebook_embeds_only_shipped_fonts_whatever_family_a_template_asks_for(tmp_path):
    _write(tmp_path / "demo", GAME)
    built = build(tmp_path / "demo", BuildRequest(only=("rules",), out=tmp_path / "out", jobs=1))
    assert built.folders, [str(d) for d in built.diagnostics]
    used = embedded_fonts(built.folders[0] / "rules.pdf")
    assert used and used <= shipped_fonts(), used - shipped_fonts()
    assert {"DejaVu Sans Condensed", "DejaVu Serif Bold"} <= used    # generic monospace and serif, shipped
