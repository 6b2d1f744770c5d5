"""A reader follows "ver 4.4.1, pág. 16" and lands on 4.4.1; a designer inserts a section and nothing breaks."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
import yaml
from pypdf import PdfReader

from generator.load import load_game
from generator.pipeline import BuildRequest, build
from generator.render.edition import Edition

from ..conftest import page_texts, seed_editions
from .pdf_reading import fonts

ROOT = Path(__file__).resolve().parents[2]


def games_with_rules():
    for folder in sorted((ROOT / "content").iterdir()):
        game = load_game(folder).game
        if game is not None and game.documents:
            yield folder


@pytest.fixture(scope="module")
def books(seed_builds):
    """(game, language) → its folder in the session's seed builds, for the games with rules."""
    built = seed_editions(seed_builds, games={folder.name for folder in games_with_rules()})
    assert ("mar-y-acero", "es") in built and ("mar-y-acero", "en") in built
    return built


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
REF_TOKEN = re.compile(r"\{ref:([^}|]+)[^}]*\}")      # "{ref:end-of-game}", as a designer types it: its target
# Mar y Acero's sequence of play, numbered as its source rulebook prints it ("4.3.2. Turnos 2 al 6", "I. Fase de
# Destino", …): the oracle for the aid, independent of generator.derived.numbering.
SEQUENCE_OF_PLAY = {"destiny-phase": "4.3.2.I", "event-phase": "4.3.2.II", "reinforcement-phase": "4.3.2.III",
                    "impulse-phase": "4.3.2.IV", "final-phase": "4.3.2.V"}


@functools.cache
def _section_bodies(game: str) -> str:
    """The bodies of a game's rule sections as written, read with plain PyYAML (not Imprenta's loader; its C
    reader where it is built), once per game for both of its books."""
    def walk(sections):
        for section in sections or []:
            if isinstance(section.get("body"), str):
                yield section["body"]
            yield from walk(section.get("sections"))

    folder = ROOT / "content" / game
    files = [yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
             for path in sorted(folder.glob("*.yaml"))]
    return "".join(body for data in files for document in data.get("documents") or []
                   for body in walk(document.get("sections")))


def _links_and_destinations(pdf: Path) -> tuple[list[tuple[int, str, list[float]]], dict[str, int]]:
    """(page number, destination name, rect) of every internal link, and each named destination's page number,
    as qpdf reads them (pikepdf): a tenth of the time pypdf takes to parse every annotation of a book."""
    with pikepdf.open(pdf) as book:
        number_of = {page.obj.objgen: number for number, page in enumerate(book.pages, start=1)}
        named = {}
        if "/Names" in book.Root and "/Dests" in book.Root.Names:
            named.update(pikepdf.NameTree(book.Root.Names.Dests).items())
        if "/Dests" in book.Root:
            named.update({key[1:]: value for key, value in book.Root.Dests.items()})
        pages = {str(name): number_of[(target.D if isinstance(target, pikepdf.Dictionary) else target)[0].objgen]
                 for name, target in named.items()}
        links = [(number, str(annotation.Dest), [float(v) for v in annotation.Rect])
                 for number, page in enumerate(book.pages, start=1) for annotation in page.obj.get("/Annots") or []
                 if annotation.get("/Subtype") == "/Link" and "/Dest" in annotation]
    return links, pages


