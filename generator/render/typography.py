"""A language's typography on printed words: its decimal separator (CLDR, through Babel) and, in French, the
no-break spaces before high punctuation and inside « » that keep a line from breaking there.

Translators type ordinary spaces (their tools show no difference); the edition sets the right ones, so a
French line never starts with « ? » or ends on « , and "37.5 mm" prints "37,5 mm".
"""

from __future__ import annotations

import re

NNBSP = "\u202f"     # narrow no-break space: before ; ! ? and inside « » (Imprimerie nationale)
NBSP = "\u00a0"      # no-break space: before : and %

_FRENCH = [
    (re.compile(r"[ \u00a0\u202f]+(?=[;!?»])"), NNBSP),
    (re.compile(r"(?<=«)[ \u00a0\u202f]+"), NNBSP),
    (re.compile(r"(?<=\S)[ \u00a0\u202f]+(?=:(?!:)(?:\s|$))"), NBSP),   # "Victoire :" but not a "::: note" fence
    (re.compile(r"(?<=\d)[ \u00a0\u202f]+(?=%)"), NNBSP),
]


def typeset(language: str, text: str) -> str:
    """`text` with the language's no-break spaces (French only, today: the others have no rule of the kind)."""
    if not text or language.split("-")[0] != "fr":
        return text
    for pattern, space in _FRENCH:
        text = pattern.sub(space, text)
    return text


def typeset_word(language: str, value):
    """A word of Imprenta's (text, or its plural forms) typeset for the language."""
    if isinstance(value, str):
        return typeset(language, value)
    return {category: typeset(language, form) for category, form in value.items()}


def number(language: str, value: float) -> str:
    """A measure as the language writes it: 37.5 → "37,5" in French and Spanish, "37.5" in English."""
    if float(value).is_integer() and 0 <= value < 1000:
        return str(int(value))      # no separator to place: the same digits in every locale, without Babel's data
    from babel import Locale, UnknownLocaleError  # here: babel takes 10 ms to import
    from babel.numbers import format_decimal

    try:
        locale = Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return f"{value:g}"
    return format_decimal(value, format="#,##0.###", locale=locale)


def hyphenation_ready(languages) -> None:
    """Read the hyphenation dictionary of each language (what WeasyPrint reads at a book's first hyphenated
    word, 0.07–0.15 s) into pyphen's process-wide cache, before the build forks its jobs: every book's job then
    inherits it rather than reading it again."""
    import pyphen

    for language in languages:
        found = pyphen.language_fallback(language)
        if found:
            pyphen.Pyphen(lang=found)
