"""The metrics files text is measured with must agree with the fonts reportlab embeds."""

import pytest

from generator.render.draw import fonts


@pytest.mark.parametrize("role", sorted(fonts.FONTS))
def test_metrics_file_equals_the_font(role):
    assert fonts.metrics_file(role).exists(), "run python3 -m generator.render.draw.fonts"
    recorded, measured = fonts.metrics(role), fonts.measured_metrics(role)
    assert recorded.widths == measured.widths
    assert recorded.default_width == measured.default_width
    assert recorded.cap_height == measured.cap_height


def test_a_stale_metrics_file_is_not_trusted(tmp_path, monkeypatch):
    stale = tmp_path / "metrics.json"
    stale.write_text('{"font_bytes": 1, "units_per_em": 2048, "default_width": 0, "cap_height": 0,'
                     ' "ranges": [[65, 1]], "advances": [0]}')
    monkeypatch.setattr(fonts, "metrics_file", lambda role: stale)
    fonts.metrics.cache_clear()
    try:
        assert fonts.metrics("sans").widths == fonts.measured_metrics("sans").widths
    finally:
        fonts.metrics.cache_clear()


def test_width_counts_every_character():
    one = fonts.width_mm("M", "sans", 10)
    assert one > 0
    assert fonts.width_mm("MMM", "sans", 10) == pytest.approx(3 * one)
    assert fonts.width_mm("M", "sans", 20) == pytest.approx(2 * one)
    assert fonts.missing_glyphs("Añ€\u4e2d", "sans") == ["\u4e2d"]


def _pdf_printed_with(font) -> bytes:
    from io import BytesIO

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    pdfmetrics.registerFont(font)
    out = BytesIO()
    page = Canvas(out, invariant=1)
    page.setFont(font.fontName, 12)
    page.drawString(20, 20, "Cañón 4-3 G3 F2 B4 €")
    page.save()
    return out.getvalue()


def test_a_font_read_from_the_cache_prints_the_same_bytes(tmp_path, monkeypatch):
    from reportlab.pdfbase import ttfonts

    from generator.render.draw import font_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parsed = font_cache.parsed_font("Cache-test", fonts.font_file("sans-bold"))
    assert [entry.suffix for entry in font_cache.cache_folder("fonts").iterdir()] == [".pickle"]
    monkeypatch.setattr(ttfonts.TTFont, "__init__", lambda *args, **kwargs: pytest.fail("parsed again"))
    cached = font_cache.parsed_font("Cache-test", fonts.font_file("sans-bold"))
    assert cached is not parsed
    assert cached.face.charWidths == parsed.face.charWidths
    assert _pdf_printed_with(cached) == _pdf_printed_with(parsed)


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_cache_entry_is_parsed_again_and_replaced(tmp_path, monkeypatch, damage):
    from generator.render.draw import font_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    fresh = font_cache.parsed_font("Cache-test", fonts.font_file("sans"))
    [entry] = font_cache.cache_folder("fonts").iterdir()
    entry.write_bytes(b"not a pickle" if damage == "garbage" else entry.read_bytes()[:5000])
    again = font_cache.parsed_font("Cache-test", fonts.font_file("sans"))
    assert again.face.charWidths == fresh.face.charWidths
    assert font_cache.parsed_font("Cache-test", fonts.font_file("sans")).face.numGlyphs == fresh.face.numGlyphs
    assert entry.stat().st_size > 5000                       # rewritten whole


def test_no_writable_cache_folder_only_means_parsing(tmp_path, monkeypatch):
    from generator.render.draw import font_cache

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    font = font_cache.parsed_font("Cache-test", fonts.font_file("serif"))
    assert font.face.numGlyphs > 1000
    assert list(tmp_path.iterdir()) == [blocker]
