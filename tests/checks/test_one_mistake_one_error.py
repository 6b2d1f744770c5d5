"""One invalid value is one error: a wrong value in any field of a game is reported once, at its place, and
nothing else about the game changes (no orphaned translations, no dangling references, no second error for the
same mistake). Checked over generated mistakes in every scalar field of the tutorial game and of a seed game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.pipeline import check

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"el-vado": ROOT / "docs" / "tutorial" / "el-vado", "mar-y-acero": ROOT / "content" / "mar-y-acero"}
# Values no field of the format takes where the original stood: a list, a mapping, an infinite number; and a
# word where a number or a truth value stood. Each is a mistake of type, not a new name (renaming an item or a
# declared field rightly breaks every use of the old name).
WRONG = ["[[]]", "{x: 1}", "-7.5e400"]
WRONG_FOR_NUMBERS = WRONG + ["zzz"]


def _scalars(folder: Path) -> list[tuple[str, int, int, str]]:
    """(file, start, end, key) of every value written inline in the game's content files: not keys, not ids,
    not block texts (a mistake there is a text, which any text field takes)."""
    found = []
    for path in sorted(folder.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")

        def walk(node, key="", path=path):
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    walk(v, k.value)
            elif isinstance(node, yaml.SequenceNode):
                for item in node.value:
                    walk(item, key)
            elif isinstance(node, yaml.ScalarNode) and node.style in (None, "'", '"') and key != "id":
                found.append((path.name, node.start_mark.index, node.end_mark.index, key))

        walk(yaml.compose(text))
    return found


_SCALARS = {name: _scalars(folder) for name, folder in GAMES.items()}
_BASELINES: dict[str, list] = {}


def _findings(folder: Path) -> list:
    return [d for d in check(folder, layout=False).diagnostics if d.severity.name != "NOTE"]


def _baseline(name: str) -> set:
    if name not in _BASELINES:
        _BASELINES[name] = _findings(GAMES[name])
    return {(d.code, str(d.span)) for d in _BASELINES[name]}


_COPIES: dict[str, Path] = {}


def _copy(name: str, tmp_path_factory) -> Path:
    """One copy of each game for the whole run, each mistake written into it and taken out again: a designer's
    folder checked again after an edit, whose files left whole the check reads back from its cache."""
    if name not in _COPIES:
        _COPIES[name] = tmp_path_factory.mktemp("game") / name
        shutil.copytree(GAMES[name], _COPIES[name])
    return _COPIES[name]


def _one_mistake(name: str, data, tmp_path_factory) -> None:
    file, start, end, key = data.draw(st.sampled_from(_SCALARS[name]), label="value")
    folder = _copy(name, tmp_path_factory)
    text = (folder / file).read_text(encoding="utf-8")
    numeric = yaml.safe_load(text[start:end]) is not None and not isinstance(yaml.safe_load(text[start:end]), str)
    wrong = data.draw(st.sampled_from(WRONG_FOR_NUMBERS if numeric else WRONG), label="wrong")
    original = (folder / file).read_bytes()
    try:
        (folder / file).write_text(text[:start] + wrong + text[end:], encoding="utf-8")
        found = _findings(folder)
    finally:
        (folder / file).write_bytes(original)
    line = text.count("\n", 0, start) + 1
    before = _baseline(name)
    new = [d for d in found if (d.code, str(d.span).replace(str(folder), str(GAMES[name]))) not in before]
    errors = [d for d in new if d.severity.name == "ERROR"]
    assert len(errors) <= 1, f"{file}:{line} {key}: {wrong} gave {[str(d) for d in errors]}"
    others = [d for d in new if d not in errors and not (d.span and d.span.file.name == file and d.span.line == line)
              and d.code != "I18N002"]        # a text that changed makes its translation stale: that is right
    assert not others, f"{file}:{line} {key}: {wrong} also gave {[str(d) for d in others]}"
    if errors and errors[0].span:
        assert errors[0].span.file.name == file and errors[0].span.line == line, str(errors[0])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_one_wrong_value_in_the_tutorial_game_is_one_error_at_its_place_and_nothing_else(data, tmp_path_factory):
    _one_mistake("el-vado", data, tmp_path_factory)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_one_wrong_value_in_a_seed_game_is_one_error_at_its_place_and_nothing_else(data, tmp_path_factory):
    """Mar y Acero has what the tutorial lacks: cards, decks, tracks, translations in two languages."""
    _one_mistake("mar-y-acero", data, tmp_path_factory)


# The generated tests above draw a few of many places; the mistakes they have found are kept here, each checked
# every run. A mapping that may be one of two shapes (a back, or {unknown: why}) is read as the one its keys are.
SIDES = """\
factions: [{id: red, name: Rojos, color: "#b22222"}]
piece_kinds: [{id: ship, name: Nave, symbol: naval, value_format: "{attack}"}]
pieces:
  - {id: trireme, name: Trirreme, kind: ship, faction: red, front: {values: {attack: 3}},
     back: BACK}
"""


@pytest.mark.parametrize("back, expected", [
    ("{label: [[]], values: {attack: 1}}", ("SCH002", "expected text or a mapping; received a list", "")),
    ("{lable: Reducida, values: {attack: 1}}", ("SCH001", "unknown key 'lable'", "did you mean 'label'?")),
    ("{unknwn: la fuente no lo da}", ("SCH001", "unknown key 'unknwn'", "did you mean 'unknown'?")),
])
def test_a_wrong_value_or_key_in_a_side_that_may_be_unknown_is_one_error_that_names_it(write_game, back, expected):
    game = write_game({"pieces.yaml": SIDES.replace("BACK", back)})
    errors = [d for d in check(game, layout=False).diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.message, d.hint or "", d.span.line) for d in errors] == [expected + (5,)]


class _Drawn:
    """Stands for hypothesis' `data` in a kept example: hands out the draws it was given, in order."""

    def __init__(self, *draws):
        self.draws = list(draws)

    def draw(self, strategy, label=None):
        return self.draws.pop(0)


# Mistakes a sweep over every place found making a second finding, each a cascade from one refused item: a
# wrong value inside a side that may be {unknown}, a mix part whose refusal made its whole mix uncountable
# ({count:mix:}), a card refused with the only unknown reason of its wording (its translation then seemed an
# orphan), a reason that is no text, the table whose modifiers another table shares, and a mapping where a
# number, 'rest' or {unknown: why} goes (not also "expected 'rest'").
KEPT = [("el-vado", "pieces.yaml", 17, "label", "[[]]"), ("mar-y-acero", "pieces.yaml", 200, "total", "zzz"),
        ("mar-y-acero", "cards.yaml", 54, "number", "[[]]"), ("mar-y-acero", "cards.yaml", 54, "unknown", "{x: 1}"),
        ("mar-y-acero", "tables.yaml", 3, "title", "[[]]"), ("mar-y-acero", "setup.yaml", 12, "count", "{x: 1}")]


@pytest.mark.parametrize("name, file, line, key, wrong", KEPT)
def test_a_mistake_found_once_stays_one_error(name, file, line, key, wrong, tmp_path_factory):
    text = (GAMES[name] / file).read_text(encoding="utf-8")
    scalar = next(s for s in _SCALARS[name] if s[0] == file and s[3] == key and text.count("\n", 0, s[1]) + 1 == line)
    _one_mistake(name, _Drawn(scalar, wrong), tmp_path_factory)
