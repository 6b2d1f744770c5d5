"""Jinja2 for rulebooks and aids: sandboxed, strict about undefined names, escaping by default.

Templates come from the game's own `templates/` first, then the shipped ones,
so a publisher can restyle one game without touching the others. Every template
is found and read through the game-file confinement (no link is followed, no
name leaves its folder), and must be UTF-8.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import BaseLoader, StrictUndefined, TemplateNotFound
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment

from generator.load.game_files import Refused, read_bytes
from generator.render.templates import find


class ConfinedLoader(BaseLoader):
    def __init__(self, game_folder: Path | None) -> None:
        self.game_folder = game_folder

    def get_source(self, environment, template: str):
        relative = "/".join(split_template_path(template))      # refuses `..`
        try:
            path = find(relative, self.game_folder)
            if path is None:
                raise TemplateNotFound(template)
            source = read_bytes(path, 4 * 1024 * 1024).decode("utf-8")
        except Refused as refusal:
            raise TemplateNotFound(f"{template} {refusal.reason}") from None
        except UnicodeDecodeError as error:
            raise TemplateNotFound(f"{template} is not UTF-8 text (byte {error.start})") from None
        return source, str(path), lambda: False


def environment(game_folder: Path | None) -> SandboxedEnvironment:
    return SandboxedEnvironment(loader=ConfinedLoader(game_folder), undefined=StrictUndefined, autoescape=True,
                                trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
