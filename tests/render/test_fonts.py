"""The metrics files text is measured with must agree with the fonts reportlab embeds."""

import pytest

from generator.render import fonts


@pytest.mark.parametrize("role", sorted(fonts.FONTS))
def test_metrics_file_equals_the_font(role):
    assert fonts.metrics_file(role).exists(), "run python3 -m generator.render.fonts"
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
