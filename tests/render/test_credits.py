"""Credits are data: a role word prints in the edition's language (an English cover never says "Diseño"), a
role Imprenta has no word for is a translated `title`, and only the design roles are the PDF's Author, each
name once. The seed games are read back from their built rulebooks and aids."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from generator.load import load_game
from generator.load.words import shipped
from generator.model.game import CREDIT_ROLES, authors
from generator.render.edition import Edition

MANIFEST = """\
game:
  id: demo
  title: Demo
  source_language: es
  languages: [es, en]
  credits:
    - {role: series-design, names: [Ana Ruiz]}
    - {role: game-design, names: [Ana Ruiz, Luis Gil, Ana Ruiz]}
    - {role: [proofreading, playtesting], names: [Eva, Eva, Juan]}
    - {title: Asesoría naval, names: [Marta]}
    - {role: design, title: Diseño original, names: [Pablo]}
"""
ENGLISH = """\
language: en
entries:
  game.title: Demo
  game.credits.2c9bda7b6c.title: Naval advice        # a credit is named by its title
  game.credits.12399ffc7a.title: Original design
"""


def _edition(write_game, language: str) -> Edition:
    folder = write_game({"game.yaml": MANIFEST, "i18n/en.yaml": ENGLISH})
    return Edition(load_game(folder).game, language)


def test_role_words_print_in_the_editions_language_and_titles_through_the_translation(write_game):
    assert _edition(write_game, "es").credits() == [
        ("Diseño de la serie", ["Ana Ruiz"]), ("Diseño del juego", ["Ana Ruiz", "Luis Gil"]),
        ("Revisión y pruebas de juego", ["Eva", "Juan"]), ("Asesoría naval", ["Marta"]),
        ("Diseño original", ["Pablo"])]
    assert _edition(write_game, "en").credits() == [
        ("Series design", ["Ana Ruiz"]), ("Game design", ["Ana Ruiz", "Luis Gil"]),
        ("Proofreading and playtesting", ["Eva", "Juan"]), ("Naval advice", ["Marta"]),
        ("Original design", ["Pablo"])]


def test_the_authors_are_the_design_roles_names_each_once_in_order(write_game):
    game = load_game(write_game({"game.yaml": MANIFEST, "i18n/en.yaml": ENGLISH})).game
    assert authors(game.manifest) == ["Ana Ruiz", "Luis Gil", "Pablo"]


def test_every_role_has_a_shipped_word_in_every_shipped_language():
    for language in ("es", "en"):
        words = shipped(language)
        assert [role for role in CREDIT_ROLES if not words.get(f"credit.{role}", "").strip()] == [], language
    assert {role for role, designs in CREDIT_ROLES.items() if designs} == {
        "design", "game-design", "series-design", "solitaire-design"}


SEED = {"punic-island": ("Francisco Ronco",
                         {"es": ["Diseño de la serie", "Diseño del juego", "Edición del reglamento",
                                 "Pruebas de juego"],
                          "en": ["Series design", "Game design", "Rules editing", "Playtesting"]}),
        "mar-y-acero": ("Antonio Vaquera",
                        {"es": ["Diseño", "Arte", "Diseño gráfico", "Desarrollo", "Redacción",
                                "Revisión y pruebas de juego"],
                         "en": ["Design", "Art", "Graphic design", "Development", "Writing",
                                "Proofreading and playtesting"]})}


def _author(pdf: Path) -> str | None:
    """The document information's /Author, as qpdf reads it (pikepdf): pypdf takes fifteen times as long to
    reach the information dictionary of a seed book."""
    with pikepdf.open(pdf) as document:
        return str(document.docinfo["/Author"]) if "/Author" in document.docinfo else None


@pytest.mark.parametrize("game", list(SEED))
def test_a_seed_games_author_is_its_designer_and_its_cover_prints_every_role_and_the_publisher(seed_builds: Path,
                                                                                                 game):
    author, roles = SEED[game]
    manifest = load_game(Path(__file__).resolve().parents[2] / "content" / game).game.manifest
    every_name = [name for credit in manifest.credits for name in credit.names]
    for language in ("es", "en"):
        folder = seed_builds / game / language
        for pdf in ("rules.pdf", "aids.pdf", "counters.pdf", "cards.pdf", "map.pdf", "map-tiles.pdf"):
            assert _author(folder / pdf) == author, (game, language, pdf)
        assert f'<meta name="author" content="{author}">' in (folder / "rules.html").read_text(encoding="utf-8")
        cover = " ".join((PdfReader(folder / "rules.pdf").pages[0].extract_text() or "").split())
        printed = [role for role in roles[language] if role in cover]
        assert printed == roles[language], (game, language, cover)
        assert all(name in cover for name in every_name) and manifest.publisher in cover, (game, language)
        if language == "en":
            assert not any(role in cover for role in roles["es"] if role not in roles["en"]), cover
