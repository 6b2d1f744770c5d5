"""Where a game's files are: which folders are games, which files hold content and translations.

Kept apart from the loader (which needs YAML and the declared shapes) so that `imprenta build` can tell that
nothing changed, and stop, without importing either.
"""

from __future__ import annotations

from pathlib import Path

_SKIPPED_FOLDERS = {"i18n", "templates", "build"}


def is_game_folder(folder: Path) -> bool:
    return folder.is_dir() and ((folder / "game.yaml").is_file() or (folder / "game.yml").is_file())


def content_files(folder: Path) -> list[Path]:
    """The content files of a game folder, in a stable order (game.yaml first)."""
    files = [p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()
             and not (set(p.relative_to(folder).parts[:-1]) & _SKIPPED_FOLDERS)]
    return sorted(files, key=lambda p: (p.name != "game.yaml", p.relative_to(folder).as_posix()))


def translation_files(folder: Path) -> list[Path]:
    i18n = folder / "i18n"
    return sorted(p for p in i18n.glob("*.y*ml") if p.is_file()) if i18n.is_dir() else []
