"""aids.pdf: the player aids the content declares, composed of whole sections and tables of the rules and
laid out in columns to fill their pages, then an order sheet per power for games with written orders.

An aid prints each section it names in full (text, lists, boxes, every sub-section), never a summary: a
player at the table reads the rule, not a reminder of it. A game that declares no aid gets one: its
sequences of play and the tables in force (a table another one replaces is left out).
"""

from __future__ import annotations

import dataclasses

from generator.derived.references import find_tokens
from generator.model.common import Unknown
from generator.model.rules import Aid
from generator.render.balancing import faster_column_balancing, remembered_line_breaks
from generator.render.book.prose import section_anchor
from generator.render.book.rulebook import _pdf, render_html, rulebook_context, typeset
from generator.render.book.templating import guarded
from generator.render.context import Rendered, RenderRequest
from generator.render.draw.colors import Palette
from generator.render.draw.primitives import BLACK
from generator.render.edition import Edition

LARGEST, SMALLEST = 8.0, 7.0      # the aids' body type, in points
PAPER_LANDSCAPE = {"A4": "A4 landscape", "letter": "letter landscape", "A3": "A3 landscape",
                   "11in 17in": "17in 11in"}


@guarded
def render_aids(request: RenderRequest) -> Rendered:
    edition = request.edition
    game = edition.game
    if not (game.aids or game.tables or game.actions or any(s.sequence for _, s, _ in game.sections())):
        return Rendered()
    aids = game.aids or (default_aid(edition),)
    faster_column_balancing()       # the aids' columns are balanced: the same pages in a few layouts, not hundreds
    context = rulebook_context(edition, "print", request.profile.paper, version=request.stamp,
                               anchors=aid_anchors(edition, aids))
    context["paper_landscape"] = PAPER_LANDSCAPE.get(context["paper"], f"{context['paper']} landscape")
    context["aids"] = [_aid_view(edition, context, aid) for aid in aids]
    context["order_sheets"] = _order_sheets(edition, context)
    html, laid_out = _fitted(edition, context, {aid.id: aid.pages for aid in aids}, request.profile.page_bleed)
    return _pdf(edition, html, context, "aids.pdf", request.profile, laid_out)[0]


def _fitted(edition: Edition, context: dict, most_pages: dict, bleed: float):
    """The aids typeset, each set smaller by half a point (down to SMALLEST) while it takes more pages than it
    may: an aid that spills a table onto a page of its own is worth a slightly smaller type."""
    while True:
        html = render_html(edition, context, "rulebook/aids.html.j2")
        with remembered_line_breaks():
            laid_out = typeset(html, edition.game.folder, bleed)
        first: dict[str, int] = {}
        last: dict[str, int] = {}
        for number, page in enumerate(laid_out[0].pages):
            for anchor in page.anchors:
                first.setdefault(anchor, number)
                last[anchor] = number
        over = [aid for aid in context["aids"] if most_pages.get(aid["id"]) and aid["size"] > SMALLEST and
                last.get(f"aid-{aid['id']}-end", 0) - first.get(f"aid-{aid['id']}", 0) + 1 > most_pages[aid["id"]]]
        if not over:
            return html, laid_out
        for aid in over:
            aid["size"] -= 0.5


def default_aid(edition: Edition) -> Aid:
    """Without `aids:` in the content: every sequence of play, whole, and every table in force."""
    game = edition.game
    replaced = {table.replaces for table in game.tables if table.replaces}
    parts = [{"section": section.id} for _, section, _ in game.sections() if section.sequence]
    parts += [{"table": table.id} for table in game.tables if table.id not in replaced]
    return Aid.model_validate({"id": "player-aid", "parts": parts})


def aid_sections(game, aid: Aid) -> list[str]:
    """The ids of the sections an aid prints, each once, in order: every part's section and all below it."""
    found: list[str] = []
    for part in aid.parts:
        root = game.get("section", part.section) if part.section else None
        if root is None or root.id in found:
            continue
        stack = [root]
        while stack:
            section = stack.pop()
            if section.id not in found:
                found.append(section.id)
            stack.extend(reversed(section.sections))
    return found


