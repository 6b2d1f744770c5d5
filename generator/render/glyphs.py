"""LAY002 at check time: a printed text holding a character no shipped font can print, found where it is written.

The books fall back from one shipped font to another and to nothing else (fonts.shipped_font_configuration),
so a character outside all of them would print as an empty box. Every text an edition prints is looked at:
the game's translatable texts in the source language, each translation's entries in its language, and the
few printed values that are not translated (credits, counter value formats and values). Counter and card
faces, which print with one font and no fallback, are also checked font by font when they are drawn.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

from generator.checks.references import text_span
from generator.derived.printed import entry_text, plural_keys, printed_texts
from generator.diagnostics import Diagnostic, Span, make
from generator.model import Game, where
from generator.render.draw.fonts import printable

_SHOWN = 4      # characters named in one finding
_ENTITY = re.compile(r"&#?\w{1,32};")


def glyph_findings(game: Game) -> list[Diagnostic]:
    covered = printable()
    found = []
    source_language = game.manifest.source_language
    for source in game.texts:
        found += _finding(source.text, covered, source.key, source_language, lambda at, s=source: text_span(s, at))
    for language, translation in sorted(game.translations.items()):
        entries = translation.content.entries
        keys = {key for source in printed_texts(game) for key in plural_keys(source, language)}
        for key in sorted(keys & entries.keys()):
            path = ("entries", key) if isinstance(entries[key], str) else ("entries", key, "text")
            found += _finding(entry_text(entries[key]), covered, key, language,
                              lambda at, p=path, d=translation.document: d.offset_span(p, at))
    for label, shape, path, text in _untranslated(game):
        found += _finding(text, covered, label, source_language, lambda at, s=shape, p=path: where(s, *p))
    return found


def _finding(text: str, covered: frozenset[str], key: str, language: str, place) -> list[Diagnostic]:
    lost = _unprintable(text, covered)
    if not lost:
        return []
    at = text.find(lost[0])
    if at < 0:                       # written as an entity (&#x56DE;), which Markdown decodes
        at = next((m.start() for m in _ENTITY.finditer(text) if html.unescape(m.group()) == lost[0]), 0)
    listed = ", ".join(_named(char) for char in lost[:_SHOWN]) + (f" and {len(lost) - _SHOWN} more"
                                                                  if len(lost) > _SHOWN else "")
    span: Span = place(at)
    return [make("LAY002", f"{key} ({language}) holds {listed}, which no shipped font can print: it would "
                           f"print as an empty box", span)]


def _unprintable(text: str, covered: frozenset[str]) -> list[str]:
    """Characters of `text` (entities decoded, as Markdown decodes them) outside every shipped font, in the order
    they first appear; spaces and invisible formatting characters (soft hyphen, joiners…) need no glyph."""
    decoded = html.unescape(text) if "&" in text else text
    if _with_blanks(covered).issuperset(decoded):     # most texts: no character to look at one by one
        return []
    return [char for char in dict.fromkeys(decoded)
            if char not in covered and not char.isspace() and not _invisible(char)]


@lru_cache(maxsize=4)
def _with_blanks(covered: frozenset[str]) -> frozenset[str]:
    """`covered` and the line breaks, tabs and other blanks that need no glyph (a text's lines end in one)."""
    return covered | {char for char in "\t\n\x0b\x0c\r \x85\xa0\u2009\u202f\u3000" if char.isspace()}


def _invisible(char: str) -> bool:
    point = ord(char)
    return unicodedata.category(char) == "Cf" or 0xFE00 <= point <= 0xFE0F or 0xE0100 <= point <= 0xE01EF


def _named(char: str) -> str:
    if unicodedata.category(char) == "Co":
        return f"the private-use character U+{ord(char):04X}"
    return f"{char!r} (U+{ord(char):04X}{', ' + unicodedata.name(char) if unicodedata.name(char, '') else ''})"


def _untranslated(game: Game) -> Iterator[tuple[str, object, tuple, str]]:
    """(what, shape, field path, text) of the printed values a translation does not give."""
    manifest = game.manifest
    for name in ("players", "playing_time", "publisher"):
        if isinstance(getattr(manifest, name), str):
            yield f"game.{name}", manifest, (name,), getattr(manifest, name)
    for number, credit in enumerate(manifest.credits):
        for index, person in enumerate(credit.names):
            yield f"game.credits.{number}.names", credit, ("names", index), person
    for kind in game.piece_kinds:
        for name in ("value_format", "back_format"):
            if getattr(kind, name):
                yield f"piece_kind.{kind.id}.{name}", kind, (name,), getattr(kind, name)
    for piece in game.pieces:
        for side_name in ("front", "back"):
            side = getattr(piece, side_name, None)
            for name, value in (getattr(side, "values", None) or {}).items():
                if isinstance(value, str):
                    yield f"piece.{piece.id}.{side_name}.values.{name}", side, ("values", name), value
