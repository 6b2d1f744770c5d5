"""The rulebook (rules.pdf) and the living rules (rules.html); the player aids (aids.py) share their context.

One context is built from the model (sections numbered, prose as HTML with its
references, tables from the tables data, glossary) and given to the Jinja2
templates; WeasyPrint typesets the print version, and the pages where each
section landed go to the manifest.
"""

from __future__ import annotations

import os
import re
from pathlib import Path


from generator.checks.templates import active_content, with_policy
from generator.diagnostics import make
from generator.load.game_files import Refused, within
from generator.render.book.changes import EditionMarks
from generator.render.book.errata import errata_context
from generator.render.book.proof import narrowed, proof_context, slug_only_where_marked, with_marks
from generator.render.book.prose import Prose, book_anchors
from generator.render.book.sections import DocumentView, section_views
from generator.render.book.templating import environment
from generator.render.context import Artifact, Rendered, RenderRequest
from generator.render.draw.fonts import FONTS, font_file, shipped_font_configuration
from generator.render.edition import Edition
from generator.render.table_view import table_view

PAPER_CSS = {"a4": "A4", "letter": "letter", "a3": "A3", "tabloid": "11in 17in"}






def rulebook_context(edition: Edition, media: str, paper: str, columns: int = 2, since=None, version="",
                     anchors: frozenset[str] | None = None) -> dict:
    """What the templates print. `since` (a build --since an earlier version): what changed is marked
    (book/changes.py); `version`: the stamp printed on the cover and in the footer; `anchors`: what links may
    land on (all of the rulebook unless given)."""
    game = edition.game
    e = edition
    marks = EditionMarks(edition, since) if since is not None else None
    if anchors is None:
        anchors = book_anchors(game)
    said = e.words
    documents = []
    prose = None
    for document in game.documents:
        prose = Prose(e, document.id, anchors) if prose is None else _same_uses(prose, document.id)
        sections = section_views(e, prose, document, marks)
        documents.append(DocumentView(document.id, e.text(f"document.{document.id}.title", document.title),
                                      sections))
    prose = prose or Prose(e, None, anchors)
    tables = [table_view(e, table, said, prose) for table in game.tables]
    terms = []
    for term in sorted(game.terms, key=lambda t: e.text(f"term.{t.id}.term", t.term).lower()):
        definition = e.text(f"term.{term.id}.definition", term.definition) if term.definition is not None else ""
        terms.append({"id": term.id, "term": e.text(f"term.{term.id}.term", term.term),
                      "abbreviation": e.text(f"term.{term.id}.abbreviation", term.abbreviation)
                      if term.abbreviation else "",
                      "definition": prose.inline(definition, f"term-{term.id}") if definition else "",
                      "uses": _first_use_per_section(prose.term_uses.get(term.id, []))})
    manifest = game.manifest
    return {
        "game": {"title": e.text("game.title", manifest.title), "language": e.language,
                 "subtitle": e.text("game.subtitle", manifest.subtitle) if manifest.subtitle else "",
                 "author": manifest.author,
                 "credits": [{"role": role, "names": names} for role, names in e.credits()],
                 "publisher": manifest.publisher or ""},
        "words": said, "documents": documents, "tables": tables, "terms": terms, "media": media,
        "paper": PAPER_CSS.get(paper, "A4"), "columns": columns,
        "fonts": _font_faces() if media == "print" else [],
        "refused": prose.refused, "proof": proof_context(e),
        "changes": marks.context(documents, tables, terms) if marks is not None else None, "version": version,
    }


def _one_use_per_page(edition: Edition, context: dict, html: str) -> str:
    """The glossary lists each page a term is used on once, after "p." or "pp." as the count of pages asks: a
    first layout says where each use landed (the glossary comes last, so it moves no use)."""
    document, _ = typeset(html, edition.game.folder)
    page_of = {}
    for index, page in enumerate(document.pages, start=1):
        for anchor in page.anchors:
            page_of.setdefault(anchor, index)
    for term in context["terms"]:
        seen, kept = set(), []
        for use in term["uses"]:
            if page_of.get(use) not in seen:
                seen.add(page_of.get(use))
                kept.append(use)
        term["uses"] = kept
    return render_html(edition, context)


