"""The check's quicker ways to the same answers (issue 38): each gives, for any input, what the plain way gave."""

from __future__ import annotations

import html
import re

import shapely
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import box

from generator.checks import references, translations
from generator.derived.outlines import _most_of
from generator.derived.references import strip_tokens
from generator.render import glyphs

# letters, digits, apostrophes, blanks, punctuation, an entity's pieces and a character outside the fonts
TEXT = st.text(alphabet="ab9’' \n\t.,{}:;&#x5;回", max_size=80)


@given(TEXT, st.integers(0, 90), st.sampled_from([1, 3, 256]))
def test_the_word_before_a_token_is_the_one_a_search_of_the_whole_text_finds(text, end, look_back):
    end = min(end, len(text))
    plain = re.compile(r"(?:^|(?<=[^\w'’]))(\w+['’]?)\s*$").search(text[:end])
    references._LOOK_BACK, kept = look_back, references._LOOK_BACK
    try:
        quick = references._word_before(text, end)
    finally:
        references._LOOK_BACK = kept
    assert (quick and (quick.group(1), quick.start(1))) == (plain and (plain.group(1), plain.start(1)))


@given(TEXT)
def test_the_numbers_a_text_states_are_those_the_look_behind_found(text):
    plain = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)?(?!\d)")
    translations._numbers.cache_clear()
    assert translations._numbers(text) == tuple(sorted(
        n.replace(",", ".") for n in plain.findall(strip_tokens(text))))


@given(TEXT, st.frozensets(st.sampled_from("a\n 回"), max_size=2))
def test_the_characters_no_font_prints_are_those_looked_at_one_by_one(text, left_out):
    covered = frozenset(text) - left_out          # most of the text's characters printable, some not
    seen = dict.fromkeys(html.unescape(text) if "&" in text else text)
    assert glyphs._unprintable(text, covered) == [
        char for char in seen if char not in covered and not char.isspace() and not glyphs._invisible(char)]


BOX = st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(1, 8), st.integers(1, 8))


@given(st.lists(BOX, min_size=1, max_size=8), BOX)
def test_the_piece_of_land_holding_most_of_a_region_is_the_one_every_piece_intersected_gives(pieces, part):
    lands = [box(x, y, x + w, y + h) for x, y, w, h in pieces]
    region = box(part[0], part[1], part[0] + part[2], part[1] + part[3]).buffer(0.5)
    assert _most_of(region, lands, shapely.bounds(lands).tolist()) == max(
        range(len(lands)), key=lambda index: lands[index].intersection(region).area)
