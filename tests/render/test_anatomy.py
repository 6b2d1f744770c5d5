"""Anatomy figures: a rules section's counter or card is drawn by the layout that prints it, and each numbered
callout sits on the box of that layout its legend line names — read back from the book's HTML and the layout file."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from generator.load import load_game
from generator.model.rules import Anatomy, Callout
from generator.pipeline import check
from generator.render.book.anatomy import anatomy_figure
from generator.render.book.rulebook import rulebook_context
from generator.render.edition import Edition
from generator.render.sheets.faces import field_names

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "content" / "mar-y-acero"
SVG = "{http://www.w3.org/2000/svg}"
# which layout file prints each figure's piece, and the labels the source gives its callouts
FIGURES = {
    "counter-anatomy": (GAME / "templates/layouts/counters/combat-unit.yaml", ["A", "B", "C"]),
    "event-card-anatomy": (GAME / "templates/layouts/cards/event.yaml", [str(n) for n in range(1, 8)]),
    "destiny-card-anatomy": (GAME / "templates/layouts/cards/destiny.yaml", [str(n) for n in range(1, 9)]),
}


@pytest.fixture(scope="module")
def game():
    return load_game(GAME).game


@pytest.fixture(scope="module", params=["es", "en"])
def figures(game, request):
    context = rulebook_context(Edition(game, request.param), "screen", "a4", 1)
    return request.param, {s.id: str(s.figure) for book in context["documents"] for s in book.sections if s.figure}


def _svg(figure_html: str) -> ET.Element:
    data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', figure_html).group(1)
    return ET.fromstring(base64.b64decode(data))


def _names(element: dict) -> set[str]:
    """What a layout element prints, read from the layout file as a designer wrote it."""
    if element.get("band"):
        return {"band"}
    for kind in ("symbol", "image", "table"):
        if kind in element:
            return {kind}
    if "icon" in element:
        return {f"icon:{element['icon']}"}
    return field_names(element["text"])


def _translate(group: ET.Element) -> tuple[float, float]:
    x, y = re.fullmatch(r"translate\(([\d.]+) ([\d.]+)\)", group.get("transform")).groups()
    return float(x), float(y)


def test_mar_y_acero_shows_three_anatomies_with_their_legends(figures):
    language, found = figures
    assert set(found) == set(FIGURES)
    for section_id, (_, labels) in FIGURES.items():
        legend = re.findall(r'<span class="callout-number">([^<]+)</span>', found[section_id])
        assert legend == labels, (language, section_id)
    event = _svg(found["event-card-anatomy"])
    printed = " ".join(t.text or "" for t in event.iter(f"{SVG}text"))
    assert ("2.º viaje de Colón" if language == "es" else "Columbus's 2nd voyage") in printed   # the card's own data
    assert "Defence factor" in found["counter-anatomy"] if language == "en" else "Factor de defensa" in \
        found["counter-anatomy"]


def test_each_callout_number_sits_on_the_layout_box_its_legend_names(game, figures):
    _, found = figures
    sections = {s.id: s for _, s, _ in game.sections()}
    for section_id, (layout_file, labels) in FIGURES.items():
        layout = yaml.safe_load(layout_file.read_text(encoding="utf-8"))["front"]["elements"]
        svg = _svg(found[section_id])
        faces = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "face"]
        callouts = {g.get("id"): g for g in svg.iter(f"{SVG}g") if g.get("class") == "callout"}
        assert sorted(callouts) == sorted(f"callout-{label}" for label in labels)
        anatomy = sections[section_id].anatomy
        for label, callout in zip(labels, anatomy.callouts):
            face = faces[anatomy.sides.index(callout.side)]
            background = face.find(f"{SVG}rect")
            width, height = float(background.get("width")), float(background.get("height"))
            x0, y0 = _translate(face)
            boxes = [e["box"] for e in layout if callout.shows in _names(e)]
            assert boxes, f"{section_id}: the layout prints no {callout.shows}"
            drawn = callouts[f"callout-{label}"].find(f"{SVG}rect")
            at = tuple(float(drawn.get(k)) for k in ("x", "y", "width", "height"))
            expected = [(x0 + x / 100 * width, y0 + y / 100 * height, w / 100 * width, h / 100 * height)
                        for x, y, w, h in boxes]
            assert any(all(abs(a - b) < 0.01 for a, b in zip(at, box)) for box in expected), (section_id, label)
            number = callouts[f"callout-{label}"].find(f"{SVG}text").text
            assert number == label


def test_a_callout_naming_no_box_is_reported_and_kept_out_of_the_drawing(game):
    edition = Edition(game, "es")
    anatomy = Anatomy(card="second-voyage", callouts=[Callout(shows="title", text="Título"),
                                                       Callout(shows="field:vp", text="Puntos")])
    figure = anatomy_figure(edition, anatomy, ["Título", "Puntos"])
    assert figure.unmatched == [1]
    assert 'id="callout-1"' in figure.svg and 'id="callout-2"' not in figure.svg
    assert [label for label, _ in figure.legend] == ["1", "2"]


@pytest.mark.parametrize("figure, found", [
    ("{piece: legion, callouts: [{shows: values, text: Valores}, {shows: 'field:vp', text: Puntos}]}", "LAY009"),
    ("{card: no-such-card, callouts: [{shows: title, text: Título}]}", "REF006")])
def test_the_checker_says_where_a_figure_points_at_nothing(write_game, figure, found):
    from tests.render.test_counters import DEMO

    files = dict(DEMO)
    files["rules.yaml"] = f"""\
        documents:
          - id: rules
            title: Reglas
            sections:
              - id: anatomy
                title: Anatomía
                anatomy: {figure}
        """
    write_game(files)
    said = [d for d in check(Path("demo"), layout=True).diagnostics if d.code in ("LAY009", "REF006")]
    assert [(d.code, d.span.line) for d in said] == [(found, 7)]
    assert ("field:vp" if found == "LAY009" else "no-such-card") in said[0].message
