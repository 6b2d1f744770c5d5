"""XLIFF 1.2 (OASIS, valid against the strict schema) for the tools that prefer it (Trados, memoQ, Crowdin).

The XLIFF is the PO export in another dress: a unit's id and `resname` are the translation key; a plural
message is a `<group restype="x-gettext-plurals">` of units `key[index]`, in the language's gettext order;
reference tokens and fill-ins are inline codes (`<ph>`), so a CAT tool protects and does not count them.
Only a translated, reviewed unit is `approved="yes"`; a fuzzy one is `needs-review-translation`, an empty
one has no target. Reading gives back a PO catalog, with each entry's line in the XLIFF file; a file with no
keys (made by translate-toolkit's `po2xliff`) comes back keyless, matched by its source text on import.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
from lxml import etree

NS = "urn:oasis:names:tc:xliff:document:1.2"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_PLURAL = re.compile(r"^(.*)\[(\d+)\]$")
# the codes a translator keeps as they are: {ref:x}, {count:x}, {n}; a {term:x|words} keeps its words open
_CODE = re.compile(r"\{(?:\w+:[^{}|]+|\w+)\}")


def _q(name: str) -> str:
    return f"{{{NS}}}{name}"


def po_to_xliff(catalog: polib.POFile, source_language: str, language: str, original: str = "") -> bytes:
    root = etree.Element(_q("xliff"), nsmap={None: NS}, version="1.2")
    file = etree.SubElement(root, _q("file"), original=original or catalog.metadata.get("Project-Id-Version", "game"),
                            datatype="x-imprenta-yaml")
    file.set("source-language", source_language)
    file.set("target-language", language)
    body = etree.SubElement(file, _q("body"))
    for entry in catalog:
        fuzzy = "fuzzy" in entry.flags
        if not entry.msgid_plural:
            _unit(body, entry.msgctxt, entry.msgid, entry.msgstr, fuzzy, entry)
            continue
        group = etree.SubElement(body, _q("group"), id=entry.msgctxt, resname=entry.msgctxt,
                                 restype="x-gettext-plurals")
        for index, text in sorted(entry.msgstr_plural.items()):
            _unit(group, f"{entry.msgctxt}[{index}]", entry.msgid if index == 0 else entry.msgid_plural, text,
                  fuzzy, entry)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _unit(parent, unit_id: str, source: str, target: str, fuzzy: bool, entry: polib.POEntry) -> None:
    unit = etree.SubElement(parent, _q("trans-unit"), id=unit_id, resname=unit_id,
                            approved="yes" if target and not fuzzy else "no")
    unit.set(_XML_SPACE, "preserve")
    _inline(etree.SubElement(unit, _q("source")), source)
    if target:
        element = etree.SubElement(unit, _q("target"), state="needs-review-translation" if fuzzy else "translated")
        _inline(element, target)
    if entry.comment:
        etree.SubElement(unit, _q("note"), {"from": "developer"}).text = entry.comment
    if entry.occurrences:   # the schema wants each group's name unique in the file
        group = etree.SubElement(unit, _q("context-group"), name=f"location {unit_id}", purpose="location")
        file, line = entry.occurrences[0]
        etree.SubElement(group, _q("context"), {"context-type": "sourcefile"}).text = file
        etree.SubElement(group, _q("context"), {"context-type": "linenumber"}).text = str(line)


def _inline(element, text: str) -> None:
    """Text with each code as `<ph id="n">{code}</ph>`."""
    last, previous = 0, None
    for number, found in enumerate(_CODE.finditer(text), 1):
        before = text[last:found.start()]
        if previous is None:
            element.text = before
        else:
            previous.tail = before
        previous = etree.SubElement(element, _q("ph"), id=str(number))
        previous.text = found.group(0)
        last = found.end()
    if previous is None:
        element.text = text
    else:
        previous.tail = text[last:]


def _text(element) -> str:
    return "" if element is None else "".join(element.itertext())


def xliff_to_po(path: Path) -> polib.POFile:
    """XLIFF 1.1, 1.2 (Imprenta's, po2xliff's or a CAT tool's) or 2.x read as a PO catalog."""
    tree = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True))
    root = tree.getroot()
    ns = etree.QName(root).namespace or ""
    catalog = polib.POFile(wrapwidth=0)
    file = root.find(f"{{{ns}}}file")
    language = "" if file is None else (file.get("target-language") or root.get("trgLang") or "")
    catalog.metadata = {"Language": language or root.get("trgLang", "")}
    if ns.endswith(":2.0") or root.get("version", "").startswith("2"):
        return _xliff2(root, ns, catalog)
    plurals: dict[str, polib.POEntry] = {}
    for unit in root.iter(f"{{{ns}}}trans-unit"):
        if unit.get("restype") == "x-gettext-domain-header":
            continue
        unit_id = unit.get("resname") or unit.get("id") or ""
        source, target = _text(unit.find(f"{{{ns}}}source")), _text(unit.find(f"{{{ns}}}target"))
        found = _PLURAL.match(unit_id)
        in_group = unit.getparent().get("restype") == "x-gettext-plurals"
        key = found.group(1) if found else unit_id
        if not _looks_like_key(key):
            key = ""                        # po2xliff numbers its units: matched by source text on import
        occurrences = _locations(unit, ns)
        entry = plurals.get(key or unit.getparent().sourceline) if (found or in_group) else None
        if entry is None:
            entry = polib.POEntry(msgctxt=key or None, msgid=source, linenum=unit.sourceline,
                                  occurrences=occurrences)
            catalog.append(entry)
            if found or in_group:
                plurals[key or unit.getparent().sourceline] = entry
        if found or in_group:
            index = int(found.group(2)) if found else len(entry.msgstr_plural)
            if index:
                entry.msgid_plural = source
            entry.msgstr_plural[index] = target
        else:
            entry.msgstr = target
        state = unit.find(f"{{{ns}}}target")
        done = state is not None and state.get("state", "") in ("translated", "final", "signed-off")
        fuzzy = bool(target) and unit.get("approved") != "yes" and not done
        if fuzzy and "fuzzy" not in entry.flags:
            entry.flags.append("fuzzy")
    return catalog


def _xliff2(root, ns: str, catalog: polib.POFile) -> polib.POFile:
    for unit in root.iter(f"{{{ns}}}unit"):
        segment = unit.find(f"{{{ns}}}segment")
        if segment is None:
            continue
        key = unit.get("name") or unit.get("id") or ""
        target = _text(segment.find(f"{{{ns}}}target"))
        entry = polib.POEntry(msgctxt=key if _looks_like_key(key) else None,
                              msgid=_text(segment.find(f"{{{ns}}}source")), msgstr=target, linenum=unit.sourceline)
        if target and segment.get("state", "initial") in ("initial", "translated"):
            entry.flags.append("fuzzy")
        catalog.append(entry)
    return catalog


def _looks_like_key(key: str) -> bool:
    return "." in key and not key.isdigit()


def _locations(unit, ns: str) -> list[tuple[str, str]]:
    for group in unit.iter(f"{{{ns}}}context-group"):
        if group.get("purpose") == "location" or group.get("name") == "po-reference":
            found = {c.get("context-type"): (c.text or "") for c in group.iter(f"{{{ns}}}context")}
            if "sourcefile" in found:
                return [(found["sourcefile"], found.get("linenumber", ""))]
    return []
