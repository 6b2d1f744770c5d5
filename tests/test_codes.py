"""Every code the package emits is declared in codes.py, and every declared code is emitted somewhere."""

from __future__ import annotations

import re
from pathlib import Path

from generator.diagnostics.codes import CODES

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
_EMITTED = re.compile(r'"([A-Z][A-Z0-9]{1,4}[0-9]{3})"')
_RESERVED = {"CLI001", "CLI002"}   # declared for checks not written yet


def _emitted() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name not in ("codes.py", "press_codes.py", "examples.py"):   # examples.py only describes codes
            found.update(_EMITTED.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_emitted_code_is_declared():
    assert _emitted() - set(CODES) == set()


def test_every_declared_code_is_emitted_or_reserved():
    assert set(CODES) - _emitted() - _RESERVED == set()
