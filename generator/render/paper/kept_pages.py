"""Pages of a reportlab document kept from one build to the next, as reportlab wrote them.

A sheet PDF ends with its proof sheet, a table of every unknown fact that reportlab's platypus lays out and
draws again on every build (the larger part of a card edit's time), although a card's edit rarely changes it.
`kept_pages` keeps what drawing some pages added to the document (each page's content stream and resources,
the characters each font was first asked for, in order) in the user's cache, under the inputs of the drawing and
the document's state where the pages start: with the same inputs and state, the same drawing adds the same
pages, so they are added again as they were, and the document is byte for byte what drawing them writes.

What a drawing did that this cannot add again (a new object in the document: a picture, a standard font, a spot
colour; a graphics state the canvas keeps from page to page) is never kept: those pages are drawn every time.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.render.paper.pdf_canvas import SheetWriter

# What each page gives reportlab's showPage (canvas.py): its content, and what the page's resources are made of.
_PAGE = ("_code", "_formsinuse", "_colorsUsed", "_shadingUsed", "_annotationrefs", "_currentPageHasImages",
         "_psCommandsBeforePage", "_psCommandsAfterPage", "_pageRotation", "_pageTransition", "_pageDuration",
         "_cropBox", "_artBox", "_bleedBox", "_trimBox", "_pagesize")


def kept_pages(writer: SheetWriter, inputs: str, draw: Callable[[], None]) -> None:
    """Add to `writer` the pages `draw()` adds, drawn, or taken from the user's cache when they were drawn before
    from the same `inputs` (everything the drawing reads, as text) onto a document in the same state."""
    canvas = writer.canvas
    if canvas._code or canvas._codeStack:            # not at the start of a page: draw as asked
        draw()
        return
    path = _path(inputs, _state(canvas))
    recorded = _read(path)
    if recorded is not None:
        _add(writer, recorded)
        return
    recorded = _drawn(writer, draw)
    if recorded is not None:
        from generator.user_cache import write_atomically

        write_atomically(path, json.dumps(recorded).encode())


def kept_any() -> bool:
    """Whether the user's cache holds any kept pages (none: a first build on this machine draws every page)."""
    import os

    from generator.user_cache import cache_folder

    try:
        with os.scandir(cache_folder("sheet-pages")) as entries:
            return any(entry.name.endswith(".json") for entry in entries)
    except OSError:
        return False


def _drawn(writer: SheetWriter, draw: Callable[[], None]) -> dict | None:
    """Draw, noting what each page gave showPage and what the document gained; None when it gained something
    `_add` cannot give it again."""
    canvas = writer.canvas
    document = canvas._doc
    objects, mapped, delayed = set(document.idToObject), list(document.fontMapping), list(document.delayedFonts)
    before = {name: _assigned(font, document) for name, font in _fonts(document)}
    graphics = repr((canvas._extgstate._d, canvas._extgstate._c))
    pages, pages_before = [], writer.pages
    show = canvas.showPage

    def noted() -> None:
        pages.append({name: _copied(getattr(canvas, name, None)) for name in _PAGE})   # before showPage adds to it
        show()

    canvas.showPage = noted
    try:
        draw()
    finally:
        del canvas.showPage
    added_objects = set(document.idToObject) - objects
    if (canvas._code or len(pages) != writer.pages - pages_before
            or any(not name.startswith("Page") for name in added_objects)
            or repr((canvas._extgstate._d, canvas._extgstate._c)) != graphics
            or document.delayedFonts[:len(delayed)] != delayed or list(document.fontMapping)[:len(mapped)] != mapped):
        return None
    named = list(document.fontMapping)[len(mapped):]
    fonts = dict(_fonts(document))
    if any(name not in fonts for name in named):        # a standard font: objects of its own
        return None
    characters = {}
    for name, font in fonts.items():
        earlier = before.get(name)
        if earlier is None:
            earlier = list(font.State(font._asciiReadable, font).assignments)
        now = _assigned(font, document)
        if now[:len(earlier)] != earlier:
            return None
        if len(now) > len(earlier):
            characters[name] = "".join(map(chr, now[len(earlier):]))
    try:
        return {"pages": [_plain(page) for page in pages], "characters": characters, "named": named,
                "version": list(document._pdfVersion)}     # raised by what a page uses (transparency: 1.4)
    except TypeError:                                   # something on a page that is not plain data
        return None


