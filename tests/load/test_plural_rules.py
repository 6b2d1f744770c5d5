"""A language's plural category (load/words.py) comes from CLDR through Babel: its rule's text is kept in the cache
folder, and a kept rule answers every number as Babel's own locale data does."""

from __future__ import annotations

import json

import pytest
from babel import Locale
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.load import words

LANGUAGES = ["es", "en", "fr", "pl", "ru", "ar", "ga", "pt-BR", "lt", "ja"]


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """An empty cache folder, and no rule remembered by this process."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    words._plural_rule.cache_clear()
    yield tmp_path / "imprenta" / "plural-rules"
    words._plural_rule.cache_clear()


@settings(max_examples=60, deadline=None)
@given(language=st.sampled_from(LANGUAGES), n=st.integers(0, 10_000) | st.sampled_from([0.5, 1.0, 1.5, 2.0, 21.0]))
def test_a_plural_category_is_babels(language, n):
    assert words.plural_category(language, n) == Locale.parse(language.replace("-", "_")).plural_form(n)


def test_a_kept_rule_is_read_back_and_one_that_differs_is_what_answers(kept):
    """The second process reads the rule kept by the first; the kept text is what answers (a rule changed on
    disk answers differently, so the kept one is not merely written)."""
    assert words.plural_category("pl", 5) == "many"
    [entry] = list(kept.iterdir())
    assert json.loads(entry.read_text(encoding="utf-8"))["value"] == dict(Locale.parse("pl").plural_form.rules)
    entry.write_text(json.dumps({"value": {"one": "n is 5"}}), encoding="utf-8")
    words._plural_rule.cache_clear()
    assert words.plural_category("pl", 5) == "one"
