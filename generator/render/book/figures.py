"""A section's figures as the book prints them: its anatomy figure (the drawing, SVG from the piece's own layout,
and its legend) and its set-up tables (each side's, what goes where)."""

from __future__ import annotations

import base64

from markupsafe import Markup, escape

from generator.render.book.anatomy import anatomy_figure
from generator.render.book.prose import Prose, section_anchor
from generator.render.edition import Edition
from generator.render.setup_view import setup_view


def figure_html(e: Edition, prose: Prose, section) -> Markup | str:
    return Markup(_anatomy_html(e, prose, section) + _setup_html(e, prose, section))


def _setup_html(e: Edition, prose: Prose, section) -> str:
    """One table per set-up step the section asks for, under its side's name, after the step's own words."""
    head = "".join(f'<th scope="col">{escape(e.words[f"setup.{name}"])}</th>' for name in ("what", "count", "where"))
    out = []
    for step_id in section.setup:
        step = e.game.get("setup", step_id)
        if step is None:
            continue                   # REF006 names it
        view = setup_view(e, step)
        caption = f"<figcaption>{escape(view.side)}</figcaption>" if view.side else ""
        text = f'<div class="setup-text">{prose.html(view.text, section.id)}</div>' if view.text else ""
        rows = "".join(f'<tr><th scope="row">{escape(row.what)}</th><td class="num">{escape(row.count)}</td>'
                       f"<td>{escape(row.where)}</td></tr>" for row in view.rows)
        table = f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>" if rows else ""
        out.append(f'<figure class="setup" id="setup-{escape(step.id)}">{caption}{text}{table}</figure>')
    return "".join(out)


def _anatomy_html(e: Edition, prose: Prose, section) -> Markup | str:
    anatomy = section.anatomy
    if anatomy is None:
        return ""
    texts = [e.field(callout, "text") for callout in anatomy.callouts]
    figure = anatomy_figure(e, anatomy, texts)
    if figure is None:
        return ""
    data = base64.b64encode(figure.svg.encode("utf-8")).decode("ascii")
    items = "".join(f'<li><span class="callout-number">{escape(label)}</span> {prose.inline(text, section.id)}</li>'
                    for label, text in figure.legend)
    alt = escape("; ".join(f"{label}: {e.plain(text)}" for label, text in figure.legend))
    marked = " carries-mark" if figure.marked else ""
    numbers = f' data-marks="{" ".join(map(str, sorted(figure.marks)))}"' if figure.marks else ""
    return Markup(f'<figure class="anatomy{marked}"{numbers} id="{section_anchor(section.id)}-figure">'
                  f'<img src="data:image/svg+xml;base64,{data}" alt="{alt}">'
                  f'<figcaption><ol class="anatomy-legend">{items}</ol></figcaption></figure>')
