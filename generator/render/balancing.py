"""WeasyPrint balances a block's columns by laying them out again one pixel taller each time, up to hundreds of
times a page (Punic Island's Spanish aids: 111 layouts of one page, half of its aids' time), while nothing
tells it how much taller the next try must be. Those tries change nothing until the height where one more line
or block fits. This finds that height in a few layouts: it halves the range of heights up to the most the
columns may take, and lets WeasyPrint lay out the first height that changes something, as
it would have. The layout of a column at a given start only takes more content as its height grows, so two
heights that lay it out alike lay out alike every height between them: the pages are the same, byte for byte.

The change is made to WeasyPrint's own `columns_layout`, in the lines that step the height; a WeasyPrint whose
lines differ is left as it is (slower, never different).
"""

from __future__ import annotations

import copy
import inspect
from contextlib import contextmanager
from contextvars import ContextVar

_STEP = """                # Increase the column heights and render them again
                add_height = 1 if lost_space == inf else lost_space
                height += add_height
"""
_SKIPPING = """                # Increase the column heights and render them again
                add_height = 1 if lost_space == inf else lost_space
                if lost_space == inf:
                    height = _imprenta_last_alike(lambda tried: _imprenta_columns(
                        context, column_box, skip_stack, containing_block, current_position_y, count,
                        first_letter_style, first_line_style, original_excluded_shapes, tried), height, max_height)
                height += add_height
"""
_weasyprint_own: list = []       # WeasyPrint's own columns_layout, while the faster one stands in for it


def faster_column_balancing() -> bool:
    """Make WeasyPrint's column balancing skip the heights that change nothing (once per process); whether it
    now does."""
    if _weasyprint_own:
        return True
    from weasyprint.layout import block, column

    source = inspect.getsource(column.columns_layout)
    if source.count(_STEP) != 1:
        return False
    namespace = dict(vars(column), _imprenta_last_alike=last_alike, _imprenta_columns=_columns_at)
    exec(compile(source.replace(_STEP, _SKIPPING), column.__file__, "exec"), namespace)   # noqa: S102
    _weasyprint_own[:] = [column.columns_layout]
    column.columns_layout = block.columns_layout = namespace["columns_layout"]
    return True


def weasyprint_own_balancing() -> None:
    """Put WeasyPrint's own balancing back (the tests compare the two in a process where a build installed ours)."""
    from weasyprint.layout import block, column

    if _weasyprint_own:
        column.columns_layout = block.columns_layout = _weasyprint_own.pop()


def last_alike(laid_out, height: float, most: float) -> float:
    """The last height of the sequence height, height + 1, height + 2… (added one at a time, as WeasyPrint
    does) at most `most`, up to which `laid_out(height)` gives the same columns as at `height`. `laid_out` gives
    the columns one by one: a height whose first column already differs lays out no other."""
    heights = [height]

    def nth(index: int) -> float:
        while len(heights) <= index:
            heights.append(heights[-1] + 1)
        return heights[index]

    first = list(laid_out(height))

    def alike(index: int) -> bool:
        columns = laid_out(nth(index))
        try:
            count = 0
            for count, column in enumerate(columns, start=1):
                if count > len(first) or column != first[count - 1]:
                    return False
            return count == len(first)
        finally:
            columns.close()             # its placeholders removed, whether or not every column was laid out

    # Halving from the whole range at once: the height that changes something is often tens of pixels up, where
    # doubling a step from one pixel up costs twice the tries (the seed games' aids: 66 layouts instead of 82).
    same, differs = 0, 1
    while nth(differs) <= most:
        differs += 1
    while differs - same > 1:
        middle = (same + differs) // 2
        if alike(middle):
            same = middle
        else:
            differs = middle
    return nth(same)


def _columns_at(context, column_box, skip_stack, containing_block, top: float, count: int, first_letter_style,
                first_line_style, excluded_shapes: list, height: float):
    """What WeasyPrint's balancing loop lays out at `height`, column by column: each column's used height and
    where it stops (None for a column that could not be laid out, after which none is)."""
    from weasyprint.layout.block import block_box_layout, remove_placeholders

    while len(context.excluded_shapes) > len(excluded_shapes):
        context.excluded_shapes.pop()
    boxes, resume_at = [], skip_stack
    try:
        for _ in range(count):
            new_box, resume_at, *_ = block_box_layout(
                context, column_box, context.page_bottom - top - height, resume_at, containing_block, False,
                [], [], [], first_letter_style, first_line_style, discard=False, max_lines=None)
            if new_box is None:
                yield None
                return
            boxes.append(new_box)
            flowing = [child for child in new_box.children if child.is_in_normal_flow()]
            used = flowing[-1].margin_height() + flowing[-1].position_y - top if flowing else 0
            yield used, resume_at
            if resume_at is None:
                return
    finally:
        remove_placeholders(context, boxes, [], [])


_broken_lines: ContextVar[dict | None] = ContextVar("broken_lines", default=None)


@contextmanager
def remembered_line_breaks():
    """While held, WeasyPrint breaks each line of text once: balancing lays the same paragraphs out at the same
    column width again at every height it tries (a third of the aids' time went to breaking lines already
    broken). A line's break depends only on its text, its style, the width and the justification asked, so the
    answer is kept under those (the style by identity, kept alive with it so no other style takes its id) and
    each box is given its own copy of the answer's layout, as a fresh one would be; a style's line height
    (its strut) is measured once too. The answers are this thread's, and let go when it lets go."""
    _remembering_split_first_line()
    held = _broken_lines.set({})
    try:
        yield
    finally:
        _broken_lines.reset(held)


def _remembering_split_first_line() -> None:
    """WeasyPrint's split_first_line and strut, as its line layout calls them, answered from what was measured
    under remembered_line_breaks (installed once per process; outside it, WeasyPrint's own)."""
    from weasyprint.layout import inline, preferred

    own = inline.split_first_line
    if getattr(own, "remembering", False):
        return

    def split_first_line(text, style, context, max_width, justification_spacing, is_line_start=True,
                         minimum=False):
        broken = _broken_lines.get()
        if broken is None:
            return own(text, style, context, max_width, justification_spacing, is_line_start, minimum)
        key = (text, id(style), max_width, justification_spacing, is_line_start, minimum)
        kept = broken.get(key)
        if kept is None:
            kept = broken[key] = (style, own(text, style, context, max_width, justification_spacing,
                                             is_line_start, minimum))
        layout, *measures = kept[1]
        return (copy.copy(layout), *measures)     # a deactivated layout: its text and metrics, no Pango object

    own_strut = inline.strut

    def strut(style):
        """A line's height and baseline in its style: WeasyPrint keeps them only for `line-height: normal`,
        and makes a Pango layout to measure them for every line of any other (the aids' 1.25)."""
        broken = _broken_lines.get()
        if broken is None:
            return own_strut(style)
        key = ("strut", id(style))
        kept = broken.get(key)
        if kept is None:
            kept = broken[key] = (style, own_strut(style))
        return kept[1]

    split_first_line.remembering = True         # type: ignore[attr-defined]
    inline.split_first_line = preferred.split_first_line = split_first_line
    inline.strut = strut
