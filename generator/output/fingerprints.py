"""What each output is made from, as one fingerprint, so an unchanged output is not built again.

An output's inputs are what its renderer read the last time it ran (generator/output/recording.py): the
fields of the game's shapes, the translation entries, the derived values (unknown marks, section numbers,
Imprenta's words), the files, plus what enters every output whole: the templates, fonts and profiles,
the options and Imprenta's version. Its fingerprint is the digest of that record, which is kept beside
the stamps (OUT/.stamps/inputs/<fingerprint>.json). The next build takes each recorded input's digest again
from the newly loaded game: equal everywhere, the output is kept; else it is rebuilt, and the first input
that differs says why. Editing one card changes what the cards read, not what the counters or the map read,
nor the rulebook's unless it prints that card's title or counts its copies.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from generator import __version__
from generator.load.game_files import digest as file_digest
from generator.load.game_files import files_under
from generator.render.templates import TEMPLATES
from generator.user_cache import cache_folder, write_atomically

if TYPE_CHECKING:
    from generator.model import Game
    from generator.render.context import Rendered

_STORE, _STORED_FROM = "file-digests.json", 64 * 1024   # user-cache file of the digests of files this large
_RECORDS = Path(".stamps") / "inputs"


class Inputs:
    """The inputs of a build as they are now, to compare with what each output read when it was made."""

    def __init__(self, game: Game, options: str) -> None:
        from generator.output.recording import Current

        self.game, self.options = game, options
        self._current = Current(game, self._setting)

    def _setting(self, what: str, language: str = ""):
        if what == "everything":
            return self.everything(language)
        return build_setting(what, str(self.game.folder), self.options)

    @lru_cache(maxsize=None)
    def everything(self, language: str) -> str:
        """A digest of all the game's files and the options: where a renderer keeps what it drew in the user's
        cache (the play modules' pictures), it is their key, and the output reads it whole."""
        from generator.output.stamps import folder_digest

        return hashlib.sha256(f"{folder_digest(self.game.folder)}\0{self.options}\0{language}\0"
                              f"{build_setting('templates', str(self.game.folder), '')}".encode()).hexdigest()

    def first_change(self, out: Path, fingerprint: str | None, language: str) -> str | None:
        """Why the output with this fingerprint must be built again ("" when it need not): the first input it
        read that differs now, in a reader's words."""
        from generator.output.recording import describe

        record = read_record(out, fingerprint)
        if record is None:
            return "it was never built here" if not fingerprint else "its record of inputs is gone"
        changed = self._current.first_change(record)
        return None if changed is None else f"{describe(changed)} changed"


def build_setting(what: str, folder: str, options: str) -> str:
    """An input that every output reads whole: Imprenta's version, the options, the templates and fonts."""
    if what == "imprenta":
        return __version__
    if what == "options":
        return f"{options}\0SOURCE_DATE_EPOCH={os.environ.get('SOURCE_DATE_EPOCH') or '0'}"
    if what == "templates":
        return _templates_digest(folder)
    return ""


def recorded_render(render: Callable, state: dict, language: str, component: str) -> Rendered:
    """Run one renderer while recording what it reads; its record and fingerprint go back on its result."""
    from generator.output.recording import finished, note, recorded_edition, recording
    from generator.render.context import RenderRequest

    game = state["game"]
    everything = state["everything"][language]

    class Request(RenderRequest):
        __slots__ = ()

        @property
        def inputs(self) -> str:      # a renderer that keys its own cache on the whole game reads it whole
            note(("build", "everything", language), everything)
            return everything

    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    try:
        with recording(game.folder) as recorder:
            for what in ("imprenta", "options", "templates"):
                note(("build", what), build_setting(what, str(game.folder), state["options"]))
            rendered = render(Request(recorded_edition(game, language), state["profile"], state["formats"], "",
                                      state["since"], state["version"]))
    finally:        # the rulebook pins it for WeasyPrint: a job run in this process must not date the next one
        if epoch is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = epoch
    rendered.record = finished(recorder, game)
    rendered.fingerprint = hashlib.sha256(json.dumps([component, language, rendered.record]).encode()
                                          ).hexdigest()[:32]
    return rendered


def keep_record(out: Path, fingerprint: str, record: list) -> None:
    """Keep an output's record of inputs under its fingerprint (named by its content, so a record never
    answers for another output, and a build stopped half-way leaves nothing wrong behind)."""
    path = out / _RECORDS / f"{fingerprint}.json"
    if path.exists():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        staged = path.with_suffix(f".{os.getpid()}.part")
        staged.write_text(json.dumps(record, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        staged.replace(path)
    except OSError:
        pass        # without its record the output is built again next time; nothing is wrong


def prune_records(out: Path, keep: int = 200, age: float = 3600.0) -> None:
    """Once there are more than `keep` records, drop those no manifest under `out` names that are older than
    `age` seconds (a build of another game into the same folder may not have written its manifest yet)."""
    import time

    folder = out / _RECORDS
    try:
        records = list(os.scandir(folder))
    except OSError:
        return
    if len(records) <= keep:
        return
    named = set()
    for manifest in out.glob("*/*/manifest.json"):
        try:
            named.update(json.loads(manifest.read_text(encoding="utf-8")).get("inputs", {}).values())
        except (OSError, ValueError, AttributeError):
            return            # a manifest that cannot be read might name any record: keep them all
    for record in records:
        try:
            if record.name.removesuffix(".json") not in named and time.time() - record.stat().st_mtime > age:
                os.unlink(record.path)
        except OSError:
            pass


def read_record(out: Path, fingerprint: str | None) -> list | None:
    if not fingerprint or not isinstance(fingerprint, str) or not fingerprint.isalnum():
        return None
    try:
        record = json.loads((out / _RECORDS / f"{fingerprint}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, list) else None


def _templates_digest(game_folder: str) -> str:
    """Every shipped template, font and profile, and the game's own templates (names, sizes, contents)."""
    digest = hashlib.sha256()
    for base in (TEMPLATES, Path(game_folder) / "templates"):
        files, links = files_under(base)
        for path in files + links:
            digest.update(str(path.relative_to(base)).encode())
            digest.update(_file_digest(str(path)).encode())
    return digest.hexdigest()


def _file_digest(path: str) -> str:
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


@lru_cache(maxsize=None)
def _stored_digests() -> dict[str, list]:
    try:
        stored = json.loads((cache_folder() / _STORE).read_bytes())
        return stored if isinstance(stored, dict) else {}
    except (OSError, ValueError):
        return {}
