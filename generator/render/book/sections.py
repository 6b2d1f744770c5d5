"""Sections as a book prints them: numbered, titled, their prose as HTML, run-in heads, closing texts."""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup, escape

from generator.model.common import Unknown
from generator.render.book.figures import figure_html
from generator.render.book.proof import not_given
from generator.render.book.prose import Prose, box_style, section_anchor
from generator.render.edition import Edition


@dataclass
class SectionView:
    id: str
    anchor: str
    number: str
    title: str
    depth: int
    level: int
    body: Markup | str
    box: str                      # "none", or the box's classes: its look and kind ("look-example kind-example")
    sequence: bool
    children: list[str] = field(default_factory=list)
    run_in: bool = False
    closing: list[dict] = field(default_factory=list)   # texts that go on after this section ends, innermost first
    box_label: str = ""           # the box kind's label ("Ejemplo"), when the game gives it one
    figure: Markup | str = ""                           # its anatomy figure and set-up tables, after its text


@dataclass
class DocumentView:
    id: str
    title: str
    sections: list[SectionView]


def section_views(e: Edition, prose: Prose, document, marks=None) -> list[SectionView]:
    """Every section of a document in reading order (depth first), as the templates print it; `marks`
    (book/changes.py) bars the blocks that changed since an earlier version."""
    sections = []
    for _, section, ancestors in _walk(document):
        view = SectionView(
            section.id, section_anchor(section.id), e.numbers[section.id].number,
            e.field(section, "title"), len(ancestors), min(len(ancestors) + 2, 6),
            _prose(e, prose, section, "body", marks), "none", section.sequence,
            [child.id for child in section.sections], section.run_in)
        if section.box != "none":
            view.box, view.box_label = _box(e, section.box)
        if section.run_in:
            view.body = _run_in(view)
        view.figure = figure_html(e, prose, section)
        sections.append(view)
        for closed in _closed_by(section, ancestors):
            after = _prose(e, prose, closed, "after", marks)
            if after:
                depth = len(ancestors) if closed is section else ancestors.index(closed)
                view.closing.append({"anchor": section_anchor(closed.id) + "-after", "html": after,
                                     "depth": depth})
    return sections


def _box(e: Edition, kind: str) -> tuple[str, str]:
    look, label = box_style(e, kind)
    return f"look-{look} kind-{kind}", label


def _walk(document):
    def walk(sections, ancestors):
        for section in sections:
            yield document, section, ancestors
            yield from walk(section.sections, ancestors + (section,))
    yield from walk(document.sections, ())


def _prose(e: Edition, prose: Prose, section, field_name: str, marks=None) -> Markup | str:
    value = getattr(section, field_name)
    if isinstance(value, Unknown):
        return not_given(e, value)          # its mark and "not given in the source"; the reason goes to the proof
    if value is None:
        return ""
    text = e.field(section, field_name)
    return prose.html(text, section.id, marks.lines(section, field_name) if marks else None) if text else ""


def _run_in(view: SectionView) -> Markup:
    """A run-in head ("EMBARQUE:") opens the section's first paragraph instead of standing as a heading."""
    number = f'<span class="number">{escape(view.number)}</span> ' if view.number else ""
    lead = Markup(f'<strong class="run-in-head">{number}{escape(view.title)}:</strong> ')
    body = str(view.body)
    if body.startswith("<p>"):
        return Markup("<p>") + lead + Markup(body[3:])
    return Markup("<p>") + lead + Markup("</p>") + Markup(body)


def _closed_by(section, ancestors) -> list:
    """The sections whose last descendant (or themselves, with no sub-sections) this one is, innermost first:
    their `after` text prints once this one is done."""
    closed = []
    for owner in (section,) + tuple(reversed(ancestors)):
        last = owner
        while last.sections:
            last = last.sections[-1]
        if last is not section:
            break
        closed.append(owner)
    return closed