def _add(writer: SheetWriter, recorded: dict) -> None:
    """Give the document what the recorded drawing gave it: its fonts' characters in the order they were first
    asked for, the fonts' names in the order they were named, then each page to showPage."""
    canvas = writer.canvas
    document = canvas._doc
    for name, characters in recorded["characters"].items():
        _font(name).splitString(characters, document)
    for name in recorded["named"]:
        _font(name).getSubsetInternalName(0, document)
    document._pdfVersion = tuple(recorded["version"])
    for page in recorded["pages"]:
        for name, value in page.items():
            setattr(canvas, name, _typed(name, value))
        canvas.showPage()
        writer.pages += 1


def _font(name: str):
    """A font the kept pages use, registered first: in a new process nothing drew with it yet (drawing is what
    registers a font), and reportlab knows only the fonts registered."""
    from reportlab.pdfbase import pdfmetrics

    from generator.render.draw.fonts import FONTS, registered

    role = name.removeprefix("Imprenta-")
    return pdfmetrics.getFont(registered(role) if role in FONTS else name)


def _fonts(document) -> list:
    """The TrueType fonts (reportlab subsets them as characters are first asked for) with a state in `document`."""
    from reportlab.pdfbase import pdfmetrics

    return [(name, font) for name, font in sorted(pdfmetrics._fonts.items())
            if getattr(font, "_dynamicFont", False) and hasattr(font, "splitString")
            and document in getattr(font, "state", {})]


def _assigned(font, document) -> list[int]:
    return list(font.state[document].assignments)


def _state(canvas) -> str:
    """What pages drawn next depend on besides their inputs: the fonts' subsets so far (which code each character
    has), the names of the document's objects and fonts, its PDF version, the graphics states and page boxes the
    canvas keeps from page to page, the page size."""
    document = canvas._doc
    fonts = []
    for name, font in _fonts(document):
        state = font.state[document]
        fonts.append((name, list(state.assignments.items()), state.nextCode, state.internalName, state.frozen))
    return repr((fonts, sorted(map(str, document.idToObject)), list(document.fontMapping.items()),
                 [font.fontName for font in document.delayedFonts], canvas._extgstate._d, canvas._extgstate._c,
                 document._pdfVersion, [getattr(canvas, f"_{box}Box", None) for box in ("crop", "art", "bleed",
                                                                                          "trim")],
                 canvas._pagesize, canvas._pageCompression, canvas._pageNumber, canvas._initialFontName,
                 canvas._initialFontSize, canvas._initialLeading, getattr(canvas, "cmyk", None) is not None,
                 getattr(canvas, "overprint", None), canvas._enforceColorSpace.__name__
                 if callable(getattr(canvas, "_enforceColorSpace", None)) else None))


def _path(inputs: str, state: str):
    from reportlab import Version

    from generator.user_cache import cache_folder, shipped_key

    named = f"pages {Version} {shipped_key()}\0{inputs}\0{state}".encode()
    return cache_folder("sheet-pages", f"{hashlib.sha256(named).hexdigest()}.json")


def _read(path) -> dict | None:
    import os

    try:
        recorded = json.loads(path.read_bytes())
        os.utime(path)                   # recently used: kept when the oldest are let go
        return recorded
    except (OSError, ValueError):
        return None


def _plain(page: dict) -> dict:
    """A page's showPage attributes as JSON (tuples as lists; `_typed` makes them tuples again)."""
    out = {}
    for name, value in page.items():
        json.dumps(value)                # raises TypeError on anything else
        out[name] = value
    return out


def _copied(value):
    return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value


def _typed(name: str, value):
    if name in ("_cropBox", "_artBox", "_bleedBox", "_trimBox", "_pagesize") and value is not None:
        return tuple(value)
    return value
