"""errata.pdf: for owners of the printed edition, what changed since it, made with the new rulebook.

Each changed section gives its number and its page in the new edition (from the very layout of rules.pdf
that the manifest records), and its text before and after side by side, word by word: what was taken out
struck through, what was added underlined. A changed table is shown before and after with the cells that
differ picked out; a glossary term like a section; then the counters and cards whose printed faces differ
(render/sheets/reprint.py), with the file that reprints only them.
"""

from __future__ import annotations

import difflib
import html
import re

from markdown_it import MarkdownIt
from markupsafe import Markup, escape

from generator.components import reprint_file
from generator.derived.changes import CHANGED, NEW, compare, word_differences
from generator.derived.references import KINDS
from generator.render.edition import Edition
from generator.render.table_view import table_view
from generator.render.wording import section as words_in

_TAG = re.compile(r"<[^>]+>")
_SKIPPED = Markup('<span class="skipped">[…]</span><br>')


def errata_context(edition: Edition, context: dict, since, page_of: dict[str, int]) -> dict:
    """The rulebook's context (fonts, paper, words, proof) with the errata's entries added."""
    earlier = Edition(since.earlier, edition.language)
    changes = compare(since.earlier, edition.game, edition.language)
    said = edition.words
    sections = []
    for book in context["documents"]:
        for view in book.sections:
            status = changes.sections.get(view.id)
            if status is not None:
                sections.append(_section_entry(edition, earlier, view, status, page_of))
    for section_id in changes.removed_sections:
        number = earlier.numbers[section_id].number if section_id in earlier.numbers else ""
        old = _texts(earlier, "section", section_id, ("title", "body"), earlier)
        sections.append({"number": number, "title": old["title"], "status": "removed", "page": None,
                         "before": _struck(old["body"]), "after": ""})
    tables = [_table_entry(edition, earlier, table_id, status, page_of.get(f"table-{table_id}"))
              for table_id, status in _in_order(changes.tables, [t.id for t in edition.game.tables])]
    tables += [{"title": earlier.name("table", table_id, "title"), "status": "removed", "page": None,
                "before": None, "after": None, "changed": set()} for table_id in changes.removed_tables]
    terms = [_term_entry(edition, earlier, term_id, status, page_of.get(f"term-{term_id}"))
             for term_id, status in _in_order(changes.terms, [t.id for t in edition.game.terms])]
    terms += [{"title": earlier.name("term", term_id, "term"), "status": "removed", "page": None,
               "before": _struck(_texts(earlier, "term", term_id, ("definition",), earlier)["definition"]),
               "after": ""}
              for term_id in changes.removed_terms]
    pieces = since.faces.get(edition.language, {})
    return {**context, "errata": {
        "label": since.label, "words": words_in(said, "errata"), "sections": sections, "tables": tables,
        "terms": terms, "pieces": [{"component": component, "file": reprint_file(component),
                                    "changes": [c for c in found if c.status != "removed"],
                                    "removed": [c for c in found if c.status == "removed"]}
                                   for component, found in pieces.items() if found],
        "status": {status: said[f"edition.{status}"] for status in (NEW, CHANGED, "removed")},
        "sides": {"front": said["errata.front"], "back": said["errata.back"]}}}


def _in_order(found: dict[str, str], order: list[str]):
    return [(item_id, found[item_id]) for item_id in order if item_id in found]


def _section_entry(edition: Edition, earlier: Edition, view, status: str, page_of: dict) -> dict:
    entry = {"number": view.number, "title": view.title, "status": status, "page": page_of.get(view.anchor)}
    now = _texts(edition, "section", view.id, ("title", "body", "after"), edition)
    if status == NEW:
        return {**entry, "before": "", "after": _plain_html(_joined(now, ("body", "after")))}
    was = _texts(earlier, "section", view.id, ("title", "body", "after"), edition)
    old_number = earlier.numbers[view.id].number if view.id in earlier.numbers else ""
    entry["renumbered"] = old_number if old_number != view.number else ""
    shown = tuple(field for field in now if was[field] != now[field]) or ("body",)
    before, after = _side_by_side(_joined(was, shown), _joined(now, shown))
    return {**entry, "before": before, "after": after}


def _joined(texts: dict[str, str], fields) -> str:
    """Some of an item's printed texts as one (its title, its prose, its closing text)."""
    return "\n".join(texts[field] for field in fields if texts[field])


