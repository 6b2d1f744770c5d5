"""`imprenta --help` and every sub-command's help explain every option and show its default, and the names
cannot be confused: what --only writes is listed in full, and the files' types are not another --format."""

from __future__ import annotations

import argparse
import re

import pytest

from generator.cli import main, parser
from generator.render import RENDERERS, WRITES


def _commands(command: argparse.ArgumentParser, name: str = "imprenta"):
    yield name, command
    for action in command._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                yield from _commands(sub, f"{name} {sub_name}")


COMMANDS = dict(_commands(parser()))


def test_every_command_is_walked():
    assert {"imprenta build", "imprenta check", "imprenta i18n export", "imprenta calibrate"} <= set(COMMANDS)
    assert len(COMMANDS) >= 14


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_has_a_description_and_its_default(name):
    command = COMMANDS[name]
    assert command.description and len(command.description) > 20, name
    for action in command._actions:
        if isinstance(action, (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)) \
                or action.help == argparse.SUPPRESS:
            continue
        shown = action.option_strings[0] if action.option_strings else action.dest
        described = re.sub(r"\s*\((default|required)[^)]*\)\.?", "", action.help or "")
        assert len(described) >= 15, f"{name} {shown}: no description ({action.help!r})"
        takes_value = action.nargs != 0
        if takes_value:
            said = action.help % {"default": action.default, "prog": name} if "%(" in action.help else action.help
            assert "default" in said or (action.required and "required" in said), \
                f"{name} {shown}: say its default, or that it is required ({said!r})"


def test_only_names_every_part_and_exactly_what_each_writes():
    text = COMMANDS["imprenta build"].format_help()
    listed = re.sub(r"\s+", " ", text)
    for part, files in WRITES.items():
        assert f"{part} {files}" in listed, part
    assert set(WRITES) == set(RENDERERS)
    assert "rules rules.pdf and rules.html" in listed


def test_the_file_types_are_not_called_formats_any_more_but_the_old_spelling_still_works(write_game, tmp_path):
    text = COMMANDS["imprenta build"].format_help()
    assert "--file-types" in text and "--formats" not in text
    folder = write_game({"pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: A, kind: k}\n"})
    for option in ("--file-types", "--formats"):
        out = tmp_path / option.strip("-")
        assert main(["build", str(folder), "--only", "counters", option, "pdf", "--out", str(out), "-q"]) == 0
        written = sorted(p.name for p in (out / "demo" / "es").rglob("*") if p.is_file())
        assert written == ["counters.pdf", "manifest.json"], written
