"""SCH011, SEC001, LAY004: every file the content names (art, images, icons, pictures in prose) is a
readable picture inside the game folder, found through the one confinement of game_files.py; each
picture is decoded once here, so a broken one is reported at the place that names it, not by the build."""

from __future__ import annotations

import re
from collections.abc import Iterator

from generator.checks.references import text_span
from generator.diagnostics import Diagnostic, make
from generator.game_files import Refused, inside
from generator.load.images import image_problem
from generator.model import Game, where
from generator.model.common import Shape

_PICTURE = re.compile(r"!\[")        # prose without one is not parsed


def check_paths(game: Game) -> Iterator[Diagnostic]:
    for span_of, value, picture, owner in _named_files(game):
        problem = _problem(game, value, picture)
        if problem:
            code, reason = problem
            yield make(code, f"{owner}: '{value[:80]}' {reason}", span_of())


def _problem(game: Game, value: str, picture: bool) -> tuple[str, str] | None:
    try:
        path = inside(game.folder, value)
    except Refused as refusal:
        if refusal.code == "SEC001":
            return "SEC001", refusal.reason
        if refusal.code != "YML002":
            return "SCH011", refusal.reason
        return ("LAY004", refusal.reason) if picture else None
    problem = image_problem(path, game.folder) if picture else None
    return ("LAY004", problem) if problem else None


def _named_files(game: Game) -> Iterator[tuple]:
    """(where it is named, the name, whether it must be a printable picture, whose) for every file named."""
    def at(shape: Shape, field: str):
        return lambda: where(shape, field)

    if game.map and game.map.art:
        yield at(game.map, "art"), game.map.art, True, "the map's artwork"
    if game.map and game.map.outlines:
        yield at(game.map, "outlines"), game.map.outlines, False, "the map's outlines"
    if game.map and game.map.geography:
        yield at(game.map.geography, "land"), game.map.geography.land, False, "the map's land"
    for icon in game.icons:
        if icon.file:             # an icon without a usable picture prints its name
            yield at(icon, "file"), icon.file, False, f"icon '{icon.id}'"
    for card in game.cards:
        if card.image:
            yield at(card, "image"), card.image, True, f"card '{card.id}'"
    for deck in game.decks:
        if deck.back and deck.back.image:
            yield at(deck.back, "image"), deck.back.image, True, f"the back of deck '{deck.id}'"
    for source in game.texts:
        if _PICTURE.search(source.text):
            for offset, name in _prose_pictures(source.text):
                yield (lambda s=source, o=offset: text_span(s, o)), name, True, f"a picture in {source.key}"


def _prose_pictures(text: str) -> Iterator[tuple[int, str]]:
    """(offset of the picture in the text, its file) for every ![…](file) of a prose text."""
    # only for prose with a picture: a game without one never imports it
    from markdown_it import MarkdownIt

    for token in MarkdownIt("commonmark").enable("table").parse(text):
        for child in token.children or ():
            if child.type == "image":
                source = str(child.attrGet("src") or "")
                yield max(0, text.find(source)), source

