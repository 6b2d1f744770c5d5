"""Property: generator.shapes validates like pydantic v2, the library it stands in for.

Every content shape gets a pydantic twin built from the same declaration
(fields, defaults, bounds, the same conversion functions). Real items of the
seed games, layouts, profiles and translation files are damaged at a random
place, then validated by both: the values must be equal when both accept,
and the diagnostics a user reads (code, message, file, line, column) equal
when either refuses.
"""

from __future__ import annotations

import copy
import json
import math
import random
import types
import typing
from pathlib import Path

import pydantic
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic_core import PydanticCustomError

from generator import shapes
from generator.load import content_files, translation_files
from generator.load.validation import _diagnostics, validate
from generator.load.yaml_nodes import Document, load_file
from generator.model.common import model_in
from generator.model.content import ContentFile
from generator.model.translations import TranslationFile
from generator.pipeline import game_folders
from generator.render.paper.profiles import PrintProfile
from generator.render.sheets.layouts import Layout

ROOT = Path(__file__).resolve().parent.parent.parent
POOL = [None, True, False, 0, -1, 3, 2.5, 7.0, 1e309, "", "3", "-2", "2.5", "x", "Big_Id", "0.5in", "12,7mm", "5-6",
        "6-1", "2d6", "d66", " 3 ", "1_000", "+3", "3.0", "0x10", "1e3", "inf", "nan", " yes ", "TRUE", "\u0663", "2 ", "#a0a0a0", "#zzz", "yes", "off", "none", "poker", [], [1, 2], [1, 2, 3], ["a"], {},
        {"unknown": "why"}, {"cmyk": [0, 10, 20, 30]}, {"width": 10, "height": "1in"}, {"colour": 1}]
EXTRA_KEYS = ["colour", "id", "name", "in", "in_", "unknown", "values", "text", "copies", "x"]


def _items() -> list[tuple[Document, tuple, type[shapes.Shape]]]:
    """(document, path, shape) of every validated value: collection items, manifests, layouts, profiles."""
    found = []
    for folder in game_folders(ROOT / "content"):
        for path in content_files(folder):
            document, _ = load_file(path)
            for key, value in document.data.items():
                model = model_in(ContentFile.model_fields[key].annotation)
                paths = [(key, index) for index in range(len(value))] if isinstance(value, list) else [(key,)]
                found.extend((document, item, model) for item in paths)
        for path in translation_files(folder):
            found.append((load_file(path)[0], (), TranslationFile))
    found.extend((load_file(path)[0], (), Layout) for path in sorted((ROOT / "templates/layouts").rglob("*.yaml")))
    found.extend((load_file(path)[0], (), PrintProfile) for path in sorted((ROOT / "templates/profiles").glob("*")))
    return found


ITEMS = _items()
_TWINS: dict[type, typing.Any] = {}


def twin(shape: type[shapes.Shape]) -> typing.Any:
    """The pydantic model declared like `shape` (a forward reference while it is being built)."""
    if shape in _TWINS:
        return _TWINS[shape]
    _TWINS[shape] = shape.__name__
    fields = {}
    for name, info in shape.model_fields.items():
        declared = typing.Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
        options = {option: getattr(info, option) for option in ("alias", "ge", "gt", "le", "lt", "pattern")
                   if getattr(info, option) is not None}
        if info.default_factory is not None:
            options["default_factory"] = lambda make=info.default_factory: _as_twin(make())
        elif not info.is_required():
            options["default"] = info.default
        fields[name] = (_twin_type(declared), pydantic.Field(validate_default=info.validate_default, **options))
    validators = {f"after_{index}": pydantic.model_validator(mode="after")(method)
                  for index, method in enumerate(shape._after)}
    model = pydantic.create_model(shape.__name__, __validators__=validators, __config__=pydantic.ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True), **fields)
    model.model_rebuild(_types_namespace={shape.__name__: model})
    _TWINS[shape] = model
    return model


