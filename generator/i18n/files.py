"""Writing translation files: start one for a language, stamp entries with their source fingerprint.

Both rewrite the whole file in a stable layout (keys in source order, prose as
`|` blocks), so YAML comments in a translation file are not kept.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml

from generator.derived.printed import WORDS, plural_keys, printed_texts, source_fingerprint, word
from generator.load.yaml_schema import CoreResolver, yaml11_reading
from generator.model import Game
from generator.model.translations import Entry


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, value: str):
    if "\n" in value:
        style = "|"
    elif _reads_as_other_than_text(value):
        style = "'"  # "439214e700" is a float and "no" a boolean to some YAML reader: quote them
    else:
        style = None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_OURS = CoreResolver()


def _reads_as_other_than_text(value: str) -> bool:
    """True when Imprenta (YAML 1.2) or a YAML 1.1 tool would not read the plain value as text."""
    return _OURS.resolve(yaml.ScalarNode, value, (True, False)) != "tag:yaml.org,2002:str" or \
        yaml11_reading(value) is not None


_Dumper.add_representer(str, _str)


def stamp(game: Game, language: str, all_entries: bool = False) -> tuple[Path, int]:
    """Record the current source fingerprint in entries that have none (or in all, with all_entries)."""
    translation = game.translations[language]
    sources = source_stamps(game, language)
    entries: dict[str, dict] = {}
    stamped = 0
    for key, entry in translation.content.entries.items():
        text = entry.text if isinstance(entry, Entry) else entry
        recorded = entry.source if isinstance(entry, Entry) else None
        if key in sources and (recorded is None or all_entries):
            new = sources[key]
            stamped += new != recorded
            recorded = new
        entries[key] = entry_data(text, recorded, isinstance(entry, Entry) and entry.review)
    return write_entries(game, language, entries), stamped


def source_stamps(game: Game, language: str) -> dict[str, str]:
    """Translation key → the fingerprint of its source, in source order (a plural text: one key per form)."""
    return {key: source_fingerprint(text) for text in printed_texts(game) for key in plural_keys(text, language)}


def entry_data(text: str, stamp: str | None, review: bool = False) -> dict:
    return {"text": text, **({"source": stamp} if stamp else {}), **({"review": True} if review else {})}


def write_entries(game: Game, language: str, entries: dict[str, dict]) -> Path:
    """Rewrite i18n/<language>.yaml with these entries: keys in source order, unknown keys last."""
    order = source_stamps(game, language)
    ordered = {key: entries[key] for key in order if key in entries}
    ordered.update({key: value for key, value in entries.items() if key not in ordered})
    path = game.folder / "i18n" / f"{language}.yaml"
    _write(path, {"language": language, "entries": ordered})
    return path


def init(game: Game, language: str) -> tuple[Path, int]:
    """A new translation file with an empty entry for every source text (empty counts as missing); its path
    and how many entries it holds."""
    path = game.folder / "i18n" / f"{language}.yaml"
    if path.exists():
        raise FileExistsError(path)
    entries = {key: "" for text in printed_texts(game) if not _shipped_word(game, language, text.key)
               for key in plural_keys(text, language)}
    _write(path, {"language": language, "entries": entries})
    return path, len(entries)


def _shipped_word(game: Game, language: str, key: str) -> bool:
    """Whether Imprenta ships this word of its own in the language (the game need not translate it)."""
    return key.startswith(WORDS) and word(game, language, key[len(WORDS):])[1] == "shipped"


def _write(path: Path, data: dict) -> None:
    replace_file(path, yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100).encode("utf-8"))


def replace_file(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (a temporary file beside it, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
