"""Where a game's files are: which folders are games, which files hold content and translations.

Kept apart from the loader (which needs YAML and the declared shapes) so that `imprenta build` can tell that
nothing changed, and stop, without importing either. Which folders are games is game_files.is_game_folder:
`imprenta check` asks it before it knows whether any game must be loaded again (importing this package
imports the loader).
"""

from __future__ import annotations

from pathlib import Path

from generator.game_files import files_under

_SKIPPED_FOLDERS = frozenset({"i18n", "templates", "build"})
_YAML = (".yaml", ".yml")


def content_files(folder: Path) -> list[Path]:
    """The content files of a game folder, in a stable order (game.yaml first); links are not among them."""
    files = [p for p in files_under(folder, _SKIPPED_FOLDERS)[0] if p.suffix in _YAML]
    return sorted(files, key=lambda p: (p.name != "game.yaml", p.relative_to(folder).as_posix()))


def translation_files(folder: Path) -> list[Path]:
    i18n = folder / "i18n"
    return [p for p in files_under(i18n)[0] if p.suffix in _YAML and p.parent == i18n]


def linked_files(folder: Path) -> list[Path]:
    """Every symbolic link in the game folder: reported, never followed."""
    return files_under(folder, frozenset({"build"}))[1]
