"""`imprenta preflight` on hostile files: every one ends in a finding, never a hang, a traceback or a blocked read.

Termination is asserted by structure, not by the clock: the walk is given a small budget of content-stream
instructions (MAX_WORK) and must finish a 2^40-path form DAG inside it, because each form is walked a bounded
number of times whatever the number of paths to it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pikepdf
import pytest

from generator.output.preflight import preflight
from generator.output.preflight import walk as preflight_walk
from tests.preflight.corpus import clean, dag_pdf, on_page

N = pikepdf.Name


def _codes(found) -> set:
    return {d.code for d in found}


@pytest.mark.parametrize("depth", [20, 40])
def test_a_form_dag_with_2_to_the_depth_paths_is_walked_in_work_linear_in_its_forms(monkeypatch, depth):
    monkeypatch.setattr(preflight_walk, "MAX_WORK", 1000)       # a few kilobytes of file: a few hundred instructions
    found = preflight(Path("dag.pdf"), data=dag_pdf(depth))
    assert "PRE018" not in _codes(found) and not [d for d in found if d.severity.name == "ERROR"], found


def test_a_wide_dag_drawn_under_ever_new_scales_is_still_bounded_per_form(monkeypatch):
    monkeypatch.setattr(preflight_walk, "MAX_WORK", 5000)

    def before(pdf):
        inner = pdf.make_stream(b"0 0 0 1 k 0 0 1 1 re f", Type=N.XObject, Subtype=N.Form, BBox=[0, 0, 1, 1])
        for _ in range(30):            # each level draws the next at two scales: 2^30 distinct states
            inner = pdf.make_stream(b"q /X Do Q q 0.5 0 0 0.5 0 0 cm /X Do Q", Type=N.XObject, Subtype=N.Form,
                                    BBox=[0, 0, 1, 1], Resources=pikepdf.Dictionary(
                                        XObject=pikepdf.Dictionary(X=inner)))
        pdf.pages[1].Resources.XObject = pikepdf.Dictionary(Top=inner)

    found = preflight(Path("scales.pdf"), data=on_page(b"q /Top Do Q", before=before)())
    assert "PRE018" not in _codes(found)


def test_a_chain_of_forms_deeper_than_the_limit_is_a_finding_not_a_recursion_error():
    def before(pdf):
        inner = pdf.make_stream(b"0 0 1 1 re f", Type=N.XObject, Subtype=N.Form, BBox=[0, 0, 1, 1])
        for _ in range(5000):
            inner = pdf.make_stream(b"/X Do", Type=N.XObject, Subtype=N.Form, BBox=[0, 0, 1, 1],
                                    Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(X=inner)))
        pdf.pages[1].Resources.XObject = pikepdf.Dictionary(Top=inner)

    found = preflight(Path("chain.pdf"), data=on_page(b"/Top Do", before=before)())
    stopped = [d for d in found if d.code == "PRE018"]
    assert stopped and "nested more than" in stopped[0].message and stopped[0].span.line == 2


def test_a_form_that_draws_itself_is_said_once():
    def before(pdf):
        form = pdf.make_stream(b"/X Do", Type=N.XObject, Subtype=N.Form, BBox=[0, 0, 1, 1])
        form.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(X=form))
        pdf.pages[1].Resources.XObject = pikepdf.Dictionary(Top=form)

    found = preflight(Path("cycle.pdf"), data=on_page(b"/Top Do", before=before)())
    assert [d.code for d in found] == ["PRE010"] and "draws itself" in found[0].message


def test_a_file_encrypted_with_a_password_is_a_finding(tmp_path):
    with pikepdf.open(io.BytesIO(clean())) as pdf:
        pdf.save(tmp_path / "locked.pdf", encryption=pikepdf.Encryption(owner="o", user="secret"))
    found = preflight(tmp_path / "locked.pdf")
    assert [d.code for d in found] == ["PRE012"] and "password" in found[0].message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_is_refused_without_being_opened(tmp_path):
    os.mkfifo(tmp_path / "pipe.pdf")           # opening it to read would block until a writer came
    found = preflight(tmp_path / "pipe.pdf")
    assert [d.code for d in found] == ["PRE010"] and "not a regular file" in found[0].message


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_without_being_read(path):
    if not os.path.exists(path):
        pytest.skip(path)
    found = preflight(Path(path))
    assert [d.code for d in found] == ["PRE010"]


def test_a_folder_a_missing_file_and_a_text_file_are_findings(tmp_path):
    (tmp_path / "notes.pdf").write_text("not a PDF", encoding="utf-8")
    for path in (tmp_path, tmp_path / "absent.pdf", tmp_path / "notes.pdf"):
        found = preflight(path)
        assert [d.code for d in found] == ["PRE010"], (path, found)


def test_damaged_operands_are_findings_not_tracebacks():
    found = preflight(Path("damaged.pdf"), data=on_page(b"q (x) (y) cm 1 2 re /Nope gs (a) k Q")())
    assert "PRE010" in _codes(found)
