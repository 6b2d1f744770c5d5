"""The pipeline, phase by phase: load → check (→ resolve → render → write, as renderers arrive)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.checks import run_checks
from generator.diagnostics import Diagnostic, Policy, make
from generator.load import Loaded, is_game_folder, load_game
from generator.model import Game


@dataclass(frozen=True)
class Checked:
    game: Game | None
    diagnostics: list[Diagnostic]   # after the game's and the command line's policy


def game_folders(path: Path) -> list[Path]:
    """A game folder, or every game folder directly inside `path` (`imprenta check content/`)."""
    if is_game_folder(path):
        return [path]
    if path.is_dir():
        return sorted(child for child in path.iterdir() if is_game_folder(child))
    return []


def check(folder: Path, policy: Policy = Policy()) -> Checked:
    """Load a game and run every check; findings filtered by the game's policy, then the caller's."""
    loaded: Loaded = load_game(folder)
    found = list(loaded.diagnostics)
    if loaded.game is not None:
        found.extend(run_checks(loaded.game))
        found.extend(_policy_problems(loaded.game))
        policy = _with_game_policy(policy, loaded.game)
    return Checked(loaded.game, policy.apply(found))


def _with_game_policy(policy: Policy, game: Game) -> Policy:
    settings = game.manifest.checks
    return Policy(ignore=policy.ignore + tuple(item.code for item in settings.ignore),
                  warn=policy.warn + tuple(settings.warn), select=policy.select, strict=policy.strict)


def _policy_problems(game: Game) -> list[Diagnostic]:
    from generator.model import where

    return [make("SCH012", f"the check '{item.code}' is ignored without a reason", where(item, "reason"),
                 "say why this game may skip it") for item in game.manifest.checks.ignore if not item.reason.strip()]
