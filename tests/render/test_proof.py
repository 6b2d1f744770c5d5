"""A proof prints every unknown fact as a numbered mark and lists it on a proof sheet; a release refuses it.

Every seed game is built once for the run (`seed_builds`, tests/conftest.py), as a home proof in both of its
languages, and every file a user opens is read back: each PDF page by page, the SVGs, the living rules, the
play modules' names and charts, the manifest.
"""

from __future__ import annotations

import functools
import html
import json
import re
import subprocess
import zipfile
from collections import Counter
from pathlib import Path

import pikepdf
import pytest

from generator.derived.unknowns import MARK, unknown_facts
from generator.load import load_game
from generator.pipeline import BuildRequest, build, check, game_folders

ROOT = Path(__file__).resolve().parents[2]
GAMES = [folder.name for folder in game_folders(ROOT / "content")]
LANGUAGES = ("es", "en")
SHEET_TITLE = {"en": "Proof sheet: facts to be supplied", "es": "Hoja de pruebas: datos por completar"}
SEAL_TITLE = {"en": "Reconstructed by the editor: facts to be confirmed",
              "es": "Reconstruido por el editor: datos por confirmar"}
SLUG_WORD = {"en": re.compile(r"PROOF · \d+ facts? (missing|reconstructed)"),
             "es": re.compile(r"PRUEBA · (faltan? \d+ datos?|\d+ datos? reconstruidos?)")}
# A "?" that stands for a value: any not closing a question, which ends a word ("¿Cómo se juega?", "usurers?").
VALUE_QUERY = re.compile(r"(?<![^\W\d_]{2})\?")
PLACE = re.compile(r"([\w-]+\.yaml):(\d+)")
SVG_TEXT = re.compile(r"<(text|title)\b[^>]*>(.*?)</\1>", re.S)


def places(text: str) -> list[tuple[str, int]]:
    """Every file:line a text names, sorted; names compared without hyphens, which a narrow column breaks at."""
    text = re.sub(r"[-\u2010]\s*\n\s*", "", text)
    return sorted((name.replace("-", ""), int(line)) for name, line in PLACE.findall(text))


@functools.cache
def unk001(game: str) -> list[tuple[str, int]]:
    """(file name, line) of every UNK001 note `imprenta check` reports, sorted."""
    notes = [d for d in check(ROOT / "content" / game).diagnostics if d.code == "UNK001"]
    return sorted((Path(str(d.span.file)).name.replace("-", ""), d.span.line) for d in notes)


