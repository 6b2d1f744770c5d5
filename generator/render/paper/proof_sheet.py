"""The proof sheet that ends a sheet PDF (counters, cards, map): one row per placeholder mark, with the
mark itself, what it stands for, where the content declares it and why it is unknown; laid out by
proof_table.py, or taken as it was laid out last (kept_pages)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.render.paper.kept_pages import kept_pages

if TYPE_CHECKING:
    from generator.render.paper.pdf_canvas import SheetWriter


def proof_pages(writer: SheetWriter, entries, said: dict) -> None:
    """Add the proof sheet's pages to the writer (as many as the entries need), each with the proof slug: drawn,
    or as they were drawn last from the same entries, words and sheet (kept_pages)."""
    if not entries:
        return
    inputs = repr((list(entries), sorted(said.items()), writer.profile.model_dump_json(), writer.trim_width,
                   writer.trim_height, writer.offset, writer.proof))
    kept_pages(writer, inputs, lambda: _drawn(writer, entries, said))


def _drawn(writer: SheetWriter, entries, said: dict) -> None:
    from generator.render.paper.proof_table import proof_table

    proof_table(writer, entries, said)
