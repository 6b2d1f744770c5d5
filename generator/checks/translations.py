"""I18N…: each declared language translates every source text, from its current version, keeping tokens."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from generator.checks.references import text_span
from generator.derived import references
from generator.derived.printed import (
    WORDS,
    entry_stamp,
    entry_text,
    plural_keys,
    printed_texts,
    source_fingerprint,
    word,
)
from generator.diagnostics import Diagnostic, Span, make
from generator.model import Game, Translation, where
from generator.model.texts import SourceText

_DIGIT = re.compile(r"\d")
_FILL_IN = re.compile(r"\{(\w+)\}")     # {length}, {flip}: what Imprenta fills into its own words
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?(?!\d)")   # "2.º" and "2nd" both state 2…
_WITHIN_NUMBER = re.compile(r"[\d.,]")           # …but "1.5" states no 5 (a look-behind in _NUMBER: twice slower)


class Comparison(NamedTuple):
    """The state of one source text in one language."""

    key: str
    status: str                 # translated | missing | stale | reworded | unstamped | broken | orphan
    source: SourceText | None
    span: Span                  # the translation entry, or the source text when missing
    detail: str = ""
    numbers: str = ""           # numbers that differ between source and translation
    suggestion: str = ""        # reworded: the key of the entry that translated its earlier text


def compare(game: Game, translation: Translation) -> list[Comparison]:
    """One comparison per printed text (the game's and Imprenta's words), plus one per translation key that
    matches none (orphan)."""
    entries = translation.content.entries
    document = translation.document
    results = []
    seen: set[str] = set()
    for source in printed_texts(game):
        keys = plural_keys(source, translation.language)
        seen.update(keys)
        texts = [entry_text(entries.get(key)) for key in keys]
        if source.key.startswith(WORDS) and not all(text.strip() for text in texts):
            found, origin = word(game, translation.language, source.key[len(WORDS):])
            if origin == "shipped":         # Imprenta's own file for the language has it
                results.append(Comparison(source.key, "translated", source, source.span))
                continue
        if not all(text.strip() for text in texts):
            results.append(Comparison(source.key, "missing", source, text_span(source, 0)))
            continue
        span = document.key_span(("entries", keys[0]))
        stamps = {entry_stamp(entries[key]) for key in keys}
        lost, added = token_difference(source.text, texts[-1]) if source.plural is None else ([], [])
        if lost or added:
            detail = "; ".join(filter(None, [f"lost {', '.join(lost)}" if lost else "",
                                             f"added {', '.join(added)}" if added else ""]))
            results.append(Comparison(source.key, "broken", source, span, detail))
        else:
            status = ("unstamped" if None in stamps else
                      "stale" if stamps != {source_fingerprint(source)} else "translated")
            numbers = _number_difference(source.text, texts[0]) if status != "stale" else ""
            results.append(Comparison(source.key, status, source, span, numbers=numbers))
    orphans = [key for key in entries if key not in seen and not game.refused(key)]
    carried = _suggestions([item for item in results if item.status == "missing" and item.source.owner is not None],
                           orphans, entries)
    results = [item._replace(status="reworded", span=document.key_span(("entries", carried[item.key])),
                             suggestion=carried[item.key], detail=_carried(item, carried[item.key], entries))
               if item.key in carried else item for item in results]
    taken = set(carried.values())
    results += [Comparison(key, "orphan", None, document.key_span(("entries", key)))
                for key in orphans if key not in taken]
    return results


_NAMED_BY_TEXT = re.compile(r"(?<=\.)[0-9a-f]{10}(?:-\d+)?(?=\.|$)")   # a key part that is a text's fingerprint


def _carried(item: Comparison, old: str, entries: dict) -> str:
    if entry_stamp(entries[old]) == source_fingerprint(item.source):
        return (f"the same text is translated under '{old}' (an id renamed, or a file written before stable keys: "
                "`python3 -m generator.i18n.migrate_keys` renames those), offered as a suggestion")
    return f"its translation of the earlier text, '{old}', is a suggestion"


def _suggestions(missing: list[Comparison], orphans: list[str], entries: dict) -> dict[str, str]:
    """Key of a text without translation → the orphan entry to offer as its suggestion, as msgmerge carries a
    message over: first one that translated this very text under another key (moved), else one in the same
    place of the same list whose text was named by its fingerprint (reworded: a modifier, a row without an id,
    an unknown's reason). Each orphan is offered once; none is ever printed as the new text's translation."""
    found: dict[str, str] = {}
    free = list(orphans)
    stamps: dict[str | None, str] = {}
    for key in free:
        stamps.setdefault(entry_stamp(entries[key]), key)
    for item in missing:
        key = stamps.get(source_fingerprint(item.source))
        if key is not None and key in free:
            found[item.key] = key
            free.remove(key)
    for item in missing:
        if item.key in found or not _NAMED_BY_TEXT.search(item.key):
            continue
        slot = _NAMED_BY_TEXT.sub("*", item.key)
        key = next((key for key in free if _NAMED_BY_TEXT.sub("*", key) == slot), None)
        if key is not None:
            found[item.key] = key
            free.remove(key)
    return found


def token_difference(source: str, translated: str) -> tuple[list[str], list[str]]:
    """The reference tokens ({ref:…}) and fill-ins ({length}) a translation lost, and those it added."""
    wanted, found = _identities(source), _identities(translated)
    if wanted == found:
        return [], []
    shown = lambda identities: [f"{{{kind}:{target}}}" if target else f"{{{kind}}}"
                                for kind, target in sorted(identities.elements())]
    return shown(Counter(wanted) - Counter(found)), shown(Counter(found) - Counter(wanted))


def _number_difference(source: str, translated: str) -> str:
    wanted, found = _numbers(source), _numbers(translated)
    if wanted == found:
        return ""
    missing = Counter(wanted) - Counter(found)
    extra = Counter(found) - Counter(wanted)
    return "; ".join(filter(None, [f"the source has {', '.join(sorted(missing))}" if missing else "",
                                   f"the translation has {', '.join(sorted(extra))}" if extra else ""]))


@lru_cache(maxsize=16384)
def _identities(text: str) -> tuple[tuple[str, str], ...]:
    """The kinds and targets of a text's tokens, and its fill-ins ({length}, target ""), sorted: what must
    survive translation."""
    if "{" not in text:
        return ()
    fill_ins = [(name, "") for name in _FILL_IN.findall(text)]
    return tuple(sorted([token.identity for token in references.find_tokens(text)[0]] + fill_ins))


@lru_cache(maxsize=16384)
def _numbers(text: str) -> tuple[str, ...]:
    """The numbers a text states outside its tokens, sorted ("2,5" and "2.5" alike)."""
    if not _DIGIT.search(text):
        return ()
    text = references.strip_tokens(text)
    return tuple(sorted(number.group().replace(",", ".") for number in _NUMBER.finditer(text)
                        if not (number.start() and _WITHIN_NUMBER.match(text, number.start() - 1))))


_CODES = {"missing": "I18N001", "stale": "I18N002", "reworded": "I18N002", "broken": "I18N003",
          "unstamped": "I18N004", "orphan": "I18N005"}


def check_translations(game: Game) -> Iterator[Diagnostic]:
    manifest = game.manifest
    for language in manifest.languages:
        if (language != manifest.source_language and language not in game.translations
                and not (game.folder / "i18n" / f"{language}.yaml").exists()):
            yield make("I18N007", f"language '{language}' is declared but i18n/{language}.yaml does not exist",
                       where(manifest, "languages"),
                       f"run `imprenta i18n init {game.folder} --lang {language}` to start it")
    for language, translation in sorted(game.translations.items()):
        if language not in manifest.languages or language == manifest.source_language:
            yield make("I18N008", f"i18n/{language}.yaml translates into '{language}', which the game does "
                       "not declare", translation.document.span(("language",)),
                       f"add '{language}' to `languages` in the game manifest to build its edition")
            if language == manifest.source_language:
                continue
        declared = language in manifest.languages
        for item in compare(game, translation):
            if declared or item.status == "broken":   # in progress: `i18n status --lang` lists what remains
                yield from _diagnose(item, language)


def _diagnose(item: Comparison, language: str) -> Iterator[Diagnostic]:
    if item.numbers:
        yield make("I18N006", f"'{item.key}' ({language}) states different numbers: {item.numbers}", item.span)
    if item.status == "translated":
        return
    message = {
        "missing": f"'{item.key}' has no {language} translation",
        "stale": f"the source of '{item.key}' changed since its {language} translation was made",
        "reworded": f"'{item.key}' was reworded since its {language} translation was made: {item.detail}, "
                    "to review",
        "broken": f"the {language} translation of '{item.key}' does not keep its reference tokens: {item.detail}",
        "unstamped": f"the {language} translation of '{item.key}' does not record its source",
        "orphan": f"'{item.key}' in the {language} translation matches no source text",
    }[item.status]
    yield make(_CODES[item.status], message, item.span)
