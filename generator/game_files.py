"""The one place that turns a name a game gives into a file, and reads it: confined to its folder.

A game folder comes from a stranger's pull request, so every file Imprenta opens on its behalf — content,
translations, template overrides, layouts and profiles named by `extends:`, images, fonts — is found and
read here, and only here:

- a name is relative, has no `..`, and no component below the folder (or the shipped templates/) is a
  symbolic link: a link could point anywhere on the machine, so it is refused, not followed;
- only regular files are read, opened without following a link (O_NOFOLLOW), and never more than a limit;
- the folders are listed without entering links, and the files of a tree are hashed in chunks, never read
  whole (a 6 GiB art source lying in the folder costs nothing).

A refusal says why in words and never shows a line of the file it did not read.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path, PurePosixPath

MAX_READ = 64 * 1024 * 1024          # the most any one file is read (images; YAML has its own, smaller limit)
HASHED_WHOLE = 256 * 1024 * 1024     # larger files are fingerprinted by size, time and inode, not read
_PLAIN_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
_URL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_DRIVE = re.compile(r"^[a-zA-Z]:[\\/]")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class Refused(Exception):
    """A name or file that is not read; `reason` is in words for a diagnostic, and `code` the one to use."""

    def __init__(self, reason: str, code: str = "SCH011") -> None:
        super().__init__(reason)
        self.reason, self.code = reason, code


def is_plain_name(name: object) -> bool:
    """A name that stands for one file in a known folder (a layout, a profile, a language): no path."""
    return isinstance(name, str) and bool(_PLAIN_NAME.match(name)) and ".." not in name


def inside(root: Path, name: str | PurePosixPath) -> Path:
    """The file `name` (relative to `root`) as a path, when it is a regular file reached without a link.

    Raises Refused: a URL, an absolute path, `..`, a symbolic link in any component, or not a file.
    """
    text = str(name).replace("\\", "/")
    if _URL.match(text) and not _DRIVE.match(text):
        raise Refused("is a URL; nothing is fetched, so name a file inside the game folder")
    relative = PurePosixPath(text)
    if relative.is_absolute() or _DRIVE.match(text):
        raise Refused("is an absolute path; name it relative to the game folder")
    if ".." in relative.parts:
        raise Refused("leaves the game folder (`..`)")
    parts = [part for part in relative.parts if part not in ("", ".")]
    if not parts:
        raise Refused("names no file")
    current = root
    for index, part in enumerate(parts):
        current = current / part
        try:
            status = os.lstat(current)
        except OSError:
            raise Refused("does not exist", "YML002") from None
        if stat.S_ISLNK(status.st_mode):
            raise Refused("is reached through a symbolic link, which Imprenta does not follow", "SEC001")
        if index < len(parts) - 1 and not stat.S_ISDIR(status.st_mode):
            raise Refused("does not exist", "YML002")
    if not stat.S_ISREG(status.st_mode):
        raise Refused("is not a regular file", "YML002")
    return current


def within(root: Path, path: Path) -> Path:
    """`path` (absolute, or relative to the working folder) checked as a file of `root`, as `inside` does."""
    try:
        relative = Path(os.path.abspath(path)).relative_to(os.path.abspath(root))
    except ValueError:
        raise Refused("lies outside the game folder") from None
    return inside(root, relative.as_posix())


def read_bytes(path: Path, limit: int = MAX_READ) -> bytes:
    """The bytes of a file already confined by `inside`, opened without following a link; at most `limit`."""
    try:
        handle = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise Refused(f"cannot be read ({error.strerror or error})", "YML002") from None
    with os.fdopen(handle, "rb") as stream:
        status = os.fstat(stream.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise Refused("is not a regular file", "YML002")
        if status.st_size > limit:
            raise Refused(f"is {status.st_size} bytes; the limit is {limit}", "YML004")
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise Refused(f"grew past the limit of {limit} bytes while read", "YML004")
    return data


def is_game_folder(folder: Path) -> bool:
    """A real folder (not a link to one) with a game.yaml."""
    return folder.is_dir() and not folder.is_symlink() and any(
        (folder / name).is_file() or (folder / name).is_symlink() for name in ("game.yaml", "game.yml"))


def files_under(root: Path, skipped: frozenset[str] = frozenset()) -> tuple[list[Path], list[Path]]:
    """(regular files, symbolic links) below `root`, in a stable order, without entering any link.

    Folders named in `skipped` are not entered at any depth."""
    files: list[Path] = []
    links: list[Path] = []
    if not root.is_dir() or root.is_symlink():
        return files, links
    for folder, folders, names in os.walk(root, followlinks=False):
        base = Path(folder)
        for name in list(folders):
            if (base / name).is_symlink():
                links.append(base / name)
                folders.remove(name)
            elif name in skipped:
                folders.remove(name)
        for name in names:
            path = base / name
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                links.append(path)
            elif stat.S_ISREG(mode):
                files.append(path)
        folders.sort()
    return sorted(files), sorted(links)


def digest(path: Path, cap: int = HASHED_WHOLE) -> str:
    """A file's sha256, read in chunks; a file larger than `cap` (or a link) stands for its size, times and
    inode instead of its bytes. The change time is in it too: copies that keep size and modification time
    (`cp -p`, `rsync -t`) still change it."""
    try:
        status = os.lstat(path)
    except OSError:
        return "missing"
    if not stat.S_ISREG(status.st_mode) or status.st_size > cap:
        return f"stat:{status.st_mode}:{status.st_size}:{status.st_mtime_ns}:{status.st_ctime_ns}:{status.st_ino}"
    hasher = hashlib.sha256()
    try:
        handle = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            for chunk in iter(lambda: stream.read(1024 * 1024), b""):
                hasher.update(chunk)
    except OSError:
        return "missing"
    return hasher.hexdigest()
