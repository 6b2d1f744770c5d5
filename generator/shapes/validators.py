"""From a declared type to the function that validates a value against it.

Each checker is `check(value, loc, errors, strict) -> result`: it returns the
value as the type wants it, or INVALID after appending to `errors` why not,
at `loc` (the keys and indices from the validated root). `strict` is the first
pass of a union: exact types only, so that "3" stays text where text is
allowed before any member converts it to 3. A shape's checker is built the
first time the shape is validated, then kept on its class.
"""

from __future__ import annotations

import math
import operator
import re
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, Union

from generator.shapes import MISSING, BeforeValidator, FieldInfo, Shape, ShapeError

INVALID: Any = type("Invalid", (), {"__repr__": lambda self: "INVALID"})()
Checker = Callable[[Any, tuple, list, bool], Any]

_WHOLE_NUMBER = re.compile(r"^\s*[+-]?[0-9]+(?:_[0-9]+)*(?:\.0+)?\s*$")     # what pydantic reads as an int
_TRUE = frozenset({"1", "on", "t", "true", "y", "yes"})
_FALSE = frozenset({"0", "off", "f", "false", "n", "no"})


def fail(errors: list[dict], kind: str, loc: tuple, message: str, value: Any, context: dict | None = None) -> Any:
    error = {"type": kind, "loc": loc, "msg": message, "input": value}
    if context:
        error["ctx"] = context
    errors.append(error)
    return INVALID


