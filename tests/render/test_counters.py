"""A publisher builds counter sheets and checks them the way a print shop would."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from generator.load import load_game
from generator.pipeline import BuildRequest, build

from .pdf_reading import drawn, fonts

ROOT = Path(__file__).resolve().parents[2]
MAR_Y_ACERO = ROOT / "content" / "mar-y-acero"
A4 = (210.0, 297.0)


@pytest.fixture(scope="module")
def mar_y_acero(seed_builds):
    """Mar y Acero's Spanish folder in the session's seed builds, and its manifest with the counters' placements."""
    target = seed_builds / "mar-y-acero" / "es"
    manifest = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    manifest["placements"] = [p for p in manifest["placements"] if p.get("output") == "counters.pdf"]
    return target, manifest


def test_every_counter_is_placed_front_and_back(mar_y_acero):
    _, manifest = mar_y_acero
    game = load_game(MAR_Y_ACERO).game
    fronts = [p for p in manifest["placements"] if p["side"] == "front"]
    backs = [p for p in manifest["placements"] if p["side"] == "back"]
    assert len(fronts) == 180
    assert len(backs) == sum(piece.copies for piece in game.pieces if piece.back is not None)
    assert {(p["piece"], p["copy"]) for p in backs} <= {(p["piece"], p["copy"]) for p in fronts}


def test_every_font_is_embedded_and_no_base14_font_is_referenced(mar_y_acero):
    target, _ = mar_y_acero
    used = fonts(PdfReader(target / "counters.pdf"))
    assert used and all(used.values()), used
    assert not any("Helvetica" in name for name in used)


def test_every_page_renders_with_ink_on_it(mar_y_acero):
    target, manifest = mar_y_acero
    document = pypdfium2.PdfDocument(str(target / "counters.pdf"))
    pages = next(f["pages"] for f in manifest["files"] if f["path"] == "counters.pdf")
    assert len(document) == pages >= 2
    for page in document:
        picture = page.render(scale=0.5).to_pil().convert("L")
        dark = sum(picture.histogram()[:200])
        assert dark > picture.width * picture.height * 0.03   # coloured counters on it, not a blank page


def test_duplex_backs_land_behind_their_fronts(mar_y_acero):
    _, manifest = mar_y_acero
    fronts = {(p["piece"], p["copy"]): p for p in manifest["placements"] if p["side"] == "front"}
    for back in (p for p in manifest["placements"] if p["side"] == "back"):
        front = fronts[(back["piece"], back["copy"])]
        assert back["page"] == front["page"] + 1
        mirrored_x = A4[0] - (front["x_mm"] + front["w_mm"] / 2)
        assert abs(back["x_mm"] + back["w_mm"] / 2 - mirrored_x) <= 0.1
        assert abs(back["y_mm"] + back["h_mm"] / 2 - (front["y_mm"] + front["h_mm"] / 2)) <= 0.1


def test_the_calibration_offset_moves_every_back_in_the_pdf_itself(write_game, tmp_path):
    write_game(DEMO)
    profile = tmp_path / "my-printer.yaml"
    profile.write_text("extends: home\nback_offset: [1.5, -0.8]\n", encoding="utf-8")
    built = build(Path("demo"), BuildRequest(only=("counters",), profile=str(profile), out=tmp_path / "out"))
    assert built.folders, [str(d) for d in built.diagnostics]
    reader = PdfReader(built.folders[0] / "counters.pdf")
    front_page, back_page = drawn(reader, 0), drawn(reader, 1)
    assert len(back_page.forms) == 5            # the blank-backed marker has no back
    expected = sorted((A4[0] - x - 12.7 + 1.5, y - 0.8) for _, x, y in front_page.forms[:5])
    found = sorted((x, y) for _, x, y in back_page.forms)
    assert all(abs(a - c) <= 0.1 and abs(b - d) <= 0.1 for (a, b), (c, d) in zip(found, expected)), (found, expected)


def test_fold_puts_backs_beside_fronts_across_the_middle(write_game, tmp_path):
    write_game(DEMO)
    built = build(Path("demo"), BuildRequest(only=("counters",), overrides=(("backs", "fold"),), out=tmp_path / "out"))
    manifest = json.loads((built.folders[0] / "manifest.json").read_text(encoding="utf-8"))
    fronts = {(p["piece"], p["copy"]): p for p in manifest["placements"] if p["side"] == "front"}
    for back in (p for p in manifest["placements"] if p["side"] == "back"):
        front = fronts[(back["piece"], back["copy"])]
        assert back["page"] == front["page"]
        assert front["x_mm"] + front["w_mm"] <= A4[0] / 2 <= back["x_mm"]
        assert abs((back["x_mm"] + back["w_mm"] / 2) - (A4[0] - front["x_mm"] - front["w_mm"] / 2)) <= 0.1


