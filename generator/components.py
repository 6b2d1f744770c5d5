"""The output families, each declared once: its `--only` name, what it writes, its renderer, its place in the
build's order, what in the data it prints and what it is made from.

Every table that names components derives from FAMILIES: `--only` and its help, the game's `components` field,
the build's job order, the notes for data a game leaves unbuilt, the reprint sheets and the errata's file names.
tests/test_components.py fails when a list of component names is spelt anywhere else in generator/.

The renderers are real functions; each imports its module when it first runs (the rulebook's pulls in
WeasyPrint, 0.6 s), so `check` never pays for them. What an output is made from is not declared here: a build
records what each renderer reads (generator/output/recording.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from generator.render.context import Rendered, RenderRequest


def _counters(request: RenderRequest) -> Rendered:
    from generator.render.sheets.counters import render_counters

    return render_counters(request)


def _cards(request: RenderRequest) -> Rendered:
    from generator.render.sheets.cards import render_cards

    return render_cards(request)


def _map(request: RenderRequest) -> Rendered:
    from generator.render.maps.renderer import render_map

    return render_map(request)


def _rules(request: RenderRequest) -> Rendered:
    from generator.render.book.rulebook import render_rules

    return render_rules(request)


def _living_rules(request: RenderRequest) -> Rendered:
    from generator.render.book.rulebook import render_living_rules

    return render_living_rules(request)


def _aids(request: RenderRequest) -> Rendered:
    from generator.render.book.aids import render_aids

    return render_aids(request)


def _vassal(request: RenderRequest) -> Rendered:
    from generator.render.digital.vassal import render_vassal

    return render_vassal(request)


def _tts(request: RenderRequest) -> Rendered:
    from generator.render.digital.tts import render_tts

    return render_tts(request)


def _counter_faces(edition):
    from generator.render.sheets.counters import counter_faces

    return counter_faces(edition)


def _card_faces(edition):
    from generator.render.sheets.cards import card_faces

    return card_faces(edition)


def _load_pictures() -> None:
    """PDFium and Pillow, which every job that rasterises a face or a board (sheets, play modules) would
    otherwise import again, 0.1 s each time; a one-card edit runs six such jobs."""
    import pypdfium2  # noqa: F401
    from PIL import Image

    from generator.render.paper.raster import encoder_version

    Image.preinit()            # the PNG and JPEG plugins, which the first Image.open or save would import
    encoder_version()          # PIL.features, asked by every job that keeps a picture: found once, here


def _load_fonts() -> None:
    """The shipped fonts' metrics read, and the two every sheet writes with registered with reportlab (10 ms a
    font), once before the jobs fork rather than in each job that draws a face."""
    from generator.render.draw.fonts import FONTS, metrics, registered

    for role in FONTS:
        metrics(role)
    for role in ("sans", "sans-bold"):        # a sheet's footer and its proof slug
        registered(role)


def _load_sheets(formats: frozenset[str]) -> None:
    """What a sheet's jobs import, and only for the formats asked: a PDF-only build's one job would import
    svgwrite, PDFium and Pillow for nothing."""
    import generator.render.paper.pdf_canvas  # noqa: F401 - the sheets import it only when printing
    from generator.render.paper.kept_pages import kept_any

    if not kept_any():         # a first build lays out every proof sheet: platypus (0.1 s) once, not in each job
        import generator.render.paper.proof_table  # noqa: F401
    import generator.render.sheets.cards  # noqa: F401
    import generator.render.sheets.counters  # noqa: F401

    if "svg" in formats:     # svgwrite (0.1 s): a rebuilt sheet almost always has a face that draws anew
        import generator.render.draw.svg_export  # noqa: F401
    if "png" in formats:
        _load_pictures()
    _load_fonts()


def _load_map(formats: frozenset[str]) -> None:
    import generator.render.maps.renderer  # noqa: F401


def _load_books(formats: frozenset[str]) -> None:
    import weasyprint  # noqa: F401 - 0.6 s, once for every book of the build

    import generator.render.book.aids  # noqa: F401
    import generator.render.book.rulebook  # noqa: F401
    from generator.render.balancing import faster_column_balancing

    faster_column_balancing()          # inherited by every book's job: the same pages in fewer layouts


def _load_modules(formats: frozenset[str]) -> None:
    from PIL import ImageDraw  # noqa: F401 - the cups' blank faces (images.blank_face), in each module's job

    import generator.render.digital.tts  # noqa: F401
    import generator.render.digital.vassal  # noqa: F401
    import generator.render.maps.drawing  # noqa: F401 - what the kept map parts unpickle into, in each job

    _load_pictures()
    _load_fonts()


class Family(NamedTuple):
    name: str                              # its `--only` name, and its key in manifest.json's `inputs`
    render: Callable[[RenderRequest], Rendered]
    writes: str                            # what it writes into OUT/<game>/<lang>/, as `--help` says it
    cost: int                              # its jobs' place in the build's order (lowest first)
    printed: bool = False                  # a component a game's `components` may list (what a box holds)
    made_from: tuple[str, ...] = ()        # built when the game's `components` lists one of these
    holds: tuple[str, Callable[[Any], object]] | None = None   # what in the game it prints (of a Game), and whether any
    faces: Callable | None = None          # edition → its drawn faces (FaceSet): compared for reprint sheets
    preload: Callable[[frozenset[str]], None] | None = None   # imports its renderer's modules once (for the
    # formats asked), before forking its jobs
    singular: bool = False                 # what it writes reads as one thing ("aids.pdf is not built")
    viewed: bool = False                   # `imprenta serve` shows it in the browser (SVG faces, map, HTML)
    # The kinds of item whose facts it may print, beside what every output may (derived/unknowns.EVERYWHERE);
    # None: anything (a book, a play module). Its proof sheet and its release gate ask about those alone.
    prints: frozenset[str] | None = None
    hyphenates: bool = False               # its jobs hyphenate in the book's languages (read once before forking)


# In the order `--help` lists them (the order a reader meets them in a box). `cost` orders the jobs, lowest first:
# slowest first, so the long rulebooks do not end up last on a single core; the digital exports last, every
# language's VASSAL module before any TTS save, so that a save finds its pictures drawn by the module.
FAMILIES: tuple[Family, ...] = (
    Family("counters", _counters, "counters.pdf, and an SVG and a PNG of every counter side in counters/", 5,
           printed=True, holds=("pieces", lambda game: game.pieces), faces=_counter_faces,
           preload=_load_sheets, viewed=True, prints=frozenset({"piece_kind", "piece", "mix", "force"})),
    Family("cards", _cards, "cards.pdf, and an SVG and a PNG of every card face in cards/", 3, printed=True,
           holds=("cards", lambda game: game.cards), faces=_card_faces, preload=_load_sheets, viewed=True,
           prints=frozenset({"card_type", "deck", "card", "table"})),
    Family("map", _map, "map.pdf at full size, map.svg, and map-tiles.pdf (the map cut into sheets of the "
                        "profile's paper)", 4, printed=True, holds=("a map", lambda game: game.map is not None),
           preload=_load_map, viewed=True,
           prints=frozenset({"map", "location", "track", "force", "map_key", "piece", "piece_kind", "table"})),
    Family("rules", _rules, "rules.pdf and rules.html (the living rules)", 0, printed=True,
           holds=("rule documents", lambda game: game.printed_documents), preload=_load_books, hyphenates=True),
    Family("html", _living_rules, "rules.html alone", 2, made_from=("rules",), singular=True,
           preload=_load_books, viewed=True),
    Family("aids", _aids, "aids.pdf (sequences of play, tables, order sheets)", 1, printed=True, singular=True,
           holds=("tables, actions or a sequence of play",
                  lambda game: game.tables or game.actions or any(s.sequence for _, s, _ in game.sections())),
           preload=_load_books, hyphenates=True),
    Family("vassal", _vassal, "GAME-LANG.vmod (a VASSAL module)", 6, made_from=("counters", "cards", "map"),
           preload=_load_modules),
    Family("tts", _tts, "GAME-LANG-tts.json and its images (a Tabletop Simulator object)", 7,
           made_from=("counters", "cards", "map"), preload=_load_modules),
)
BY_NAME: dict[str, Family] = {family.name: family for family in FAMILIES}
# The preloads that only import (a job run in the build's own process imports as it goes); the books' also sets
# WeasyPrint's column balancing up, which every book's job needs.
IMPORTS_ONLY = frozenset({_load_sheets, _load_map, _load_modules})
#: What a game's `components` may list (model.game.GameManifest.components).
PRINTED: tuple[str, ...] = tuple(family.name for family in FAMILIES if family.printed)
#: What `imprenta serve` shows as you edit, and the print files it builds after them.
VIEWED: tuple[str, ...] = tuple(family.name for family in FAMILIES if family.viewed)
#: Where a --only name that is also a word of the manifest asks for more: `rules` is the rulebook in both forms.
ALSO_ASKS: dict[str, tuple[str, ...]] = {family.made_from[0]: (family.name,) for family in FAMILIES
                                        if len(family.made_from) == 1}


def reprint_file(name: str) -> str:
    """The sheet that reprints only the pieces of a family whose faces changed since an earlier version."""
    return f"{name}-reprint.pdf"