def _any(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
    return value


def _none(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
    return None if value is None else fail(errors, "none_required", loc, "Input should be None", value)


def _str(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
    return value if isinstance(value, str) else fail(errors, "string_type", loc, "Input should be a valid string",
                                                     value)


def _int(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
    kind = type(value)
    if kind is int or (isinstance(value, int) and kind is not bool):    # an int subclass: an assumed number
        return value
    if not strict:
        if kind is bool:
            return int(value)
        if kind is float:
            if value.is_integer():
                return int(value)
            if not math.isfinite(value):
                return fail(errors, "finite_number", loc, "Input should be a finite number", value)
            return fail(errors, "int_from_float", loc,
                        "Input should be a valid integer, got a number with a fractional part", value)
        if kind is str:
            if _WHOLE_NUMBER.match(value):
                return int(value.partition(".")[0])
            return fail(errors, "int_parsing", loc,
                        "Input should be a valid integer, unable to parse string as an integer", value)
    return fail(errors, "int_type", loc, "Input should be a valid integer", value)


MAX_MAGNITUDE = 1e6     # no number in a game is larger (lengths are in mm, percentages, sizes in points)


def _float(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
    kind = type(value)
    number = None
    if kind is float:
        number = value
    elif kind is int or (not strict and kind is bool):
        try:
            number = float(value)
        except OverflowError:       # a 400-digit whole number
            number = math.inf
    elif not strict and kind is str:
        if value.isascii():
            try:
                number = float(value)
            except ValueError:
                pass
        if number is None:
            return fail(errors, "float_parsing", loc,
                        "Input should be a valid number, unable to parse string as a number", value)
    if number is None:
        return fail(errors, "float_type", loc, "Input should be a valid number", value)
    if not math.isfinite(number) or abs(number) > MAX_MAGNITUDE:
        return fail(errors, "finite_number", loc, f"a number should be finite and at most {MAX_MAGNITUDE:g} "
                                                  f"in size", value)
    return number


def _bool(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
    kind = type(value)
    if kind is bool:
        return value
    if not strict:
        if kind in (int, float) and value in (0, 1):
            return bool(value)
        if kind is str and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        if kind in (int, str) or (kind is float and value.is_integer()):
            return fail(errors, "bool_parsing", loc, "Input should be a valid boolean, unable to interpret input",
                        value)
    return fail(errors, "bool_type", loc, "Input should be a valid boolean", value)


_SCALARS: dict[Any, Checker] = {Any: _any, type(None): _none, None: _none, str: _str, int: _int, float: _float,
                                bool: _bool}


def checker_for(annotation: Any) -> Checker:
    """The checker of a declared type: scalars, shapes, Annotated, unions, Literal, list, tuple, dict."""
    scalar = _SCALARS.get(annotation)
    if scalar is not None:
        return scalar
    if isinstance(annotation, type) and issubclass(annotation, Shape):
        return _nested_shape(annotation)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return _annotated(checker_for(annotation.__origin__), annotation.__metadata__)
    if origin in (Union, types.UnionType):
        return _union(args)
    if origin is Literal:
        return _literal(args)
    if origin is list:
        return _list(checker_for(args[0]))
    if origin is tuple:
        return _tuple([checker_for(arg) for arg in args if arg is not Ellipsis], variadic=Ellipsis in args)
    if origin is dict:
        return _dict(checker_for(args[0]), checker_for(args[1]))
    raise TypeError(f"no checker for the declared type {annotation!r}")


def _nested_shape(shape: type[Shape]) -> Checker:
    """A shape inside another: looked up when first used, so shapes may contain themselves (sections)."""
    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        return shape_checker(shape)(value, loc, errors, strict)
    return check


def _annotated(inner: Checker, metadata: tuple) -> Checker:
    befores = [item.func for item in metadata if isinstance(item, BeforeValidator)]
    if not befores:
        return inner

    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        for before in reversed(befores):
            try:
                value = before(value)
            except ShapeError as error:
                return fail(errors, error.type, loc, error.message, value, error.context)
            except ValueError as error:
                return fail(errors, "value_error", loc, f"Value error, {error}", value, {"error": str(error)})
        return inner(value, loc, errors, strict)
    return check


def _union(members: tuple) -> Checker:
    optional = type(None) in members
    checks = [checker_for(member) for member in members if member is not type(None)]

    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        if value is None and optional:
            return None
        attempts: list[dict] = []
        for member in checks:
            result = member(value, loc, attempts, True)
            if result is not INVALID:
                return result
        if not strict:
            attempts.clear()
            for member in checks:
                result = member(value, loc, attempts, False)
                if result is not INVALID:
                    return result
        errors.extend(attempts)
        return INVALID
    return check


def _literal(options: tuple) -> Checker:
    shown = [repr(option) for option in options]
    expected = " or ".join(shown) if len(shown) < 3 else f"{', '.join(shown[:-1])} or {shown[-1]}"

    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        for option in options:
            if value == option and (type(value) is type(option) or
                                    (not strict and type(option) is int and type(value) is bool)):
                return option
        return fail(errors, "literal_error", loc, f"Input should be {expected}", value, {"expected": expected})
    return check


def _list(item: Checker) -> Checker:
    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        if type(value) is not list and (strict or type(value) is not tuple):
            return fail(errors, "list_type", loc, "Input should be a valid list", value)
        before = len(errors)
        result = [item(element, loc + (index,), errors, strict) for index, element in enumerate(value)]
        return INVALID if len(errors) > before else result
    return check


def _tuple(items: list[Checker], variadic: bool) -> Checker:
    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        if type(value) is not tuple and (strict or type(value) is not list):
            return fail(errors, "tuple_type", loc, "Input should be a valid tuple", value)
        if not variadic and len(value) > len(items):
            return fail(errors, "too_long", loc, f"Tuple should have at most {len(items)} items after validation, "
                        f"not {len(value)}", value, {"field_type": "Tuple", "max_length": len(items),
                                                     "actual_length": len(value)})
        before = len(errors)
        if variadic:
            result = [items[0](element, loc + (index,), errors, strict) for index, element in enumerate(value)]
        else:
            result = [items[index](value[index], loc + (index,), errors, strict) if index < len(value) else
                      fail(errors, "missing", loc + (index,), "Field required", value) for index in range(len(items))]
        return INVALID if len(errors) > before else tuple(result)
    return check


def _dict(keys: Checker, values: Checker) -> Checker:
    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        if type(value) is not dict:
            return fail(errors, "dict_type", loc, "Input should be a valid dictionary", value)
        before = len(errors)
        result = {keys(key, loc + (key, "[key]"), errors, strict): values(item, loc + (key,), errors, strict)
                  for key, item in value.items()}
        return INVALID if len(errors) > before else result
    return check


_BOUNDS = (("le", operator.le, "less_than_equal", "less than or equal to"),       # pydantic's order, which
           ("lt", operator.lt, "less_than", "less than"),                           # decides the one NaN
           ("ge", operator.ge, "greater_than_equal", "greater than or equal to"),   # breaks first
           ("gt", operator.gt, "greater_than", "greater than"))


def _constrained(inner: Checker, info: FieldInfo) -> Checker:
    """The field's checker, then its bounds (on numbers) and pattern (on text)."""
    bounds = [(name, getattr(info, name), compare, kind, words) for name, compare, kind, words in _BOUNDS
              if getattr(info, name) is not None]
    pattern = re.compile(info.pattern) if info.pattern is not None else None
    if not bounds and pattern is None:
        return inner

    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        result = inner(value, loc, errors, strict)
        if isinstance(result, (int, float)) and type(result) is not bool:
            for name, limit, compare, kind, words in bounds:
                if not compare(result, limit):
                    return fail(errors, kind, loc, f"Input should be {words} {limit}", value, {name: limit})
        elif pattern is not None and type(result) is str and not pattern.search(result):
            return fail(errors, "string_pattern_mismatch", loc, f"String should match pattern '{info.pattern}'",
                        value, {"pattern": info.pattern})
        return result
    return check


def shape_checker(shape: type[Shape]) -> Checker:
    """The checker of a shape: a mapping with its declared keys (and no other) to a frozen instance."""
    if vars(shape).get("_checker") is not None:
        return shape._checker
    plan: list[tuple] = []
    accepted: set = set()
    renamed: dict = {}          # field name → its alias, for fields whose key is not their name

    def check(value: Any, loc: tuple, errors: list, strict: bool) -> Any:
        if type(value) is shape:
            return value
        if type(value) is not dict:
            return fail(errors, "model_type", loc, f"Input should be a valid dictionary or instance of "
                        f"{shape.__name__}", value, {"class_name": shape.__name__})
        before = len(errors)
        fields = {}
        for name, key, field_check, default, factory in plan:
            if key in value:
                fields[name] = field_check(value[key], loc + (key,), errors, strict)
            elif name in value:
                fields[name] = field_check(value[name], loc + (key,), errors, strict)
            elif factory is not None:
                fields[name] = factory()
            elif default is MISSING:
                fail(errors, "missing", loc + (key,), "Field required", value)
            else:
                fields[name] = default
        if not accepted.issuperset(value) or not renamed.keys().isdisjoint(value):
            for key in value:
                if key not in accepted or renamed.get(key, MISSING) in value:     # a name given beside its alias
                    fail(errors, "extra_forbidden", loc + (key,), "Extra inputs are not permitted", value[key])
        if len(errors) > before:
            return INVALID
        instance = object.__new__(shape)
        object.__setattr__(instance, "__dict__", fields)
        object.__setattr__(instance, "_given", frozenset(value))
        for after in shape._after:
            try:
                instance = after(instance)
            except ValueError as error:
                return fail(errors, "value_error", loc, f"Value error, {error}", value, {"error": str(error)})
        return instance

    shape._checker = check          # before the fields: a shape may hold itself
    for name, info in shape.model_fields.items():
        key = info.alias or name
        accepted.update((key, name))
        if key != name:
            renamed[name] = key
        field_check = _constrained(checker_for(_declared(info)), info)
        default = info.default
        if info.validate_default and default is not MISSING:
            default = field_check(default, (key,), [], False)
        plan.append((name, key, field_check, default, info.default_factory))
    return check


def _declared(info: FieldInfo) -> Any:
    return typing.Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
