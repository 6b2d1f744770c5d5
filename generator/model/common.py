"""The value types every content file shares: ids, texts, unknowns, lengths, colours, ranges."""

import functools
import re
from typing import Annotated, Any, ClassVar, get_args

from generator import shapes
from generator.model.dimensions import parse_length
from generator.shapes import BeforeValidator, Field, ShapeError, WithJsonSchema

KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Shape(shapes.Shape):
    """Base of every content shape: unknown keys are errors, values are frozen after loading."""

    #: (Document, path) where the loader read it; the loader sets it once the shape is valid.
    _where: ClassVar[tuple] = ()

    #: the word used for this shape in translation keys ("section", "card"…); None if it owns no key
    i18n_kind: ClassVar[str | None] = None


def model_in(annotation: Any) -> type[shapes.Shape] | None:
    """The first shape class a field's type holds (`list[Piece]`, `Text | None`…), or None."""
    if isinstance(annotation, type) and issubclass(annotation, shapes.Shape):
        return annotation
    for arg in get_args(annotation):
        found = model_in(arg)
        if found is not None:
            return found
    return None


@functools.cache
def fields_holding_shapes(model: type[shapes.Shape]) -> tuple[tuple[str, str], ...]:
    """(attribute, key) of a model's fields whose type can hold a shape; walks of the model skip the rest."""
    return tuple((name, info.alias or name) for name, info in model.model_fields.items()
                 if model_in(info.annotation) is not None)


class Unknown(Shape):
    """A fact the rulebook does not give: printed as a placeholder and reported by the checker."""

    unknown: str = Field(description="Why the value is unknown (which source lacks it).")


class _Assumed:
    """A value the sheet cannot do without that the source does not give: `{unknown: why, assume: N}`.
    It is the assumed value everywhere; the checker and the proof list it by its `unknown` reason."""

    unknown: str

    def __new__(cls, value, unknown: str):
        made = super().__new__(cls, value)
        made.unknown = unknown
        return made

    def __reduce__(self):
        return (type(self), (type(self).__bases__[1](self), self.unknown))


class AssumedInt(_Assumed, int):
    """An assumed number: copies, a card's number, a modifier."""


class AssumedId(_Assumed, str):
    """An assumed id: a card type that lays a card out."""


def is_assumed(value: Any) -> bool:
    return isinstance(value, (AssumedInt, AssumedId))


def _assumption(value: Any, kind: type) -> Any:
    """`{unknown: why, assume: N}` → the assumed value carrying its reason; anything else unchanged."""
    if not (isinstance(value, dict) and "unknown" in value):
        return value
    extra = sorted(set(value) - {"unknown", "assume"})
    if extra:
        raise ShapeError("SCH001", "unknown key '{key}' (an assumed value has `unknown` and `assume`)",
                         {"key": extra[0]})
    reason, assumed = value["unknown"], value.get("assume")
    if not isinstance(reason, str):
        raise ShapeError("SCH002", "`unknown` says why the value is unknown, as text", {})
    if kind is int and (isinstance(assumed, bool) or not isinstance(assumed, int)):
        raise ShapeError("SCH002", "this value cannot be left unknown: add `assume: N`, the whole number that "
                                   "lays the sheet out until the source gives it", {})
    if kind is str and not isinstance(assumed, str):
        raise ShapeError("SCH002", "this value cannot be left unknown: add `assume: ID`, the id that lays "
                                   "the piece out until the source gives it", {})
    return AssumedInt(assumed, reason) if kind is int else AssumedId(assumed, reason)


