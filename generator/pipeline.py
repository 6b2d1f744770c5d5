"""The build, phase by phase: stamp → profile → check → plan → render → publish. The check phase is
generator/checking.py, which `imprenta check` runs alone; `check`, `check_all` and `game_folders` are here too,
where callers have always found them."""

from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path
from threading import Event
from typing import TYPE_CHECKING, Callable, NamedTuple

from generator.diagnostics import Diagnostic, Policy, has_errors, make
from generator.checking import _check_stopped, _with_game_policy, check, check_all, Checked, game_folders  # noqa: F401 (re-exported)

if TYPE_CHECKING:
    from generator.model import Game
    from generator.render.paper.profiles import PrintProfile


class BuildRequest(NamedTuple):
    only: tuple[str, ...] = ()          # renderer names; empty: every renderer
    languages: tuple[str, ...] = ()     # empty: every language the game declares
    profile: str = "home"
    overrides: tuple[tuple[str, object], ...] = ()   # profile settings from the command line
    out: Path = Path("build")
    formats: frozenset[str] = frozenset({"pdf", "svg", "png"})
    jobs: int = 0                       # worker processes; 0: one per core
    force: bool = False                 # rebuild outputs whose inputs did not change
    progress: Callable | None = None    # (done, total, (language, component)) → None
    time_limit: float = 600.0           # seconds per output before its render is stopped
    isolate: bool = False               # fork even a lone render (watch: no crash may end the watcher)
    since: str = ""                     # an earlier version (git revision or folder): change bars, errata
    # (language, component), the findings so far → None: told of each output once its files are written, while
    # the other jobs still run (`imprenta serve` shows a card before the living rules that quote it)
    published: Callable | None = None
    # set when the outputs still being made are stale already (serve: a new save): they are stopped, what ended is
    # written, and no stamp says the game is built
    stop: Event | None = None


class Built(NamedTuple):
    diagnostics: list[Diagnostic]
    folders: list[Path]                 # build/<game>/<lang>/ written or up to date
    fresh: tuple[Path, ...] = ()        # those of `folders` that were already up to date
    notes: dict[str, int] = {}          # notes by code, also on a no-op build (from the last real one)
    why: tuple[Why, ...] = ()           # per output: rebuilt or kept, and the first input that changed
    timings: tuple = ()                 # output.timings.Timed: each phase and job, for `build --timings`


class Why(NamedTuple):
    """One output of a build, and why it was rebuilt: the first of its recorded inputs that changed."""

    language: str
    component: str
    rebuilt: bool
    reason: str = ""


def build(folder: Path, request: BuildRequest, policy: Policy = Policy()) -> Built:
    """Check, then render every asked component in every asked language, then write them atomically.

    A game with errors is not built: printing data known to be wrong wastes paper. With `since`, the earlier
    version is located first (a REF that does not exist stops here), and read into a scratch folder that lives
    as long as the build.
    """
    found = _language_problems(folder, request.languages)   # before anything else: a typo fails at once
    if has_errors(found):
        return Built(found, [])
    if not request.since:
        return _build(folder, request, policy, None, [])
    import tempfile

    from generator.load.earlier import locate

    since, found = locate(folder, request.since)
    if since is None:
        return Built(found, [])
    with tempfile.TemporaryDirectory(prefix="imprenta-since-") as scratch:
        return _build(folder, request, policy, (since, Path(scratch)), found)


