"""The report `imprenta i18n status` prints: completion per language and what remains, with places."""

from __future__ import annotations

from collections import defaultdict

from generator.checks.translations import compare
from generator.derived.printed import plural_keys
from generator.model import Game

_ORDER = ("missing", "stale", "reworded", "broken", "unstamped", "orphan")
_TO_REVIEW = ("reworded",)     # a suggestion carried over, exported fuzzy: to review like a fuzzy entry
_LIMIT = 20


def status_text(game: Game, languages: tuple[str, ...] = (), show_all: bool = False) -> tuple[str, bool]:
    """The report, and whether every asked language is complete (nothing missing, stale or broken)."""
    manifest = game.manifest
    wanted = languages or tuple(lang for lang in dict.fromkeys((*manifest.languages, *sorted(game.translations)))
                                if lang != manifest.source_language)
    lines = [f"{game.id}: source language {manifest.source_language}"]
    complete = True
    for language in wanted:
        translation = game.translations.get(language)
        if translation is None:
            lines.append(f"{language}: no i18n/{language}.yaml (0 %)")
            complete = False
            continue
        # Imprenta's words that its own file for the language supplies are not the translator's to count
        results = [item for item in compare(game, translation)
                   if not (item.status == "translated" and item.source is not None and item.source.owner is None
                           and item.span == item.source.span)]
        by_status = defaultdict(list)
        for item in results:
            by_status[item.status].append(item)
        total = sum(1 for item in results if item.status != "orphan")
        done = len(by_status["translated"]) + len(by_status["unstamped"])
        percent = 100 * done / total if total else 100.0
        shown = f"{percent:.1f}".rstrip("0").rstrip(".")
        entries = translation.content.entries
        review = sum(1 for item in results if item.source is not None and item.status != "missing"
                     and (item.status in _TO_REVIEW or any(getattr(entries.get(key), "review", False)
                                                          for key in plural_keys(item.source, language))))
        lines.append(f"{language}: {shown} % translated ({done} of {total})"
                     + "".join(f", {len(by_status[s])} {s}" for s in _ORDER if by_status[s])
                     + (f", {review} to review (fuzzy)" if review else ""))
        for status in _ORDER:
            items = by_status[status]
            for item in items if show_all else items[:_LIMIT]:
                detail = f" ({item.detail})" if item.detail else ""
                lines.append(f"  {item.span}: {status} {item.key}{detail}")
            if not show_all and len(items) > _LIMIT:
                lines.append(f"  … {len(items) - _LIMIT} more {status} (--all lists them)")
        complete &= not (by_status["missing"] or by_status["stale"] or by_status["reworded"] or by_status["broken"])
    return "\n".join(lines), complete
