"""What a render job read, recorded while it runs: the job's inputs are exactly that, nothing listed by hand.

While a job runs, every field a renderer reads from the game's shapes is noted (a hook on the shapes' attribute
lookup, on in the job's own process only), as are the game's collections it walks, the entities it looks up,
the translation entries it asks for, the derived values it uses (the unknown facts and their numbering, the
section numbers, Imprenta's words in the edition's language: each taken as its result, whatever it was
computed from), the files it opens in the game folder and the files its fields name. After the job, each
input is keyed by where it lives in the game (`cards #destiny-03 .title`) and digested. The next build
recomputes those digests on the newly loaded game: the output is kept when all are equal, else rebuilt, and
the first one that differs says why (`imprenta build --explain`). Like Sphinx's environment dependencies and
the verifying traces of build systems à la carte (Mokhov, Mitchell, Peyton Jones), a new field or collection
cannot be forgotten, since nothing declares what an output reads.

A value read is digested shallowly: a shape inside it stands for where it lives in the game (or, if it is not
part of the game, for all of its fields), since reading its fields is recorded in turn. What is not part of
the game's data (templates, fonts, profiles, Imprenta's words, the options and Imprenta's version) enters
every record whole: an over-approximation, never an under-one.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import io
import json
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from generator.shapes import Shape

Key = tuple      # ("field", path, name) | ("game", name) | ("get", kind, id) | ("names", kind, id)
                 # | ("entry", language, key) | ("entries", language) | ("edition", language, what)
                 # | ("file", relative path) | ("build", what)
_HOOKED_GAME = ("entities", "texts", "_hex_ids")   # the game's cached indexes, read as attributes
_active: Recorder | None = None


class Recorder:
    """The reads of one job, in the order first made (the first that changed is the one --explain names)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self.fields: dict[tuple[int, str], Shape] = {}     # (id of a shape, field or "*") → the shape
        self.values: dict[Key, Any] = {}                   # any other key → the value read
        self.order: list = []                              # field reads and keys, interleaved in read order
        self.paused = 0

    def field(self, shape: Shape, name: str) -> None:
        mark = (id(shape), name)
        if mark not in self.fields:
            self.fields[mark] = shape
            self.order.append(mark)

    def value(self, key: Key, value: Any) -> None:
        if key not in self.values:
            self.values[key] = value
            self.order.append(key)


@contextmanager
def paused() -> Iterator[None]:
    """Reads inside are not recorded: a derived value is recorded as its result, not what it was made of."""
    recorder = _active
    if recorder is not None:
        recorder.paused += 1
    try:
        yield
    finally:
        if recorder is not None:
            recorder.paused -= 1


def note(key: Key, value: Any) -> None:
    """Record one input that is not a field read (a derived value, an entry, a build setting)."""
    if _active is not None and not _active.paused:
        _active.value(key, value)


_shape_getattribute = object.__getattribute__


def _recording_shape_getattribute(self, name: str):
    value = _shape_getattribute(self, name)
    recorder = _active
    if recorder is not None and not recorder.paused:
        if name in type(self).model_fields:
            recorder.field(self, name)
        elif name == "__dict__":
            recorder.field(self, "*")
    return value


