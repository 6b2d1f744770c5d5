"""Digests of files: of one file, read again only when it changed; of every template; of a game folder."""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache, lru_cache
from pathlib import Path

from generator.game_files import digest as file_digest
from generator.game_files import files_under
from generator.render.templates import TEMPLATES
from generator.user_cache import cache_folder, write_atomically

_STORE, _STORED_FROM = "file-digests.json", 64 * 1024   # user-cache file of the digests of files this large


def folder_digest(folder: Path) -> str:
    """Every file of a game folder, by name and content (symbolic links by name); its build folder apart."""
    digest = hashlib.sha256()
    files, links = files_under(folder, frozenset({"build"}))
    for path in files:
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + file_digest_of(str(path)).encode())
    for path in links:
        digest.update(b"link\0" + str(path.relative_to(folder)).encode())
    return digest.hexdigest()


def templates_digest(game_folder: str) -> str:
    """Every shipped template, font and profile, and the game's own templates (names, sizes, contents)."""
    digest = hashlib.sha256()
    for base in (TEMPLATES, Path(game_folder) / "templates"):
        files, links = files_under(base)
        for path in files + links:
            digest.update(str(path.relative_to(base)).encode())
            digest.update(file_digest_of(str(path)).encode())
    return digest.hexdigest()


def file_digest_of(path: str) -> str:
    """A file's content digest, read again only when its size or times changed (`imprenta watch` edits); the
    change time and inode are in the key, so a copy that keeps size and modification time is read again."""
    try:
        status = os.lstat(path)
    except OSError:
        return "missing"
    return _digest_of(path, status.st_mtime_ns, status.st_size, status.st_ctime_ns, status.st_ino)


@lru_cache(maxsize=4096)
def _digest_of(path: str, mtime: int, size: int, ctime: int = 0, inode: int = 0) -> str:
    """The digest of a file, streamed (see game_files.digest); a large one (the fonts, images) is kept in the
    user's cache with the stat it was taken at, so that every build need not read the 4 MB of shipped fonts
    again. Small files are always read: what they cost is nothing next to a missed edit."""
    stored = _stored_digests().get(path) if size >= _STORED_FROM else None      # [mtime, size, digest, ctime, inode]
    if isinstance(stored, list) and len(stored) == 5 and stored[:2] == [mtime, size] and stored[3:] == [ctime, inode]:
        return stored[2]
    digest = file_digest(Path(path))
    if digest == "missing":
        return digest
    if size >= _STORED_FROM:
        _stored_digests()[path] = [mtime, size, digest, ctime, inode]
        write_atomically(cache_folder() / _STORE, json.dumps(_stored_digests()).encode())
    return digest


@cache
def _stored_digests() -> dict[str, list]:
    try:
        stored = json.loads((cache_folder() / _STORE).read_bytes())
        return stored if isinstance(stored, dict) else {}
    except (OSError, ValueError):
        return {}
