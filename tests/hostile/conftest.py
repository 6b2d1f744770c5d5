"""The hostile battery's harness: a small game, a secret beside it, and an audit of every file opened.

Each case writes some files into the game (text, bytes, symbolic links, pictures), then checks and builds
it in this process while a `sys.addaudithook` hook records every file opened. A case passes when the
findings hold the expected codes at the expected places, nothing raised, no file outside the game folder
(the secret, the folder around the game) was opened, the secret's text appears in no finding, and the
previous build in the output folder is exactly as it was.
"""

from __future__ import annotations

import io
import os
import sys
import textwrap
from pathlib import Path
from typing import NamedTuple

import pytest
from PIL import Image

SECRET = "TOP-SECRET-4242"
BASE = {
    "game.yaml": """\
        game:
          id: demo
          title: Demo
          source_language: es
          languages: [es]
        factions:
          - {id: rome, name: Roma, color: "#a02020"}
        piece_kinds:
          - {id: legion, name: Legión, symbol: infantry, size: "0.5in", value_format: "{attack}-{defence}"}
        """,
    "pieces.yaml": """\
        pieces:
          - id: legion
            name: Legión
            kind: legion
            faction: rome
            copies: 2
            front: {values: {attack: 4, defence: 3}}
        """,
}


class Link(NamedTuple):
    """A symbolic link to `target` (relative to the test's folder, e.g. "secret/secret.yaml")."""
    target: str


def png(size=(8, 8)) -> bytes:
    stream = io.BytesIO()
    Image.new("RGB", size, "red").save(stream, "PNG")
    return stream.getvalue()


def jpeg(size=(64, 64)) -> bytes:
    stream = io.BytesIO()
    Image.new("RGB", size, "blue").save(stream, "JPEG")
    return stream.getvalue()


_OPENED: list[str] = []
_AUDITING = [False]


def _audit(event: str, args) -> None:
    if _AUDITING[0] and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
        # what the open reaches: an O_NOFOLLOW open of a link fails instead of following it
        reached = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path)) \
            if flags & getattr(os, "O_NOFOLLOW", 0) else os.path.realpath(path)
        _OPENED.append(reached)


sys.addaudithook(_audit)       # cannot be removed; it records nothing unless a case is auditing


class Audit:
    def __enter__(self):
        _OPENED.clear()
        _AUDITING[0] = True
        return _OPENED

    def __exit__(self, *exc):
        _AUDITING[0] = False


@pytest.fixture
def hostile_game(tmp_path, monkeypatch):
    """hostile_game(files, base=True) → the game folder `demo` (the working folder is tmp_path)."""
    monkeypatch.chdir(tmp_path)
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "secret.yaml").write_text(f"game:\n  id: {SECRET.lower()}\n  title: {SECRET}\n", encoding="utf-8")
    (secret / "secret.txt").write_text(f"{SECRET}\n" * 3, encoding="utf-8")
    (secret / "secret.png").write_bytes(png())
    (tmp_path / "beside.yaml").write_text(f"title: {SECRET}\n", encoding="utf-8")

    def write(files: dict, base: bool = True) -> Path:
        folder = tmp_path / "demo"
        folder.mkdir(exist_ok=True)
        for name, content in ({**BASE, **files} if base else files).items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, Link):
                os.symlink(tmp_path / content.target, path)
            elif isinstance(content, bytes):
                path.write_bytes(content)
            elif content is not None:
                path.write_text(textwrap.dedent(content), encoding="utf-8")
        return Path("demo")

    return write


def outside_reads(opened: list[str], game: Path) -> list[str]:
    """Files opened below the test's folder but outside the game folder (the secret, the folder around)."""
    around = Path.cwd().resolve()
    inside = (around / game).resolve()      # what opens reached is recorded with links resolved
    return [path for path in opened
            if Path(path).is_relative_to(around) and not Path(path).is_relative_to(inside)
            and not Path(path).is_relative_to(around / "out")]
