"""A game's findings kept from its last `imprenta check`, for a check run again on unchanged inputs.

A designer runs the check on every save, most often on `content/` where one game changed: the others are
answered from here, without loading them (a cold check of four games costs about 1.5 CPU-seconds, most of
it loading YAML, map geometry and drawing every face). The key covers everything a check reads: the bytes
of every file in the game folder (links as what they are, never followed), every shipped file Imprenta
reads (its code, templates and fonts: their sizes and times), the Python and Imprenta versions, the working
folder the findings' paths are relative to, and the command line's options. Anything missing, unreadable
or out of date is checked again (user_cache's rule); a finding of a check stopped by its limits is never kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path, PurePosixPath

from generator import __version__
from generator.diagnostics import Diagnostic, Severity, Span
from generator.user_cache import cache_folder, shipped_key, write_atomically


def key(folder: Path, options: object) -> str:
    """What identifies one check of `folder` with `options` (hashable, printed by repr)."""
    from generator.game_files import digest, files_under

    hasher = hashlib.sha256(repr((__version__, sys.version_info[:3], shipped_key(), os.getcwd(),
                                  str(folder.absolute()), options)).encode())
    files, links = files_under(folder, frozenset({"build"}))      # what a build writes there is never read
    for path in sorted(files + links):
        hasher.update(f"{path.relative_to(folder).as_posix()}\0{digest(path)}\n".encode())
    return hasher.hexdigest()


def recall(check_key: str) -> list[Diagnostic] | None:
    try:
        records = json.loads(_entry(check_key).read_text(encoding="utf-8"))
        return [_diagnostic(record) for record in records]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def remember(check_key: str, found: list[Diagnostic]) -> None:
    write_atomically(_entry(check_key), json.dumps([_record(d) for d in found], ensure_ascii=False).encode())


def _entry(check_key: str) -> Path:
    return cache_folder("checks") / f"{check_key[:32]}.json"


def _record(d: Diagnostic) -> list:
    related = [[note, _span(span)] for note, span in d.related]
    return [d.code, d.severity.name, d.message, _span(d.span), d.hint, related]


def _span(span: Span | None) -> list | None:
    return None if span is None else [span.file.as_posix(), span.line, span.column]


def _diagnostic(record: list) -> Diagnostic:
    code, severity, message, span, hint, related = record
    return Diagnostic(code, Severity[severity], message, None if span is None else _read_span(span), hint,
                      tuple((note, _read_span(where)) for note, where in related))


def _read_span(span: list) -> Span:
    return Span(PurePosixPath(span[0]), span[1], span[2])