def aid_anchors(edition: Edition, aids) -> frozenset[str]:
    """What a link inside the aids can land on: the sections and tables they print, nothing of the rulebook."""
    game = edition.game
    anchors = {section_anchor(id_) for aid in aids for id_ in aid_sections(game, aid)}
    anchors |= {f"table-{part.table}" for aid in aids for part in aid.parts
                if part.table and game.get("table", part.table)}
    return frozenset(anchors)


def _aid_view(edition: Edition, context: dict, aid: Aid) -> dict:
    e = edition
    title = e.field(aid, "title") if aid.title is not None else context["words"]["aids"]
    tables = {table.id: table for table in context["tables"]}
    views = {view.id: (book, index) for book in context["documents"] for index, view in enumerate(book.sections)}
    parts: list[dict] = []
    printed: set[str] = set()
    for part in aid.parts:
        if part.table and part.table in tables:
            parts.append({"kind": "table", "table": tables[part.table], "span": part.span})
        elif part.section and part.section in views and part.section not in printed:
            book, start = views[part.section]
            sections = _subtree(book.sections, start)
            printed.update(view.id for view in sections)
            parts.append({"kind": "sections", "sections": sections, "span": part.span})
    return {"id": aid.id, "title": title, "orientation": aid.orientation, "columns": aid.columns, "parts": parts,
            "size": LARGEST}


def _subtree(sections: list, start: int) -> list:
    """A section and everything below it, with heading levels counted from the aid (the part's head is h2)."""
    base = sections[start].depth
    end = start + 1
    while end < len(sections) and sections[end].depth > base:
        end += 1
    return [dataclasses.replace(view, level=min(2 + view.depth - base, 6)) for view in sections[start:end]]


def _order_sheets(edition: Edition, context: dict) -> list[dict]:
    """One order sheet per faction when the game has orders (actions): the orders with their notation and
    the units that may give them, the tables the orders name (costs), and a ruled line for every unit the
    power can have at once (its limits), so no player runs out of lines."""
    game = edition.game
    if not game.actions:
        return []
    e = edition
    named_tables = []
    for action in game.actions:
        if isinstance(action.text, str):
            named_tables += [t.target for t in find_tokens(action.text)[0] if t.kind == "table"]
    tables = [table for table in context["tables"] if table.id in named_tables]
    palette = Palette(game)
    names = {faction.id: e.name("faction", faction.id) for faction in game.factions}
    sheets = []
    for index, faction in enumerate(game.factions):
        other = game.factions[(index + 1) % len(game.factions)].id if len(game.factions) > 1 else None
        orders = [_order(e, action, faction.id, other) for action in game.actions]
        units = sum(faction.limits.values()) or sum(1 for piece in game.pieces if piece.faction == faction.id)
        marked = " ".join(filter(None, (names[faction.id], e.color_mark(faction.color))))
        sheets.append({"faction": marked, "faction_id": faction.id,
                       "color": (palette.ink(faction.color) or BLACK).hex(), "orders": orders, "tables": tables,
                       "lines": max(units, 8)})
    return sheets


def _order(e: Edition, action, faction: str, other: str | None) -> dict:
    """An order as its sheet prints it. An example that names the sheet's own power (Austria assassinating
    Austria, France supporting France) names the next power instead."""
    notation = e.field(action, "notation") if action.notation else ""
    if other is not None:
        theirs = e.name("faction", other, "short") or e.name("faction", other)     # as notations name powers
        for mine in (e.name("faction", faction), e.name("faction", faction, "short")):
            if mine and mine in notation:
                notation = notation.replace(mine, theirs)
                break
    cost = e.shown(action.cost) if not isinstance(action.cost, Unknown) else e.mark(action.cost)
    return {"name": e.field(action, "name"), "notation": notation,
            "by": ", ".join(e.name("piece_kind", kind) for kind in action.by), "cost": cost}
