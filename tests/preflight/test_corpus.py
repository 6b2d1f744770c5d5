"""`imprenta preflight` against a corpus of planted defects and of legal but unusual files (tests/preflight/
corpus.py), and against an independent checker (independent.py: pypdf, poppler, Ghostscript)."""

from __future__ import annotations

import shutil

import pytest

from generator.output.preflight import Limits, preflight
from tests.preflight import corpus, independent

DEFECTS, LEGAL = corpus.cases(), corpus.legal()


def _limits(case) -> Limits:
    return Limits(pdfx="x-1a") if case.name.startswith("x1a") else Limits()


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("corpus")
    files = {}
    for case in DEFECTS + LEGAL:
        files[case.name] = folder / f"{case.name}.pdf"
        files[case.name].write_bytes(case.make())
    return files


def test_the_corpus_plants_forty_defects_across_every_area_and_ten_legal_oddities():
    areas = {case.area for case in DEFECTS}
    assert len(DEFECTS) >= 40 and len(LEGAL) >= 10
    assert {"colour", "ink", "images", "fonts", "boxes", "metadata", "transparency", "actions"} <= areas
    assert len({case.name for case in DEFECTS + LEGAL}) == len(DEFECTS + LEGAL)


@pytest.fixture(scope="module")
def findings(made) -> dict:
    return {case.name: preflight(made[case.name], _limits(case)) for case in DEFECTS + LEGAL}


def test_preflight_catches_every_planted_defect_with_its_code_and_page(findings):
    missed = {}
    for case in DEFECTS:
        found = {(d.code, d.span.line) for d in findings[case.name]}
        if found != set(case.expected):
            missed[case.name] = (sorted(found), sorted(case.expected))
    assert not missed


def test_preflight_says_nothing_of_legal_but_unusual_files(findings):
    said = {case.name: [d.message for d in findings[case.name]] for case in LEGAL}
    assert not {name: messages for name, messages in said.items() if messages}


@pytest.mark.skipif(not (shutil.which("gs") and shutil.which("pdfimages")), reason="Ghostscript and poppler")
@pytest.mark.parametrize("name", ["rgb-shading-pattern", "spot-rgb-alternate", "image-400", "shading-400",
                                  "registration-art-in-trim", "low-ppi-inline-image", "helvetica-not-embedded",
                                  "art-stops-at-trim", "two-output-intents", "x1a-group-form", "link-in-trim",
                                  "art-box-only", "no-bleedbox-media-bleeds", "invisible-small-text"])
def test_an_independent_checker_reads_the_same_defects(made, name):
    """A sample across every area (bench/press_corpus.py compares the whole corpus and prints the table)."""
    case = next(case for case in DEFECTS + LEGAL if case.name == name)
    assert independent.check(made[name]) == set(case.expected)


def test_the_findings_name_the_file_and_say_what_to_do(made, findings):
    for name in ("encrypted", "art-stops-at-trim", "link-in-trim", "transfer-function"):
        for finding in findings[name]:
            assert str(made[name]) in finding.message and finding.hint, finding
