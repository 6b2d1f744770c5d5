"""A page number printed after a link is the page its target starts on: the book is laid out with its numbers
written in, and again when a number it wrote is not where its place landed."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from generator.render.book.rulebook import _anchor_pages, _laid_out, stale_numbers, typeset, with_page_numbers

STYLE = "<style>@page { size: A6 } a::after { content: ' ' attr(data-page) } .next { break-before: page }</style>"


def _book(shown: str) -> str:
    return (f"<html><head>{STYLE}</head><body><p><a href='#far' data-page='{shown}'>see</a></p>"
            "<h2 class='next' id='far'>Far</h2></body></html>").replace("'", '"')


def _printed(document) -> str:
    return "".join(box.text for page in document.pages for box in page._page_box.descendants()
                   if hasattr(box, "text"))


def test_a_written_number_that_is_not_its_targets_page_is_stale(tmp_path: Path):
    html = _book("1").replace(' data-page="1"', "")
    wrong, right = with_page_numbers(html, {"far": 1}), with_page_numbers(html, {"far": 2})
    landed = _anchor_pages(typeset(wrong, tmp_path)[0])
    assert landed["far"] == 2
    assert stale_numbers(wrong, landed) and not stale_numbers(right, landed)


def test_every_link_gets_its_page_or_the_placeholder(tmp_path: Path):
    html = _book("1").replace(' data-page="1"', "")
    assert with_page_numbers(html, {"far": 2}).count('data-page="2" href="#far"') == 1
    assert with_page_numbers(html, {}, "00").count('data-page="00" href="#far"') == 1
    assert with_page_numbers(html, {}) == html


def test_a_book_is_laid_out_with_the_pages_its_places_landed_on(tmp_path: Path):
    html = _book("1").replace(' data-page="1"', "")
    edition = SimpleNamespace(game=SimpleNamespace(folder=tmp_path))
    settled, _ = _laid_out(edition, {"terms": []}, html, 0.0)
    assert "see 2" in _printed(settled)


def test_a_first_build_is_one_layout_and_prints_what_a_layout_of_the_right_numbers_prints(tmp_path: Path,
                                                                                          monkeypatch):
    """No page remembered: the placeholder "00" is corrected inside the one layout (a link forward to page 2 is
    narrower, a link back is written in before its page is made) and the PDF is the one the right numbers give."""
    from generator.render.book import rulebook

    html = (f"<html><head>{STYLE}</head><body><p><a href='#far' data-page='00'>see</a></p>"
            "<h2 class='next' id='far'>Far</h2><p><a href='#far' data-page='00'>back</a></p></body></html>"
            ).replace("'", '"').replace(' data-page="00"', "")
    edition = SimpleNamespace(game=SimpleNamespace(folder=tmp_path))
    layouts = []
    real = rulebook.typeset
    monkeypatch.setattr(rulebook, "typeset", lambda *args, **kwargs: layouts.append(1) or real(*args, **kwargs))
    settled, _ = _laid_out(edition, {"terms": []}, html, 0.0)
    assert len(layouts) == 1 and "see 2" in _printed(settled) and "back 2" in _printed(settled)
    right, _ = real(with_page_numbers(html, {"far": 2}), tmp_path)
    assert settled.write_pdf() == right.write_pdf()
