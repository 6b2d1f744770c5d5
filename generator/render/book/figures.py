"""A section's anatomy figure as the book prints it: the drawing (SVG, from the piece's own layout) and its legend."""

from __future__ import annotations

import base64

from markupsafe import Markup, escape

from generator.model.common import Unknown
from generator.render.book.prose import Prose, section_anchor
from generator.render.edition import Edition
from generator.render.book.anatomy import anatomy_figure


def figure_html(e: Edition, prose: Prose, section) -> Markup | str:
    anatomy = section.anatomy
    if anatomy is None:
        return ""
    texts = [e.mark(c.text) if isinstance(c.text, Unknown) else
             e.text(f"section.{section.id}.anatomy.callouts.{i}.text", c.text) for i, c in enumerate(anatomy.callouts)]
    figure = anatomy_figure(e, anatomy, texts)
    if figure is None:
        return ""
    data = base64.b64encode(figure.svg.encode("utf-8")).decode("ascii")
    items = "".join(f'<li><span class="callout-number">{escape(label)}</span> {prose.inline(text, section.id)}</li>'
                    for label, text in figure.legend)
    alt = escape("; ".join(f"{label}: {e.plain(text)}" for label, text in figure.legend))
    marked = " carries-mark" if figure.marked else ""
    return Markup(f'<figure class="anatomy{marked}" id="{section_anchor(section.id)}-figure">'
                  f'<img src="data:image/svg+xml;base64,{data}" alt="{alt}">'
                  f'<figcaption><ol class="anatomy-legend">{items}</ol></figcaption></figure>')
