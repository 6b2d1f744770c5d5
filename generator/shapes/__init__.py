"""Declared shapes: frozen records whose typed fields are validated from loaded YAML and described as JSON Schema.

A shape is declared once, as a class with annotated fields:

    class Piece(Shape):
        id: Id
        copies: int = Field(1, ge=0, description="How many of this counter the game has.")

and that one declaration validates data (`Piece.model_validate(mapping)`), prints
the JSON Schema (`model_json_schema()`) and documents each field. The names
follow pydantic v2's, which Imprenta used until its import and schema building
cost a third of a small build (see README, "Why each dependency"); only the
part of its API that content needs is here. Validation is pydantic's "smart"
lax mode: a union takes the first member the value matches exactly, else the
first that accepts it after conversion ("3" → 3), and every error is reported,
with the path to the value, not just the first.
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

from generator.shapes.errors import ShapeError, ValidationError

__all__ = ["BeforeValidator", "Field", "FieldInfo", "Shape", "ShapeError", "ValidationError", "WithJsonSchema",
           "model_validator"]

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING"})()


class BeforeValidator(NamedTuple):
    """`Annotated[T, BeforeValidator(f)]`: f converts or refuses the raw value (raising ShapeError) before T."""

    func: Callable[[Any], Any]


class WithJsonSchema:
    """`Annotated[T, WithJsonSchema({...})]`: the JSON Schema printed for T instead of the derived one."""

    __slots__ = ("schema",)

    def __init__(self, schema: dict):
        self.schema = schema


class FieldInfo:
    """One declared field: its type (Annotated metadata apart), default and constraints."""

    __slots__ = ("annotation", "metadata", "default", "default_factory", "description", "alias", "ge", "gt", "le",
                 "lt", "pattern", "validate_default")

    def __init__(self, default: Any = MISSING, *, default_factory: Callable[[], Any] | None = None,
                 description: str | None = None, alias: str | None = None, ge: float | None = None,
                 gt: float | None = None, le: float | None = None, lt: float | None = None,
                 pattern: str | None = None, validate_default: bool = False):
        self.annotation: Any = Any
        self.metadata: tuple = ()
        self.default, self.default_factory, self.description, self.alias = default, default_factory, description, alias
        self.ge, self.gt, self.le, self.lt, self.pattern = ge, gt, le, lt, pattern
        self.validate_default = validate_default

    def is_required(self) -> bool:
        return self.default is MISSING and self.default_factory is None

    def __repr__(self) -> str:
        return f"FieldInfo({self.annotation!r}, default={self.default!r})"


def Field(default: Any = MISSING, **options: Any) -> Any:  # noqa: N802 (named like the class it stands for)
    """A field's default, description and constraints: `copies: int = Field(1, ge=0, description="…")`."""
    return FieldInfo(default, **options)


def model_validator(*, mode: str = "after") -> Callable:
    """Marks a method that checks the whole shape once its fields are valid; it raises ValueError or returns self."""
    if mode != "after":
        raise ValueError("only mode='after' model validators are supported")

    def mark(method: Callable) -> Callable:
        method.__shape_after__ = True
        return method
    return mark


