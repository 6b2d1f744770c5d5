"""UNK002: a field a type declares — a card type's `fields`, the effect its layout prints, a counter's values
named by its kind's formats — is given on every card and counter, or recorded as unknown; never a blank."""

from __future__ import annotations

import functools
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.load import load_game
from generator.model import where
from generator.pipeline import check, game_folders
from generator.render.sheets.coverage import declared_field_findings as check_declared_fields

ROOT = Path(__file__).resolve().parents[2]
SEEDS = [folder.name for folder in game_folders(ROOT / "content")]


@functools.cache
def seed(game: str):
    return load_game(ROOT / "content" / game).game


@functools.cache
def declared_values() -> list[tuple[str, str, str, str | None, str]]:
    """(game, "card" | "piece", id, side, name) of every declared value a seed game gives: a card's fields, a
    counter side's values that its kind's format names."""
    from generator.render.sheets.faces import field_names

    found = []
    for game_id in SEEDS:
        game = seed(game_id)
        for card in game.cards:
            found += [(game_id, "card", card.id, None, name) for name in card.fields]
        for piece in game.pieces:
            kind = game.get("piece_kind", piece.kind)
            if kind is None or not kind.value_format:
                continue
            for side_name, own in (("front", kind.value_format), ("back", kind.back_format or kind.value_format)):
                side = getattr(piece, side_name)
                if side is not None:
                    found += [(game_id, "piece", piece.id, side_name, name) for name in side.values
                              if name in field_names(own)]
    return found


def test_the_seed_games_give_or_declare_unknown_every_declared_field():
    for game_id in SEEDS:
        assert list(check_declared_fields(seed(game_id))) == [], game_id
    assert len(declared_values()) > 300       # the property below draws from real data


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_removing_one_declared_value_from_any_card_or_counter_is_an_error_at_its_line(data):
    game_id, kind, id_, side_name, name = data.draw(st.sampled_from(declared_values()))
    game = seed(game_id)
    shape = game.get(kind, id_)
    holder = shape.fields if kind == "card" else getattr(shape, side_name).values
    value = holder.pop(name)
    try:
        found = [d for d in check_declared_fields(game)]
    finally:
        holder[name] = value
    assert len(found) == 1 and found[0].code == "UNK002", found
    place = where(shape, side_name, "values") if side_name else where(shape)
    assert (found[0].span.file, found[0].span.line) == (place.file, place.line)
    assert f"'{name}'" in found[0].message or "value" in found[0].message


def test_a_card_without_its_types_field_or_its_effect_is_reported_at_the_card(write_game):
    layout = "extends: card\nfront:\n  elements:\n    - {text: '{text}', box: [5, 50, 90, 30]}\n"
    folder = write_game({"cards.yaml": "card_types:\n  - {id: t, name: T, fields: [vrr]}\n"
                                       "decks:\n  - {id: d, name: D, card_type: t}\n"
                                       "cards:\n  - {id: c, deck: d, title: C}\n",
                         "templates/layouts/cards/t.yaml": layout})
    found = [d for d in check(folder, layout=False).diagnostics if d.code == "UNK002"]
    assert [(d.span.file.name, d.span.line) for d in found] == [("cards.yaml", 6)]
    assert "'vrr'" in found[0].message and "effect" in found[0].message and found[0].severity.name == "ERROR"


def test_a_counter_side_without_one_value_of_its_format_is_reported_and_one_without_any_on_purpose_is_not(
        write_game):
    folder = write_game({"pieces.yaml": "piece_kinds:\n  - {id: k, name: K, value_format: '{attack}-{defence}'}\n"
                                        "pieces:\n  - {id: a, name: A, kind: k, front: {values: {attack: 3}}}\n"
                                        "  - {id: b, name: B, kind: k, front: {no_values: true}}\n"
                                        "  - {id: c, name: C, kind: k}\n"})
    found = [d for d in check(folder, layout=False).diagnostics if d.code == "UNK002"]
    assert [(d.span.line, "'defence'" in d.message) for d in found] == [(4, True), (6, True)]
