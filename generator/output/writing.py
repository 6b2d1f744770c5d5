"""Publishing build/<game>/<lang>/ all at once: a build, even one killed, leaves the old set or the new one.

The new set is assembled in full in a staging folder beside the target: the files this build made, the
manifest, and (as hard links, or copies) the previous files it keeps. Then one atomic exchange of the two
folder names (Linux's renameat2 RENAME_EXCHANGE) makes the new set the target and the old set the staging
folder, which is removed. A reader, or a build killed at any instant, sees either the complete previous set
with its manifest or the complete new one with its own, never a mix.

Nothing is written through a symbolic link (a pull request can commit `build` as a link to anywhere): the
output folder, its game folder and the language folder must each be a real folder (or not exist yet), and a
language folder that exists must be an Imprenta output (it holds a manifest.json), never a folder of other
files that a mistyped --out would replace. Links inside a previous set are dropped, not followed.

Where the exchange is not available, the target is renamed aside and the staging folder renamed into its
place; a build killed between the two renames leaves the previous set aside, and the next build puts it back
before anything else. Staging folders carry the id of the process that made them: the next build removes
those of processes that are gone, and never those of a build still running into the same folder.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from pathlib import Path

from generator.render.context import Artifact

_STAGING, _ASIDE = ".staging-", ".previous-"
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def write_atomically(target: Path, artifacts: list[Artifact], manifest: bytes, stale: list[str]) -> None:
    """Publish the artifacts and the manifest as the new content of `target`, keeping the previous files
    that are neither rebuilt nor `stale` (no longer made).

    Raises OSError, with the reason in words, for a target this build may not replace (see the module)."""
    problem = boundary_problem(target.parent.parent, target)
    if problem:
        raise OSError(errno.EPERM, problem, str(target))
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    tidy(target)
    staging = Path(tempfile.mkdtemp(prefix=f"{_STAGING}{target.name}-{os.getpid()}-", dir=parent))
    try:
        os.chmod(staging, 0o777 & ~_umask())         # mkdtemp's 0700 would become the published folder's mode
        made = {artifact.path: artifact.data for artifact in artifacts}
        dropped = set(made) | set(stale) | {"manifest.json"}
        same = _keep_previous(target, staging, dropped, made) if target.is_dir() else set()
        for artifact in artifacts:
            if artifact.path in same:
                continue
            staged = staging / artifact.path
            staged.parent.mkdir(parents=True, exist_ok=True)
            staged.write_bytes(artifact.data)
        (staging / "manifest.json").write_bytes(manifest)
        _switch(staging, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def boundary_problem(out: Path, target: Path | None = None) -> str | None:
    """Why a build may not write into `out` (or its language folder `target`, out/<game>/<lang>), or None."""
    folders = [out] + ([target.parent, target] if target is not None else [])
    for folder in folders:
        try:
            mode = os.lstat(folder).st_mode
        except FileNotFoundError:
            continue
        except OSError as error:
            return f"{folder} cannot be examined ({error.strerror})"
        if stat.S_ISLNK(mode):
            return f"{folder} is a symbolic link, and Imprenta writes no output through a link; remove it"
        if not stat.S_ISDIR(mode):
            return f"{folder} is a file, not a folder of outputs"
    if target is not None and target.is_dir() and not (target / "manifest.json").is_file() \
            and any(not entry.name.startswith((_STAGING, _ASIDE)) for entry in os.scandir(target)):
        return (f"{target} holds files but no manifest.json, so it is not an Imprenta output, and a build would "
                f"replace it; choose another --out")
    return None


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def tidy(target: Path) -> None:
    """Undo what a killed build left beside `target`: its set put aside comes back if the target is missing,
    and the staging folders of builds no longer running are removed."""
    parent = target.parent
    if not parent.is_dir():
        return
    for leftover in sorted(parent.glob(f"{_ASIDE}{target.name}-*")):
        if _owner_alive(leftover, _ASIDE, target.name):
            continue
        if not target.exists():
            os.replace(leftover, target)
        else:
            shutil.rmtree(leftover, ignore_errors=True)
    for leftover in parent.glob(f"{_STAGING}{target.name}-*"):
        if not _owner_alive(leftover, _STAGING, target.name):
            shutil.rmtree(leftover, ignore_errors=True)
    for leftover in target.glob(_STAGING + "*") if target.is_dir() else ():   # the older layout's staging
        shutil.rmtree(leftover, ignore_errors=True)


def _owner_alive(folder: Path, prefix: str, name: str) -> bool:
    rest = folder.name[len(prefix) + len(name) + 1:]
    pid = rest.split("-", 1)[0]
    if not pid.isdigit():
        return False
    if int(pid) == os.getpid():
        return False                 # this process's own leftover from an earlier build, not running now
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _keep_previous(target: Path, staging: Path, dropped: set[str], made: dict[str, bytes]) -> set[str]:
    """Link the previous files into `staging`: those kept, and those made again with the same bytes (a rebuilt
    output's unchanged pictures: comparing costs a tenth of writing them anew). Returns the latter."""
    same: set[str] = set()
    for folder, folders, names in os.walk(target, followlinks=False):
        base = Path(folder)
        folders[:] = [name for name in folders if not name.startswith(_STAGING)]
        for name in names:
            source = base / name
            relative = source.relative_to(target).as_posix()
            if source.is_symlink():
                continue
            if relative in dropped:
                if relative not in made or not _holds(source, made[relative]):
                    continue
                same.add(relative)
            destination = staging / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(source, destination)
            except OSError:
                shutil.copy2(source, destination)
    return same


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _switch(staging: Path, target: Path) -> None:
    """Make `staging` the target; afterwards `staging` holds the previous set (or nothing)."""
    if not target.exists():
        try:
            os.rename(staging, target)
            staging.mkdir()              # for the caller's cleanup, which expects the folder
            return
        except OSError as error:
            if error.errno not in (errno.EEXIST, errno.ENOTEMPTY):
                raise
    if _exchange(staging, target):
        return
    aside = target.parent / f"{_ASIDE}{target.name}-{os.getpid()}"
    os.rename(target, aside)
    os.rename(staging, target)
    os.rename(aside, staging)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths atomically (Linux 3.15+); False where the system cannot."""
    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    if renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE) == 0:
        return True
    import ctypes

    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(second))


_LIBC: list = []


def _renameat2():
    if not _LIBC:
        import ctypes  # here: 10 ms to import, which a build that swaps no folder never needs

        function = None
        try:     # the process's own symbols hold the C library's (find_library would run ldconfig to find it)
            library = ctypes.CDLL(None, use_errno=True)
            function = getattr(library, "renameat2", None)
            if function is not None:
                function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
                function.restype = ctypes.c_int
        except OSError:
            function = None
        _LIBC.append(function)
    return _LIBC[0]
