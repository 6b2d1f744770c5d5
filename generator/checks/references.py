"""REF…: every reference token in the source texts resolves; tables and terms are used somewhere."""

from __future__ import annotations

import re
from collections.abc import Iterator

from generator.checks.identifiers import kind_word
from generator.checks.links import box_hint, did_you_mean
from generator.derived import counting, references
from generator.derived.numbering import section_numbers
from generator.diagnostics import Diagnostic, Span, make
from generator.model import Game, where
from generator.model.game import box_kinds
from generator.model.texts import SourceText

_BOX_FENCE = re.compile(r"^[ \t]*:::[ \t]*([^\s:][^\s]*)", re.MULTILINE)     # "::: example" opens a box


def text_span(source: SourceText, offset: int) -> Span:
    if source.owner is None:
        return source.span
    document, base = source.owner._where
    return document.offset_span(base + source.path, offset)


def check_reference_tokens(game: Game) -> Iterator[Diagnostic]:
    shared = _numbers_printed_twice(game)
    kinds = box_kinds(game.manifest)
    for source in game.texts:
        for fence in _BOX_FENCE.finditer(source.text) if ":::" in source.text else ():
            if fence.group(1) not in kinds:        # REF006: it would print as text, not as a box
                yield make("REF006", f"box kind '{fence.group(1)}' does not exist", text_span(source, fence.start(1)),
                           box_hint(game))
        tokens, malformed = references.find_tokens(source.text)
        for bad in malformed:
            yield make("REF003", f"'{bad.text}' looks like a reference token but {bad.reason}",
                       text_span(source, bad.start))
        for token in tokens:
            problem = resolve_problem(game, token) or _ambiguous(token, shared)
            if problem:
                code, message, hint = problem
                yield make(code, message, text_span(source, token.start), hint)


def resolve_problem(game: Game, token: references.Token) -> tuple[str, str, str] | None:
    """Why a token does not resolve, as (code, message, hint), or None when it does."""
    if token.kind not in references.KINDS:
        close = did_you_mean(token.kind, references.KINDS)
        return ("REF002", f"'{{{token.kind}:…}}' is not a reference kind",
                close or f"expected one of: {', '.join(references.KINDS)}")
    if token.form is not None and token.form not in references.FORMS.get(token.kind, ()):
        forms = references.FORMS.get(token.kind)
        return ("REF010", f"{token.text}: '{token.form}' is not a form of {{{token.kind}:…}}",
                f"write one of: {', '.join(f'{{{token.kind}.{form}:…}}' for form in forms)}" if forms else
                f"{{{token.kind}:…}} has one form: write {{{token.kind}:{token.target}}}")
    collection = references.KINDS[token.kind]
    if collection is None:
        try:
            (counting.count if token.kind == "count" else counting.value)(game, token.target)
        except counting.RefusedTarget:
            return None
        except counting.SelectorError as error:
            return ("REF004", f"{token.text}: {error}", "see docs/content-format.md, 'Reference tokens'")
        return None
    if game.names(collection, token.target):
        return None
    elsewhere = [kind for kind, ids in game.entities.items() if token.target in ids and kind != collection]
    hint = did_you_mean(token.target, game.entities[collection])
    if elsewhere:
        other = next((k for k, c in references.KINDS.items() if c == elsewhere[0]), None)
        hint = (f"'{token.target}' is a {kind_word(elsewhere[0])}" +
                (f": write {{{other}:{token.target}}}" if other else ""))
    return ("REF001", f"{token.text} refers to a {kind_word(collection)} that does not exist", hint)


def _numbers_printed_twice(game: Game) -> dict[str, list[str]]:
    """Section id → the other sections of its book that print the same number (two numbering blocks that
    both start at 1, say)."""
    by_number: dict[tuple[str, str], list[str]] = {}
    for section_id, numbered in section_numbers(game).items():
        if numbered.number:
            by_number.setdefault((numbered.document.id, numbered.number), []).append(section_id)
    return {section_id: [other for other in ids if other != section_id]
            for ids in by_number.values() if len(ids) > 1 for section_id in ids}


def _ambiguous(token: references.Token, shared: dict[str, list[str]]) -> tuple[str, str, str] | None:
    if token.kind != "ref" or token.label or token.target not in shared:
        return None
    return ("REF009", f"{token.text} prints a number that section '{shared[token.target][0]}' of the same book "
            "prints too", "number the second block on (`children_start:` on its parent), give the document a "
            "`chapter:`, or write the reference with its own words: {ref:id|…}")


