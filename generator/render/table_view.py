"""A die-roll table as it is printed: header, rows of cells, modifiers, legend, in the edition's language.

The rulebook, the player aids and the map all typeset tables from this one
view, so a table reads the same wherever it is printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from generator.model.common import Unknown
from generator.model.tables import Table
from generator.render.edition import PLACEHOLDER, Edition


@dataclass
class TableView:
    id: str
    anchor: str
    title: str
    dice: str
    head: list[str]
    rows: list[list[str]]
    modifiers: list[tuple[str, str]] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)
    note: Markup | str = ""
    unknown: str = ""          # why the rows are not printed, when the rulebook does not give them
    rows_unknown: bool = False  # the rulebook does not give the rows (the reason prints in the source edition only)


def table_view(edition: Edition, table: Table, words: dict, prose=None) -> TableView:
    e = edition
    key = f"table.{table.id}"
    dice = "" if table.dice.is_none else table.dice.spec
    first = dice
    if table.columns is not None:
        head = [first] + [e.text(f"{key}.columns.items.{c.id}.label", c.label) for c in table.columns.items]
    else:
        head = [first, words.get("result", "")]
    view = TableView(table.id, f"table-{table.id}", e.text(f"{key}.title", table.title), dice, head, [])
    if isinstance(table.rows, Unknown):
        view.rows_unknown = True
        # an editor's note in the source language, not a text to translate: never printed in a translation
        view.unknown = table.rows.unknown if e.language == e.game.manifest.source_language else ""
    else:
        for row in table.rows:
            row_key = row.roll if row.roll is not None else row.key
            label = PLACEHOLDER if row_key is None or isinstance(row_key, Unknown) else \
                e.text(f"{key}.rows.{row_key}.key", row_key) if row.roll is None and isinstance(row_key, str) \
                else str(row_key)
            if row.results is not None:
                cells = [PLACEHOLDER if r is None or isinstance(r, Unknown) else str(r) for r in row.results]
            else:
                cells = [e.plain(e.text(f"{key}.rows.{row_key}.result", row.result)) if row.result is not None
                         else PLACEHOLDER]
            view.rows.append([label] + cells)
    view.modifiers = [(f"{m.value:+d}", e.plain(e.text(f"{key}.modifiers.{index}.when", m.when)))
                      for index, m in enumerate(table.modifiers)]
    view.legend = [(entry.code, e.plain(e.text(f"{key}.legend.{entry.code}.text", entry.text)))
                   for entry in table.legend]
    if table.note is not None and not isinstance(table.note, Unknown):
        note = e.text(f"{key}.note", table.note)
        view.note = prose.html(note, f"table-{table.id}") if prose is not None else e.plain(note)
    return view


def small_table(edition: Edition, table_id: str):
    """(title, [(roll or key, result)]) of a table, to print on a card, counter or map; None if there is no
    such table. Rows the rulebook does not give print as one visible placeholder row with the reason."""
    table = edition.game.get("table", table_id)
    if table is None:
        return None
    view = table_view(edition, table, {})
    if view.rows_unknown:
        return view.title, [(PLACEHOLDER, view.unknown or PLACEHOLDER)]
    return view.title, [(row[0], " / ".join(row[1:])) for row in view.rows]