def test_printed_values_are_in_the_pdf_text_and_in_the_counter_svg(write_game, tmp_path):
    write_game(DEMO)
    built = build(Path("demo"), BuildRequest(only=("counters",), out=tmp_path / "out"))
    target = built.folders[0]
    text = "".join(page.extract_text() for page in PdfReader(target / "counters.pdf").pages)
    for printed in ("4-3", "2", "G3 F2 B4", "Legión", "Turno"):
        assert printed in text
    svg = ET.parse(target / "counters" / "legion-front.svg").getroot()
    words = [element.text for element in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "4-3" in words and "Legión" in words
    assert [e.text for e in ET.parse(target / "counters" / "legion-back.svg").getroot()
            .iter("{http://www.w3.org/2000/svg}text")][-1] == "2"
    png = target / "counters" / "legion-front.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_press_pages_have_bleed_and_crop_marks_outside_the_trim(write_game, tmp_path):
    write_game(DEMO)
    built = build(Path("demo"), BuildRequest(only=("counters",), profile="press", out=tmp_path / "out"))
    target = built.folders[0]
    reader = PdfReader(target / "counters.pdf")
    manifest = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    for index, page in enumerate(reader.pages):
        trim, bleed = [float(v) for v in page.trimbox], [float(v) for v in page.bleedbox]
        assert [round((t - b) * 25.4 / 72, 2) for t, b in zip(trim[:2], bleed[:2])] == [3.0, 3.0]
        assert [round((b - t) * 25.4 / 72, 2) for t, b in zip(trim[2:], bleed[2:])] == [3.0, 3.0]
        offset = trim[0] * 25.4 / 72
        pieces = [p for p in manifest["placements"] if p["page"] == index + 1]
        lines = drawn(reader, index, offset).lines
        assert len(lines) > 8
        for x0, y0, x1, y1 in lines:
            for p in pieces:
                inside_x = max(x0, x1) > p["x_mm"] + 0.01 and min(x0, x1) < p["x_mm"] + p["w_mm"] - 0.01
                inside_y = max(y0, y1) > p["y_mm"] + 0.01 and min(y0, y1) < p["y_mm"] + p["h_mm"] - 0.01
                assert not (inside_x and inside_y), (x0, y0, x1, y1, p)


def test_a_name_too_long_for_its_counter_is_reported_and_the_rest_still_built(write_game, tmp_path):
    files = dict(DEMO)
    files["pieces.yaml"] = DEMO["pieces.yaml"].replace(
        "name: Legión", "name: Legionarios veteranos de la decimotercera legión de Julio César")
    write_game(files)
    built = build(Path("demo"), BuildRequest(only=("counters", "vassal", "tts"), out=tmp_path / "out"))
    overflow = [d for d in built.diagnostics if d.code == "LAY001"]
    assert len(overflow) == 2   # front and back
    assert "legion" in overflow[0].message and "{name}" in overflow[0].message and "'es'" in overflow[0].message
    assert overflow[0].span.file.name == "pieces.yaml"
    manifest = json.loads((built.folders[0] / "manifest.json").read_text(encoding="utf-8"))
    assert len([p for p in manifest["placements"] if p["side"] == "front"]) == 9
    # The play modules draw the same faces: they are built as the sheet is, and do not say the overflow again.
    assert_play_modules_draw_the_sheets_faces(built.folders[0], "demo-es")


def _difference(one: Image.Image, other: Image.Image) -> float:
    """Mean difference per channel (0–255) of two pictures, the first scaled to the second's size."""
    scaled = one.convert("RGB").resize(other.size, Image.Resampling.BOX)
    return sum(ImageStat.Stat(ImageChops.difference(scaled, other.convert("RGB"))).mean) / 3


def assert_play_modules_draw_the_sheets_faces(folder: Path, module: str) -> None:
    """The VASSAL module and the TTS save hold one picture per face the counter sheet drew (counters/*.png), each
    showing that face: closer to it than to any other piece's face, and close in itself (they are drawn at a
    lower resolution, so they are compared after scaling the sheet's face down). Every TTS tile shows its piece's
    own front and back."""
    sheet = {path.stem: Image.open(path) for path in sorted((folder / "counters").glob("*.png"))}
    assert sheet
    with zipfile.ZipFile(folder / f"{module}.vmod") as vmod:
        vassal = {Path(name).stem: Image.open(io.BytesIO(vmod.read(name)))
                  for name in vmod.namelist() if name.startswith("images/") and name != "images/board.png"}
    tts = {path.stem: Image.open(path) for path in sorted((folder / f"{module}-tts").glob("*.png"))}
    for pictures in (vassal, tts):
        assert set(pictures) == set(sheet)
        for face, picture in pictures.items():
            own = _difference(sheet[face], picture)
            others = [_difference(drawn, picture) for name, drawn in sheet.items()
                      if name.rsplit("-", 1)[0] != face.rsplit("-", 1)[0]]
            assert own < 25 and all(own < other for other in others), (face, own, others)
    save = json.loads((folder / f"{module}-tts.json").read_text(encoding="utf-8"))
    tiles = [o["CustomImage"] for o in save["ObjectStates"] if "CustomImage" in o]
    assert tiles
    for tile in tiles:
        front = Path(tile["ImageURL"]).stem
        assert front.endswith("-front") and front in tts
        if tile.get("ImageSecondaryURL"):
            assert Path(tile["ImageSecondaryURL"]).stem in (front.replace("-front", "-back"), front)


def test_a_character_missing_from_the_font_is_reported(write_game, tmp_path):
    files = dict(DEMO)
    files["pieces.yaml"] = DEMO["pieces.yaml"].replace("name: Turno", "name: \u2900")   # in DejaVu Serif only
    write_game(files)
    built = build(Path("demo"), BuildRequest(only=("counters",), out=tmp_path / "out"))
    assert any(d.code == "LAY002" and "U+2900" in d.message and "font has no" in d.message for d in built.diagnostics)


def test_a_failed_write_keeps_the_previous_build(write_game, tmp_path, monkeypatch):
    write_game(DEMO)
    out = tmp_path / "out"
    first = build(Path("demo"), BuildRequest(only=("counters",), out=out)).folders[0]
    before = {path: path.read_bytes() for path in first.rglob("*") if path.is_file()}

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("generator.output.writing._switch", broken)      # the disk fills as the new set goes live
    second = build(Path("demo"), BuildRequest(only=("counters",), out=out, overrides=(("backs", "fold"),)))
    assert any(d.code == "OUT001" for d in second.diagnostics)
    after = {path: path.read_bytes() for path in first.rglob("*") if path.is_file()}
    assert after == before


def test_the_same_input_gives_byte_identical_files(write_game, tmp_path):
    write_game(DEMO)
    # into one OUT (a TTS save names its local pictures by OUT's address), the first moved aside
    build(Path("demo"), BuildRequest(out=tmp_path / "out"))
    (tmp_path / "out").rename(tmp_path / "a")
    one = tmp_path / "a" / "demo" / "es"
    two = build(Path("demo"), BuildRequest(out=tmp_path / "out")).folders[0]
    assert (one / "manifest.json").read_bytes() == (two / "manifest.json").read_bytes()
    assert (one / "counters.pdf").read_bytes() == (two / "counters.pdf").read_bytes()


DEMO = {
    "game.yaml": """\
        game:
          id: demo
          title: Demo
          source_language: es
          languages: [es]
          palette: {roman-red: "#a02020", punic-blue: {cmyk: [90, 60, 0, 10]}}
        factions:
          - {id: rome, name: Roma, color: roman-red}
          - {id: carthage, name: Cartago, color: punic-blue}
        piece_kinds:
          - {id: legion, name: Legión, symbol: infantry, size: "0.5in", value_format: "{attack}-{defence}", back_format: "{combat}"}
          - {id: galley, name: Galera, symbol: galley, size: "0.5in", value_format: "G{G} F{F} B{B}"}
          - {id: marker, name: Marcador, symbol: marker, size: "0.5in"}
        """,
    "pieces.yaml": """\
        pieces:
          - id: legion
            name: Legión
            kind: legion
            faction: rome
            copies: 4
            front: {values: {attack: 4, defence: 3}}
            back: {values: {combat: 2}}
          - id: quinquereme
            name: Quinquerreme
            kind: galley
            faction: carthage
            facing: true
            copies: 1
            front: {label: alfa, values: {G: 3, F: 2, B: 4}}
            back: {label: omega, values: {G: 2, F: 1, B: 3}}
          - id: turn
            name: Turno
            kind: marker
            copies: 4
        """,
}


def test_the_calibration_sheet_puts_each_scale_behind_its_cross(tmp_path, run_cli):
    out = tmp_path / "calibration.pdf"
    code, said, _ = run_cli(["calibrate", "--paper", "letter", "--out", str(out)])
    assert code == 0 and "two-sided" in said
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    letter_width = 215.9
    crosses = [line for line in drawn(reader, 0).lines if line[0] == line[2]]     # vertical red lines
    scales = drawn(reader, 1).lines
    assert len(crosses) == 5
    for x, *_ in crosses:
        zero_tick = letter_width - x
        assert any(abs(x0 - zero_tick) < 0.01 and x0 == x1 for x0, _, x1, _ in scales)
    assert "back_offset" in reader.pages[1].extract_text()


def test_the_spanish_calibration_sheet_is_all_spanish_with_readable_figures_and_a_scale(tmp_path, run_cli):
    out = tmp_path / "calibracion.pdf"
    code, _, _ = run_cli(["calibrate", "--lang", "es", "--flip", "short", "--out", str(out)])
    assert code == 0
    reader = PdfReader(out)
    back = reader.pages[1].extract_text()
    assert "borde corto" in back and "short" not in back and "long" not in back
    assert "corrección" in back and "esta escala mide 50 mm" in back
    sizes = []
    reader.pages[1].extract_text(visitor_text=lambda text, cm, tm, font, size: sizes.append((text.strip(), size * tm[0])))
    figures = [size for text, size in sizes if text in {"+3", "-3", "+6", "-6"}]
    assert figures and min(figures) >= 6


def test_an_unknown_calibration_language_is_refused(tmp_path, run_cli):
    code, _, said = run_cli(["calibrate", "--lang", "fr", "--out", str(tmp_path / "c.pdf")])
    assert code == 2 and "'fr'" in said and not (tmp_path / "c.pdf").exists()
