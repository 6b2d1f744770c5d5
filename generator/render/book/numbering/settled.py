"""Page numbers and the glossary's pages settled inside one WeasyPrint layout.

A book's links print the page their place lands on (`data-page`) and its glossary lists each page a term is used
on once; neither is known before the book is laid out, and laying the whole book out again with the pages found
cost as much as the first layout. Instead, once WeasyPrint has made every page, the boxes are corrected where the
pages found differ from the ones written (a link's number; a glossary entry's uses that share a page), and
WeasyPrint makes again only the pages that hold them, each with the page before it (whose end looks at the first
lines of the next), then every page whose start moved: its own way with a target-counter() learnt late. A page it
does not make again starts where it did and holds what it did, so the book is the one a layout of the corrected
HTML gives, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

CHARACTERS_A_PAGE = 3400    # of text in a two-column A4 page of the seed books: a first guess at a page's number
ROUNDS = 3        # corrections, each making again the pages it touched; a book still moving is laid out again


class Settling:
    """Corrects a layout's page numbers and glossary until they are where their places landed.

    `kept_uses(pages)`: each term's uses the glossary lists, once its uses' pages are known (the glossary may only
    drop uses it printed); `page_word(count)`: the word the glossary prints before that many pages.
    `settled` tells afterwards whether the pages printed are the pages landed on."""

    def __init__(self, uses: list[list[str]], kept_uses: Callable, page_word: Callable[[int], str]):
        self.term_of = {use: index for index, used in enumerate(uses) for use in used}
        self.kept_uses = kept_uses
        self.page_word = page_word
        self.settled = False
        self.looked_ahead: set[int] = set()    # pages whose end may have seen a number before it was written in

    def installed(self):
        """WeasyPrint's page maker with the corrections after it, while the book is laid out."""
        from weasyprint import layout

        return _Installed(layout, partial(self._make_all_pages, layout.make_all_pages))

    def _make_all_pages(self, make_all_pages, context, root_box, html, pages):
        pages = self._ahead(make_all_pages(context, root_box, html, pages), context, root_box)
        for round_ in range(ROUNDS + 1):
            remake, self.looked_ahead = self._corrected(context, root_box, pages) | self.looked_ahead, set()
            if remake == set():
                self.settled = True
                break
            if None in remake or round_ == ROUNDS:
                break
            for index in remake:
                context.page_maker[index][-1]["content_changed"] = True
            pages = list(make_all_pages(context, root_box, html, pages))
        return pages

    def _ahead(self, made, context, root_box) -> list:
        """The first layout, each number whose place has landed written in before its page is made (a link back,
        the glossary's uses); `looked_ahead`: the pages whose end may have seen a number before it was written."""
        numbers, spans, tables = _numbered(root_box)
        waiting = {element: after for after, element in numbers if after not in tables}
        spans = list(spans)
        landed: dict[str, int] = {}
        laid: set = set()
        written: dict = {}
        pages: list = []
        self.looked_ahead = set()
        anchors, characters = _anchors_in_order(root_box)
        order = {anchor: rank for rank, anchor in enumerate(anchors)}
        per_page = max(len(anchors), 1) * CHARACTERS_A_PAGE / max(characters, 1)   # anchors a page
        self._guessed(waiting, order, landed, 0, per_page, context, written)
        for page in made:
            pages.append(page)
            for element in _walk_page(page, len(pages), landed):
                laid.add(element)
            for element in [element for element in waiting if element in laid]:
                del waiting[element]
            for span in list(spans):
                shown = [_href(child) for child in span.children if _href(child)]
                if span.element in laid or all(anchor in landed for anchor in shown):
                    spans.remove(span)
                    if span.element not in laid and self._kept(span, landed) is not None:
                        written[span.element] = len(pages) - 1
            for element, after in list(waiting.items()):
                page = landed.get(element.get("href", "")[1:])
                if page is not None:
                    before = element.get("data-page")
                    if _rewritten(after, element, str(page)) and not _as_wide(context, after, before, str(page)):
                        written[element] = len(pages) - 1          # None (no number): the check after tells
                    del waiting[element]
        for element, made_before in written.items():    # its first lines may have ended the page before
            if element in laid and made_before + 1 in _pages_of(pages, element, made_before + 1):
                self.looked_ahead.add(made_before)
        return pages

    @staticmethod
    def _guessed(waiting: dict, order: dict, landed: dict, made: int, per_page: float, context, written: dict):
        """Each link forward still printing a placeholder given as many digits as its page likely has (the
        anchors before it at `per_page` anchors a page), so that its page need not be made again."""
        reached = max((order.get(anchor, 0) + 1 for anchor in landed), default=0)
        for element, after in waiting.items():
            anchor, before = element.get("href", "")[1:], element.get("data-page")
            if anchor in landed or set(before) != {"0"}:
                continue
            page = made + 1 + max(order.get(anchor, reached) - reached, 0) / max(per_page, 1e-9)
            guess = "0" * len(str(round(page)))
            if guess != before and _rewritten(after, element, guess) and made and \
                    not _as_wide(context, after, before, guess):
                written[element] = made - 1                 # a page made before may have looked at it

    def _kept(self, span, landed):
        """A glossary entry's uses cut to those it keeps, once their pages are known (None: it cannot)."""
        uses = [child for child in span.children if _href(child)]
        shown = [_href(use) for use in uses]
        term = self.term_of.get(shown[0]) if shown else None
        if term is None:
            return None
        wanted = self.kept_uses(landed)[term]
        if wanted == shown:
            return wanted
        words = [child for child in span.children if not _href(child)]
        if not set(wanted) <= set(shown) or len(words) != len(shown) or \
                getattr(words[0], "text", None) != self.page_word(len(shown)) + "\xa0":
            return None
        words[0].text = self.page_word(len(wanted)) + "\xa0"
        chosen = [use for use, anchor in zip(uses, shown) if anchor in wanted]
        span.children = tuple(box for pair in zip(words, chosen) for box in pair)
        return wanted

    def _corrected(self, context, root_box, pages) -> set:
        """Correct the boxes to the pages landed on; the indexes of the pages to make again ({None}: it cannot)."""
        landed, holding, printed = _where(pages)
        numbers, spans, tables = _numbered(root_box)
        remake: set[int] = set()
        dropped: set[str] = set()
        for span in spans:
            shown = [_href(child) for child in span.children if _href(child)]
            wanted = self._kept(span, landed)
            if wanted is None:
                return {None}
            if wanted != shown:
                dropped.update(set(shown) - set(wanted))
                first = min(holding.get(span.element, [len(pages) - 1]))
                remake.update(range(max(first - 1, 0), len(pages)))
        for after, element in numbers:
            anchor = element.get("href", "")[1:]
            if anchor in dropped:
                continue
            written, page = element.get("data-page"), landed.get(anchor)
            if page is None or _rewritten(after, element, str(page)) is None:
                return {None}
            if written == str(page):
                continue
            if after not in tables and all(_reshaped(context, box, written, str(page))
                                           for box in printed.get(element, ()) if box.text.endswith(written)):
                continue                               # as wide as before: the pages stay as they are
            for index in holding.get(element, ()):
                remake.update((max(index - 1, 0), index))
            if after in tables:                       # its column widths were worked out with the old number
                context.tables.pop(tables[after], None)
                remake.update(index for held in holding.get(tables[after].element, ()) for index in (held - 1, held)
                              if index >= 0)
        return remake


