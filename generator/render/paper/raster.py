"""PNG images of single faces, cut from the rendered sheets, so they match the PDF pixel for pixel.

Digital play modules (Vassal, Tabletop Simulator) want one image per counter
side or card face; rendering each sheet once with PDFium and cropping is both
faster and more faithful than drawing every face again.
"""

from __future__ import annotations

import io

import pypdfium2 as pdfium

from generator.render.paper.imposition import Placement


def face_images(pdf: bytes, wanted: dict[str, tuple[int, Placement]], dpi: int, page_offset: float,
                ) -> dict[str, bytes]:
    """face key → PNG bytes of the face's trim, from the page and placement where it first appears."""
    document = pdfium.PdfDocument(pdf)
    scale = dpi / 72
    px_per_mm = dpi / 25.4
    by_page: dict[int, list[tuple[str, Placement]]] = {}
    for key, (page, placement) in wanted.items():
        by_page.setdefault(page, []).append((key, placement))
    images = {}
    try:
        for page_index, faces in sorted(by_page.items()):
            page = document[page_index]
            height_mm = page.get_height() / 72 * 25.4
            bitmap = page.render(scale=scale, may_draw_forms=False)
            picture = bitmap.to_pil()
            for key, placement in faces:
                left = (page_offset + placement.x) * px_per_mm
                top = (height_mm - page_offset - placement.y - placement.h) * px_per_mm
                box = (round(left), round(top), round(left + placement.w * px_per_mm),
                       round(top + placement.h * px_per_mm))
                buffer = io.BytesIO()
                picture.crop(box).save(buffer, "PNG", dpi=(dpi, dpi))
                images[key] = buffer.getvalue()
            page.close()
    finally:
        document.close()
    return images
