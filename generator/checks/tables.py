"""TBL…: each die result is read from exactly one row; a table's rows fit its kind; CRT columns, legends,
footnotes, shared modifiers and replaced tables are consistent."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction

from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.common import ROLL_LIMIT, Unknown, parse_range
from generator.model.tables import NO_EFFECT as _NO_EFFECT
from generator.model.tables import Table

_CODE_SPLIT = re.compile(r"[\s/+,]+")


def check_tables(game: Game) -> Iterator[Diagnostic]:
    yield from _replacements(game)
    for table in game.tables:
        yield from _kind(table)
        yield from _shared_modifiers(game, table)
        if isinstance(table.rows, Unknown):
            continue  # reported by the unknowns check
        yield from _row_shapes(table)
        yield from _footnotes(table)
        if table.dice.is_none:
            yield from _domain_coverage(table)
        else:
            shared = game.get("table", table.modifiers_from) if table.modifiers_from else None
            # Modifiers from a table that is missing or was refused (its error already said) are unknown: the
            # rolls its rows need cannot be judged, and a verdict would only repeat that one mistake.
            if table.modifiers_from is None or shared is not None:
                yield from _dice_coverage(table, shared.modifiers if shared is not None and shared is not table else ())
        if table.columns:
            yield from _column_sequence(table)
        yield from _legend(table)


def _row_shapes(table: Table) -> Iterator[Diagnostic]:
    width = len(table.columns.known) if table.columns and table.columns.known else None
    for index, row in enumerate(table.rows):
        if width is None and row.results is not None:
            yield make("TBL010", f"table '{table.id}' has no columns, but this row gives column results",
                       where(row, "results"), "declare `columns:`, or write the result as `result:`")
        if width is not None:
            if row.results is None:
                yield make("TBL010", f"table '{table.id}' has {width} columns, but this row gives no `results`",
                           where(row), "give one result per column as `results: [...]`")
            elif len(row.results) != width:
                yield make("TBL005", f"row {_row_name(row, index)} of table '{table.id}' has "
                           f"{len(row.results)} results for {width} columns", where(row, "results"))
        if table.dice.is_none and row.roll is not None:
            yield make("TBL010", f"table '{table.id}' rolls no dice, so its rows take `key`, not `roll`",
                       where(row, "roll"), "rename `roll:` to `key:`, or declare `dice:`")
        if not table.dice.is_none and row.roll is None:
            yield make("TBL010", f"table '{table.id}' rolls {table.dice.spec}, but this row has no `roll`",
                       where(row), "add `roll: N` or `roll: A-B`")


def _kind(table: Table) -> Iterator[Diagnostic]:
    """A declared kind the rest of the table contradicts (a die-roll table without dice, a list with columns)."""
    kind, problem = table.kind, ""
    if kind == "die-roll" and table.dice.is_none:
        problem = "declares no `dice:` to roll"
    elif kind == "matrix" and table.columns is None:
        problem = "has no `columns:` to read across"
    elif kind == "list" and (table.columns is not None or not table.dice.is_none):
        problem = "is a list, so it takes neither `dice:` nor `columns:`"
    elif kind == "list" and not isinstance(table.rows, Unknown) and any(
            row.key is not None or row.roll is not None or row.results is not None for row in table.rows):
        problem = "is a list, so its rows give only `result:` (the item)"
    elif kind == "lookup" and not table.dice.is_none:
        problem = "is a lookup, read by key, but declares dice: make it `kind: die-roll`"
    if problem:
        yield make("TBL010", f"table '{table.id}' (kind {kind}) {problem}", where(table, "kind"))
    if table.numbered and table.shape_kind != "list":
        yield make("TBL010", f"table '{table.id}' is a {table.shape_kind}; only a list is `numbered`",
                   where(table, "numbered"), "its keys or rolls already order the rows")


def _shared_modifiers(game: Game, table: Table) -> Iterator[Diagnostic]:
    if table.modifiers_from is None:
        return
    shared = game.get("table", table.modifiers_from)     # a missing table is REF006's
    if shared is table:
        yield make("TBL010", f"table '{table.id}' takes its modifiers from itself", where(table, "modifiers_from"))
    elif shared is not None and shared.modifiers_from:
        yield make("TBL010", f"table '{table.id}' takes its modifiers from '{shared.id}', which takes its own from "
                   f"'{shared.modifiers_from}'", where(table, "modifiers_from"), "name the table that writes them")
    elif shared is not None and not shared.modifiers:
        yield make("TBL010", f"table '{table.id}' takes its modifiers from '{shared.id}', which has none",
                   where(table, "modifiers_from"))


def _replacements(game: Game) -> Iterator[Diagnostic]:
    """A table replaced by two others, or by itself, leaves no single table in force."""
    by: dict[str, Table] = {}
    for table in game.tables:
        if table.replaces is None:
            continue
        if table.replaces == table.id:
            yield make("TBL010", f"table '{table.id}' replaces itself", where(table, "replaces"))
        elif table.replaces in by:
            yield make("TBL010", f"tables '{by[table.replaces].id}' and '{table.id}' both replace "
                       f"'{table.replaces}', so neither is known to be in force", where(table, "replaces"),
                       "", [("also replaced here", where(by[table.replaces], "replaces"))])
        else:
            by[table.replaces] = table


def _footnotes(table: Table) -> Iterator[Diagnostic]:
    """A footnote whose mark no header, key or cell carries is read by no one."""
    if not table.footnotes:
        return
    carried = [table.key_label, table.result_label] + \
        ([column.label for column in table.columns.known] if table.columns else []) + \
        [value for row in table.rows for value in (row.key, row.result, *(row.results or ()))]
    texts = [value for value in carried if isinstance(value, str)]
    for note in table.footnotes:
        if not any(note.mark in text for text in texts):
            yield make("TBL011", f"footnote '{note.mark}' of table '{table.id}' is marked on no header, key or cell",
                       where(note, "mark"), f"add '{note.mark}' after the text it explains")


def _modifier_extent(table: Table, modifiers) -> tuple[int, int] | None:
    """The most the modifiers can take from and add to a roll; None when one is unbounded (+1 per unit,
    without `up_to`). A value the source does not give is left out (it is listed as unknown)."""
    lowest = highest = 0
    for modifier in modifiers:
        if isinstance(modifier.value, Unknown):
            continue
        times = 1
        if modifier.per is not None:
            if modifier.up_to is None:
                return None
            times = modifier.up_to
        if modifier.value < 0:
            lowest += modifier.value * times
        else:
            highest += modifier.value * times
    return lowest, highest


def _dice_coverage(table: Table, shared=()) -> Iterator[Diagnostic]:
    faces = parse_range(table.faces) if table.faces is not None else None
    outcomes = table.dice.outcomes(faces)
    low, high = outcomes[0], outcomes[-1]
    extent = _modifier_extent(table, [*table.modifiers, *shared])
    if extent is None:
        if table.out_of_range is None:
            yield make("TBL004", f"a modifier of table '{table.id}' counts per item with no cap, so a modified roll "
                       f"can leave {low}-{high}, and the table does not say how such rolls read",
                       where(table, "modifiers"), "add `up_to:` to the modifier, or `out_of_range: clamp`")
    unbounded = extent is None
    extent = extent or (0, 0)
    lowest, highest = low + extent[0], high + extent[1]
    extended = table.out_of_range == "rows"
    if extended and max(abs(lowest), abs(highest)) > ROLL_LIMIT:      # its rows could not cover them anyway
        yield make("TBL004", f"modifiers can take the roll of table '{table.id}' to {lowest}-{highest}, past "
                   f"±{ROLL_LIMIT}, which no row can cover", where(table, "modifiers" if table.modifiers
                                                                 else "modifiers_from"),
                   "give the modifiers a smaller `up_to:`, or `out_of_range: clamp`")
        return
    legal = set(range(lowest, highest + 1)) if extended else set(outcomes)
    if extended and unbounded:       # any row a modified roll may need is legal
        legal |= {v for row in table.rows for span in [parse_range(row.roll) if row.roll is not None else None]
                  if span for v in range(span[0], span[1] + 1)}
    covered: dict[int, object] = {}
    for row in table.rows:
        span = parse_range(row.roll) if row.roll is not None else None
        if span is None:
            continue
        outside = [v for v in range(span[0], span[1] + 1) if v not in legal]
        if outside:
            yield make("TBL003", f"table '{table.id}' has a row for {_ranges(outside)}, which "
                       f"{table.dice.spec}{' with its modifiers' if extended else ''} cannot roll",
                       where(row, "roll"),
                       "" if extended or not table.modifiers else
                       "for rolls reached only with modifiers, set `out_of_range: rows`")
        for roll in range(span[0], span[1] + 1):
            if roll in covered and roll in legal:
                yield make("TBL002", f"table '{table.id}' reads roll {roll} from two rows",
                           where(row, "roll"), "narrow one of the ranges",
                           [("also covered here", where(covered[roll], "roll"))])
            covered.setdefault(roll, row)
    wanted = sorted(legal) if extended else outcomes
    missing = [roll for roll in wanted if roll not in covered]
    if missing:
        yield make("TBL001", f"table '{table.id}' has no row for roll {_ranges(missing)} "
                   f"({table.dice.spec} {'with modifiers ' if extended else ''}covers {wanted[0]}-{wanted[-1]})",
                   where(table, "rows"), "add a row for it, or widen a neighbouring range")
    if (table.modifiers or shared) and not extended and table.out_of_range is None and (lowest < low or highest > high):
        yield make("TBL004", f"modifiers can take the roll of table '{table.id}' to {lowest}-{highest}, "
                   f"but its rows cover {low}-{high} and it does not say how such rolls read",
                   where(table, "modifiers" if table.modifiers else "modifiers_from"))


def _domain_coverage(table: Table) -> Iterator[Diagnostic]:
    if table.domain is None:
        return
    low, high = parse_range(table.domain)
    covered: dict[int, object] = {}
    for row in table.rows:
        span = parse_range(row.key) if row.key is not None else None
        if span is None:
            yield make("TBL010", f"table '{table.id}' declares the domain {table.domain}, so every key must be "
                       "a number or a range", where(row, "key") if row.key is not None else where(row))
            continue
        for key in range(span[0], span[1] + 1):
            if not low <= key <= high:
                yield make("TBL003", f"table '{table.id}' has a row for {key}, outside its domain {table.domain}",
                           where(row, "key"))
                break
            if key in covered:
                yield make("TBL002", f"table '{table.id}' reads {key} from two rows", where(row, "key"),
                           "narrow one of the ranges", [("also covered here", where(covered[key], "key"))])
            covered.setdefault(key, row)
    missing = [key for key in range(low, high + 1) if key not in covered]
    if missing:
        yield make("TBL001", f"table '{table.id}' has no row for {_ranges(missing)} (its domain is {table.domain})",
                   where(table, "rows"), "add a row for it, or widen a neighbouring range")


def _column_sequence(table: Table) -> Iterator[Diagnostic]:
    columns = table.columns
    if columns.kind in ("odds", "differential") and (columns.below is None or columns.above is None):
        yield make("TBL009", f"the {columns.kind} columns of table '{table.id}' do not say how values "
                   f"{'below the first' if columns.below is None else 'above the last'} column read",
                   where(columns), "add `below:` and `above:`")
    if columns.kind == "named":
        return
    values = []
    for column in columns.known:
        label = column.label if isinstance(column.label, str) else ""
        parsed = _column_value(columns.kind, label)
        if parsed is None:
            yield make("TBL008", f"column '{label}' of table '{table.id}' is not a {columns.kind} header",
                       where(column, "label"),
                       {"odds": "write odds as 1:2, 1:1, 2:1", "differential": "write differences as -1, 0, +1",
                        "value": "write a number"}[columns.kind])
            return
        values.append((parsed, column))
    for (before, _), (after, column) in zip(values, values[1:]):
        if not _follows(columns.kind, before, after):
            yield make("TBL008", f"column '{column.label}' of table '{table.id}' does not follow "
                       f"the column before it in an ordered, gap-free sequence", where(column, "label"))


def _column_value(kind: str, label: str) -> Fraction | None:
    text = label.strip().replace("−", "-").replace("+", "")
    try:
        if kind == "odds":
            left, right = text.split(":")
            return Fraction(int(left), int(right))
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def _follows(kind: str, before: Fraction, after: Fraction) -> bool:
    if after <= before:
        return False
    if kind == "odds":
        if before >= 1:
            return after == before + 1
        return 1 / after == 1 / before - 1
    if kind == "differential":
        return after == before + 1
    return True


def _legend(table: Table) -> Iterator[Diagnostic]:
    """A matrix's cells are result codes its legend defines; a lookup's columns hold values (costs, words)."""
    if table.shape_kind != "matrix" and not table.legend:
        return
    defined = {entry.code: entry for entry in table.legend}
    used: set[str] = set()
    for row in table.rows:
        for cell in row.results or ():
            if not isinstance(cell, str):
                continue
            for code in _CODE_SPLIT.split(cell.strip()):
                if code in _NO_EFFECT or not any(ch.isalpha() for ch in code):     # numbers are values
                    continue
                used.add(code)
                if code not in defined and table.legend:
                    yield make("TBL006", f"result '{code}' of table '{table.id}' is not in its legend",
                               where(row, "results"), f"add {{code: {code}, text: …}} to `legend`")
    if table.shape_kind == "matrix" and not table.legend and used:
        yield make("TBL006", f"table '{table.id}' uses the result codes {', '.join(sorted(used))} "
                   "but has no legend", where(table, "id"), "add a `legend:` that defines each code")
    for code, entry in defined.items():
        if table.columns is not None and code not in used:
            yield make("TBL007", f"legend code '{code}' of table '{table.id}' is used by no cell",
                       where(entry, "code"))


def _row_name(row, index: int) -> str:
    return str(row.roll if row.roll is not None else row.key if row.key is not None else index + 1)


def _ranges(values: list[int]) -> str:
    """[1, 2, 3, 7] → '1-3, 7'."""
    parts, start = [], None
    for index, value in enumerate(values):
        if start is None:
            start = value
        if index + 1 == len(values) or values[index + 1] != value + 1:
            parts.append(str(start) if start == value else f"{start}-{value}")
            start = None
    return ", ".join(parts)
