"""Prose (CommonMark with pipe tables and `::: example` boxes) with its reference tokens, as HTML.

Tokens are swapped for private-use placeholders before Markdown runs and for
their HTML after, so Markdown never sees (nor mangles) them. A `{ref:…}`
becomes a link to the section's anchor printing its computed number; the
stylesheet adds the page with `target-counter`, so moving a section renumbers
every reference without touching the prose.
"""

from __future__ import annotations

import re
from functools import cached_property

from markdown_it import MarkdownIt
from markupsafe import Markup, escape
from mdit_py_plugins.container import container_plugin

from generator.derived.references import find_tokens
from generator.model.game import box_kinds
from generator.render.edition import Edition

_PLACEHOLDER = re.compile("\ue000(\\d+)\ue001")


def _inside_game(folder, source: str) -> bool:
    """A readable PNG or JPEG inside the game folder, reached without a link (the PDF and the living rules
    would otherwise lose it silently, or fetch it from elsewhere)."""
    from generator.load.images import image_problem

    return bool(source) and image_problem(folder / source, folder) is None


def section_anchor(section_id: str) -> str:
    return f"sec-{section_id}"


def book_anchors(game) -> frozenset[str]:
    """Everything a link may land on in the whole rulebook: its sections, tables and glossary terms."""
    return frozenset({section_anchor(s.id) for _, s, _ in game.sections()} |
                     {f"table-{t.id}" for t in game.tables} | {f"term-{t.id}" for t in game.terms})


def box_style(edition: Edition, kind: str) -> tuple[str, str]:
    """A box kind's look (the stylesheet's `look-…` classes) and its label in the edition's language ("Ejemplo",
    "Aclaración"; "" when the game gives the kind none)."""
    look, declared = box_kinds(edition.game.manifest).get(kind, ("note", None))
    label = edition.field(declared, "label") if declared is not None and declared.label else ""
    return look, label


def box_opening(edition: Edition, kind: str) -> str:
    """The opening tag of a box of a kind, with its label."""
    look, label = box_style(edition, kind)
    head = f'<p class="box-label">{escape(label)}</p>' if label else ""
    return f'<div class="box look-{look} kind-{escape(kind)}">{head}'


def _markdown(edition: Edition) -> MarkdownIt:
    parser = MarkdownIt("commonmark", {"breaks": True, "html": False, "typographer": False}).enable("table")
    for name in box_kinds(edition.game.manifest):
        def render(renderer, tokens, index, options, env, kind=name):
            return box_opening(edition, kind) + "\n" if tokens[index].nesting == 1 else "</div>\n"

        parser.use(container_plugin, name=name, render=render)
    return parser


class Prose:
    """Renders the prose of one edition; `document_id` is the book being typeset (for cross-book refs)."""

    def __init__(self, edition: Edition, document_id: str | None = None, linkable: frozenset[str] = frozenset()):
        self.edition = edition
        self.document_id = document_id
        self.linkable = linkable      # anchors present in the output being made
        self.term_uses: dict[str, list[str]] = {}
        self.refused: list[tuple[str, str]] = []  # (image source, owner) outside the game folder, left out
        self._owner = ""

    @cached_property
    def _parser(self) -> MarkdownIt:
        parser = _markdown(self.edition)
        default_image = parser.renderer.rules["image"]

        def image(renderer, tokens, index, options, env):
            source = tokens[index].attrGet("src") or ""
            if not _inside_game(self.edition.game.folder, source):
                self.refused.append((source, self._owner))
                return f"[{escape(tokens[index].content)}]"
            return default_image(tokens, index, options, env)

        parser.add_render_rule("image", image)
        return parser

    def html(self, text: str, owner: str = "", changed: frozenset[int] | None = None) -> Markup:
        """`changed`: lines of `text` that changed since an earlier version; the blocks holding them are
        marked `changed-block` (a change bar beside them)."""
        self._owner = owner
        tokens, _ = find_tokens(text)
        snippets: list[str] = []
        out: list[str] = []
        last = 0
        for token in tokens:
            out.append(text[last:token.start])
            out.append(f"\ue000{len(snippets)}\ue001")
            snippets.append(self._token(token, owner))
            last = token.end
        out.append(text[last:])
        if changed:
            blocks = self._parser.parse("".join(out))
            for block in blocks:      # the text's own blocks (paragraphs, lists, boxes, tables), not inner ones
                if block.level == 0 and block.nesting >= 0 and block.map and \
                        any(block.map[0] <= line < block.map[1] for line in changed):
                    block.attrJoin("class", "changed-block")
            rendered = self._parser.renderer.render(blocks, self._parser.options, {})
        else:
            rendered = self._parser.render("".join(out))
        # a placeholder the prose wrote itself as entities (&#xE000;9&#xE001;) is left as it is: LAY002 found it
        return Markup(_PLACEHOLDER.sub(lambda m: snippets[int(m.group(1))] if int(m.group(1)) < len(snippets)
                                       else m.group(), rendered))

    def inline(self, text: str, owner: str = "") -> Markup:
        html = str(self.html(text, owner)).strip()
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
            html = html[3:-4]
        return Markup(html)

    def _token(self, token, owner: str) -> str:
        e, kind, target, label = self.edition, token.kind, token.target, token.label
        if kind == "ref":
            return self._reference(target, label, token.shown_form)
        if kind == "table":
            return self._link(f"table-{target}", label or e.token_text(kind, target), "ref table-ref")
        if kind == "term":
            anchor = f"use-{target}-{owner}-{len(self.term_uses.get(target, []))}"
            self.term_uses.setdefault(target, []).append(anchor)
            shown = escape(label or e.token_text(kind, target))
            if f"term-{target}" in self.linkable:
                return f'<a class="term" id="{anchor}" href="#term-{target}">{shown}</a>'
            return f'<span class="term" id="{anchor}">{shown}</span>'
        if kind == "icon":
            return self._icon(target, label)
        shown = label or e.token_text(kind, target, token.shown_form)
        return f'<span class="name {kind}">{escape(shown)}</span>'

    def _reference(self, target: str, label: str | None, form: str) -> str:
        """A section as the sentence asks: its number (the print stylesheet adds the page), its title alone (a
        noun, no page), or both; a number from another book of the game is preceded by that book's name."""
        e = self.edition
        numbered = e.numbers.get(target)
        if numbered is None:
            return str(escape(label or target))
        shown = label or e.token_text("ref", target, form)
        other_book = numbered.document.id != self.document_id and len(e.game.documents) > 1
        if other_book and not label and form != "title" and numbered.number:
            book = e.field(numbered.document, "short") or e.field(numbered.document, "title")
            shown = f"{book} {shown}"
        return self._link(section_anchor(target), shown, "ref title-ref" if form == "title" else "ref")

    def _icon(self, target: str, label: str | None) -> str:
        """The icon's picture inline; without one, the placeholder mark of its missing picture (a proof prints
        the mark and lists it; a release refuses), never a word standing in for the picture."""
        picture, name = self.edition.icon(target)
        shown = escape(label or name)
        if picture is None:
            return f'<span class="icon missing" title="{shown}">{escape(self.edition.icon_mark(target))}</span>'
        source = picture.relative_to(self.edition.game.folder).as_posix()
        return f'<img class="icon" src="{escape(source)}" alt="{shown}">'

    def _link(self, anchor: str, shown: str, css: str) -> str:
        if anchor not in self.linkable:
            return f'<span class="{css} unlinked">{escape(shown)}</span>'
        return f'<a class="{css}" href="#{anchor}">{escape(shown)}</a>'
