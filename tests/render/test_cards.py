"""A publisher builds the card decks; a translator's longer text is caught, not spilled."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from generator.load import load_game
from generator.pipeline import BuildRequest, build

from ..conftest import seed_editions
from .pdf_reading import drawn, fonts

ROOT = Path(__file__).resolve().parents[2]
MAR_Y_ACERO = ROOT / "content" / "mar-y-acero"
MM = 72 / 25.4


def card_text(pdf: Path, placement: dict) -> str:
    """The words printed inside one placed card, as a reader would select them."""
    document = pypdfium2.PdfDocument(str(pdf))
    page = document[placement["page"] - 1]
    text = page.get_textpage().get_text_bounded(
        left=placement["x_mm"] * MM, bottom=placement["y_mm"] * MM,
        right=(placement["x_mm"] + placement["w_mm"]) * MM, top=(placement["y_mm"] + placement["h_mm"]) * MM)
    return " ".join(text.split())


def proof_sheet_marks(pdf: Path, game, overlay: dict) -> dict[str, int]:
    """card id → the mark its unknown title has on the proof sheet that ends the deck: the entry names the card
    by its deck and place, as printed ("3 Eventos indígenas (8) content/mar-y-acero/cards.yaml:53 · title …"),
    then the line of cards.yaml that declares that card."""
    document = pypdfium2.PdfDocument(str(pdf))
    text = " ".join(" ".join(document[i].get_textpage().get_text_range() for i in range(len(document))).split())
    source = (MAR_Y_ACERO / "cards.yaml").read_text(encoding="utf-8").splitlines()
    marks = {}
    for card in game.cards:
        if isinstance(card.title, str):
            continue
        line = next(n for n, said in enumerate(source, 1) if f"id: {card.id}," in said)
        assert "title: {unknown" in source[line - 1], (card.id, line)
        entry = overlay.get(f"deck.{card.deck}.name")
        deck = (entry if isinstance(entry, str) else entry.text) if entry else game.get("deck", card.deck).name
        place = [other.id for other in game.cards if other.deck == card.deck].index(card.id) + 1
        found = re.search(rf"(?<!\S)(\d+) {re.escape(f'{deck} ({place})')} \S*\s?cards\.yaml:{line} · title", text)
        assert found, (card.id, deck, place, line)
        marks[card.id] = int(found.group(1))
    assert marks and len(set(marks.values())) == len(marks)       # one mark per card, none shared
    return marks


@pytest.fixture(scope="module")
def decks(seed_builds):
    """language → (Mar y Acero's folder in the session's seed builds, its manifest with the cards' placements)."""
    folders = seed_editions(seed_builds, games={"mar-y-acero"})
    assert len(folders) == 2, folders
    decks = {}
    for (_, language), folder in folders.items():
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        manifest["placements"] = [p for p in manifest["placements"] if p.get("output") == "cards.pdf"]
        decks[language] = (folder, manifest)
    return decks


@pytest.mark.parametrize("language", ["es", "en"])
def test_all_52_cards_are_placed_each_with_its_back(decks, language):
    _, manifest = decks[language]
    fronts = [p for p in manifest["placements"] if p["side"] == "front"]
    backs = {(p["piece"], p["copy"]): p for p in manifest["placements"] if p["side"] == "back"}
    assert len(fronts) == 52
    assert {(p["piece"], p["copy"]) for p in fronts} == set(backs)
    for front in fronts:       # duplex: behind its front, within 0.1 mm
        back = backs[(front["piece"], front["copy"])]
        assert back["page"] == front["page"] + 1
        assert abs((back["x_mm"] + back["w_mm"] / 2) - (210 - front["x_mm"] - front["w_mm"] / 2)) <= 0.1
        assert abs(back["y_mm"] - front["y_mm"]) <= 0.1
    assert {(p["w_mm"], p["h_mm"]) for p in fronts} == {(63.0, 88.0)}
    assert max(sum(1 for p in fronts if p["page"] == page) for page in {p["page"] for p in fronts}) == 9


@pytest.mark.parametrize("language", ["es", "en"])
def test_each_card_shows_its_title_and_number(decks, language):
    folder, manifest = decks[language]
    game = load_game(MAR_Y_ACERO).game
    overlay = game.translations["en"].content.entries if language == "en" else {}
    fronts = {p["piece"]: p for p in manifest["placements"] if p["side"] == "front"}
    marks = proof_sheet_marks(folder / "cards.pdf", game, overlay)
    checked = 0
    for card in game.cards:
        if card.number is not None:          # every numbered card shows its number, whatever its title
            assert str(card.number) in card_text(folder / "cards.pdf", fronts[card.id]).split(), card.id
        if not isinstance(card.title, str):      # unknown: its placeholder mark, numbered as on the proof sheet
            printed = card_text(folder / "cards.pdf", fronts[card.id])
            assert str(marks[card.id]) in printed.split() and "?" not in printed
            continue
        entry = overlay.get(f"card.{card.id}.title")
        title = (entry if isinstance(entry, str) else entry.text) if entry else card.title
        printed = card_text(folder / "cards.pdf", fronts[card.id])
        assert " ".join(title.split()) in printed
        if card.number is not None:
            assert str(card.number) in printed.split()
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_second_voyage_card_prints_its_seven_soldiers(decks, language):
    folder, manifest = decks[language]
    front = next(p for p in manifest["placements"] if p["piece"] == "second-voyage" and p["side"] == "front")
    assert "7" in card_text(folder / "cards.pdf", front).split()


def test_a_card_type_field_that_no_layout_prints_is_a_warning_at_the_field(write_game):
    from generator.pipeline import check

    files = {"cards.yaml": """\
        card_types:
          - {id: event, name: Evento, fields: [bounty]}
        decks:
          - {id: main, name: Mazo, card_type: event}
        cards:
          - {id: ambush, deck: main, number: 1, title: Emboscada, fields: {bounty: 3}}
        """}
    folder = write_game(files)
    found = [d for d in check(folder).diagnostics if d.code == "LAY007"]
    assert len(found) == 1 and found[0].severity.name == "WARNING"
    assert "bounty" in found[0].message and "'card'" in found[0].message
    assert (found[0].span.file.name, found[0].span.line) == ("cards.yaml", 2)


def test_fonts_are_embedded(decks):
    folder, _ = decks["es"]
    used = fonts(PdfReader(folder / "cards.pdf"))
    assert used and all(used.values())


def test_every_page_renders_as_cards(decks):
    folder, _ = decks["en"]
    for page in pypdfium2.PdfDocument(str(folder / "cards.pdf")):
        picture = page.render(scale=0.4).to_pil().convert("L")
        assert sum(picture.histogram()[:230]) > picture.width * picture.height * 0.02


def test_an_over_long_translation_is_reported_and_every_other_card_is_built(write_game, tmp_path):
    too_long = "Play this card when an enemy army enters a zone next to one of your armies, and read on. " * 12
    write_game(DECK | {"i18n/en.yaml": f"""\
        language: en
        entries:
          card.ambush.text: "{too_long}"
        """})
    built = build(Path("demo"), BuildRequest(only=("cards",), out=tmp_path / "out", formats=frozenset({"pdf"})))
    overflows = [d for d in built.diagnostics if d.code == "LAY001"]
    assert len(overflows) == 1
    message = overflows[0].message
    assert "card 'ambush'" in message and "{text}" in message and "'en'" in message
    assert overflows[0].span.file.name == "cards.yaml"
    for folder in built.folders:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        assert sorted(p["piece"] for p in manifest["placements"] if p["side"] == "front") == \
            ["ambush", "levy", "levy", "storm"]


def test_spanish_punctuation_and_accents_print_with_real_glyphs(write_game, tmp_path):
    write_game(DECK)
    built = build(Path("demo"), BuildRequest(only=("cards",), out=tmp_path / "out", formats=frozenset({"pdf"})))
    assert not [d for d in built.diagnostics if d.code.startswith("LAY")]
    folder = built.folders[0]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    storm = next(p for p in manifest["placements"] if p["piece"] == "storm" and p["side"] == "front")
    printed = card_text(folder / "cards.pdf", storm)
    for expected in ("«Tormenta»", "pingüino", "Año", "—", "Rompe", "4.2"):
        assert expected in printed


def test_press_cards_get_bleed_boxes_and_marks(write_game, tmp_path):
    write_game(DECK)
    built = build(Path("demo"), BuildRequest(only=("cards",), languages=("es",), profile="press",  # a release: no
                                             out=tmp_path / "out", formats=frozenset({"pdf"})))  # English file yet
    reader = PdfReader(built.folders[0] / "cards.pdf")
    for page in reader.pages:
        assert float(page.bleedbox[2]) - float(page.trimbox[2]) == pytest.approx(3 * MM, abs=0.01)


DECK = {
    "game.yaml": """\
        game:
          id: demo
          title: Demo
          source_language: es
          languages: [es, en]
          palette: {tactical-blue: "#2f5d9e", event-red: "#a02020"}
        """,
    "cards.yaml": """\
        card_types:
          - {id: tactical, name: Táctica, color: tactical-blue}
          - {id: event, name: Evento, color: event-red}
        decks:
          - {id: main, name: Mazo, card_type: tactical, back: {title: Campaña}}
        cards:
          - id: ambush
            deck: main
            number: 1
            title: Emboscada
            text: Juega esta carta cuando un ejército enemigo entre en una zona vecina.
          - id: storm
            deck: main
            card_type: event
            number: 2
            title: «Tormenta» — Año 255
            text: |
              **Rompe** la flota: *un pingüino* lo vio.
              - Ver {ref:storms}.
          - {id: levy, deck: main, number: 3, title: Leva, copies: 2}
        """,
    "rules.yaml": """\
        documents:
          - id: rules
            title: Reglas
            sections:
              - {id: s1, title: Uno}
              - {id: s2, title: Dos}
              - {id: s3, title: Tres}
              - id: s4
                title: Cuatro
                sections:
                  - {id: s41, title: Uno}
                  - {id: storms, title: Tormentas}
        """,
}


def test_nine_poker_cards_fit_a_letter_page_too(write_game, tmp_path):
    write_game(DECK)
    built = build(Path("demo"), BuildRequest(only=("cards",), languages=("es",), out=tmp_path / "out",
                                             formats=frozenset({"pdf"}), overrides=(("paper", "letter"),)))
    assert built.folders
    many = DECK["cards.yaml"].replace("{id: levy, deck: main, number: 3, title: Leva, copies: 2}",
                                      "{id: levy, deck: main, number: 3, title: Leva, copies: 16}")
    write_game(DECK | {"cards.yaml": many})
    built = build(Path("demo"), BuildRequest(only=("cards",), languages=("es",), out=tmp_path / "out",
                                             formats=frozenset({"pdf"}), overrides=(("paper", "letter"),)))
    manifest = json.loads((built.folders[0] / "manifest.json").read_text(encoding="utf-8"))
    fronts = [p for p in manifest["placements"] if p["side"] == "front"]
    assert sum(1 for p in fronts if p["page"] == 1) == 9
    for p in fronts:           # inside the Letter sheet
        assert p["x_mm"] >= 0 and p["x_mm"] + p["w_mm"] <= 215.9 and p["y_mm"] >= 0 and p["y_mm"] + p["h_mm"] <= 279.4
    dropped = [d for d in built.diagnostics if d.code == "OUT005"]     # the lost gutter is said, not silent
    assert len(dropped) == 1 and "3 mm" in dropped[0].message and "letter" in dropped[0].message
    _no_mark_crosses_the_scale(built.folders[0] / "cards.pdf", 0.0)


def _no_mark_crosses_the_scale(pdf: Path, offset: float) -> None:
    """No straight line of the page (cut tick, fold line) enters the 50 mm scale, its figures or its caption."""
    reader = PdfReader(pdf)
    from generator.render.draw.fonts import width_mm

    text_right = {}
    reader.pages[0].extract_text(visitor_text=lambda text, cm, tm, font, size: text_right.update(
        {text: (cm[4] + tm[4]) / MM - offset + width_mm(text, "sans", 5)}) if "50 mm" in text else None)
    lines = drawn(reader, 0, offset).lines
    scale = next(line for line in lines if line[1] == line[3] and abs(abs(line[2] - line[0]) - 50) < 0.01)
    x0, y = min(scale[0], scale[2]), scale[1]
    right = max(text_right.values()) + 1           # the caption's end
    for line in lines:
        if line is scale or (line[1] != line[3] and line[0] != line[2]):
            continue
        inside_scale = x0 - 1 <= line[0] <= right and x0 - 1 <= line[2] <= right
        crosses = min(line[1], line[3]) < y + 4 and max(line[1], line[3]) > y - 3
        is_scale_tick = line[0] == line[2] and x0 - 0.01 <= line[0] <= x0 + 50.01 and min(line[1], line[3]) == y
        assert not (inside_scale and crosses) or is_scale_tick or line[1] == line[3] == y, line


def test_press_cards_fit_three_by_three_on_a4_with_their_bleed_and_marks_clear_of_the_scale(write_game, tmp_path):
    many = DECK["cards.yaml"].replace("{id: levy, deck: main, number: 3, title: Leva, copies: 2}",
                                      "{id: levy, deck: main, number: 3, title: Leva, copies: 16}")
    write_game(DECK | {"cards.yaml": many})
    built = build(Path("demo"), BuildRequest(only=("cards",), languages=("es",), profile="press",
                                             out=tmp_path / "out", formats=frozenset({"pdf"})))
    manifest = json.loads((built.folders[0] / "manifest.json").read_text(encoding="utf-8"))
    first = [p for p in manifest["placements"] if p["side"] == "front" and p["page"] == 1]
    assert len(first) == 9
    xs = sorted({p["x_mm"] for p in first})
    assert len(xs) == 3 and all(b - a >= 63 + 6 - 0.01 for a, b in zip(xs, xs[1:]))   # 6 mm: two bleeds
    assert not [d for d in built.diagnostics if d.code == "OUT005"]
    _no_mark_crosses_the_scale(built.folders[0] / "cards.pdf", 12.0)


def test_card_backs_have_no_inner_frame(write_game):
    from generator.render.draw.primitives import Rect, flatten
    from generator.render.edition import Edition
    from generator.render.sheets.cards import card_faces

    game = load_game(write_game(DECK)).game
    back = card_faces(Edition(game, "es")).faces["main-back"]
    assert not [s for s in flatten(back.shapes) if isinstance(s, Rect) and s.stroke is not None]


def test_a_card_whose_picture_cannot_be_printed_stops_the_deck_not_the_counters(write_game, tmp_path):
    folder = write_game(DECK | {"cards.yaml": DECK["cards.yaml"].replace(
        "title: Emboscada", "title: Emboscada\n            image: art/ambush.png")})
    (folder / "art").mkdir()
    (folder / "art" / "ambush.png").write_bytes(b"\x89PNG\r\n\x1a\nbroken")
    result = build(Path("demo"), BuildRequest(only=("cards",), languages=("es",), out=tmp_path / "out"))
    problems = [d for d in result.diagnostics if d.code == "LAY004"]
    # The check decodes every picture before the build, and names it at the line that gives it: the card's image.
    assert len(problems) == 1 and "'art/ambush.png'" in problems[0].message
    span = problems[0].span
    assert span.file.name == "cards.yaml"
    named = (folder / "cards.yaml").read_text(encoding="utf-8").splitlines()[span.line - 1]
    assert named.strip() == "image: art/ambush.png"
    assert not result.folders and not (tmp_path / "out" / "demo" / "es" / "cards.pdf").exists()

    from generator.render.edition import Edition
    from generator.render.sheets.cards import card_faces
    from generator.render.sheets.counters import counter_faces
    from generator.render.sheets.printing import stops_output

    # Drawing the faces (a picture broken after the check) still names the card and stops the deck alone.
    edition = Edition(load_game(folder).game, "es")
    drawn = card_faces(edition)
    lost = [d for d in drawn.diagnostics if d.code == "LAY004"]
    assert lost and "card 'ambush'" in lost[0].message and lost[0].span.file.name == "cards.yaml"
    assert stops_output(drawn.diagnostics) and not stops_output(counter_faces(edition).diagnostics)
