"""A die-roll table as it is printed: header, rows of cells, modifiers, legend, in the edition's language.

The rulebook, the player aids and the map all typeset tables from this one
view, so a table reads the same wherever it is printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from generator.model.common import Unknown, is_assumed
from generator.model.tables import Table
from generator.render.edition import Edition

EMPTY = "—"      # a cell the content leaves empty (null)


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
    unknown: str = ""          # the mark of the rows, when the rulebook does not give them (never the reason)


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
        view.unknown = e.mark(table.rows)
    else:
        for row in table.rows:
            row_key = row.roll if row.roll is not None else row.key
            label = EMPTY if row_key is None else \
                e.text(f"{key}.rows.{row_key}.key", row_key) if row.roll is None and isinstance(row_key, str) \
                else e.shown(row_key)
            if row.results is not None:
                cells = [EMPTY if r is None else e.shown(r) for r in row.results]     # null: nothing happens
            else:
                cells = [e.plain(e.text(f"{key}.rows.{row_key}.result", row.result)) if row.result is not None
                         else EMPTY]
            view.rows.append([label] + cells)
    view.modifiers = [(e.shown(m.value) if is_assumed(m.value) else f"{m.value:+d}", e.plain(e.text(f"{key}.modifiers.{index}.when", m.when)))
                      for index, m in enumerate(table.modifiers)]
    view.legend = [(entry.code, e.plain(e.text(f"{key}.legend.{entry.code}.text", entry.text)))
                   for entry in table.legend]
    if table.note is not None and not isinstance(table.note, Unknown):
        note = e.text(f"{key}.note", table.note)
        view.note = prose.html(note, f"table-{table.id}") if prose is not None else e.plain(note)
    return view


def small_table(edition: Edition, table_id: str):
    """(title, [(roll or key, result)]) of a table, to print on a card, counter or map; None if there is no
    such table. Rows the rulebook does not give print as one row: their mark and "not given in the source"."""
    table = edition.game.get("table", table_id)
    if table is None:
        return None
    view = table_view(edition, table, {})
    if view.unknown:
        return view.title, [(view.unknown, edition.words["proof.not_given"])]
    return view.title, [(row[0], " / ".join(row[1:])) for row in view.rows]
