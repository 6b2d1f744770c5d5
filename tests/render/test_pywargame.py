"""Every VASSAL module read by pywargame (PyPI), a reader Imprenta did not write: it finds the maps, the zones
named as printed, the at-start stacks, the decks and cups, the sides, and decodes every piece slot's traits, with
no problem. pywargame 0.8 imports only on Python 3.12 or newer (it uses 3.12's f-strings), so the reader runs
under such an interpreter when this one is older."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _interpreter() -> str | None:
    if sys.version_info >= (3, 12):
        return sys.executable
    for name in ("python3.13", "python3.12"):
        found = shutil.which(name)
        if found and subprocess.run([found, "-c", "import sys; assert sys.version_info >= (3, 12)"],
                                    capture_output=True).returncode == 0:
            return found
    pyenv = Path.home() / ".pyenv" / "versions"
    candidates = sorted(pyenv.glob("3.1[2-9]*/bin/python3")) if pyenv.is_dir() else []
    return str(candidates[-1]) if candidates else None


@pytest.fixture(scope="module")
def read(tmp_path_factory, every_module):
    spec = util.find_spec("pywargame")
    python = _interpreter()
    if spec is None or python is None:
        reason = "pywargame is not installed" if spec is None else "no Python 3.12 or newer to run pywargame"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    path = tmp_path_factory.mktemp("pywargame")        # pywargame alone on the path: it is pure Python
    (path / "pywargame").symlink_to(Path(spec.origin).parent)
    modules = every_module
    done = subprocess.run([python, str(ROOT / "tests" / "pywargame_read" / "read_modules.py"), *map(str, modules)],
                          env={**os.environ, "PYTHONPATH": str(path)}, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return {Path(found["module"]).stem: found for found in map(json.loads, done.stdout.splitlines())}


def test_pywargame_reads_every_module_with_no_problem(read):
    assert len(read) == 8
    for name, found in read.items():
        assert found["problems"] == [], name
        assert len(found["maps"]) == 3 and found["slots"] > 0 and found["at_start"] > 0, name
        assert len(found["sides"]) >= 2, name


def test_pywargame_finds_the_zones_cups_and_decks(read):
    assert len(read["maquiavelli-es"]["zones"]) == 80           # 70 provinces and 10 seas
    assert {"Área 1", "Área 15"} <= set(read["mar-y-acero-es"]["zones"])
    assert {"Messana", "Rhegium", "Roman reinforcements"} <= set(read["punic-island-en"]["zones"])
    cups = {name: count for name, count in read["punic-island-en"]["decks"].items() if "cup" in name}
    assert sorted(cups.values()) == [1, 16, 16, 16, 16]
