"""Every text an edition prints: the game's own texts, and the words Imprenta prints around them.

Imprenta's words (sheet footers, legends, "p." …) are keyed `words.<name>`. A game's translation file may
give them like any text; otherwise the file Imprenta ships for the language does; otherwise the edition
has none, which is reported like any missing translation (never printed silently in the source language).
A word printed with a count (`words.page`) has one form per CLDR plural category, keyed
`words.page.<category>` in a translation file.
"""

from __future__ import annotations

from functools import lru_cache

from generator.diagnostics import Span
from generator.load.words import Word, plural_categories, shipped, shipped_lines
from generator.model import Game
from generator.model.texts import SourceText
from generator.model.translations import Entry, fingerprint

WORDS = "words."


def printed_texts(game: Game) -> tuple[SourceText, ...]:
    """The texts a translation gives: the game's own, but those only of tokens and numbers, and Imprenta's words."""
    return tuple(text for text in game.texts if text.translated) + source_words(game.manifest.source_language)


@lru_cache(maxsize=8)
def source_words(language: str) -> tuple[SourceText, ...]:
    """Imprenta's words in a game's source language, as texts to translate."""
    words = shipped(language) or shipped("en")
    path, lines = shipped_lines(language if shipped(language) else "en")
    found = []
    for name, value in words.items():
        span = Span(path, lines.get(name, 1), 3)
        if isinstance(value, dict):
            found.append(SourceText(WORDS + name, value.get("one", value["other"]), None, (), span, value["other"]))
        else:
            found.append(SourceText(WORDS + name, value, None, (), span))
    return tuple(found)


def source_fingerprint(source: SourceText) -> str:
    """What a translation's `source:` records: the text, and its plural form when it has one."""
    return fingerprint(source.text if source.plural is None else f"{source.text}\x00{source.plural}")


def entry_text(entry) -> str:
    return "" if entry is None else entry if isinstance(entry, str) else entry.text


def entry_stamp(entry) -> str | None:
    return entry.source if isinstance(entry, Entry) else None


def plural_keys(source: SourceText, language: str) -> tuple[str, ...]:
    """The translation keys of a text's forms in a language: its key alone, or one per plural category."""
    if source.plural is None:
        return (source.key,)
    return tuple(f"{source.key}.{category}" for category in plural_categories(language))


def word(game: Game, language: str, name: str) -> tuple[Word | None, str]:
    """A word in a language and where it comes from: "game" (its translation file), "shipped", or "" (none)."""
    translation = game.translations.get(language)
    entries = translation.content.entries if translation is not None else {}
    key = WORDS + name
    if isinstance(shipped(game.manifest.source_language).get(name), dict):
        forms = {category: entry_text(entries.get(f"{key}.{category}")).strip()
                 for category in plural_categories(language)}
        if all(forms.values()):
            return forms, "game"
    elif entry_text(entries.get(key)).strip():
        return entry_text(entries[key]), "game"
    value = shipped(language).get(name)
    return (value, "shipped") if value is not None else (None, "")
