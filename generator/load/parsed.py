"""YAML files parsed once per content, not once per check.

A designer checks again after editing one file; the game's other files read as before. What reading a
file gives (its values, where each was written, the findings of reading it) depends only on its bytes,
the path it is shown by and Imprenta's code, so it is kept in the cache folder (`yaml/`) under those and
read back with pickle: about four times faster than composing and building the nodes again. One entry is
kept per file (a newer one replaces it); as every cache here, it is only ever a shortcut (user_cache).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path, PurePosixPath
from typing import TypeVar

from generator.user_cache import cache_folder, shipped_key, write_atomically

_FORMAT = 1          # raise when what an entry holds changes
_SMALL = 2048        # bytes under which parsing costs no more than reading an entry back
Read = TypeVar("Read")


def remembered(path: Path, raw: bytes, shown: PurePosixPath, read: Callable[[], Read]) -> Read:
    """read(), a pure function of `raw` and `shown`, or what it gave for the same bytes and path before."""
    if len(raw) < _SMALL:
        return read()
    place = hashlib.sha256(str(path.absolute()).encode()).hexdigest()[:16]
    content = hashlib.sha256(repr((_FORMAT, sys.version_info[:3], shipped_key(), str(shown))).encode() + raw)
    entry = cache_folder("yaml") / f"{place}-{content.hexdigest()[:32]}.pickle"
    with suppress(Exception):       # missing, damaged or foreign: only means reading the file again
        return pickle.loads(entry.read_bytes())
    result = read()
    try:
        kept = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
    except (RecursionError, pickle.PicklingError):      # a value nested too deep for pickle: not kept
        return result
    if write_atomically(entry, kept):
        with suppress(OSError):
            for older in entry.parent.glob(f"{place}-*.pickle"):
                if older != entry:                       # the same file's earlier content
                    with suppress(OSError):
                        os.unlink(older)
    return result
