"""The check phase, as `imprenta check` and every build run it: load a game, run the rule checks, the findings
that need the layouts (LAY…, UNK002) and the game's own policy, several games at once under the limits a
render has (a check that runs away is a finding for that game, never a hang).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from generator import checked_before
from generator.diagnostics import Diagnostic, Policy, Span, has_errors, make
from generator.game_files import is_game_folder

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
    build leaves it to the renderers, which find the same while drawing. `release` adds what a release of
    every component in every language refuses (checks/unknowns.release_refusal).
    """
    from generator.checks import run_checks  # the model and YAML: not needed by a no-op build
    from generator.load import load_game

    loaded = load_game(folder)
    found = list(loaded.diagnostics)
    if loaded.game is not None:
        found.extend(run_checks(loaded.game))
        from generator.render.glyphs import glyph_findings  # a book would print an empty box (LAY002)
        from generator.render.sheets.coverage import declared_field_findings  # reads the layouts (UNK002)

        found.extend(declared_field_findings(loaded.game))

        found.extend(glyph_findings(loaded.game))
        if layout and not has_errors(found):
            from generator.checked_faces import KeptFaces
            from generator.render.book.anatomy import anatomy_findings
            from generator.render.edition import Edition
            from generator.render.sheets.fitting import layout_findings

            kept = KeptFaces(folder)    # the faces this game's last check drew: only the changed ones drawn again
            found.extend(layout_findings(loaded.game, kept.draw))
            kept.save()
            found.extend(anatomy_findings(Edition(loaded.game, loaded.game.manifest.source_language)))
            from generator.render.digital.findings import module_findings

            found.extend(module_findings(loaded.game))
        if layout:
            found.extend(_game_profile_problems(folder))
        found.extend(_policy_problems(loaded.game))
        if release:
            from generator.checks.unknowns import release_refusal

            found.extend(release_refusal(loaded.game))
        return Checked(loaded.game, _guarded_policy(found, policy, _with_game_policy(policy, loaded.game)))
    return Checked(loaded.game, policy.apply(found))


def _guarded_policy(found: list[Diagnostic], caller: Policy, game: Policy) -> list[Diagnostic]:
    """The game's policy applies to every finding but the SEC ones, which guard against the content itself:
    only the command line (the person running Imprenta) may silence those."""
    guarded = [d for d in found if d.code.startswith("SEC")]
    return sorted(caller.apply(guarded) + game.apply([d for d in found if not d.code.startswith("SEC")]),
                  key=Diagnostic.sort_key)


def _game_profile_problems(folder: Path) -> list[Diagnostic]:
    """Every print profile the game adds, read as `build --profile <name>` would (a profile is content: a NaN in
    it must not wait for the build that asks for it). The shipped names are SEC003's."""
    from generator.game_files import files_under
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


def check_all(folders: list[Path], policy: Policy = Policy(), limits=None, release: bool = False,
              reuse: bool = False) -> list[Diagnostic]:
    """Every game checked, several at once on several cores, each in its own process under the time and
    memory limits renders have: a check that runs away, or a process that dies, is a finding for that game
    (SEC005), never a hang or a crash of the whole command. A lone game to check is checked in this process
    under the same limits, as a build checks its game (scheduling.run_here): a check that runs past them is
    still SEC005. Findings in folder order.

    `reuse` (`imprenta check`) answers a game whose every input is unchanged since its last check with that
    check's findings (checked_before), and checks only the others."""
    options = (policy, release)
    files = {folder: checked_before.digests(folder) for folder in folders} if reuse else {}
    keys = {folder: checked_before.key(folder, options, digests) for folder, digests in files.items()}
    checked = {folder: found for folder, key in keys.items() if (found := checked_before.recall(key)) is not None}
    reading_keys: dict[Path, str | None] = {}
    for folder in [folder for folder in keys if folder not in checked]:    # its bytes changed: its readings too?
        reading_key = reading_keys[folder] = checked_before.reading_key(
            folder, options, files[folder], checked_before.readings_now(folder, files[folder]))
        if reading_key is not None and (found := checked_before.recall(reading_key)) is not None:
            checked[folder] = found
            checked_before.remember(keys[folder], found)
    stale = [folder for folder in folders if folder not in checked]
    if stale:
        noting = {folder for folder in stale if folder in keys and reading_keys.get(folder) is None}
        for folder, (found, read) in _check_in_workers(stale, policy, limits, release, noting).items():
            checked[folder] = found
            if folder in keys and not any(d.code == "SEC005" for d in found):      # a stop is not a verdict
                checked_before.remember(keys[folder], found)
                if folder in noting:           # no earlier check had noted its readings: the check's own
                    checked_before.note(folder, read)
                    reading_keys[folder] = checked_before.reading_key(
                        folder, options, files[folder], {relative: reading for relative, (_, reading) in read.items()})
                if (reading_key := reading_keys.get(folder)) is not None:
                    checked_before.remember(reading_key, found)
    return [diagnostic for folder in folders for diagnostic in checked[folder]]


