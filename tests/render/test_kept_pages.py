"""Pages kept from one build to the next (render/paper/kept_pages.py): the proof sheet ending a sheet PDF is taken
from the user's cache only when the same drawing would add the same bytes, and the PDF is then byte for byte the
one drawing it writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.render.paper import kept_pages
from generator.render.paper.pdf_canvas import SheetWriter
from generator.render.paper.profiles import PrintProfile
from generator.render.proofing import ProofEntry

SAID = {"title": "Proof sheet", "intro": "Facts to be supplied.", "mark": "Mark", "what": "Stands for",
        "where": "Declared at", "why": "Why unknown", "assumed": "laid out as {value} meanwhile"}


def entries(count: int, why: str = "not in the source") -> list[ProofEntry]:
    return [ProofEntry(number, "", f"card {number}", f"content/demo/cards.yaml:{number} · text", why, "")
            for number in range(1, count + 1)]


def sheet(listed: list[ProofEntry], before: str = "Sheet 1", profile: PrintProfile | None = None) -> bytes:
    """A sheet PDF as printing.print_sheets ends one: a page of pieces (here a line of `before`), then the proof
    sheet."""
    from generator.render.draw.fonts import registered
    from generator.render.paper.proof_sheet import proof_pages

    writer = SheetWriter(profile or PrintProfile(), "Demo — cards", "", "cards", proof="PROOF · 1 fact missing")
    writer.canvas.setFont(registered("sans"), 9)
    writer.canvas.drawString(40, 40, before)
    writer.finish_page([], "Demo · cards · sheet 1/1", None, "", marked=True)
    proof_pages(writer, listed, SAID)
    return writer.getvalue()


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "imprenta" / "sheet-pages"


@pytest.fixture
def drawn(monkeypatch) -> list[int]:
    """How many proof sheets were laid out (not taken as kept)."""
    from generator.render.paper import proof_sheet

    laid_out, draw = [], proof_sheet._drawn
    monkeypatch.setattr(proof_sheet, "_drawn", lambda writer, listed, said: laid_out.append(len(listed))
                        or draw(writer, listed, said))
    return laid_out


def fresh(monkeypatch, tmp_path, name: str, *args, **kwargs) -> bytes:
    """The PDF drawn from an empty cache."""
    with monkeypatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path / name))
        return sheet(*args, **kwargs)


def test_a_kept_proof_sheet_is_the_drawn_one_byte_for_byte(cache, drawn, tmp_path, monkeypatch):
    listed = entries(120)                                  # three pages of table
    first = sheet(listed)
    assert drawn == [120] and len(list(cache.iterdir())) == 1
    assert sheet(listed) == first and drawn == [120]       # taken as kept, not laid out again
    assert fresh(monkeypatch, tmp_path, "cold", listed) == first


@pytest.mark.parametrize("change", ["entries", "fonts", "profile"])
def test_a_proof_sheet_is_laid_out_again_when_what_it_draws_or_where_it_starts_changed(
        change, cache, drawn, tmp_path, monkeypatch):
    """Kept under the entries, the words and the sheet, and under the document's state where it starts: the page
    before it asked the fonts for a character they had not printed (reportlab numbers each font's characters in
    the order they are first asked for, so every later page's text is written with other codes)."""
    listed = entries(40)
    sheet(listed)
    changed = {"entries": ((entries(40, "lost in the fire"),), {}),
               "fonts": ((listed,), {"before": "Sheet 1 · Żółw ŋ ẞ"}),
               "profile": ((listed,), {"profile": PrintProfile(paper="letter")})}[change]
    again = sheet(*changed[0], **changed[1])
    assert len(drawn) == 2                                  # laid out again, not taken as kept
    assert again == fresh(monkeypatch, tmp_path, "cold", *changed[0], **changed[1])
    assert sheet(*changed[0], **changed[1]) == again and len(drawn) == 3     # kept now (the third: the cold one)


def test_pages_whose_drawing_added_an_object_are_never_kept(cache, tmp_path):
    """A drawing that added an object of its own to the document (here a spot colour) cannot be added again as
    it was: its pages are drawn every time."""
    from reportlab.lib.colors import CMYKColorSep

    writer = SheetWriter(PrintProfile(), "Demo", "", "cards")

    def draw() -> None:
        writer.canvas.setFillColor(CMYKColorSep(0, 1, 0, 0, spotName="Die"))
        writer.canvas.rect(10, 10, 20, 20, fill=1)
        writer.finish_page([], "", None, "")

    kept_pages.kept_pages(writer, "spot", draw)
    assert writer.pages == 1 and not cache.exists()
