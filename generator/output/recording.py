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
the game's data (templates, fonts, profiles, Imprenta's words, the options and Imprenta itself) enters
every record whole: an over-approximation, never an under-one.
"""

from __future__ import annotations

import builtins
import dataclasses
import io
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from generator.shapes import Shape

Key = tuple      # ("field", path, name) | ("game", name) | ("get", kind, id) | ("names", kind, id)
                 # | ("entry", language, key) | ("entries", language) | ("edition", language, what)
                 # | ("file", relative path) | ("build", what) | ("recorded", key as JSON): its digest
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
        self.finish: Callable[[Recorder], list] | None = None   # the job's: reads → [key, digest] (records.finished)
        self.unchanged: Callable[[list], bool] | None = None    # the job's: a record's inputs are all as they were

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


@contextmanager
def part() -> Iterator[Recorder | None]:
    """Reads inside are recorded as the job's, and apart as well: the record of a part of a job (what an
    edition's pictures read), whose result a later job may reuse while that record is unchanged. None when
    nothing is recording."""
    global _active
    outer = _active
    if outer is None or outer.paused:
        yield None
        return
    inner = Recorder(outer.folder)
    inner.finish, inner.unchanged = outer.finish, outer.unchanged
    for key, value in outer.values.items():
        if key[0] == "build":          # what every part of the job reads whole (options, templates, version)
            inner.value(key, value)
    _active = inner
    try:
        yield inner
    finally:
        _active = outer
        for item in inner.order:
            if type(item[0]) is int:
                outer.field(inner.fields[item], item[1])
            else:
                outer.value(item, inner.values[item])


def replay(record: list) -> None:
    """A part's record, found unchanged, read again as the job's: the job's record is then what it would be
    had the part run (records.finished takes each key's digest as recorded)."""
    for key, digest in record:
        note(("recorded", json.dumps(key)), digest)


def note(key: Key, value: Any) -> None:
    """Record one input that is not a field read (a derived value, an entry, a build setting)."""
    if _active is not None and not _active.paused:
        _active.value(key, value)


_shape_getattribute = object.__getattribute__
_WHOLE = {"__dict__": "*", "_given": "_given"}      # every field at once; which fields the data gave


def _recording_shape_getattribute(self, name: str):
    # Called for every attribute of every hooked shape (a counter sheet reads ~20 per side): a read already
    # recorded costs one set lookup, and nothing else is called.
    value = _shape_getattribute(self, name)
    recorder = _active
    if recorder is not None and not recorder.paused:
        mark = (id(self), name)
        if mark not in recorder.fields:
            if name in type(self).model_fields:
                recorder.fields[mark] = self
                recorder.order.append(mark)
            elif name in _WHOLE:
                recorder.field(self, _WHOLE[name])
    return value


@contextmanager
def recording(folder: Path, classes: Iterable[type] | None = None) -> Iterator[Recorder]:
    """Record what the code inside reads from the game in `folder` (one job at a time, in its own process).

    `classes`: the classes of the game's own shapes (records.Places.shape_classes), the only ones hooked. A
    shape of another class (a layout's element, a print profile, one made while drawing) has no place in the
    game to be recorded under, so hooking it would only slow its reads down. Without: every shape's."""
    global _active
    from generator.model import Game

    recorder = Recorder(folder)
    hooked = [Shape] if classes is None else [cls for cls in classes if "__getattribute__" not in vars(cls)]
    # where the folder lies is not content: what is read from it is recorded as files
    game_fields = {field.name for field in dataclasses.fields(Game) if field.name != "folder"} | set(_HOOKED_GAME)
    original_get, original_names, original_getattribute = Game.get, Game.names, Game.__getattribute__

    def game_getattribute(self, name: str):
        value = original_getattribute(self, name)
        if name in game_fields and _active is not None and not _active.paused:
            _active.value(("game", name), value)
        return value

    def looked_up(what: str, original: Callable) -> Callable:
        def look_up(self, kind: str, id_: str):     # called per counter side and card: no context manager
            recorder = _active
            if recorder is None:
                return original(self, kind, id_)
            recorder.paused += 1
            try:
                found = original(self, kind, id_)
            finally:
                recorder.paused -= 1
            if not recorder.paused:
                recorder.value((what, kind, id_), found)
            return found
        return look_up

    get, names = looked_up("get", original_get), looked_up("names", original_names)

    original_open, original_io_open = builtins.open, io.open

    def recorded_open(file, mode="r", *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and "r" in mode and _active is not None:
            _read_file(Path(os.fsdecode(file)))
        return original_open(file, mode, *args, **kwargs)

    # A value derived from the game and kept from one use to the next (the map's outlines, which the check
    # built): made again here, so that what it is made from is recorded. Not imported when nothing made it yet
    # (it brings shapely and numpy, which a counter sheet never needs).
    outlines: Any = sys.modules.get("generator.derived.outlines")
    if outlines is not None:
        kept_outlines, outlines._BUILT = outlines._BUILT, {}
    from generator.load import images

    original_problem = images.image_problem

    def image_problem(path, *args, **kwargs):       # a picture found missing is not opened: it is read all the same
        if _active is not None:
            _read_file(Path(path))
        return original_problem(path, *args, **kwargs)

    images.image_problem = image_problem
    for cls in hooked:
        cls.__getattribute__ = _recording_shape_getattribute
    Game.__getattribute__, Game.get, Game.names = game_getattribute, get, names
    builtins.open = io.open = recorded_open
    _active = recorder
    try:
        yield recorder
    finally:
        _active = None
        for cls in hooked:
            del cls.__getattribute__
        Game.__getattribute__, Game.get, Game.names = original_getattribute, original_get, original_names
        builtins.open, io.open = original_open, original_io_open
        if outlines is not None:
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
                    cache[what] = EDITION_VALUES[what](Edition, self)
            return cache[what]

        def _noted(self, what: str):
            value = self._derived(what)
            shown = self.__dict__.setdefault("_shown", {})      # made once: a card's every mark asks for the marks
            if what not in shown:
                shown[what] = shown_value(what, value, self._derived("facts"))
            note(("edition", self.language, what), shown[what])
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


EDITION_VALUES: dict[str, Callable] = {
    "facts": lambda base, edition: base.facts.func(edition),
    "numbers": lambda base, edition: base.numbers.func(edition),
    "words": lambda base, edition: base.words.func(edition),
    "marks": lambda base, edition: base._numbers.func(edition),
    "entries": lambda base, edition: base._entries.func(edition),
}


def shown_value(what: str, value, facts):
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
