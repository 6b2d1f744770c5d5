"""Writes the generated pages of docs/reference/ from the code itself, so they cannot drift from it.

    python3 docs/generate.py          write them
    python3 docs/generate.py --check  exit 1 if a committed page differs from what the code says

- content-fields.md, translation-fields.md, layout-fields.md, profile-fields.md: every field of every
  shape, from the same JSON Schema the loader validates against (`imprenta schema --format markdown`);
- codes.md: every diagnostic code with its severity, help, and an example: a small broken game from the
  test catalogues (tests/checks/test_catalogue.py, tests/load/test_broken_content.py), checked here, with
  what `imprenta check` prints for it; or, for what only a build or preflight reports, the situation
  generator/diagnostics/examples.py describes.
"""

from __future__ import annotations

import os
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from generator.diagnostics import reporting  # noqa: E402
from generator.diagnostics.codes import CODES  # noqa: E402
from generator.diagnostics.examples import EXAMPLES  # noqa: E402
from generator.pipeline import check  # noqa: E402
from generator.schema import KINDS, markdown_reference  # noqa: E402

REFERENCE = ROOT / "docs" / "reference"
MANIFEST = "game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es]\n"


def pages() -> dict[str, str]:
    return {**{f"{kind}-fields.md": markdown_reference(kind) for kind in KINDS}, "codes.md": codes_page()}


def examples() -> dict[str, tuple[str, dict[str, str]]]:
    """Code → (what the example shows, its files), the first catalogue case that is reported with it."""
    from tests.checks.test_catalogue import CASES as CHECKS
    from tests.load.test_broken_content import CASES as LOADING

    found: dict[str, tuple[str, dict[str, str]]] = {}
    for cases in (LOADING, CHECKS):
        for name, (files, expected) in cases.items():
            codes = ([expected.split()[0]] if isinstance(expected, str) else
                     [e[0] for e in expected] if isinstance(expected, list) else [expected[0]])
            for code in codes:
                found.setdefault(code, (name, files))
    return found


def codes_page() -> str:
    shown = examples()
    lines = ["# Diagnostic codes", "",
             "Every code `imprenta check` and `imprenta build` can report, with what it means, how to fix it, and "
             "a small broken game that shows it. Written by `python3 docs/generate.py` from "
             "`generator/diagnostics/codes.py` and the test catalogues; do not edit it by hand.", "",
             "A game may demote a code to a warning or ignore it, with a reason, in `game.yaml` "
             "(`checks: {warn: [...], ignore: [{code: ..., reason: ...}]}`).", ""]
    for code in CODES.values():
        lines += [f"## {code.code} `{code.name}`", "", f"**{code.severity}**: {code.title}.", ""]
        if code.help:
            lines += [f"How to fix it: {code.help}", ""]
        if not code.on_by_default:
            lines += ["Reported only when selected (`--select " + code.code + "`).", ""]
        if code.code in shown:
            name, files = shown[code.code]
            lines += [f"Example: {name}.", ""] + _example(code.code, files) + [""]
        elif code.code in EXAMPLES:
            lines += [f"Example: {EXAMPLES[code.code]}", ""]
    return "\n".join(lines).rstrip() + "\n"


def _example(code: str, files: dict[str, str]) -> list[str]:
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            folder = Path("demo")
            folder.mkdir()
            if "game.yaml" not in files:
                (folder / "game.yaml").write_text(MANIFEST, encoding="utf-8")
            for name, text in files.items():
                path = folder / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(textwrap.dedent(text), encoding="utf-8")
            reported = [d for d in check(folder).diagnostics if d.code == code][:1]
            printed = reporting.as_text(reported)
        finally:
            os.chdir(here)
    lines = []
    for name, text in files.items():
        if len(text) > 1200 or "\t" in text or not text.isprintable() and set(text) - set(text.strip()) - {"\n"}:
            lines += [f"`demo/{name}`: a file too odd to print here (see the test catalogue)."]
            continue
        lines += [f"`demo/{name}`:", "", "```yaml", text.rstrip("\n"), "```", ""]
    return lines + ["`imprenta check demo` prints:", "", "```text", printed, "```"]


def main(argv: list[str]) -> int:
    stale = []
    for name, text in pages().items():
        path = REFERENCE / name
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print(f"out of date: {', '.join(stale)}; run python3 docs/generate.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
