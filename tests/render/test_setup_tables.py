"""Punic Island can be set up from its book as far as the source allows: rule 17 prints each side's table of what
goes where, read here from rules.pdf as a player reads it (column by column), and every count or place the source
does not give is a numbered mark there, listed by `imprenta check` and by the proof sheet at its file and line."""

from __future__ import annotations

import functools
import re
import subprocess
from pathlib import Path

import pytest

from generator.derived.unknowns import unknown_facts
from generator.load import load_game
from generator.render.edition import Edition

GAME = Path(__file__).resolve().parent.parent.parent / "content" / "punic-island"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME).game


@functools.cache
def _pages(pdf: Path) -> tuple[str, ...]:
    """Each page's text in reading order: its left column, then its right one, each line as laid out. poppler
    crops every page to the column asked, so one run per column reads the whole book (pages end in a form feed)."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info)
    width, height = int(float(size.group(1))), int(float(size.group(2)))
    count = int(re.search(r"Pages:\s+(\d+)", info).group(1))

    def column(left: int) -> list[str]:
        text = subprocess.run(["pdftotext", "-layout", "-f", "1", "-l", str(count), "-x", str(left), "-y", "0",
                               "-W", str(width // 2), "-H", str(height), str(pdf), "-"],
                              capture_output=True, text=True, check=True).stdout
        return [page + "\f" for page in text.split("\f")[:count]]
    return tuple(left + right for left, right in zip(column(0), column(width // 2), strict=True))


def _set_up(pdf: Path, e: Edition) -> str:
    """Rule 17 from its heading to its first sub-rule, whitespace collapsed (a wrapped cell goes on after its row)."""
    heading = f"{e.numbers['pi-setup'].number} {e.name('section', 'pi-setup', 'title')}"
    first = f"{e.numbers['pi-setup-place'].number} {e.name('section', 'pi-setup-place', 'title')}"
    lines = "\n".join(_pages(pdf)).splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == heading)    # the rule, not the contents
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == first)
    return " ".join(" ".join(lines[start:end]).split())


@pytest.mark.parametrize("language", ["es", "en"])
def test_each_side_reads_what_goes_where(seed_builds, game, language):
    e = Edition(game, language)
    text = _set_up(seed_builds / "punic-island" / language / "rules.pdf", e)
    rome, carthage = e.name("faction", "rome"), e.name("faction", "carthage")
    assert f" {rome} " in text and f" {carthage} " in text, text[:400]
    roman = text[text.index(f" {rome} "):text.rindex(f" {carthage} ")]
    head = " ".join(e.words[f"setup.{name}"] for name in ("what", "count", "where"))
    assert text.count(head) >= 2                           # one table per side, under its headings
    # Rome's control of Messana and Rhegium: the Roman face of their garrisons, one in each
    roman_garrison = e.words["setup.face"].format(piece=e.name("piece", "garrison"),
                                                  face=e.text("piece.garrison.back.label", "Romana"))
    each = e.words["setup.each"].format(count=1)
    towns = f"{e.name('location', 'messana')}, {e.name('location', 'rhegium')}"
    assert f"{roman_garrison} {each} {towns}" in roman
    # the initiative, said in Rome's words before its table, and the five-card hands of both sides
    assert e.name("term", "initiative", "term").split()[0].lower() in roman.lower()
    for deck in ("roman-deck", "carthaginian-deck"):
        assert f"{e.name('deck', deck)} 5 {e.words['setup.hand']}" in text
    assert f"{e.name('deck', 'roman-deck')} 5 {e.words['setup.hand']}" in roman
    # a Spanish word left in the English set-up
    if language == "en":
        assert not re.search(r"\b(Guarnición|Mazo|mano|resto|Cuántas|Dónde|cartaginés|romano)\b", text), text


def test_every_unknown_placement_is_marked_and_listed_where_it_is_written(seed_builds, game, run_cli):
    facts = [fact for fact in unknown_facts(game) if fact.span and fact.span.file.name == "setup.yaml"]
    counts = [f for f in facts if f.field.startswith("count of ")]
    places = [f for f in facts if f.field.startswith("at of ")]
    assert len(counts) >= 14 and len(places) >= 14          # units, fleets, leaders, resources of both sides
    _, out, err = run_cli(["check", str(GAME), "--select", "UNK001", "--quiet"])
    listing = out + err
    pdf = seed_builds / "punic-island" / "es" / "rules.pdf"
    table = _set_up(pdf, Edition(game, "es"))
    proof = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    spanish = Edition(game, "es")
    for fact in facts:
        place = f"{fact.span.file}:{fact.span.line}"
        assert f"{place}:{fact.span.column}: note[UNK001" in listing, place
        assert re.search(rf"(?<!\d){fact.number}(?!\d)", table), (fact.number, fact.what)
        # the proof sheet's entry, its row whole on one page: the mark's number, the side whose set-up it is (as
        # the book names it, not the step's id), then where it is declared (the path may wrap at its slash)
        side = spanish.name("faction", game.get("setup", re.fullmatch(r"setup '(.+)'", fact.owner).group(1)).side)
        assert re.search(rf"(?<!\d){fact.number}\s+{re.escape(side)}\s+(?:\S*/\s*)?{fact.span.file.name}:"
                         rf"{fact.span.line}(?!\d)", proof), (place, side)
