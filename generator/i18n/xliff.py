"""XLIFF 1.2 for the tools that prefer it (Trados, memoQ, Crowdin), written and read by translate-toolkit.

The XLIFF is the PO export in another dress: a unit's id is the translation key (a plural form adds
`[index]`, in the language's gettext order), a fuzzy message is an unapproved unit marked
`needs-review-translation`. Reading gives back a PO catalog, with each entry's line in the XLIFF file.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
from translate.storage import xliff

_PLURAL = re.compile(r"^(.*)\[(\d+)\]$")


def po_to_xliff(catalog: polib.POFile, source_language: str, language: str) -> bytes:
    store = xliff.xlifffile(sourcelanguage=source_language, targetlanguage=language)
    for entry in catalog:
        forms = ([(entry.msgctxt, entry.msgid, entry.msgstr)] if not entry.msgid_plural else
                 [(f"{entry.msgctxt}[{index}]", entry.msgid if index == 0 else entry.msgid_plural, text)
                  for index, text in sorted(entry.msgstr_plural.items())])
        for unit_id, source, target in forms:
            unit = store.addsourceunit(source)
            unit.setid(unit_id)
            if target:
                unit.target = target
            for file, line in entry.occurrences:
                unit.addlocation(f"{file}:{line}")
            if entry.comment:
                unit.addnote(entry.comment, origin="developer")
            unit.markfuzzy("fuzzy" in entry.flags and bool(target))
            if target and "fuzzy" not in entry.flags:
                unit.markapproved(True)
    return bytes(store)


def xliff_to_po(path: Path) -> polib.POFile:
    store = xliff.xlifffile(path.read_bytes())
    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = {"Language": store.gettargetlanguage() or ""}
    plurals: dict[str, polib.POEntry] = {}
    for unit in store.units:
        unit_id = unit.xmlelement.get("id") or ""
        found = _PLURAL.match(unit_id)
        key = found.group(1) if found else unit_id
        entry = plurals.get(key) if found else None
        if entry is None:
            entry = polib.POEntry(msgctxt=key, msgid=unit.source or "", linenum=unit.xmlelement.sourceline)
            catalog.append(entry)
            if found:
                plurals[key] = entry
        if found:
            index = int(found.group(2))
            if index:
                entry.msgid_plural = unit.source or ""
            entry.msgstr_plural[index] = unit.target or ""
        else:
            entry.msgstr = unit.target or ""
        if unit.isfuzzy() and "fuzzy" not in entry.flags:
            entry.flags.append("fuzzy")
    return catalog
