"""How bad a finding is: a note, a warning or an error."""

from __future__ import annotations

import enum


class Severity(enum.IntEnum):
    NOTE = 10
    WARNING = 20
    ERROR = 30

    def __str__(self) -> str:
        return self.name.lower()
