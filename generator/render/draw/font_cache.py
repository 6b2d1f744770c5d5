"""TrueType fonts parsed once per machine, not once per process.

reportlab reads a whole TrueType file before it can print with it (character
map, widths and glyph offsets for about 6,000 glyphs: some 20 ms per font),
and every render process starts with none. What it read is kept in the user's
cache folder (`fonts/` in user_cache.cache_folder()), under a key
made of the font file's size and modification time and the versions of reportlab
and Python, and read back in about 5 ms. The cache is only ever a shortcut: an
entry that is missing, unreadable or written by other versions is parsed again,
and a folder that cannot be written is simply not used.
"""

from __future__ import annotations

import hashlib
import operator
import pickle
import sys
from contextlib import suppress
from functools import partial
from pathlib import Path

from generator.user_cache import cache_folder, write_atomically

_FORMAT = 1          # raise when what an entry holds changes


def parsed_font(name: str, path: Path):
    """reportlab's TTFont for `path`, registered by the caller under `name`."""
    from reportlab.pdfbase.ttfonts import TTFont

    entry = _entry(name, path)
    if entry is not None:
        font = _read(entry, name)
        if font is not None:
            return font
    font = TTFont(name, str(path))
    if entry is not None:
        _write(entry, font)
    return font


def _entry(name: str, path: Path) -> Path | None:
    from reportlab import Version

    try:
        stat = path.stat()
    except OSError:
        return None
    key = f"{_FORMAT}|{Version}|{sys.version_info[:2]}|{name}|{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    return cache_folder("fonts") / f"{path.stem}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.pickle"


def _read(entry: Path, name: str):
    from weakref import WeakKeyDictionary

    from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

    try:
        font_state, face_state = pickle.loads(entry.read_bytes())
        font, face = TTFont.__new__(TTFont), TTFontFace.__new__(TTFontFace)
        face.__dict__.update(face_state)
        face._pdfScale = _scale(face.unitsPerEm)
        font.__dict__.update(font_state, face=face, state=WeakKeyDictionary())
        return font
    except Exception:  # noqa: BLE001 - any damaged or foreign entry only means parsing the font again
        return None


def _write(entry: Path, font) -> None:
    """Store what `font` read; its per-document state and the face's scaling function are rebuilt on reading."""
    face_state = {key: value for key, value in vars(font.face).items() if key != "_pdfScale"}
    font_state = {key: value for key, value in vars(font).items() if key not in ("face", "state")}
    if not write_atomically(entry, pickle.dumps((font_state, face_state), protocol=pickle.HIGHEST_PROTOCOL)):
        return
    stem = entry.name.rsplit("-", 1)[0]
    for older in entry.parent.glob(f"{stem}-*.pickle"):
        if older != entry and len(older.name) == len(entry.name):   # same font, other versions (not Stem-Bold)
            with suppress(OSError):
                older.unlink(missing_ok=True)


def _scale(units_per_em: int):
    """The face's font units → thousandths of the size, as reportlab's parser defines it (there, a lambda)."""
    return partial(operator.mul, 1000 / units_per_em)



def covered_characters(paths: tuple[Path, ...]) -> frozenset[str]:
    """Every character some font of `paths` maps to a glyph: the union of their character maps (cmap), read
    with fontTools and kept in the cache folder as ranges of code points under a key made of the files'
    sizes and modification times (read back in about a millisecond instead of some 40 ms per font)."""
    import json

    entry = _coverage_entry(paths)
    with suppress(OSError, ValueError, TypeError, AttributeError):
        ranges = json.loads(entry.read_text(encoding="utf-8"))
        return frozenset(chr(point) for start, end in ranges for point in range(start, end + 1))
    from fontTools.ttLib import TTFont

    points = sorted(set().union(*(TTFont(path, lazy=True).getBestCmap() for path in paths)))
    ranges: list[list[int]] = []
    for point in points:
        if ranges and ranges[-1][1] == point - 1:
            ranges[-1][1] = point
        else:
            ranges.append([point, point])
    if entry is not None:
        write_atomically(entry, json.dumps(ranges, separators=(",", ":")).encode())
    return frozenset(map(chr, points))


def _coverage_entry(paths: tuple[Path, ...]) -> Path | None:
    from importlib.util import find_spec

    spec = find_spec("fontTools")       # its version as its files are: importing it costs 15 ms, found it is not
    try:
        files = [f"{path.resolve()}|{path.stat().st_size}|{path.stat().st_mtime_ns}"
                 for path in (*paths, *([Path(spec.origin)] if spec and spec.origin else []))]
    except OSError:
        return None
    key = "|".join([str(_FORMAT), *files])
    return cache_folder("fonts") / f"coverage-{hashlib.sha256(key.encode()).hexdigest()[:16]}.json"