@functools.cache
def pdf_pages(path: Path) -> tuple[str, ...]:
    """The text of each page in drawing order (-raw), so that words drawn together (the slug) read together."""
    text = subprocess.run(["pdftotext", "-q", "-raw", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return tuple(text.split("\f")[:-1])


def _markup_text(text: str) -> str:
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


@functools.cache
def printed(folder: Path) -> dict[str, list[str]]:
    """Every text a user of the edition reads: file → its pages (PDF) or its one text (SVG, HTML, play
    modules' names and charts, manifest)."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.suffix == ".pdf":
            found[name] = list(pdf_pages(path))
        elif path.suffix == ".svg":
            drawing = path.read_text(encoding="utf-8")
            found[name] = [_markup_text(" ".join(text for _, text in SVG_TEXT.findall(drawing)))]
        elif path.suffix in (".html", ".json"):
            found[name] = [_markup_text(path.read_text(encoding="utf-8"))]
        elif path.suffix == ".vmod":
            with zipfile.ZipFile(path) as module:
                for entry in module.namelist():
                    if entry.endswith((".xml", ".html", ".txt")) or entry in ("buildFile", "moduledata"):
                        found[f"{name}/{entry}"] = [_markup_text(module.read(entry).decode("utf-8"))]
    return found


def _flat(text: str) -> str:
    return " ".join(text.replace("\u2010\n", "").replace("-\n", "").split())


def _sheet_start(pages: list[str], language: str) -> int:
    """Index of the proof sheet's first page (a proof PDF ends with it: its marks' table, or its seals' alone);
    len(pages) if there is none."""
    return next((i for i, text in enumerate(pages) if SHEET_TITLE[language] in " ".join(text.split())
                 or SEAL_TITLE[language] in " ".join(text.split())), len(pages))


def _editions(seed_builds: Path, game: str):
    for language in LANGUAGES:
        folder = seed_builds / game / language
        assert folder.is_dir(), f"{game} has no {language} edition"
        yield language, folder


def _close(operands, wanted) -> bool:
    return len(operands) == len(wanted) and all(abs(float(a) - b) < 0.01 for a, b in zip(operands, wanted))


def draws_in_proof_ink(owner, forms: dict) -> bool:
    """Whether a page (or a form it draws) paints in the proof magenta that marks and the slug alone use:
    RGB on a home canvas, process magenta on a press one. Only forms the page invokes count (WeasyPrint
    shares one resource dictionary between pages); `forms` keeps each form's answer across pages."""
    resources = owner.resources if isinstance(owner, pikepdf.Page) else owner.get("/Resources")
    for operands, operator in pikepdf.parse_content_stream(owner):
        operator = str(operator)
        if operator in ("rg", "RG", "sc", "scn", "SC", "SCN") and _close(operands, (0.80, 0.05, 0.45)):
            return True
        if operator in ("k", "K") and _close(operands, (0, 1, 0, 0)):
            return True
        if operator == "Do" and resources is not None and "/XObject" in resources:
            form = resources.XObject.get(str(operands[0]))
            if form is None or form.get("/Subtype") != "/Form":
                continue
            if form.objgen not in forms:
                forms[form.objgen] = False          # a form that draws itself: no loop
                forms[form.objgen] = draws_in_proof_ink(form, forms)
            if forms[form.objgen]:
                return True
    return False


@pytest.mark.parametrize("game", GAMES)
def test_no_question_mark_or_raw_mark_character_stands_for_a_value(seed_builds, game):
    for language, folder in _editions(seed_builds, game):
        for name, pages in printed(folder).items():
            for number, text in enumerate(pages, 1):
                queries = [text[max(0, m.start() - 30):m.end() + 10] for m in VALUE_QUERY.finditer(text)]
                assert not queries, f"{language}/{name} p. {number}: '?' where a value goes: {queries[:3]}"
                # a mark travels as a private-use character; printed, it must be drawn or numbered, never raw
                assert not MARK.search(text), f"{language}/{name} p. {number} prints a raw mark character"


@pytest.mark.parametrize("game", GAMES)
def test_every_page_that_carries_a_mark_carries_the_proof_slug(seed_builds, game):
    """The slug's count is the file's own (tests/render/test_proof_per_output.py): here, where it is."""
    for language, folder in _editions(seed_builds, game):
        seen_a_mark = False         # and so the reading of the ink is known to find the marks
        for pdf in sorted(folder.glob("*.pdf")):
            pages = pdf_pages(pdf)
            sheet = _sheet_start(list(pages), language)
            slugged = [bool(SLUG_WORD[language].search(" ".join(text.split()))) for text in pages]
            assert all(slugged[sheet:]), f"{language}/{pdf.name}: a proof sheet page without the slug"
            with pikepdf.open(pdf) as document:
                forms: dict = {}
                unslugged = [number for number, page in enumerate(document.pages, 1)
                             if not slugged[number - 1] and draws_in_proof_ink(page, forms)]
                assert not unslugged, f"{language}/{pdf.name}: pages {unslugged} carry a mark but no slug"
                seen_a_mark = seen_a_mark or any(draws_in_proof_ink(document.pages[index], forms)
                                                 for index in range(sheet) if slugged[index])
        assert seen_a_mark, f"{game} {language}: no page outside the proof sheets carries a mark"
        living = printed(folder)["rules.html"][0]
        assert SLUG_WORD[language].search(" ".join(living.split()))          # the living rules' proof banner


@pytest.mark.parametrize("game", GAMES)
def test_each_proof_sheet_lists_unk001_notes_once_with_their_file_and_line(seed_builds, game):
    notes = unk001(game)
    assert notes
    for language, folder in _editions(seed_builds, game):
        listed = set()
        for pdf in sorted(folder.glob("*.pdf")):
            pages = list(pdf_pages(pdf))
            sheet = "\n".join(pages[_sheet_start(pages, language):]).split(SEAL_TITLE[language])[0]
            found = Counter(places(sheet))           # facts on one line share it: as often as the notes, at most
            assert not found - Counter(notes), f"{language}/{pdf.name}: {sorted(found - Counter(notes))[:3]}"
            assert not re.search(r"\.yaml:\s*\d+\s+—", sheet), f"{language}/{pdf.name}: a dash where no reason is"
            listed |= set(found)
        living = printed(folder)["rules.html"][0]
        sheet = living[living.rindex(SHEET_TITLE[language]):]   # after the banner's link to it
        assert not Counter(places(sheet)) - Counter(notes) and not re.search(r"\.yaml:\s*\d+\s+—", sheet), \
            f"{language}/rules.html"
        assert listed, f"{language}: no file lists a mark"
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        assert places("\n".join(f'{Path(u["file"]).name}:{u["line"]}' for u in manifest["unknowns"])) == notes


def _written_reasons(game: str) -> set[str]:
    """Every editor's reason as written in the game's source files (`{unknown: "…"}`, `adjacent_unknown: "…"`),
    read with plain PyYAML: the oracle, independent of generator.derived.unknowns."""
    import yaml

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("unknown", "adjacent_unknown") and isinstance(value, str):
                    yield value
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    folder = ROOT / "content" / game
    return {reason for path in sorted(folder.rglob("*.yaml")) if "i18n" not in path.relative_to(folder).parts
            for reason in walk(yaml.safe_load(path.read_text(encoding="utf-8")))}


@pytest.mark.parametrize("game", GAMES)
def test_an_editors_reason_reaches_no_english_output_and_only_the_proof_sheet_of_the_source(seed_builds, game):
    reasons = {_flat(reason)[:40] for reason in _written_reasons(game) if len(reason) > 12}
    assert reasons
    for language, folder in _editions(seed_builds, game):
        for name, pages in printed(folder).items():
            if language == "es":         # the source edition lists its reasons on its proof sheets alone
                if name == "manifest.json":
                    continue
                end = _sheet_start(pages, language) if name.endswith(".pdf") else len(pages)
                pages = [page.rsplit(SHEET_TITLE[language], 1)[0] for page in pages[:end]]
            text = _flat(" ".join(pages))
            leaked = [reason for reason in reasons if reason in text]
            assert not leaked, f"{language}/{name} prints the editor's reasons {leaked[:2]}"



@pytest.mark.parametrize("game", GAMES)
def test_the_english_proof_sheet_says_why_each_fact_is_unknown_in_english(seed_builds, game):
    from generator.model.texts import reason_key

    loaded = load_game(ROOT / "content" / game).game
    entries = loaded.translations["en"].content.entries
    living = printed(seed_builds / game / "en")["rules.html"][0]
    listed = set(places(living[living.rindex(SHEET_TITLE["en"]):]))      # what the living rules print
    facts = [fact for fact in unknown_facts(loaded) if fact.reason
             and (Path(str(fact.span.file)).name.replace("-", ""), fact.span.line) in listed]
    sheet = _flat(html.unescape(living[living.rindex(SHEET_TITLE["en"]):]))
    unsaid = {fact.reason for fact in facts if _flat(entries[fact.key or reason_key(fact.reason)].text) not in sheet}
    assert facts and not unsaid, f"{len(unsaid)} reasons missing from the English proof sheet: {sorted(unsaid)[:2]}"

def test_a_release_of_a_game_with_unknowns_is_refused_before_anything_is_written(tmp_path):
    built = build(ROOT / "content" / "punic-island", BuildRequest(only=("counters",), out=tmp_path,
                                                                  overrides=(("release", True),)))
    refusals = [d for d in built.diagnostics if d.code == "REL001"]
    assert not built.folders and len(refusals) == 1
    assert "unknown facts" in refusals[0].message and ".yaml:" in refusals[0].message
    assert not any(tmp_path.rglob("*.pdf"))
