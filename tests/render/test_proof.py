"""A proof prints every unknown fact as a numbered mark and lists it on a proof sheet; a release refuses it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.derived.unknowns import unknown_facts
from generator.load import load_game
from generator.pipeline import BuildRequest, build

ROOT = Path(__file__).resolve().parents[2]
PUNIC = ROOT / "content" / "punic-island"


@pytest.fixture(scope="module")
def punic_en(tmp_path_factory):
    out = tmp_path_factory.mktemp("proof")
    built = build(PUNIC, BuildRequest(only=("counters", "cards", "map"), languages=("en",), out=out,
                                      formats=frozenset({"pdf", "svg"})))
    assert built.folders, [str(d) for d in built.diagnostics if d.severity.name != "NOTE"]
    return built.folders[0], [d for d in built.diagnostics if d.code == "UNK001"]


def _pages(pdf: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(pdf).pages]


@pytest.mark.parametrize("name", ["counters.pdf", "cards.pdf", "map.pdf"])
def test_no_question_mark_stands_for_a_value_and_marked_pages_carry_the_slug(punic_en, name):
    folder, notes = punic_en
    pages = _pages(folder / name)
    assert not any(re.search(r"(^|[\s(-])\?($|[\s)-])", text) for text in pages)
    slug = f"PROOF · {len(notes)} facts missing"
    sheet = [i for i, text in enumerate(pages) if "Proof sheet: facts to be supplied" in text]
    assert sheet and all(slug in pages[i] for i in sheet)
    assert slug in pages[0]            # the first sheet carries marks (counter values, card texts, map VP)


@pytest.mark.parametrize("name", ["counters.pdf", "cards.pdf"])
def test_the_proof_sheet_lists_each_unk001_note_once_with_its_place(punic_en, name):
    folder, notes = punic_en
    text = "\n".join(t for t in _pages(folder / name) if "Proof sheet" in t or ".yaml:" in t)
    places = re.findall(r"([a-z-]+\.yaml):\s*(\d+)", text)
    assert len(places) == len(notes)
    assert sorted(int(line) for _, line in places) == sorted(n.span.line for n in notes)   # names may wrap


def test_no_reason_written_in_the_source_language_reaches_an_english_output(punic_en):
    folder, _ = punic_en
    game = load_game(PUNIC).game
    reasons = {fact.reason for fact in unknown_facts(game) if fact.key is None and len(fact.reason) > 12}
    texts = [" ".join(_pages(folder / name)) for name in ("counters.pdf", "cards.pdf", "map.pdf")]
    texts += [path.read_text(encoding="utf-8") for path in folder.rglob("*.svg")]
    texts.append((folder / "manifest.json").read_text(encoding="utf-8"))
    flat = [" ".join(text.split()) for text in texts]
    assert reasons and not [r for r in reasons if any(" ".join(r.split())[:40] in text for text in flat)]


def test_a_release_of_a_game_with_unknowns_is_refused_before_anything_is_written(tmp_path):
    built = build(PUNIC, BuildRequest(only=("counters",), out=tmp_path, overrides=(("release", True),)))
    refusals = [d for d in built.diagnostics if d.code == "REL001"]
    assert not built.folders and len(refusals) == 1
    assert "unknown facts" in refusals[0].message and ".yaml:" in refusals[0].message
    assert not any(tmp_path.rglob("*.pdf"))
