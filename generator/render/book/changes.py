"""What the rulebook and living rules mark in a build `--since` an earlier version.

A changed section gets a bar in the margin beside each block of its text that changed (the paragraph,
list, box or table of its prose whose source lines differ), and beside its heading when its title did; when
what changed cannot be pinned to a block (its box kind, a translation not yet brought up to date), beside the
whole section. A new section is barred whole and tagged "new"; the contents mark each entry that holds a
change; the living rules list every change at the top, with links.
"""

from __future__ import annotations

from generator.derived.changes import CHANGED, NEW, changed_lines, compare
from generator.derived.unknowns import MARK, mark
from generator.render.edition import Edition

_FIELDS = ("title", "body", "after")


class EditionMarks:
    """The changes of one edition since an earlier version, as the book's templates and sections use them."""

    def __init__(self, edition: Edition, since) -> None:
        self.edition, self.label = edition, since.label
        self.earlier = Edition(since.earlier, edition.language)
        self.changes = compare(since.earlier, edition.game, edition.language)

    def lines(self, section, field: str) -> frozenset[int] | None:
        """The changed lines of one text of a changed section; None when that text did not change."""
        if self.changes.sections.get(section.id) != CHANGED:
            return None
        before, after = self._text(self.earlier, section.id, field), self._text(self.edition, section.id, field)
        return None if before == after else changed_lines(before, after)

    @staticmethod
    def _text(edition: Edition, section_id: str, field: str) -> str:
        section = edition.game.get("section", section_id)
        value = getattr(section, field, None) if section is not None else None
        return MARK.sub(mark(0), edition.field(section, field) if value is not None else "")

    def context(self, documents: list, tables: list, terms: list) -> dict:
        """For the templates: each kind's marks by id, the contents entries to mark, and the list of changes."""
        changes = self.changes
        whole, titles, toc = set(), set(), set()
        listed = []
        for book in documents:
            shown = None              # the contents entry (depth < 2) that holds the sections below it
            for section in book.sections:
                if section.depth < 2 and not section.run_in:
                    shown = section.id
                status = changes.sections.get(section.id)
                if status is None:
                    continue
                toc.add(shown or section.id)
                listed.append({"anchor": section.anchor, "number": section.number, "title": section.title,
                               "status": status})
                if status == CHANGED:
                    changed = {field: self.lines(self.edition.game.get("section", section.id), field)
                               for field in _FIELDS}
                    if changed["title"] is not None:
                        titles.add(section.id)
                    if not any(changed.values()):
                        whole.add(section.id)
        numbers = self.earlier.numbers
        for section_id in changes.removed_sections:
            listed.append({"anchor": "", "number": numbers[section_id].number if section_id in numbers else "",
                           "title": self.earlier.name("section", section_id, "title"), "status": "removed"})
        said = self.edition.words
        for kind, items, removed, ids in ((said["edition.table"], tables, changes.removed_tables, changes.tables),
                                          (said["edition.term"], terms, changes.removed_terms, changes.terms)):
            for item in items:
                item_id = item.id if hasattr(item, "id") else item["id"]
                if item_id in ids:
                    title = item.title if hasattr(item, "title") else item["term"]
                    anchor = item.anchor if hasattr(item, "anchor") else f"term-{item_id}"
                    listed.append({"anchor": anchor, "number": kind, "title": title, "status": ids[item_id]})
            for item_id in removed:
                field = "title" if kind == said["edition.table"] else "term"
                listed.append({"anchor": "", "number": kind, "status": "removed",
                               "title": self.earlier.name("table" if field == "title" else "term", item_id, field)})
        classes = {section_id: f" change-{status}" + (" changed-whole" if section_id in whole else "")
                   for section_id, status in changes.sections.items()}
        return {"label": self.label, "sections": changes.sections, "classes": classes, "titles": titles, "toc": toc,
                "tables": changes.tables, "terms": changes.terms, "listed": listed, "new": NEW}
