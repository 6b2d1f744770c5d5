"""The user's cache folder: `$XDG_CACHE_HOME/imprenta`, else `~/.cache/imprenta`.

What is kept there is only ever a shortcut (parsed fonts, digests of large
files): anything missing, unreadable or out of date is computed again, and a
folder that cannot be written is simply not used.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent
_SHIPPED = (_PACKAGE, _PACKAGE.parent / "templates")


def cache_folder(*parts: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base, "imprenta", *parts)


def write_atomically(path: Path, data: bytes) -> bool:
    """Write a cache file whole or not at all (processes building side by side may write it at once)."""
    staged = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        staged.write_bytes(data)
        staged.replace(path)
        return True
    except OSError:
        with suppress(OSError):
            staged.unlink(missing_ok=True)
        return False


def kept_json(folder: str, key: str, compute: Callable[[], Any]) -> Any:
    """compute(), a JSON value fixed by `key` (which names everything it depends on but Imprenta's own files,
    which every entry is kept under too), kept in `folder` of the cache folder and read back from there; what
    is read back is what JSON gives (lists for tuples)."""
    import json

    named = f"{shipped_key()}|{key}"
    entry = cache_folder(folder) / f"{hashlib.sha256(named.encode()).hexdigest()[:32]}.json"
    with suppress(OSError, ValueError, KeyError, TypeError):
        return json.loads(entry.read_text(encoding="utf-8"))["value"]
    value = compute()
    write_atomically(entry, json.dumps({"value": value}).encode())
    return value


@cache
def shipped_key() -> str:
    """Imprenta's own files (its code, templates and fonts) as names, sizes and times, compiled bytecode aside:
    what every cached result made by Imprenta's code is kept under, so that a changed Imprenta never reuses one."""
    hasher = hashlib.sha256()
    for root in _SHIPPED:
        for folder, folders, names in os.walk(root):
            folders[:] = sorted(name for name in folders if name != "__pycache__")
            for name in sorted(names):
                status = os.stat(os.path.join(folder, name))
                hasher.update(f"{folder}/{name}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
    return hasher.hexdigest()


@cache
def package_key(name: str) -> str:
    """An installed package as its place, size and time, found without importing it (importing babel or
    svgelements costs more than the cached answer saves): what a result computed by that package is kept under."""
    from importlib.util import find_spec

    spec = find_spec(name)
    origin = spec.origin if spec is not None else None
    if not origin:
        return f"{name}|missing"
    places = (origin, os.path.dirname(origin))      # its first module, and its folder (files replaced in it)
    return "|".join([name, origin, *(f"{os.stat(place).st_size}:{os.stat(place).st_mtime_ns}" for place in places)])
