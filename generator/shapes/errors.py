"""What validating a shape reports: one dict per problem, as pydantic v2 reports them (type, loc, msg, ctx)."""

from __future__ import annotations

from typing import Any


class ShapeError(ValueError):
    """Raised by a field's own check: `ShapeError("SCH005", "'{value}' is not a kebab-case id", {"value": v})`.

    The type becomes the error's type, so a check can name the diagnostic code it stands for.
    """

    def __init__(self, error_type: str, template: str, context: dict[str, Any] | None = None):
        self.type, self.context = error_type, context or {}
        self.message = template.format(**self.context)
        super().__init__(self.message)


class ValidationError(ValueError):
    """Every problem found in one value, each with the path (keys and indices) to where it lies."""

    def __init__(self, title: str, errors: list[dict]):
        self.title, self._errors = title, errors
        super().__init__(f"{len(errors)} validation error(s) for {title}: " +
                         "; ".join(f"{'.'.join(map(str, e['loc'])) or '(root)'}: {e['msg']}" for e in errors[:5]))

    def errors(self, include_url: bool = False) -> list[dict]:
        return list(self._errors)
