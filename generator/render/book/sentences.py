"""Every sentence that holds a reference token, as the books print it, in every language of the game: the
list a writer reads once through to find the sentences a token breaks ("En el 5, pág. 5 juegas…").

Prose texts are rendered by the rulebook's own `Prose` (so a reference prints exactly as in rules.pdf, with
its page shown as ‹n›, and as in rules.html and the aids without it); texts that cards and counters print go
through `Edition.plain`, as the sheets do. The eye finds each token's output by its brackets: ⟦…⟧ for a
reference (section, table, card), ⟨…⟩ for a name, term or count.
"""

from __future__ import annotations

import html as html_text
import re
from collections.abc import Iterator
from typing import NamedTuple

from generator.derived.references import find_tokens
from generator.derived.unknowns import readable
from generator.model import Game
from generator.render.book.prose import Prose, book_anchors
from generator.render.edition import Edition

_TAG = re.compile(r"<[^>]+>")
_BLOCK = re.compile(r"</?(?:p|li|ul|ol|h[1-6]|div|br|tr|td|th|dt|dd|table|blockquote)\b[^>]*>")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[^\s\da-záéíóúñ,;)‹])")
_REFERENCES = ("ref", "table", "card")
_PLAIN_OWNERS = ("card", "piece", "piece_kind", "card_type", "deck", "location", "track")   # printed by sheets


class Sentence(NamedTuple):
    place: str          # "content/x/rules.yaml:26"
    key: str            # the text's translation key
    language: str
    text: str           # the sentence as printed, each token's output in ⟦…⟧


class _Bracketing(Prose):
    """The rulebook's prose, with each token's output bracketed and a page reference shown as ‹n›."""

    def _token(self, token, owner: str) -> str:
        shown = _TAG.sub("", super()._token(token, owner))
        pages = token.kind in ("ref", "table") and token.shown_form != "title" and \
            (token.kind == "table" or self.edition.numbers.get(token.target) is not None)
        page = f", {self.edition.words.plural('page', 1)}\u00a0‹n›" if pages else ""
        return _bracket(token.kind, shown + page)


def token_sentences(game: Game) -> Iterator[Sentence]:
    """For each text with a token, its sentences that hold one, in the source language then each other."""
    editions = [Edition(game, language) for language in game.manifest.languages]
    anchors = book_anchors(game)
    book_of = {section.id: document.id for document, section, _ in game.sections()}
    renderers = {e.language: _Bracketing(e, None, anchors) for e in editions}
    for source in game.texts:
        if "{" not in source.text or not find_tokens(source.text)[0]:
            continue
        kind = getattr(source.owner, "i18n_kind", None)
        for edition in editions:
            text = edition.text(source.key, source.text)
            if kind in _PLAIN_OWNERS:
                printed = _bracketed_plain(edition, text)
            else:
                prose = renderers[edition.language]
                prose.document_id = book_of.get(getattr(source.owner, "id", None))
                printed = _TAG.sub("", _BLOCK.sub("\n", str(prose.html(text, getattr(source.owner, "id", "")))))
            for sentence in _sentences(html_text.unescape(printed)):
                if "⟦" in sentence or "⟨" in sentence:
                    yield Sentence(_place(source), source.key, edition.language, readable(sentence))


def _bracketed_plain(edition: Edition, text: str) -> str:
    return edition.plain(text, lambda token: _bracket(token.kind, edition.token_words(token)))


def _bracket(kind: str, shown: str) -> str:
    return f"⟦{shown}⟧" if kind in _REFERENCES else f"⟨{shown}⟩"


def _sentences(text: str) -> Iterator[str]:
    for paragraph in text.split("\n"):
        for sentence in _SENTENCE_END.split(paragraph.strip()):
            if sentence:
                yield " ".join(sentence.split())


def _place(source) -> str:
    span = source.span
    if source.owner is not None:
        from generator.checks.references import text_span

        span = text_span(source, 0)
    return f"{span.file}:{span.line}" if span else source.key


def sentences_text(game: Game) -> str:
    """The list as `imprenta sentences` prints it: a place and key, then each language's sentences."""
    lines, last = [], None
    for sentence in token_sentences(game):
        if (sentence.place, sentence.key) != last:
            last = (sentence.place, sentence.key)
            lines.append(f"{sentence.place} · {sentence.key}")
        lines.append(f"  {sentence.language}: {sentence.text}")
    return "\n".join(lines)
