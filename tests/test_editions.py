"""A publisher prints Mar y Acero, then corrects it: one section's text edited, a section inserted before
another (which is renumbered), one table row and one counter's value changed. `build --since` the first
commit marks exactly those in the rules and lists them in an errata whose pages are the new rulebook's,
with a reprint sheet holding only the changed counter."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy
import pypdfium2
import pytest
from pypdf import PdfReader

from generator.i18n.files import stamp
from generator.load import load_game
from generator.pipeline import BuildRequest, build

SEED = Path(__file__).resolve().parent.parent / "content" / "mar-y-acero"
BAR = (0x1F, 0x5F, 0xA8)       # the change marks' blue (changes.css.j2)
EDITS = [   # (file, old, new): the four edits of the second edition, in both languages
    ("rules.yaml", "Con 15 PV o más vence", "Con 16 PV o más vence"),
    ("i18n/en.yaml", "look at the VP marker. With 15 VP or more", "look at the VP marker. With 16 VP or more"),
    ("rules.yaml", "      - id: components\n        title: Componentes del juego\n",
     "      - id: game-length\n        title: Duración de la partida\n        body: |\n"
     "          Una partida dura seis turnos.\n      - id: components\n        title: Componentes del juego\n"),
    ("i18n/en.yaml", "  section.components.title:\n",
     "  section.game-length.title: Length of a game\n  section.game-length.body: |\n    A game lasts six turns.\n"
     "  section.components.title:\n"),
    ("tables.yaml", "{key: 17-18, result: Victoria española importante}", "{key: 17-18, result: Victoria española notable}"),
    ("i18n/en.yaml", "    text: Major Spanish victory\n", "    text: Notable Spanish victory\n"),
    ("pieces.yaml", "symbol: cavalry\n    faction: spanish\n    copies: 7\n    tags: [spanish-units, soldiers]\n"
     "    front: {label: Fuerza completa, color: spanish-yellow, values: {attack: {unknown: \"impreso solo en el arte "
     "del marcador\"}", "symbol: cavalry\n    faction: spanish\n    copies: 7\n    tags: [spanish-units, soldiers]\n"
     "    front: {label: Fuerza completa, color: spanish-yellow, values: {attack: 3"),
]
MARKED = {"sections": {"victory-conditions": "changed", "game-length": "new"}, "tables": {"victory-levels"}}


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=Editor", "-c", "user.email=e@example.org", *args], cwd=folder,
                          check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def second_edition(tmp_path_factory):
    """Both commits, and one build since the first: rules (with errata), living rules, counters."""
    root = tmp_path_factory.mktemp("editions")
    game = root / "mar-y-acero"
    shutil.copytree(SEED, game)
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "first printing")
    first = git(root, "rev-parse", "HEAD").strip()
    for name, old, new in EDITS:
        text = (game / name).read_text(encoding="utf-8")
        assert text.count(old) == 1, (name, old)
        (game / name).write_text(text.replace(old, new), encoding="utf-8")
    stamp(load_game(game).game, "en", True)            # the translator brought the overlay up to date
    git(root, "commit", "-qam", "second edition")
    out = root / "out"
    built = build(game, BuildRequest(only=("rules", "html", "counters"), formats=frozenset({"pdf"}), out=out,
                                     since=first))
    assert [d for d in built.diagnostics if d.severity.name == "ERROR"] == []
    return {"game": game, "out": out / "mar-y-acero", "root": root}


def manifest(edition, language: str) -> dict:
    return json.loads((edition["out"] / language / "manifest.json").read_text(encoding="utf-8"))


def section_page(edition, language: str, section_id: str) -> int:
    return next(p["page"] for p in manifest(edition, language)["placements"]
                if p.get("output") == "rules.pdf" and p.get("id") == section_id)


@pytest.mark.parametrize("language", ["es", "en"])
def test_exactly_the_edited_inserted_and_table_are_marked_in_the_living_rules(second_edition, language):
    html = (second_edition["out"] / language / "rules.html").read_text(encoding="utf-8")
    sections = dict(re.findall(r'<section class="section[^"]*? change-(\w+)[^"]*" id="sec-([\w-]+)"', html))
    assert {section: status for status, section in sections.items()} == MARKED["sections"]
    tables = set(re.findall(r'<figure class="table[^"]* changed-block" id="table-([\w-]+)"', html))
    assert tables == MARKED["tables"]
    # `components` moved from 3 to 4 (and everything after it): renumbered, not marked
    numbers = {p["id"]: p["number"] for p in manifest(second_edition, language)["placements"]
               if p.get("output") == "rules.pdf"}
    assert numbers["components"] == "4" and numbers["end-of-game"] == "5.6"
    assert 'id="sec-components"' in html and "change-" not in re.search(r'<section class="([^"]*)" id="sec-components"',
                                                                          html).group(1)
    # the block that changed is barred, not the whole section: the list holding the edited line
    barred = re.findall(r'<(\w+) class="changed-block">(.*?)</\1>', html, re.S)
    assert len(barred) == 1 and barred[0][0] == "ul" and ("16 PV" in barred[0][1] or "16 VP" in barred[0][1])
    listed = re.search(r'<nav class="changes" id="changes">(.*?)</nav>', html, re.S).group(1)
    assert re.findall(r'href="#([\w-]+)"', listed) == ["sec-victory-conditions", "sec-game-length",
                                                      "table-victory-levels"]


@pytest.mark.parametrize("language", ["es", "en"])
def test_change_bars_are_drawn_on_the_pages_where_the_changes_land_and_nowhere_else(second_edition, language):
    pdf = second_edition["out"] / language / "rules.pdf"
    reader = PdfReader(pdf)
    table_page = reader.get_destination_page_number(reader.named_destinations["table-victory-levels"]) + 1
    expected = {2, section_page(second_edition, language, "victory-conditions"),    # 2: the contents
                section_page(second_edition, language, "game-length"), table_page}
    document = pypdfium2.PdfDocument(str(pdf))
    barred = set()
    for index in range(len(document)):            # at 100 dpi a 1.6 pt bar is two pixels of its full colour
        pixels = numpy.asarray(document[index].render(scale=100 / 72).to_pil().convert("RGB"), dtype=int)
        if (abs(pixels - BAR) < 24).all(axis=2).sum() > 50:
            barred.add(index + 1)
    assert barred == expected


def printed_lines(pdf: Path) -> list[str]:
    """Each line of each page as a reader sees it, left to right (a badge or a page number floated to the
    right of a heading is on the heading's line)."""
    lines = []
    for page in PdfReader(pdf).pages:
        rows: dict[float, list] = {}

        def visit(text, cm, tm, font, size, rows=rows):     # this page's rows
            if text.strip():
                y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
                row = next((known for known in rows if abs(known - y) <= 3), y)
                rows.setdefault(row, []).append((cm[0] * tm[4] + cm[2] * tm[5] + cm[4], text.strip()))

        page.extract_text(visitor_text=visit)
        lines += [" ".join(text for _, text in sorted(rows[y])) for y in sorted(rows, reverse=True)]
    return lines


@pytest.mark.parametrize("language,words", [
    ("es", ("Fe de erratas", "pág.", "Condiciones de victoria", "Duración de la partida", "Niveles de victoria",
            "Jinete")),
    ("en", ("Errata", "p.", "Victory conditions", "Length of a game", "Victory levels", "Horseman"))])
def test_the_errata_gives_each_change_at_its_page_in_the_new_rulebook(second_edition, language, words):
    title, page_word, edited, inserted, table, counter = words
    lines = printed_lines(second_edition["out"] / language / "errata.pdf")
    assert lines[0].startswith(title)
    pages = {}
    for line in lines:
        found = re.search(rf"{re.escape(page_word)}\xa0(\d+)", line)
        if found:
            pages[re.sub(rf"{re.escape(page_word)}\xa0\d+", "", line).strip()] = int(found.group(1))
    rules = PdfReader(second_edition["out"] / language / "rules.pdf")
    table_page = rules.get_destination_page_number(rules.named_destinations["table-victory-levels"]) + 1
    changed, new = ("MODIFICADO", "NUEVO") if language == "es" else ("CHANGED", "NEW")
    assert pages == {f"2 {edited} {changed}": section_page(second_edition, language, "victory-conditions"),
                     f"3 {inserted} {new}": section_page(second_edition, language, "game-length"),
                     f"{table} {changed}": table_page}
    text = "\n".join(lines)
    assert any(re.search(r"\b15\b.*\bturn", line) for line in lines)     # the old words left, the new right
    assert any(re.search(r"\b15\b.*\b16\b", line) for line in lines)
    assert re.search(rf"{counter} rider .* 7 {changed}", text)        # the one counter, its 7 copies
    for untouched in ("Arcabucero", "Arquebusier", "components-map", "Componentes", "Game components"):
        assert untouched not in text


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_reprint_sheet_holds_every_copy_of_the_changed_counter_and_nothing_else(second_edition, language):
    placed = [p for p in manifest(second_edition, language)["placements"] if p.get("output") == "counters-reprint.pdf"]
    assert {p["piece"] for p in placed} == {"rider"}
    assert sorted(p["copy"] for p in placed if p["side"] == "front") == list(range(1, 8))
    reader = PdfReader(second_edition["out"] / language / "counters-reprint.pdf")
    fronts = reader.pages[0].extract_text()
    assert fronts.count("Jinete" if language == "es" else "Horseman") == 7


def test_without_since_the_same_build_marks_nothing_and_writes_no_errata(second_edition):
    out = second_edition["root"] / "plain"
    built = build(second_edition["game"], BuildRequest(only=("html", "counters"), languages=("es",),
                                                       formats=frozenset({"pdf"}), out=out))
    assert built.folders
    folder = out / "mar-y-acero" / "es"
    assert sorted(p.name for p in folder.iterdir()) == ["counters.pdf", "manifest.json", "rules.html"]
    html = (folder / "rules.html").read_text(encoding="utf-8")
    assert "changed-block" not in html and "change-tag" not in html and 'class="changes"' not in html
    stamped = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["version"]
    assert re.fullmatch(r"[0-9a-f]{7}", stamped)            # no tag, no version field: the last commit
    assert f"versión {stamped}" in html
    assert f"versión {stamped}" in PdfReader(folder / "counters.pdf").pages[0].extract_text()


def test_a_version_given_in_the_content_is_printed_on_every_sheet_and_recorded(write_game, tmp_path):
    folder = write_game({
        "game.yaml": """\
            game:
              id: demo
              title: Demo
              version: "1.1"
              source_language: es
              languages: [es]
            piece_kinds:
              - {id: legion, name: Legión, symbol: infantry, size: "0.5in"}
            pieces:
              - {id: legion, name: Legión, kind: legion, copies: 2}
            documents:
              - id: rules
                title: Reglas
                sections:
                  - {id: intro, title: Introducción, body: "Un juego corto."}
            """})
    out = tmp_path / "out"
    built = build(folder, BuildRequest(only=("counters", "rules"), formats=frozenset({"pdf"}), out=out))
    assert built.folders
    target = out / "demo" / "es"
    assert json.loads((target / "manifest.json").read_text(encoding="utf-8"))["version"] == "1.1"
    assert PdfReader(target / "counters.pdf").pages[0].extract_text().rstrip().endswith("anversos · versión 1.1")
    rules = PdfReader(target / "rules.pdf")
    assert "versión 1.1" in rules.pages[0].extract_text()                    # the cover
    assert all("versión 1.1" in page.extract_text() for page in rules.pages[1:])   # every page's footer
