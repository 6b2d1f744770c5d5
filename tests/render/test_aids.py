"""A player at the table reads, on the aid, the rules it names in full: every step of the sequence of play with
all its text, lists and sub-sections, never a first sentence of each; and only the tables in force."""

from __future__ import annotations

import html
import re
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.derived.references import find_tokens
from generator.load import load_game
from generator.pipeline import BuildRequest, build
from generator.render.book.aids import aid_sections
from generator.render.book.prose import _markdown
from generator.render.edition import Edition

from ..conftest import seed_editions

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ("lepanto", "maquiavelli", "mar-y-acero", "punic-island")
_BLOCK = re.compile(r"</?(p|li|ol|ul|div|h[1-6]|table|thead|tbody|tr|td|th|blockquote|hr|br)\b[^>]*>")
_CUT = "\ue000"      # where a token or a block was (a private-use character Markdown leaves alone)
_FURNITURE = re.compile(r"(— (Ayuda de juego|Player aid)( ·)? \d+( · (versión|version) \S+)?|(PRUEBA|PROOF) · .*)$")


@pytest.fixture(scope="module")
def aids(seed_builds):
    """aids.pdf of every seed game in its source language, and Punic Island's in English too (from the
    session's seed builds)."""
    return {(game_id, language): folder / "aids.pdf"
            for (game_id, language), folder in seed_editions(seed_builds, games=SEEDS).items()
            if language == "es" or game_id == "punic-island"}


def squeezed(text: str) -> str:
    """Text compared as a reader sees it: no spaces, line breaks or (hyphenation) hyphens, any case, and no
    list numbers ("1.", "2."), which a PDF's text may give apart from their items where a list breaks."""
    return re.sub(r"[\s\u00ad\u2010\u2011-]+|\d+\.", "", unicodedata.normalize("NFKC", text)).lower()


def aid_text(pdf: Path) -> str:
    """The aid's printed text, without running footers and proof slugs, up to its proof sheet."""
    lines = []
    for page in PdfReader(pdf).pages:
        text = page.extract_text()
        if "Hoja de pruebas" in text or "Proof sheet" in text:
            break
        # a rotated label reads as one capital per line, and a track of dots as dots: neither is prose
        lines += [line for line in text.splitlines() if not _FURNITURE.search(line.strip())
                  and line.strip().strip("•") and not (len(line.strip()) == 1 and line.strip().isupper())]
    return squeezed("\n".join(lines))


def fragments(prose: str, edition: Edition) -> list[str]:
    """The prose as printed, cut wherever a reference token or a new block (paragraph, list item) starts: each
    piece is printed whole, whatever form the references between them take."""
    tokens, _ = find_tokens(prose)
    cut, last = [], 0
    for token in tokens:
        cut.append(prose[last:token.start])
        last = token.end
    cut.append(prose[last:])
    rendered = _markdown(edition).render(_CUT.join(cut))
    plain = html.unescape(re.sub(r"<[^>]+>", "", _BLOCK.sub(_CUT, rendered)))
    return [piece for piece in (squeezed(part) for part in plain.split(_CUT)) if len(piece) > 3]


@pytest.mark.parametrize("game_id", SEEDS)
def test_each_aid_prints_every_step_of_the_sequence_of_play_and_every_section_it_names_in_full(aids, game_id):
    game = load_game(ROOT / "content" / game_id).game
    assert game.aids, "each seed game declares its aids"
    named = [section_id for aid in game.aids for section_id in aid_sections(game, aid)]
    steps = [step.id for _, section, _ in game.sections() if section.sequence
             for _, step, ancestors in game.sections() if section in ancestors]
    assert steps and set(steps) <= set(named)       # every step of every sequence of play
    for language in ("es", "en"):
        if (game_id, language) not in aids:
            continue
        text, edition = aid_text(aids[(game_id, language)]), Edition(game, language)
        for section_id in named:
            section = game.get("section", section_id)
            assert squeezed(edition.text(f"section.{section_id}.title", section.title)) in text, section_id
            for field in ("body", "after"):
                prose = getattr(section, field)
                if isinstance(prose, str):
                    missing = [piece for piece in fragments(edition.text(f"section.{section_id}.{field}", prose), edition)
                               if piece not in text]
                    assert not missing, (language, section_id, missing[:2])


def test_punic_island_prints_only_the_campaign_cost_table_that_replaces_the_series_one(aids):
    game = load_game(ROOT / "content" / "punic-island").game
    campaign, series = game.get("table", "campaign-supply-costs"), game.get("table", "supply-costs")
    assert campaign.replaces == series.id
    for language in ("es", "en"):
        edition = Edition(game, language)
        text = aid_text(aids[("punic-island", language)])
        assert squeezed(edition.text("table.campaign-supply-costs.title", campaign.title)) in text
        assert squeezed(edition.text("table.supply-costs.title", series.title)) not in text
        stack = next(row for row in campaign.rows if row.id == "move-land-stack")
        assert squeezed(edition.field(stack, "key")) in text


def test_a_landscape_aid_turns_its_pages_and_a_game_without_aids_leaves_out_replaced_tables(write_game, tmp_path):
    rules = """\
        documents:
          - id: rules
            title: Reglas
            sections:
              - id: turn
                title: Turno
                sequence: true
                sections:
                  - {id: move, title: Mover, body: "Cada unidad mueve hasta tres casillas. Después, las demás."}
                  - {id: fight, title: Combatir, body: "Tira un dado por cada unidad que combate."}
        """
    tables = """\
        tables:
          - {id: costs, title: Costes de la serie, key_label: Acción, result_label: Coste,
             rows: [{key: Mover, result: 1 PS}]}
          - {id: campaign-costs, title: Costes de la campaña, key_label: Acción, result_label: Coste,
             replaces: costs, rows: [{key: Mover, result: 3 PS}]}
        """
    write_game({"rules.yaml": rules, "tables.yaml": tables})
    default = build(Path("demo"), BuildRequest(only=("aids",), out=tmp_path / "default"))
    text = aid_text(default.folders[0] / "aids.pdf")
    assert squeezed("Costes de la campaña") in text and squeezed("Costes de la serie") not in text
    assert squeezed("Cada unidad mueve hasta tres casillas. Después, las demás.") in text
    write_game({"aids.yaml": """\
        aids:
          - id: wide
            orientation: landscape
            columns: 3
            parts: [{section: fight}, {table: campaign-costs, span: true}]
        """})
    declared = build(Path("demo"), BuildRequest(only=("aids",), out=tmp_path / "declared"))
    reader = PdfReader(declared.folders[0] / "aids.pdf")
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)          # A4 turned
    text = aid_text(declared.folders[0] / "aids.pdf")
    assert squeezed("Tira un dado por cada unidad que combate.") in text and squeezed("Cada unidad mueve") not in text
