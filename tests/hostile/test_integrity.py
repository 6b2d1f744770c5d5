"""What a build trusts: the no-op shortcut checks the outputs themselves, hashes only what it must, in chunks;
`check` runs under limits; the living rules carry a policy that forbids scripts and remote loads."""

from __future__ import annotations

import os
import shutil
import signal
import time
from html.parser import HTMLParser
from pathlib import Path

from generator import game_files
from generator.output.scheduling import Limits
from generator.pipeline import BuildRequest, build, check_all

from .conftest import Audit, Link

RULES = """\
    documents:
      - id: rules
        title: Reglas
        sections:
          - {id: intro, title: Introducción, body: "Texto de las reglas."}
    """


def _build(folder: Path, out: Path):
    return build(folder, BuildRequest(only=("html",), out=out, jobs=1))


def test_a_deleted_or_truncated_output_is_rebuilt(hostile_game):
    folder = hostile_game({"rules.yaml": RULES})
    out = Path("out")
    target = _build(folder, out).folders[0]
    page = target / "rules.html"
    original = page.read_bytes()
    page.write_bytes(original[:100])                                 # truncated
    assert _build(folder, out).folders == [target] and page.read_bytes() == original
    page.unlink()                                                    # deleted
    assert _build(folder, out).folders == [target] and page.read_bytes() == original
    page.write_bytes(original.replace(b"Reglas", b"Rxglas"))        # same size, other bytes
    assert _build(folder, out).folders == [target] and page.read_bytes() == original


def test_two_folders_with_the_same_game_id_do_not_answer_for_each_other(hostile_game, tmp_path):
    folder = hostile_game({"rules.yaml": RULES})
    twin = tmp_path / "elsewhere" / "demo"
    shutil.copytree(folder, twin)
    (twin / "rules.yaml").write_text((twin / "rules.yaml").read_text().replace("Texto", "Otro texto"))
    out = Path("out")
    page = out / "demo" / "es" / "rules.html"
    _build(folder, out)
    _build(twin, out)
    assert b"Otro texto" in page.read_bytes()
    _build(folder, out)                     # its stamp matches its sources, but the outputs are the twin's
    assert b"Otro texto" not in page.read_bytes()


def test_an_edit_that_keeps_size_and_time_is_noticed(hostile_game):
    folder = hostile_game({"rules.yaml": RULES})
    out = Path("out")
    _build(folder, out)
    rules = folder / "rules.yaml"
    status = rules.stat()
    rules.write_text(rules.read_text().replace("Texto", "Tixto"))  # as cp -p, rsync -t or unzip leave it
    os.utime(rules, ns=(status.st_atime_ns, status.st_mtime_ns))
    _build(folder, out)
    assert b"Tixto" in (out / "demo" / "es" / "rules.html").read_bytes()


def test_source_date_epoch_is_part_of_the_fingerprint(hostile_game, monkeypatch):
    folder = hostile_game({"rules.yaml": RULES})
    out = Path("out")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    _build(folder, out)
    stamp = out / "demo" / "es" / "manifest.json"
    before = stamp.stat().st_mtime_ns
    _build(folder, out)
    assert stamp.stat().st_mtime_ns == before                           # a no-op
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    _build(folder, out)
    assert stamp.stat().st_mtime_ns != before                           # rebuilt


def test_a_huge_unrelated_file_is_never_read(hostile_game, monkeypatch):
    folder = hostile_game({"rules.yaml": RULES})
    monkeypatch.setattr(game_files, "HASHED_WHOLE", 1024)
    monkeypatch.setattr(game_files.digest, "__defaults__", (1024,))
    art = folder / "art-source.psd"
    art.write_bytes(b"\0" * 4096)                                      # stands for a 6 GiB art source
    with Audit() as opened:
        _build(folder, Path("out"))
    assert str(art.resolve()) not in opened


RUNAWAY = 120     # seconds a runaway check would sleep


def test_a_check_that_crashes_or_runs_away_is_a_finding_for_its_game(hostile_game, monkeypatch, tmp_path):
    folder = hostile_game({"rules.yaml": RULES})
    other = tmp_path / "other"
    shutil.copytree(folder, other)
    from generator import checking

    real = checking.check

    def hostile_check(game, policy=None, layout=True, **options):     # options: as checking.check takes them
        if game.name == "demo":
            os.kill(os.getpid(), signal.SIGSEGV)           # as the C parser did on 35,000 brackets
        if game.name == "other":
            time.sleep(RUNAWAY)
        return real(game, **options)

    monkeypatch.setattr(checking, "check", hostile_check)
    started = time.monotonic()
    found = check_all([folder, other], limits=Limits(seconds=2))
    # the 2 s limit stopped the runaway: it did not run its course (generous, for a loaded machine)
    assert time.monotonic() - started < RUNAWAY / 2
    assert sorted((d.code, d.span.file.parent.name) for d in found) == [("SEC005", "demo"), ("SEC005", "other")]
    stopped = {d.span.file.parent.name: d.message for d in found}
    assert "ran past the 2 s limit" in stopped["other"] and "ran past" not in stopped["demo"], stopped


