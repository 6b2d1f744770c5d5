"""What is drawn on the pieces, as a publisher inspects it: shapes, legibility, pieces that can be told apart."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfbase import pdfmetrics

from generator.load import load_game
from generator.pipeline import check
from generator.render.draw.fonts import PT, cap_height_mm, registered, width_mm
from generator.render.draw.primitives import Ellipse, Outline, Polyline, Rect, Text, flatten
from generator.render.edition import Edition
from generator.render.sheets.counters import counter_faces

from .pdf_reading import drawn

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ["mar-y-acero", "punic-island", "lepanto", "maquiavelli"]


@pytest.fixture(scope="module")
def maquiavelli(seed_builds):
    """Maquiavelli's Spanish folder in the session's seed builds (PDF and SVG), and its manifest with the counters'
    placements alone (the rules' and the map's are there too)."""
    folder = seed_builds / "maquiavelli" / "es"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return folder, {**manifest, "placements": [p for p in manifest["placements"] if p["component"] == "counters"]}


def _form_operators(reader: PdfReader, page_index: int, form_name: str) -> list[bytes]:
    form = reader.pages[page_index]["/Resources"]["/XObject"][form_name].get_object()
    return [operator for _, operator in ContentStream(form, reader).operations]


def _form_at(reader: PdfReader, placement: dict, offset: float) -> str:
    forms = drawn(reader, placement["page"] - 1, offset).forms
    return next(name for name, x, y in forms
                if abs(x - placement["x_mm"]) < 0.01 and abs(y - placement["y_mm"]) < 0.01)


def test_garrisons_are_round_in_the_pdf_and_the_svg_and_armies_square(maquiavelli):
    folder, manifest = maquiavelli
    reader = PdfReader(folder / "counters.pdf")
    offset = float(reader.pages[0].trimbox.left) / (72 / 25.4)
    garrison = next(p for p in manifest["placements"] if p["piece"] == "austria-garrison")
    army = next(p for p in manifest["placements"] if p["piece"] == "austria-army")
    round_ops = _form_operators(reader, garrison["page"] - 1, _form_at(reader, garrison, offset))
    clip = next(i for i, op in enumerate(round_ops) if op in (b"W", b"W*"))   # clipped to a circle of curves
    assert round_ops[:clip].count(b"c") == 4 and b"re" not in round_ops[:clip]
    assert not {b"W", b"W*"} & set(_form_operators(reader, army["page"] - 1, _form_at(reader, army, offset)))
    svg = ET.parse(folder / "counters" / "austria-garrison-front.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    clip_circle = svg.find(f"{ns}defs/{ns}clipPath/{ns}circle")
    assert clip_circle is not None and float(clip_circle.get("r")) == pytest.approx(6.35)
    assert svg.find(f"{ns}rect") is None and svg.find(f".//{ns}rect") is None
    square = ET.parse(folder / "counters" / "austria-army-front.svg").getroot()
    assert square.find(f".//{ns}rect") is not None and square.find(f".//{ns}clipPath") is None


def _ink(shape: Text) -> tuple[float, float, float, float]:
    """A line of text from the top of its capitals to the bottom of its descenders, from the font's metrics."""
    width = width_mm(shape.text, shape.font, shape.size)
    left = shape.x - {"start": 0, "middle": width / 2, "end": width}[shape.anchor]
    descent = -pdfmetrics.getDescent(registered(shape.font), shape.size) * PT
    return left, shape.y - cap_height_mm(shape.font, shape.size), left + width, shape.y + descent


def _symbol_boxes(face) -> list[tuple[float, float, float, float]]:
    """Unit symbols: silhouettes, frame lines, stars, artillery dots, frames (stroked rects inside the face)."""
    boxes = []
    for shape in flatten(face.shapes):
        if isinstance(shape, (Outline, Polyline)):
            points = shape.points if isinstance(shape, Polyline) else \
                [(c[i], c[i + 1]) for c in shape.commands for i in range(1, len(c) - 1, 2)]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        elif isinstance(shape, Rect) and shape.stroke is not None and shape.w < face.width - 1:
            boxes.append((shape.x, shape.y, shape.x + shape.w, shape.y + shape.h))
        elif isinstance(shape, Ellipse) and shape.rx < face.width / 3:
            boxes.append((shape.cx - shape.rx, shape.cy - shape.ry, shape.cx + shape.rx, shape.cy + shape.ry))
    return boxes


