"""The pipeline, phase by phase: load → check (→ resolve → render → write, as renderers arrive)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple

from generator.diagnostics import Diagnostic, Policy, Span, has_errors, make
from generator.load.folders import content_files, is_game_folder, translation_files

if TYPE_CHECKING:
    from generator.model import Game


class Checked(NamedTuple):
    game: Game | None
    diagnostics: list[Diagnostic]   # after the game's and the command line's policy


def game_folders(path: Path) -> list[Path]:
    """A game folder, or every game folder directly inside `path` (`imprenta check content/`)."""
    if is_game_folder(path):
        return [path]
    if path.is_dir():
        return sorted(child for child in path.iterdir() if is_game_folder(child))
    return []


def check(folder: Path, policy: Policy = Policy(), layout: bool = True, release: bool = False) -> Checked:
    """Load a game and run every check; findings filtered by the game's policy, then the caller's.

    `layout` also draws every counter and card face to find overflowing text and missing glyphs; the
    build leaves it to the renderers, which find the same while drawing. `release` refuses unknown facts.
    """
    from generator.checks import run_checks     # the model and YAML: not needed by a no-op build
    from generator.load import load_game

    loaded = load_game(folder)
    found = list(loaded.diagnostics)
    if loaded.game is not None:
        found.extend(run_checks(loaded.game))
        from generator.render.glyphs import glyph_findings      # a book would print an empty box (LAY002)

        found.extend(glyph_findings(loaded.game))
        if layout and not has_errors(found):
            from generator.render.book.anatomy import anatomy_findings
            from generator.render.edition import Edition
            from generator.render.sheets.fitting import layout_findings

            found.extend(layout_findings(loaded.game))
            found.extend(anatomy_findings(Edition(loaded.game, loaded.game.manifest.source_language)))
            from generator.render.digital.findings import module_findings

            found.extend(module_findings(loaded.game))
        if layout:
            found.extend(_game_profile_problems(folder))
        found.extend(_policy_problems(loaded.game))
        if release:
            from generator.checks.translations import release_refusal as translations_refusal
            from generator.checks.unknowns import release_refusal

            found.extend(release_refusal(loaded.game))
            found.extend(translations_refusal(loaded.game))
        policy = _with_game_policy(policy, loaded.game)
    return Checked(loaded.game, policy.apply(found))


def _game_profile_problems(folder: Path) -> list[Diagnostic]:
    """Every print profile the game adds, read as `build --profile <name>` would (a profile is content: a NaN in
    it must not wait for the build that asks for it). The shipped names are SEC003's."""
    from generator.load.game_files import files_under
    from generator.render.paper.profiles import load_profile

    profiles = folder / "templates" / "profiles"
    found = []
    for path in files_under(profiles)[0]:       # links are the loader's (SEC001)
        if path.parent == profiles and path.suffix == ".yaml" and path.stem not in ("home", "press"):
            found += [d for d in load_profile(path.stem, folder)[1]    # a profile it extends: reported for itself
                      if d.span is None or d.span.file.name == path.name]
    return found


def _with_game_policy(policy: Policy, game: Game) -> Policy:
    settings = game.manifest.checks
    return Policy(ignore=policy.ignore + tuple(item.code for item in settings.ignore),
                  warn=policy.warn + tuple(settings.warn), select=policy.select, strict=policy.strict)


def check_all(folders: list[Path], policy: Policy = Policy(), limits=None, release: bool = False) -> list[Diagnostic]:
    """Every game checked, several at once on several cores, each in its own process under the time and
    memory limits renders have: a check that runs away, or a process that dies, is a finding for that game
    (SEC005), never a hang or a crash of the whole command. Findings in folder order."""
    from generator.render.draw import fonts
    from generator.output.scheduling import Limits, default_workers, run_limited

    if len(folders) > 1:
        for role in fonts.FONTS:          # read once here, shared by the workers
            fonts.metrics(role)
    largest_first = sorted(folders, key=_content_bytes, reverse=True)   # no long check left to start last
    checked = run_limited(largest_first, lambda folder: check(folder, policy, release=release).diagnostics,
                          default_workers(), limits or Limits(), _check_stopped)
    return [diagnostic for folder in folders for diagnostic in checked[folder]]