def test_a_pathological_layout_number_is_a_finding_within_the_limit(hostile_game):
    folder = hostile_game({"templates/layouts/counters/unit.yaml": "design_width: 1e-300\n"})
    found = check_all([folder], limits=Limits(seconds=30))
    # within the limit: a check stopped by it would be a SEC005 finding, not this one LAY003
    assert [(d.code, d.span.file.name, d.span.line) for d in found if d.severity.name == "ERROR"] == [
        ("LAY003", "unit.yaml", 1)]


class _Head(HTMLParser):
    def __init__(self):
        super().__init__()
        self.policies, self.scripts = [], 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "meta" and (attributes.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(attributes["content"])
        self.scripts += tag == "script"


def test_the_living_rules_forbid_scripts_and_remote_loads(hostile_game):
    folder = hostile_game({"rules.yaml": RULES})
    page = _build(folder, Path("out")).folders[0] / "rules.html"
    parser = _Head()
    parser.feed(page.read_text(encoding="utf-8"))
    assert parser.scripts == 0 and len(parser.policies) == 1
    rules = dict(part.strip().split(" ", 1) for part in parser.policies[0].split(";"))
    assert rules["default-src"] == "'none'" and "script-src" not in rules      # scripts fall to 'none'
    assert "http" not in parser.policies[0] and "*" not in parser.policies[0]


def test_a_script_a_template_assembles_at_render_time_is_refused(hostile_game):
    folder = hostile_game({"rules.yaml": RULES, "templates/rulebook/rules.html.j2":
                           "<html><body>{{ ('<scr' ~ 'ipt>alert(1)</scr' ~ 'ipt>') | safe }}</body></html>"})
    built = _build(folder, Path("out"))
    assert [d.code for d in built.diagnostics if d.severity.name == "ERROR"] == ["SEC004"]
    assert not (Path("out") / "demo" / "es" / "rules.html").exists()


def test_i18n_init_refuses_a_language_that_is_a_path(hostile_game, run_cli, tmp_path):
    folder = hostile_game({})
    code, _, err = run_cli(["i18n", "init", str(folder), "--lang", "../.."])
    assert code != 0 and "not a language code" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["beside.yaml", "demo", "secret"]


def test_a_game_folder_that_is_a_link_is_not_checked(hostile_game, tmp_path, run_cli):
    hostile_game({})
    content = tmp_path / "content"
    content.mkdir()
    os.symlink(tmp_path / "demo", content / "linked")
    code, out, err = run_cli(["check", str(content)])
    assert code != 0 and "linked" not in out


def test_a_link_inside_the_game_changes_the_stamp_without_being_read(hostile_game):
    folder = hostile_game({"notes": Link("secret")})
    with Audit() as opened:
        built = _build(folder, Path("out"))
    assert any(d.code == "SEC001" for d in built.diagnostics)
    assert not any("secret" in path for path in opened)


def test_a_save_with_a_typo_does_not_end_watch(hostile_game, run_cli, monkeypatch):
    """`imprenta watch` builds, then a save puts a colour like #zz2a1a in a layout: a finding, and it goes on
    watching (the reviewer saw the same save kill it)."""
    folder = hostile_game({})
    real_sleep = time.sleep
    saves = iter([lambda: (folder / "templates/layouts/counters").mkdir(parents=True) or
                  (folder / "templates/layouts/counters/unit.yaml").write_text(
                      "front:\n  elements:\n    - {text: '{name}', box: [0, 0, 100, 30], color: '#zz2a1a'}\n"),
                  lambda: (folder / "templates/layouts/counters/unit.yaml").write_text("front: {}\n"),
                  lambda: (_ for _ in ()).throw(KeyboardInterrupt)])

    def sleep(seconds):
        if seconds == 7.5:             # the watcher's own pause: the user saves, then stops it at the end
            next(saves)()
        else:
            real_sleep(seconds)

    monkeypatch.setattr(time, "sleep", sleep)
    code, out, err = run_cli(["watch", str(folder), "--only", "counters", "--out", "out", "--interval", "7.5"])
    assert code == 0
    assert [line.split(": ", 1)[1].split(" in ")[0] for line in out.splitlines()] == ["built", "not built", "built"]
    assert "LAY003" in err and "unit.yaml:3:" in err and "bug in Imprenta" not in err and "Traceback" not in err
