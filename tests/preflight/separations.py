"""Ghostscript separations of one page, read as a prepress check would: what black type is made of.

    python -m tests.preflight.separations FILE.pdf PAGE [DPI]

splits the page into its plates (`gs -sDEVICE=tiffsep`), finds every word
(`pdftotext -bbox`), and for the words set in black ink alone reports the ink
of their strokes: 100 % K is solid black; anything less is a screened tint. It
also reports the words printed in more than one ink, and the plates present.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path


def plates(pdf: Path, page: int, dpi: int, folder: Path) -> dict:
    import numpy
    from PIL import Image

    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", f"-r{dpi}",
                    f"-dFirstPage={page}", f"-dLastPage={page}", f"-sOutputFile={folder}/p.tif", str(pdf)],
                   check=True)
    found = {}
    for tif in folder.glob("p(*).tif"):
        name = tif.name[2:-5]
        with Image.open(tif) as picture:
            found[name] = 255 - numpy.asarray(picture.convert("L"), dtype=numpy.int16)   # ink, 0…255
    return found


def words(pdf: Path, page: int, dpi: int) -> list[tuple[str, int, int, int, int]]:
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    scale = dpi / 72
    out = []
    for x0, y0, x1, y1, word in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<',
                                           html):
        out.append((word, int(float(x0) * scale), int(float(y0) * scale), int(float(x1) * scale) + 1,
                    int(float(y1) * scale) + 1))
    return out


def report(pdf: Path, page: int, dpi: int = 300) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        inks = plates(pdf, page, dpi, Path(folder))
    black = inks.get("Black")
    colour = sum(inks[name] for name in ("Cyan", "Magenta", "Yellow") if name in inks)
    k_only_solid = k_only_tint = several = 0
    tints = set()
    for _, x0, y0, x1, y1 in words(pdf, page, dpi):
        k, c = black[y0:y1, x0:x1], colour[y0:y1, x0:x1]
        stroke = k > 127                                # the word's strokes on the black plate
        if not stroke.any():
            continue
        if (c[stroke] > 0).mean() > 0.5:
            several += 1                                # coloured type: C, M or Y under most of its strokes
        elif k[stroke].max() >= 254:
            k_only_solid += 1
        else:
            k_only_tint += 1
            tints.add(round(int(k[stroke].max()) / 2.55, 1))
    return {"plates": sorted(inks), "black words, solid 100 % K": k_only_solid,
            "black words, screened": k_only_tint, "tints": sorted(tints), "words in several inks": several}


if __name__ == "__main__":
    print(report(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 300))