def test_every_reference_links_to_its_section_and_prints_that_page(books):
    for (game, language), folder in books.items():
        pdf = folder / "rules.pdf"
        links, pages = _links_and_destinations(pdf)
        document = pypdfium2.PdfDocument(str(pdf))
        page_word = "pág." if language == "es" else "p."
        checked: Counter = Counter()     # section anchor → links to it that print its page
        text_pages = {}              # one text page per PDF page, however many links it holds
        for number, destination, rect in links:
            assert destination in pages, (game, language, destination)
            if not destination.startswith("sec-"):
                continue
            x0, y0, x1, y1 = rect
            if number not in text_pages:
                text_pages[number] = document[number - 1].get_textpage()
            text = text_pages[number].get_text_bounded(
                left=min(x0, x1) - 1, bottom=min(y0, y1) - 1, right=max(x0, x1) + 1, top=max(y0, y1) + 1)
            found = re.search(re.escape(page_word) + r"\s*(\d+)", text)
            if found:                  # a reference broken over two lines prints its page on the second part
                assert int(found.group(1)) == pages[destination], (game, language, destination, text)
                checked[destination] += 1
        # every {ref:x} the sections' bodies hold is a link to x that prints x's page (other texts link too)
        refs = Counter(f"sec-{target}" for target in REF_TOKEN.findall(_section_bodies(game)))
        short = {anchor: (count, checked[anchor]) for anchor, count in refs.items() if checked[anchor] < count}
        assert refs and not short, (game, language, short)


def test_the_outline_mirrors_the_section_tree(books):
    for (game, _), folder in books.items():
        model = load_game(ROOT / "content" / game).game

        def titles(items, depth=0):
            for item in items:
                yield depth, item.title
                yield from titles(item.children, depth + 1)

        with pikepdf.open(folder / "rules.pdf") as book, book.open_outline() as outline:
            numbered = [(depth, title) for depth, title in titles(outline.root) if depth >= 1]
        assert len(numbered) == sum(1 for _ in model.sections())
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        sections = [p for p in manifest["placements"] if p.get("output") == "rules.pdf"]
        for (depth, _), (_, _, ancestors) in zip(numbered, model.sections()):
            assert depth == len(ancestors) + 1
        for record, (_, title) in zip(sections, numbered):
            assert title.startswith(record["number"]) and record["title"] in title


def test_the_contents_page_numbers_are_right(books):
    for (game, language), folder in books.items():
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        pages = {p["id"]: p for p in manifest["placements"] if p.get("output") == "rules.pdf"}
        model = load_game(ROOT / "content" / game).game
        expected = [pages[s.id] for _, s, ancestors in model.sections() if len(ancestors) < 2]
        first_body_page = min(p["page"] for p in pages.values())
        contents = "\n".join(page_texts(folder / "rules.pdf")[1:first_body_page - 1])
        position, checked = 0, 0
        for line in contents.splitlines():
            found = re.match(r"^(.+?)\s*\.{3,}\s*(\d+)$", line.strip())
            if not found:
                continue
            shown = " ".join(found.group(1).split())
            for index in range(position, len(expected)):      # the contents list sections in book order
                entry = expected[index]
                if shown == f"{entry['number']} {entry['title']}".strip():
                    assert int(found.group(2)) == entry["page"], (game, language, line)
                    position, checked = index + 1, checked + 1
                    break
        assert checked >= min(5, len(expected)), (game, language, contents[:300])


def test_every_font_is_embedded(books):
    for folder in books.values():
        with pikepdf.open(folder / "rules.pdf") as book:
            used = fonts(book)
        assert used and all(used.values())