@typing.dataclass_transform(kw_only_default=True, frozen_default=True)
class Shape:
    """Base of declared shapes: unknown keys are errors, values are frozen once validated.

    `dataclass_transform` tells type checkers that subclasses' annotated fields are their instances' attributes and
    keyword arguments, as dataclasses' are (the class itself does the work, in `__init_subclass__`). `Field` is
    not named as a field specifier: mypy reads only a keyword `default=`, and the shapes pass it by position, so
    to a type checker every `= Field(…)` is a default (validation, not the type checker, finds a missing field)."""

    __slots__ = ("_given",)
    model_fields: ClassVar[dict[str, FieldInfo]] = {}
    _after: ClassVar[tuple[Callable, ...]] = ()
    _checker: ClassVar[Callable | None] = None

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        fields: dict[str, FieldInfo] = {}
        for base in reversed(cls.__mro__[1:]):
            fields.update(vars(base).get("model_fields", {}))
        for name, hint in _own_type_hints(cls).items():
            if name.startswith("_") or typing.get_origin(hint) is ClassVar:
                continue
            declared = vars(cls).get(name, MISSING)
            info = declared if isinstance(declared, FieldInfo) else FieldInfo(declared)
            if typing.get_origin(hint) is typing.Annotated:
                info.annotation, info.metadata = hint.__origin__, hint.__metadata__
            else:
                info.annotation = hint
            fields[name] = info
            if name in vars(cls):
                delattr(cls, name)      # instances hold every field; a class attribute would only hide bugs
        cls.model_fields = fields
        cls._after = tuple(value for base in reversed(cls.__mro__) for value in vars(base).values()
                           if getattr(value, "__shape_after__", False))
        cls._checker = None

    def __init__(self, **data: Any):
        validated = type(self).model_validate(data)
        object.__setattr__(self, "__dict__", validated.__dict__)
        object.__setattr__(self, "_given", validated._given)

    @classmethod
    def model_validate(cls, data: Any):
        """`data` as this shape, or ValidationError listing every problem with the path to it."""
        from generator.shapes.validators import INVALID, shape_checker

        checker = shape_checker(cls)
        errors: list[dict] = []
        value = checker(data, (), errors, False)
        if value is INVALID:
            raise ValidationError(cls.__name__, errors)
        return value

    @classmethod
    def model_json_schema(cls, mode: str = "validation") -> dict:
        from generator.shapes.json_schema import json_schema

        return json_schema(cls)

    @property
    def model_fields_set(self) -> set[str]:
        """The fields the data gave (the others took their defaults)."""
        return {name for name, info in self.model_fields.items()
                if name in self._given or (info.alias or name) in self._given}

    def model_copy(self, *, update: dict[str, Any] | None = None):
        """A shallow copy with some fields replaced (not validated, like pydantic's)."""
        copy = object.__new__(type(self))
        object.__setattr__(copy, "__dict__", {**self.__dict__, **(update or {})})
        object.__setattr__(copy, "_given", self._given | frozenset(update or ()))
        return copy

    def model_dump(self, *, mode: str = "python", include: set[str] | None = None,
                   by_alias: bool = False) -> dict[str, Any]:
        """The fields as plain data; "json" mode gives what `model_dump_json` writes (lists, not tuples)."""
        if mode == "json":
            return json.loads(self.model_dump_json(include=include, by_alias=by_alias))
        return {key: _plain(value, by_alias) for key, value in self._fields(include, by_alias).items()}

    def model_dump_json(self, *, include: set[str] | None = None, by_alias: bool = False) -> str:
        # json's C encoder walks the lists, dicts and text; it asks back only for shapes and dataclasses
        return json.dumps(self._fields(include, by_alias), ensure_ascii=False, separators=(",", ":"),
                          default=_fields_by_key if by_alias else _fields_of)

    def _fields(self, include: set[str] | None = None, by_alias: bool = False) -> dict[str, Any]:
        return {(info.alias or name) if by_alias else name: getattr(self, name)
                for name, info in self.model_fields.items() if include is None or name in include}

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: '{name}' cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: '{name}' cannot be deleted")

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.model_fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()        # where it was read does not count

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.model_fields)
        return f"{type(self).__name__}({shown})"

    def __getstate__(self) -> tuple:
        return (self.__dict__, self._given)

    def __setstate__(self, state: tuple) -> None:
        object.__setattr__(self, "__dict__", state[0])
        object.__setattr__(self, "_given", state[1])


def _own_type_hints(cls: type) -> dict[str, Any]:
    """The class's own annotations, evaluated; the inherited ones are its bases' fields already.

    (`typing.get_type_hints(cls)` would evaluate every base's annotations again for each subclass.)
    """
    own = type(cls.__name__, (), {"__annotations__": vars(cls).get("__annotations__", {}),
                                  "__module__": cls.__module__})
    return typing.get_type_hints(own, localns={cls.__name__: cls}, include_extras=True)   # a shape may hold itself


def _fields_of(value: Any, by_alias: bool = False) -> dict[str, Any]:
    """json's hook for what it cannot write itself: a shape's fields (by name or by key), a dataclass's."""
    if isinstance(value, Shape):
        return value._fields(None, by_alias)
    if hasattr(value, "__dataclass_fields__"):
        return {name: getattr(value, name) for name in value.__dataclass_fields__}
    raise TypeError(f"{type(value).__name__} is not JSON data")


_fields_by_key = functools.partial(_fields_of, by_alias=True)


def _plain(value: Any, by_alias: bool) -> Any:
    """A value with every shape in it turned into a dict of its fields."""
    if isinstance(value, Shape):
        return value.model_dump(by_alias=by_alias)
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(item, by_alias) for item in value)
    if isinstance(value, dict):
        return {key: _plain(item, by_alias) for key, item in value.items()}
    return value