def _same_uses(prose: Prose, document_id: str) -> Prose:
    """A renderer for the next book that keeps counting term uses (one glossary for all books)."""
    next_book = Prose(prose.edition, document_id, prose.linkable)
    next_book.term_uses = prose.term_uses
    return next_book




def _first_use_per_section(anchors: list[str]) -> list[str]:
    seen, kept = set(), []
    for anchor in anchors:
        owner = anchor.rsplit("-", 1)[0]
        if owner not in seen:
            seen.add(owner)
            kept.append(anchor)
    return kept


def _font_faces() -> list[dict]:
    faces = []
    for role, (_, family, weight, style) in FONTS.items():
        faces.append({"family": "Imprenta Serif" if role.startswith("serif") else "Imprenta Sans",
                      "url": font_file(role).as_uri(), "weight": weight, "style": style})
    return faces


def render_html(edition: Edition, context: dict, template: str = "rulebook/rules.html.j2") -> str:
    """The page; its proof (context["proof"], narrowed here) counts and lists only the marks this page prints."""
    page = environment(edition.game.folder).get_template(template)
    proof = context.get("proof")
    if proof and proof.get("edition") is not None:
        whole = proof.get("whole", proof)                  # each page is narrowed from the game's proof
        bare = page.render({**context, "proof": {**whole, "entries": []}})
        context["proof"] = {**narrowed(whole, bare), "whole": whole}
    return with_marks(page.render(context))


def _guarded(function):
    """Renderers of Jinja2 templates: a broken template is a LAY005 at its line, not a traceback."""
    import functools

    from jinja2 import TemplateError

    @functools.wraps(function)
    def render(request: RenderRequest) -> Rendered:
        try:
            return function(request)
        except TemplateError as error:
            from generator.diagnostics import Span

            frame_file, frame_line = _template_frame(error)
            name = getattr(error, "filename", None) or frame_file or getattr(error, "name", None) or "a template"
            line = getattr(error, "lineno", None) or frame_line
            span = Span(_shown(name), line or 1, 1)
            return Rendered(diagnostics=[make("LAY005", f"the template {Path(str(name)).name} cannot be used: "
                                                        f"{error.message or error}", span,
                                              "Fix the template; the output is not written.")], failed=True)
    return render


def _template_frame(error: Exception) -> tuple[str | None, int | None]:
    """Jinja2 puts template frames in the traceback with the template's own file and line."""
    import traceback

    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if frame.filename.endswith(".j2"):
            return frame.filename, frame.lineno
    return None, None


def _shown(name: str):
    from pathlib import PurePosixPath

    from generator.load.yaml_nodes import display_path

    path = Path(name)
    return display_path(path) if path.is_absolute() else PurePosixPath(name)


def typeset(html: str, game_folder: Path, bleed: float = 0.0):
    """WeasyPrint's layout of the HTML, and the URLs it was refused.

    Only files inside the game folder and Imprenta's templates can be read:
    no network, no file elsewhere on the machine, no font but the shipped ones. SOURCE_DATE_EPOCH is pinned
    so the PDF bytes are reproducible. `bleed` (mm, press) sets each page's
    CSS bleed: the PDF page is the trim plus the bleed, with its TrimBox and
    BleedBox, and a page background runs into the bleed.
    """
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    from weasyprint import CSS, HTML

    fetcher = _confined_fetcher((game_folder.resolve(), font_file("serif").parent.parent.resolve()))
    press = [CSS(string=f"@page {{ bleed: {bleed:g}mm }}")] if bleed else None
    document = HTML(string=html, base_url=str(game_folder.resolve()) + "/", url_fetcher=fetcher).render(
        stylesheets=press, font_config=shipped_font_configuration())   # the shipped fonts only, never the machine's
    return document, fetcher.refused     # a list that grows while the PDF is written (attachments): read it after