class _Installed:
    def __init__(self, module, stand_in):
        self.module, self.stand_in = module, stand_in

    def __enter__(self):
        self.own, self.module.make_all_pages = self.module.make_all_pages, self.stand_in

    def __exit__(self, *_):
        self.module.make_all_pages = self.own


def _rewritten(after, element, page: str) -> bool | None:
    """The number a link's ::after prints made `page` in the tree the pages are made from: whether it was
    another (None: no number found)."""
    written = element.get("data-page")
    if written == page:
        return False
    text = next((child for child in reversed(after.children) if hasattr(child, "text")), None)
    if text is None or not text.text.endswith(written):
        return None
    text.text = text.text[:len(text.text) - len(written)] + page
    element.set("data-page", page)
    return True


def _walk_page(page, number: int, landed: dict):
    """The elements a made page has boxes of, its anchors noted in `landed` (page `number` where first seen)."""
    stack = [page]
    while stack:
        box = stack.pop()
        anchor = box.style["anchor"]
        if anchor and anchor not in landed:
            landed[anchor] = number
        if box.element is not None:
            yield box.element
        if hasattr(box, "all_children"):
            stack.extend(box.all_children())


def _anchors_in_order(root_box) -> tuple[list[str], int]:
    """The anchors of the tree a layout starts from, in the order they are laid out, and its characters."""
    anchors, stack, characters = [], [root_box], 0
    while stack:
        box = stack.pop()
        if box.style["anchor"]:
            anchors.append(box.style["anchor"])
        characters += len(getattr(box, "text", ""))
        if hasattr(box, "all_children"):
            stack.extend(reversed(list(box.all_children())))
    return anchors, characters


