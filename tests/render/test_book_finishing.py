"""What a reader of the printed rulebook notices: the running head names the chapter in force at the top of the
page (not one that starts at its foot), and no glossary term ends a column without its definition."""

from __future__ import annotations

import re
import subprocess

import pytest

from generator.load import load_game
from generator.pipeline import BuildRequest, build
from generator.render.book.rulebook import render_html, rulebook_context, typeset
from generator.render.edition import Edition

LINE = "Cada unidad mueve una vez por turno y combate al final de su movimiento si hay enemigos al lado."


def _chapter(number: int, paragraphs: int, uses: str = "") -> str:
    body = "\n\n".join(f"{LINE} ({number}.{i}){uses if i < 2 else ''}" for i in range(paragraphs))
    return (f"      - id: c{number}\n        title: Capítulo {number}\n        body: |\n" +
            "".join(f"          {line}\n" for line in body.splitlines()))


def _terms(count: int) -> str:
    return "terms:\n" + "".join(
        f"  - {{id: t{i}, term: Término número {i}, definition: \"{LINE} {LINE[:40 + i % 30]}.\"}}\n"
        for i in range(count))


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("finish") / "demo"
    folder.mkdir()
    (folder / "game.yaml").write_text("game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es]\n",
                                      encoding="utf-8")
    uses = " ".join(f"{{term:t{i}}}" for i in range(60))
    rules = ("documents:\n  - id: r\n    title: Reglas\n    sections:\n" + _chapter(1, 41, " {term:t0} {term:t1}") +
             _chapter(2, 83) + _chapter(3, 57, " {term:t0}") + f"      - {{id: c4, title: Capítulo 4, body: \"{uses}\"}}\n")
    (folder / "rules.yaml").write_text(rules + _terms(60), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def printed(game) -> str:
    """The text of the built rules.pdf, page by page (form feeds), as poppler reads it."""
    built = build(game, BuildRequest(only=("rules",), out=game.parent / "out"))
    return subprocess.run(["pdftotext", str(built.folders[0] / "rules.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_the_running_head_names_the_chapter_in_force_at_the_top_of_the_page(printed):
    pages = printed
    in_force, checked, started_mid_page = None, 0, 0
    for page in pages.split("\f")[2:]:               # after the cover and the contents
        lines = [line for line in page.splitlines() if line.strip()]
        headings = [line for line in lines[1:] if line[:1].isdigit() and " Capítulo " in line]
        if lines and " Capítulo " in lines[0]:        # a page of the rules (the book title heads the first)
            expected = lines[1] if lines[1] in headings else in_force
            assert lines[0] == expected, page[:300]
            checked += 1
        started_mid_page += bool(headings and headings[0] != lines[1])
        in_force = headings[-1] if headings else in_force
    assert checked >= 4 and started_mid_page >= 2     # chapters did start at the foot of some pages


def test_no_glossary_term_ends_a_column_without_its_definition(game):
    edition = Edition(load_game(game).game, "es")
    document, _ = typeset(render_html(edition, rulebook_context(edition, "print", "a4")), game)
    stranded, terms = [], 0

    def boxes(box):
        for child in getattr(box, "children", None) or []:
            yield child
            yield from boxes(child)

    for number, page in enumerate(document.pages, 1):
        placed = [(b.element_tag, b.position_x, b.position_y) for b in boxes(page._page_box)
                  if getattr(b, "element_tag", None) in ("dt", "dd") and type(b).__name__ == "BlockBox"]
        for index, (tag, x, y) in enumerate(placed):
            if tag == "dt":
                terms += 1
                following = placed[index + 1] if index + 1 < len(placed) else None
                if following is None or following[0] != "dd" or abs(following[1] - x) > 20:
                    stranded.append((number, y))
    assert terms >= 50 and stranded == []


def test_the_glossary_lists_each_page_once_with_the_page_word_its_count_asks(printed):
    glossary = " ".join(printed[printed.index("\nGlosario\n"):].split())
    pages = dict(re.findall(r"Término número (\d+) .*?\b(págs?\. \d+(?:, \d+)*)", glossary))
    # t1: twice on p. 3 and once in chapter 4 → two pages; t0: also in chapter 3 → three
    assert re.fullmatch(r"págs\. 3, \d+", pages["1"]) and re.fullmatch(r"págs\. 3, \d+, \d+", pages["0"]), pages
    for found in pages.values():
        numbers = re.findall(r"\d+", found)
        assert len(set(numbers)) == len(numbers) and found.startswith("págs." if len(numbers) > 1 else "pág. ")
