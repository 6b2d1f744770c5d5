"""The proof in the rulebook, living rules and aids: each mark as the `unknown-mark` element (one
definition, styled in base.css.j2), the proof sheet that ends each book, and the slug of the pages that
carry a mark."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from generator.derived.unknowns import MARK, mark_number, readable
from generator.render.edition import Edition
from generator.render.proofing import printed_numbers, proof_entries, proof_slug
from generator.render.wording import section

SLUG_BOX = "@top-left"             # the page margin box that holds the proof slug (print.css.j2, aids)
_TAG = re.compile(r"(<[^>]*>)")
_FIGURE_MARKS = re.compile(r'data-marks="([\d ]+)"')      # a figure's marks, drawn in its picture
_TITLE = re.compile(r"(<title>)(.*?)(</title>)", re.S)


def mark_element(number: int) -> str:
    """The HTML of one placeholder mark: its reference number in the designed lozenge."""
    shown = str(number) if number else ""
    return f'<span class="unknown-mark" data-unknown="{number}">{shown}</span>'


def with_marks(html: str) -> str:
    """The page with every mark character turned into its element; inside a tag or the <title>, where
    elements cannot go, into its number in brackets."""
    if not MARK.search(html):
        return html
    html = _TITLE.sub(lambda m: m.group(1) + readable(m.group(2)) + m.group(3), html)
    parts = _TAG.split(html)
    return "".join(readable(part) if part.startswith("<") else
                   MARK.sub(lambda found: mark_element(mark_number(found.group())), part) for part in parts)


def not_given(edition: Edition, value) -> Markup:
    """What the book prints where a whole text or table is unknown: its mark and "not given in the source"."""
    said = section(edition.words, "proof")
    return Markup(f'<p class="not-given">{escape(edition.mark(value))} {escape(said["not_given"])}</p>')


def proof_context(edition: Edition) -> dict:
    """The templates' `proof`: the slug, the proof sheet's words and entries (empty: no proof), the whole game's
    until `narrowed` to what one file prints."""
    return {"slug": proof_slug(edition), "words": section(edition.words, "proof"),
            "entries": proof_entries(edition) if edition.facts else [], "edition": edition}


def narrowed(proof: dict, html: str) -> dict:
    """The proof of one file, from its HTML laid out without a proof sheet: the slug counts, and the sheet
    lists, the facts whose marks it prints (in its prose and tables, and drawn in its figures)."""
    edition = proof["edition"]
    printed = printed_numbers([html]) | {int(number) for found in _FIGURE_MARKS.findall(html)
                                         for number in found.split()}
    return {**proof, "slug": proof_slug(edition, printed), "entries": proof_entries(edition, printed)}


def slug_only_where_marked(document) -> None:
    """Keep the proof slug (every page's SLUG_BOX margin box) only on pages that carry a mark."""
    from weasyprint.formatting_structure.boxes import MarginBox

    for page in document.pages:
        box = page._page_box            # WeasyPrint's laid-out page; its margin boxes are its children
        marked = any(_is_mark(child) for child in box.descendants())
        if not marked:
            box.children = [child for child in box.children
                            if not (isinstance(child, MarginBox) and child.at_keyword == SLUG_BOX)]


def _is_mark(box) -> bool:
    element = getattr(box, "element", None)
    # a mark of the prose, or a figure whose drawing (an image: no boxes inside) shows one
    return element is not None and bool({"unknown-mark", "carries-mark"} & set((element.get("class") or "").split()))
