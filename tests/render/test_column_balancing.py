"""Balanced columns (the aids, the rulebook's columns before a spanning block) are laid out in a few tries
instead of one per pixel of height (generator/render/balancing.py), and print exactly the same pages."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.render import balancing

WORDS = ("the", "fleet", "rows", "out", "at", "dawn", "and", "the", "galleys", "close", "on", "the", "enemy", "line",
         "before", "noon")


@pytest.fixture
def column_layouts():
    """(install the faster balancing, lay out an HTML and say how it came out and in how many column tries),
    with WeasyPrint's own balancing put back afterwards."""
    from weasyprint import HTML
    from weasyprint.layout import block

    balancing.weasyprint_own_balancing()        # a build earlier in this process installed the faster one
    layout = block.block_box_layout
    tries = [0]

    def counted(*args, **kwargs):
        tries[0] += 1
        return layout(*args, **kwargs)

    def laid_out(html: str) -> tuple[list, int]:
        tries[0] = 0
        document = HTML(string=html).render()
        boxes = [(type(box).__name__, round(box.position_x, 3), round(box.position_y, 3), round(box.width, 3),
                  round(box.height, 3), getattr(box, "text", None))
                 for page in document.pages for box in page._page_box.descendants()]
        return boxes, tries[0]

    block.block_box_layout = counted
    try:
        yield laid_out
    finally:
        block.block_box_layout = layout
        balancing.weasyprint_own_balancing()


def document(parts: list[tuple[str, int]], columns: int) -> str:
    """Paragraphs, blocks that may not be split (alone or under a heading) and blocks that span every column, in
    balanced columns."""
    body = []
    for kind, size in parts:
        if kind == "text":
            body.append(f"<p>{' '.join(WORDS[i % len(WORDS)] for i in range(size * 7))}</p>")
        elif kind == "block":
            body.append(f'<div style="break-inside: avoid; height: {size * 9}px; border: 1px solid">x</div>')
        elif kind == "section":       # a heading kept with a block that may not be split
            body.append(f'<div><h3>Section {size}</h3><div style="break-inside: avoid; height: {size * 9}px; '
                        f'border: 1px solid">x</div></div>')
        else:
            body.append(f'<h2 style="column-span: all">Part {size}</h2>')
    return (f"<style>@page {{ size: A5; margin: 10mm }} body {{ font-size: 9pt }} .aid {{ column-count: {columns}; "
            f"column-fill: balance; column-gap: 5mm }}</style><div class='aid'>{''.join(body)}</div>")


PART = st.tuples(st.sampled_from(["text", "text", "block", "section", "span"]), st.integers(1, 40))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.lists(PART, min_size=1, max_size=14), columns=st.integers(2, 3))
def test_balanced_columns_come_out_exactly_as_weasyprint_lays_them_out_one_pixel_at_a_time(column_layouts, parts,
                                                                                            columns):
    html = document(parts, columns)
    expected, _ = column_layouts(html)
    assert balancing.faster_column_balancing()
    try:
        assert column_layouts(html)[0] == expected
    finally:
        balancing.weasyprint_own_balancing()


def test_a_page_whose_balance_needs_a_hundred_pixels_more_takes_far_fewer_tries(column_layouts):
    # A heading kept with a tall block that may not be split: WeasyPrint cannot tell how much taller the
    # columns must be for it to fit, so it grows them from their average height one pixel at a time.
    html = document([("text", 10), ("section", 60)], 2)
    expected, slow = column_layouts(html)
    assert balancing.faster_column_balancing()
    found, fast = column_layouts(html)
    assert found == expected
    assert fast * 4 < slow, (fast, slow)


def test_last_alike_is_the_last_height_of_the_one_pixel_sequence_before_the_layout_changes():
    changes_at = 107.25
    laid_out = [].append

    def columns(height: float):
        laid_out(height)
        yield "short" if height < changes_at else "tall"

    assert balancing.last_alike(columns, 100.25, 500.0) == 106.25     # 107.25 is the first that differs
    assert balancing.last_alike(columns, 100.25, 103.0) == 102.25     # never above the most


def test_a_height_whose_first_column_already_differs_lays_out_no_other_column():
    laid_out: list[tuple[float, int]] = []

    def columns(height: float):
        for column in range(3):
            laid_out.append((height, column))
            yield column, height >= 150 and column == 0     # the first column takes more from 150 up

    assert balancing.last_alike(columns, 100.0, 400.0) == 149.0
    differing = {height for height, _ in laid_out if height >= 150}
    assert differing and all((height, 1) not in laid_out for height in differing)


RICH = st.lists(st.tuples(st.sampled_from(["plain", "b", "long", "shy", "sizes"]), st.integers(1, 30)),
                min_size=1, max_size=10)


def rich_document(parts: list[tuple[str, int]], columns: int, justify: bool) -> str:
    """Paragraphs mixing inline elements, words too long for their line, soft hyphens, tables and type sizes, in
    balanced, hyphenated (and perhaps justified) columns: every path of WeasyPrint's line breaking."""
    body = []
    for kind, size in parts:
        words = " ".join(WORDS[(size + i) % len(WORDS)] for i in range(size * 5))
        if kind == "b":
            body.append(f"<p>{words[:40]} <b>{words[40:90]}</b> <a href='#x'>{words[90:]}</a></p>")
        elif kind == "long":
            body.append(f"<p>{'galleys' * size} {words}</p><table><tr><td>{words[:size * 3]}</td><td>{size}</td></tr>"
                        f"</table>")
        elif kind == "shy":
            body.append(f"<p>{words.replace('e', 'e&shy;')}</p>")
        elif kind == "sizes":        # lines of other heights: each style's own strut
            body.append(f"<h3>{words[:30]}</h3><p style='font-size: 7pt'>{words}</p>")
        else:
            body.append(f"<p>{words}</p>")
    align = "justify" if justify else "left"
    return (f"<html lang='en'><style>@page {{ size: A6; margin: 8mm }} body {{ font-size: 9pt; line-height: 1.3; hyphens: auto; "
            f"text-align: {align} }} .aid {{ column-count: {columns}; column-fill: balance; column-gap: 4mm }}"
            f"</style><div class='aid'>{''.join(body)}</div></html>")


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=RICH, columns=st.integers(2, 3), justify=st.booleans())
def test_lines_broken_once_print_the_same_pdf_as_lines_broken_at_every_try(parts, columns, justify, monkeypatch):
    from weasyprint import HTML

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")        # the same for every example
    html = rich_document(parts, columns, justify)
    expected = HTML(string=html).write_pdf()
    with balancing.remembered_line_breaks():
        assert HTML(string=html).write_pdf() == expected
