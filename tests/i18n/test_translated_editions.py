"""The French and Italian editions of Mar y Acero print no Spanish or English word in any output, VASSAL
and TTS included. The Italian is made as docs/translating.md says, from no file at all: export → fill
(tools/fill_from_language.py, a machine stand-in, every entry fuzzy) → import → declare → build.

Cheap on purpose: Italian is built once with every output (PDF and SVG, no PNG); French only the outputs
whose words this test is about beyond the rulebook (the VASSAL module, the TTS object, the aids with their
proof sheet, the map)."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from generator.derived.printed import printed_texts
from generator.load import load_game
from generator.load.words import shipped
from generator.pipeline import BuildRequest, build
from tests.i18n.edition_text import flat, joined, page_texts

ROOT = Path(__file__).resolve().parent.parent.parent
GAME = ROOT / "content" / "mar-y-acero"


@pytest.fixture(scope="module")
def editions(tmp_path_factory) -> tuple[Path, Path]:
    """(the game folder, the out folder) after following the guide for Italian and building fr and it."""
    from generator.cli import main

    work = tmp_path_factory.mktemp("editions")
    game = work / "mar-y-acero"
    shutil.copytree(GAME, game)
    (game / "i18n" / "it.yaml").unlink()                          # an empty language
    po = work / "it.po"
    assert main(["i18n", "export", str(game), "--lang", "it", "--out", str(po)]) == 0
    subprocess.run([sys.executable, str(ROOT / "tools" / "fill_from_language.py"), str(po),
                    str(game / "i18n" / "fr.yaml"), str(ROOT / "tools" / "italian_glossary.yaml")], check=True)
    assert main(["i18n", "import", str(game), str(po)]) == 0
    assert (game / "i18n" / "it.yaml").read_bytes() == (GAME / "i18n" / "it.yaml").read_bytes()
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("languages: [es, en]",
                                                                     "languages: [es, en, fr, it]"), encoding="utf-8")
    out = work / "build"
    for languages, only in ((("it",), ()), (("fr",), ("vassal", "tts", "aids", "map"))):
        built = build(game, BuildRequest(out=out, languages=languages, only=only, formats=frozenset({"pdf", "svg"})))
        assert built.folders, [str(d) for d in built.diagnostics if d.severity.name == "ERROR"]
    return game, out / "mar-y-acero"


SHOWN = {"Nickname", "Description", "GMNotes", "SaveName", "GameMode", "Note", "Rules", "XmlUI", "LuaScript"}


def _strings(value) -> list[str]:
    """What a TTS player sees: the shown fields (an object's `Name` is its type, "Card", never displayed)."""
    if isinstance(value, dict):
        return [s for key, item in value.items()
                for s in ([item] if key in SHOWN and isinstance(item, str) else _strings(item))]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _printed(folder: Path) -> tuple[str, set[str]]:
    """All the text of an edition (flattened), and the whole strings of its digital exports (a window's name,
    a menu entry, a chart heading), which are single words a phrase search would miss."""
    texts, whole = [], set()
    for path in sorted(folder.rglob("*")):
        texts += page_texts(path)
        if path.suffix == ".vmod":
            with zipfile.ZipFile(path) as module:
                build_file = module.read("buildFile.xml").decode("utf-8")
                whole |= {html.unescape(value) for value in re.findall(r'(?:name|text|Name|Text|tooltip)="([^"]*)"',
                                                                        build_file)}
                for name in module.namelist():
                    if name.startswith("charts/"):
                        chart = module.read(name).decode("utf-8")
                        whole |= {html.unescape(cell) for cell in re.findall(r"<th>(.*?)</th>", chart)}
                        texts.append(re.sub(r"<[^>]+>", " ", chart))
        elif path.name.endswith("-tts.json"):
            strings = _strings(json.loads(path.read_text(encoding="utf-8")))
            whole |= set(strings)
            texts += [s for s in strings if not s.startswith(("http", "file:"))]
    return joined(texts), whole


def _samples(text: str) -> list[str]:
    text = re.sub(r"\{[^{}]*\}", "\n", text)
    pieces = [flat(piece) for piece in re.split(r"[\n.;:()«»]", text)]
    return [" ".join(piece.split()[:6]) for piece in pieces if len(piece) >= 12 and len(piece.split()) >= 2]


def _texts(game: Path, language: str) -> list[str]:
    entries = yaml.safe_load((game / "i18n" / f"{language}.yaml").read_text(encoding="utf-8"))["entries"]
    return [entry["text"] if isinstance(entry, dict) else entry for entry in entries.values()]


@pytest.mark.parametrize("language", ["it", "fr"])
def test_no_spanish_or_english_word_in_the_edition(editions, language):
    game, out = editions
    printed, whole = _printed(out / language)
    assert len(printed) > 2000 and any(path.suffix == ".vmod" for path in (out / language).iterdir())
    own = _texts(game, language)
    kept = flat(" ".join(own)).replace("\u202f", " ").replace("\u00a0", " ")
    printed = printed.replace("\u202f", " ").replace("\u00a0", " ")
    # the Spanish source, the English translation and both languages' shipped words
    foreign = [source.text for source in printed_texts(load_game(game).game)] + _texts(game, "en")
    words = [value for language_ in ("es", "en") for word in shipped(language_).values()
             for value in ([word] if isinstance(word, str) else word.values())]
    leaks = sorted({sample for text in foreign + words for sample in _samples(text)
                    if sample in printed and sample not in kept})
    assert leaks == []
    # a module's windows, menus and chart headings: single words, compared whole
    single = {word for word in words if "{" not in word and " " not in word.strip() and len(word) > 2}
    assert sorted((whole & single) - {flat(text) for text in own}) == []
