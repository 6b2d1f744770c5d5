"""The words Imprenta itself prints (templates/words/<lang>.yaml) and the plural rules of a language.

The shipped files are Imprenta's own, not a game's: read with the plain safe loader. Plural categories
(one, few, many, other…) come from CLDR through Babel, never from a rule written here per language.
"""

from __future__ import annotations

import gettext
import re
from functools import lru_cache
from pathlib import Path, PurePosixPath

import yaml

WORDS_FOLDER = Path(__file__).resolve().parent.parent.parent / "templates" / "words"
Word = str | dict     # a text, or {plural category: text}
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)      # libyaml's, ten times faster, where installed


@lru_cache(maxsize=32)
def shipped(language: str) -> dict[str, Word]:
    """The shipped words of a language ({} when Imprenta ships none for it)."""
    for name in (language, language.split("-")[0]):
        path = WORDS_FOLDER / f"{name}.yaml"
        if re.fullmatch(r"[a-z]{2}(-[A-Z]{2})?", name) and path.is_file():
            return dict(yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)["words"])
    return {}


@lru_cache(maxsize=32)
def shipped_lines(language: str) -> tuple[PurePosixPath, dict[str, int]]:
    """The shipped file of a language (as a path below the working directory when it is) and each word's line."""
    path = WORDS_FOLDER / f"{language.split('-')[0]}.yaml"
    lines: dict[str, int] = {}
    if path.is_file():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            found = re.match(r"^  ([\w.-]+):", line)
            if found:
                lines.setdefault(found.group(1), number)
    try:
        shown = PurePosixPath(path.relative_to(Path.cwd()))
    except ValueError:
        shown = PurePosixPath(path)
    return shown, lines


@lru_cache(maxsize=32)
def plural_categories(language: str) -> tuple[str, ...]:
    """The CLDR plural categories of a language, in gettext's msgstr[] order; kept in the cache folder under
    Babel's version, since finding them loads the language's whole CLDR data (some 50 ms a language)."""
    from generator.user_cache import kept_json, package_key

    return tuple(kept_json("plurals", f"{package_key('babel')}|{language}",
                           lambda: _plural_categories(language)))


def _plural_categories(language: str) -> tuple[str, ...]:
    from babel.messages.plurals import get_plural

    rule = get_plural(language.replace("-", "_"))
    chooser = gettext.c2py(rule.plural_expr)
    by_index: dict[int, str] = {}
    for n in range(0, 1001):
        by_index.setdefault(chooser(n), plural_category(language, n))
        if len(by_index) == rule.num_plurals:     # every index met: the rest cannot change the answer
            break
    return tuple(by_index[index] for index in sorted(by_index))


def plural_category(language: str, n: int) -> str:
    """CLDR's category of the number n in a language ("one", "few", "other"…)."""
    return _plural_rule(language)(n)


@lru_cache(maxsize=32)
def _plural_rule(language: str):
    """The language's CLDR plural rule, its text kept in the cache folder under Babel's version: Babel finds it in
    the language's whole CLDR data (50 ms a language, in each job that counts), and parses its text in no time."""
    from babel.plural import PluralRule

    from generator.user_cache import kept_json, package_key

    return PluralRule(kept_json("plural-rules", f"{package_key('babel')}|{language}",
                                lambda: dict(_locale(language).plural_form.rules)))


@lru_cache(maxsize=32)
def _locale(language: str):
    from babel import Locale

    return Locale.parse(language.replace("-", "_"))


@lru_cache(maxsize=32)
def plural_forms_header(language: str) -> str:
    """gettext's Plural-Forms header for a language, from Babel's table."""
    from babel.messages.plurals import get_plural

    return get_plural(language.replace("-", "_")).plural_forms
