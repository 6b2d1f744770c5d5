"""The planted-defect corpus through `imprenta preflight` and through the independent checker, as a table.

    python3 bench/press_corpus.py [--markdown]

Each row: the file, its area, what a print shop's preflight should find ({code@page}), what Imprenta's
preflight found, what the independent checker (pypdf, poppler, Ghostscript: tests/preflight/independent.py)
found, and whether each agrees. The totals are the catch rate and the false positives on the legal files.
Not a timing: this is the evidence table of issue 41 (the tests assert the same on every file, and the
independent checker on a sample).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.output.preflight import Limits, preflight  # noqa: E402
from tests.preflight import corpus, independent  # noqa: E402


def shown(found) -> str:
    return " ".join(f"{code}@{page}" for code, page in sorted(found)) or "—"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    rows, caught, agreed, false_positive = [], 0, 0, 0
    defects, legal = corpus.cases(), corpus.legal()
    with tempfile.TemporaryDirectory() as folder:
        for case in defects + legal:
            path = Path(folder) / f"{case.name}.pdf"
            path.write_bytes(case.make())
            limits = Limits(pdfx="x-1a") if case.name.startswith("x1a") else Limits()
            ours = {(d.code, d.span.line) for d in preflight(path, limits)}
            theirs = independent.check(path)
            expected = set(case.expected)
            caught += bool(expected) and ours == expected
            false_positive += not expected and bool(ours)
            agreed += theirs == ours
            rows.append((case.name, case.area, shown(expected), shown(ours), shown(theirs),
                         "yes" if ours == expected else "NO", "yes" if theirs == ours else "NO"))
    header = ("file", "area", "expected", "imprenta preflight", "independent", "right", "agree")
    if args.markdown:
        print("| " + " | ".join(header) + " |\n|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        for row in [header] + rows:
            print("  ".join(f"{cell:<28}"[:28] for cell in row))
    print(f"\n{caught}/{len(defects)} planted defects caught with the right code and page "
          f"({caught / len(defects):.0%}); {false_positive} false positives on {len(legal)} legal files; "
          f"the independent checker agrees on {agreed}/{len(rows)} files")


if __name__ == "__main__":
    main()
