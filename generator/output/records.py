"""A render job's record of inputs: where each input lives in the game, its digest then and now, and its name.

generator/output/recording.py notes what a job reads; here each read becomes a key (`["field", ["cards",
"#destiny-03"], "title"]`) and a digest, the same keys are digested again in a newly loaded game, and a key is
named as a reader would name it (`card 'destiny-03' field 'title'`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.output.recording import EDITION_VALUES, Recorder, shown_value
from generator.shapes import Shape

if TYPE_CHECKING:
    from generator.render.edition import Edition


class Places:
    """Where each shape of a game lives, as a path from the game (`("cards", "#destiny-03")`), and back."""

    def __init__(self, game) -> None:
        self.game = game
        self.path_of: dict[int, tuple] = {}
        self._found: dict[tuple, Any] = {(): game}
        for field in dataclasses.fields(game):
            if field.name in ("folder", "rejected"):
                continue
            value = object.__getattribute__(game, field.name)
            if field.name == "translations":
                for language, translation in sorted(value.items()):
                    self._walk(translation.content, ("translations", f".{language}", "content"))
            else:
                self._walk(value, (field.name,))

    def _walk(self, value, path: tuple) -> None:
        if isinstance(value, Shape):
            if id(value) in self.path_of:
                return
            self.path_of[id(value)] = path
            self._found[path] = value
            contents = object.__getattribute__(value, "__dict__")
            for name in type(value).model_fields:
                inner = contents.get(name)
                if isinstance(inner, (Shape, tuple, list, dict)):
                    self._walk(inner, path + (name,))
        elif isinstance(value, (tuple, list)):
            ids = [_id_of(item) for item in value]
            once = {ident for ident, count in Counter(ids).items() if count == 1 and ident is not None}
            for index, item in enumerate(value):
                # an item by its id when it has one (an edit elsewhere in the list does not move it)
                self._walk(item, path + (f"#{ids[index]}" if ids[index] in once else f"[{index}",))
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, (Shape, tuple, list, dict)):
                    self._walk(item, path + (f".{key}",))

    def shape_classes(self) -> set[type]:
        """The classes of the game's shapes: the only ones whose reads a record can name."""
        return {type(value) for value in self._found.values() if isinstance(value, Shape)}

    def find(self, path: tuple):
        """The shape at `path` in this game, or None."""
        if path in self._found:
            return self._found[path]
        found = self.find(path[:-1]) if path else None
        if found is None:
            return None
        step = path[-1]
        try:
            if isinstance(found, Shape) or not isinstance(found, (tuple, list, dict)):
                value = _field_value(found, step)
            elif isinstance(found, dict):
                value = found.get(step[1:])
            elif step.startswith("#"):
                value = next((item for item in found if _id_of(item) == step[1:]), None)
            else:
                value = found[int(step[1:])] if int(step[1:]) < len(found) else None
        except (ValueError, AttributeError, TypeError):
            value = None
        self._found[path] = value
        return value


def _id_of(item) -> str | None:
    if isinstance(item, Shape) and "id" in type(item).model_fields:
        ident = object.__getattribute__(item, "__dict__").get("id")
        return ident if isinstance(ident, str) else None
    return None


def _field_value(shape, name: str):
    if isinstance(shape, Shape):
        return object.__getattribute__(shape, "__dict__").get(name)
    if dataclasses.is_dataclass(shape):
        return object.__getattribute__(shape, name)
    return None


def shallow(value, places: Places, folder: Path, files: set[str] | None = None, depth: int = 0):
    """A value as plain data: a shape of the game stands for its place (its fields are recorded as read); one
    that is not the game's, for all its fields. A text that names a file of the game folder adds the file."""
    if depth > 60:
        return "…deep"
    if type(value) is str:          # first: most values read are texts
        if files is not None:
            _named_file(value, folder, files)
        return value
    if isinstance(value, Shape):
        place = places.path_of.get(id(value))
        if place is not None:
            return ["shape", type(value).__name__, list(place)]
        contents = object.__getattribute__(value, "__dict__")
        return ["new", type(value).__name__, {name: shallow(contents.get(name), places, folder, files, depth + 1)
                                              for name in type(value).model_fields}]
    if value is None or type(value) in (bool, int, float):
        return value
    if isinstance(value, (str, int, float)):          # an assumed number or id: its kind counts (a mark)
        return [type(value).__name__, str(value), shallow(getattr(value, "unknown", None), places, folder)]
    if isinstance(value, (tuple, list)):
        return [shallow(item, places, folder, files, depth + 1) for item in value]
    if isinstance(value, dict):
        return [[str(key), shallow(item, places, folder, files, depth + 1)] for key, item in value.items()]
    if isinstance(value, (set, frozenset)):
        return sorted(json.dumps(shallow(item, places, folder, files, depth + 1), default=str) for item in value)
    if isinstance(value, Path):
        return ["path", str(value)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__] + [shallow(object.__getattribute__(value, field.name), places, folder, files,
                                                 depth + 1)
                                         for field in dataclasses.fields(value) if field.name != "document"]
    if type(value).__name__ == "Document":
        return "document"        # where the YAML was read: places, not content (diagnostics only)
    shown = repr(value)
    return [type(value).__name__, shown if " at 0x" not in shown else ""]


