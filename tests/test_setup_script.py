"""setup.sh says what it installs, does not block without a terminal (CI runs it as root with no one to
answer), asks nobody when told, and leaves the system alone with --no-apt. The system's tools are stand-ins
that record how they were called."""

from __future__ import annotations

import subprocess
from pathlib import Path

SETUP = Path(__file__).resolve().parent.parent / "setup.sh"
STAND_INS = {
    "dpkg-query": "exit 1",                                   # nothing installed
    "apt-get": 'echo "apt-get $*" >> "$LOG"',
    "python3": 'echo "python3 $*" >> "$LOG"',
    "id": "echo 0",                                           # root, as in CI
}


def _run(tmp_path: Path, *options: str, env: dict | None = None,
         stand_ins: dict | None = None) -> tuple[subprocess.CompletedProcess, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in {**STAND_INS, **(stand_ins or {})}.items():
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    log = tmp_path / "log"
    log.write_text("")
    environment = {"PATH": f"{bin_dir}:/usr/bin:/bin", "LOG": str(log), **(env or {})}
    done = subprocess.run(["sh", str(SETUP), *options], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          env=environment, timeout=30)
    return done, log.read_text()


def test_without_a_terminal_it_installs_what_is_missing_and_says_what(tmp_path):
    done, calls = _run(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Debian packages to install: libharfbuzz-subset0 ghostscript poppler-utils gettext" in done.stdout
    assert "[y/N]" not in done.stdout                         # nobody was asked
    assert "install -y --no-install-recommends libharfbuzz-subset0 ghostscript poppler-utils gettext" in calls
    assert "python3 -m pip install --quiet -e .[test]" in calls
    assert "no virtual environment is active" in done.stdout


def test_no_apt_leaves_the_system_alone_and_prints_the_command(tmp_path):
    done, calls = _run(tmp_path, "--no-apt", env={"VIRTUAL_ENV": "/tmp/venv29"})
    assert done.returncode == 0 and "apt-get" not in calls
    assert "sudo apt-get install libharfbuzz-subset0 ghostscript poppler-utils gettext" in done.stdout
    assert "into the virtual environment /tmp/venv29" in done.stdout and "pip install" in calls


def test_an_unknown_option_is_refused_before_anything_is_installed(tmp_path):
    done, calls = _run(tmp_path, "--yse")
    assert done.returncode == 2 and calls == "" and "--yse" in done.stderr


def test_apt_waits_for_a_held_lock_bounded_and_says_so(tmp_path):
    done, calls = _run(tmp_path)
    assert "apt-get waits for it up to 120 s" in done.stdout
    assert "apt-get -o DPkg::Lock::Timeout=120 install -y --no-install-recommends" in calls


def test_a_lock_held_past_the_wait_ends_in_a_message_not_a_hang(tmp_path):
    held = {"apt-get": 'echo "apt-get $*" >> "$LOG"; echo "E: Could not get lock /var/lib/dpkg/lock-frontend" >&2; '
                       'exit 100'}
    done, calls = _run(tmp_path, env={"SETUP_APT_LOCK_WAIT": "5"}, stand_ins=held)
    assert done.returncode == 0                                   # Imprenta itself is still installed
    assert "apt-get -o DPkg::Lock::Timeout=5 install" in calls
    assert "its lock stayed held for 5 s" in done.stdout and "apt-get install libharfbuzz-subset0" in done.stdout
    assert "python3 -m pip install" in calls


def test_a_lock_wait_that_is_not_a_number_is_refused(tmp_path):
    done, calls = _run(tmp_path, env={"SETUP_APT_LOCK_WAIT": "1; rm -rf /"})
    assert done.returncode == 2 and calls == "" and "SETUP_APT_LOCK_WAIT" in done.stderr


def test_help_prints_the_header_and_nothing_of_the_script(tmp_path):
    done, calls = _run(tmp_path, "--help")
    assert done.returncode == 0 and calls == ""
    assert "SETUP_APT_LOCK_WAIT" in done.stdout and "--no-apt" in done.stdout
    assert "set -e" not in done.stdout and "ask=yes" not in done.stdout
