"""Machine-fill an exported PO from another language's translation, every filled entry fuzzy (to review).

    python3 tools/fill_from_language.py it.po content/mar-y-acero/i18n/fr.yaml [glossary.yaml]

A stand-in to exercise a new language end to end (export → fill → import → build), not a translation: each
filled entry keeps the fuzzy mark and a translator comment saying where its text came from. A glossary
(`key: text`, or `key: {one: …, other: …}`) overrides the borrowed text for the keys it names.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib
import yaml


def fill(po_path: Path, donor: Path, glossary: dict) -> int:
    entries = yaml.safe_load(donor.read_text(encoding="utf-8"))["entries"]
    text = lambda key: (lambda value: value["text"] if isinstance(value, dict) else value)(entries[key]) \
        if key in entries else ""
    catalog, filled = polib.pofile(str(po_path), wrapwidth=0), 0
    for entry in catalog:
        if entry.translated() and "fuzzy" not in entry.flags:
            continue
        chosen = glossary.get(entry.msgctxt)
        if entry.msgid_plural:
            forms = ([chosen.get("one", ""), chosen.get("other", "")] if isinstance(chosen, dict) else
                     [text(f"{entry.msgctxt}.one"), text(f"{entry.msgctxt}.other")])
            if not all(forms):
                continue
            entry.msgstr_plural = dict(enumerate(forms))
        else:
            entry.msgstr = chosen if isinstance(chosen, str) else text(entry.msgctxt)
            if not entry.msgstr:
                continue
        filled += 1
        if "fuzzy" not in entry.flags:
            entry.flags.append("fuzzy")
        entry.tcomment = "machine-filled" + ("" if chosen else f" from {donor.stem}") + ": to translate"
    catalog.save(str(po_path))
    return filled


if __name__ == "__main__":
    glossary = yaml.safe_load(Path(sys.argv[3]).read_text(encoding="utf-8")) if len(sys.argv) > 3 else {}
    print(f"{sys.argv[1]}: {fill(Path(sys.argv[1]), Path(sys.argv[2]), glossary or {})} entries filled, fuzzy")
