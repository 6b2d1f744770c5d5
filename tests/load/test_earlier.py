"""A publisher names the printed edition (`--since v1.0`): it is found in git or a folder, read without
checking anything out, and compared with the new one by id; a REF that does not exist, or edits not yet
committed, are said plainly."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from generator.derived.changes import compare, word_differences
from generator.load import load_game
from generator.load.earlier import earlier_folder, git_version, locate
from generator.pipeline import BuildRequest, build

RULES = """\
documents:
  - id: rules
    title: Reglas
    sections:
      - {id: intro, title: Introducción, body: "Un juego corto."}
      - {id: turn, title: El turno, body: "Cada turno tiene dos fases."}
      - {id: combat, title: Combate, body: "Tira un dado."}
"""


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=Editor", "-c", "user.email=e@example.org", *args], cwd=folder,
                          check=True, capture_output=True, text=True).stdout


@pytest.fixture
def repository(write_game, tmp_path):
    """A game committed once and tagged v1.0; returns its folder."""
    folder = write_game({"rules.yaml": RULES})
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "first edition")
    git(tmp_path, "tag", "v1.0")
    return tmp_path / folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_edited_inserted_and_renumbered_sections_are_told_apart_by_id(repository):
    edit(repository / "rules.yaml", "Tira un dado.", "Tira dos dados.")
    edit(repository / "rules.yaml", "      - {id: turn,", "      - {id: setup, title: Preparación, body: \"Pon las fichas.\"}\n"
                                                      "      - {id: turn,")
    git(repository, "commit", "-qam", "second edition")
    since, found = locate(repository, "v1.0")
    assert found == [] and since.label == "v1.0" and len(since.commit) == 40
    folder, found = earlier_folder(since, repository.parent / "scratch")
    earlier = load_game(folder).game
    changes = compare(earlier, load_game(repository).game, "es")
    # `turn` is 3 now (it was 2), `combat` 4: renumbered, not changed
    assert changes.sections == {"combat": "changed", "setup": "new"}
    assert not changes.tables and not changes.removed_sections
    assert git_version(repository) == "v1.0-1-g" + git(repository, "rev-parse", "--short=7", "HEAD").strip()


def test_a_revision_that_does_not_exist_is_named_with_what_to_give_instead(repository):
    since, found = locate(repository, "v9.9")
    assert since is None and [d.code for d in found] == ["EDN001"]
    assert "v9.9" in found[0].message and "git tag" in found[0].hint
    built = build(repository, BuildRequest(only=("counters",), out=repository.parent / "out", since="v9.9"))
    assert [d.code for d in built.diagnostics] == ["EDN001"] and built.folders == []


def test_outside_a_repository_a_ref_must_be_a_folder(write_game, tmp_path):
    folder = write_game({"rules.yaml": RULES})
    since, found = locate(folder, "v1.0")
    assert since is None and found[0].code == "EDN001" and "git cannot read" in found[0].message


def test_uncommitted_edits_in_the_game_folder_stop_the_build_unless_the_game_demotes_the_code(repository):
    edit(repository / "rules.yaml", "Tira un dado.", "Tira dos dados.")
    (repository / "build").mkdir()
    (repository / "build" / "old.pdf").write_bytes(b"%PDF")           # outputs in the folder do not count
    since, found = locate(repository, "v1.0")
    assert [d.code for d in found] == ["EDN002"] and "rules.yaml" in found[0].message
    assert "old.pdf" not in found[0].message
    out = repository.parent / "out"
    built = build(repository, BuildRequest(only=("counters",), out=out, since="v1.0"))
    assert "EDN002" in [d.code for d in built.diagnostics] and built.folders == []
    edit(repository / "game.yaml", "languages: [es]", "languages: [es]\n  checks: {warn: [EDN002]}")
    built = build(repository, BuildRequest(only=("counters",), out=out, since="v1.0"))
    assert [d.severity.name for d in built.diagnostics if d.code == "EDN002"] == ["WARNING"]


def test_an_earlier_folder_is_read_as_it_is(repository, tmp_path):
    printed = tmp_path / "printed"
    shutil.copytree(repository, printed)
    edit(repository / "rules.yaml", "El turno", "Secuencia del turno")
    since, found = locate(repository, str(printed))
    assert found == [] and since.commit is None and since.label == "printed"
    folder, _ = earlier_folder(since, tmp_path / "scratch")
    assert compare(load_game(folder).game, load_game(repository).game, "es").sections == {"turn": "changed"}
    since_empty, found = locate(repository, str(tmp_path / "scratch-none"))
    assert since_empty is None and found[0].code == "EDN001"


def test_links_and_foreign_names_in_an_earlier_commit_are_not_written(repository, tmp_path):
    (repository / "escape").symlink_to("/etc/passwd")
    git(repository, "add", "escape")
    git(repository, "commit", "-qm", "a link")
    since, _ = locate(repository, "HEAD")
    folder, found = earlier_folder(since, tmp_path / "scratch")
    assert found == [] and not (folder / "escape").exists() and (folder / "rules.yaml").is_file()


def test_word_differences_keep_the_words_around_a_change():
    runs = word_differences("Con 15 PV o más vence.", "Con 16 PV o más gana.")
    assert [run for run in runs if run[0] != "same"] == [("removed", "15"), ("added", "16"), ("removed", "vence"),
                                                         ("added", "gana")]
    assert "".join(text for kind, text in runs if kind != "added") == "Con 15 PV o más vence."
