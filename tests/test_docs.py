"""The manual cannot rot: its tutorial game is checked and built, what it quotes is what the files say,
the generated reference pages are up to date, and the site builds with warnings as errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

from generator.pipeline import BuildRequest, build, check

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TUTORIAL_GAME = DOCS / "tutorial" / "el-vado"


def test_the_tutorial_game_is_clean_and_builds_what_the_tutorial_says(tmp_path):
    assert [str(d) for d in check(TUTORIAL_GAME).diagnostics] == []
    result = build(TUTORIAL_GAME, BuildRequest(only=("counters", "rules"), out=tmp_path))
    assert sorted(folder.name for folder in result.folders) == ["en", "es"]
    pages = PdfReader(tmp_path / "el-vado" / "en" / "rules.pdf").pages
    english = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))
    assert "There are 9 counters" in english                      # {count:pieces}, counted from the data
    assert re.search(r"see 2\.2, p\. \d", english), english       # {ref:fight}


def test_every_file_the_tutorial_quotes_holds_what_it_quotes():
    text = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    quoted = 0
    for match in re.finditer(r"`el-vado/([\w/.-]+)`[^\n]*:\n\n((?:```yaml\n.*?```\n\n?)+)", text, re.S):
        source = (TUTORIAL_GAME / match.group(1)).read_text(encoding="utf-8")
        for block in re.findall(r"```yaml\n(.*?)```", match.group(2), re.S):
            assert block in source, f"{match.group(1)} no longer holds:\n{block}"
            quoted += 1
    assert quoted >= 7


def test_the_generated_reference_pages_are_up_to_date():
    done = subprocess.run([sys.executable, str(DOCS / "generate.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_manual_builds_with_warnings_as_errors(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "site" / "reference" / "codes.html").read_text(encoding="utf-8")
    assert "REF009" in page and "TBL001" in page


def test_what_the_tutorial_says_the_checker_answers_is_what_it_answers(tmp_path):
    """Each "break it" step of the tutorial: the edit, then the message the tutorial quotes."""
    import shutil

    from generator.diagnostics import reporting

    text = re.sub(r"\s+", " ", (DOCS / "tutorial.md").read_text(encoding="utf-8"))
    steps = [("pieces.yaml", "total: 9", "total: 10", "mix 'all-counters' states 10 but its selected pieces add up to 9"),
             ("tables.yaml", "roll: 3-4", "roll: 3", "table 'combat' has no row for roll 4 (1d6 covers 1-6)"),
             ("rules.yaml", "{ref:fight}", "{ref:figth}", "{ref:figth} refers to a section that does not exist"),
             ("rules.yaml", "{ref:fight}", "{ref:figth}", "did you mean 'fight'?")]
    for file, before, after, said in steps:
        game = tmp_path / file / "el-vado"
        shutil.rmtree(game, ignore_errors=True)
        shutil.copytree(TUTORIAL_GAME, game)
        source = (game / file).read_text(encoding="utf-8")
        assert before in source, (file, before)
        (game / file).write_text(source.replace(before, after, 1), encoding="utf-8")
        printed = re.sub(r"\s+", " ", reporting.as_text(check(game).diagnostics))
        assert said in printed and said in text, (said, printed)
