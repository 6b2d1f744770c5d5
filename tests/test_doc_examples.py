"""Every example in the README and the manual works as written: each YAML block is YAML, each content block
loads without a shape error (a fragment is loaded inside a minimal game), each profile, layout and translation
block is read by the loader that reads such files, and each `imprenta` command line is one the program accepts
(the cheap ones run for real). An example that rots fails here, not in a newcomer's terminal."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml

from generator.cli import main, parser
from generator.load import load_game
from generator.model.content import COLLECTIONS

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]    # docs/reference/ is generated and tested
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
MINIMAL = {"id": "demo", "title": "Demo", "source_language": "es", "languages": ["es"]}


def _blocks(language: str) -> list:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            if match.group(1) == language:
                found.append(pytest.param(match.group(2), id=f"{page.name}:{text.count(chr(10), 0, match.start()) + 1}"))
    return found


def _commands() -> list:
    found = []
    for block in _blocks("sh"):
        for line in block.values[0].splitlines():
            line = line.split("  #")[0].strip()
            if "imprenta " in line:
                found.append(pytest.param(line[line.index("imprenta "):], id=f"{block.id}:{line[:40]}"))
    return found


@pytest.mark.parametrize("block", _blocks("yaml"))
def test_every_yaml_example_loads_as_the_file_it_stands_for(block, tmp_path):
    data = yaml.safe_load(block)
    if isinstance(data, dict) and set(data) <= set(COLLECTIONS) | {"game", "map"}:
        game = tmp_path / "demo"
        game.mkdir()
        data = dict(data, game={**MINIMAL, **(data.get("game") or {})})
        (game / "content.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        shape_errors = [str(d) for d in load_game(game).diagnostics if d.code.startswith(("SCH", "YML"))]
        assert not shape_errors, shape_errors
    elif isinstance(data, dict) and "extends" in data and "front" not in data:        # a print profile
        from generator.render.paper.profiles import load_profile

        (tmp_path / "mine.yaml").write_text(block, encoding="utf-8")
        profile, problems = load_profile(str(tmp_path / "mine.yaml"), tmp_path)
        assert profile is not None and not problems, [str(d) for d in problems]
    elif isinstance(data, dict) and "entries" in data:                                # a translation file
        from generator.model.translations import TranslationFile

        TranslationFile.model_validate(data)
    else:                                                       # a layout, a section or a translation's entries
        assert data, "an example that says nothing"


@pytest.mark.parametrize("command", _commands())
def test_every_command_line_example_is_one_imprenta_accepts(command):
    words = shlex.split(command)[1:]
    try:
        parser().parse_args(words)
    except SystemExit as stop:
        pytest.fail(f"`{command}` is refused by imprenta (exit {stop.code})")


def test_the_readme_s_check_of_the_unknown_facts_runs_and_lists_them(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    line = next(c.values[0] for c in _commands() if "--select UNK001" in c.values[0])
    code = main(shlex.split(line)[1:])
    out, err = capsys.readouterr()
    assert code == 0, err[-3000:]
    assert re.search(r"content/mar-y-acero/\w+\.yaml:\d+:\d+: note\[UNK001", out)


def test_the_readme_s_schema_commands_write_json_schemas(tmp_path, monkeypatch):
    import json

    monkeypatch.chdir(tmp_path)
    for line in [c.values[0] for c in _commands() if c.values[0].startswith("imprenta schema")]:
        assert main(shlex.split(line)[1:]) == 0
        out = Path(shlex.split(line)[-1])
        assert json.loads(out.read_text(encoding="utf-8"))["$schema"].startswith("https://json-schema.org/")