class _Anchors(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs = set(), []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("href", "").startswith("#"):
            self.hrefs.append(attributes["href"][1:])


def test_living_rules_have_an_anchor_per_section_and_no_dead_link(books):
    for (game, _), folder in books.items():
        parser = _Anchors()
        parser.feed((folder / "rules.html").read_text(encoding="utf-8"))
        model = load_game(ROOT / "content" / game).game
        assert {f"sec-{s.id}" for _, s, _ in model.sections()} <= parser.ids
        assert set(parser.hrefs) <= parser.ids
        assert parser.hrefs


def test_inserting_a_section_renumbers_it_and_every_reference(write_game, tmp_path):
    rules = """\
        documents:
          - id: rules
            title: Reglas
            sections:
              - {id: intro, title: Introducción, body: "Lee {ref:combat} antes de jugar."}
              - {id: movement, title: Movimiento}
              - {id: combat, title: Combate, body: "Tras mover, ver {ref:movement}."}
        """
    write_game({"rules.yaml": rules})
    before = build(Path("demo"), BuildRequest(only=("rules", "html"), out=tmp_path / "a")).folders[0]
    write_game({"rules.yaml": rules.replace("              - {id: movement",
                                            "              - {id: supply, title: Suministro}\n"
                                            "              - {id: movement")})
    after = build(Path("demo"), BuildRequest(only=("rules", "html"), out=tmp_path / "b")).folders[0]

    def numbers(folder):
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        return {p["id"]: p["number"] for p in manifest["placements"] if p.get("output") == "rules.pdf"}

    assert numbers(before)["combat"] == "3" and numbers(after)["combat"] == "4"
    text_before = PdfReader(before / "rules.pdf").pages[2].extract_text()
    text_after = PdfReader(after / "rules.pdf").pages[2].extract_text()
    assert "Lee 3" in " ".join(text_before.split()) and "Lee 4" in " ".join(text_after.split())
    html = (after / "rules.html").read_text(encoding="utf-8")
    assert 'href="#sec-combat">4</a>' in html and 'href="#sec-movement">3</a>' in html


def _translated(game, language: str, key: str, source) -> str:
    entry = game.translations[language].content.entries.get(key) if language != "es" else None
    return " ".join(str(entry.text if entry else source).split())


@pytest.mark.parametrize("game_id, table_id", [("punic-island", "campaign-supply-costs"),
                                               ("maquiavelli", "unit-costs"), ("lepanto", "victory-points"),
                                               ("mar-y-acero", "victory-levels")])
def test_cost_and_level_tables_print_their_own_headers_and_rows_in_the_edition_language(books, game_id, table_id):
    """A cost or level table reads as the rulebook prints it: its own column headers, each row under its own
    label (in English in the English edition), never numbered 1…N under a "Result" header."""
    game = load_game(ROOT / "content" / game_id).game
    table = game.get("table", table_id)
    for language in ("es", "en"):
        lines = [" ".join(line.split()) for page in page_texts(books[(game_id, language)] / "rules.pdf")
                 for line in page.splitlines()]
        title = _translated(game, language, f"table.{table_id}.title", table.title)
        start = lines.index(title)
        labels = [_translated(game, language, f"table.{table_id}.key_label", table.key_label)]
        labels += [_translated(game, language, f"table.{table_id}.columns.items.{c.id}.label", c.label)
                   for c in table.columns.items] if table.columns else \
            [_translated(game, language, f"table.{table_id}.result_label", table.result_label)]
        assert lines[start + 1] == " ".join(labels)
        assert not {"Resultado", "Result"} & set(lines[start + 1].split())
        block = lines[start + 2:start + 2 + 2 * len(table.rows)]
        for row in table.rows:
            name = row.id or row.key
            label = _translated(game, language, f"table.{table_id}.rows.{name}.key", row.key) \
                if isinstance(row.key, str) and not row.key[0].isdigit() else str(row.key).replace("-", "–")
            assert any(line.startswith(label[:24]) for line in block), (language, label)
            assert not [line for line in block if re.match(rf"\d+ {re.escape(label[:12])}", line)]   # not 1…N
    english = " ".join(lines)
    assert table_id != "campaign-supply-costs" or ("Move a land stack 3 SP" in english and
                                                   "Mover un apilamiento" not in english)


@pytest.mark.parametrize("paper, width_pt", [("a4", 595.28), ("letter", 612.0)])
def test_the_player_aid_holds_the_sequence_of_play_and_every_table(seed_builds, tmp_path, paper, width_pt):
    folder = ROOT / "content" / "mar-y-acero"
    if paper == "a4":           # the home proof's own paper: the session's seed build holds that aid
        aids = seed_builds / "mar-y-acero" / "en" / "aids.pdf"
    else:
        built = build(folder, BuildRequest(only=("aids",), languages=("en",), out=tmp_path,
                                           overrides=(("paper", paper),)))
        aids = built.folders[0] / "aids.pdf"
    reader = PdfReader(aids)
    pages = [" ".join(page.split()) for page in page_texts(aids)]
    # A proof ends with its proof sheet (the editor's list of the facts still missing, issue 22): not part of
    # the aid a player holds, which alone must fit on one or two sheets.
    sheet = next((i for i, page in enumerate(pages) if "Proof sheet: facts to be supplied" in page), len(pages))
    game = load_game(folder).game
    assert 1 <= sheet <= sum(aid.pages or 2 for aid in game.aids)       # each aid within the pages it may take
    assert abs(float(reader.pages[0].mediabox.width) - width_pt) < 1
    text = " ".join(pages[:sheet])
    marks = set(re.findall(r"(\d+) not given in the source", text))
    assert (sheet < len(pages)) == bool(marks)
    # each a row of the sheet: the mark, what it stands for as printed, the file and line that declare it
    assert all(re.search(rf"(^| ){mark} [^·]+? [\w-]+\.yaml:\d+ · ", " ".join(pages[sheet:])) for mark in marks)
    overlay = game.translations["en"].content.entries
    for table in game.tables:
        entry = overlay.get(f"table.{table.id}.title")
        assert " ".join((entry.text if entry else table.title).split()) in text
    steps = [child for _, section, _ in game.sections() if section.sequence for child in section.sections]
    assert [child.id for child in steps] == list(SEQUENCE_OF_PLAY)
    for child in steps:
        entry = overlay.get(f"section.{child.id}.title")
        assert f"{SEQUENCE_OF_PLAY[child.id]} {entry.text if entry else child.title}" in text


@pytest.mark.parametrize("image", ["http://example.com/spy.png", "/etc/hostname", "../outside.png"])
def test_prose_cannot_make_the_rulebook_read_outside_the_game(write_game, tmp_path, image):
    (tmp_path / "outside.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    write_game({"rules.yaml": f"""\
        documents:
          - id: rules
            title: Reglas
            sections:
              - id: intro
                title: Introducción
                body: |
                  Mira ![barco]({image}) y [esto](file:///etc/passwd).
                  {{{{ 7*7 }}}} se imprime tal cual.
        """})
    result = build(Path("demo"), BuildRequest(only=("rules", "html"), out=tmp_path / "out"))
    refused = [d for d in result.diagnostics if d.code == "SCH011"]      # found by the check, before any render
    assert len(refused) == 1 and image in refused[0].message
    assert (refused[0].span.file.name, refused[0].span.line) == ("rules.yaml", 8)     # the picture's own line
    target = tmp_path / "out" / "demo" / "es"
    assert not (target / "rules.pdf").exists() and not (target / "rules.html").exists()


def test_prose_images_inside_the_game_folder_are_printed_and_jinja_text_stays_text(write_game, tmp_path):
    folder = write_game({"rules.yaml": """\
        documents:
          - id: rules
            title: Reglas
            sections:
              - id: intro
                title: Introducción
                body: |
                  Mira ![barco](art/ship.png) y [esto](file:///etc/passwd).
                  {{ 7*7 }} se imprime tal cual.
        """})
    (folder / "art").mkdir()
    from PIL import Image

    Image.new("RGB", (40, 20), "navy").save(folder / "art" / "ship.png")
    result = build(Path("demo"), BuildRequest(only=("rules", "html"), out=tmp_path / "out"))
    assert not [d for d in result.diagnostics if d.code.startswith("OUT")]
    target = tmp_path / "out" / "demo" / "es"
    html = (target / "rules.html").read_text(encoding="utf-8")
    assert 'src="art/ship.png"' in html and 'href="file:' not in html and "{{ 7*7 }}" in html
    reader = PdfReader(target / "rules.pdf")
    page = reader.pages[2]
    images = [x.get_object() for x in page["/Resources"]["/XObject"].values() if x.get_object().get("/Subtype") ==
              "/Image"]
    assert [(int(i["/Width"]), int(i["/Height"])) for i in images] == [(40, 20)]    # the game's own picture only
    assert "/EmbeddedFiles" not in (reader.trailer["/Root"].get("/Names") or {})      # nothing attached
    assert "7*7" in page.extract_text()


def test_each_power_gets_an_order_sheet_with_the_orders_and_the_costs_they_name(write_game, tmp_path):
    write_game({
        "game.yaml": """\
            game:
              id: demo
              title: Demo
              source_language: es
              languages: [es]
              palette: {venice-red: "#a02020", milan-green: "#207040"}
            factions:
              - {id: venice, name: Venecia, color: venice-red}
              - {id: milan, name: Milán, color: milan-green}
            piece_kinds:
              - {id: army, name: Ejército}
              - {id: fleet, name: Flota}
            """,
        "rules.yaml": """\
            actions:
              - {id: hold, name: Mantener, notation: "A Ven H", by: [army, fleet]}
              - {id: move, name: Mover, notation: "A Ven - Pad", by: [army]}
              - {id: convoy, name: Transportar, notation: "F Adr C A Ven - Apu", by: [fleet],
                 text: "Cuesta lo que dice {table:costs}."}
            """,
        "tables.yaml": """\
            tables:
              - id: costs
                title: Costes
                rows:
                  - {key: ejército, result: 3 ducados}
                  - {key: flota, result: 3 ducados}
            """,
    })
    result = build(Path("demo"), BuildRequest(only=("aids",), out=tmp_path / "out"))
    assert result.folders, [str(d) for d in result.diagnostics if d.severity.name != "NOTE"]
    sheets = [" ".join(page.split()) for page in page_texts(result.folders[0] / "aids.pdf") if "Hoja de órdenes" in page]
    assert len(sheets) == 2
    assert "Venecia" in sheets[0] and "Milán" in sheets[1]
    for sheet in sheets:
        for expected in ("A Ven - Pad", "F Adr C A Ven - Apu", "Ejército, Flota", "Costes", "3 ducados"):
            assert expected in sheet


def test_maquiavelli_has_an_order_sheet_for_each_of_its_eight_powers_in_both_languages(seed_builds):
    folder = ROOT / "content" / "maquiavelli"
    game = load_game(folder).game
    built = list(seed_editions(seed_builds, games={"maquiavelli"}).values())    # its aids, as `build` writes them
    assert [target.name for target in built] == ["en", "es"] and all((t / "aids.pdf").is_file() for t in built)
    for target in built:
        heading = "Hoja de órdenes" if target.name == "es" else "Order sheet"
        pages = page_texts(target / "aids.pdf")
        sheets = [text for text in pages if heading in text]
        assert len(sheets) == len(game.factions) == 8
        for action in game.actions:
            if action.notation:
                assert all(" ".join(str(action.notation).split())[:12] in " ".join(text.split()) for text in sheets
                           ) or target.name == "en"
        edition = Edition(game, target.name)
        for faction, text in zip(game.factions, sheets):     # no power's example assassinates itself
            victim = re.search(r"(?:asesinato de|attempt on) (.+?) –", " ".join(text.split())).group(1)
            assert victim not in (edition.name("faction", faction.id), edition.name("faction", faction.id, "short"))
    from generator.render.book.aids import _order_sheets
    context = {"tables": []}
    assert [sheet["lines"] for sheet in _order_sheets(Edition(game, "es"), context)] == \
        [sum(faction.limits.values()) for faction in game.factions] == [27] * 8    # a line for every unit it can have


def test_a_game_stylesheet_cannot_make_the_rulebook_read_or_embed_files_outside(write_game, tmp_path):
    folder = write_game({"rules.yaml": """\
        documents:
          - id: rules
            title: Reglas
            sections:
              - {id: intro, title: Introducción, body: Texto.}
        """})
    (folder / "templates" / "rulebook").mkdir(parents=True)
    (folder / "templates" / "rulebook" / "print.css.j2").write_text(
        '@page { size: A4; } body { background: url("file:///etc/hostname"); }\n'
        '@font-face { font-family: X; src: url("http://example.com/font.ttf"); }\n', encoding="utf-8")
    result = build(Path("demo"), BuildRequest(only=("rules",), out=tmp_path / "out"))
    found = sorted((d.span.line, d.span.column) for d in result.diagnostics if d.code == "SEC004")
    assert found == [(1, 45), (2, 40)]             # check finds both, at the URL, before anything is typeset
    assert not (tmp_path / "out" / "demo" / "es" / "rules.pdf").exists()
    refused = sorted(d.message for d in _render_unchecked(folder, "rules").diagnostics if d.code == "OUT003")
    assert any("file:///etc/hostname" in m for m in refused) and any("http://example.com" in m for m in refused)


def _render_unchecked(folder, component: str):
    """The renderer run without the check before it: its own refusals are the second line of defence."""
    from generator.load import load_game
    from generator.render import RENDERERS
    from generator.render.context import RenderRequest
    from generator.render.edition import Edition
    from generator.render.paper.profiles import load_profile

    game = load_game(folder).game
    return RENDERERS[component](RenderRequest(Edition(game, "es"), load_profile("home", folder)[0],
                                              frozenset({"pdf"})))


RULES_ONLY = {"rules.yaml": """\
    documents:
      - id: rules
        title: Reglas
        sections:
          - {id: intro, title: Introducción, body: Texto.}
    """}


@pytest.mark.parametrize("template, line", [
    ("<html>\n<body>\n{% for x in %}\n</body></html>\n", 3),                 # a syntax error
    ("<html>\n<body>\n<p>{{ game.nonexistent.title }}</p>\n</body></html>\n", 3),   # a name the context lacks
])
def test_a_broken_game_template_is_reported_at_its_line(write_game, tmp_path, template, line):
    folder = write_game(RULES_ONLY)
    (folder / "templates" / "rulebook").mkdir(parents=True)
    (folder / "templates" / "rulebook" / "rules.html.j2").write_text(template, encoding="utf-8")
    result = build(Path("demo"), BuildRequest(only=("rules",), out=tmp_path / "out"))
    found = [d for d in result.diagnostics if d.code == "LAY005"]
    assert found and found[0].span.file.name == "rules.html.j2" and found[0].span.line == line
    assert not (tmp_path / "out" / "demo" / "es" / "rules.pdf").exists()


def test_a_game_template_edited_while_the_tool_runs_is_the_one_printed(write_game):
    """Templates are compiled once per process (`imprenta watch`, `serve`); an edit is seen even when it keeps
    the file's size and modification time."""
    import os

    from generator.render.book.rulebook import render_html, rulebook_context

    folder = write_game(RULES_ONLY)
    template = folder / "templates" / "rulebook" / "rules.html.j2"
    template.parent.mkdir(parents=True)
    edition = Edition(load_game(folder).game, "es")
    for word in ("Primera", "Segunda"):
        template.write_text(f"<html><body><p>{word} {{{{ game.title }}}}</p></body></html>", encoding="utf-8")
        os.utime(template, ns=(10**18, 10**18))
        assert f"<p>{word} " in render_html(edition, rulebook_context(edition, "print", "a4"))


def test_a_game_template_cannot_attach_a_file_from_outside(write_game, tmp_path):
    folder = write_game(RULES_ONLY)
    (folder / "templates" / "rulebook").mkdir(parents=True)
    (folder / "templates" / "rulebook" / "rules.html.j2").write_text(
        '<html><head><link rel="attachment" href="file:///etc/hostname"></head><body>{{ game.title }}</body></html>',
        encoding="utf-8")
    result = build(Path("demo"), BuildRequest(only=("rules",), out=tmp_path / "out"))
    assert [(d.span.line, d.span.column) for d in result.diagnostics if d.code == "SEC004"] == [(1, 13)]
    assert not (tmp_path / "out" / "demo" / "es" / "rules.pdf").exists()
    unchecked = _render_unchecked(folder, "rules").diagnostics
    assert any(d.code == "OUT003" and "file:///etc/hostname" in d.message for d in unchecked)