def _pages_of(pages, element, index: int) -> set[int]:
    """{index} when page `index` holds a box of `element`."""
    if index < len(pages) and any(found is element for found in _walk_page(pages[index], index + 1, {})):
        return {index}
    return set()


def _href(box) -> str:
    element = getattr(box, "element", None)
    if element is None or getattr(box, "element_tag", "") != "a" or not element.get("href", "").startswith("#"):
        return ""
    return element.get("href")[1:]


def _as_wide(context, after, written: str, page: str) -> bool:
    """Whether a link's ::after, now printing `page`, is as wide as it was printing `written`."""
    from weasyprint.text.line_break import create_layout, line_size

    text = next((child for child in reversed(after.children) if hasattr(child, "text")), None)
    if text is None or len(written) != len(page):
        return False
    now = text.text
    before = now[:len(now) - len(page)] + written
    layouts = [create_layout(shown, text.style, context, None, 0) for shown in (before, now)]
    widths = [line_size(layout.get_first_line()[0], text.style) for layout in layouts]
    return widths[0] == widths[1]


def _reshaped(context, box, written: str, page: str) -> bool:
    """A laid-out number `written` at the end of a text box changed to `page` where the two are as wide (as a
    book's tabular figures of as many digits are), as a layout of the new number would have set it."""
    from weasyprint.text.line_break import create_layout, line_size

    if len(written) != len(page):
        return False
    text = box.text[:len(box.text) - len(written)] + page
    before, after = [create_layout(shown, box.style, context, getattr(box.pango_layout, "max_width", None),
                                   box.justification_spacing) for shown in (box.text, text)]
    if line_size(before.get_first_line()[0], box.style) != line_size(after.get_first_line()[0], box.style):
        return False
    after.deactivate()
    box.text, box.pango_layout = text, after
    return True


def _where(pages) -> tuple[dict[str, int], dict, dict]:
    """Each anchor's page (1-based, its first), the pages (0-based indexes) each element has boxes on, and the laid
    out text boxes of each element's ::after."""
    landed: dict[str, int] = {}
    holding: dict = {}
    printed: dict = {}
    for index, page in enumerate(pages):
        stack = [page]
        while stack:
            box = stack.pop()
            anchor = box.style["anchor"]
            if anchor and anchor not in landed:
                landed[anchor] = index + 1
            if box.element is not None:
                held = holding.setdefault(box.element, [])
                if not held or held[-1] != index:
                    held.append(index)
                if box.element_tag == "a::after" and hasattr(box, "text"):
                    printed.setdefault(box.element, []).append(box)
            if hasattr(box, "all_children"):
                stack.extend(box.all_children())
    return landed, holding, printed


def _numbered(root_box):
    """The boxes of the tree a layout starts from that print a page: each link's ::after with its element, the
    glossary's lists of uses, and the table each ::after sits in."""
    from weasyprint.formatting_structure.boxes import InlineBox, TableBox

    numbers, spans, tables = [], [], {}
    stack = [(root_box, None)]
    while stack:
        box, table = stack.pop()
        if isinstance(box, TableBox):
            table = box
        element = box.element
        if element is not None and isinstance(box, InlineBox):
            tag = box.element_tag
            if tag == "a::after" and element.get("data-page") is not None:
                numbers.append((box, element))
                if table is not None:
                    tables[box] = table
                continue                              # its children (a leader's dots) are its own
            elif tag == "span" and "uses" in (element.get("class") or "").split():
                spans.append(box)
        if hasattr(box, "all_children"):
            stack.extend((child, table) for child in box.all_children())
    return numbers, spans, tables
