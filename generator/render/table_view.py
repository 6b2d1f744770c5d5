"""A table as it is printed, whatever its kind: header, rows of cells, modifiers, legend, in the edition's language.

The rulebook, the player aids, the map and the cards all typeset tables from
this one view, so a table reads the same wherever it is printed: a die-roll
table under its dice, a lookup under its own column headers, a matrix as a
grid under what its columns measure, a list as a list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markupsafe import Markup

from generator.model.common import Unknown, is_assumed, parse_range
from generator.model.tables import Table
from generator.render.edition import Edition

EMPTY = "—"      # a cell the content leaves empty (null)
MINUS = "\u2212"
_NUMBER = re.compile(r"[+\u2212-]?\d+(?:[.,]\d+)?(?:\s?%)?|—|-")


@dataclass
class TableView:
    id: str
    anchor: str
    title: str
    dice: str
    head: list[str]            # the header row, key column first; empty when the table has no header to print
    rows: list[list[str]]
    kind: str = "die-roll"     # die-roll, lookup, matrix or list
    axis: str = ""             # a matrix: what its columns measure, printed across them
    numbered: bool = False     # a list whose order matters
    modifiers: list[tuple[str, str]] = field(default_factory=list)
    reading: list[str] = field(default_factory=list)     # how rolls or values past the printed ones read
    legend: list[tuple[str, str]] = field(default_factory=list)
    footnotes: list[tuple[str, str]] = field(default_factory=list)
    note: Markup | str = ""
    unknown: str = ""          # the mark of the rows, when the rulebook does not give them (never the reason)
    numeric: list[bool] = field(default_factory=list)   # per column: every cell a number (set centred)
    replaces: str = ""         # the id of the table this one supersedes
    replaced_by: str = ""      # the title of the table in force instead of this one, if any


def table_view(edition: Edition, table: Table, words: dict, prose=None) -> TableView:
    e = edition
    words = {**e.words, **words}      # a caller's own words (a VASSAL module's) first, the edition's for the rest
    kind = table.shape_kind
    dice = "" if table.dice.is_none else table.dice.spec
    view = TableView(table.id, f"table-{table.id}", e.field(table, "title"), dice, [], [], kind,
                     numbered=table.numbered, replaces=table.replaces or "")
    view.head = _head(e, table, words)
    if table.columns is not None and table.columns.label is not None:
        view.axis = e.field(table.columns, "label")
    if isinstance(table.rows, Unknown):
        view.unknown = e.mark(table.rows)
    else:
        view.rows = [_cells(e, table, row) for row in table.rows]
        width = max([len(view.head)] + [len(row) for row in view.rows])    # a table may have no header
        view.numeric = [bool(view.rows) and all(_NUMBER.fullmatch(row[column]) for row in view.rows
                                                if column < len(row)) for column in range(width)]
    view.modifiers = [_modifier(e, m, words) for owner in _modifier_owners(e, table) for m in owner.modifiers]
    view.reading = _reading(e, table, words)
    view.legend = [(entry.code, e.plain(e.field(entry, "text")))
                   for entry in table.legend]
    view.footnotes = [(note.mark, e.plain(e.field(note, "text"))) for note in table.footnotes]
    replacing = next((t for t in e.game.tables if t.replaces == table.id and t.id != table.id), None)
    if replacing is not None:
        view.replaced_by = e.field(replacing, "title")
    if table.note is not None and not isinstance(table.note, Unknown):
        note = e.field(table, "note")
        view.note = prose.html(note, f"table-{table.id}") if prose is not None else e.plain(note)
    return view


def _head(e: Edition, table: Table, words: dict) -> list[str]:
    """The header row; a table with no header worth printing (a list, a lookup without labels) gets none."""
    if table.shape_kind == "list":
        return []
    first = e.field(table, "key_label") if table.key_label is not None else \
        ("" if table.dice.is_none else table.dice.spec)
    if table.columns is not None:
        values = ([e.field(column, "label") for column in table.columns.known]
                  or [e.shown(table.columns.items)])       # columns the source does not give: one mark across
    elif table.result_label is not None:
        values = [e.field(table, "result_label")]
    else:
        values = [words.get("result", "") if table.shape_kind == "die-roll" else ""]
    head = [first] + values
    return head if any(head) else []


def _cells(e: Edition, table: Table, row) -> list[str]:
    if table.shape_kind == "list":
        return [e.plain(e.field(row, "result")) if row.result is not None else EMPTY]
    label = row.roll if row.roll is not None else row.key
    if label is None:
        shown = EMPTY
    elif row.roll is None and isinstance(label, str) and any(ch.isalpha() for ch in label):
        shown = e.field(row, "key")
    else:
        shown = _number(e, label)
    if row.results is not None:
        cells = [EMPTY if cell is None else
                 e.shown(cell) if table.is_code(cell) else
                 e.plain(e.field(row, "results", place))
                 for place, cell in enumerate(row.results)]                 # null: nothing happens
    else:
        cells = [e.plain(e.field(row, "result")) if row.result is not None else EMPTY]
    return [shown] + cells


def _number(e: Edition, value) -> str:
    """A roll or numeric key as printed: ranges with an en dash (5–6), negatives with a minus sign."""
    span = parse_range(value) if not isinstance(value, (Unknown, float)) else None
    if span is None:
        return e.shown(value)
    low, high = (str(n).replace("-", MINUS) for n in span)
    return low if span[0] == span[1] else f"{low}–{high}"


def _modifier_owners(e: Edition, table: Table) -> list[Table]:
    owners = [table]
    if table.modifiers_from:
        shared = e.game.get("table", table.modifiers_from)
        if shared is not None and shared is not table:
            owners.append(shared)
    return owners


def _modifier(e: Edition, modifier, words: dict) -> tuple[str, str]:
    value = modifier.value
    if isinstance(value, Unknown) or is_assumed(value):
        shown = e.mark(value)
    else:
        shown = f"{value:+d}".replace("-", MINUS)
    parts = []
    if modifier.per is not None:
        per = f"{words.get('per', 'per')} {e.plain(e.field(modifier, 'per'))}"
        if modifier.up_to is not None:
            per += f" ({words.get('up_to', 'at most {n}').replace('{n}', str(modifier.up_to))})"
        parts.append(per)
    if modifier.when is not None:
        parts.append(e.plain(e.field(modifier, "when")))
    return shown, ", ".join(parts)


def _reading(e: Edition, table: Table, words: dict) -> list[str]:
    """How a roll the modifiers take past the printed rows reads, and values beyond a matrix's columns."""
    reading = []
    if table.out_of_range == "clamp" and not isinstance(table.rows, Unknown) and table.rows:
        rolls = [parse_range(row.roll) for row in table.rows if row.roll is not None]
        rolls = [span for span in rolls if span is not None]
        if rolls:
            low, high = min(span[0] for span in rolls), max(span[1] for span in rolls)
            reading.append(words.get("clamp", "").replace("{low}", _number(e, low)).replace("{high}", _number(e, high)))
    columns = table.columns
    if columns is not None and columns.known:
        for side, value, edge in (("below", columns.below, columns.known[0]), ("above", columns.above,
                                                                                columns.known[-1])):
            if value is not None:
                label = e.field(edge, "label")
                text = e.plain(e.field(columns, side))
                reading.append(f"{words.get(side, side).replace('{column}', label)}: {text}")
    return [line for line in reading if line]


@dataclass
class SmallTable:
    """A table as a card, counter or the map prints it: its title, a header row (maybe empty) and its rows."""

    title: str
    head: list[str]
    rows: list[list[str]]
    kind: str = "die-roll"

    def __iter__(self):          # (title, [(key, result)]) for the two-column drawers
        yield self.title
        yield [(row[0], " / ".join(row[1:])) if len(row) > 1 else ("", row[0]) for row in self.rows]


def small_table(edition: Edition, table_id: str) -> SmallTable | None:
    """A table to print on a card, counter or map; None if there is no such table. Rows the rulebook does
    not give print as one row: their mark and "not given in the source"."""
    table = edition.game.get("table", table_id)
    if table is None:
        return None
    view = table_view(edition, table, edition.words)
    if view.unknown:
        return SmallTable(view.title, view.head, [[view.unknown, edition.words["proof.not_given"]]], view.kind)
    rows = view.rows
    if view.kind == "list":
        rows = [[f"{index}." if view.numbered else "•", row[0]] for index, row in enumerate(rows, start=1)]
    return SmallTable(view.title, view.head, rows, view.kind)
