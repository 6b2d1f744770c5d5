"""Jinja2 for rulebooks and aids: sandboxed, strict about undefined names, escaping by default.

Templates come from the game's own `templates/` first, then the shipped ones,
so a publisher can restyle one game without touching the others.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from generator.render.templates import TEMPLATES


def environment(game_folder: Path | None) -> SandboxedEnvironment:
    loaders = [FileSystemLoader(str(game_folder / "templates"))] if game_folder else []
    loaders.append(FileSystemLoader(str(TEMPLATES)))
    return SandboxedEnvironment(loader=ChoiceLoader(loaders), undefined=StrictUndefined, autoescape=True,
                                trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
