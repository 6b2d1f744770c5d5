"""A file named by content must stay inside the game folder: no '..', absolute paths, URLs or symlinks out."""

from __future__ import annotations

import os

import pytest

from generator.pipeline import check

ICONS = "icons:\n  - {{id: star, name: Estrella, file: '{path}'}}\n"


@pytest.mark.parametrize("path, reason", [
    ("../secret.svg", "leaves the game folder"),
    ("/etc/passwd", "is an absolute path"),
    ("http://example.com/star.svg", "is a URL"),
    ("file:///etc/passwd", "is a URL"),
])
def test_a_path_out_of_the_game_is_refused_at_its_line(write_game, path, reason):
    folder = write_game({"icons.yaml": ICONS.format(path=path)})
    found = [d for d in check(folder).diagnostics if d.code == "SCH011"]
    assert [(d.span.file.name, d.span.line, d.span.column) for d in found] == [("icons.yaml", 2, 38)]
    assert reason in found[0].message


def test_a_symlink_pointing_out_of_the_game_is_refused(write_game, tmp_path):
    folder = write_game({"icons.yaml": ICONS.format(path="icons/star.svg")})
    outside = tmp_path / "outside.svg"
    outside.write_text("<svg/>")
    (folder / "icons").mkdir()
    os.symlink(outside, folder / "icons" / "star.svg")
    found = [d for d in check(folder).diagnostics if d.code == "SEC001"]
    assert sorted((d.span.file.name, d.span.line) for d in found) == [("icons.yaml", 2), ("star.svg", 1)]
    assert all("symbolic link" in d.message for d in found)


def test_a_file_inside_the_game_is_accepted(write_game):
    folder = write_game({"icons.yaml": ICONS.format(path="icons/star.svg")})
    assert [d for d in check(folder).diagnostics if d.code == "SCH011"] == []
