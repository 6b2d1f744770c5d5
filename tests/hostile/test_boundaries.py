"""Hostile files and options outside the content: language codes given on the command line or in a PO file,
the output folder and what already lies in it, the reporter's quoted lines, and the limits the build's own
check runs under. Each ends in a finding with its code and place, opens nothing outside the game, and lets
no byte of the canary beside the game (conftest.SECRET) into a message or an output."""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

import pytest

from generator import cli
from generator.diagnostics import Diagnostic, Severity, Span, reporting
from generator.i18n.po import import_po
from generator.load import load_game
from generator.output import scheduling
from generator.pipeline import BuildRequest, build

from .conftest import SECRET, Audit, Link, outside_reads

PO = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: {language}\\n"\n\n'
      'msgctxt "piece.legion.name"\nmsgid "Legión"\nmsgstr "Legion"\n')


def _tree(folder: Path) -> dict[str, str]:
    """Every file below `folder` (links as their target's name), hashed: what a case must leave as it was."""
    listing = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        listing[relative] = ("link:" + os.readlink(path) if path.is_symlink() else
                             hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder")
    return listing


def _no_secret(found: list[Diagnostic], *texts: str) -> None:
    shown = reporting.as_text(found, show_source=True) + reporting.as_json(found) + reporting.as_sarif(found)
    for text in (shown, *texts):
        assert SECRET not in text and SECRET.lower() not in text


def _outputs_hold_no_secret(out: Path) -> None:
    for path in out.rglob("*") if out.is_dir() and not out.is_symlink() else ():
        if path.is_file() and not path.is_symlink():
            assert SECRET.encode() not in path.read_bytes(), path


# Language codes, wherever one is given.
@pytest.mark.parametrize("language", ["../secret/secret", "/etc/passwd", "zz", "es/../../secret", "e"])
def test_build_lang_that_is_not_a_language_is_refused_before_any_file_is_named(hostile_game, language):
    folder = hostile_game({})
    with Audit() as opened:
        built = build(folder, BuildRequest(languages=(language,), out=Path("out"), jobs=1))
    assert [(d.code, d.span) for d in built.diagnostics] == [("CLI001", None)]
    assert "not a language" in built.diagnostics[0].message
    assert outside_reads(opened, folder) == [] and not Path("out").exists()


@pytest.mark.parametrize("command", [["i18n", "export"], ["i18n", "init"], ["i18n", "stamp"], ["i18n", "status"]])
def test_i18n_lang_option_is_a_language_code(hostile_game, capsys, command):
    folder = hostile_game({})
    with Audit() as opened:
        assert cli.main([*command, str(folder), "--lang", "../secret/secret"]) == 2
    assert "'../secret/secret' is not a language code" in capsys.readouterr().err
    assert not (folder / "i18n").exists() and outside_reads(opened, folder) == []


@pytest.mark.parametrize("header", ["zz", "../../secret/secret", "/tmp/x", "es_ES/../../x"])
def test_po_language_header_that_is_not_a_language_is_refused_at_its_line(hostile_game, tmp_path, header):
    folder = hostile_game({})
    secret_before = _tree(tmp_path / "secret")
    po = tmp_path / "in.po"
    po.write_text(PO.format(language=header), encoding="utf-8")
    game = load_game(folder).game
    with Audit() as opened:
        found, written = import_po(game, po)
    assert written is None
    assert [(d.code, d.span.file.name, d.span.line, d.span.column) for d in found] == [("I18N009", "in.po", 4, 1)]
    assert not (folder / "i18n").exists() and _tree(tmp_path / "secret") == secret_before
    assert outside_reads([path for path in opened if not path.endswith("in.po")], folder) == []
    _no_secret(found)


def test_po_of_more_entries_than_any_game_is_refused(hostile_game, tmp_path, monkeypatch):
    from generator.i18n import po as po_module

    monkeypatch.setattr(po_module, "MAX_ENTRIES", 2)
    folder = hostile_game({})
    path = tmp_path / "many.po"
    path.write_text(PO.format(language="en") + "".join(f'\nmsgctxt "x.{n}"\nmsgid "a{n}"\nmsgstr "b{n}"\n'
                                                       for n in range(3)), encoding="utf-8")
    found, written = import_po(load_game(folder).game, path)
    assert written is None and [(d.code, d.span.line) for d in found] == [("I18N009", 1)]


# The output boundary: nothing is written through a link, and a folder that is not an output is kept.
def _built(folder: Path, out: Path, force: bool = False):
    return build(folder, BuildRequest(only=("counters",), out=out, jobs=1, formats=frozenset({"pdf"}), force=force))


@pytest.mark.parametrize("layout", ["out is a link", "game folder is a link", "language folder is a link",
                                    "out is a file", "language folder is a file"])
def test_no_output_is_written_through_a_link_or_over_a_file(hostile_game, tmp_path, layout):
    folder = hostile_game({})
    out, secret = Path("out"), tmp_path / "secret"
    if layout == "out is a link":
        out.symlink_to(secret)
        named = "out"
    elif layout == "game folder is a link":
        out.mkdir()
        (out / "demo").symlink_to(secret)
        named = "out/demo"
    elif layout == "language folder is a link":
        (out / "demo").mkdir(parents=True)
        (out / "demo" / "es").symlink_to(secret)
        named = "out/demo/es"
    elif layout == "out is a file":
        out.write_text("notes\n")
        named = "out"
    else:
        (out / "demo").mkdir(parents=True)
        (out / "demo" / "es").write_text("notes\n")
        named = "out/demo/es"
    before = _tree(secret)
    with Audit() as opened:
        built = _built(folder, out)
    assert built.folders == []
    refused = [d for d in built.diagnostics if d.code == "OUT001"]
    assert len(refused) == 1 and refused[0].severity is Severity.ERROR
    assert f"{named} is a" in refused[0].message          # the place: the folder refused
    assert _tree(secret) == before
    assert outside_reads(opened, folder) == []
    _no_secret(built.diagnostics)


def test_a_folder_that_is_not_an_output_is_refused_not_replaced(hostile_game):
    folder = hostile_game({})
    mine = Path("out/demo/es")
    mine.mkdir(parents=True)
    (mine / "thesis.txt").write_text("five years of work\n")
    built = _built(folder, Path("out"))
    assert built.folders == []
    assert [d.code for d in built.diagnostics] == ["OUT001"]
    assert "out/demo/es holds files but no manifest.json" in built.diagnostics[0].message
    assert (mine / "thesis.txt").read_text() == "five years of work\n" and len(list(mine.iterdir())) == 1


def test_links_left_in_a_previous_output_are_dropped_never_followed(hostile_game, tmp_path):
    folder = hostile_game({})
    out = Path("out")
    assert _built(folder, out).folders == [out / "demo" / "es"]
    target = out / "demo" / "es"
    (target / "leak.txt").symlink_to(tmp_path / "secret" / "secret.txt")
    (target / "more").symlink_to(tmp_path / "secret")
    before = _tree(tmp_path / "secret")
    with Audit() as opened:
        built = _built(folder, out, force=True)
    assert built.folders == [target] and not [d for d in built.diagnostics if d.severity is Severity.ERROR]
    assert not (target / "leak.txt").exists() and not (target / "more").exists()
    assert "leak.txt" not in (target / "manifest.json").read_text()
    assert _tree(tmp_path / "secret") == before
    assert outside_reads(opened, folder) == []
    _outputs_hold_no_secret(out)


def test_an_empty_existing_folder_and_a_real_output_are_built_into(hostile_game):
    folder = hostile_game({})
    Path("out/demo/es").mkdir(parents=True)
    assert _built(folder, Path("out")).folders == [Path("out/demo/es")]
    assert _built(folder, Path("out"), force=True).folders == [Path("out/demo/es")]


# The reporter quotes only what the confined loader reads.
@pytest.mark.parametrize("link, shown", [("extra.yaml", "extra.yaml"), ("more", "more/secret.yaml"),
                                         ("notes.txt", "notes.txt")])
def test_the_reporter_never_opens_a_linked_file_it_names(hostile_game, link, shown):
    target = {"extra.yaml": "secret/secret.yaml", "more": "secret", "notes.txt": "secret/secret.txt"}[link]
    folder = hostile_game({link: Link(target)})
    finding = Diagnostic("SEC001", Severity.ERROR, "a link", Span(folder / shown, 1, 1))
    with Audit() as opened:
        text = reporting.as_text([finding], show_source=True)
    assert outside_reads(opened, folder) == []
    assert SECRET not in text and SECRET.lower() not in text
    assert text.splitlines()[0].startswith(f"demo/{shown}:1:1: error[SEC001")


def test_the_reporter_still_quotes_a_plain_game_file(hostile_game):
    folder = hostile_game({})
    finding = Diagnostic("SCH004", Severity.ERROR, "x", Span(folder / "pieces.yaml", 3, 11))
    assert "    name: Legión" in reporting.as_text([finding], show_source=True)


# The build's own check runs under the limits `imprenta check` has.
def test_a_runaway_check_inside_a_build_is_stopped_and_reported(hostile_game, monkeypatch):
    import time

    import generator.checks

    folder = hostile_game({})

    def forever(game):
        while True:
            time.sleep(0.01)

    monkeypatch.setattr(generator.checks, "run_checks", forever)
    monkeypatch.setattr(scheduling, "Limits", functools.partial(scheduling.Limits, seconds=0.5))
    built = _built(folder, Path("out"))
    assert built.folders == []
    assert [(d.code, d.span.file.name, d.span.line, d.span.column) for d in built.diagnostics] == [
        ("SEC005", "game.yaml", 1, 1)]
    assert "0.5 s limit" in built.diagnostics[0].message