def _confined_fetcher(roots: tuple[Path, ...]):
    from urllib.parse import unquote, urlparse

    from weasyprint.urls import URLFetcher

    class ConfinedFetcher(URLFetcher):
        def __init__(self):
            super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
            self.refused: list[str] = []

        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            if url.startswith("file:"):
                path = Path(unquote(urlparse(url).path))
                for root in roots:
                    try:
                        within(root, path)
                    except Refused:
                        continue
                    return super().fetch(url, headers)
            self.refused.append(url)
            raise ValueError(f"Imprenta reads no file outside the game folder and no URL: {url}")

    return ConfinedFetcher()


def _refusals(refused: list, output: str, edition: Edition) -> Rendered:
    """An output that lost a resource is not written: a PDF with a hole in it is worse than none.

    `refused` holds URLs the typesetter was refused (from templates) and (source, owner) pairs from prose,
    which are reported where the prose is written."""
    found = []
    for item in sorted(set(refused), key=str):
        url, owner = item if isinstance(item, tuple) else (item, "")
        found.append(make("OUT003", f"{output} ({edition.language}) refers to {url}, which Imprenta does not "
                                    f"read; the output is not written", _prose_place(edition.game, owner),
                          "Name files inside the game folder (e.g. images/ship.png); nothing is fetched from "
                          "the network."))
    return Rendered(diagnostics=found, failed=True)


def _prose_place(game, owner: str):
    """Where the prose of an owner (a section id, term-…, table-…) is written, if known."""
    from generator.model import where

    kind, field = ("section", "body")
    if owner.startswith("term-"):
        kind, field, owner = "term", "definition", owner[5:]
    elif owner.startswith("table-"):
        kind, field, owner = "table", "note", owner[6:]
    shape = game.get(kind, owner) if owner else None
    return where(shape, field) if shape is not None else None


def _anchor_pages(document) -> dict[str, int]:
    """Each anchor of a laid-out book → the page it starts on (1-based)."""
    pages = {}
    for index, page in enumerate(document.pages, start=1):
        for anchor in page.anchors:
            pages.setdefault(anchor, index)
    return pages


_LINK = re.compile(r'<a ([^>]*?)href="#([^"]+)"')
_TRAILING_NUMBER = re.compile(r"(\d+)\s*$")


def _settled(laid_out, html: str, game_folder: Path, bleed: float):
    """The layout whose printed page numbers are the pages their places landed on. WeasyPrint reads a
    target-counter while it paginates, and a heading its next pass pushes to the next column keeps the page read
    before (the contents then say 15 for a section on 16); when a number came out stale, the book is laid out
    again with every number written in (`data-page`, printed instead of the counter), at most twice."""
    for _ in range(2):
        pages = _anchor_pages(laid_out[0])
        if not _stale_numbers(laid_out[0], pages):
            break
        laid_out = typeset(with_page_numbers(html, pages), game_folder, bleed)
    return laid_out


def with_page_numbers(html: str, pages: dict[str, int]) -> str:
    """Each link to a place of the book with the page it lands on, for the print stylesheet's `attr(data-page)`."""
    return _LINK.sub(lambda m: f'<a {m.group(1)}data-page="{pages[m.group(2)]}" href="#{m.group(2)}"'
                     if m.group(2) in pages else m.group(0), html)


def _stale_numbers(document, pages: dict[str, int]) -> bool:
    """Whether a page number printed after a link (its ::after) differs from the page its target starts on."""
    printed: dict[int, list[str]] = {}
    for page in document.pages:
        for box in page._page_box.descendants():      # WeasyPrint's laid-out boxes; text boxes carry `text`
            element = getattr(box, "element", None)
            if element is not None and element.tag == "a" and hasattr(box, "text") and \
                    (getattr(box, "element_tag", None) or "").endswith("::after"):
                printed.setdefault(id(element), [element.get("href", ""), ""])[1] += box.text
    for href, text in printed.values():
        found = _TRAILING_NUMBER.search(text)
        if found and href.startswith("#") and pages.get(href[1:], int(found.group(1))) != int(found.group(1)):
            return True
    return False


