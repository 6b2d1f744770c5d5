"""The user's cache folder: `$XDG_CACHE_HOME/imprenta`, else `~/.cache/imprenta`.

What is kept there is only ever a shortcut (parsed fonts, digests of large
files): anything missing, unreadable or out of date is computed again, and a
folder that cannot be written is simply not used.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path


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
