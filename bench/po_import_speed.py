"""Time `i18n import` of a PO file of 25,000, 50,000 and 100,000 entries into Mar y Acero: it must be linear.

    python3 bench/po_import_speed.py [largest]

The PO holds every source text of the game translated (so they are imported), and the rest of the entries
name no source text (each an I18N005 finding at its msgstr line). Prints the time of each size and the ratio
of the largest to the smallest per entry: about 1 when linear (4 for 4x the entries would be quadratic's 16).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.i18n.po import export_po, import_po  # noqa: E402
from generator.load import load_game  # noqa: E402


def catalog(game, size: int, path: Path) -> None:
    import polib

    po = export_po(game, "en")
    for entry in po:
        entry.msgstr = entry.msgid if not entry.msgid_plural else ""
    for number in range(size - len(po)):
        po.append(polib.POEntry(msgctxt=f"nothing.{number}", msgid=f"Texto {number}", msgstr=f"Text {number}"))
    po.save(str(path))


def main() -> None:
    largest = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    sizes = [largest // 4, largest // 2, largest]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "mar-y-acero"
        shutil.copytree(ROOT / "content" / "mar-y-acero", folder)
        game = load_game(folder).game
        times = {}
        for size in sizes:
            path = Path(scratch) / f"en-{size}.po"
            catalog(game, size, path)
            started = time.perf_counter()
            found, _ = import_po(game, path, "en")
            times[size] = time.perf_counter() - started
            print(f"{size:7d} entries imported in {times[size]:6.2f} s ({len(found)} findings)")
    per_entry = [times[size] / size for size in sizes]
    print(f"time per entry, {sizes[-1]} vs {sizes[0]} entries: x{per_entry[-1] / per_entry[0]:.2f} "
          f"(linear: about 1; quadratic: 4)")


if __name__ == "__main__":
    main()
