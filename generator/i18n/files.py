"""Writing translation files: start one for a language, stamp entries with their source fingerprint.

Both rewrite the whole file in a stable layout (keys in source order, prose as
`|` blocks), so YAML comments in a translation file are not kept.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml

from generator.load.yaml_nodes import _CoreResolver, yaml11_reading
from generator.model import Game
from generator.model.texts import iter_texts
from generator.model.translations import Entry, fingerprint


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


_OURS = _CoreResolver()


def _reads_as_other_than_text(value: str) -> bool:
    """True when Imprenta (YAML 1.2) or a YAML 1.1 tool would not read the plain value as text."""
    return _OURS.resolve(yaml.ScalarNode, value, (True, False)) != "tag:yaml.org,2002:str" or \
        yaml11_reading(value) is not None


_Dumper.add_representer(str, _str)


def stamp(game: Game, language: str, all_entries: bool = False) -> tuple[Path, int]:
    """Record the current source fingerprint in entries that have none (or in all, with all_entries)."""
    translation = game.translations[language]
    sources = {text.key: text.text for text in iter_texts(game)}
    entries: dict[str, dict] = {}
    stamped = 0
    for key, entry in translation.content.entries.items():
        text = entry.text if isinstance(entry, Entry) else entry
        recorded = entry.source if isinstance(entry, Entry) else None
        if key in sources and (recorded is None or all_entries):
            new = fingerprint(sources[key])
            stamped += new != recorded
            recorded = new
        entries[key] = {"text": text, **({"source": recorded} if recorded else {})}
    ordered = {key: entries[key] for key in sources if key in entries}
    ordered.update({key: value for key, value in entries.items() if key not in ordered})
    path = game.folder / "i18n" / f"{language}.yaml"
    _write(path, {"language": language, "entries": ordered})
    return path, stamped


def init(game: Game, language: str) -> Path:
    """A new translation file with an empty entry for every source text (empty counts as missing)."""
    path = game.folder / "i18n" / f"{language}.yaml"
    if path.exists():
        raise FileExistsError(path)
    entries = {text.key: "" for text in iter_texts(game)}
    _write(path, {"language": language, "entries": entries})
    return path


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
