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


def _run(tmp_path: Path, *options: str, env: dict | None = None) -> tuple[subprocess.CompletedProcess, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in STAND_INS.items():
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
    assert "apt-get install -y --no-install-recommends libharfbuzz-subset0 ghostscript poppler-utils gettext" in calls
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