def _check_stopped(folder: Path, why: str) -> list[Diagnostic]:
    from generator.load.yaml_nodes import display_path

    return [make("SEC005", f"the check of {folder.name} was stopped: {why}", Span(display_path(folder / "game.yaml"),
                                                                                 1, 1))]


def _content_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in content_files(folder) + translation_files(folder))


def _policy_problems(game: Game) -> list[Diagnostic]:
    from generator.model import where

    return [make("SCH012", f"the check '{item.code}' is ignored without a reason", where(item, "reason"),
                 "say why this game may skip it") for item in game.manifest.checks.ignore if not item.reason.strip()]


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


class Built(NamedTuple):
    diagnostics: list[Diagnostic]
    folders: list[Path]                 # build/<game>/<lang>/ written or up to date
    fresh: tuple[Path, ...] = ()        # those of `folders` that were already up to date
    notes: dict[str, int] = {}          # notes by code, also on a no-op build (from the last real one)


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
    """`since`: (the located earlier version, a scratch folder) or None; `held`: its findings, which the
    game's own policy may demote once it is loaded."""
    from generator.load.earlier import git_version
    from generator.output.stamps import read_stamp, source_stamp, write_stamp

    found: list[Diagnostic] = []
    tagged = git_version(folder)           # printed when the content gives no version: a new tag rebuilds
    stamp = source_stamp(folder, request, policy, (since[0].identity if since else "", tagged))
    previous = read_stamp(request.out, folder, stamp)
    if previous is not None and not request.force:
        folders, notes = previous                # no file of the game, its templates or the options changed
        return Built([], folders, tuple(folders), notes)
    from generator.render.paper.profiles import load_profile

    profile, problems = load_profile(request.profile, folder, dict(request.overrides))
    found.extend(problems)
    if profile is None or has_errors(found):
        return Built(found, [])
    from generator.output.manifest import encode, read_manifest, updated_manifest
    from generator.output.writing import write_atomically
    from generator.render import asked, declared, preload, unbuilt
    from generator.output.scheduling import Limits, default_workers, run_jobs
    from generator.render.edition import Edition
    from generator.render.proofing import manifest_unknowns

    checked = check(folder, policy, layout=False, release=profile.release)    # a release refuses unknowns
    found.extend(checked.diagnostics)
    if checked.game is None or has_errors(found):
        return Built(found, [])
    game = checked.game
    found.extend(_with_game_policy(policy, game).apply(held))
    if has_errors(found):
        return Built(found, [])
    languages = request.languages or tuple(game.manifest.languages)
    names = asked(request.only) if request.only else declared(game.manifest.components)
    if not request.only:
        found.extend(policy.apply(unbuilt(game)))
    version = game.manifest.version or tagged
    compared = None
    if since is not None:
        from generator.render.since import comparison

        compared, problems = comparison(game, since[0], since[1], languages)
        found.extend(problems)
        if compared is None:
            return Built(found, [])
    options = json.dumps([profile.model_dump(mode="json"), sorted(request.formats), version]
                         + ([since[0].identity, since[0].label] if since else []), sort_keys=True)
    plan = _plan(game, languages, names, options, request)
    workers = request.jobs or default_workers()
    preload({component for _, component in plan.stale})
    fresh = tuple(request.out / game.id / language for language in languages
                  if not any(job[0] == language for job in plan.stale))
    results = run_jobs([job for job, _ in plan.items() if job in plan.stale], _render_job,
                       {"game": game, "profile": profile, "formats": request.formats, "out": request.out,
                        "plan": dict(plan), "since": compared, "version": version},
                       workers, request.progress,
                       Limits(seconds=request.time_limit), _stopped, request.isolate)
    written = []
    for language in languages:
        target = request.out / game.id / language
        ran = {name: results[(language, name)] for name in names if (language, name) in results}
        found.extend(policy.apply([d for rendered in ran.values() for d in rendered.diagnostics]))
        done = {name: rendered for name, rendered in ran.items() if not rendered.failed}
        if not done:
            if len(done) == len(ran):
                written.append(target)               # everything asked was already up to date
            continue
        inputs = {name: plan[(language, name)] for name in done}
        manifest, stale = updated_manifest(read_manifest(target), game.id, language, profile.name,
                                           {name: r.artifacts for name, r in done.items()},
                                           {name: r.placements for name, r in done.items()}, inputs)
        manifest["unknowns"] = manifest_unknowns(Edition(game, language))
        manifest["version"] = version or None
        try:
            write_atomically(target, [a for rendered in done.values() for a in rendered.artifacts], encode(manifest),
                             stale)
        except OSError as error:
            found.append(make("OUT001", f"cannot write {target}: {error.strerror or error}; the previous "
                                        f"files are kept", None))
            continue
        written.append(target)
    notes = note_counts(found)
    if len(written) == len(languages) and not has_errors(found):
        write_stamp(request.out, folder, stamp, written, notes)
    return Built(found, written, fresh, notes)