def _build(folder: Path, request: BuildRequest, policy: Policy, since, held: list[Diagnostic]) -> Built:
    """stamp → profile → check → plan → render → publish. `since`: (the located earlier version, a scratch
    folder) or None; `held`: its findings, which the game's own policy may demote once it is loaded."""
    from generator.output.writing import boundary_problem

    refused = boundary_problem(request.out)
    if refused:                    # before a stamp or a manifest is read through a link
        return Built([make("OUT001", f"cannot write: {refused}", None)], [])
    from generator.output.timings import Clock

    clock = Clock()
    with clock.phase("stamp"):
        stamped = _stamp(folder, request, policy, since)
    if stamped.previous is not None and not request.force:
        folders, notes = stamped.previous        # no file of the game, its templates or the options changed
        return Built([], folders, tuple(folders), notes)
    profile, found = _profile(folder, request)
    if profile is None:
        return Built(found, [])
    with clock.phase("check"):
        ready, found = _check(folder, request, policy, since, held, profile, stamped, found)
    if ready is None:
        return Built(found, [])
    import gc

    # The loaded game lives until the build ends: out of the collector's sight, a full collection (started by
    # the records and manifests the plan reads) no longer walks its hundred thousand objects each time.
    gc.freeze()
    try:
        with clock.phase("plan"):
            plan = _plan(ready, request)
        early: set[tuple[str, str]] = set()          # the outputs `published` already wrote
        with clock.phase("render (parent)"):
            results = _render(ready, plan, request, _publisher(ready, request, found, early) if request.published
                              else None, clock)
        with clock.phase("publish"):
            built = _publish(ready, plan, results, request, policy, stamped, found, early)
        return built._replace(timings=tuple(clock.rows))
    finally:
        gc.unfreeze()         # `imprenta serve` builds again and again: each game is let go after its build


class Stamped(NamedTuple):
    stamp: str                          # the digest of every file of the game and the options
    tagged: str                         # the version git gives the folder
    previous: tuple | None              # (folders, notes) of the last build when nothing changed since


def _stamp(folder: Path, request: BuildRequest, policy: Policy, since) -> Stamped:
    from generator.load.earlier import git_version
    from generator.output.stamps import read_stamp, source_stamp

    tagged = git_version(folder)           # printed when the content gives no version: a new tag rebuilds
    stamp = source_stamp(folder, request, policy, (since[0].identity if since else "", tagged))
    # --force builds whatever the last build left: whether its outputs are intact (every file digested) is not asked
    return Stamped(stamp, tagged, None if request.force else read_stamp(request.out, folder, stamp))


def _profile(folder: Path, request: BuildRequest):
    """The print profile asked for, or None and why not."""
    from generator.render.paper.profiles import load_profile

    profile, problems = load_profile(request.profile, folder, dict(request.overrides))
    return (None if has_errors(problems) else profile), list(problems)


class Ready(NamedTuple):
    """A checked game, ready to plan: what to build of it, in which languages, with which options."""

    game: Game
    profile: PrintProfile
    languages: tuple[str, ...]
    names: tuple[str, ...]              # the components to build
    version: str
    compared: object                    # the Comparison with an earlier version, or None
    options: str                        # the profile, formats, version and earlier version, as one text


def _check(folder: Path, request: BuildRequest, policy: Policy, since, held: list[Diagnostic], profile,
           stamped: Stamped, found: list[Diagnostic]) -> tuple[Ready | None, list[Diagnostic]]:
    from generator.render import asked, declared, unbuilt

    found = list(found)
    from generator.output.scheduling import Limits, run_here

    checked = run_here(lambda: check(folder, policy, layout=False), Limits(),
                       lambda why: Checked(None, _check_stopped(folder, why)))
    found.extend(checked.diagnostics)
    if checked.game is None or has_errors(found):
        return None, found
    game = checked.game
    found.extend(_with_game_policy(policy, game).apply(held))
    if has_errors(found):
        return None, found
    languages = request.languages or tuple(game.manifest.languages)
    from generator.output.writing import boundary_problem

    refused = next(filter(None, (boundary_problem(request.out, request.out / game.id / language)
                                 for language in languages)), None)
    if refused:        # before a previous manifest is read through a link
        return None, found + [make("OUT001", f"cannot write: {refused}", None)]
    names = asked(request.only) if request.only else declared(game.manifest.components)
    if profile.release:         # refused only for what the asked outputs print, in the asked languages
        from generator.checks.unknowns import release_refusal

        found.extend(_with_game_policy(policy, game).apply(release_refusal(game, names, languages)))
        if has_errors(found):
            return None, found
    if not request.only:
        found.extend(policy.apply(unbuilt(game)))
    version = game.manifest.version or stamped.tagged
    compared = None
    if since is not None:
        from generator.render.since import comparison

        compared, problems = comparison(game, since[0], since[1], languages)
        found.extend(problems)
        if compared is None:
            return None, found
    options = json.dumps([profile.model_dump(mode="json"), sorted(request.formats), version]
                         + ([since[0].identity, since[0].label] if since else []), sort_keys=True)
    if not profile.asset_url:       # after `options`: where OUT lies is no input (a new OUT builds anew anyway)
        profile = profile.model_copy(update={"asset_url": request.out.resolve().as_uri()})   # what TTS here finds
    return Ready(game, profile, tuple(languages), names, version, compared, options), found


