"""Preflight of a hostile form DAG: 2^40 paths through 41 forms of a few bytes each, against a floor.

    python3 bench/preflight_dag.py [--depth 40]

The goal (issue 40) is under 1 s. The floor is the preflight of the same clean two-page press file without
the DAG, measured in the same run: the ratio says what the DAG adds, whatever the machine. A renderer that
drew every path would run 2^40 forms; preflight walks each form a bounded number of times.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.output.preflight import preflight  # noqa: E402
from tests.preflight.corpus import clean, dag_pdf  # noqa: E402


def best(data: bytes, repeat: int) -> tuple[float, list]:
    times, found = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        found = preflight(Path("dag.pdf"), data=data)
        times.append(time.perf_counter() - start)
    return min(times), found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    dag = dag_pdf(args.depth)
    floor, _ = best(clean(), args.repeat)
    took, found = best(dag, args.repeat)
    print(f"form DAG of depth {args.depth} (2^{args.depth} = {2 ** args.depth:,} paths, {len(dag):,} bytes): "
          f"{took:.3f} s ({took / floor:.1f}× the clean file's {floor:.3f} s); goal < 1 s: "
          f"{'met' if took < 1 else 'NOT met'}; findings: {sorted({d.code for d in found}) or 'none'}")


if __name__ == "__main__":
    main()
