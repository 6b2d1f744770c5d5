"""Every fact a game records as unknown, numbered once: the checker's UNK001 notes, the proof sheet's
entries and the reference number printed in each placeholder mark are the same list.

A renderer never prints an unknown as data. It prints a *mark*, which travels through text as one
character of Unicode's private use plane (U+F0000 + the fact's number): every measure of text then
counts it as one glyph, and the drawing model and the HTML each turn it into the designed placeholder
(`render/draw/placeholder.py`, the `unknown-mark` element of the rulebook's stylesheet).

A fact is stated by the source (the default), `{unknown: why}`, or reconstructed by this edition's editor
(`reconstructed: {fact: {why, source}}` on the shape that holds the fact, or on a shape above it with a path:
`locations.colors` is every location's colours): the other facts the source does not state, kept here too.
Every reconstruction is numbered once, in the order of the files and lines that declare it: the number a
proof prints in its seal, on the map and on the proof sheet.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

from generator.components import BY_NAME
from generator.diagnostics import Span
from generator.model import Game, where
from generator.model.common import (
    Reconstruction,
    Shape,
    Unknown,
    accepts_assumption,
    fields_holding_shapes,
    is_assumed,
    model_in,
)
from generator.model.texts import reason_key

MARK_BASE = 0xF0000
MARK_LIMIT = 4096              # marks numbered 1…4095; a fact beyond prints an unnumbered mark (0)
MARK = re.compile(f"[{chr(MARK_BASE)}-{chr(MARK_BASE + MARK_LIMIT - 1)}]")


def mark(number: int) -> str:
    """The character that stands for fact `number` in running text."""
    return chr(MARK_BASE + (number if 0 < number < MARK_LIMIT else 0))


def mark_number(char: str) -> int:
    return ord(char) - MARK_BASE


def readable(text: str, form: str = "[{}]") -> str:
    """Text with each mark written as its number in `form` ("[12]"), where no mark can be drawn: inside an
    HTML tag or title, in the names and charts of a play module."""
    return MARK.sub(lambda found: form.format(mark_number(found.group())), text)


class Fact(NamedTuple):
    number: int                    # 1-based, in the order of the files and lines that declare them
    owner: str                     # "piece 'roman-infantry'"
    field: str                     # "values 'cohesion'"
    span: Span | None              # where the content declares it
    reason: str                    # the editor's words, in the source language
    assumed: str | None            # the value assumed to lay the sheet out, if any
    key: str | None                # the translation key of the reason (None: the fact has no reason)
    value: object                  # the Unknown (or assumed value) itself, to find its mark when printing
    root: str = ""                 # the kind of top-level item that holds it ("piece", "map"): who prints it

    @property
    def what(self) -> str:
        return f"{self.field} of {self.owner}"


def unknown_facts(game: Game) -> tuple[Fact, ...]:
    """Every unknown of the game, numbered by where it is declared (walked once per game)."""
    facts = game.memo.get("unknown_facts")
    if facts is None:
        facts = game.memo["unknown_facts"] = numbered_facts(game)
    return facts


def numbered_facts(game: Game) -> tuple[Fact, ...]:
    found = list(_facts(game))
    found.sort(key=lambda f: (str(f[2].file), f[2].line, f[2].column) if f[2] else ("", 0, 0))
    return tuple(Fact(number, *fact) for number, fact in enumerate(found, 1))


def _facts(game: Game) -> Iterator[tuple]:
    roots = [game.manifest, *game.factions, *game.piece_kinds, *game.pieces, *game.mixes, *game.forces,
             *game.card_types, *game.decks, *game.cards, *game.tables, *game.tracks, *game.documents,
             *game.terms, *game.icons, *game.actions, *game.setup]
    if game.map:
        roots.append(game.map)
    for root in roots:
        kind = getattr(root, "i18n_kind", None) or "game"
        yield from (fact + (kind,) for fact in _walk(root, owner_name(root)))
    for location in game.locations:
        if location.adjacent_unknown is not None:
            reason = location.adjacent_unknown if isinstance(location.adjacent_unknown, str) else ""
            said = game.text_index.get((id(location), ("adjacent_unknown",)))
            yield (f"location '{location.id}'", "neighbours", where(location, "adjacent_unknown"), reason, None,
                   said.key if said is not None else None, location.adjacent_unknown, "location")
    yield from (fact + ("icon",) for fact in _icons_without_picture(game))


# What every output may print (the game's title, factions, icons, terms); what each sheet prints besides is its
# family's `prints` (generator/components.py). tests/render/test_proof_per_output.py holds each file to it.
EVERYWHERE = frozenset({"game", "faction", "icon", "term"})

_BOOK_ONLY = frozenset({"note", "description"})    # fields the sheets never print (a piece's designer's note)


def facts_printed_by(facts, components) -> tuple[Fact, ...]:
    """The facts that the outputs of `components` may print (None: every component)."""
    prints = [BY_NAME[name].prints for name in components] if components is not None else [None]
    if None in prints:
        return tuple(facts)
    kinds = EVERYWHERE.union(*prints)
    return tuple(fact for fact in facts if fact.root in kinds and fact.field.split(" ")[0] not in _BOOK_ONLY)


def reconstructions_printed_by(components) -> bool:
    """Whether the outputs of `components` print reconstructed facts (all are map facts: not on sheets)."""
    return components is None or any(BY_NAME[name].prints is None or "map" in BY_NAME[name].prints
                                     for name in components)


def _icons_without_picture(game: Game) -> Iterator[tuple]:
    """An icon that running text shows (`{icon:…}`) without a picture to print: the text prints its mark, so it
    is a missing fact like any other (listed by a proof, refused by a release). An icon that only a card or
    counter layout draws prints there as a badge with its name, by design, and is not one."""
    from generator.derived.references import find_tokens
    from generator.load.images import image_problem

    shown = {token.target for source in game.texts if "{icon" in source.text
             for token in find_tokens(source.text)[0] if token.kind == "icon"}
    for icon in game.icons:
        if icon.id in shown and (not icon.file or image_problem(game.folder / icon.file, game.folder)):
            yield f"icon '{icon.id}'", "picture", where(icon, "file" if icon.file else "id"), "", None, None, icon


def owner_name(shape: Shape) -> str:
    kind = getattr(shape, "i18n_kind", None) or "item"
    return f"{kind.replace('_', ' ')} '{shape.id}'" if hasattr(shape, "id") else kind


@functools.cache
def _assumable_fields(model: type) -> tuple[tuple[str, str], ...]:
    """(attribute, key) of the fields that accept `{unknown: why, assume: N}`."""
    return tuple((name, info.alias or name) for name, info in model.model_fields.items()
                 if accepts_assumption(info.annotation, info.metadata))


def _walk(shape: Shape, owner: str) -> Iterator[tuple]:
    subject = getattr(shape, "fact_subject", "")      # a part with no id says what it is about: "piece 'x'"
    for name, key in _assumable_fields(type(shape)):
        value = getattr(shape, name)
        if is_assumed(value):
            yield (owner, _named(key, subject), where(shape, key), value.unknown, str(value),
                   reason_key(value.unknown), value)
    labels = getattr(type(shape), "fact_labels", {})   # a field whose key reads badly in a sentence ("to")
    for name, key in fields_holding_shapes(type(shape)):
        yield from _value(shape, getattr(shape, name), _named(labels.get(key, key), subject), (key,), owner)


def _named(field: str, subject: str) -> str:
    return f"{field} of {subject}" if subject else field


def _value(shape: Shape, value, field: str, path: tuple, owner: str) -> Iterator[tuple]:
    if isinstance(value, Unknown):
        yield owner, field, where(shape, *path), value.unknown, None, reason_key(value.unknown), value
    elif isinstance(value, Shape):
        if getattr(value, "i18n_kind", None) and hasattr(value, "id"):
            owner = owner_name(value)
        yield from _walk(value, owner)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from _value(shape, item, field, path + (index,), owner)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _value(shape, item, f"{field} '{key}'", path + (key,), owner)


# Reconstructions: facts this edition's editor supplied ------------------------------------------------------

class Reconstructed(NamedTuple):
    number: int
    owner: str                # "map", "location 'area-1'"
    fact: str                 # "colors", "locations.colors", "borders"
    span: Span | None
    reconstruction: Reconstruction
    key: str                  # translation key of its `why` (`source` adds `.source`)
    holder: Shape             # the shape whose `reconstructed` names it


def reconstructions(game: Game) -> tuple[Reconstructed, ...]:
    """Every reconstruction of the game the publisher has not confirmed, numbered by where it is declared: a
    confirmed one reads as stated (no seal, nothing for a release to refuse)."""
    found = []
    for holder, prefix in _holders(game):
        for fact, reconstruction in holder.reconstructed.items():
            if reconstruction.confirmed:
                continue
            span = where(holder, "reconstructed", fact)
            found.append((_owner(holder), fact, span, reconstruction, f"{prefix}.reconstructed.{fact}.why", holder))
    found.sort(key=lambda f: (str(f[2].file), f[2].line, f[2].column) if f[2] else ("", 0, 0))
    return tuple(Reconstructed(number, *fact) for number, fact in enumerate(found, 1))


def _owner(shape: Shape) -> str:
    kind = getattr(shape, "i18n_kind", None) or type(shape).__name__.lower()
    return f"{kind} '{shape.id}'" if hasattr(shape, "id") else kind


def _holders(game: Game) -> Iterator[tuple[Shape, str]]:
    """Every shape with a `reconstructed` field, and its translation-key prefix."""
    if game.map is None:
        return
    yield game.map, "map"
    for location in game.locations:
        yield location, f"location.{location.id}"
    for hex_ in game.map.hexes:
        yield hex_, f"map.hexes.{hex_.id}"


class Provenance:
    """Which reconstruction (if any) covers a fact of a shape: its own entry, or a path from a shape above."""

    def __init__(self, game: Game):
        self.all = reconstructions(game)
        self._index: dict[tuple[int, str], Reconstructed] = {}
        for entry in self.all:
            for shape, fact in _targets(entry.holder, entry.fact.split(".")):
                self._index.setdefault((id(shape), fact), entry)

    def of(self, shape: Shape | None, fact: str) -> Reconstructed | None:
        return None if shape is None else self._index.get((id(shape), fact))

    def drawn(self, fact: str, game: Game) -> Reconstructed | None:
        """A fact the map draws that no field holds (`borders`)."""
        return self.of(game.map, fact)


def _targets(shape, parts: list[str]) -> Iterator[tuple[object, str]]:
    """(shape, field) pairs a path names: `locations.colors` → every location and `colors`."""
    if len(parts) == 1:
        yield shape, parts[0]
        return
    name = _attribute(type(shape), parts[0])
    value = getattr(shape, name, None) if name else None
    for item in value if isinstance(value, (list, tuple)) else [value]:
        if isinstance(item, Shape):
            yield from _targets(item, parts[1:])


def _attribute(model: type, key: str) -> str | None:
    for name, info in model.model_fields.items():
        if (info.alias or name) == key:
            return name
    return None


def unknown_path(model: type, fact: str) -> str | None:
    """The first part of a `reconstructed` key that names no field (nor, on a map, a drawn fact), or None."""
    parts = fact.split(".")
    for index, part in enumerate(parts):
        if index == len(parts) - 1 and part in getattr(model, "drawn_facts", {}):
            return None
        name = _attribute(model, part)
        if name is None:
            return part
        if index < len(parts) - 1:
            model = model_in(model.model_fields[name].annotation)
            if model is None:
                return parts[index + 1]
    return None
