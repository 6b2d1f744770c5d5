"""The words Imprenta itself prints (footers, legends, "p.", the calibration sheet), in an edition's language.

They live in templates/words/<lang>.yaml and, for a game, in its translation file under `words.<name>`
(generator.derived.printed says which wins). A word printed with a number has one form per CLDR plural
category; `plural()` picks the form by Babel's rules for the language.
"""

from __future__ import annotations

from generator.load.words import Word, plural_category, shipped


class Words(dict):
    """name → the word to print (a word with plural forms: its form for one); `plural(name, n)` for n."""

    def __init__(self, language: str, forms: dict[str, Word]) -> None:
        super().__init__({name: _one(value) for name, value in forms.items()})
        self.language, self.forms = language, forms

    def plural(self, name: str, n: int) -> str:
        value = self.forms.get(name, name)
        if isinstance(value, str):
            return value
        return value.get(plural_category(self.language, n)) or value.get("other") or _one(value)


def _one(value: Word) -> str:
    return value if isinstance(value, str) else value.get("one") or value.get("other") or next(iter(value.values()))


def words(language: str) -> Words:
    """Imprenta's own words in a language, outside any game (the calibration sheet); English when it has none."""
    return Words(language if shipped(language) else "en", shipped(language) or shipped("en"))


def section(said: Words, prefix: str) -> dict[str, str]:
    """The words named `<prefix>.<name>` as a plain mapping of name → word, for a template or a sheet."""
    return {name[len(prefix) + 1:]: value for name, value in said.items() if name.startswith(prefix + ".")}
