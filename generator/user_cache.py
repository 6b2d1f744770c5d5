"""The user's cache folder: `$XDG_CACHE_HOME/imprenta`, else `~/.cache/imprenta`.

What is kept there is only ever a shortcut (parsed fonts, digests of large
files): anything missing, unreadable or out of date is computed again, and a
folder that cannot be written is simply not used. The folder is kept under a
size budget (`IMPRENTA_CACHE_MB`, 1 GiB unless set): past it, the entries used
longest ago are let go, as ccache does.
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
    except OSError:
        with suppress(OSError):
            staged.unlink(missing_ok=True)
        return False
    _written(len(data))
    return True


DEFAULT_BUDGET_MB = 1024
_LOOK_EVERY = 64 << 20       # bytes a process writes between two looks at the folder's size
_QUIET = 3600                # seconds: a process's first write looks only if no process looked for that long
_MARK = ".last-trimmed"
_since_look = [-1]           # bytes written since this process last looked; -1 before its first write


def budget() -> int:
    """The cache folder's size budget in bytes: `IMPRENTA_CACHE_MB`, else DEFAULT_BUDGET_MB."""
    try:
        megabytes = int(os.environ.get("IMPRENTA_CACHE_MB", DEFAULT_BUDGET_MB))
    except ValueError:
        megabytes = DEFAULT_BUDGET_MB
    return max(megabytes, 0) << 20


def _written(size: int) -> None:
    """After a write: look at the folder's size on a process's first write (unless another process looked
    lately) and every _LOOK_EVERY bytes after, so a build that keeps thousands of pictures stays in budget."""
    import time

    first = _since_look[0] < 0
    _since_look[0] = max(_since_look[0], 0) + size
    if not first and _since_look[0] < _LOOK_EVERY:
        return
    mark = cache_folder(_MARK)
    with suppress(OSError):
        if first and time.time() - mark.stat().st_mtime < _QUIET:
            _since_look[0] = 0
            return
    _since_look[0] = 0
    with suppress(OSError):
        mark.touch()
    let_go_oldest(cache_folder(), budget())


def let_go_oldest(root: Path, limit: int) -> list[Path]:
    """When the files under `root` weigh more than `limit` bytes, remove those used longest ago (by the later of
    their access and change times) until they weigh at most four fifths of it; the removed paths. A lock or a
    file being written (`.lock`, `.part`) less than an hour old is never removed."""
    import time

    now = time.time()
    entries: list[tuple[float, int, str]] = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            try:
                status = os.stat(path)
            except OSError:
                continue
            if name == _MARK or name.endswith((".lock", ".part")) and now - status.st_mtime < 3600:
                continue
            entries.append((max(status.st_atime, status.st_mtime), status.st_size, path))
    total = sum(size for _, size, _ in entries)
    removed: list[Path] = []
    if total <= limit:
        return removed
    for _, size, path in sorted(entries):
        if total <= limit * 4 // 5:
            break
        with suppress(OSError):
            os.unlink(path)
            removed.append(Path(path))
            total -= size
    return removed


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