class Plan(NamedTuple):
    """Per (language, component): its fingerprint when it is kept, and why each other one must run."""

    kept: dict[tuple[str, str], str]            # job → the fingerprint its manifest records
    stale: dict[tuple[str, str], str]           # job → the first input that changed ("" when forced, or new)
    places: object = None                       # records.Places of the game: made once, inherited by every job


def _plan(ready: Ready, request: BuildRequest) -> Plan:
    from generator.output.fingerprints import Inputs
    from generator.output.manifest import read_manifest, up_to_date

    inputs = Inputs(ready.game, ready.options, ready.compared)
    kept, stale = {}, {}
    for language in ready.languages:
        if request.force:
            stale.update({(language, name): "--force" for name in ready.names})
            continue
        target = request.out / ready.game.id / language
        previous = read_manifest(target)
        for name in ready.names:
            recorded = previous.get("inputs", {}).get(name)
            changed = inputs.first_change(request.out, recorded, language)
            if changed is None and up_to_date(previous, target, name, recorded):
                kept[(language, name)] = recorded
            else:
                stale[(language, name)] = changed or "its files are not as its manifest records them"
    return Plan(kept, stale, inputs.places)


def _render(ready: Ready, plan: Plan, request: BuildRequest, answered: Callable | None = None, clock=None) -> dict:
    from generator.output.jobs import render_job, stopped
    from generator.output.scheduling import Limits, default_workers, run_jobs
    from generator.render import preload

    preload({component for _, component in plan.stale}, request.formats,
            sorted({language for language, _ in plan.stale}), lone=len(plan.stale) == 1 and not request.isolate)
    ready.game.text_index  # noqa: B018 - made once here, so that every forked job inherits it instead of remaking it
    return run_jobs(list(plan.stale), render_job,
                    {"game": ready.game, "profile": ready.profile, "formats": request.formats, "out": request.out,
                     "since": ready.compared, "version": ready.version,
                     "options": ready.options, "places": plan.places},
                    request.jobs or default_workers(), request.progress,
                    Limits(seconds=request.time_limit), stopped, request.isolate, answered, request.stop, clock)


def _publisher(ready: Ready, request: BuildRequest, found: list[Diagnostic], early: set) -> Callable:
    """Each output written as soon as its job ends, for a caller that shows them as they come: its language's
    manifest then lists it, so each write is whole; the stamp waits for the last (`_publish`)."""
    def answered(job: tuple[str, str], rendered) -> None:
        language, name = job
        if rendered.failed or isinstance(_write(ready, request, language, {name: rendered}), Diagnostic):
            return                               # left to _publish, which reports it
        early.add(job)
        if request.published is not None:
            request.published(job, found)

    return answered


