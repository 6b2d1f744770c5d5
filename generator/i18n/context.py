"""What a translator is told about a message (the PO's `#.`, the XLIFF's note): what the text is, where it
prints, and how much room it has when that is small (a counter's label)."""

from __future__ import annotations

import re

from generator.derived import references
from generator.derived.counting import SelectorError, count
from generator.model import Game
from generator.model.texts import SourceText

# the first part of a key → what the text is and where it prints (the last part refines a few)
_PLACES = {
    "game": "the game's title or subtitle: rulebook cover, page headers, module name",
    "section": "the rulebook (PDF and living-rules HTML)",
    "piece": "a counter: the counter sheet, set-up tables, the VASSAL/TTS palettes",
    "piece_kind": "a kind of counter: the rulebook's components list and set-up tables",
    "card": "a card: the card sheet, the VASSAL/TTS decks",
    "card_type": "a kind of card: the rulebook's components list",
    "deck": "a deck: the card sheet's footers, the VASSAL/TTS decks",
    "table": "a table: the rulebook, the player aids, the VASSAL charts",
    "location": "a place on the map: the map, the rulebook, set-up tables",
    "track": "a track on the map: the map, set-up tables",
    "term": "a glossary term: the rulebook's glossary and wherever the rules name it",
    "mix": "a group of counters: the components list and set-up tables",
    "faction": "a side: the rulebook, set-up tables, the VASSAL player roster",
    "icon": "an icon's name: the map legend, the rulebook",
    "unknown": "why a fact is unknown: the proof sheet's last column",
    "words": "one of Imprenta's own words: sheet footers, headings, legends",
}
_FIELDS = {
    "title": "a heading", "body": "prose (Markdown: keep ** and lists)", "text": "prose (Markdown)",
    "name": "a name", "label": "a short label", "result": "a table cell", "abbreviation": "an abbreviation",
    "definition": "a definition",
}


def describe(game: Game, key: str, source: str = "") -> list[str]:
    parts = key.split(".")
    if key.startswith("words.module."):
        return ["Where: the VASSAL module (a window, button or menu)."]
    place = _PLACES.get(parts[0])
    if place is None:
        return []
    field = _FIELDS.get(parts[-1])
    lines = [f"Where: {place}" + (f"; this is {field}." if field and parts[0] != "words" else ".")]
    room = _room(game, parts, source)
    if room:
        lines.append(room)
    return lines


def _room(game: Game, parts: list[str], source: str) -> str:
    """A counter's label or name prints on the counter: its width bounds the text."""
    if parts[0] != "piece" or len(parts) < 3 or parts[-1] not in ("label", "name", "text"):
        return ""
    piece = game.get("piece", parts[1])
    kind = game.get("piece_kind", getattr(piece, "kind", "")) if piece is not None else None
    size = getattr(kind, "size", None)
    if not size:
        return ""
    width = getattr(size, "width", size)
    if not isinstance(width, (int, float)):
        return ""
    size = f"{width:g}" if not hasattr(size, "height") else f"{width:g} × {size.height:g}"
    limit = len(source) + max(2, len(source) // 3)
    return (f"Room: a {size} mm counter; keep it within about {limit} characters (a longer text is shrunk, "
            f"and the build warns, LAY001, when it cannot fit).")


def translator_notes(game: Game, source: SourceText) -> str:
    """What the translator must keep, what the counts print (so the words around them agree), where the text
    prints and its room."""
    tokens = references.find_tokens(source.text)[0] if "{" in source.text else []
    notes = []
    for token in tokens:
        shown = source.text[token.start:token.end]
        if token.kind == "count":
            try:
                shown += f" (prints {count(game, token.target)})"
            except SelectorError:
                pass
        notes.append(shown)
    fill_ins = sorted(set(references_fill_ins(source.text)))
    lines = []
    if notes or fill_ins:
        lines.append("Keep each token's kind and target (the words after | are yours to translate): "
                     + ", ".join(notes + fill_ins))
    lines += describe(game, source.key, source.text)
    if source.plural is not None:
        lines.append("Printed with a number: one form per plural category of the language.")
    return "\n".join(lines)


def references_fill_ins(text: str) -> list[str]:
    return re.findall(r"\{\w+\}", text)
