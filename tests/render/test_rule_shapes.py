"""Rule shapes real rulebooks have: a chapter of a larger book, numbering blocks, run-in heads, closing text."""

from __future__ import annotations

from pypdf import PdfReader

from generator.derived.numbering import section_numbers
from generator.load import load_game
from generator.pipeline import BuildRequest, build, check

GAME = """\
game:
  id: naval
  title: Naval
  source_language: es
  languages: [es]
  components: [rules]
"""

RULES = """\
documents:
  - id: naval
    title: Combate naval y asedios
    chapter: "9"
    sections:
      - id: naval-combat
        title: Combate naval
        numbered: false
        sections:
          - id: naval-who
            title: Quién combate
            body: Combaten las flotas que comparten zona.
          - id: naval-how
            title: Cómo se combate
            body: Cada flota tira un dado.
            sections:
              - id: embark
                title: Embarque
                run_in: true
                numbered: false
                body: Una flota lleva hasta dos ejércitos.
              - id: landing
                title: Desembarco
                run_in: true
                numbered: false
                body: Los ejércitos bajan en la costa.
            after: Tras el combate, la flota vencedora se queda en la zona.
      - id: sieges
        title: Asedios
        numbered: false
        children_start: {start}
        sections:
          - id: siege-who
            title: Quién asedia
            body: Un ejército junto a una ciudad. Ver {{ref:naval-who}}, {{ref:embark}} y {{ref:naval-how}}.
"""


def _write(tmp_path, start):
    folder = tmp_path / "naval"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "rules.yaml").write_text(RULES.format(start=start), encoding="utf-8")
    return folder


def test_a_chapter_numbers_its_sections_from_its_own_number_and_a_block_can_go_on_counting(tmp_path):
    numbers = section_numbers(load_game(_write(tmp_path, 3)).game)
    assert {key: numbers[key].number for key in ("naval-who", "naval-how", "siege-who", "embark")} == \
        {"naval-who": "9.1", "naval-how": "9.2", "siege-who": "9.3", "embark": ""}


def test_a_reference_to_a_number_two_blocks_print_is_a_warning_at_the_token(tmp_path):
    found = check(_write(tmp_path, 1)).diagnostics
    ambiguous = [d for d in found if d.code == "REF009"]
    assert [(d.severity.name, d.span.line) for d in ambiguous] == [("WARNING", 35)]
    assert "{ref:naval-who}" in ambiguous[0].message and "siege-who" in ambiguous[0].message
    (tmp_path / "on").mkdir()
    assert [d for d in check(_write(tmp_path / "on", 3)).diagnostics if d.code == "REF009"] == []


def test_run_in_heads_open_their_paragraph_and_closing_text_follows_the_sub_sections(tmp_path):
    result = build(_write(tmp_path, 3), BuildRequest(only=("rules", "html"), out=tmp_path / "out"))
    assert result.folders, result
    target = result.folders[0]
    html = (target / "rules.html").read_text(encoding="utf-8")
    assert '<strong class="run-in-head">Embarque:</strong> Una flota' in html
    html = html[html.index("Una flota"):]
    assert html.index("Los ejércitos bajan") < html.index("Tras el combate") < html.index("Quién asedia")
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(target / "rules.pdf").pages)
    body = text[text.index("Cada flota"):]
    assert body.index("EMBARQUE:") < body.index("DESEMBARCO:") < body.index("Tras el combate") < body.index("9.3")
    contents = text[:text.index("Cada flota")]
    assert "Embarque" not in contents and "EMBARQUE" not in contents   # run-in heads are not headings
    assert "9.1" in text and "9.2" in text
