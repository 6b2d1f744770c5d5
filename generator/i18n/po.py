"""gettext PO files for translators' tools (Poedit, Weblate, Crowdin…): export a language, import it back.

One message per printed text: `msgctxt` is the translation key, `msgid` the source text (`msgid_plural`
for a word printed with a count), `msgstr` the translation, `#:` where the source is written, `#.` the
reference tokens to keep. Stale, broken, unstamped and to-review translations are exported fuzzy; a reworded
text (a new key, checks.translations) carries the translation of its earlier text as a fuzzy suggestion; when
the previous export is at hand (`--out` names an existing file), a stale or reworded entry carries its old
source as `#| msgid`, as msgmerge does. Import takes entry by entry: one msgfmt would refuse, or whose
translation loses or alters a token (in any plural form), is left out with a finding at its PO line, and the
others land; an entry left as exported changes nothing, so export → import keeps the YAML
byte for byte.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib

from generator.checks.translations import compare, token_difference
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
from generator.i18n.context import translator_notes
from generator.i18n.files import entry_data, write_entries
from generator.load.words import plural_categories, plural_forms_header
from generator.model import Game
from generator.model.common import language_problem
from generator.model.texts import SourceText
from generator.model.translations import Entry

_FUZZY_STATUSES = {"stale", "reworded", "broken", "unstamped"}


def export_po(game: Game, language: str, previous: Path | None = None) -> polib.POFile:
    translation = game.translations.get(language)
    entries = translation.content.entries if translation is not None else {}
    compared = compare(game, translation) if translation is not None else []
    status = {item.key: item.status for item in compared}
    carried = {item.key: item.suggestion for item in compared if item.suggestion}
    old = _previous_sources(previous)
    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = {
        "Project-Id-Version": game.id,
        "Language": language, "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit", "Plural-Forms": plural_forms_header(language),
        "X-Generator": "Imprenta", "X-Source-Language": game.manifest.source_language,
    }
    for source in printed_texts(game):
        keys = plural_keys(source, language)
        found = [entries.get(carried.get(key, key)) for key in keys]      # a reworded text: its suggestion
        texts = [entry_text(entry) for entry in found]
        if source.key.startswith(WORDS) and not all(texts):
            shipped, origin = word(game, language, source.key[len(WORDS):])
            if origin == "shipped":   # Imprenta's own file has it: shown translated, changeable
                texts = [shipped] if isinstance(shipped, str) else \
                    [shipped.get(category, "") for category in plural_categories(language)]
        entry = polib.POEntry(msgctxt=source.key, msgid=source.text, occurrences=[_occurrence(source)],
                              comment=translator_notes(game, source))
        if source.plural is not None:
            entry.msgid_plural = source.plural
            entry.msgstr_plural = dict(enumerate(texts))
        else:
            entry.msgstr = texts[0]
        if any(texts) and (status.get(source.key) in _FUZZY_STATUSES or
                           any(isinstance(e, Entry) and e.review for e in found)):
            entry.flags.append("fuzzy")
            was = carried.get(source.key, source.key)
            if status.get(source.key) in ("stale", "reworded") and old.get(was, source.text) != source.text:
                entry.previous_msgid = old[was]
        catalog.append(entry)
    return catalog


def export_file(game: Game, language: str, file_format: str, out: Path | None) -> str:
    """Export to `out` (standard output when None) as po or xliff; a one-line summary of what was written."""
    import sys

    from generator.i18n.files import replace_file
    from generator.i18n.xliff import po_to_xliff

    catalog = export_po(game, language, out)
    if file_format == "pot":
        catalog = _template(catalog)
    data = (po_to_xliff(catalog, game.manifest.source_language, language, game.id) if file_format == "xliff"
            else str(catalog).encode("utf-8") + b"\n")
    if out is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        replace_file(out, data)
    return (f"{out or 'standard output'}: {len(catalog)} messages, {len(catalog.untranslated_entries())} "
            f"untranslated, {len(catalog.fuzzy_entries())} fuzzy")


def _template(catalog: polib.POFile) -> polib.POFile:
    """The POT: every message with its notes and references, no translation, no language."""
    for entry in catalog:
        entry.msgstr = ""
        entry.msgstr_plural = {0: "", 1: ""} if entry.msgid_plural else {}
        entry.flags = [flag for flag in entry.flags if flag != "fuzzy"]
        entry.previous_msgid = None
    catalog.metadata.update({"Language": "", "Plural-Forms": "nplurals=INTEGER; plural=EXPRESSION;"})
    return catalog


def _previous_sources(path: Path | None) -> dict[str, str]:
    if path is None or not path.is_file():
        return {}
    try:
        return {entry.msgctxt: entry.msgid for entry in polib.pofile(str(path)) if entry.msgctxt}
    except (OSError, ValueError):
        return {}


def _occurrence(source: SourceText) -> tuple[str, str]:
    if source.owner is None:
        span = source.span
    else:
        from generator.checks.references import text_span

        span = text_span(source, 0)
    return str(span.file), str(span.line)


def import_po(game: Game, path: Path, language: str | None = None) -> tuple[list[Diagnostic], Path | None]:
    """Read a PO (or XLIFF) file into i18n/<language>.yaml. Returns the findings and the file written (None
    when nothing changed or the import was refused)."""
    catalog, problems = read_catalog(path)
    if catalog is None:
        return problems, None
    lines = _lines(path) if path.suffix.lower() == ".po" else []     # read once: an entry's line is looked up
    language = language or header_language(game, catalog.metadata.get("Language", ""))
    if not language:
        return [make("I18N009", f"{path.name} names no language (its Language header is empty)",
                     Span(_shown(path), 1, 1), "Add `\"Language: fr\\n\"` to the header or pass --lang.")], None
    problem = language_problem(language)
    if problem:          # the language names the file written, i18n/<language>.yaml: never a path
        return [make("I18N009", f"{path.name}'s Language header: {problem}",
                     Span(_shown(path), _language_line(lines), 1),
                     "Write the code of the translation's language (fr, pt-BR), or pass --lang.")], None
    sources = {source.key: source for source in printed_texts(game)}
    translation = game.translations.get(language)
    current = dict(translation.content.entries) if translation is not None else {}
    carried = {item.key: item.suggestion for item in compare(game, translation) if item.suggestion} \
        if translation is not None else {}
    entries = {key: _as_data(entry) for key, entry in current.items()}
    found: list[Diagnostic] = list(problems)
    by_text = _keys_by_text(sources.values())
    for message in catalog:
        if message.obsolete or message.msgid == "" and not message.msgctxt:
            continue
        span = Span(_shown(path), _msgstr_line(lines, message), 1)
        matched = ([sources[message.msgctxt]] if message.msgctxt in sources else
                   _by_source_text(message, by_text) if not message.msgctxt or ":" in message.msgctxt else [])
        if not matched:
            found.append(make("I18N005", f"'{message.msgctxt or message.msgid[:40]}' in {path.name} matches no "
                                         f"source text; not imported", span))
            continue
        for source in matched:
            _take(game, language, source, message, span, lines, current, carried, entries, found)
    if entries == {key: _as_data(entry) for key, entry in current.items()}:
        return found, None
    if translation is None and (language not in game.manifest.languages
                                or language == game.manifest.source_language):
        found.append(make("I18N008", f"{path.name} starts i18n/{language}.yaml, a translation into '{language}', "
                                     "which the game does not declare", Span(_shown(path), _language_line(lines), 1),
                          f"add '{language}' to `languages` in the game manifest to build its edition"))
    return found, write_entries(game, language, entries)


def _take(game: Game, language: str, source: SourceText, message: polib.POEntry, span: Span, lines: list[str],
          current: dict, carried: dict, entries: dict, found: list[Diagnostic]) -> None:
    """One message into `entries`, unless it breaks a token (then a finding at its line, and it is left out)."""
    keys = plural_keys(source, language)
    texts = ([message.msgstr_plural.get(index, "") for index in range(len(keys))] if source.plural is not None
             else [message.msgstr])
    if not all(text.strip() for text in texts):
        return
    for index, text in enumerate(texts):
        # form 0 answers msgid, the others msgid_plural (as msgfmt --check-format pairs them); no form may add
        # a token neither source form has
        lost, added = token_difference(source.text if index == 0 or source.plural is None else source.plural, text)
        if source.plural is not None:
            either = set(token_difference("", source.text)[1]) | set(token_difference("", source.plural)[1])
            added = [token for token in added if token not in either]
        if lost or added:
            form = f" (plural form {index})" if source.plural is not None else ""
            detail = "; ".join(filter(None, [f"lost {', '.join(lost)}" if lost else "",
                                             f"added {', '.join(added)}" if added else ""]))
            if source.plural is not None:
                span = Span(span.file, _form_line(lines, span.line, index), 1)
            found.append(make("I18N003", f"the {language} translation of '{source.key}'{form} does not keep its "
                                         f"reference tokens: {detail}; not imported", span))
            return
    shipped, origin = word(game, language, source.key[len(WORDS):]) if source.key.startswith(WORDS) else (None, "")
    if origin == "shipped" and keys[0] not in current and _same(shipped, texts, language):
        return   # Imprenta's own word, exported as it is
    stamp = source_fingerprint(source) if message.msgid == source.text else _old_stamp(message)
    for key, text in zip(keys, texts):
        before = current.get(key)
        if "fuzzy" in message.flags and before is not None and entry_text(before) == text:
            continue  # exported fuzzy (stale, unstamped, to review) and left as it was
        if key in carried:
            if "fuzzy" in message.flags and entry_text(current[carried[key]]) == text:
                continue    # a suggestion exported and left as it was: still only a suggestion
            entries.pop(carried[key], None)     # taken: the entry now translates the reworded text
        entries[key] = entry_data(text, stamp, "fuzzy" in message.flags)


def _keys_by_text(sources) -> dict[str, list[SourceText]]:
    found: dict[str, list[SourceText]] = {}
    for source in sources:
        found.setdefault(source.text, []).append(source)
    return found


def _by_source_text(message: polib.POEntry, by_text: dict[str, list[SourceText]]) -> list[SourceText]:
    """The texts a keyless message (from po2xliff, xliff2po) translates: those with its source text, narrowed
    to its `#:` reference when that names one of them."""
    candidates = by_text.get(message.msgid, [])
    places = {(Path(file).name, str(line)) for file, line in message.occurrences}
    if message.msgctxt:                         # xliff2po names duplicates by their reference
        places |= {(Path(file).name, line) for file, line in
                   (part.rsplit(":", 1) for part in message.msgctxt.split() if ":" in part)}
    # by file name and line: the PO may have been exported from another checkout of the game
    narrowed = [source for source in candidates
                if (Path(_occurrence(source)[0]).name, _occurrence(source)[1]) in places]
    return narrowed or candidates


def _same(shipped, texts: list[str], language: str) -> bool:
    if isinstance(shipped, str):
        return texts == [shipped]
    return texts == [shipped.get(category, "") for category in plural_categories(language)]


def _old_stamp(message: polib.POEntry) -> str:
    """The fingerprint of the source the translator saw, when the PO was exported from an older source."""
    from generator.model.translations import fingerprint

    if message.msgid_plural:
        return fingerprint(f"{message.msgid}\x00{message.msgid_plural}")
    return fingerprint(message.msgid)


def _as_data(entry) -> dict:
    return entry_data(entry_text(entry), entry_stamp(entry), isinstance(entry, Entry) and entry.review)


def read_catalog(path: Path) -> tuple[polib.POFile | None, list[Diagnostic]]:
    """A PO file, or an XLIFF file converted to one; None and a finding when it cannot be read, or is larger
    than any game's translation (MAX_CATALOG bytes, MAX_ENTRIES entries). A PO entry that msgfmt would reject
    is left out, with a finding at its line: the others are read."""
    try:
        if path.stat().st_size > MAX_CATALOG:
            return None, [make("I18N009", f"{path.name} is {path.stat().st_size} bytes; a translation file is at "
                                          f"most {MAX_CATALOG}", Span(_shown(path), 1, 1))]
        if path.suffix.lower() in (".xlf", ".xliff"):
            from generator.i18n.xliff import xliff_to_po

            catalog, problems = xliff_to_po(path), []
        else:
            text, problems = strict_po_text(path)
            catalog = polib.pofile(text, wrapwidth=0)
        if len(catalog) > MAX_ENTRIES:
            return None, [make("I18N009", f"{path.name} holds {len(catalog)} entries; a translation file holds at "
                                          f"most {MAX_ENTRIES}", Span(_shown(path), 1, 1))]
        return catalog, problems
    except (OSError, ValueError, UnicodeDecodeError, SyntaxError) as error:
        return None, [make("I18N009", f"{path.name} cannot be read as a translation file: {error}",
                           Span(_shown(path), _error_line(error), 1))]


MAX_CATALOG = 256 * 1024 * 1024
MAX_ENTRIES = 500_000            # a game has a few thousand texts; 100,000 entries import in seconds


_STRING = r'"(?:[^"\\]|\\(?:[abfnrtv"\\?\']|[0-7]{1,3}|x[0-9A-Fa-f]+))*"'
_PO_LINE = re.compile(rf'^(?:(?:#~\s*)?(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+|(?:#~\s*)?){_STRING}\s*$')


def strict_po_text(path: Path) -> tuple[str, list[Diagnostic]]:
    """The PO text with every entry msgfmt would refuse blanked out (lines kept, so polib's line numbers hold),
    and a finding at each: a string not closed, an escape C does not know, a line that is no PO syntax, or a
    msgid and msgstr that do not both end in a newline (msgfmt -c)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks, start = [], 0
    for number, line in enumerate(lines + [""]):
        if not line.strip():
            if number > start:
                blocks.append((start, number))
            start = number + 1
    found: list[Diagnostic] = []
    for first, end in blocks:
        bad = next((n for n in range(first, end) if not lines[n].startswith("#") or lines[n].startswith("#~")
                    if lines[n].strip() and not _PO_LINE.match(lines[n].strip())), None)
        why = "this line is not PO syntax: a string not closed, or an escape msgfmt does not know"
        if bad is None:
            bad, why = _newline_mismatch(lines, first, end), "msgid and msgstr must both end in \\n, or neither"
        if bad is None:
            continue
        found.append(make("I18N009", f"{path.name}: {why}; this entry was not imported",
                          Span(_shown(path), bad + 1, 1), "msgfmt -c names the same line; fix it and import again."))
        for n in range(first, end):
            lines[n] = ""
    return "\n".join(lines), found


def _newline_mismatch(lines: list[str], first: int, end: int) -> int | None:
    import polib as _polib

    try:
        entries = _polib.pofile("\n".join(lines[first:end]) + "\n", wrapwidth=0)
    except (OSError, ValueError):
        return first
    for entry in entries:
        if not entry.msgid:
            continue
        for text in ([entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())):
            if text and text.endswith("\n") != entry.msgid.endswith("\n"):
                return next(n for n in range(first, end) if lines[n].startswith("msgstr"))
    return None


def _language_line(lines: list[str]) -> int:
    """The line of a PO's `Language:` header (1 when it has none, or for an XLIFF)."""
    return next((number for number, line in enumerate(lines, start=1) if line.startswith('"Language:')), 1)


def header_language(game: Game, written: str) -> str:
    """The language a PO's `Language:` header means, as the game names it: `fr_FR` or `fr-fr` is the game's
    `fr-FR` if it has one, else its `fr` (tools write the region the translator's system has)."""
    tag = written.strip().replace("_", "-")
    if not tag:
        return ""
    parts = tag.split("-")
    tag = "-".join([parts[0].lower()] + [p.upper() if len(p) == 2 else p.title() if len(p) == 4 else p
                                         for p in parts[1:]])
    known = set(game.manifest.languages) | set(game.translations)
    if tag in known or language_problem(tag):     # not a language: refused as written, never mapped
        return tag
    return parts[0].lower() if parts[0].lower() in known else tag


def _error_line(error: Exception) -> int:
    import re

    found = re.search(r"line (\d+)", str(error))
    return int(found.group(1)) if found else 1


def _msgstr_line(lines: list[str], message: polib.POEntry) -> int:
    """The line of an entry's msgstr (where the translation to fix is), from the entry's first line; `lines`
    are the PO file's (none for XLIFF)."""
    line = getattr(message, "linenum", 0) or 0
    if not line or not lines:
        return max(line, 1)
    for number in range(line, min(len(lines), line + 200) + 1):
        if lines[number - 1].startswith("msgstr"):
            return number
    return line


def _form_line(lines: list[str], first: int, index: int) -> int:
    """The line of `msgstr[index]` in the entry whose first msgstr is at line `first` (XLIFF: the unit's line)."""
    for number in range(first, min(len(lines), first + 20) + 1):
        if lines[number - 1].startswith(f"msgstr[{index}]"):
            return number
    return first


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8", errors="replace").splitlines()


def _shown(path: Path):
    from generator.load.yaml_nodes import display_path

    return display_path(path)
