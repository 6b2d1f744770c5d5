"""What `imprenta build` prints in a terminal, and how fast a bad language fails: the figures of issue 22's
floor 4, measured on the real command in a pseudo-terminal (progress shown, as a user sees it).

1. `build content/mar-y-acero --lang fr` (a translation in progress, not a declared language): exit code,
   wall and CPU time (best of N; CPU time is what an idle machine's wall time would be), lines printed, and
   whether any note was printed.
2. A first `build content/mar-y-acero` into an empty folder: lines printed, and those lines.
3. The no-op rebuild: its output.

Usage: python3 bench/terminal_output.py [runs]     (the first build takes a minute or two)
"""

from __future__ import annotations

import os
import pty
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "content/mar-y-acero"


def in_terminal(argv: list[str]) -> tuple[int, list[str], float, float]:
    """Run argv with stdout and stderr on a pseudo-terminal: (exit code, the lines a user sees, wall s, CPU s)."""
    controller, terminal = pty.openpty()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=terminal, stderr=terminal)
    os.close(terminal)
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:             # the terminal closed: the command ended
            break
        if not chunk:
            break
        chunks.append(chunk)
    code = process.wait()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    os.close(controller)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return code, _seen(b"".join(chunks).decode("utf-8", "replace")), wall, cpu


def _seen(output: str) -> list[str]:
    """The lines left on screen: a carriage return rewrites its line (the progress counter), ESC[K clears."""
    lines = []
    for line in output.replace("\r\n", "\n").split("\n"):
        shown = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", line.split("\r")[-1])
        lines.append(shown)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    python = [sys.executable, "-m", "generator"]
    with tempfile.TemporaryDirectory(prefix="imprenta-terminal-") as out:
        bad = [in_terminal(python + ["build", GAME, "--lang", "fr", "--out", out]) for _ in range(runs)]
        code, lines, _, _ = bad[0]
        notes = [line for line in lines if "note" in line.lower()]
        print(f"build {GAME} --lang fr: exit {code}, best wall {min(r[2] for r in bad) * 1000:.0f} ms, "
              f"best CPU {min(r[3] for r in bad) * 1000:.0f} ms ({runs} runs), {len(lines)} lines, "
              f"{len(notes)} notes, nothing written: {not any(Path(out).iterdir())}")
        for line in lines:
            print(f"    | {line}")
        code, lines, wall, _ = in_terminal(python + ["build", GAME, "--out", out])
        print(f"first build {GAME}: exit {code}, {len(lines)} lines in a terminal, {wall:.1f} s")
        for line in lines:
            print(f"    | {line}")
        code, lines, wall, _ = in_terminal(python + ["build", GAME, "--out", out])
        print(f"no-op rebuild: exit {code}, {len(lines)} lines, {wall * 1000:.0f} ms")
        for line in lines:
            print(f"    | {line}")


if __name__ == "__main__":
    main()
