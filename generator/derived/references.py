"""THE reference grammar of prose: `{kind:target}`, `{kind.form:target}` and `{kind:target|shown text}`, parsed
here only.

A form says how much of the target a sentence wants: `{ref:x}` prints the number ("4.4.1"), `{ref.title:x}`
the title alone ("Activar un área") where the sentence wants a noun, `{ref.full:x}` both ("4.4.1 Activar un
área"). The form is wording, like the shown text: a translation may choose another one.

The checker, the renderers and the translation tools all read tokens through
`find_tokens`, so a token means the same thing everywhere.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

#: token kind → the collection its target lives in (None: a computed selector, see `selectors`)
KINDS: dict[str, str | None] = {
    "ref": "section",
    "table": "table",
    "card": "card",
    "deck": "deck",
    "unit": "piece",
    "area": "location",
    "track": "track",
    "term": "term",
    "icon": "icon",
    "faction": "faction",
    "force": "force",
    "action": "action",
    "count": None,
    "value": None,
}

#: token kind → its forms, the first being what `{kind:target}` prints; kinds not named have one form
FORMS: dict[str, tuple[str, ...]] = {
    "ref": ("number", "title", "full"),
    "card": ("full", "title", "number"),
}

_TOKEN = re.compile(r"\{([a-z]+)(?:\.([a-z]+))?:([^{}|\s]*)(?:\|([^{}]*))?\}")
# Something that looks like a token but is not one: "{ref: x}", "{ref:}", "{Ref:x}", an unclosed "{ref:x".
_NEAR_TOKEN = re.compile(r"\{\s*([A-Za-z]+)(?:\.[A-Za-z]*)?\s*:(?!//)")


class Token(NamedTuple):
    kind: str
    target: str
    label: str | None
    start: int
    end: int
    form: str | None = None        # as written; `shown_form` is the one printed

    @property
    def text(self) -> str:
        return f"{{{self.kind}{'.' + self.form if self.form else ''}:{self.target}}}"

    @property
    def shown_form(self) -> str:
        forms = FORMS.get(self.kind, ("",))
        return self.form if self.form in forms else forms[0]

    @property
    def identity(self) -> tuple[str, str]:
        """What must survive translation: the kind and target (the shown text may change)."""
        return (self.kind, self.target)


class Malformed(NamedTuple):
    text: str
    start: int
    reason: str


@lru_cache(maxsize=16384)
def find_tokens(text: str) -> tuple[tuple[Token, ...], tuple[Malformed, ...]]:
    """The well-formed tokens of a text, and the places that look like tokens but are not (each text is
    read by several checks and renderers, so the answer is kept)."""
    tokens = []
    covered: set[int] = set()
    for match in _TOKEN.finditer(text):
        kind, form, target, label = match.groups()
        tokens.append(Token(kind, target, label, match.start(), match.end(), form))
        covered.add(match.start())
    malformed = []
    for match in _NEAR_TOKEN.finditer(text):
        if match.start() in covered:
            continue
        kind = match.group(1)
        if kind.lower() not in KINDS:
            continue  # "{x: 1}" in an example is not a token attempt
        end = text.find("}", match.start())
        snippet = text[match.start(): end + 1 if end != -1 else match.start() + 30]
        reason = "is not closed with '}'" if end == -1 or "{" in text[match.start() + 1: end] else (
            "has a space or an empty target" if kind.islower() else "uses capitals in its kind")
        malformed.append(Malformed(snippet, match.start(), reason))
    return tuple(tokens), tuple(malformed)


def strip_tokens(text: str) -> str:
    """The text without tokens, to compare the numbers a translator typed."""
    return _TOKEN.sub(" ", text)
