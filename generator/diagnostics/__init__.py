"""Findings about content as values: where, what, how bad, and what to do."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePosixPath
from typing import NamedTuple

from generator.diagnostics import codes
from generator.diagnostics.severity import Severity


class Span(NamedTuple):
    """Where a value came from: a file relative to the working directory, 1-based line and column."""

    file: PurePosixPath
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class Diagnostic(NamedTuple):
    code: str
    severity: Severity
    message: str
    span: Span | None
    hint: str = ""
    related: tuple[tuple[str, Span], ...] = ()

    @property
    def name(self) -> str:
        return codes.CODES[self.code].name

    def sort_key(self) -> tuple:
        if self.span is None:
            return ("", 0, 0, self.code, self.message)
        return (str(self.span.file), self.span.line, self.span.column, self.code, self.message)


def make(code: str, message: str, span: Span | None, hint: str = "",
         related: Iterable[tuple[str, Span]] = ()) -> Diagnostic:
    """A diagnostic with the default severity its code declares."""
    return Diagnostic(code, codes.CODES[code].severity_value(), message, span, hint,
                      tuple((note, where) for note, where in related if where is not None))


class Policy(NamedTuple):
    """Which codes to drop, demote or promote, decided by the most specific matching prefix.

    Entries match a code (`TBL002`), a family prefix (`TBL`), or a code's name
    (`table-gap`), as flake8's DecisionEngine does with --select/--ignore.
    """

    ignore: tuple[str, ...] = ()
    warn: tuple[str, ...] = ()
    select: tuple[str, ...] = ()
    strict: bool = False

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        kept = []
        for diagnostic in diagnostics:
            decision = self._decide(diagnostic)
            if decision == "ignore":
                continue
            if decision == "warn" and diagnostic.severity is Severity.ERROR:
                diagnostic = diagnostic._replace(severity=Severity.WARNING)
            if self.strict and diagnostic.severity is Severity.WARNING:
                diagnostic = diagnostic._replace(severity=Severity.ERROR)
            kept.append(diagnostic)
        return sorted(kept, key=Diagnostic.sort_key)

    def _decide(self, diagnostic: Diagnostic) -> str:
        best: tuple[int, str] = (-1, "keep")
        for decision, patterns in (("ignore", self.ignore), ("warn", self.warn), ("keep", self.select)):
            for pattern in patterns:
                strength = _match_strength(pattern, diagnostic)
                if strength > best[0]:
                    best = (strength, decision)
        if best[0] < 0 and (self.select or not _on_by_default(diagnostic.code)):
            return "ignore"      # --select given and nothing named this code, or a code off by default
        return best[1]


def _on_by_default(code: str) -> bool:
    known = codes.CODES.get(code)
    return known is None or known.on_by_default


def _match_strength(pattern: str, diagnostic: Diagnostic) -> int:
    """How specifically a policy entry names a diagnostic; -1 when it does not."""
    if pattern == diagnostic.name:
        return 100
    if diagnostic.code.startswith(pattern.upper()):
        return len(pattern)
    return -1


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)
