"""What each output is made from, as one fingerprint, so an unchanged output is not built again.

An output's inputs are what its renderer read the last time it ran (generator/output/recording.py): the
fields of the game's shapes, the translation entries, the derived values (unknown marks, section numbers,
Imprenta's words), the files, plus what enters every output whole: the templates, fonts and profiles,
the options and Imprenta itself. Its fingerprint is the digest of that record, which is kept beside
the stamps (OUT/.stamps/inputs/<fingerprint>.json). The next build takes each recorded input's digest again
from the newly loaded game: equal everywhere, the output is kept; else it is rebuilt, and the first input
that differs says why. Editing one card changes what the cards read, not what the counters or the map read,
nor the rulebook's unless it prints that card's title or counts its copies.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from generator import __version__, user_cache
from generator.output.digests import templates_digest

if TYPE_CHECKING:
    from generator.model import Game
    from generator.render.context import Rendered

_RECORDS = Path(".stamps") / "inputs"


class Inputs:
    """The inputs of a build as they are now, to compare with what each output read when it was made."""

    def __init__(self, game: Game, options: str, compared=None) -> None:
        from generator.output.records import Current

        self.game, self.options, self.compared = game, options, compared
        self._current = Current(game, self._setting)

    @property
    def places(self):
        """Where each shape of the game lives (records.Places): what each job's record is written with."""
        return self._current.places

    def _setting(self, what: str, language: str = ""):
        if what == "since":
            return since_faces(self.compared, language)
        return build_setting(what, str(self.game.folder), self.options)

    def first_change(self, out: Path, fingerprint: str | None, language: str) -> str | None:
        """Why the output with this fingerprint must be built again ("" when it need not): the first input it
        read that differs now, in a reader's words."""
        from generator.output.records import describe

        record = read_record(out, fingerprint)
        if record is None:
            return "it was never built here" if not fingerprint else "its record of inputs is gone"
        changed = self._current.first_change(record)
        return None if changed is None else f"{describe(changed)} changed"


def build_setting(what: str, folder: str, options: str) -> str:
    """An input that every output reads whole: Imprenta itself (its version and its own code, templates and fonts,
    so that an upgrade or a local change to Imprenta never leaves an output "up to date"), the options, the
    game's templates and fonts."""
    if what == "imprenta":
        return f"{__version__} {user_cache.shipped_key()}"
    if what == "options":
        return f"{options}\0SOURCE_DATE_EPOCH={os.environ.get('SOURCE_DATE_EPOCH') or '0'}"
    if what == "templates":
        return templates_digest(folder)
    return ""


def since_faces(compared, language: str):
    """With --since: the counters and cards that print differently than in the earlier version (compared
    before the jobs run, so no job reads it from the game): every output takes it as an input."""
    return None if compared is None else compared.faces.get(language)


def recorded_render(render: Callable, state: dict, language: str, component: str) -> Rendered:
    """Run one renderer while recording what it reads; its record and fingerprint go back on its result."""
    from generator.output.recording import note, recorded_edition, recording
    from generator.output.records import Places, finished
    from generator.render.context import RenderRequest, uncollected

    game = state["game"]

    class Request(RenderRequest):
        __slots__ = ()

        def reused(self, name: str, make: Callable[[], tuple]) -> tuple:
            return reused_part(name, make)

    # The game's index of texts (which key each field's words have) is made from every text of the game; made
    # under the recording, every output would read every text. A key names its text, not its place, so what a
    # renderer asks of it is recorded as the field and the entry it reads.
    game.text_index  # noqa: B018 - computed here, before the recording starts
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    try:
        places = state.get("places") or Places(game)     # the plan's, made before the jobs forked
        with recording(game.folder, places.shape_classes()) as recorder:
            recorder.finish = lambda part: finished(part, game, places)
            recorder.unchanged = _unchanged(game, places, state)
            for what in ("imprenta", "options", "templates"):
                note(("build", what), build_setting(what, str(game.folder), state["options"]))
            if state["since"] is not None:
                note(("build", "since", language), since_faces(state["since"], language))
            rendered = render(Request(recorded_edition(game, language), state["profile"], state["formats"], "",
                                      state["since"], state["version"]))
    finally:        # the rulebook pins it for WeasyPrint: a job run in this process must not date the next one
        if epoch is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = epoch
    # The record as it is kept, written once (a 1,000-counter sheet's is 2 MB of JSON): the fingerprint is its digest
    with uncollected():      # its tens of thousands of small lists make no cycles, and are gone once written
        rendered.record_json = json.dumps(finished(recorder, game, places), ensure_ascii=False,
                                          separators=(",", ":"))
    rendered.fingerprint = hashlib.sha256(f"{component}\0{language}\0{rendered.record_json}".encode()
                                          ).hexdigest()[:32]
    return rendered


def reused_part(name: str, make: Callable[[], tuple]) -> tuple:
    """make(), recorded apart (recording.part) and kept in the user's cache with its record under `name`; or
    what it made in an earlier job, when every input of that record has its recorded digest in this game, its
    record replayed as this job's reads. A result whose first item (findings that stop the output) is not
    empty is never kept, so that every build reports them."""
    from generator.output import recording

    with recording.part() as reads:
        if reads is None or reads.unchanged is None or reads.finish is None:     # not in a build's job
            return make()
        kept = _read_kept(name)
        if kept is not None and reads.unchanged(kept["record"]):
            recording.replay(kept["record"])
            return kept["made"]
        made = make()
        if not made[0]:
            _keep(name, {"record": reads.finish(reads), "made": made})
        return made


def _read_kept(name: str) -> dict | None:
    """What a job kept under `name`, or None (none kept, or kept by another Imprenta)."""
    import pickle

    from generator.user_cache import cache_folder

    try:
        kept = pickle.loads(cache_folder("parts", f"{name}.pickle").read_bytes())
    except Exception:       # noqa: BLE001 - a cache that cannot be read is a cache that is empty
        return None
    return kept if isinstance(kept, dict) and {"record", "made"} <= kept.keys() else None


def _keep(name: str, kept: dict) -> None:
    import pickle

    from generator.user_cache import cache_folder, write_atomically

    path = cache_folder("parts", f"{name}.pickle")
    write_atomically(path, pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))    # let go by user_cache's budget


def _unchanged(game, places, state: dict) -> Callable[[list], bool]:
    """Whether every input of a record (a part of a job: recording.part) has its recorded digest in this game."""
    from generator.output.recording import paused
    from generator.output.records import Current

    current: list = []

    def setting(what: str, language: str = ""):
        return since_faces(state["since"], language) if what == "since" else \
            build_setting(what, str(game.folder), state["options"])

    def unchanged(record: list) -> bool:
        with paused():          # taking the digests again reads the game: not what the job read
            if not current:
                current.append(Current(game, setting, places))
            return current[0].first_change(record) is None
    return unchanged


def keep_record(out: Path, fingerprint: str, record_json: str) -> None:
    """Keep an output's record of inputs (as JSON) under its fingerprint (named by its content, so a record never
    answers for another output, and a build stopped half-way leaves nothing wrong behind)."""
    path = out / _RECORDS / f"{fingerprint}.json"
    if path.exists():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        staged = path.with_suffix(f".{os.getpid()}.part")
        staged.write_text(record_json, encoding="utf-8")
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