@contextmanager
def recording(folder: Path) -> Iterator[Recorder]:
    """Record what the code inside reads from the game in `folder` (one job at a time, in its own process)."""
    global _active
    from generator.model import Game

    recorder = Recorder(folder)
    # where the folder lies is not content: what is read from it is recorded as files
    game_fields = {field.name for field in dataclasses.fields(Game) if field.name != "folder"} | set(_HOOKED_GAME)
    original_get, original_names, original_getattribute = Game.get, Game.names, Game.__getattribute__

    def game_getattribute(self, name: str):
        value = original_getattribute(self, name)
        if name in game_fields and _active is not None and not _active.paused:
            _active.value(("game", name), value)
        return value

    def get(self, kind: str, id_: str):
        with paused():
            found = original_get(self, kind, id_)
        note(("get", kind, id_), found)
        return found

    def names(self, kind: str, id_: str) -> bool:
        with paused():
            named = original_names(self, kind, id_)
        note(("names", kind, id_), named)
        return named

    original_open, original_io_open = builtins.open, io.open

    def recorded_open(file, mode="r", *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and "r" in mode and _active is not None:
            _read_file(Path(os.fsdecode(file)))
        return original_open(file, mode, *args, **kwargs)

    from generator.derived import outlines

    # A value derived from the game and kept from one use to the next (the map's outlines, which the check
    # built): made again here, so that what it is made from is recorded.
    kept_outlines, outlines._BUILT = outlines._BUILT, {}
    from generator.load import images

    original_problem = images.image_problem

    def image_problem(path, *args, **kwargs):       # a picture found missing is not opened: it is read all the same
        if _active is not None:
            _read_file(Path(path))
        return original_problem(path, *args, **kwargs)

    images.image_problem = image_problem
    Shape.__getattribute__ = _recording_shape_getattribute
    Game.__getattribute__, Game.get, Game.names = game_getattribute, get, names
    builtins.open = io.open = recorded_open
    _active = recorder
    try:
        yield recorder
    finally:
        _active = None
        del Shape.__getattribute__
        Game.__getattribute__, Game.get, Game.names = original_getattribute, original_get, original_names
        builtins.open, io.open = original_open, original_io_open
        outlines._BUILT = kept_outlines
        images.image_problem = original_problem


def _read_file(path: Path) -> None:
    recorder = _active
    try:
        relative = path.resolve().relative_to(recorder.folder)
    except (ValueError, OSError):
        return          # outside the game folder: Imprenta's templates and fonts enter every record whole
    if relative.parts and relative.parts[0] not in ("build",):
        recorder.value(("file", relative.as_posix()), None)


# ------------------------------------------------------------------------------------------------ the game's map


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
            for index, item in enumerate(value):
                self._walk(item, path + (_segment(value, index, item),))
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, (Shape, tuple, list, dict)):
                    self._walk(item, path + (f".{key}",))

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


def _segment(items, index: int, item) -> str:
    """An item of a list by its id when it has one (an edit elsewhere in the list does not move it)."""
    ident = _id_of(item)
    if ident is not None and sum(1 for other in items if _id_of(other) == ident) == 1:
        return f"#{ident}"
    return f"[{index}"


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


# --------------------------------------------------------------------------------------------------- digests


def shallow(value, places: Places, folder: Path, files: set[str] | None = None, depth: int = 0):
    """A value as plain data: a shape of the game stands for its place (its fields are recorded as read); one
    that is not the game's, for all its fields. A text that names a file of the game folder adds the file."""
    if depth > 60:
        return "…deep"
    if isinstance(value, Shape):
        place = places.path_of.get(id(value))
        if place is not None:
            return ["shape", type(value).__name__, list(place)]
        contents = object.__getattribute__(value, "__dict__")
        return ["new", type(value).__name__, {name: shallow(contents.get(name), places, folder, files, depth + 1)
                                              for name in type(value).model_fields}]
    if value is None or type(value) in (bool, int, float, str):
        if files is not None and type(value) is str:
            _named_file(value, folder, files)
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


def digest(data) -> str:
    return hashlib.sha256(json.dumps(data, ensure_ascii=False, sort_keys=True, default=str).encode()
                          ).hexdigest()[:20]


def file_digest(folder: Path, relative: str) -> str:
    from generator.output.fingerprints import _file_digest

    return _file_digest(str(folder / relative))


# ------------------------------------------------------------------------------------------- a job's record


def finished(recorder: Recorder, game, places: Places | None = None) -> list[list]:
    """The job's record: [key, digest] for every input it read, in the order first read."""
    places = places or Places(game)
    folder = recorder.folder
    files: set[str] = set()
    record, seen = [], set()
    for item in recorder.order:
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], int):
            shape = recorder.fields[item]
            path = places.path_of.get(id(shape))
            if path is None:
                continue          # not the game's (a print profile, a shape made while drawing from fields read)
            key = ("field", list(path), item[1])
            value = _read_field(shape, item[1])
        else:
            key = item
            value = recorder.values[item]
            if key[0] == "file":
                files.add(key[1])
                continue
        data = shallow(value, places, folder, files)
        encoded = json.dumps(key, default=list)
        if encoded not in seen:
            seen.add(encoded)
            record.append([json.loads(encoded), digest(data)])
    for relative in sorted(files):
        record.append([["file", relative], file_digest(folder, relative)])
    if any(key[:2] == ["build", "everything"] for key, _ in record):
        # It read the whole game at once (a cache keyed on it): what else it read, or found already drawn in that
        # cache, adds nothing, and leaving it out keeps the record the same however warm the cache was.
        record = [[key, value] for key, value in record if key[0] == "build"]
    return record


