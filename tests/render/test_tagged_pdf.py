"""The rulebook and the aids are tagged PDF: a screen reader gets the headings, the tables and the links in
reading order (the structure tree), home files claim PDF/UA-1, press files stay PDF/X and pass preflight, and
the same input still gives the same bytes."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from generator.output.preflight import preflight
from generator.pipeline import BuildRequest, build

RULES = """\
documents:
  - id: rules
    title: Reglas
    sections:
      - id: turn
        title: Secuencia de juego
        sequence: true
        sections:
          - {id: move, title: Movimiento, body: "Mueve cada unidad (ver {ref:fight})."}
          - {id: fight, title: Combate, body: "Tira en {table:crt}."}
"""
TABLES = """\
tables:
  - id: crt
    title: Tabla de combate
    dice: 1d6
    rows:
      - {roll: 1-3, result: Falla}
      - {roll: 4-6, result: Acierta}
"""


def _game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tagged") / "demo"
    folder.mkdir()
    (folder / "game.yaml").write_text("game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es]\n",
                                      encoding="utf-8")
    (folder / "rules.yaml").write_text(RULES, encoding="utf-8")
    (folder / "tables.yaml").write_text(TABLES, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = _game(tmp_path_factory)
    home = build(folder, BuildRequest(only=("rules", "aids"), out=folder.parent / "home"))
    again = build(folder, BuildRequest(only=("rules", "aids"), out=folder.parent / "again"))
    press = build(folder, BuildRequest(only=("rules", "aids"), profile="press", out=folder.parent / "press"))
    assert home.folders and again.folders and press.folders, home.diagnostics + press.diagnostics
    return home.folders[0], again.folders[0], press.folders[0]


def _structure(path: Path) -> list[str]:
    """The structure types of the PDF's tag tree, depth first (what a screen reader walks)."""
    found = []
    with pikepdf.open(path) as pdf:
        assert pdf.Root.MarkInfo.Marked is True
        assert str(pdf.Root.Lang) == "es"

        def walk(node):
            if isinstance(node, pikepdf.Array):
                for child in node:
                    walk(child)
            elif isinstance(node, pikepdf.Dictionary):
                if "/S" in node:
                    found.append(str(node.S)[1:])
                if "/K" in node:
                    walk(node.K)

        walk(pdf.Root.StructTreeRoot.K)
    return found


@pytest.mark.parametrize("name", ["rules.pdf", "aids.pdf"])
def test_headings_tables_and_links_are_tagged(built, name):
    for folder in (built[0], built[2]):
        tags = _structure(folder / name)
        assert tags[0] == "Document"
        headings = [t for t in tags if t in ("H1", "H2", "H3", "H4")]
        assert headings[:2] == ["H1", "H2"], tags       # the book (or aid) title, then its parts
        assert len(headings) >= (4 if name == "rules.pdf" else 2), tags     # the rules: the sequence and its steps
        assert tags.count("Table") >= 1 and "TH" in tags and "TD" in tags
    if name == "rules.pdf":
        assert "Link" in _structure(built[0] / name)     # "ver 2.2, pág. 3" reads as a link


def test_home_files_claim_pdf_ua_and_press_files_stay_pdf_x(built):
    home, _, press = built
    for name in ("rules.pdf", "aids.pdf"):
        with pikepdf.open(home / name) as pdf:
            assert pdf.open_metadata().get("pdfuaid:part") == "1"
        with pikepdf.open(press / name) as pdf:
            assert pdf.docinfo.get("/GTS_PDFXVersion") == "PDF/X-4"
            assert "pdfuaid:part" not in pdf.open_metadata()
        assert not [d for d in preflight(press / name) if d.severity.name == "ERROR"]


def test_tagged_files_are_byte_reproducible(built):
    home, again, _ = built
    for name in ("rules.pdf", "aids.pdf"):
        assert (home / name).read_bytes() == (again / name).read_bytes()
