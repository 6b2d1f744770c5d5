"""The rulebook (rules.pdf) and the living rules (rules.html); the player aids (aids.py) share their context.

One context is built from the model (sections numbered, prose as HTML with its
references, tables from the tables data, glossary) and given to the Jinja2
templates; WeasyPrint typesets the print version, and the pages where each
section landed go to the manifest.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from pathlib import Path

from generator.checks.templates import active_content, with_policy
from generator.diagnostics import make
from generator.game_files import Refused, within
from generator.render.book.changes import EditionMarks
from generator.render.book.errata import errata_context
from generator.render.book.numbering.settled import Settling
from generator.render.book.proof import narrowed, proof_context, slug_only_where_marked, with_marks
from generator.render.book.prose import Prose, book_anchors
from generator.render.book.sections import DocumentView, section_views
from generator.render.book.templating import environment, guarded
from generator.render.book.typesetting import shortcuts
from generator.render.context import Artifact, Rendered, RenderRequest
from generator.render.draw.fonts import FONTS, font_file, shipped_font_configuration
from generator.render.edition import Edition
from generator.render.table_view import table_view
from generator.user_cache import cache_folder, write_atomically

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
    for document in game.printed_documents:
        prose = Prose(e, document.id, anchors) if prose is None else _same_uses(prose, document.id)
        sections = section_views(e, prose, document, marks)
        documents.append(DocumentView(document.id, e.field(document, "title"),
                                      sections))
    prose = prose or Prose(e, None, anchors)
    tables = [table_view(e, table, said, prose) for table in game.tables]
    terms = []
    for term in sorted(game.terms, key=lambda t: e.field(t, "term").lower()):
        definition = e.field(term, "definition")
        terms.append({"id": term.id, "term": e.field(term, "term"),
                      "abbreviation": e.field(term, "abbreviation")
                      if term.abbreviation else "",
                      "definition": prose.inline(definition, f"term-{term.id}") if definition else "",
                      "uses": _first_use_per_section(prose.term_uses.get(term.id, []))})
    manifest = game.manifest
    return {
        "game": {"title": e.field(manifest, "title"), "language": e.language,
                 "subtitle": e.field(manifest, "subtitle") if manifest.subtitle else "",
                 "author": manifest.author,
                 "credits": [{"role": role, "names": names} for role, names in e.credits()],
                 "publisher": manifest.publisher or ""},
        "words": said, "documents": documents, "tables": tables, "terms": terms, "media": media,
        "paper": PAPER_CSS.get(paper, "A4"), "columns": columns,
        "fonts": _font_faces() if media == "print" else [],
        "refused": prose.refused, "proof": proof_context(e),
        "changes": marks.context(documents, tables, terms) if marks is not None else None, "version": version,
    }


def _one_use_per_page(uses: list[list[str]], page_of: dict[str, int]) -> list[list[str]]:
    """The glossary lists each page a term is used on once, after "p." or "pp." as the count of pages asks: of
    each term's `uses`, the first on each page a layout put them on (the glossary comes last: it moves no use), and
    every use whose page is not known."""
    kept_by_term = []
    for used in uses:
        seen, kept = set(), []
        for use in used:
            page = page_of.get(use)
            if page is None or page not in seen:
                seen.add(page)
                kept.append(use)
        kept_by_term.append(kept)
    return kept_by_term


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
    for role, (_, _family, weight, style) in FONTS.items():
        faces.append({"family": "Imprenta Serif" if role.startswith("serif") else "Imprenta Sans",
                      "url": font_file(role).as_uri(), "weight": weight, "style": style})
    return faces


def render_html(edition: Edition, context: dict, template: str = "rulebook/rules.html.j2") -> str:
    """The page; its proof (context["proof"], narrowed here) counts and lists only the marks this page prints."""
    page = environment(edition.game.folder.resolve()).get_template(template)
    proof = context.get("proof")
    if proof and proof.get("edition") is not None:
        whole = proof.get("whole", proof)                  # each page is narrowed from the game's proof
        bare = page.render({**context, "proof": {**whole, "entries": []}})
        context["proof"] = {**narrowed(whole, bare), "whole": whole}
    return with_marks(page.render(context))


def typeset(html: str, game_folder: Path, bleed: float = 0.0, settling: Settling | None = None):
    """WeasyPrint's layout of the HTML, and the URLs it was refused.

    Only files inside the game folder and Imprenta's templates can be read:
    no network, no file elsewhere on the machine, no font but the shipped ones. SOURCE_DATE_EPOCH is pinned
    so the PDF bytes are reproducible. `bleed` (mm, press) sets each page's
    CSS bleed: the PDF page is the trim plus the bleed, with its TrimBox and
    BleedBox, and a page background runs into the bleed. `settling`: the page numbers and glossary corrected
    as the book is laid out.
    """
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    from weasyprint import CSS, HTML

    shortcuts.install()

    fetcher = _confined_fetcher((game_folder.resolve(), font_file("serif").parent.parent.resolve()))
    press = [CSS(string=f"@page {{ bleed: {bleed:g}mm }}")] if bleed else None
    with settling.installed() if settling is not None else contextlib.nullcontext():
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
    pages: dict[str, int] = {}
    for index, page in enumerate(document.pages, start=1):
        for anchor in page.anchors:
            pages.setdefault(anchor, index)
    return pages


_LINK = re.compile(r'<a ([^>]*?)href="#([^"]+)"')
_WRITTEN = re.compile(r'data-page="(\d+)" href="#([^"]+)"')


PLACEHOLDER = "00"     # a page number not known yet: two digits, as most of a book's pages have
NUMBERED_PASSES = 2


def _laid_out(edition: Edition, context: dict, html: str, bleed: float, remembered: str = ""):
    """The book laid out with every page number written in (`data-page`, which the print stylesheet prints
    rather than a target-counter: WeasyPrint lays out again each page whose target-counters it learns late,
    which doubled the cost of a book) and its glossary listing each page a term is used on once.

    The numbers are first the pages the book's places landed on when it was last built (kept under the key
    `remembered` in the user's cache), else a placeholder, and the glossary lists every use whose page is not
    known; the layout then corrects the pages that print a number, or list a use, not where its place landed
    (numbering/settled.py). The book is laid out again only when that cannot be done in a few corrections, or the
    glossary would list a use it left out (at most NUMBERED_PASSES times more)."""
    folder = edition.game.folder
    if not _LINK.search(html):
        return typeset(html, folder, bleed)
    uses = [list(term["uses"]) for term in context["terms"]]
    pages = _remembered_pages(remembered)
    placeholder = PLACEHOLDER                       # for a place the pages do not know yet
    for _ in range(NUMBERED_PASSES + 1):
        kept = _one_use_per_page(uses, pages)
        for term, used in zip(context["terms"], kept):
            term["uses"] = used
        numbered = with_page_numbers(render_html(edition, context) if any(uses) else html, pages, placeholder)
        settling = Settling(uses, lambda landed: _one_use_per_page(uses, landed),
                            lambda count: str(context["words"].plural("page", count)))
        laid_out = typeset(numbered, folder, bleed, settling)
        landed = _anchor_pages(laid_out[0])
        if settling.settled:
            break
        pages, placeholder = landed, None
    _remember_pages(remembered, landed)
    return laid_out


def _remembered_pages(key: str) -> dict[str, int]:
    try:
        return json.loads(cache_folder("pages", f"{key}.json").read_text(encoding="utf-8")) if key else {}
    except (OSError, ValueError):
        return {}


def _remember_pages(key: str, pages: dict[str, int]) -> None:
    if key:
        write_atomically(cache_folder("pages", f"{key}.json"), json.dumps(pages, sort_keys=True).encode())


def _pages_key(edition: Edition, profile, output: str) -> str:
    """Which book a remembered set of pages belongs to: only ever a first guess, checked against the layout."""
    said = f"{edition.game.folder.resolve()}|{edition.language}|{output}|{profile.paper}|{profile.rules_columns}|" \
           f"{profile.page_bleed}"
    return hashlib.sha256(said.encode()).hexdigest()[:24]


def with_page_numbers(html: str, pages: dict[str, int], placeholder: str | None = None) -> str:
    """Each link to a place of the book with the page it lands on, for the print stylesheet's `attr(data-page)`
    (`placeholder` for a place not in `pages`; without one, such a link keeps its target-counter)."""
    def numbered(m: re.Match) -> str:
        page = pages.get(m.group(2), placeholder)
        return f'<a {m.group(1)}data-page="{page}" href="#{m.group(2)}"' if page is not None else m.group(0)

    return _LINK.sub(numbered, html)


def stale_numbers(html: str, pages: dict[str, int]) -> bool:
    """Whether a page number written in the HTML differs from the page its place landed on (or its place is
    nowhere in the book)."""
    return any(pages.get(anchor) != int(page) for page, anchor in _WRITTEN.findall(html))


def section_pages(document, context: dict, output: str) -> list[dict]:
    """Where each section starts: {"output", "id", "number", "title", "page"}."""
    pages = _anchor_pages(document)
    return [{"output": output, "id": s.id, "number": s.number, "title": s.title, "page": pages.get(s.anchor)}
            for book in context["documents"] for s in book.sections]


@guarded
def render_rules(request: RenderRequest) -> Rendered:
    edition = request.edition
    if not edition.game.printed_documents:
        return Rendered()
    context = rulebook_context(edition, "print", request.profile.paper, request.profile.rules_columns, request.since,
                               request.stamp)
    html = render_html(edition, context)
    laid_out = _laid_out(edition, context, html, request.profile.page_bleed,
                         _pages_key(edition, request.profile, "rules.pdf"))
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


@guarded
def render_living_rules(request: RenderRequest) -> Rendered:
    edition = request.edition
    rendered = Rendered()
    if not edition.game.printed_documents:
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
        from generator.render.paper.pdfx import finish_pdfx  # press: PDF/X in the printing condition's CMYK

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

