"""The earlier version a build is compared with (`imprenta build PATH --since REF`), and the version printed.

REF is a git revision of the repository the game folder lives in (a tag, a commit, a branch, HEAD~2) or the
folder of an earlier copy. Git is used through its own command and only to read: `rev-parse`, `status`,
`ls-tree`, `cat-file`, `log` and `describe`. An earlier version is never checked out: its blobs are read raw
(no filter or attribute of the repository runs) and written, regular files only, into a scratch folder, which
the same loader then reads with the same confinement as any game folder.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from generator.diagnostics import Diagnostic, make
from generator.game_files import MAX_READ, digest, files_under

EARLIER_LIMIT = 512 * 1024 * 1024     # the most an earlier version may write into the scratch folder
EARLIER_FILES = 20_000
_GIT = ("git", "-c", "core.fsmonitor=false", "-c", "core.quotePath=false")   # no hook runs, names as they are
_HINT = ("Give a git revision of the repository the game is in (a tag such as v1.0, a commit, a branch, HEAD~1: "
         "`git tag` and `git log --oneline -- FOLDER` list them) or the folder of the earlier version.")


class Since(NamedTuple):
    """An earlier version, located: what the user named, how it prints, and what identifies its contents."""

    asked: str
    label: str              # printed: the tag (v1.0), a short commit, or the folder's name
    identity: str           # the commit, or a digest of the folder's files: a build's stamp depends on it
    folder: Path            # the game folder of a folder REF; for a git REF, the current game folder
    commit: str | None = None


class GitFailed(Exception):
    pass


def _git(folder: Path, *args: str, data: bytes | None = None, check: bool = True) -> bytes:
    environment = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_OPTIONAL_LOCKS": "0"}
    try:
        done = subprocess.run(_GIT + args, cwd=folder, input=data, capture_output=True, timeout=120,
                              env=environment)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise GitFailed(f"git could not be run ({error})") from None
    if check and done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitFailed(lines[-1] if lines else f"git {args[0]} failed")
    return done.stdout


def locate(folder: Path, asked: str) -> tuple[Since | None, list[Diagnostic]]:
    """The earlier version REF names, or EDN001 (no such revision or folder) / EDN002 (uncommitted changes)."""
    other = Path(asked)
    if other.is_dir() and not other.is_symlink():
        if not any((other / name).is_file() for name in ("game.yaml", "game.yml")):
            return None, [make("EDN001", f"--since {asked}: the folder holds no game (no game.yaml)", None, _HINT)]
        return Since(asked, other.resolve().name, _folder_digest(other), other), []
    if asked.startswith("-") or not asked.strip():
        return None, [make("EDN001", f"--since '{asked}' is not a revision", None, _HINT)]
    try:
        commit = _git(folder, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{asked}^{{commit}}",
                      check=False).decode().strip()
        if not commit:
            _git(folder, "rev-parse", "--show-toplevel")     # not a repository: that is the message to give
            return None, [make("EDN001", f"--since {asked}: no such revision in the repository of {folder}, and "
                                         f"no such folder", None, _HINT)]
        changed = uncommitted(folder)
    except GitFailed as failure:
        return None, [make("EDN001", f"--since {asked}: {asked} is not a folder, and git cannot read {folder} "
                                     f"({failure})", None, _HINT)]
    found = []
    if changed:
        shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
        found.append(make("EDN002", f"{folder} has changes that are not committed ({shown}): the new edition "
                                    f"would be no version anyone can rebuild", None,
                          "Commit them (or stash them) and build again; to compare a work in progress anyway, "
                          "demote the code in game.yaml: `checks: {warn: [EDN002]}`."))
    return Since(asked, _label(folder, asked, commit), commit, folder, commit), found


def uncommitted(folder: Path) -> list[str]:
    """Files of the game folder that differ from the last commit, or are new and not ignored (its build/
    folder aside); paths as git shows them, relative to the repository."""
    below = _git(folder, "rev-parse", "--show-prefix").decode().strip()
    entries = _git(folder, "status", "--porcelain", "-z", "--untracked-files=all", "--", ".").split(b"\0")
    paths, skip = [], False
    for entry in entries:
        if skip or len(entry) < 4:
            skip = False
            continue
        skip = entry[:1] in (b"R", b"C")           # a rename is followed by its old name
        path = entry[3:].decode("utf-8", "replace")
        if not path.startswith(f"{below}build/"):
            paths.append(path)
    return paths


def _label(folder: Path, asked: str, commit: str) -> str:
    """How the earlier version is named in print: its tag when it has one, else what the user typed when it
    reads as a name (a branch, v1.0), else the short commit."""
    try:
        tag = _git(folder, "describe", "--tags", "--exact-match", commit, check=False).decode().strip()
    except GitFailed:
        tag = ""
    if tag:
        return tag
    return asked if re.fullmatch(r"[A-Za-z][\w.\-/]{0,40}", asked) and asked != "HEAD" else commit[:10]


def earlier_folder(since: Since, scratch: Path) -> tuple[Path | None, list[Diagnostic]]:
    """The game folder of the earlier version: the folder itself, or its files at the commit written into
    `scratch` (regular files only; links and submodules are left out, as the loader refuses them)."""
    if since.commit is None:
        return since.folder, []
    target = scratch / "earlier"
    try:
        listing = _git(since.folder, "ls-tree", "-r", "-z", "-l", since.commit, "--", ".").split(b"\0")
        blobs = [_entry(line) for line in listing if line]
        blobs = [blob for blob in blobs if blob is not None]
        if not any(path.as_posix() in ("game.yaml", "game.yml") for _, path, _ in blobs):
            return None, [make("EDN001", f"--since {since.asked}: the game folder {since.folder} did not exist "
                                         f"there (or held no game.yaml)", None, _HINT)]
        if len(blobs) > EARLIER_FILES or sum(size for _, _, size in blobs) > EARLIER_LIMIT:
            return None, [make("EDN003", f"--since {since.asked}: the earlier game folder is too large to read "
                                         f"({len(blobs)} files)", None)]
        contents = _cat(since.folder, [name for name, _, _ in blobs])
    except GitFailed as failure:
        return None, [make("EDN003", f"--since {since.asked}: git cannot read the earlier version ({failure})",
                           None)]
    for (_, path, _), data in zip(blobs, contents):
        _write(target, path, data)
    return target, []


def _entry(line: bytes) -> tuple[str, PurePosixPath, int] | None:
    """(blob id, relative path, size) of one `ls-tree -l` line, for a regular file with a plain path."""
    head, _, name = line.partition(b"\t")
    fields = head.split()
    if len(fields) != 4 or fields[1] != b"blob" or fields[0] not in (b"100644", b"100755"):
        return None                                   # a link (120000), a submodule, or something odd
    path = PurePosixPath(name.decode("utf-8", "replace"))
    size = int(fields[3]) if fields[3].isdigit() else MAX_READ + 1
    if path.is_absolute() or any(part in ("", ".", "..", ".git") for part in path.parts) or size > MAX_READ:
        return None                                   # never read whole by the loader either
    return fields[2].decode(), path, size


def _cat(folder: Path, blob_ids: list[str]) -> list[bytes]:
    """The raw bytes of blobs, read by one `git cat-file --batch`."""
    out = _git(folder, "cat-file", "--batch", data="".join(f"{blob}\n" for blob in blob_ids).encode())
    contents, at = [], 0
    for _ in blob_ids:
        end = out.index(b"\n", at)
        header = out[at:end].split()
        if len(header) != 3:
            raise GitFailed(f"unexpected answer from git cat-file: {out[at:end][:80]!r}")
        size = int(header[2])
        contents.append(out[end + 1:end + 1 + size])
        at = end + 1 + size + 1
    return contents


def _write(root: Path, path: PurePosixPath, data: bytes) -> None:
    target = root.joinpath(*path.parts)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    with os.fdopen(handle, "wb") as stream:
        stream.write(data)


def _folder_digest(folder: Path) -> str:
    found = hashlib.sha256()
    files, links = files_under(folder, frozenset({"build"}))
    for path in files:
        found.update(str(path.relative_to(folder)).encode() + b"\0" + digest(path).encode())
    for path in links:
        found.update(b"link\0" + str(path.relative_to(folder)).encode())
    return found.hexdigest()


def git_version(folder: Path) -> str:
    """The version git gives the game folder: the tag of the last commit that changed it (v1.1), or the
    tag with the commits since (v1.1-3-g2f1e0c9), or that commit alone; "+" when the folder has changes not
    committed. "" outside a repository, or when git is missing."""
    try:
        last = _git(folder, "log", "-1", "--format=%H", "--", ".").decode().strip()
        if not last:
            return ""
        described = _git(folder, "describe", "--tags", "--always", "--abbrev=7", last).decode().strip()
        return described + ("+" if uncommitted(folder) else "")
    except GitFailed:
        return ""
