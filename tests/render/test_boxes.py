"""Each kind of box has its own look and, when the game gives it one, its own label (Maquiavelli's 1.4:
examples, clarifications and recommendations told apart at a glance), in every language."""

from __future__ import annotations

import re
import subprocess

import pytest

from generator.pipeline import BuildRequest, build

MANIFEST = """\
game:
  id: demo
  title: Demo
  source_language: es
  languages: [es, en]
  boxes:
    - {id: example, label: Ejemplo}
    - {id: note, label: Aclaración}
    - {id: history, label: Nota histórica, look: history}
"""
RULES = """\
documents:
  - id: r
    title: Reglas
    sections:
      - id: s
        title: Movimiento
        body: |
          Cada unidad mueve una vez.

          ::: example
          La flota avanza a Capua.
          :::

          ::: note
          Nadie mueve dos veces.
          :::

          ::: history
          Así se hacía en 1571.
          :::

          ::: designer
          Sin etiqueta: el autor la escribe.
          :::
      - {id: t, title: "Ejemplo: un turno", box: example, body: Un turno completo.}
"""
ENGLISH = """\
language: en
entries:
  box.example.label: Example
  box.note.label: Clarification
  box.history.label: Historical note
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("boxes") / "demo"
    (folder / "i18n").mkdir(parents=True)
    for name, text in {"game.yaml": MANIFEST, "rules.yaml": RULES, "i18n/en.yaml": ENGLISH}.items():
        (folder / name).write_text(text, encoding="utf-8")
    result = build(folder, BuildRequest(only=("rules", "html"), out=folder.parent / "out"))
    assert not [d for d in result.diagnostics if d.code == "REF006"]
    return folder.parent / "out" / "demo"


def _boxes(html: str) -> list[tuple[str, str]]:
    """(look, label) of each box, in reading order."""
    return re.findall(r'class="[^"]*\blook-(\w+)[^"]*"[^>]*>\s*(?:<p class="box-label">([^<]*)</p>)?', html)


@pytest.mark.parametrize("language, labels", [
    ("es", [("example", "Ejemplo"), ("note", "Aclaración"), ("history", "Nota histórica"), ("designer", ""),
            ("example", "Ejemplo")]),
    ("en", [("example", "Example"), ("note", "Clarification"), ("history", "Historical note"), ("designer", ""),
            ("example", "Example")]),
])
def test_each_kind_prints_its_look_and_label(built, language, labels):
    assert _boxes((built / language / "rules.html").read_text(encoding="utf-8")) == labels


def test_the_labels_print_in_the_pdf(built):
    text = subprocess.run(["pdftotext", str(built / "en" / "rules.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    for label in ("EXAMPLE", "CLARIFICATION", "HISTORICAL NOTE"):
        assert label in text