def _named_file(text: str, folder: Path, files: set[str]) -> None:
    """A text naming a file of the game folder (a picture, a GeoJSON…) records the file: also one missing now,
    whose arrival must rebuild what drew a placeholder for it."""
    if 0 < len(text) < 260 and "\n" not in text and "." in text and not text.startswith(("/", "..")):
        try:
            if _FILE_NAME.fullmatch(text) or (folder / text).is_file():
                files.add(text)
        except (OSError, ValueError):
            pass


_FILE_NAME = re.compile(r"[\w./ -]+\.(png|jpe?g|gif|webp|tiff?|svg|geojson|json|ya?ml|csv|txt|ttf|otf)", re.I)


def _canonical_encoder() -> Callable[[Any], str]:
    """`json.dumps(data, ensure_ascii=False, sort_keys=True, default=str)`, with json's C encoder made once
    rather than once per call (a counter sheet digests thousands of small values). No check for cycles:
    `shallow` makes plain data of bounded depth."""
    from json import encoder

    make = getattr(encoder, "c_make_encoder", None)      # None where json has no C accelerator
    if make is None:
        return json.JSONEncoder(ensure_ascii=False, sort_keys=True, default=str).encode
    chunks = make(None, str, encoder.encode_basestring, None, ": ", ", ", True, False, True)
    quoted = encoder.encode_basestring

    def canonical(data) -> str:
        return quoted(data) if type(data) is str else "".join(chunks(data, 0))
    return canonical


canonical = _canonical_encoder()


def digest(data) -> str:
    return _digest_of_text(canonical(data))


@lru_cache(maxsize=8192)
def _digest_of_text(text: str) -> str:
    """A value's digest from its JSON: the same few values (a kind, a faction, a small number) are read on
    every counter."""
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def file_digest(folder: Path, relative: str) -> str:
    from generator.output.digests import file_digest_of

    return file_digest_of(str(folder / relative))


def finished(recorder: Recorder, game, places: Places | None = None) -> list[list]:
    """The job's record: [key, digest] for every input it read, in the order first read."""
    places = places or Places(game)
    folder = recorder.folder
    files: set[str] = set()
    record: list[list] = []
    seen: set = set()
    scalars: dict[tuple[type, Any], str] = {}      # (type, value) → digest: True and 1 are digested apart
    for item in recorder.order:
        if type(item[0]) is int:           # (id of a shape, field): each read once, and one place per shape
            shape = recorder.fields[item]
            path = places.path_of.get(id(shape))
            if path is None:
                continue          # not the game's (a print profile, a shape made while drawing from fields read)
            key: Any = ["field", list(path), item[1]]     # a place's steps and a field's name are text: JSON's
            if ("field", path, item[1]) in seen:      # _frozen(key), made without walking it: thousands a sheet
                continue
            seen.add(("field", path, item[1]))
            value = _read_field(shape, item[1])
            plain = type(value)
            if plain in _SCALARS:         # most fields read are texts and numbers: one look-up, not JSON each time
                if plain is str:
                    _named_file(value, folder, files)
                found = scalars.get((plain, value))
                if found is None:
                    found = scalars[(plain, value)] = digest(value)
                record.append([key, found])
            else:
                record.append([key, digest(shallow(value, places, folder, files))])
            continue
        elif item[0] == "recorded":      # a reused part's input (recording.replay), its digest as recorded
            key = json.loads(item[1])
            if key[0] == "file":
                files.add(key[1])
                continue
            if _once(key, seen):
                record.append([key, recorder.values[item]])
            continue
        else:
            if item[0] == "file":
                files.add(item[1])
                continue
            key = json.loads(json.dumps(item, default=list))
            data = shallow(recorder.values[item], places, folder, files)
        if _once(key, seen):
            record.append([key, digest(data)])
    for relative in sorted(files):
        record.append([["file", relative], file_digest(folder, relative)])
    return record


_SCALARS = frozenset({str, int, bool, type(None)})   # given back by `shallow` as themselves (not float: -0.0 == 0.0)


def _once(key: list, seen: set) -> bool:
    """Whether `key` is read here for the first time (a part replayed and the job may both have read it)."""
    seen_as = _frozen(key)
    if seen_as in seen:
        return False
    seen.add(seen_as)
    return True