def check_unused_targets(game: Game) -> Iterator[Diagnostic]:
    used: set[tuple[str, str]] = set()
    referred_sections: set[str] = set()          # by a text other than the section's own
    for source in game.texts:
        for token in references.find_tokens(source.text)[0]:
            used.add((token.kind, token.target))
            if token.kind == "ref" and getattr(source.owner, "id", None) != token.target:
                referred_sections.add(token.target)
    for table in game.tables:
        if ("table", table.id) not in used:
            yield make("REF007", f"table '{table.id}' is not referred to by any text, so no book prints it",
                       where(table, "id"), f"refer to it with {{table:{table.id}}} where the rules use it")
    for term in game.terms:
        if ("term", term.id) not in used:
            yield make("REF008", f"glossary term '{term.id}' is not referred to by any text",
                       where(term, "id"), f"mark a use with {{term:{term.id}}}, or remove the term")
    for _, section, _ in game.sections():        # off by default: most sections are read, not looked up
        if section.id not in referred_sections:
            yield make("REF005", f"section '{section.id}' is not referred to by any other text",
                       where(section, "id"), "a reader finds it only by reading or by the contents; refer to "
                       f"it with {{ref:{section.id}}} where the rules depend on it")


# Words after which a sentence wants a noun, not a bare number: "el 5", "una 4.4.1", "the 4.3.2.V". Per
# language; a language not listed is not checked.
_DETERMINERS = {
    "es": "el la los las lo un una unos unas del al este esta estos estas ese esa esos esas su sus otro otra "
          "cada dicho dicha",
    "en": "the a an this that these those its their each another every",
    "fr": "le la les un une des du au aux ce cet cette ces son sa ses l'",
}
# Prepositions that, opening a sentence, make a bare number its subject: "In 5, p. 5 you play…".
_OPENING_PREPOSITIONS = {"es": "en", "en": "in", "fr": "en dans"}
_WORD_BEFORE = re.compile(r"(?:^|(?<=[^\w'’]))(\w+['’]?)\s*$")
_IN_A_WORD = re.compile(r"[\w'’\s]*")    # what the end of a text matched by _WORD_BEFORE is made of
_LOOK_BACK = 256
_SENTENCE_START = re.compile(r"(?:(?:^|\n)\s*(?:[-*+]\s+|\d+[.)]\s+|#+\s+)?|[.!?:;]\s+|[(—]\s*)$")


def check_reference_wording(game: Game) -> Iterator[Diagnostic]:
    """REF011: a reference that prints a bare number where its sentence wants a noun, in the source texts and
    in every translation (each in its own language)."""
    numbers = section_numbers(game)
    book_of = {section.id: document.id for document, section, _ in game.sections()}
    translations = sorted(game.translations.items())
    for source in game.texts:
        if "{" not in source.text:
            continue
        # a number from another book prints after that book's name ("regla de la serie 5.5.2"), a noun already
        book = book_of.get(getattr(source.owner, "id", None)) if len(game.documents) > 1 else None
        numbered = {section_id for section_id, found in numbers.items()     # another book's rule prints its
                    if found.number and found.document.printed                # book's name and title around it
                    and (book is None or found.document.id == book)}
        language = game.manifest.source_language
        for token, word in _bare_numbers(source.text, language, numbered):
            yield _noun_wanted(token, word, language, text_span(source, token.start))
        for language, translation in translations:
            entry = translation.content.entries.get(source.key)
            text = entry if isinstance(entry, str) else getattr(entry, "text", "")
            path = ("entries", source.key) if isinstance(entry, str) else ("entries", source.key, "text")
            for token, word in _bare_numbers(text, language, numbered) if "{" in text else ():
                yield _noun_wanted(token, word, language, translation.document.offset_span(path, token.start))


def _bare_numbers(text: str, language: str, numbered: set[str]) -> Iterator[tuple[references.Token, str]]:
    """(token, the word before it) for each number-printing token placed where the sentence wants a noun."""
    determiners = set(_DETERMINERS.get(language.split("-")[0], "").split())
    openers = set(_OPENING_PREPOSITIONS.get(language.split("-")[0], "").split())
    if not determiners:
        return
    for token in references.find_tokens(text)[0]:
        if token.label or token.shown_form != "number" or \
                not (token.kind == "card" or (token.kind == "ref" and token.target in numbered)):
            continue
        found = _word_before(text, token.start)
        if not found:
            continue
        word = found.group(1).replace("’", "'")
        if word.lower() in determiners or (word.lower() in openers and
                                           _SENTENCE_START.search(text[:found.start(1)])):
            yield token, word


def _word_before(text: str, end: int) -> re.Match | None:
    """_WORD_BEFORE.search(text[:end]), which only a word and the blanks after it at the end can match: looked
    for in the last characters, and in the whole only when those are all of one such word (a long text holds
    many tokens; searching all of it before each was most of the check's time in a rules section)."""
    start = max(0, end - _LOOK_BACK)
    found = _WORD_BEFORE.search(text, start, end)
    if found is None and start and _IN_A_WORD.fullmatch(text, start, end):
        found = _WORD_BEFORE.search(text, 0, end)
    return found


def _noun_wanted(token: references.Token, word: str, language: str, span: Span) -> Diagnostic:
    noun = token.text.replace(":", ".title:", 1) if token.form is None else \
        token.text.replace(f".{token.form}:", ".title:", 1)
    return make("REF011", f"'{word} {token.text}' ({language}) prints a bare number where the sentence wants "
                          "a noun", span,
                f"name it: {noun} prints its title, {noun.replace('.title:', '.full:')} number and title, or "
                "reword the sentence (\"see {ref:…}\")")
