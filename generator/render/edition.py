"""An edition: one game in one language. Every renderer asks it for words, never the raw model.

A text missing from the translation falls back to the source language (the
checker has already reported it); a fact recorded as unknown prints as its
placeholder mark (derived/unknowns.py), never as a "?" that reads like data,
and never with the editor's reason, which only the proof sheet prints. A translation is printed only for the
source it translated: one whose source changed since (stale) prints after STALE, which only a proof can
show (a release refuses stale translations, REL002).
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from generator.derived.counting import SelectorError, count, value
from generator.derived.numbering import Numbered, section_numbers
from generator.derived.printed import word
from generator.derived.references import KINDS, find_tokens
from generator.derived.unknowns import Fact, mark, unknown_facts
from generator.model import Game
from generator.model.common import Shape, Unknown, is_assumed
from generator.model.translations import fingerprint
from generator.render.typography import typeset, typeset_word

PLACEHOLDER = mark(0)      # an unnumbered mark: a value that is missing without a declared unknown
STALE = "‡"                # before a translation of an earlier version of its source (a proof's warning)


class Edition:
    def __init__(self, game: Game, language: str) -> None:
        self.game, self.language = game, language

    @cached_property
    def _entries(self) -> dict:
        translation = self.game.translations.get(self.language)
        if translation is None or self.language == self.game.manifest.source_language:
            return {}
        return translation.content.entries

    def text(self, key: str, source) -> str:
        """The words for `key` in this edition's language; `source` is the source-language value."""
        if source is None:
            return ""
        if isinstance(source, Unknown):
            return self.mark(source)
        entry = self._entries.get(key) if key is not None else None
        if entry is None:
            return typeset(self.language, str(source))
        if isinstance(entry, str):
            return typeset(self.language, entry)
        text = typeset(self.language, entry.text)
        return text if entry.source in (None, _fingerprint(str(source))) else STALE + text

    def field(self, owner, *path) -> str:
        """The words of a shape's field in this edition: `field(table, "title")`, `field(modifier, "when")`,
        `field(row, "results", 2)`. Its key is the one model.texts gave that field, so a renderer never spells
        a key and can only ask for one a translator was given."""
        value = _at(owner, path)
        if value is None:
            return ""
        if isinstance(value, Unknown):
            return self.mark(value)
        source = self.game.text_index.get((id(owner), path))
        return self.text(source.key if source is not None else None, value)

    @cached_property
    def facts(self) -> tuple[Fact, ...]:
        return unknown_facts(self.game)

    @cached_property
    def _numbers(self) -> dict[int, int]:
        return {id(fact.value): fact.number for fact in self.facts}

    def mark(self, value) -> str:
        """The placeholder mark of an unknown (or assumed) value, numbered as on the proof sheet."""
        return mark(self._numbers.get(id(value), 0))

    @cached_property
    def palette(self):
        from generator.render.draw.colors import Palette

        return Palette(self.game)

    def color_mark(self, color) -> str:
        """The mark of a colour the source does not give (a faction's `color: {unknown: why}`), printed beside
        what that colour paints (a counter, a legend's swatch, an order sheet); "" for a known colour."""
        if type(color) is str:       # a named or written colour: the same answer on every counter of a faction
            known = self.__dict__.setdefault("_color_marks", {})
            if color not in known:
                unknown = self.palette.unknown(color)
                known[color] = self.mark(unknown) if unknown is not None else ""
            return known[color]
        unknown = self.palette.unknown(color)
        return self.mark(unknown) if unknown is not None else ""

    def shown(self, value) -> str:
        """A number or id as printed: its mark when unknown or only assumed, else its digits."""
        if value is None:
            return ""
        if isinstance(value, Unknown) or is_assumed(value):
            return self.mark(value)
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    def name(self, kind: str, id_: str, field: str = "name") -> str:
        shape = self.game.get(kind, id_)
        if shape is None:
            return id_
        return self.field(shape, field)

    @cached_property
    def words(self):
        """Imprenta's words in this language: the game's translation file, else Imprenta's own file, else (already
        reported by the checker as missing) the source language's."""
        from generator.load.words import shipped
        from generator.render.wording import Words

        source_language = self.game.manifest.source_language
        source = shipped(source_language) or shipped("en")
        return Words(self.language, {name: typeset_word(self.language, word(self.game, self.language, name)[0] or value)
                                     for name, value in source.items()})

    @cached_property
    def numbers(self) -> dict[str, Numbered]:
        return section_numbers(self.game)

    def plain(self, text: str, shown=None) -> str:
        """Prose with its reference tokens printed as words and numbers (cards, counters, aids); `shown(token)`,
        when given, says what a token prints instead of `token_words`."""
        tokens, _ = find_tokens(text)
        if not tokens:
            return text
        shown = shown or self.token_words
        out, last = [], 0
        for token in tokens:
            out.append(text[last:token.start])
            out.append(shown(token))
            last = token.end
        out.append(text[last:])
        return "".join(out)

    def token_words(self, token) -> str:
        """What one token prints in running text: its own words (`{ref:x|…}`), or its target's."""
        return token.label if token.label else self.token_text(token.kind, token.target, token.shown_form)

    def token_text(self, kind: str, target: str, form: str = "") -> str:
        """What a token prints in running text, in the form it asks for (references.FORMS)."""
        if kind == "ref":
            numbered = self.numbers.get(target)
            if numbered is None:
                return target
            if not numbered.document.printed:
                return self._outside_rule(numbered, form)
            title = self.name("section", target, "title")
            if form == "title" or not numbered.number:
                return title
            return f"{numbered.number} {title}" if form == "full" else numbered.number
        if kind == "card":
            return self.card_text(target, form or "full")
        if kind == "count":
            try:
                return str(count(self.game, target))
            except SelectorError:
                return PLACEHOLDER
        if kind == "value":
            try:
                found = value(self.game, target)
            except SelectorError:
                return PLACEHOLDER
            return self.shown(found)
        field = {"card": "title", "term": "term", "ref": "title", "table": "title"}.get(kind, "name")
        collection = KINDS.get(kind) or kind
        return self.name(collection, target, field)

    def _outside_rule(self, numbered: Numbered, form: str) -> str:
        """A rule of a book this game does not hold: no link nor page leads to it, so it prints the book's name,
        the number that book gives (its mark when unknown) and its title, "Libro de asedios ⟨1⟩ Asedios"."""
        document, section = numbered.document, numbered.section
        title = self.name("section", section.id, "title")
        if form == "title":
            return title
        book = self.field(document, "short") or self.field(document, "title")
        return " ".join(part for part in (book, self.shown(section.number), title) if part)

    def card_text(self, card_id: str, form: str) -> str:
        """A card as a sentence names it: "n.º 9 «2.º viaje de Colón»" (full), the title, or "n.º 9"; a card
        without a number is named by its title."""
        card = self.game.get("card", card_id)
        title = self.name("card", card_id, "title")
        if card is None or card.number is None or form == "title":
            return title
        number = self.shown(card.number)
        return self.words[f"card.{form}"].format(number=number, title=title)

    def credits(self) -> list[tuple[str, list[str]]]:
        """(role as printed, names) of each credit: its `title` translated, else its role words in this language
        joined as a list ("revisión y pruebas de juego") with a capital first; each name once."""
        said, found = self.words, []
        for credit in self.game.manifest.credits:
            if credit.title is not None:
                role = self.field(credit, "title")
            else:
                role = self._listed([said[f"credit.{name}"] for name in credit.roles])
                role = role[:1].upper() + role[1:]
            found.append((role, list(dict.fromkeys(credit.names))))
        return found

    def _listed(self, items: list[str]) -> str:
        """Items joined as this language lists them (CLDR, through Babel): "a, b y c", "a, b, and c"."""
        from babel.core import UnknownLocaleError
        from babel.lists import format_list

        try:
            return format_list(items, locale=self.language.replace("-", "_"))
        except UnknownLocaleError:
            return ", ".join(items)

    def icon_mark(self, icon_id: str) -> str:
        """The mark printed where running text shows an icon that has no picture (derived.unknowns)."""
        return self.mark(self.game.get("icon", icon_id))

    def icon(self, icon_id: str):
        """(picture file or None, name) of a game icon; only PNG and JPEG pictures are printed."""
        icon = self.game.get("icon", icon_id)
        if icon is None:
            return None, icon_id
        from generator.load.images import image_problem

        path = self.game.folder / icon.file if icon.file else None
        usable = path is not None and image_problem(path, self.game.folder) is None
        return (path if usable else None), self.name("icon", icon_id)


def _at(owner, path: tuple):
    """The value at a field path below a shape: attribute names, list places and dict keys."""
    value = owner
    for step in path:
        if value is None:
            return None
        if isinstance(step, int) and isinstance(value, (list, tuple)):
            value = value[step] if step < len(value) else None
        elif isinstance(value, Shape) or not isinstance(value, dict):    # a shape first: asking a shape whether
            value = getattr(value, step, None)          # it is a dict reads its __class__, a recorded read each time
        else:
            value = value.get(step)
    return value


@lru_cache(maxsize=65536)
def _fingerprint(text: str) -> str:
    return fingerprint(text)