@pytest.mark.parametrize("game", SEEDS)
def test_no_counter_text_is_under_4_5_pt_nor_touches_a_symbol(game):
    loaded = load_game(ROOT / "content" / game).game
    walked = 0
    for language in loaded.manifest.languages:
        faces = counter_faces(Edition(loaded, language)).faces
        for key, face in faces.items():
            texts = [shape for shape in flatten(face.shapes) if isinstance(shape, Text)]
            for text in texts:
                assert text.size >= 4.5 - 1e-6, (key, text.text, text.size)
                x0, y0, x1, y1 = _ink(text)
                for sx0, sy0, sx1, sy1 in _symbol_boxes(face):
                    assert x1 <= sx0 or sx1 <= x0 or y1 <= sy0 or sy1 <= y0, (key, language, text.text)
            walked += len(texts)
    assert walked > 100


def _chits(layout: str | None) -> dict[str, str]:
    files = {
        "game.yaml": """\
            game: {id: demo, title: Demo, source_language: es, languages: [es]}
            factions:
              - {id: rome, name: Roma, color: "#a02020"}
            piece_kinds:
              - {id: chit, name: Ficha, symbol: chit}
            """,
        "pieces.yaml": """\
            pieces:
              - {id: land-skirmish, name: Escaramuza, kind: chit, faction: rome, tags: [land], front: {text: Escaramuza}}
              - {id: sea-skirmish, name: Escaramuza, kind: chit, faction: rome, tags: [sea], front: {text: Escaramuza}}
            mixes:
              - {id: land-cup, name: Taza terrestre, mark: Tierra, kind: cup, select: {tags: [land]}}
              - {id: sea-cup, name: Taza naval, mark: Mar, kind: cup, select: {tags: [sea]}}
            """}
    if layout is not None:
        files["templates/layouts/counters/chit.yaml"] = layout
    return files


def test_two_chits_that_differ_only_by_cup_are_reported_when_the_layout_prints_no_cup_mark(write_game):
    plain = """\
        front:
          elements:
            - {text: "{name}", box: [5, 10, 90, 60], min_size: 4.5}
        """
    found = [d for d in check(write_game(_chits(plain))).diagnostics if d.code == "LAY008"]
    assert len(found) == 1
    assert "land-skirmish" in found[0].message and "sea-skirmish" in found[0].message and "cup" in found[0].message
    assert found[0].span.file.name == "pieces.yaml" and found[0].related


def test_the_shipped_chit_layout_prints_the_cup_mark_so_the_same_chits_can_be_sorted(write_game):
    checked = check(write_game(_chits(None)))
    assert not [d for d in checked.diagnostics if d.code in ("LAY006", "LAY008")]
    faces = counter_faces(Edition(checked.game, "es")).faces
    assert "Tierra" in faces["land-skirmish-front"].texts() and "Mar" in faces["sea-skirmish-front"].texts()


def test_two_named_sides_that_print_alike_are_reported(write_game):
    files = {"pieces.yaml": """\
        pieces:
          - {id: leader, name: Jefe, kind: marker, front: {label: Activo}, back: {label: Agotado}}
        """, "game.yaml": """\
        game: {id: demo, title: Demo, source_language: es, languages: [es]}
        piece_kinds:
          - {id: marker, name: Marcador, symbol: marker}
        """, "templates/layouts/counters/marker.yaml": """\
        front:
          elements:
            - {text: "{name}", box: [5, 10, 90, 60], min_size: 4.5}
        """}
    codes = {d.code for d in check(write_game(files)).diagnostics}
    assert {"LAY007", "LAY008"} <= codes       # the label is printed nowhere, so the two sides look the same


@pytest.mark.parametrize("game", SEEDS)
def test_every_seed_game_checks_clean_of_layout_findings(game):
    found = [d for d in check(ROOT / "content" / game).diagnostics if d.code.startswith("LAY")]
    assert found == []


def test_counters_of_one_size_fill_their_rows_and_each_size_is_its_own_grid(maquiavelli):
    _, manifest = maquiavelli
    fronts = [p for p in manifest["placements"] if p["side"] == "front"]
    by_size: dict[tuple, dict[tuple, int]] = {}
    for p in fronts:
        rows = by_size.setdefault((p["w_mm"], p["h_mm"]), {})
        rows[(p["page"], p["y_mm"])] = rows.get((p["page"], p["y_mm"]), 0) + 1
    assert len(by_size) == 2                        # ½" squares and rounds, ¾" × ½" fleets
    for rows in by_size.values():
        counts = [count for _, count in sorted(rows.items(), key=lambda row: (row[0][0], -row[0][1]))]
        assert all(count == counts[0] for count in counts[:-1]), counts    # only the very last row is short
    for (w, h), rows in by_size.items():            # grids of two sizes never share a band of the page
        for (other_w, other_h), other_rows in by_size.items():
            if (w, h) == (other_w, other_h):
                continue
            for page, y in rows:
                for other_page, other_y in other_rows:
                    if page == other_page:
                        gap = max(other_y - (y + h), y - (other_y + other_h))
                        assert gap >= 10 - 0.01, (w, h, other_w, other_h, gap)   # room for both grids' ticks
