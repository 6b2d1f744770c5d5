"""A translator's story: completion, stale entries after a source edit, broken tokens, stamping."""

from __future__ import annotations

from generator.pipeline import check
from tests.load.test_broken_content import GAME_WITH_EN, RULES

GAME = GAME_WITH_EN + RULES.replace("antes de jugar.", "antes de jugar con 3 dados.")


ENGLISH = """\
language: en
entries:
  game.title: Demo
  document.rules.title: Rules
  section.intro.title: Introduction
  section.intro.body: |
    Read {ref:combat} before playing with 3 dice.
  section.combat.title: Combat
"""


def test_stamped_translation_is_complete_then_stale_after_a_source_edit(write_game, run_cli):
    folder = write_game({"game.yaml": GAME, "i18n/en.yaml": ENGLISH})
    code, out, _ = run_cli(["i18n", "status", str(folder)])
    assert code == 0 and "en: 100 % translated (5 of 5), 5 unstamped" in out
    assert run_cli(["i18n", "stamp", str(folder), "--lang", "en"])[1].strip() == \
        "demo/i18n/en.yaml: stamped 5 entries"
    code, out, _ = run_cli(["i18n", "status", str(folder)])
    assert code == 0 and out.splitlines()[1] == "en: 100 % translated (5 of 5)"
    assert check(folder).diagnostics == []

    game = (folder / "game.yaml").read_text(encoding="utf-8").replace("3 dados", "2 dados")
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    code, out, _ = run_cli(["i18n", "status", str(folder)])
    stamped = (folder / "i18n" / "en.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(stamped, 1) if text.startswith("  section.intro.body:"))
    assert code == 1
    assert out.splitlines()[1:] == ["en: 80 % translated (4 of 5), 1 stale",
                                    f"  demo/i18n/en.yaml:{line}:3: stale section.intro.body"]
    assert [(d.code, d.span.line) for d in check(folder).diagnostics] == [("I18N002", line)]


def test_a_translation_that_drops_a_token_is_broken_and_fails_the_check(write_game, run_cli):
    folder = write_game({"game.yaml": GAME, "i18n/en.yaml": ENGLISH.replace("{ref:combat}", "the combat rules")})
    code, out, _ = run_cli(["i18n", "status", str(folder)])
    assert code == 1 and "broken section.intro.body (lost {ref:combat})" in out
    assert [d.code for d in check(folder).diagnostics if d.severity.name == "ERROR"] == ["I18N003"]


def test_changed_numbers_in_a_translation_are_a_warning(write_game):
    folder = write_game({"game.yaml": GAME, "i18n/en.yaml": ENGLISH.replace("3 dice", "4 dice")})
    found = [d for d in check(folder).diagnostics if d.code == "I18N006"]
    assert len(found) == 1 and "the source has 3" in found[0].message and "the translation has 4" in found[0].message


def test_init_starts_a_file_where_everything_is_missing(write_game, run_cli):
    folder = write_game({"game.yaml": GAME})
    assert run_cli(["i18n", "init", str(folder), "--lang", "en"])[0] == 0
    code, out, _ = run_cli(["i18n", "status", str(folder)])
    assert code == 1 and "en: 0 % translated (0 of 5), 5 missing" in out


def test_written_translation_files_read_back_as_text_even_when_values_look_like_numbers(tmp_path):
    from generator.i18n.files import _write
    from generator.load.yaml_nodes import load_file

    values = {"a": "439214e700", "b": "no", "c": "0507", "d": "1:30", "e": "line one\nline two\n", "f": "Área 1"}
    path = tmp_path / "en.yaml"
    _write(path, {"language": "en", "entries": values})
    document, problems = load_file(path)
    assert problems == [] and document.data["entries"] == values