def within(low: int, high: int) -> BeforeValidator:
    """A whole number's bounds, for a field that may also be `{unknown: …}` (a constraint like `ge=` cannot
    apply to the unknown): a number outside them is SCH004 at its place."""
    def check(value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
            raise ShapeError("SCH004", "{value} is not allowed here: it must be between {low} and {high}",
                             {"value": value, "low": low, "high": high})
        return value

    return BeforeValidator(check)


def accepts_assumption(annotation: Any, metadata: tuple = ()) -> bool:
    """Whether a field's type (or its metadata) takes `{unknown: why, assume: …}` (AssumableInt, AssumableId)."""
    for arg in (*metadata, *get_args(annotation)):
        if isinstance(arg, BeforeValidator) and getattr(arg.func, "func", None) is _assumption:
            return True
        if accepts_assumption(arg):
            return True
    return False


_ASSUMED_SCHEMA = {"type": "object", "required": ["unknown", "assume"], "additionalProperties": False,
                   "properties": {"unknown": {"type": "string"}}}


def _check_id(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and not KEBAB.match(value):
        raise ShapeError("SCH005", "'{value}' is not a kebab-case id", {"value": value})
    return value


Id = Annotated[str, BeforeValidator(_check_id),
               WithJsonSchema({"type": "string", "pattern": KEBAB.pattern})]
"""A stable kebab-case identifier, unique within its kind in a game."""

AssumableId = Annotated[str, BeforeValidator(_check_id), BeforeValidator(functools.partial(_assumption, kind=str)),
                        WithJsonSchema({"anyOf": [{"type": "string", "pattern": KEBAB.pattern},
                                                  {**_ASSUMED_SCHEMA, "properties": {
                                                      **_ASSUMED_SCHEMA["properties"], "assume": {
                                                          "type": "string", "pattern": KEBAB.pattern}}}]})]
"""An id, or `{unknown: why, assume: ID}`."""

AssumableInt = Annotated[int, BeforeValidator(functools.partial(_assumption, kind=int)),
                         WithJsonSchema({"anyOf": [{"type": "integer"}, {**_ASSUMED_SCHEMA, "properties": {
                             **_ASSUMED_SCHEMA["properties"], "assume": {"type": "integer"}}}]})]
"""A whole number, or `{unknown: why, assume: N}` when the source lacks it but a sheet needs one."""

Text = str | Unknown
"""A plain translatable string, or an unknown."""

Prose = str | Unknown
"""Translatable Markdown that may hold reference tokens, or an unknown."""

Scalar = bool | int | float | str | Unknown


class Reconstruction(Shape):
    """A fact this edition reconstructed instead of finding it stated in the source: why, and from what.
    A proof prints it with the reconstruction seal (not the unknown's lozenge) and lists it on the proof
    sheet; the fact itself is stated in the usual field, so every output can use it."""

    why: Text = Field(description="The editor's reason: what the source lacks, and what was done instead.")
    source: Text | None = Field(None, description="What the reconstruction is built from (\"coastline from Natural "
                                                 "Earth, areas placed by the editor\").")
    confirmed: bool = Field(False, description="The publisher checked the reconstruction and keeps it as the "
                                               "edition's fact: no seal, and a release prints it (REL002 asks this "
                                               "of every reconstruction). The entry stays, as the fact's record.")


def reconstructed_field() -> Any:
    """The `reconstructed` field of a shape whose facts can be an editor's reconstruction (provenance)."""
    return Field(default_factory=dict, description="Which of its facts this edition reconstructed, and why: a "
                 "field name (`colors`), a path through its lists (`locations.colors`: every location's colours) "
                 "or a fact the shape draws (a map's `borders`) → {why, source}. A fact not named here is stated "
                 "by the source, or `{unknown: why}` where the source lacks it.")


def _check_length(value: Any) -> Any:
    if isinstance(value, bool):
        raise ShapeError("SCH006", "expected a length; received {value}", {"value": value})
    if isinstance(value, (int, float, str)):
        try:
            return parse_length(value)
        except ValueError as error:
            raise ShapeError("SCH006", "{error}", {"error": str(error)}) from None
    return value


Length = Annotated[float, BeforeValidator(_check_length),
                   WithJsonSchema({"anyOf": [{"type": "number", "exclusiveMinimum": 0},
                                             {"type": "string",
                                              "pattern": r"^\s*[0-9]*\.?[0-9]+\s*(mm|cm|in|pt|px)?\s*$"}]})]
"""A length in millimetres; "0.5in", "12.7mm", "1.2cm", "36pt" are converted when loaded."""

LANGUAGE = re.compile(r"^[a-z]{2}(-[A-Z]{2})?$")


def language_problem(value: object) -> str | None:
    """Why `value` is not a language Imprenta can make an edition in, or None. Every entry point asks this
    (game.yaml, translation files, --lang, a PO file's Language header): a code also names a file and a
    build folder, so it is never a path, and Babel (CLDR) must know it, for its plural rules and lists."""
    if not isinstance(value, str) or not LANGUAGE.match(value):
        return f"'{str(value)[:40]}' is not a language code: write es, en, pt-BR…"
    return _cldr_problem(value)


@functools.lru_cache(maxsize=256)
def _cldr_problem(value: str) -> str | None:
    """Kept under Babel's version: importing Babel to ask costs a check more than the answer."""
    from generator.user_cache import kept_json, package_key

    return kept_json("languages", f"{package_key('babel')}|{value}", lambda: _unknown_to_cldr(value))


def _unknown_to_cldr(value: str) -> str | None:
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(value.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return f"'{value}' is not a language CLDR knows (es, en, pt-BR…)"
    return None


def _check_language(value: Any) -> Any:
    if isinstance(value, str):
        problem = language_problem(value)
        if problem:
            raise ShapeError("SCH004", "{problem}", {"problem": problem})
    return value


Language = Annotated[str, BeforeValidator(_check_language),
                     WithJsonSchema({"type": "string", "pattern": LANGUAGE.pattern})]
"""A language code (es, en, pt-BR); it also names a file and a build folder, so it is never a path."""

_HEX_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


class Cmyk(Shape):
    cmyk: tuple[float, float, float, float] = Field(description="Cyan, magenta, yellow, black in percent (0-100).")


def _check_color_name(value: Any) -> Any:
    if isinstance(value, str) and not (_HEX_COLOR.match(value) or KEBAB.match(value)):
        raise ShapeError("SCH009", "'{value}' is not a colour: write \"#rrggbb\", a palette "
                                  "name or {{cmyk: [c, m, y, k]}}", {"value": value})
    return value


Color = Annotated[str, BeforeValidator(_check_color_name)] | Cmyk
"""A colour: "#rrggbb", a palette name (or faction id), or CMYK percentages."""

ROLL_LIMIT = 10_000
"""The largest roll, key or domain value (either sign): a check enumerates every value of a range, so a
`1-3000000000` would ask for billions; no table reads a number this large."""

_RANGE = re.compile(r"^\s*(-?\d+)\s*(?:-|–|\.\.)\s*(-?\d+)\s*$")


def parse_range(value: int | str) -> tuple[int, int] | None:
    """'5-6' → (5, 6); 7 → (7, 7); None when the value is not a numeric range (a label)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value, value)
    if isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"-?\d+", text):
            return (int(text), int(text))
        match = _RANGE.match(text)
        if match:
            return (int(match.group(1)), int(match.group(2)))
    return None


def _check_roll(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return value  # the type error is the declared type's to report
    span = parse_range(value)
    if span is None:
        raise ShapeError("SCH008", "'{value}' is not a roll or a range such as 5-6", {"value": value})
    if span[0] > span[1]:
        raise ShapeError("SCH008", "the range '{value}' runs backwards", {"value": value})
    if max(abs(span[0]), abs(span[1])) > ROLL_LIMIT:
        raise ShapeError("SCH008", "the range '{value}' goes past ±{limit}; no table reads a number this large",
                         {"value": str(value)[:40], "limit": ROLL_LIMIT})
    return value


Roll = Annotated[int | str, BeforeValidator(_check_roll)]
"""A die result (7) or an inclusive range ("5-6")."""


def text_of(value: Any) -> str | None:
    """The string of a Text/Prose value, or None when it is unknown or absent."""
    return value if isinstance(value, str) else None