def _publish(ready: Ready, plan: Plan, results: dict, request: BuildRequest, policy: Policy, stamped: Stamped,
             found: list[Diagnostic], early: Collection[tuple[str, str]] = ()) -> Built:
    """Each language's new files and manifest written at once (a manifest alone when only what it says of the
    whole game changed), the inputs each output read kept for the next build, then the stamp. The outputs in
    `early` were written as their jobs ended."""
    from generator.output.fingerprints import prune_records
    from generator.output.stamps import write_stamp

    found = list(found)
    written, fresh = [], []
    for language in ready.languages:
        target = request.out / ready.game.id / language
        ran = {name: results[(language, name)] for name in ready.names if (language, name) in results}
        found.extend(policy.apply([d for rendered in ran.values() for d in rendered.diagnostics]))
        done = {name: rendered for name, rendered in ran.items() if not rendered.failed}
        if ran and not done:
            continue
        wrote = _write(ready, request, language,
                       {name: rendered for name, rendered in done.items() if (language, name) not in early})
        if isinstance(wrote, Diagnostic):
            found.append(wrote)
            continue
        written.append(target)
        if not wrote and not done:
            fresh.append(target)                 # everything asked was already up to date
    notes = note_counts(found)
    if len(written) == len(ready.languages) and not has_errors(found) and all(job in results for job in plan.stale):
        write_stamp(request.out, ready.game.folder, stamped.stamp, written, notes)
    prune_records(request.out)
    why = tuple(Why(language, name, (language, name) in plan.stale, plan.stale.get((language, name), ""))
                for language in ready.languages for name in ready.names)
    return Built(found, written, tuple(fresh), notes, why)


def _write(ready: Ready, request: BuildRequest, language: str, done: dict) -> bool | Diagnostic:
    """One language's new files (`done`: component → its rendering) and its manifest, at once; False when the
    manifest would say what it says already and there is nothing new, the reason when it cannot be written."""
    from generator.output.fingerprints import keep_record
    from generator.output.manifest import encode, read_manifest, updated_manifest
    from generator.output.writing import write_atomically
    from generator.render.edition import Edition
    from generator.render.proofing import manifest_unknowns

    target = request.out / ready.game.id / language
    for rendered in done.values():
        keep_record(request.out, rendered.fingerprint, rendered.record_json)
    previous = read_manifest(target)
    manifest, stale = updated_manifest(previous, ready.game.id, language, ready.profile.name,
                                       {name: r.artifacts for name, r in done.items()},
                                       {name: r.placements for name, r in done.items()},
                                       {name: r.fingerprint for name, r in done.items()})
    manifest["unknowns"] = manifest_unknowns(Edition(ready.game, language))
    manifest["version"] = ready.version or None
    if not done and previous and encode(manifest) == encode(previous):
        return False
    try:
        write_atomically(target, [a for rendered in done.values() for a in rendered.artifacts], encode(manifest),
                         stale)
    except OSError as error:
        return make("OUT001", f"cannot write {target}: {error.strerror or error}; the previous files are kept",
                    None)
    return True


def note_counts(found: list[Diagnostic]) -> dict[str, int]:
    from collections import Counter

    return dict(sorted(Counter(d.code for d in found if d.severity.name == "NOTE").items()))


def _language_problems(folder: Path, asked: tuple[str, ...]) -> list[Diagnostic]:
    """Languages asked for that the game does not declare, read from game.yaml alone (no other file)."""
    if not asked:
        return []
    from generator.load.yaml_nodes import load_file
    from generator.model.common import language_problem

    refused = [problem for problem in map(language_problem, asked) if problem]
    if refused:           # before any file is named after it (i18n/<lang>.yaml, build/<game>/<lang>)
        return [make("CLI001", f"--lang: {refused[0]}", None)]

    path = folder / "game.yaml" if (folder / "game.yaml").is_file() else folder / "game.yml"
    document, _ = load_file(path)
    manifest = document.data.get("game") if document is not None and isinstance(document.data, dict) else None
    declared = manifest.get("languages") if isinstance(manifest, dict) else None
    if not isinstance(declared, list):
        return []             # the loader reports a broken manifest, with its place
    missing = [language for language in asked if language not in declared]
    if not missing:
        return []
    have = ", ".join(map(str, declared))
    started = [language for language in missing if (folder / "i18n" / f"{language}.yaml").is_file()]
    if started:     # a translation in progress is built once the publisher declares it, not by a typed option
        return [make("CLI001", f"'{started[0]}' is not a language of this game (it has {have}); "
                               f"i18n/{started[0]}.yaml is a translation in progress",
                     document.span(("game", "languages")),
                     f"add '{started[0]}' to `languages` in game.yaml to build its edition")]
    return [make("CLI001", f"the game has no language {', '.join(missing)} "
                           f"(it has {have}, and no i18n/{missing[0]}.yaml)", None)]
