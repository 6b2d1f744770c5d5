"""Every sentence of the seed games that holds a reference token reads as a sentence once rendered: no bare
number where the sentence wants a noun ("En el 5, pág. 5 juegas", "In 5, p. 5 you play", "the 4.3.2.V"), no
icon printed as a bracketed word, in the rules, aids and living rules of both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.load import load_game
from generator.pipeline import check
from generator.render.book.sentences import token_sentences

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ("mar-y-acero", "punic-island", "lepanto", "maquiavelli")

# A determiner, or a sentence-opening "En"/"In", right before a reference that printed a number (⟦…⟧: a
# reference; a count, ⟨3⟩, is a number the sentence wants).
_NOUN_WANTED = re.compile(r"(?:\b(?:el|la|los|las|un|una|del|al|este|esta|su|the|a|an|this|its)"
                          r"|(?:^|[.:;]\s)(?:En|In))\s+⟦(?:n\.º |#)?\d", re.IGNORECASE)
_BRACKETED = re.compile(r"⟨\[(?!UNK )[^\]]+\]⟩")     # a word standing in for an icon, not a proof mark


def broken(sentences) -> list[str]:
    return [f"{s.place} ({s.language}): {s.text}" for s in sentences
            if _NOUN_WANTED.search(s.text) or _BRACKETED.search(s.text)]


@pytest.mark.parametrize("name", SEEDS)
def test_no_seed_sentence_prints_a_number_where_it_wants_a_noun(name):
    game = load_game(ROOT / "content" / name).game
    sentences = list(token_sentences(game))
    assert {s.language for s in sentences} == set(game.manifest.languages)
    assert len(sentences) > 100                        # the list covers the books, not a sample
    assert broken(sentences) == []
    assert not [d for d in check(ROOT / "content" / name).diagnostics if d.code in ("REF010", "REF011")]


def test_the_reading_catches_what_the_review_found(write_game):
    folder = write_game({"rules.yaml": """\
        documents:
          - id: r
            title: R
            sections:
              - id: a
                title: Modo solitario
                body: |
                  En el {ref:a} juegas solo. Hecho. En {ref:a} se explica. Ver {ref:a}.
        """})
    sentences = list(token_sentences(load_game(folder).game))
    assert [s.text for s in sentences] == ["En el ⟦1, pág. ‹n›⟧ juegas solo.", "En ⟦1, pág. ‹n›⟧ se explica.",
                                           "Ver ⟦1, pág. ‹n›⟧."]
    assert len(broken(sentences)) == 2
