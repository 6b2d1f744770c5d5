"""A page number printed after a link is the page its target starts on: a number WeasyPrint left stale is found,
and the book laid out again with the numbers written in."""

from __future__ import annotations

from pathlib import Path

from generator.render.book.rulebook import _anchor_pages, _settled, _stale_numbers, typeset, with_page_numbers

STYLE = "<style>@page { size: A6 } a::after { content: ' ' attr(data-page) } .next { break-before: page }</style>"


def _book(shown: str) -> str:
    return (f"<html><head>{STYLE}</head><body><p><a href='#far' data-page='{shown}'>see</a></p>"
            "<h2 class='next' id='far'>Far</h2></body></html>").replace("'", '"')


def test_a_printed_number_that_is_not_its_targets_page_is_stale(tmp_path: Path):
    wrong, _ = typeset(_book("1"), tmp_path)
    right, _ = typeset(_book("2"), tmp_path)
    assert _anchor_pages(wrong)["far"] == 2
    assert _stale_numbers(wrong, _anchor_pages(wrong)) and not _stale_numbers(right, _anchor_pages(right))


def test_a_stale_book_is_laid_out_again_with_its_numbers_written_in(tmp_path: Path):
    html = _book("1").replace(' data-page="1"', "")
    assert with_page_numbers(html, {"far": 2}).count('data-page="2" href="#far"') == 1
    stale = typeset(_book("1"), tmp_path)
    settled, _ = _settled(stale, html, tmp_path, 0.0)
    assert not _stale_numbers(settled, _anchor_pages(settled))
    assert "see 2" in "".join(box.text for page in settled.pages for box in page._page_box.descendants()
                              if hasattr(box, "text"))