def _twin_type(annotation: typing.Any) -> typing.Any:
    if isinstance(annotation, type) and issubclass(annotation, shapes.Shape):
        return twin(annotation)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        before = [pydantic.BeforeValidator(_as_pydantic_error(item.func)) for item in annotation.__metadata__
                  if isinstance(item, shapes.BeforeValidator)]
        return typing.Annotated[(_twin_type(annotation.__origin__), *before)] if before else \
            _twin_type(annotation.__origin__)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[tuple(_twin_type(arg) for arg in args)]   # noqa: UP007 (a Union made from a tuple)
    if origin in (list, dict, tuple):
        return origin[tuple(_twin_type(arg) if arg is not Ellipsis else arg for arg in args)]
    if annotation is float:        # Imprenta's numbers are finite and of sane size, as if declared so on every field
        return typing.Annotated[float, pydantic.BeforeValidator(_bounded)]
    return annotation


def _bounded(value):
    """Refuses what Imprenta's float refuses, before pydantic's own parsing and bounds (as Imprenta orders them)."""
    from generator.shapes.validators import MAX_MAGNITUDE

    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return value
    try:
        number = float(value) if not isinstance(value, str) or value.isascii() else None
    except OverflowError:
        number = math.inf
    except ValueError:
        return value
    if number is not None and (not math.isfinite(number) or abs(number) > MAX_MAGNITUDE):
        raise PydanticCustomError("finite_number", f"a number should be finite and at most {MAX_MAGNITUDE:g} in size")
    return value


def _as_pydantic_error(check):
    def converted(value):
        try:
            return check(value)
        except shapes.ShapeError as error:
            raise PydanticCustomError(error.type, error.message) from None
    return converted


def _as_twin(value):
    return twin(type(value)).model_validate(value.model_dump()) if isinstance(value, shapes.Shape) else value


def _places(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, path + (index,))


def damage(value, rng: random.Random):
    """A deep copy of `value` with one or two values replaced, keys dropped or keys added."""
    value = copy.deepcopy(value)
    for _ in range(rng.randint(1, 2)):
        place = rng.choice(list(_places(value)))
        parent = value
        for part in place[:-1]:
            parent = parent[part]
        action = rng.randrange(4)
        if action == 0 and place and isinstance(parent, dict):
            del parent[place[-1]]
        elif action == 1 and isinstance(target := (parent[place[-1]] if place else value), dict):
            target[rng.choice(EXTRA_KEYS)] = copy.deepcopy(rng.choice(POOL))
        elif place:
            parent[place[-1]] = copy.deepcopy(rng.choice(POOL))
        else:
            value = copy.deepcopy(rng.choice(POOL))
    return value


def test_there_are_items_of_every_kind_to_damage():
    kinds = {model for _, _, model in ITEMS}
    assert {Layout, PrintProfile, TranslationFile} <= kinds and len(kinds) >= 15 and len(ITEMS) > 300


@pytest.mark.parametrize("index", range(0, len(ITEMS), 7))
def test_an_undamaged_item_reads_the_same(index):
    document, path, model = ITEMS[index]
    _same(document, path, model, _value_at(document.data, path))


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(index=st.integers(0, len(ITEMS) - 1), seed=st.integers(0, 2**32 - 1))
def test_a_damaged_item_is_judged_as_pydantic_judges_it(index, seed):
    document, path, model = ITEMS[index]
    _same(document, path, model, damage(_value_at(document.data, path), random.Random(seed)))


def _same(document: Document, path: tuple, model: type[shapes.Shape], value) -> None:
    damaged = copy.copy(document)
    damaged.data = _replaced(document.data, path, value)
    ours, our_findings = validate(model, damaged, path)
    try:
        theirs, their_findings = twin(model).model_validate(value), []
    except pydantic.ValidationError as error:
        theirs, their_findings = None, _diagnostics(error, damaged, path, value, model)
    assert our_findings == their_findings
    assert (ours is None) == (theirs is None)
    if ours is not None:
        assert json.dumps(ours.model_dump(mode="json")) == json.dumps(theirs.model_dump(mode="json"))  # NaN too


def _value_at(data, path):
    for part in path:
        data = data[part]
    return data


def _replaced(data, path, value):
    if not path:
        return value
    copied = copy.copy(data)
    copied[path[0]] = _replaced(data[path[0]], path[1:], value)
    return copied