def _read_field(shape: Shape, name: str):
    contents = object.__getattribute__(shape, "__dict__")
    if name == "*":
        return {field: contents.get(field) for field in type(shape).model_fields}
    return contents.get(name)


class Current:
    """The digests of recorded inputs, taken again from a newly loaded game (no hooks: nothing is recorded)."""

    def __init__(self, game, build: Callable[[str], Any]) -> None:
        self.game, self.folder = game, Path(game.folder).resolve()
        self.places = Places(game)
        self._build, self._editions = build, {}
        self._cache: dict[str, str] = {}

    def digest_of(self, key: list) -> str:
        encoded = json.dumps(key)
        if encoded not in self._cache:
            self._cache[encoded] = self._digest(key)
        return self._cache[encoded]

    def _digest(self, key: list) -> str:
        kind = key[0]
        if kind == "file":
            return file_digest(self.folder, key[1])
        if kind == "field":
            shape = self.places.find(tuple(key[1]))
            if not isinstance(shape, Shape) or (key[2] != "*" and key[2] not in type(shape).model_fields):
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
                "imprenta": "Imprenta's version", "everything": "the game (a play module's pictures)"
                }.get(key[1], key[1])
    return str(key)


def _place_words(path: list) -> str:
    words = []
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


# ------------------------------------------------------------------------------------- the edition's values


def recorded_edition(game, language: str):
    """An edition whose derived values (its unknown facts and their marks, section numbers, Imprenta's words,
    its translation's entries) are each recorded as the value a renderer was given."""
    from generator.render.edition import Edition

    class RecordedEdition(Edition):
        def _derived(self, what: str):
            cache = self.__dict__.setdefault("_recorded", {})
            if what not in cache:
                with paused():
                    cache[what] = _EDITION_VALUES[what](Edition, self)
            return cache[what]

        def _noted(self, what: str):
            value = self._derived(what)
            note(("edition", self.language, what), _shown(what, value, self._derived("facts")))
            return value

        facts = property(lambda self: self._noted("facts"))
        numbers = property(lambda self: self._noted("numbers"))
        words = property(lambda self: self._noted("words"))

        @property
        def _numbers(self):
            return self._noted("marks")

        @property
        def _entries(self):
            return _Entries(self.language, self._derived("entries"))

    return RecordedEdition(game, language)


_EDITION_VALUES: dict[str, Callable] = {
    "facts": lambda base, edition: base.facts.func(edition),
    "numbers": lambda base, edition: base.numbers.func(edition),
    "words": lambda base, edition: base.words.func(edition),
    "marks": lambda base, edition: base._numbers.func(edition),
    "entries": lambda base, edition: base._entries.func(edition),
}


def _shown(what: str, value, facts):
    """What a derived value tells a renderer, as data: marks are looked up by the value's identity, so they are
    recorded as what each fact is about and its number."""
    if what == "marks":
        return [[fact.owner, fact.field, fact.number, fact.value] for fact in facts]
    if what == "words":
        return [dict(value), value.forms]
    if what == "facts":         # a proof sheet prints where each is declared by file and line, never by column
        return [[fact.number, fact.owner, fact.field, [str(fact.span.file), fact.span.line] if fact.span else None,
                 fact.reason, fact.assumed, fact.key, fact.value] for fact in facts]
    return value


class _Entries(dict):
    """A translation's entries that record each one asked for (all of them when walked)."""

    def __init__(self, language: str, entries: dict) -> None:
        super().__init__(entries)
        self.language = language

    def get(self, key, default=None):
        note(("entry", self.language, key), dict.get(self, key))
        return dict.get(self, key, default)

    def __getitem__(self, key):
        note(("entry", self.language, key), dict.get(self, key))
        return dict.__getitem__(self, key)

    def __contains__(self, key) -> bool:
        note(("entry", self.language, key), dict.get(self, key))
        return dict.__contains__(self, key)

    def _all(self):
        note(("entries", self.language), dict(dict.items(self)))

    def __iter__(self):
        self._all()
        return dict.__iter__(self)

    def keys(self):
        self._all()
        return dict.keys(self)

    def items(self):
        self._all()
        return dict.items(self)

    def values(self):
        self._all()
        return dict.values(self)

    def __len__(self) -> int:
        self._all()
        return dict.__len__(self)


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
    if what not in _EDITION_VALUES:
        return ["unknown value"]
    return _shown(what, getattr(edition, "_numbers" if what == "marks" else what), edition.facts)