def note_counts(found: list[Diagnostic]) -> dict[str, int]:
    from collections import Counter

    return dict(sorted(Counter(d.code for d in found if d.severity.name == "NOTE").items()))


def _language_problems(folder: Path, asked: tuple[str, ...]) -> list[Diagnostic]:
    """Languages asked for that the game does not declare, read from game.yaml alone (no other file)."""
    if not asked:
        return []
    from generator.load.yaml_nodes import load_file

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


class _Plan(dict):
    """(language, component) → fingerprint of its inputs; `stale` holds the jobs that must run."""

    stale: set


def _plan(game: Game, languages, names, options: str, request: BuildRequest) -> _Plan:
    from generator.output.fingerprints import fingerprint
    from generator.output.manifest import read_manifest, up_to_date

    plan = _Plan()
    plan.stale = set()
    for language in languages:
        previous = read_manifest(request.out / game.id / language)
        for name in names:
            plan[(language, name)] = fingerprint(game, language, name, options)
            if request.force or not up_to_date(previous, request.out / game.id / language, name,
                                               plan[(language, name)]):
                plan.stale.add((language, name))
    return plan


def _stopped(job: tuple[str, str], why: str):
    """A render stopped by its limits: reported for that output, whose previous files are kept."""
    from generator.render.context import Rendered

    language, component = job
    return Rendered(diagnostics=[make("OUT004", f"{component} ({language}) was stopped: {why}; the previous files "
                                                f"are kept", None,
                                      "Look for content that makes this output huge (an enormous table, "
                                      "thousands of copies, a giant image).")], failed=True)


def _render_job(state: dict, language: str, component: str):
    """One component in one language (runs in a worker process when there are several jobs)."""
    from generator.render import RENDERERS
    from generator.render.context import RenderRequest
    from generator.render.edition import Edition

    from generator.render.context import Rendered

    try:
        rendered = RENDERERS[component](RenderRequest(Edition(state["game"], language), state["profile"],
                                                      state["formats"], state["plan"][(language, component)],
                                                      state["since"], state["version"]))
        if state["profile"].pdfx != "none":
            _preflighted(rendered, state["profile"], state["out"] / state["game"].id / language)
        return rendered
    except Exception as error:  # noqa: BLE001 - one broken output must not stop the others
        import traceback

        where_ = traceback.extract_tb(error.__traceback__)[-1]
        return Rendered(diagnostics=[make(
            "OUT002", f"{component} ({language}) could not be built: {type(error).__name__}: {error} "
                      f"[{Path(where_.filename).name}:{where_.lineno}]", None,
            "This is a bug in Imprenta, not in the content; the previous files are kept. Please report it.")],
            failed=True)


def _preflighted(rendered, profile, target: Path) -> None:
    """A press build preflights every PDF it made, in the worker that made it, before it is written."""
    from pathlib import PurePosixPath

    from generator.output.preflight import limits_of, preflight

    for artifact in rendered.artifacts:
        if artifact.path.endswith(".pdf"):
            shown = PurePosixPath((target / artifact.path).as_posix())
            rendered.diagnostics.extend(preflight(Path(shown), limits_of(profile), shown, artifact.data))
