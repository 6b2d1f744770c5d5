"""Translator-grade files: the XLIFF a CAT tool reads (OASIS 1.2 strict, states, plural groups, tokens as
inline codes), translate-toolkit's po2xliff/xliff2po round trips, a PO import that takes entry by entry with
msgfmt's strictness and checks every plural form, and a `Language: fr_FR` header that lands in fr."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from generator.render.typography import NBSP, NNBSP, number, typeset

CONTENT = Path(__file__).resolve().parent.parent.parent / "content"
NS = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
# The OASIS schema is not in any package this machine can install: point IMPRENTA_XLIFF_XSD at a copy of
# xliff-core-1.2-strict.xsd (with xml.xsd beside it) to validate against it.
XSD = Path(os.environ.get("IMPRENTA_XLIFF_XSD", "/usr/share/xml/xliff/xliff-core-1.2-strict.xsd"))


@pytest.fixture
def game(tmp_path, monkeypatch) -> Path:
    shutil.copytree(CONTENT / "mar-y-acero", tmp_path / "mar-y-acero")
    monkeypatch.chdir(tmp_path)
    return Path("mar-y-acero")


def _yaml(game: Path, language: str) -> bytes:
    return (game / "i18n" / f"{language}.yaml").read_bytes()


@pytest.mark.parametrize("language", ["fr", "de"])
def test_xliff_is_1_2_with_states_a_cat_tool_trusts(game, tmp_path, run_cli, language):
    out = tmp_path / f"{language}.xlf"
    assert run_cli(["i18n", "export", str(game), "--lang", language, "--format", "xliff", "--out", str(out)])[0] == 0
    tree = etree.parse(str(out))
    assert tree.getroot().get("version") == "1.2"
    units = tree.findall(".//x:trans-unit", NS)
    untranslated = [unit for unit in units if unit.find("x:target", NS) is None]
    assert all(unit.get("approved") == "no" for unit in untranslated)
    if language == "de":                                 # nobody translates it: nothing approved
        assert len(untranslated) == len(units)
    else:                                                # the machine-aided French: to review, not approved
        fuzzy = [unit for unit in units if unit.find("x:target", NS) is not None
                 and unit.find("x:target", NS).get("state") == "needs-review-translation"]
        assert fuzzy and all(unit.get("approved") == "no" for unit in fuzzy)
    group = tree.find(".//x:group[@resname='words.page']", NS)
    assert group.get("restype") == "x-gettext-plurals" and len(group.findall("x:trans-unit", NS)) == 2
    assert tree.findall(".//x:source/x:ph", NS)         # tokens are inline codes
    names = [group.get("name") for group in tree.findall(".//x:context-group", NS)]
    assert len(names) == len(set(names))               # the schema's U_context-group_name
    if XSD.is_file():
        schema = etree.XMLSchema(etree.parse(str(XSD)))
        assert schema.validate(tree), schema.error_log


def test_xliff_export_imports_back_unchanged_and_through_translate_toolkit(game, tmp_path, run_cli):
    before = _yaml(game, "fr")
    xlf, po = tmp_path / "fr.xlf", tmp_path / "fr.po"
    run_cli(["i18n", "export", str(game), "--lang", "fr", "--format", "xliff", "--out", str(xlf)])
    run_cli(["i18n", "export", str(game), "--lang", "fr", "--out", str(po)])
    assert run_cli(["i18n", "import", str(game), str(xlf)])[0] == 0
    assert _yaml(game, "fr") == before
    # po2xliff drops the keys: its units are matched by source text and reference
    subprocess.run(["po2xliff", "-i", str(po), "-o", str(tmp_path / "tt.xlf")], check=True, capture_output=True)
    code, out, err = run_cli(["i18n", "import", str(game), str(tmp_path / "tt.xlf")])
    assert code == 0 and "nothing to change" in out + err
    assert _yaml(game, "fr") == before
    # a real edit made in the po2xliff file lands on its key
    text = (tmp_path / "tt.xlf").read_text(encoding="utf-8")
    text = text.replace("<target state=\"needs-translation\">Christophe Colomb</target>",
                        "<target state=\"translated\">Christophe Colomb, amiral</target>", 1)
    (tmp_path / "tt.xlf").write_text(text, encoding="utf-8")
    assert run_cli(["i18n", "import", str(game), str(tmp_path / "tt.xlf")])[0] == 0
    assert "Christophe Colomb, amiral" in _yaml(game, "fr").decode()
    subprocess.run(["xliff2po", "-i", str(xlf), "-o", str(tmp_path / "back.po")], check=True, capture_output=True)
    code, out, err = run_cli(["i18n", "import", str(game), str(tmp_path / "back.po"), "--lang", "fr"])
    assert code == 0


def _edit(po: Path, key: str, line: str, replacement: str) -> None:
    text = po.read_text(encoding="utf-8")
    start = text.index(f'msgctxt "{key}"')
    at = text.index(line, start)
    po.write_text(text[:at] + replacement + text[at + len(line):], encoding="utf-8")


def _line_of(po: Path, fragment: str) -> int:
    return next(number for number, line in enumerate(po.read_text(encoding="utf-8").splitlines(), 1)
                if fragment in line)


def test_bad_entries_are_refused_at_their_line_and_the_others_land(game, tmp_path, run_cli):
    po = tmp_path / "fr.po"
    run_cli(["i18n", "export", str(game), "--lang", "fr", "--out", str(po)])
    _edit(po, "piece.columbus.name", 'msgstr "Christophe Colomb"', 'msgstr "Christophe Colomb, amiral"')
    _edit(po, "game.subtitle", 'msgstr "', 'msgstr "Les voyages \\q ')               # an escape C lacks
    _edit(po, "words.page", 'msgstr[1] "', 'msgstr[1] "{n} ')                          # a plural gains {n}
    _edit(po, "words.proof.slug", 'msgstr[1] "ÉPREUVE · {n}', 'msgstr[1] "ÉPREUVE ·')     # a plural loses {n}
    text = po.read_text(encoding="utf-8")
    at = text.index('msgctxt "faction.spanish.name"')
    end = text.index('"\n', text.index("msgstr", at))
    po.write_text(text[:end] + text[end + 1:], encoding="utf-8")                        # a string not closed
    checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)], capture_output=True, text=True)
    assert checked.returncode != 0                                                       # msgfmt refuses it too
    code, out, err = run_cli(["i18n", "import", str(game), str(po)])
    assert code == 1
    found = out + err
    for fragment, code_ in (('\\q', "I18N009"), ('msgstr[1] "{n} ', "I18N003"),):
        assert f"fr.po:{_line_of(po, fragment)}:1: error[{code_}" in found
    assert "'words.proof.slug' (plural form" in found and "lost {n}" in found
    unclosed = _line_of(po, 'msgctxt "faction.spanish.name"') + 2
    assert f"fr.po:{unclosed}:1: error[I18N009" in found
    written = _yaml(game, "fr").decode()
    assert "Christophe Colomb, amiral" in written                                        # the good edit landed
    assert "\\q" not in written and "{n} pp" not in written


def test_a_po_header_in_a_tools_spelling_lands_in_the_games_language(game, tmp_path, run_cli):
    po = tmp_path / "fr.po"
    run_cli(["i18n", "export", str(game), "--lang", "fr", "--out", str(po)])
    po.write_text(po.read_text(encoding="utf-8").replace('"Language: fr\\n"', '"Language: fr_FR\\n"'),
                  encoding="utf-8")
    _edit(po, "piece.columbus.name", 'msgstr "Christophe Colomb"', 'msgstr "Christophe Colomb, amiral"')
    assert run_cli(["i18n", "import", str(game), str(po)])[0] == 0
    assert not (game / "i18n" / "fr-FR.yaml").exists()
    assert "Christophe Colomb, amiral" in _yaml(game, "fr").decode()


def test_a_po_that_starts_a_language_the_game_does_not_declare_says_so(game, tmp_path, run_cli):
    """A translator's first import into a language not in `languages` lands (a translation in progress), and
    the import says, at the PO's Language header, that no edition is built until it is declared."""
    po = tmp_path / "de.po"
    run_cli(["i18n", "export", str(game), "--lang", "de", "--out", str(po)])
    _edit(po, "piece.columbus.name", 'msgstr "', 'msgstr "Christoph Kolumbus')
    code, out, _ = run_cli(["i18n", "import", str(game), str(po)])
    assert code == 0
    header = _line_of(po, "\"Language: de")
    assert f"de.po:{header}:1: note[I18N008" in out
    assert "add 'de' to `languages`" in out
    assert "Christoph Kolumbus" in _yaml(game, "de").decode()
    _edit(po, "piece.columbus.name", 'msgstr "Christoph Kolumbus', 'msgstr "Christoph Columbus')
    code, out, _ = run_cli(["i18n", "import", str(game), str(po)])
    assert code == 0 and "I18N008" not in out      # told once, when the file is started; `check` says it after


