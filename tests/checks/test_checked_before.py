"""`imprenta check` run again: a game whose inputs did not change is answered with its last findings, the
others are checked anew, and an answer is never kept from a check its limits stopped."""

from __future__ import annotations

import time

import pytest

from generator import checked_before, checking
from generator.output.scheduling import Limits
from tests.load.test_broken_content import CASES

GAP = CASES["2d6 table skips 7"][0]["tables.yaml"]


@pytest.fixture
def checked_games(write_game, tmp_path, monkeypatch):
    """Two games, a cache folder of their own, and the folders each run of `check` loads again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    write_game({"tables.yaml": GAP})
    other = tmp_path / "other"
    other.mkdir()
    (other / "game.yaml").write_text("game:\n  id: other\n  title: Other\n  source_language: es\n  languages: [es]\n")
    loaded: list[list[str]] = []
    real = checking._check_in_workers

    def recorded(folders, *args):
        loaded.append(sorted(folder.name for folder in folders))
        return real(folders, *args)

    monkeypatch.setattr(checking, "_check_in_workers", recorded)
    return tmp_path, loaded


def test_a_second_check_of_unchanged_games_loads_none_and_prints_the_same(checked_games, run_cli):
    _, loaded = checked_games
    first = run_cli(["check", "."])
    second = run_cli(["check", "."])
    assert first == second and first[0] == 1 and "TBL001" in first[1]
    assert loaded == [["demo", "other"]]


def test_an_edited_game_alone_is_checked_again_and_its_new_finding_shown(checked_games, run_cli):
    root, loaded = checked_games
    run_cli(["check", "."])
    (root / "other" / "tables.yaml").write_text(GAP)
    code, out, _ = run_cli(["check", "."])
    assert loaded == [["demo", "other"], ["other"]]
    assert "other/tables.yaml:6:7: error[TBL001" in out and "demo/tables.yaml:6:7: error[TBL001" in out
    (root / "other" / "tables.yaml").write_text(GAP.replace("2d6", "1d6"))   # the same size, another verdict
    assert run_cli(["check", "."])[1] != out and loaded[-1] == ["other"]


def test_other_options_or_another_imprenta_check_again(checked_games, run_cli, monkeypatch):
    _, loaded = checked_games
    run_cli(["check", "."])
    assert run_cli(["check", ".", "--ignore", "TBL"])[0] == 0
    monkeypatch.setattr(checked_before, "shipped_key", lambda: "a changed check")
    run_cli(["check", "."])
    assert loaded == [["demo", "other"]] * 3


def test_a_check_stopped_by_its_limits_is_not_remembered(checked_games, monkeypatch):
    root, _ = checked_games
    real = checking.check

    def runaway(folder, *args, **options):
        time.sleep(30)

    monkeypatch.setattr(checking, "check", runaway)
    stopped = checking.check_all([root / "demo"], limits=Limits(seconds=1), reuse=True)
    assert [d.code for d in stopped] == ["SEC005"]
    monkeypatch.setattr(checking, "check", real)
    assert "TBL001" in [d.code for d in checking.check_all([root / "demo"], reuse=True)]


def test_an_edit_no_reading_sees_is_answered_from_the_last_check(checked_games, run_cli):
    """A comment or a blank line changes the file's bytes, not what the check reads: the game is not loaded
    again and the findings are the same; an edit of a value after it is checked again."""
    root, loaded = checked_games
    first = run_cli(["check", "."])
    tables = root / "demo" / "tables.yaml"
    tables.write_text(GAP + "# a designer's note\n\n", encoding="utf-8")
    assert run_cli(["check", "."]) == first and loaded == [["demo", "other"]]
    tables.write_text("# moved down a line\n" + GAP, encoding="utf-8")      # every place below moves
    moved = run_cli(["check", "."])
    assert loaded[-1] == ["demo"] and "demo/tables.yaml:7:7: error[TBL001" in moved[1]
    tables.write_text(GAP.replace("2d6", "1d6"), encoding="utf-8")
    assert run_cli(["check", "."])[1] != first[1] and loaded[-1] == ["demo"]


def test_a_literal_block_indented_otherwise_is_read_otherwise():
    """The same values, the block's lines indented by two more spaces: a finding's column inside the block
    moves (Document.offset_span), so the two readings differ; a comment after it changes nothing."""
    from pathlib import PurePosixPath

    from generator.load.yaml_nodes import load_text

    def reading(text: str) -> str:
        return checked_before._reading(*load_text(text, PurePosixPath("rules.yaml")))

    block = "body: |\n  one line\n  two lines\n"
    wider = "body: |\n    one line\n    two lines\n"
    assert load_text(block, PurePosixPath("rules.yaml"))[0].data == load_text(wider, PurePosixPath("rules.yaml"))[0].data
    assert reading(block) != reading(wider)
    assert reading(block) == reading(block + "# said again\n")
