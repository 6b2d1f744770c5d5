"""A translated edition prints no source-language text: every PDF, SVG and HTML of the English builds of the
four seed games is read back, and no Spanish-only string of the game or of Imprenta's own words is found.
A text with no translation is reported (I18N001 naming its key), not printed silently in Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.derived.printed import printed_texts
from generator.derived.references import find_tokens
from generator.load import load_game
from generator.load.words import shipped
from generator.model.common import Unknown
from generator.pipeline import check, game_folders
from tests.i18n.edition_text import flat, joined, page_texts

CONTENT = Path(__file__).resolve().parent.parent.parent / "content"
GAMES = game_folders(CONTENT)


@pytest.fixture(scope="module")
def english_builds(seed_builds):
    return seed_builds          # each seed game's English edition is in <game>/en/


def _printed(folder: Path) -> str:
    return joined([text for path in sorted(folder.rglob("*")) for text in page_texts(path)])


def _samples(text: str) -> list[str]:
    """What of a source text would show if it printed: the text, or its first words when it is long prose."""
    tokens, _ = find_tokens(text)
    for token in reversed(tokens):
        text = text[:token.start] + "\n" + text[token.end:]
    pieces = [flat(piece) for piece in re.split(r"[\n.;:()]", text)]
    return [" ".join(piece.split()[:6]) for piece in pieces if len(piece) >= 12 and len(piece.split()) >= 2]


@pytest.mark.parametrize("game", GAMES, ids=lambda folder: folder.name)
def test_no_spanish_only_text_in_the_english_edition(game, english_builds):
    loaded = load_game(game).game
    english = loaded.translations["en"].content.entries
    translated = flat(" ".join((entry if isinstance(entry, str) else entry.text) for entry in english.values())
                       + " " + " ".join(str(value) for value in shipped("en").values()))
    printed = _printed(english_builds / game.name / "en")
    assert len(printed) > 2000
    sources = [(source.key, source.text) for source in printed_texts(loaded)]
    sources += [(f"table.{table.id}.rows (unknown)", table.rows.unknown) for table in loaded.tables
                if isinstance(table.rows, Unknown)]   # editors' notes, in the source language only
    leaks = sorted({(key, sample) for key, text in sources for sample in _samples(text)
                    if sample in printed and sample not in translated})
    assert leaks == []


def test_a_missing_translation_is_reported_with_its_key(write_game):
    folder = write_game({"game.yaml": """\
        game:
          id: demo
          title: Demo
          subtitle: Un juego de prueba
          source_language: es
          languages: [es, en]
        """, "i18n/en.yaml": "language: en\nentries:\n  game.title: Demo\n"})
    found = [(d.code, d.message) for d in check(folder).diagnostics if d.code == "I18N001"]
    assert ("I18N001", "'game.subtitle' has no en translation") in found
    words = [message for code, message in found if "'words." in message]
    assert words == []          # Imprenta ships its own English words
