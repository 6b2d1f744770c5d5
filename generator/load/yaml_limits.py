"""What a YAML text must pass before PyYAML's C parser sees it: no character YAML refuses, and no nesting
deeper than the limit.

The C composer recurses once per level of nesting with no limit of its own: about 35,000 nested brackets
(70 KB) overflow its stack and kill the process, before any limit applied to the composed nodes can help.
So the depth is bounded here, from the text: a cheap upper bound (open brackets, plus the indentation and
`- `/`? ` indicators at the start of a line) is computed for every document, and only a document whose
bound passes the limit is walked by PyYAML's pure-Python parser, which keeps its state in a list, not on
the stack, and is stopped at the first event past the limit.

YAML's reader also refuses some characters (controls, U+FFFE) but reports them at 1:1; they are located
here instead.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

import yaml

from generator.diagnostics import Diagnostic, Span, make

MAX_DEPTH = 64               # nesting of mappings and sequences
# What YAML 1.1/1.2 may not hold as a raw character (its `c-printable` complement), tab, LF and CR allowed.
UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_BRACKETS = str.maketrans({"[": "(", "{": "(", "]": ")", "}": ")"})
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def refused_text(text: str, shown: PurePosixPath) -> Diagnostic | None:
    """A finding when the text holds a character YAML refuses, or nests deeper than the limit; else None."""
    match = UNPRINTABLE.search(text)
    if match:
        line = text.count("\n", 0, match.start()) + 1
        column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
        return make("YML009", f"the file holds the character U+{ord(match.group()):04X}, which YAML does not "
                              f"allow", Span(shown, line, column),
                    "Remove it; use a real line break for a new line, and write other characters as themselves.")
    if _depth_bound(text) <= MAX_DEPTH:
        return None
    return _deepest(text, shown)


def _depth_bound(text: str) -> int:
    """At least the nesting depth of any document in `text` (usually far more)."""
    depth = deepest = 0
    for character in _NOT_BRACKET.sub("", text).translate(_BRACKETS):     # only the brackets walked, in Python
        if character == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif character == ")" and depth:
            depth -= 1
    indent = max((len(line) - len(line.lstrip(" \t-?:")) for line in text.splitlines()), default=0)
    return deepest + indent + 1


def _deepest(text: str, shown: PurePosixPath) -> Diagnostic | None:
    """Walk the events with the pure-Python parser; a finding at the first one past the limit."""
    loader = yaml.SafeLoader(text)         # its Python reader, scanner and parser: no recursion
    depth = 0
    try:
        while True:
            event = loader.get_event()
            if event is None or isinstance(event, yaml.StreamEndEvent):
                return None
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth - 1 > MAX_DEPTH:            # the top of the document is level 0, as when built
                    mark = event.start_mark
                    return make("YML005", f"the document nests deeper than {MAX_DEPTH} levels",
                                Span(shown, mark.line + 1, mark.column + 1),
                                "Content is a few levels deep; this looks like a mistake or an attack.")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return None            # the C parser reports the syntax error, with its own words and place
    finally:
        loader.dispose()