def _texts(edition: Edition, kind: str, item_id: str, fields, numbering: Edition) -> dict[str, str]:
    """An item's texts in `edition`, plain, with references numbered as in `numbering` (the new edition: an
    errata shows what the author changed, not every number a renumbering moved)."""
    item = edition.game.get(kind, item_id)
    found = {}
    for field in fields:
        value = getattr(item, field, None) if item is not None else None
        found[field] = _plain(edition.field(item, field), numbering, edition) \
            if value is not None else ""
    return found


def _plain(text: str, numbering: Edition, fallback: Edition) -> str:
    """Prose as the words a reader sees: references as their numbers and names, Markdown taken away, each
    paragraph and list item on its own line."""
    def shown(token) -> str:       # what the new edition no longer has is named as the earlier one named it
        kind = KINDS.get(token.kind) or token.kind
        gone = kind in numbering.game.entities and not numbering.game.names(kind, token.target)
        return (fallback if gone else numbering).token_words(token)

    rendered = MarkdownIt("commonmark", {"breaks": True}).enable("table").render(numbering.plain(text, shown))
    rendered = re.sub(r"<li>\s*(<p>)?", "• ", rendered)
    rendered = re.sub(r"<br\s*/?>|</(p|li|h\d|tr|div|pre)>", "\n", rendered)
    lines = [" ".join(html.unescape(_TAG.sub("", line)).split()) for line in rendered.splitlines()]
    return "\n".join(line for line in lines if line)


def _side_by_side(before: str, after: str) -> tuple[Markup, Markup]:
    """The lines (paragraphs, list items) that differ, old and new, word by word; lines left as they were
    stand as one "[…]" between them, so a long section shows only what changed."""
    old_lines, new_lines = before.split("\n"), after.split("\n")
    old, new = [], []
    groups = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes()
    for tag, old_start, old_end, new_start, new_end in groups:
        if tag == "equal":
            old.append(_SKIPPED)
            new.append(_SKIPPED)
            continue
        for kind, text in word_differences("\n".join(old_lines[old_start:old_end]),
                                           "\n".join(new_lines[new_start:new_end])):
            shown = _plain_html(text)
            if kind != "added":
                old.append(shown if kind == "same" else Markup("<del>") + shown + Markup("</del>"))
            if kind != "removed":
                new.append(shown if kind == "same" else Markup("<ins>") + shown + Markup("</ins>"))
        old.append(Markup("<br>"))
        new.append(Markup("<br>"))
    return Markup("").join(old), Markup("").join(new)


def _plain_html(text: str) -> Markup:
    return Markup("<br>").join(escape(line) for line in text.split("\n"))


def _struck(text: str) -> Markup:
    return Markup("<del>") + _plain_html(text) + Markup("</del>") if text else Markup("")


def _table_entry(edition: Edition, earlier: Edition, table_id: str, status: str, page: int | None) -> dict:
    now = table_view(edition, edition.game.get("table", table_id), edition.words)
    if status == NEW:
        return {"title": now.title, "status": status, "page": page, "before": None, "after": now, "changed": set()}
    was = table_view(earlier, earlier.game.get("table", table_id), earlier.words)
    old_rows = {row[0]: row for row in was.rows}
    new_rows = {row[0]: row for row in now.rows}
    changed = {("after", label, index) for label, row in new_rows.items() for index, cell in enumerate(row)
               if label not in old_rows or index >= len(old_rows[label]) or old_rows[label][index] != cell}
    changed |= {("before", label, index) for label, row in old_rows.items() for index, cell in enumerate(row)
                if label not in new_rows or index >= len(new_rows[label]) or new_rows[label][index] != cell}
    return {"title": now.title, "status": status, "page": page, "before": was, "after": now, "changed": changed}


def _term_entry(edition: Edition, earlier: Edition, term_id: str, status: str, page: int | None) -> dict:
    fields = ("term", "definition")
    now = _texts(edition, "term", term_id, fields, edition)
    entry = {"title": now["term"], "status": status, "page": page}
    if status == NEW:
        return {**entry, "before": "", "after": _plain_html(now["definition"])}
    was = _texts(earlier, "term", term_id, fields, edition)
    shown = tuple(field for field in fields if was[field] != now[field]) or ("definition",)
    before, after = _side_by_side(_joined(was, shown), _joined(now, shown))
    return {**entry, "before": before, "after": after}
