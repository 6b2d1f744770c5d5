"""Each file's proof is its own: the slug counts, and the proof sheet lists, exactly the marks (and seals) that
file prints — the counters PDF lists the counter marks, not the whole game's — and a file that prints none
carries neither slug nor sheet. A release of a sheet (`--only counters --release`) asks at least those facts.

Read back from every PDF and the living rules of the seed games (`seed_builds`, tests/conftest.py): the numbers
drawn in proof magenta before the sheet, against the numbers the sheet lists (poppler's pdftohtml gives each
text's colour)."""

from __future__ import annotations

import functools
import re
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from generator.derived.unknowns import facts_printed_by, unknown_facts
from generator.load import load_game
from tests.render.test_proof import GAMES, LANGUAGES, ROOT, _editions, _sheet_start, pdf_pages, places

COMPONENT = {"counters.pdf": "counters", "cards.pdf": "cards", "map.pdf": "map", "map-tiles.pdf": "map"}
SEAL_TITLE = {"en": "Reconstructed by the editor: facts to be confirmed",
              "es": "Reconstruido por el editor: datos por confirmar"}
SLUG = re.compile(r"^(?:PROOF|PRUEBA) · (?:faltan? )?(\d+) (?:facts?|datos?) ?(missing|reconstructed|reconstruidos?)?$")


def _proof_ink(colour: str) -> bool:
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return abs(red - 204) < 5 and green < 20 and abs(blue - 115) < 6


@functools.cache
def ink_words(pdf: Path) -> tuple[tuple[str, ...], ...]:
    """Per page, the texts drawn in proof magenta (#cc0d73): mark and seal numbers, the slug, the sheet's titles."""
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", str(pdf)], capture_output=True, text=True,
                         check=True).stdout
    colours, pages = {}, []
    for page in ElementTree.fromstring(xml).iter("page"):
        colours.update({spec.get("id"): spec.get("color") for spec in page.iter("fontspec")})
        pages.append(tuple(" ".join("".join(text.itertext()).split()) for text in page.iter("text")
                           if _proof_ink(colours.get(text.get("font"), "#000000"))))
    return tuple(pages)


def _numbers(words) -> set[int]:
    return {int(word) for word in words if word.isdigit()}


@functools.cache
def game_facts(game: str):
    return unknown_facts(load_game(ROOT / "content" / game).game)


@functools.cache
def fact_places(game: str) -> dict[int, tuple[str, int]]:
    return {fact.number: (Path(str(fact.span.file)).name.replace("-", ""), fact.span.line)
            for fact in game_facts(game)}


@pytest.mark.parametrize("game", GAMES)
def test_each_pdfs_proof_sheet_lists_exactly_the_marks_it_prints(seed_builds, game):
    files = 0
    for language, folder in _editions(seed_builds, game):
        for pdf in sorted(folder.glob("*.pdf")):
            files += 1
            texts, inks = list(pdf_pages(pdf)), ink_words(pdf)
            start = _sheet_start(texts, language)
            printed = _numbers(word for page in inks[:start] for word in page)
            sheet = [word for page in inks[start:] for word in page]
            seals_at = sheet.index(SEAL_TITLE[language]) if SEAL_TITLE[language] in sheet else len(sheet)
            marks, seals = _numbers(sheet[:seals_at]), _numbers(sheet[seals_at:])
            where = f"{language}/{pdf.name}"
            assert printed == marks | seals, f"{where}: prints {sorted(printed - marks - seals)[:5]} unlisted, " \
                                             f"lists {sorted((marks | seals) - printed)[:5]} it does not print"
            assert (start < len(texts)) == bool(printed), f"{where}: a proof sheet only where a mark is printed"
            slugs = {word for page in inks for word in page if SLUG.match(word)}
            counts = {int(SLUG.match(word).group(1)) for word in slugs}
            assert counts == ({len(marks) or len(seals)} if printed else set()), f"{where}: slugs {slugs}"
            component = COMPONENT.get(pdf.name)
            if component:                  # what a release of this component asks (checks/unknowns.py) covers it
                asked = {fact.number for fact in facts_printed_by(game_facts(game), (component,))}
                assert marks <= asked, f"{where}: a release of {component} would not ask {sorted(marks - asked)[:5]}"
            text = "\n".join(texts[start:]).split(SEAL_TITLE[language])[0]
            assert places(text) == sorted(fact_places(game)[n] for n in marks), f"{where}: the places listed"
    assert files >= 2 * len(LANGUAGES)


@pytest.mark.parametrize("game", GAMES)
def test_the_living_rules_list_exactly_the_marks_they_print(seed_builds, game):
    for language, folder in _editions(seed_builds, game):
        page = (folder / "rules.html").read_text(encoding="utf-8")
        body, _, sheet = page.partition('id="proof-sheet"')
        printed = {int(n) for n in re.findall(r'data-unknown="(\d+)"', body)}
        printed |= {int(n) for found in re.findall(r'data-marks="([\d ]+)"', body) for n in found.split()}
        listed = {int(n) for n in re.findall(r'data-unknown="(\d+)"', sheet)}
        assert printed == listed, f"{language}: {sorted(printed ^ listed)[:5]}"