def _check_in_workers(folders: list[Path], policy: Policy, limits, release: bool,
                      noting: set[Path]) -> dict[Path, tuple[list[Diagnostic], dict[str, tuple[str, str]]]]:
    """Each game's findings, and what it read (checked_before.noting) for the games in `noting`."""
    from generator.output.scheduling import Limits, default_workers, run_here, run_limited

    if len(folders) == 1:       # here, under the same limits, as a build runs its check: a fork costs it a third
        folder = folders[0]
        return {folder: run_here(lambda: _checked_noting(folder, policy, release, folder in noting),
                                 limits or Limits(), lambda why: _stopped_noting(folder, why))}
    from generator.render.draw import fonts

    _import_check_modules()               # imported once here, shared by the workers rather than once in each
    for role in fonts.FONTS:              # read once here, shared by the workers
        fonts.metrics(role)
    folders = sorted(folders, key=_content_bytes, reverse=True)     # largest first: no long check started last
    return run_limited(folders, lambda folder: _checked_noting(folder, policy, release, folder in noting),
                       default_workers(), limits or Limits(), _stopped_noting)


def _stopped_noting(folder: Path, why: str) -> tuple[list[Diagnostic], dict[str, tuple[str, str]]]:
    return _check_stopped(folder, why), {}


def _checked_noting(folder: Path, policy: Policy, release: bool, noting: bool):
    if not noting:
        return check(folder, policy, release=release).diagnostics, {}
    with checked_before.noting(folder) as read:
        return check(folder, policy, release=release).diagnostics, read


def _import_check_modules() -> None:
    # what the checks import when first called: babel's plural rules and dates, the silhouettes' SVG paths
    import babel.dates  # noqa: F401
    import babel.messages.plurals  # noqa: F401
    import fontTools  # noqa: F401
    import svgelements  # noqa: F401

    import generator.checks  # noqa: F401
    import generator.derived.outlines  # noqa: F401  (shapely and numpy, for the maps)
    import generator.load  # noqa: F401
    import generator.render.book.anatomy  # noqa: F401
    import generator.render.digital.findings  # noqa: F401
    import generator.render.glyphs  # noqa: F401
    import generator.render.sheets.fitting  # noqa: F401


def _check_stopped(folder: Path, why: str) -> list[Diagnostic]:
    from generator.load.yaml_nodes import display_path

    return [make("SEC005", f"the check of {folder.name} was stopped: {why}", Span(display_path(folder / "game.yaml"),
                                                                                 1, 1))]


def _content_bytes(folder: Path) -> int:
    from generator.load.folders import content_files, translation_files

    return sum(path.stat().st_size for path in content_files(folder) + translation_files(folder))


def _policy_problems(game: Game) -> list[Diagnostic]:
    from generator.diagnostics.codes import CODES
    from generator.model import where

    found = [make("SCH012", f"the check '{item.code}' is ignored without a reason", where(item, "reason"),
                  "say why this game may skip it") for item in game.manifest.checks.ignore if not item.reason.strip()]
    guarded = [code for code in CODES if code.startswith("SEC")]
    for item, place in [(item, where(item, "code")) for item in game.manifest.checks.ignore] + \
            [(code, where(game.manifest.checks, "warn")) for code in game.manifest.checks.warn]:
        pattern = item.code if hasattr(item, "code") else item
        if any(code.startswith(pattern.upper()) or pattern == CODES[code].name for code in guarded):
            found.append(make("SCH004", f"'{pattern}' names security checks (SEC), which a game cannot silence; "
                                        f"they still apply", place, "remove it from `checks`"))
    return found
