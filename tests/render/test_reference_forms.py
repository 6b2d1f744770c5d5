"""A reference prints what its sentence needs: the number, the title, or both; a card its number and title;
an icon without a picture its proof mark. What the reader sees is checked in the PDF and the living rules."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from generator.pipeline import BuildRequest, build

RULES = """\
documents:
  - id: rules
    title: Reglas
    sections:
      - id: intro
        title: Introducción
        body: |
          Número: ver {ref:combat}. Título: durante el {ref.title:combat} nadie mueve. Ambos: {ref.full:combat}.

          Carta: juega {card:storm}; su título, {card.title:storm}; su número, {card.number:storm}.

          Icono: si la carta muestra {icon:wind}, nadie navega.
      - id: combat
        title: Combate
        body: Se tira un dado.
icons:
  - {id: wind, name: Viento}
"""
CARDS = "decks:\n  - {id: d, name: Mazo}\ncards:\n  - {id: storm, deck: d, number: 7, title: La tormenta}\n"
ENGLISH = """\
language: en
entries:
  section.intro.title: Introduction
  section.intro.body: |
    Number: see {ref:combat}. Title: during {ref.title:combat} nobody moves. Both: {ref.full:combat}.

    Card: play {card:storm}; its title, {card.title:storm}; its number, {card.number:storm}.

    Icon: if the card shows {icon:wind}, nobody sails.
  section.combat.title: Combat
  section.combat.body: Roll a die.
  card.storm.title: The Storm
"""
MANIFEST = "game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es, en]\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("forms") / "demo"
    (folder / "i18n").mkdir(parents=True)
    for name, text in {"game.yaml": MANIFEST, "rules.yaml": RULES, "cards.yaml": CARDS,
                       "i18n/en.yaml": ENGLISH}.items():
        (folder / name).write_text(text, encoding="utf-8")
    result = build(folder, BuildRequest(only=("rules", "html"), out=folder.parent / "out"))
    assert {target.name for target in result.folders} == {"es", "en"}, result.diagnostics
    return folder.parent / "out" / "demo", result


def _pdf_text(path: Path) -> str:
    """The words as a reader sees them: poppler's reading order, words hyphenated at a line end joined."""
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(re.sub("[\u2010-]\n", "", text).split())


@pytest.mark.parametrize("language, expected", [
    ("es", ["ver 2, pág. 3.", "durante el Combate nadie mueve.", "Ambos: 2 Combate, pág. 3.",
            "juega n.º 7 «La tormenta»;", "su título, La tormenta;", "su número, n.º 7."]),
    ("en", ["see 2, p. 3.", "during Combat nobody moves.", "Both: 2 Combat, p. 3.",
            "play #7 “The Storm”;", "its title, The Storm;", "its number, #7."]),
])
def test_each_form_prints_what_its_sentence_needs(built, language, expected):
    text = _pdf_text(built[0] / language / "rules.pdf")
    for phrase in expected:
        assert phrase in text


def test_the_living_rules_print_the_same_forms_without_pages(built):
    html = (built[0] / "en" / "rules.html").read_text(encoding="utf-8")
    assert 'href="#sec-combat">2</a>' in html and 'class="ref title-ref" href="#sec-combat">Combat</a>' in html
    assert 'href="#sec-combat">2 Combat</a>' in html


def test_an_icon_without_a_picture_prints_its_proof_mark_never_a_bracketed_word(built):
    folder, result = built
    for language, name in (("es", "Viento"), ("en", "Viento")):
        html = (folder / language / "rules.html").read_text(encoding="utf-8")
        assert f"[{name}]" not in html
        assert 'class="unknown-mark" data-unknown="1"' in html          # the first (and only) missing fact
    assert [d.message for d in result.diagnostics if d.code == "UNK001"] == ["picture of icon 'wind' is unknown"]
    text = _pdf_text(folder / "es" / "rules.pdf")
    assert "[Viento]" not in text
    # listed on the proof sheet by its printed name, then the line that declares it (`- {id: wind…}`)
    assert re.search(r"(?<!\[)Viento \S*\s?rules\.yaml:17 · picture", text), text   # the path may wrap after its folder
    assert RULES.splitlines()[17 - 1].startswith("  - {id: wind,")


def test_the_sentence_list_shows_every_token_sentence_in_each_language(built, run_cli):
    code, out, _ = run_cli(["sentences", str(built[0].parent.parent / "demo")])
    assert code == 0
    assert "  es: Número: ver ⟦2, pág. ‹n›⟧." in out
    assert "  en: Title: during ⟦Combat⟧ nobody moves." in out
    assert "  en: Icon: if the card shows ⟨[1]⟩, nobody sails." in out
    assert "  en: Card: play ⟦#7 “The Storm”⟧;" in out
