"""A game's findings kept from its last `imprenta check`, for a check run again on unchanged inputs.

A designer runs the check on every save, most often on `content/` where one game changed: the others are
answered from here, without loading them (a cold check of four games costs about 1.5 CPU-seconds, most of
it loading YAML, map geometry and drawing every face). The key covers everything a check reads: the bytes
of every file in the game folder (links as what they are, never followed), every shipped file Imprenta
reads (its code, templates and fonts: their sizes and times), the Python and Imprenta versions, the working
folder the findings' paths are relative to, and the command line's options. Anything missing, unreadable
or out of date is checked again (user_cache's rule); a finding of a check stopped by its limits is never kept.

A check reads its content and translation files only through their readings (yaml_nodes.load_file: the
values, where each was written, the indent of each literal block, the findings of reading): an edit that
changes none of these (a comment, blank lines, a file saved again) changes no finding. So the findings are
also kept under `reading_key`, where each such file stands for its reading, and a game whose bytes changed is
looked up there before it is checked again. The readings of the files a check read are noted next to their
bytes' digests (`noting`, `note`), so that the next check reads again only the files whose bytes changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path, PurePosixPath

from generator import __version__
from generator.diagnostics import Diagnostic, Severity, Span
from generator.user_cache import cache_folder, shipped_key, write_atomically


def digests(folder: Path) -> dict[str, str]:
    """Every file of `folder` (links as what they are, never followed) → its digest, by relative path."""
    from generator.game_files import digest, files_under

    files, links = files_under(folder, frozenset({"build"}))      # what a build writes there is never read
    return {path.relative_to(folder).as_posix(): digest(path) for path in sorted(files + links)}


def key(folder: Path, options: object, files: dict[str, str] | None = None) -> str:
    """What identifies one check of `folder` with `options` (hashable, printed by repr); `files`: its digests."""
    return _key(folder, options, digests(folder) if files is None else files)


def _key(folder: Path, options: object, files: dict[str, str]) -> str:
    hasher = hashlib.sha256(repr((__version__, sys.version_info[:3], shipped_key(), os.getcwd(),
                                  str(folder.absolute()), options)).encode())
    for relative, digested in files.items():
        hasher.update(f"{relative}\0{digested}\n".encode())
    return hasher.hexdigest()


def reading_key(folder: Path, options: object, files: dict[str, str], readings: dict[str, str] | None) -> str | None:
    """`key`, with each content and translation file standing for its reading (`readings`: relative path →
    digest, from `noting` or `readings_now`); None when one of them is missing."""
    from generator.load.folders import content_files, translation_files

    read = {path.relative_to(folder).as_posix() for path in content_files(folder) + translation_files(folder)}
    if readings is None or not read <= readings.keys():
        return None
    return _key(folder, ("readings", options),
                {relative: f"read {readings[relative]}" if relative in read else digested
                 for relative, digested in files.items()})


def readings_now(folder: Path, files: dict[str, str]) -> dict[str, str] | None:
    """The reading of every content and translation file of `folder`: as noted by an earlier check for the
    files whose bytes are the same, read again for the others. None when no earlier check noted them."""
    try:
        noted = json.loads(_noted_entry(folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(noted, dict):
        return None
    from generator.load.folders import content_files, translation_files
    from generator.load.yaml_nodes import load_file

    readings = {}
    with noting(folder) as fresh:
        for path in content_files(folder) + translation_files(folder):
            relative = path.relative_to(folder).as_posix()
            earlier = noted.get(relative)
            if isinstance(earlier, list) and len(earlier) == 2 and earlier[0] == files.get(relative):
                readings[relative] = earlier[1]
            else:
                load_file(path, folder)
    readings.update({relative: reading for relative, (_, reading) in fresh.items()})
    note(folder, fresh, noted)
    return readings


@contextmanager
def noting(folder: Path) -> Iterator[dict[str, tuple[str, str]]]:
    """While in it, every file of `folder` that load_file reads: relative path → (its bytes' digest, as
    game_files.digest gives it, and its reading's digest)."""
    from generator.load import yaml_nodes

    seen: dict[str, tuple[str, str]] = {}

    def read(path: Path, raw: bytes, result: tuple) -> None:
        with suppress(ValueError, RecursionError, pickle.PicklingError):     # not below `folder`, or too deep
            seen[path.relative_to(folder).as_posix()] = (hashlib.sha256(raw).hexdigest(), _reading(*result))

    before, yaml_nodes.on_read = yaml_nodes.on_read, read
    try:
        yield seen
    finally:
        yaml_nodes.on_read = before


def note(folder: Path, fresh: dict[str, tuple[str, str]], earlier: dict | None = None) -> None:
    """Keep the readings `noting` saw, with those kept earlier for the files not read again."""
    if fresh:
        kept = dict(earlier or {}, **{relative: list(pair) for relative, pair in fresh.items()})
        write_atomically(_noted_entry(folder), json.dumps(kept).encode())


def _reading(document, problems: list[Diagnostic]) -> str:
    """What a check can learn from one file's reading, as a digest. A Document's lines serve only to find a
    literal block's indent (Document.offset_span). Pickled, six times faster than repr: values that differ
    always pickle differently; equal ones shared otherwise might not, which only means a check again."""
    from generator.load.yaml_nodes import block_indent

    read = None if document is None else (
        str(document.file), document.data, document.starts, document.key_starts,
        [(path, block_indent(document.lines, document.span(path).line))
         for path in sorted(document.literal, key=repr)])
    return hashlib.sha256(pickle.dumps((read, [_record(d) for d in problems]), protocol=5)).hexdigest()


def _noted_entry(folder: Path) -> Path:
    """One per game folder, working folder (the paths readings show) and Imprenta."""
    place = repr((__version__, sys.version_info[:3], shipped_key(), os.getcwd(), str(folder.absolute())))
    return cache_folder("checks") / f"read-{hashlib.sha256(place.encode()).hexdigest()[:32]}.json"


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
