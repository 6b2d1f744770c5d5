"""UNK001: every fact recorded as unknown is listed, so placeholders never pass silently. A release prints
nothing unmarked and nothing invented: REL001 refuses unknown facts, REL002 reconstructions the publisher has
not confirmed, REL003 texts missing or stale in a language it builds — each only for what the asked
outputs print (`--only counters` is not refused for the map)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from generator.derived.unknowns import facts_printed_by, reconstructions_printed_by, unknown_facts
from generator.diagnostics import Diagnostic, make
from generator.model import Game

FIRST_PLACES = 3    # places a release refusal names


def check_unknowns(game: Game) -> Iterator[Diagnostic]:
    for fact in unknown_facts(game):
        assumed = f" (assumed {fact.assumed} meanwhile)" if fact.assumed is not None else ""
        yield make("UNK001", f"{fact.what} is unknown{assumed}: {fact.reason}".rstrip(": "), fact.span)


def release_refusal(game: Game, components: Iterable[str] | None = None,
                    languages: Iterable[str] | None = None) -> list[Diagnostic]:
    """Why a release of `components` (None: all) in `languages` (None: the game's) cannot be printed."""
    components = tuple(components) if components is not None else None
    return (_unknowns(game, components) + _reconstructions(game, components)
            + _translations(game, tuple(languages) if languages is not None else tuple(game.manifest.languages)))


def _unknowns(game: Game, components) -> list[Diagnostic]:
    """One error naming how many facts are missing and where the first are: a release prints none."""
    facts = facts_printed_by(unknown_facts(game), components)
    if not facts:
        return []
    places = "; ".join(f"{fact.span.file}:{fact.span.line} ({fact.what})" if fact.span else fact.what
                       for fact in facts[:FIRST_PLACES])
    more = f" and {len(facts) - FIRST_PLACES} more" if len(facts) > FIRST_PLACES else ""
    return [make("REL001", f"a release cannot print {len(facts)} unknown fact{'s' * (len(facts) != 1)}: "
                           f"{places}{more}", facts[0].span,
                 f"give each value, or build a proof, which prints them as numbered marks: add `--proof` to the "
                 f"build (`--profile press` is a release unless it is given `--proof`), e.g. `imprenta build "
                 f"{game.folder} --profile press --proof`; `imprenta check {game.folder} --select UNK001` lists "
                 f"them all")]


def _reconstructions(game: Game, components) -> list[Diagnostic]:
    """One error per reconstruction a release would print as if the source stated it."""
    from generator.derived.unknowns import reconstructions

    if not reconstructions_printed_by(components):
        return []
    return [make("REL002", f"a release cannot print {entry.fact} of {entry.owner} as stated: the editor "
                           f"reconstructed it ({entry.reconstruction.why})", entry.span,
                 "check it against the source or the published game, then add `confirmed: true` to this entry; "
                 "or state the fact in its field and remove the entry")
            for entry in reconstructions(game)]


def _translations(game: Game, languages: tuple[str, ...]) -> list[Diagnostic]:
    """One error per language built whose translation lacks texts, or translates an older version of them."""
    from generator.checks.translations import compare

    found = []
    for language in languages:
        if language == game.manifest.source_language:
            continue
        translation = game.translations.get(language)
        if translation is None:
            found.append(make("REL003", f"a release in '{language}' has no translation: i18n/{language}.yaml "
                                        f"does not exist", None,
                              f"`imprenta i18n init {game.folder} --lang {language}` starts it"))
            continue
        gaps = [item for item in compare(game, translation) if item.status in ("missing", "stale", "reworded")]
        if not gaps:
            continue
        places = "; ".join(f"'{item.key}' {item.status} ({item.span.file}:{item.span.line})" for item in
                           gaps[:FIRST_PLACES])
        more = f" and {len(gaps) - FIRST_PLACES} more" if len(gaps) > FIRST_PLACES else ""
        found.append(make("REL003", f"a release in '{language}' would print {len(gaps)} text{'s' * (len(gaps) != 1)} "
                                    f"in the source language: {places}{more}", gaps[0].span,
                          f"translate them (`imprenta i18n status {game.folder} --lang {language}` lists them all), "
                          f"or build a proof (`--proof`)"))
    return found