def section_pages(document, context: dict, output: str) -> list[dict]:
    """Where each section starts: {"output", "id", "number", "title", "page"}."""
    pages = _anchor_pages(document)
    return [{"output": output, "id": s.id, "number": s.number, "title": s.title, "page": pages.get(s.anchor)}
            for book in context["documents"] for s in book.sections]


@_guarded
def render_rules(request: RenderRequest) -> Rendered:
    edition = request.edition
    if not edition.game.documents:
        return Rendered()
    context = rulebook_context(edition, "print", request.profile.paper, request.profile.rules_columns, request.since,
                               request.stamp)
    html = render_html(edition, context)
    if any(term["uses"] for term in context["terms"]):
        html = _one_use_per_page(edition, context, html)
    bleed = request.profile.page_bleed
    laid_out = _settled(typeset(html, edition.game.folder, bleed), html, edition.game.folder, bleed)
    rendered, document = _pdf(edition, html, context, "rules.pdf", request.profile, laid_out)
    if document is not None:
        rendered.placements = section_pages(document, context, "rules.pdf")
        if request.since is not None:        # the errata gives the pages of this very layout
            errata = errata_context(edition, context, request.since, _anchor_pages(document))
            made, _ = _pdf(edition, render_html(edition, errata, "rulebook/errata.html.j2"), errata, "errata.pdf",
                           request.profile)
            rendered.artifacts += made.artifacts
            rendered.diagnostics += made.diagnostics
            rendered.failed = made.failed
    return rendered


@_guarded
def render_living_rules(request: RenderRequest) -> Rendered:
    edition = request.edition
    rendered = Rendered()
    if not edition.game.documents:
        return rendered
    context = rulebook_context(edition, "screen", request.profile.paper, columns=1, since=request.since,
                               version=request.stamp)
    if context["refused"]:         # a reader's browser would fetch them: same rule as for the PDF
        return _refusals(context["refused"], "rules.html", edition)
    html = render_html(edition, context)
    active = active_content(html)
    if active:                     # assembled by a template at render time: `imprenta check` saw only its parts
        return Rendered(diagnostics=[make("SEC004", f"rules.html ({edition.language}) would hold {what} (line "
                                                    f"{line}); the output is not written", None)
                                     for line, _, what in active[:5]], failed=True)
    rendered.artifacts.append(Artifact("rules.html", with_policy(html).encode("utf-8"), "rules-html"))
    return rendered


def _pdf(edition: Edition, html: str, context: dict, output: str, profile=None, laid_out=None):
    """Typeset and write one PDF; (its Rendered, the laid-out document), or a refusal and None when the HTML
    or the typesetter reached outside the game (checked after writing, which fetches attachments).
    `laid_out`: typeset(html) already done by the caller."""
    press = profile is not None and profile.pdfx != "none"
    document, refused = laid_out or typeset(html, edition.game.folder, profile.page_bleed if profile else 0.0)
    if context["proof"]["slug"]:
        slug_only_where_marked(document)
    pdf = document.write_pdf(**tagging(profile))
    if press:
        from generator.render.paper.pdfx import finish_pdfx    # press: PDF/X in the printing condition's CMYK

        pdf = finish_pdfx(pdf, profile)
    if refused or context["refused"]:
        return _refusals(refused + context["refused"], output, edition), None
    kind = output.replace(".pdf", "-pdf")
    return Rendered(artifacts=[Artifact(output, pdf, kind, len(document.pages))]), document


def tagging(profile=None) -> dict:
    """Tagged PDF, so a screen reader gets headings, lists, tables and links in reading order: WeasyPrint's
    PDF/UA-1 variant for the home files; for the press, the same tags without the PDF/UA claim, since PDF/X
    sets its own version and metadata (PDF/X-4 is PDF 1.6, PDF/UA-1 is PDF 1.7)."""
    if profile is not None and profile.pdfx != "none":
        return {"pdf_tags": True}
    return {"pdf_variant": "pdf/ua-1"}

