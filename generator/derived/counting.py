"""Numbers computed from the data: mix sums, {count:…} and {value:…} selectors, the bill of materials.

Prose never types these numbers; the checker, the inventory and the
renderers all take them from here, so they cannot disagree.
"""

from __future__ import annotations

from typing import Any

from generator.model import Game
from generator.model.common import Unknown
from generator.model.pieces import Mix, MixSelect, Piece


class SelectorError(ValueError):
    """A selector that names nothing; its message says what was expected."""


class RefusedTarget(SelectorError):
    """A selector naming an item that loading refused for a bad field: that field's error is the one mistake."""


def selected_pieces(game: Game, select: MixSelect) -> list[Piece]:
    def keep(piece: Piece) -> bool:
        return ((not select.kinds or piece.kind in select.kinds)
                and (not select.factions or piece.faction in select.factions)
                and (not select.tags or any(tag in select.tags for tag in piece.tags))
                and (not select.pieces or piece.id in select.pieces)
                and (not select.forces or piece.force in select.forces))
    return [piece for piece in game.pieces if keep(piece)]


def mix_count(game: Game, mix: Mix, _visiting: frozenset[str] = frozenset()) -> int | None:
    """The computed size of a mix, or None when it is ill-formed (no parts nor selection, or a cycle)."""
    if mix.id in _visiting:
        return None
    if mix.parts is not None and mix.select is None:
        total = 0
        for part_id in mix.parts:
            part = game.get("mix", part_id)
            counted = mix_count(game, part, _visiting | {mix.id}) if part else None
            if counted is None:
                return None
            total += counted
        return total
    if mix.select is not None and mix.parts is None:
        return sum(piece.copies for piece in selected_pieces(game, mix.select))
    return None


def _refused_part(game: Game, mix: Mix, _seen: frozenset[str] = frozenset()) -> bool:
    """Whether a mix's parts, at any depth, name a mix that loading refused (so it cannot be summed)."""
    for part_id in mix.parts or ():
        part = game.get("mix", part_id)
        if part is None and game.names("mix", part_id) or \
                part is not None and part_id not in _seen and _refused_part(game, part, _seen | {mix.id}):
            return True
    return False


def count(game: Game, selector: str) -> int:
    """The number a {count:selector} token prints."""
    head, _, rest = selector.partition(":")
    pieces = game.pieces
    if head == "pieces" and not rest:
        return sum(p.copies for p in pieces)
    if head == "cards" and not rest:
        return sum(c.copies for c in game.cards)
    if head == "sections" and not rest:
        return sum(1 for _ in game.sections())
    if head == "locations":
        return sum(1 for loc in game.locations if not rest or loc.type == rest)
    if head == "piece":
        return _entity(game, "piece", rest).copies
    if head == "kind":
        _entity(game, "piece_kind", rest)
        return sum(p.copies for p in pieces if p.kind == rest)
    if head == "faction":
        _entity(game, "faction", rest)
        return sum(p.copies for p in pieces if p.faction == rest)
    if head == "tag":
        found = [p for p in pieces if rest in p.tags]
        if not found:      # the pieces that had it may be those loading refused (their tags are not read)
            raise (RefusedTarget if game.rejected.get("piece") else SelectorError)(f"no piece has the tag '{rest}'")
        return sum(p.copies for p in found)
    if head == "mix":
        mix = _entity(game, "mix", rest)
        counted = mix_count(game, mix)
        if counted is None:
            raise (RefusedTarget if _refused_part(game, mix) else SelectorError)(
                f"mix '{rest}' cannot be counted (it needs parts or a selection)")
        return counted
    if head == "deck":
        _entity(game, "deck", rest)
        return sum(c.copies for c in game.cards if c.deck == rest)
    if head == "force":
        force_id, _, kind = rest.partition("/")
        _entity(game, "force", force_id)
        if kind:
            _entity(game, "piece_kind", kind)
        return sum(p.copies for p in pieces if p.force == force_id and (not kind or p.kind == kind))
    if head == "track":
        track = _entity(game, "track", rest)
        return track.max - track.min + 1
    raise SelectorError(f"'{selector}' is not a count selector")


def value(game: Game, path: str) -> Any:
    """The value a {value:path} token prints."""
    head, _, rest = path.partition(":")
    target, _, field = rest.partition("/")
    if head == "table" and field == "rows":
        rows = _entity(game, "table", target).rows
        if isinstance(rows, Unknown):
            raise SelectorError(f"the rows of table '{target}' are unknown")
        return len(rows)
    if head == "track" and field in ("min", "max"):
        return getattr(_entity(game, "track", target), field)
    if head == "piece":
        values = _entity(game, "piece", target).front.values
        if field not in values:
            raise SelectorError(f"piece '{target}' has no front value '{field}'")
        return values[field]
    if head == "card":
        fields = _entity(game, "card", target).fields
        if field not in fields:
            raise SelectorError(f"card '{target}' has no field '{field}'")
        return fields[field]
    if head == "location" and field == "vp":
        return _entity(game, "location", target).vp
    if head == "faction" and field.startswith("limits/"):
        limits = _entity(game, "faction", target).limits
        kind = field.split("/", 1)[1]
        if kind not in limits:
            raise SelectorError(f"faction '{target}' has no limit for '{kind}'")
        return limits[kind]
    raise SelectorError(f"'{path}' is not a value path")


def _entity(game: Game, kind: str, id_: str):
    found = game.get(kind, id_)
    if found is None:
        raise (RefusedTarget if game.names(kind, id_) else SelectorError)(
            f"there is no {kind.replace('_', ' ')} '{id_}'")
    return found


def cup_of(game: Game) -> dict[str, Mix]:
    """piece id → the cup or bag it is drawn from (the first that selects it), for pieces that have one."""
    found: dict[str, Mix] = {}
    for mix in game.mixes:
        if mix.kind in ("cup", "bag") and mix.select is not None:
            for piece in selected_pieces(game, mix.select):
                found.setdefault(piece.id, mix)
    return found