def _frozen(key):
    """A key as a value a set can hold: its lists as tuples (a field's key, ["field", [steps], name], is then
    ("field", (steps), name)), anything else as its JSON."""
    if type(key) is list:
        return tuple(_frozen(part) for part in key)
    return key if key is None or type(key) in (str, int, float, bool) else ("json", canonical(key))


def _read_field(shape: Shape, name: str):
    if name == "_given":
        return sorted(object.__getattribute__(shape, "_given"))
    contents = object.__getattribute__(shape, "__dict__")
    if name == "*":
        return {field: contents.get(field) for field in type(shape).model_fields}
    return contents.get(name)


class Current:
    """The digests of recorded inputs, taken again from a newly loaded game (no hooks: nothing is recorded)."""

    def __init__(self, game, build: Callable[[str], Any], places: Places | None = None) -> None:
        self.game, self.folder = game, Path(game.folder).resolve()
        self.places = places or Places(game)
        self._build = build
        self._editions: dict[str, Edition] = {}
        self._cache: dict[str, str] = {}

    def digest_of(self, key: list) -> str:
        encoded = repr(key)      # as unique as JSON for what JSON loads, and several times faster (20,000 keys)
        if encoded not in self._cache:
            self._cache[encoded] = self._digest(key)
        return self._cache[encoded]

    def _digest(self, key: list) -> str:
        kind = key[0]
        if kind == "file":
            return file_digest(self.folder, key[1])
        if kind == "field":
            shape = self.places.find(tuple(key[1]))
            if not isinstance(shape, Shape) or (key[2] not in ("*", "_given") and
                                                 key[2] not in type(shape).model_fields):
                value: Any = ["gone"]
            else:
                value = _read_field(shape, key[2])
        elif kind == "game":
            value = object.__getattribute__(self.game, key[1])
        elif kind == "get":
            value = self.game.get(key[1], key[2])
        elif kind == "names":
            value = self.game.names(key[1], key[2])
        elif kind == "build":
            value = self._build(*key[1:])
        elif kind in ("entry", "entries", "edition"):
            value = edition_input(self._editions, self.game, key)
        else:
            value = ["unknown key"]
        return digest(shallow(value, self.places, self.folder, set()))

    def first_change(self, record: list[list]) -> list | None:
        """The first recorded input whose digest differs now, or None when every one is the same."""
        for key, recorded in record:
            if self.digest_of(key) != recorded:
                return key
        return None


def describe(key: list) -> str:
    """An input as a reader names it: `card 'destiny-03' field 'title'`, `file art/x.png`, `the options`."""
    kind = key[0]
    if kind == "field":
        return _place_words(key[1]) + ("" if key[2] == "*" else f" field '{key[2]}'")
    if kind == "game":
        return f"the game's {key[1]}"
    if kind in ("get", "names"):
        return f"whether there is a {key[1]} '{key[2]}'"
    if kind == "entry":
        return f"translation ({key[1]}) '{key[2]}'"
    if kind == "entries":
        return f"the translation ({key[1]})"
    if kind == "edition":
        return {"facts": "the unknown facts", "numbers": "the section numbers", "words": "Imprenta's words",
                "marks": "the unknown marks' numbering"}.get(key[2], key[2]) + f" ({key[1]})"
    if kind == "file":
        return f"file {key[1]}"
    if kind == "build":
        return {"options": "the profile or options", "templates": "the templates, fonts or profiles",
                "imprenta": "Imprenta itself (its version, code, templates or fonts)",
                "since": "what prints differently since the earlier version"
                }.get(key[1], key[1])
    return str(key)


def _place_words(path: list) -> str:
    words: list[str] = []
    for step in path:
        if step.startswith("#"):
            words[-1:] = [f"{_singular(words[-1]) if words else ''} '{step[1:]}'".strip()]
        elif step.startswith("["):
            words.append(f"#{int(step[1:]) + 1}")
        elif step.startswith("."):
            words.append(f"'{step[1:]}'")
        else:
            words.append(step)
    return " ".join(words)


def _singular(name: str) -> str:
    for plural, single in (("pieces", "piece"), ("mixes", "mix"), ("entries", "entry"), ("ies", "y")):
        if name.endswith(plural):
            return name[: -len(plural)] + single
    return name[:-1] if name.endswith("s") else name



def edition_input(editions: dict, game, key: list):
    """The value of an ("entry" | "entries" | "edition", language, …) input in `game`, as recorded."""
    from generator.render.edition import Edition

    language = key[1]
    if language not in editions:
        editions[language] = Edition(game, language)
    edition = editions[language]
    if key[0] == "entry":
        return edition._entries.get(key[2])
    if key[0] == "entries":
        return dict(edition._entries)
    what = key[2]
    if what not in EDITION_VALUES:
        return ["unknown value"]
    return shown_value(what, getattr(edition, "_numbers" if what == "marks" else what), edition.facts)
