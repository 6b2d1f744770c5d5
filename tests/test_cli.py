"""The command as a user runs it: exact output, exit codes, formats."""

from __future__ import annotations

import json

import pytest

from tests.load.test_broken_content import CASES


def test_check_prints_compiler_style_lines_with_caret_and_hint_and_exits_1(write_game, run_cli):
    folder = write_game(CASES["2d6 table skips 7"][0])
    code, out, err = run_cli(["check", str(folder)])
    assert code == 1
    assert out.splitlines()[:4] == [
        "demo/tables.yaml:2:9: warning[REF007 unused-table]: table 't' is not referred to by any text, "
        "so no book prints it",
        "      - id: t",
        "            ^",
        "    hint: refer to it with {table:t} where the rules use it",
    ]
    assert "demo/tables.yaml:6:7: error[TBL001 table-gap]: table 't' has no row for roll 7 (2d6 covers 2-12)" in out
    assert err.strip() == "1 game checked: 1 error, 1 warning, 0 notes"


def test_check_json_gives_exactly_the_documented_fields(write_game, run_cli):
    folder = write_game(CASES["2d6 table skips 7"][0])
    code, out, _ = run_cli(["check", str(folder), "--format", "json"])
    records = json.loads(out)
    assert code == 1
    assert records[1] == {"code": "TBL001", "severity": "error",
                          "message": "table 't' has no row for roll 7 (2d6 covers 2-12)",
                          "file": "demo/tables.yaml", "line": 6, "column": 7,
                          "hint": "add a row for it, or widen a neighbouring range"}


def test_a_clean_game_exits_0(write_game, run_cli):
    folder = write_game({})
    assert run_cli(["check", str(folder)])[0] == 0


def test_ignore_by_prefix_and_strict_promotion(write_game, run_cli):
    folder = write_game(CASES["2d6 table skips 7"][0])
    assert run_cli(["check", str(folder), "--ignore", "TBL"])[0] == 0
    assert run_cli(["check", str(folder), "--ignore", "table-gap", "--strict"])[0] == 1
    code, out, _ = run_cli(["check", str(folder), "--select", "REF", "--format", "json"])
    assert [r["code"] for r in json.loads(out)] == ["REF007"] and code == 0


def test_game_policy_ignores_with_reason(write_game, run_cli):
    folder = write_game({"game.yaml": "game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es]\n"
                                      "  checks:\n    ignore: [{code: TBL001, reason: testing}]\n",
                         "tables.yaml": CASES["2d6 table skips 7"][0]["tables.yaml"]})
    code, out, _ = run_cli(["check", str(folder), "--format", "json"])
    assert [r["code"] for r in json.loads(out)] == ["REF007"] and code == 0


def test_a_path_that_is_not_a_game_is_a_usage_error(tmp_path, run_cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(["check", "nowhere"])
    assert code == 2 and "is not a game folder" in err


def test_python_dash_m_generator_is_the_same_program():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip().startswith("imprenta, version")


def test_a_translation_in_progress_is_refused_as_a_language_at_once_and_says_how_to_declare_it(write_game, run_cli,
                                                                                              monkeypatch):
    import generator.pipeline as pipeline

    folder = write_game({"i18n/fr.yaml": "language: fr\nentries: {}\n"})
    monkeypatch.setattr(pipeline, "check", lambda *args, **kwargs: pytest.fail("the content was read"))
    code, out, err = run_cli(["build", str(folder), "--lang", "fr", "--out", "out"])
    assert code == 1 and out == "" and " note" not in err
    assert err.splitlines()[0] == ("demo/game.yaml:5:14: error[CLI001 bad-option]: 'fr' is not a language of this "
                                   "game (it has es); i18n/fr.yaml is a translation in progress")
    assert "hint: add 'fr' to `languages` in game.yaml to build its edition" in err
    code, _, err = run_cli(["build", str(folder), "--lang", "de", "--out", "out"])
    assert code == 1 and "no language de (it has es, and no i18n/de.yaml)" in err
    assert not (folder.parent / "out").exists()


def test_on_a_terminal_the_progress_line_is_cleared_and_an_up_to_date_build_prints_no_blank_line(write_game, run_cli,
                                                                                                monkeypatch):
    import sys

    folder = write_game({})
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run_cli(["build", str(folder), "--out", "out"])
    assert code == 0 and out.startswith("built ")
    progress, _, after = err.rpartition("\r\033[K")
    assert progress.startswith("\rdemo: 1/") and "\n" not in progress and "\r" not in after
    code, out, err = run_cli(["build", str(folder), "--out", "out"])
    assert code == 0 and out.startswith("up to date ")
    assert "\r" not in err and "" not in err.splitlines()


def test_a_press_build_of_a_game_with_unknowns_says_exactly_how_to_build_a_proof(write_game, run_cli):
    """`--profile press` is a release: a newcomer who never typed --release is told the flag that makes a proof."""
    game = write_game({"pieces.yaml": """
        factions: [{id: red, name: Rojos, color: "#b22222"}]
        piece_kinds: [{id: infantry, name: Infantería, symbol: infantry, size: "0.625in"}]
        pieces:
          - {id: foot, name: Infantería, kind: infantry, faction: red, copies: {unknown: "no se da", assume: 2}}
        """})
    code, out, err = run_cli(["build", str(game), "--profile", "press", "--only", "counters", "--lang", "es"])
    assert code == 1
    assert "REL001" in err and "nothing built" in (out + err)
    assert f"imprenta build {game} --profile press --proof" in err
    code, out, err = run_cli(["build", str(game), "--profile", "press", "--proof", "--only", "counters",
                              "--lang", "es"])
    assert code == 0, err
    assert (game.parent / "build" / "demo" / "es" / "counters.pdf").is_file()


def test_watch_prints_on_the_paper_and_backs_it_is_told(write_game, run_cli, monkeypatch):
    """`watch` takes build's print options: a designer who prints on Letter with folded backs sees those sheets."""
    import time

    from pypdf import PdfReader

    game = write_game({"pieces.yaml": """
        factions: [{id: red, name: Rojos, color: "#b22222"}]
        piece_kinds: [{id: infantry, name: Infantería, symbol: infantry, size: "0.625in"}]
        pieces:
          - {id: foot, name: Infantería, kind: infantry, faction: red, copies: 2,
             front: {label: Completa}, back: {label: Reducida}}
        """})

    real_sleep = time.sleep

    def sleep(seconds):
        if seconds == 7.5:             # the watcher's own pause: the user stops it after the first build
            raise KeyboardInterrupt
        real_sleep(seconds)

    monkeypatch.setattr(time, "sleep", sleep)
    code, out, err = run_cli(["watch", str(game), "--only", "counters", "--lang", "es", "--paper", "letter",
                              "--backs", "fold", "--release", "--interval", "7.5"])
    assert code == 0 and ": built in" in out, err
    pages = PdfReader(game.parent / "build" / "demo" / "es" / "counters.pdf").pages
    assert len(pages) == 1                                           # folded: backs beside the fronts, one page
    assert (round(float(pages[0].mediabox.width)), round(float(pages[0].mediabox.height))) == (612, 792)
