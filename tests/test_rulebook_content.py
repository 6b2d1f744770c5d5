"""A player opens a seed game's rulebook: every section of the source is there, and no page talks about the book.

Mar y Acero's source is a 37-page rulebook whose contents list is the yardstick: each numbered entry
of it must be a printed heading in both editions, along with the worked examples, the bibliography and
the acknowledgements. Punic Island's source is measured the same way, rule by rule, in both of its
books. In every game, sentences about what "the rulebook" does or does not say are an editor's
commentary, not rules: what a source lacks is an `unknown` value for the checker, and an encoder's
decision is a YAML comment. The few printed texts that name the rulebook and are rules
text (a book calling itself "este reglamento", a credit, a component) are listed with the reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.derived.numbering import section_numbers
from generator.load import load_game

from .conftest import page_texts, seed_editions

ROOT = Path(__file__).resolve().parents[1]
SEED_GAMES = ("mar-y-acero", "punic-island", "maquiavelli", "lepanto")

# The contents list of /work/shared/seeds/mar-y-acero.txt: number → a word of the source's title.
MAR_Y_ACERO_CONTENTS = {
    "1": "Introducción", "2": "Condiciones de victoria", "3": "Componentes", "4": "Cómo se juega",
    "4.1": "Preparación", "4.2": "Conceptos clave", "4.3": "Secuencia de juego",
    "4.3.1": "Turno especial 1", "4.3.2": "Turnos 2 a 6",
    "4.3.2.I": "Fase de destino", "4.3.2.II": "Fase de evento", "4.3.2.III": "reemplazos y refuerzos",
    "4.3.2.IV": "Fase de impulsos", "4.3.2.V": "Fase final",
    "4.4": "Acciones", "4.4.1": "Activar un área", "4.4.1.A": "Movimiento", "4.4.1.B": "Combate",
    "4.4.1.C": "Búsqueda de oro", "4.4.1.D": "Incursiones", "4.4.2": "Construir",
    "4.4.3": "Escribanos reales", "4.5": "Gracia Divina", "4.6": "Fin de partida",
    "5": "Modo solitario", "5.1": "Conceptos clave", "5.2": "Componentes y preparación",
    "5.3": "Secuencia de juego", "5.3.1": "Fase de destino", "5.3.2": "Fase especial de solitario",
    "5.3.3": "Fase de evento", "5.3.4": "reemplazos y refuerzos", "5.3.5": "Fase de impulsos",
    "5.3.6": "Fase final", "5.4": "Niveles de dificultad",
    "6": "Notas del diseñador", "7": "Bibliografía", "8": "Agradecimientos",
}

COMMENTARY = re.compile(r"\b(?:reglamento|rulebook|libreto|booklet|no se reproduce|no lo reproduce|not reproduced|"
                        r"clave de cada fila|key of each row|no dice|does not say|texto fuente|source text)\b",
                        re.IGNORECASE)

# (game, pattern of the printed line, why it is rules text and not commentary)
RULES_TEXT = [
    ("maquiavelli", r"Reglamento de Maquiavelli|Maquiavelli Rulebook",
     "the book's own title (document title, running head)"),
    ("maquiavelli", r"Sobre el reglamento|About the rulebook",
     "heading of 1.4, the source's section about how the book is organised"),
    ("maquiavelli", r"\bun reglamento|este reglamento|\ba rulebook|this rulebook|de este reglamento",
     "1.1 and 1.5: the book names itself and the earlier rulebook it grew from, as the source does"),
    ("punic-island", r"Edición del reglamento|Rulebook editing", "a credit on the cover"),
    ("mar-y-acero", r"Rulebook|1 rulebook;", "the English document title (cover, running head), and the box inventory of 3"),
]


@pytest.fixture(scope="module")
def books(seed_builds):
    """(game, language) → the text of its rules.pdf (from the session's seed builds), one string per page."""
    editions = seed_editions(seed_builds, games=SEED_GAMES)
    assert {game for game, _ in editions} == set(SEED_GAMES), "every seed game built"
    return {edition: list(page_texts(folder / "rules.pdf")) for edition, folder in editions.items()}


def _flat(pages: list[str]) -> str:
    return " ".join(" ".join(pages).split())


@pytest.mark.parametrize("language", ["es", "en"])
def test_mar_y_acero_prints_every_numbered_section_of_its_source(books, language):
    game = load_game(ROOT / "content" / "mar-y-acero").game
    by_number = {numbered.number: numbered.section for numbered in section_numbers(game).values() if numbered.number}
    overlay = game.translations["en"].content.entries if language == "en" else {}
    text = _flat(books[("mar-y-acero", language)])
    missing = []
    for number, source_title in MAR_Y_ACERO_CONTENTS.items():
        section = by_number.get(number)
        if section is None or source_title.lower() not in section.title.lower():
            missing.append(f"{number} {source_title}: no such section")
            continue
        entry = overlay.get(f"section.{section.id}.title")
        title = " ".join((entry.text if entry else section.title).split())
        # a heading, not only its line in the contents (which a leader of dots follows)
        if not re.search(re.escape(f"{number} {title}") + r"(?! ?\.\.)", text):
            missing.append(f"{number} {title}: not printed as a heading")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("language, word", [("es", "Ejemplo"), ("en", "Example")])
def test_mar_y_acero_prints_the_six_worked_examples(books, language, word):
    game = load_game(ROOT / "content" / "mar-y-acero").game
    overlay = game.translations["en"].content.entries if language == "en" else {}
    boxes = 0
    for _, section, _ in game.sections():
        entry = overlay.get(f"section.{section.id}.body")
        body = entry.text if entry else section.body
        boxes += len(re.findall(r"^\s*::: example\s*$", body or "", re.MULTILINE)) if isinstance(body, str) else 0
    assert boxes >= 6
    assert len(re.findall(rf"\b{word}\b", _flat(books[("mar-y-acero", language)]))) >= 6



@pytest.mark.parametrize("language, sentence", [("es", "despliega {} soldados"), ("en", "deploys {} soldiers")])
def test_the_royal_support_example_prints_the_soldiers_its_card_holds(books, language, sentence):
    from generator.derived.counting import SelectorError, value

    game = load_game(ROOT / "content" / "mar-y-acero").game
    soldiers = game.get("card", "second-voyage").fields["soldiers"]
    assert value(game, "card:second-voyage/soldiers") == soldiers
    with pytest.raises(SelectorError, match="has no field 'gold'"):
        value(game, "card:second-voyage/gold")
    assert sentence.format(soldiers) in _flat(books[("mar-y-acero", language)])

def _numbers(spec: str) -> list[str]:
    """"9.6.3: a-f" → 9.6.3, 9.6.3.a … 9.6.3.f; "7.1: 1-9" → 7.1, 7.1.1 … 7.1.9; "6.a: i-ii" → 6.a, 6.a.i, 6.a.ii."""
    parent, _, span = spec.partition(":")
    numbers = [parent.strip()]
    if span:
        first, last = span.strip().split("-")
        if first.isdigit():
            labels = [str(n) for n in range(int(first), int(last) + 1)]
        elif first in ("i", "ii", "iii"):
            labels = ["i", "ii", "iii"][: ["i", "ii", "iii"].index(last) + 1]
        else:
            labels = [chr(c) for c in range(ord(first), ord(last) + 1)]
        numbers += [f"{parent.strip()}.{label}" for label in labels]
    return numbers


# Every numbered rule of /work/shared/seeds/campaign-commander-punic-island.txt, per book: the series rules
# (2.0 the board … 12.3) and the campaign rules (1.a terrain … 18 markers). Rule 17's letters are the
# set-up's, kept out of this list while the set-up becomes structured data.
PUNIC_ISLAND_SOURCE = {
    "series": [
        "1", "2: 0-2", "2.2: 1-4", "3: 1-3", "4: 1-3", "4.2: 1-4", "4.2.3: a-c", "4.2.4: a-b", "4.3: 1-3",
        "5: 1-5", "5.2: 1-5", "5.3: 1-2", "5.4: 1-2", "5.5: 1-3", "6: 1-5", "6.3: 1-2", "6.4: 1-4",
        "7: 1-4", "7.1: 1-9", "7.3: 1-3", "7.4: 1-4", "8: 1-5", "8.2: 1-3", "9: 1-6", "9.2: 1-2", "9.4: 1-2",
        "9.5: 1-6", "9.6: 1-6", "9.6.2: a-c", "9.6.3: a-f", "9.6.5: a-b", "9.6.6: a-g", "10: 1-3", "11: 1-3",
        "11.3: 1-5", "11.3.5: a-c", "12: 1-3",
    ],
    "campaign": [
        "1: a-i", "2: a-a", "3: a-a", "4: a-b", "5", "6: a-c", "6.a: i-ii", "7", "8", "9: a-f", "10: a-d", "11",
        "12: a-f", "13: a-c", "14: a-b", "15: a-e", "16: a-c", "17", "18",
    ],
}
# The source's unnumbered parts: the two worked examples, the players' and designer's notes, the battle chits.
PUNIC_ISLAND_UNNUMBERED = ("operation-example", "pi-carthaginian-notes", "pi-roman-notes", "pi-designer-notes",
                           "pi-battle-chits", "pi-chits-carthage-land", "pi-chits-carthage-naval",
                           "pi-chits-rome-land", "pi-chits-rome-naval", "pi-naval-battle-example")


@pytest.mark.parametrize("language", ["es", "en"])
def test_punic_island_prints_every_rule_of_its_source(books, language):
    game = load_game(ROOT / "content" / "punic-island").game
    numbered = section_numbers(game)
    by_number = {(entry.document.id, entry.number): entry.section for entry in numbered.values() if entry.number}
    overlay = game.translations["en"].content.entries if language == "en" else {}
    text = _flat(books[("punic-island", language)])

    def title(section) -> str:
        entry = overlay.get(f"section.{section.id}.title")
        return " ".join((entry.text if entry else section.title).split())

    missing = []
    for document, specs in PUNIC_ISLAND_SOURCE.items():
        for number in (n for spec in specs for n in _numbers(spec)):
            section = by_number.get((document, number))
            if section is None:
                missing.append(f"{document} {number}: no such section")
            elif not re.search(re.escape(f"{number} {title(section)}") + r"(?! ?\.\.)", text):
                missing.append(f"{document} {number} {title(section)}: not printed as a heading")
    for section_id in PUNIC_ISLAND_UNNUMBERED:
        heading = title(numbered[section_id].section)
        if len(re.findall(re.escape(heading), text)) < 2:      # its line in the contents, and its heading
            missing.append(f"{section_id} {heading}: not printed")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("language, rounds", [("es", "Ronda"), ("en", "Round")])
def test_punic_island_naval_battle_example_ends_where_its_source_ends(books, language, rounds):
    """The source's Pintias example stops at round 4b's new draw: no round, roll or result after it is made up."""
    text = _flat(books[("punic-island", language)])
    played = re.findall(rf"\b{rounds} (\d[ab])\.", text)
    assert sorted(played) == ["1a", "1b", "2a", "2b", "3a", "3b", "4a", "4b"], played
    assert not re.search(r"\b(?:Resultado|Result)\. ", text), "an outcome the source's example never gives"


PROOF_SHEET = re.compile(r"Hoja de pruebas: datos por completar|Proof sheet: facts to be supplied")


def test_no_printed_page_of_a_seed_game_holds_editors_commentary(books):
    """The rules a player reads; the proof sheet a proof ends with is the editor's own list of what is missing,
    with the reasons, and a release has none."""
    found = []
    for (game, language), pages in sorted(books.items()):
        for number, page in enumerate(pages, start=1):
            flat = " ".join(page.replace("\u2010\n", "").split())
            if PROOF_SHEET.search(flat):
                break
            for hit in COMMENTARY.finditer(flat):
                if any(game == allowed and _covers(pattern, flat, hit) for allowed, pattern, _ in RULES_TEXT):
                    continue
                found.append(f"{game} {language} p{number}: …{flat[max(0, hit.start() - 60):hit.end() + 60]}…")
    assert not found, "editor's commentary in print:\n" + "\n".join(found)


def _covers(pattern: str, text: str, hit: re.Match) -> bool:
    """Whether a match of `pattern` near the hit contains it (the justified phrase is the hit's own)."""
    start = max(0, hit.start() - 60)
    return any(m.start() + start <= hit.start() and hit.end() <= m.end() + start
               for m in re.finditer(pattern, text[start:hit.end() + 60]))
