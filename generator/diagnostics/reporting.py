"""The one place that knows how diagnostics look: compiler-style text, JSON and SARIF."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from generator import __version__
from generator.diagnostics import Diagnostic, Severity, codes


def as_text(diagnostics: Sequence[Diagnostic], show_source: bool = True) -> str:
    lines = []
    quoted: dict = {}       # file → its lines, looked up once per file rather than once per finding
    for d in diagnostics:
        where = f"{d.span}: " if d.span else ""
        lines.append(f"{where}{d.severity}[{d.code} {d.name}]: {d.message}")
        if show_source and d.span and d.span.file.suffix != ".pdf":     # a PDF's "line" is its page
            if d.span.file not in quoted:
                quoted[d.span.file] = _lines_of(d.span.file)
            source = _line(quoted[d.span.file], d.span.line)
            if source is not None:
                lines.append(f"    {source}")
                lines.append("    " + " " * (_display_width(source[: d.span.column - 1])) + "^")
        if d.hint:
            lines.append(f"    hint: {d.hint}")
        for note, span in d.related:
            lines.append(f"    note: {span}: {note}")
    return "\n".join(lines)


def summary(diagnostics: Sequence[Diagnostic]) -> str:
    counts = {severity: sum(1 for d in diagnostics if d.severity is severity) for severity in Severity}
    words = [f"{counts[Severity.ERROR]} error{'s' * (counts[Severity.ERROR] != 1)}",
             f"{counts[Severity.WARNING]} warning{'s' * (counts[Severity.WARNING] != 1)}",
             f"{counts[Severity.NOTE]} note{'s' * (counts[Severity.NOTE] != 1)}"]
    return ", ".join(words)


def as_json(diagnostics: Sequence[Diagnostic]) -> str:
    return json.dumps([_record(d) for d in diagnostics], ensure_ascii=False, indent=2)


def _record(d: Diagnostic) -> dict:
    return {
        "code": d.code,
        "severity": str(d.severity),
        "message": d.message,
        "file": str(d.span.file) if d.span else None,
        "line": d.span.line if d.span else None,
        "column": d.span.column if d.span else None,
        "hint": d.hint,
    }


def as_sarif(diagnostics: Sequence[Diagnostic]) -> str:
    """SARIF 2.1.0, so CI systems annotate the offending lines."""
    used = sorted({d.code for d in diagnostics})
    rules = [{"id": code, "name": codes.CODES[code].name,
              "shortDescription": {"text": codes.CODES[code].title},
              **({"help": {"text": codes.CODES[code].help}} if codes.CODES[code].help else {}),
              "defaultConfiguration": {"level": _sarif_level(codes.CODES[code].severity_value())}}
             for code in used]
    results = []
    for d in diagnostics:
        result = {"ruleId": d.code, "ruleIndex": used.index(d.code), "level": _sarif_level(d.severity),
                  "message": {"text": d.message + (f" (hint: {d.hint})" if d.hint else "")}}
        if d.span:
            result["locations"] = [{"physicalLocation": {
                "artifactLocation": {"uri": str(d.span.file)},
                "region": {"startLine": d.span.line, "startColumn": d.span.column}}}]
        if d.related:
            result["relatedLocations"] = [{"id": index, "message": {"text": note}, "physicalLocation": {
                "artifactLocation": {"uri": str(span.file)},
                "region": {"startLine": span.line, "startColumn": span.column}}}
                for index, (note, span) in enumerate(d.related)]
        results.append(result)
    log = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "imprenta", "version": __version__,
                                         "informationUri": "https://example.invalid/imprenta", "rules": rules}},
                     "results": results}]}
    return json.dumps(log, ensure_ascii=False, indent=2)


def _sarif_level(severity: Severity) -> str:
    return {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}[severity]


_line_cache: dict[tuple, list[str] | None] = {}


def _lines_of(file) -> list[str] | None:
    # keyed by the file's place and state: `watch` quotes a saved file anew, and two games' demo/x.yaml differ
    try:
        state = os.lstat(file)
    except OSError:
        return None
    key = (os.path.abspath(file), state.st_mtime_ns, state.st_size)
    if key not in _line_cache:
        _line_cache[key] = _quotable_lines(str(file))
    return _line_cache[key]


def _line(lines: list[str] | None, line: int) -> str | None:
    if not lines or not 0 < line <= len(lines):
        return None
    return lines[line - 1].expandtabs(1)


def _quotable_lines(name: str) -> list[str] | None:
    """The lines of a file a finding may quote: what the confined loader reads (a small regular file reached
    without a symbolic link), read the same way. A file the loader refused (a link to /etc/shadow, say) is
    named in its finding, and never opened: the open does not follow a link, and no folder on the way is one."""
    from generator.game_files import Refused, read_bytes

    path = Path(os.path.abspath(name))
    if os.path.realpath(path.parent) != str(path.parent):
        return None
    try:
        return read_bytes(path, _QUOTED_AT_MOST).decode("utf-8-sig").splitlines()
    except (Refused, UnicodeDecodeError):
        return None


_QUOTED_AT_MOST = 8 * 1024 * 1024


def _display_width(text: str) -> int:
    return len(text)
