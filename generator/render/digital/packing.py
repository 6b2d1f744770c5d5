"""What both digital exports share: their words (`words.module.*`), the tables as HTML charts, and a
reproducible ZIP."""

from __future__ import annotations

import hashlib
import io
import os
import time
import zipfile
from collections.abc import Callable
from html import escape

from generator.derived.unknowns import readable
from generator.render.context import Artifact, Rendered, RenderRequest
from generator.render.digital.board import board_places
from generator.render.digital.contents import Contents, module_contents
from generator.render.digital.images import Pictures, draw_pictures
from generator.render.draw.placeholder import PROOF_INK
from generator.render.edition import Edition
from generator.render.table_view import table_view
from generator.render.wording import section


def export(request: RenderRequest, write: Callable[[Edition, Contents, Pictures], list[Artifact]]) -> Rendered:
    """One digital export: the pictures drawn (none written if a face lost its image), what the module
    holds, then `write`'s files."""
    pictures = draw_pictures(request.edition, request.profile, board_places, reused=request.reused)
    if pictures.failed:
        return Rendered(diagnostics=pictures.diagnostics, failed=True)
    contents = module_contents(request.edition)
    contents.version = request.version or f"0+{_digest(contents, pictures)[:7]}"
    contents.language = request.edition.language
    return Rendered(write(request.edition, contents, pictures), pictures.diagnostics)


def _digest(contents: Contents, pictures: Pictures) -> str:
    """What the module holds, as a digest: a module made of other data or pictures has another version."""
    hasher = hashlib.sha256(repr(contents).encode())
    for key, png in sorted(pictures.faces.items()):
        hasher.update(f"\0{key}\0{len(png)}\0".encode() + png)
    hasher.update(pictures.board or b"")
    return hasher.hexdigest()


def module_words(edition: Edition) -> dict:
    """The module's own words (windows, menus, chart headings): `words.module.*`, translated like every word."""
    return section(edition.words, "module")


PROOF_NUMBER = f'<font color="{PROOF_INK.hex()}"><b>[{{}}]</b></font>'   # a mark in a chart: its number, in proof ink


def charts_html(edition: Edition) -> dict[str, bytes]:
    """charts/<table>.html for every table, in the plain HTML 3.2 that VASSAL's HtmlChart (Swing) shows."""
    said = module_words(edition)
    charts = {}
    for table in edition.game.tables:
        view = table_view(edition, table, said)
        lines = [f"<html><body><h2>{escape(view.title)}</h2>"]
        if view.unknown:                    # the table's mark and "not given in the source", as the book prints it
            lines.append(f"<p>{escape(view.unknown)} <i>{escape(edition.words['proof.not_given'])}</i></p>")
        else:
            lines.append('<table border="1" cellpadding="3">')
            if view.head:
                lines.append("<tr>" + "".join(f"<th>{escape(cell)}</th>" for cell in view.head) + "</tr>")
            lines += ["<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in view.rows]
            lines.append("</table>")
        lines += [f"<p>{escape(value)}: {escape(when)}</p>" for value, when in view.modifiers]
        lines += [f"<p><b>{escape(code)}</b> {escape(text)}</p>" for code, text in view.legend]
        lines.append("</body></html>")
        charts[f"charts/{table.id}.html"] = readable("\n".join(lines), PROOF_NUMBER).encode("utf-8")
    return charts


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """A ZIP of `files` in the order given, every entry dated SOURCE_DATE_EPOCH (or 1980), so the same input
    gives the same bytes. PNGs are stored: they are compressed already."""
    epoch = max(315532800, int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0))
    stamp = time.gmtime(epoch)[:6]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, stamp)
            info.compress_type = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()
