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


def cards(titles: dict[str, str], doubled: bool = True) -> tuple[list, dict]:
    """Poker cards, one face each (the first title's twice when `doubled`: placed as a form) and one back, as
    printing imposes them: several sheets."""
    from generator.render.draw.primitives import Face, Ink, Rect, Text
    from generator.render.sheets.printing import SheetItem

    faces = {f"{key}-front": Face(63, 88, [Rect(2, 2, 59, 84, stroke=Ink(rgb=(0, 0, 0)), stroke_width=0.5),
                                           Text(5, 10, title, "sans-bold", 9), Text(5, 20, f"{key}: {title}", "serif", 7)],
                                  background=Ink(rgb=(1, 1, 0.9)))
             for key, title in titles.items()}
    faces["back"] = Face(63, 88, [Text(20, 44, "Imprenta", "sans", 12)], background=Ink(rgb=(0.2, 0.3, 0.5)))
    items = [SheetItem(key, copy, f"{key}-front", "back", 63, 88)
             for number, key in enumerate(titles) for copy in range(1, 3 if number == 0 and doubled else 2)]
    return items, faces


def printed(titles: dict[str, str], keep: bool = True, doubled: bool = True) -> bytes:
    from generator.render.sheets.printing import SheetText, print_sheets
    from generator.render.wording import Words

    items, faces = cards(titles, doubled)
    words = Words("en", {"cards": "cards", "sheet": "sheet", "front": "front", "back": "back", "fold": "fold",
                         "ruler": "{length} mm"})
    return print_sheets(items, faces, PrintProfile(), 0.0, "cards.pdf", SheetText("Demo", "", "cards", words),
                        keep).pdf


TITLES = {f"card-{number}": f"Card {number}" for number in range(1, 22)}      # three sheets, fronts and backs


@pytest.fixture
def placed(monkeypatch) -> list[str]:
    """The faces drawn on a sheet's pages (not taken with a kept page)."""
    from generator.render.paper.pdf_canvas import SheetWriter

    drawn, place = [], SheetWriter.place
    monkeypatch.setattr(SheetWriter, "place", lambda self, face, *rest, **named: drawn.append(face.texts()[0])
                        or place(self, face, *rest, **named))
    return drawn


def test_after_one_cards_edit_only_its_page_is_drawn_and_the_sheets_are_the_drawn_ones(
        cache, placed, tmp_path, monkeypatch):
    first = printed(TITLES)
    assert printed(TITLES, keep=False) == first
    placed.clear()
    assert printed(TITLES) == first and placed == []
    edited = TITLES | {"card-12": "Card 112"}               # on the second sheet's front, in characters printed
    again = printed(edited)
    assert "Card 112" in placed                             # its page, but not its back page nor the other sheets
    assert not {"Card 1", "Card 21", "Imprenta"} & set(placed)
    with monkeypatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path / "cold"))
        assert printed(edited) == again == printed(edited, keep=False)


def test_a_sheets_later_pages_are_drawn_again_when_an_edit_asks_the_fonts_for_a_new_character(cache, placed):
    """The edited card's text has a character no page had printed: every later page writes its text with other
    codes (kept_pages's state), so none is taken as kept."""
    printed(TITLES)
    placed.clear()
    edited = TITLES | {"card-12": "Card ẞŋ"}                 # on the second sheet
    again = printed(edited)
    assert "Card 21" in placed and "Card 1" not in placed   # the third sheet drawn again, the first kept
    assert again == printed(edited, keep=False)


def test_kept_pages_print_in_a_process_that_has_not_drawn_with_their_fonts_yet(cache, placed, monkeypatch):
    """A second build is a new process: the serif font the kept pages print with was never drawn with there, so
    reportlab does not know it until the pages register it (a KeyError for 'Imprenta-serif' before). No card is
    doubled: a form is drawn on every build, and would register the font itself."""
    from reportlab.pdfbase import pdfmetrics

    from generator.render.draw import fonts

    first = printed(TITLES, doubled=False)
    monkeypatch.setattr(pdfmetrics, "_fonts", {name: font for name, font in pdfmetrics._fonts.items()
                                               if name != "Imprenta-serif"})
    fonts.registered.cache_clear()
    placed.clear()
    assert printed(TITLES, doubled=False) == first and "Card 1" not in placed
