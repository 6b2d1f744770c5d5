"""PO files for translators' tools: every seed game exports a PO that gettext and translate-toolkit accept,
and reads back unchanged; a translation that drops a reference is refused at its PO line; a new one is stored
stamped."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from generator.pipeline import game_folders

CONTENT = Path(__file__).resolve().parent.parent.parent / "content"
GAMES = game_folders(CONTENT)


def _copy(game: Path, tmp_path: Path, monkeypatch) -> Path:
    shutil.copytree(game, tmp_path / game.name)
    monkeypatch.chdir(tmp_path)
    return Path(game.name)


@pytest.mark.parametrize("game", GAMES, ids=lambda folder: folder.name)
def test_export_passes_msgfmt_and_pofilter_and_import_keeps_the_yaml_byte_for_byte(game, tmp_path, monkeypatch,
                                                                                    run_cli):
    folder = _copy(game, tmp_path, monkeypatch)
    before = {path.name: path.read_bytes() for path in (folder / "i18n").glob("*.yaml")}
    po = tmp_path / "en.po"
    code, _, _ = run_cli(["i18n", "export", str(folder), "--lang", "en", "--format", "po", "--out", str(po)])
    assert code == 0
    catalog = polib.pofile(str(po))
    assert {entry.msgctxt for entry in catalog} >= {"game.title", "words.page"}
    assert any("{ref:" in entry.msgid and entry.comment.startswith("Keep each token") for entry in catalog)
    assert all(entry.occurrences for entry in catalog)
    checked = subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(po)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    failures = tmp_path / "failures.po"
    subprocess.run(["pofilter", "--progress=none", "-t", "variables", "-t", "printf", "-t", "xmltags", str(po),
                    str(failures)], check=True, capture_output=True)
    assert not failures.exists() or "(pofilter)" not in failures.read_text(encoding="utf-8")
    code, out, _ = run_cli(["i18n", "import", str(folder), str(po)])
    assert code == 0 and "nothing to change" in out
    assert {path.name: path.read_bytes() for path in (folder / "i18n").glob("*.yaml")} == before


def test_a_dropped_reference_is_refused_at_its_po_line_and_a_new_translation_is_stored(tmp_path, monkeypatch,
                                                                                      run_cli):
    folder = _copy(CONTENT / "mar-y-acero", tmp_path, monkeypatch)
    english = (folder / "i18n" / "en.yaml").read_bytes()
    po = tmp_path / "en.po"
    run_cli(["i18n", "export", str(folder), "--lang", "en", "--out", str(po)])
    catalog = polib.pofile(str(po), wrapwidth=0)
    with_ref = next(entry for entry in catalog if "{ref:" in entry.msgstr)
    token = with_ref.msgstr[with_ref.msgstr.index("{ref:"):with_ref.msgstr.index("}", with_ref.msgstr.index("{ref:")) + 1]
    with_ref.msgstr = with_ref.msgstr.replace(token, "the rule", 1)
    catalog.save(str(po))
    lines = po.read_text(encoding="utf-8").splitlines()
    start = lines.index(f'msgctxt "{with_ref.msgctxt}"')
    line = next(number for number in range(start, len(lines)) if lines[number].startswith("msgstr")) + 1
    code, out, _ = run_cli(["i18n", "import", str(folder), str(po)])
    assert code == 1
    assert f"en.po:{line}:1: error[I18N003" in out and token in out
    assert (folder / "i18n" / "en.yaml").read_bytes() == english

    catalog = polib.pofile(str(po), wrapwidth=0)
    entry = catalog.find("track.impulses.name", by="msgctxt")
    entry.msgstr = "Impulse track"
    catalog.find(with_ref.msgctxt, by="msgctxt").msgstr = with_ref.msgstr.replace("the rule", token, 1)
    catalog.save(str(po))
    code, out, _ = run_cli(["i18n", "import", str(folder), str(po)])
    assert code == 0 and "en.yaml: updated" in out
    assert "text: Impulse track" in (folder / "i18n" / "en.yaml").read_text(encoding="utf-8")
    code, out, _ = run_cli(["i18n", "status", str(folder), "--lang", "en"])
    assert code == 0 and "en: 100 % translated" in out and "stale" not in out and "unstamped" not in out


def test_a_stale_entry_is_exported_fuzzy_with_its_previous_source(tmp_path, monkeypatch, run_cli):
    folder = _copy(CONTENT / "mar-y-acero", tmp_path, monkeypatch)
    po = tmp_path / "en.po"
    run_cli(["i18n", "export", str(folder), "--lang", "en", "--out", str(po)])
    game_file = folder / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace("Los viajes de Colón", "Los cuatro viajes"),
                         encoding="utf-8")
    run_cli(["i18n", "export", str(folder), "--lang", "en", "--out", str(po)])
    entry = polib.pofile(str(po)).find("game.subtitle", by="msgctxt")
    assert entry.fuzzy and entry.msgid == "Los cuatro viajes" and entry.previous_msgid == "Los viajes de Colón"
    entry_text = po.read_text(encoding="utf-8")
    assert '#| msgid "Los viajes de Colón"' in entry_text


def test_xliff_export_reads_back_unchanged(tmp_path, monkeypatch, run_cli):
    folder = _copy(CONTENT / "mar-y-acero", tmp_path, monkeypatch)
    english = (folder / "i18n" / "en.yaml").read_bytes()
    xliff = tmp_path / "en.xlf"
    code, _, _ = run_cli(["i18n", "export", str(folder), "--lang", "en", "--format", "xliff", "--out", str(xliff)])
    assert code == 0 and 'id="game.title"' in xliff.read_text(encoding="utf-8")
    code, out, _ = run_cli(["i18n", "import", str(folder), str(xliff)])
    assert code == 0 and (folder / "i18n" / "en.yaml").read_bytes() == english