def test_po_notes_say_where_a_text_prints_and_a_counters_room(game, tmp_path, run_cli):
    po = tmp_path / "it.po"
    run_cli(["i18n", "export", str(game), "--lang", "it", "--out", str(po)])
    catalog = polib.pofile(str(po))
    assert sum(bool(entry.comment) for entry in catalog) / len(catalog) > 0.9
    label = catalog.find("piece.columbus.front.label", by="msgctxt")
    assert "counter" in label.comment and re.search(r"within about \d+ characters", label.comment)


def test_french_typography_and_decimals():
    assert typeset("fr", "Victoire : « Cathay » ; oui ! 100 %") == \
        f"Victoire{NBSP}: «{NNBSP}Cathay{NNBSP}»{NNBSP}; oui{NNBSP}! 100{NNBSP}%"
    assert typeset("fr", "::: note\n{ref:combat}") == "::: note\n{ref:combat}"
    assert typeset("es", "¿Cómo? « x »") == "¿Cómo? « x »"
    assert (number("fr", 37.5), number("es", 37.5), number("en", 37.5), number("it", 2)) == ("37,5", "37,5", "37.5", "2")


@settings(max_examples=30)
@given(st.integers(0, 999) | st.sampled_from([0.0, 50.0, 12.5, 200.0, 1000.0, 1234.0]),
       st.sampled_from(["en", "fr", "es", "de", "ar", "fa", "hi", "pt-BR", "xx"]))
def test_a_measure_is_written_as_babel_writes_it(value, language):
    """Whole measures under 1,000 skip Babel's locale data (a counter sheet's ruler): the same digits it gives."""
    from babel import Locale, UnknownLocaleError
    from babel.numbers import format_decimal

    try:
        expected = format_decimal(value, format="#,##0.###", locale=Locale.parse(language.replace("-", "_")))
    except (UnknownLocaleError, ValueError):
        expected = f"{value:g}"
    assert number(language, value) == expected


def test_sea_abbreviations_on_the_map_are_the_editions():
    from generator.load import load_game
    from generator.render.edition import Edition
    from generator.render.maps.regions import _extras

    game = load_game(CONTENT / "maquiavelli").game
    seas = [location for location in game.locations if isinstance(location.attributes.get("abbreviation"), str)]
    printed = {language: [_extras(sea, Edition(game, language).words, Edition(game, language)) for sea in seas]
               for language in ("es", "en")}
    assert "MJ" in printed["es"] and "IS" in printed["en"] and "MJ" not in printed["en"]
