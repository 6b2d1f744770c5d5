"""Where a game's facts come from: stated by the source (the default), `{unknown: why}` (derived.unknowns),
or reconstructed by this edition's editor (`reconstructed: {fact: {why, source}}` on the shape that holds the
fact, or on a shape above it with a path: `locations.colors` is every location's colours).

Every reconstruction is numbered once, in the order of the files and lines that declare it: the number a
proof prints in its seal, on the map and on the proof sheet.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from generator.diagnostics import Span
from generator.model import Game, where
from generator.model.common import Reconstruction, Shape, model_in


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
    for index, hex_ in enumerate(game.map.hexes):
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
