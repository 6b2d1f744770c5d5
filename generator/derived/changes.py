"""What changed between two versions of a game, compared by id on the model, never on lines of files.

A section whose number moved (a section was inserted before it, it went to another chapter) is not changed:
its own words are the same. A section, table or glossary term is changed when what it prints in a language
changed: its source text (or data, for a table) or its translation in that language. An unknown fact stays
the same fact whatever reason the editor gives for it. What only one version has is new or removed.
"""

from __future__ import annotations

import difflib
import re
from typing import NamedTuple

from generator.model import Game

NEW, CHANGED, REMOVED = "new", "changed", "removed"
_SECTION_TEXTS = ("title", "body", "after")
_REASON = re.compile(r'"unknown":"(?:[^"\\]|\\.)*"')      # an unknown's reason is not printed
_WORD = re.compile(r"\s+|[^\s\w]|\w+")


class Changes(NamedTuple):
    """What changed in one language, by kind: id → NEW or CHANGED, and the ids removed (in reading order)."""

    sections: dict[str, str]
    tables: dict[str, str]
    terms: dict[str, str]
    removed_sections: tuple[str, ...] = ()
    removed_tables: tuple[str, ...] = ()
    removed_terms: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return any((self.sections, self.tables, self.terms, self.removed_sections, self.removed_tables,
                    self.removed_terms))


def compare(old: Game, new: Game, language: str) -> Changes:
    """Every section, table and term of `new` that is new or changed since `old`, as printed in `language`."""
    old_sections = {section.id: section for _, section, _ in old.sections()}
    new_sections = {section.id: section for _, section, _ in new.sections()}
    return Changes(
        _changed(old_sections, new_sections, old, new, language, "section", _section_state),
        _changed({t.id: t for t in old.tables}, {t.id: t for t in new.tables}, old, new, language, "table", _state),
        _changed({t.id: t for t in old.terms}, {t.id: t for t in new.terms}, old, new, language, "term", _state),
        tuple(i for i in old_sections if i not in new_sections),
        tuple(t.id for t in old.tables if t.id not in {t.id for t in new.tables}),
        tuple(t.id for t in old.terms if t.id not in {t.id for t in new.terms}))


def _changed(old_items: dict, new_items: dict, old: Game, new: Game, language: str, kind: str, state) -> dict:
    found = {}
    for id_, item in new_items.items():
        before = old_items.get(id_)
        if before is None:
            found[id_] = NEW
        elif state(before) != state(item) or _translated(old, kind, id_, language) != \
                _translated(new, kind, id_, language):
            found[id_] = CHANGED
    return found


def _state(shape) -> str:
    return _REASON.sub('"unknown":""', shape.model_dump_json(by_alias=True))


def _section_state(section) -> str:
    """What a section prints itself: its title, text and closing text, and its box; not its sub-sections,
    nor how they are numbered."""
    return _REASON.sub('"unknown":""', section.model_dump_json(include={*_SECTION_TEXTS, "box"}))


def _translated(game: Game, kind: str, id_: str, language: str) -> dict[str, str]:
    """The translation entries of one item in one language (none for the source language)."""
    translation = game.translations.get(language)
    if translation is None or language == game.manifest.source_language:
        return {}
    prefix = f"{kind}.{id_}."
    found = {}
    for key, entry in translation.content.entries.items():
        if key.startswith(prefix) and (kind != "section" or key[len(prefix):] in _SECTION_TEXTS):
            found[key] = entry if isinstance(entry, str) else entry.text
    return found


def changed_lines(old: str, new: str) -> frozenset[int]:
    """The lines (0-based) of `new` that are not in `old` where they stand: a change bar goes beside the
    blocks holding them. Where lines were only taken out, the line that now stands there is marked."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    marked: set[int] = set()
    for tag, _, _, start, end in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            marked.update(range(start, end))
        elif tag == "delete" and new_lines:
            marked.add(min(start, len(new_lines) - 1))
    return frozenset(marked)


def word_differences(old: str, new: str) -> list[tuple[str, str]]:
    """The two texts as runs of ("same" | "removed" | "added", text), word by word (spaces kept with the
    words around them), for an errata's old and new text side by side."""
    old_words, new_words = _WORD.findall(old), _WORD.findall(new)
    runs: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(lambda word: word.isspace(), old_words, new_words, autojunk=False)
    for tag, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if tag == "equal":
            runs.append(("same", "".join(old_words[old_start:old_end])))
            continue
        if old_end > old_start:
            runs.append(("removed", "".join(old_words[old_start:old_end])))
        if new_end > new_start:
            runs.append(("added", "".join(new_words[new_start:new_end])))
    return runs
