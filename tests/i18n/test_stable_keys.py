"""A translation is printed only for the text it translated, whatever happens to the other items of a list.

Each test translates a seed game with a file whose every entry says what it translated ("⟦source⟧"), edits
the game as an author would (inserting, deleting, reordering list items; rewording; an errata's new ranges)
and reads what the edition prints for every text: its own translation, the source (untranslated), or a stale
translation after ‡ — never the translation of another text.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.checks.translations import compare
from generator.derived.printed import printed_texts, source_fingerprint
from generator.i18n.status import status_text
from generator.load import load_game
from generator.model import Game, Translation
from generator.model.common import Shape
from generator.model.translations import Entry, TranslationFile
from generator.render.edition import STALE, Edition
from generator.render.table_view import table_view

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = ("lepanto", "maquiavelli", "mar-y-acero", "punic-island")


@cache
def _seed(name: str) -> Game:
    return load_game(CONTENT / name).game


def _said(text: str) -> str:
    return f"⟦{text}⟧"


def _translated(game: Game) -> Game:
    """The game with an English file translating each of its texts as ⟦source⟧, stamped."""
    entries = {text.key: Entry(text=_said(text.text), source=source_fingerprint(text))
               for text in printed_texts(game) if text.owner is not None}
    file = TranslationFile(language="en", entries=entries)
    return dataclasses.replace(game, translations={"en": Translation("en", file, None)})


def _lists(game: Game) -> dict[str, list[tuple[object, str]]]:
    """(holder, attribute) of one list per kind the seed games have: every kind an author edits."""
    found: dict[str, list] = {kind: [] for kind in
                              ("modifiers", "rows", "results", "columns", "items", "footnotes", "routes",
                               "callouts", "sections", "placements")}
    for table in game.tables:
        rows = table.rows if isinstance(table.rows, list) else []
        if table.modifiers:
            found["modifiers"].append((table, "modifiers"))
        if table.footnotes:
            found["footnotes"].append((table, "footnotes"))
        if rows and table.shape_kind == "list":
            found["items"].append((table, "rows"))
        elif rows and any(row.results for row in rows):
            found["results"].append((table, "rows"))
            found["columns"].append((table.columns, "items"))
        elif rows:
            found["rows"].append((table, "rows"))
    for location in game.locations:
        if any(route.note for route in location.routes):
            found["routes"].append((location, "routes"))
    for _, section, _ in game.sections():
        if section.anatomy is not None and section.anatomy.callouts:
            found["callouts"].append((section.anatomy, "callouts"))
    for document in game.documents:
        found["sections"].append((document, "sections"))
    for step in game.setup:
        if step.place:
            found["placements"].append((step, "place"))
    return {kind: holders for kind, holders in found.items() if holders}


_ENTITIES = ("pieces", "cards", "terms")        # the game's own collections (tuples): pieces, cards, glossary


def _renamed(item, serial: int):
    """A new item like `item`: its texts and whatever names it in keys are new."""
    fresh = copy.deepcopy(item)
    for name in getattr(type(fresh), "i18n_identity", ("id",)):
        if getattr(fresh, name, None) is not None:
            object.__setattr__(fresh, name, f"zz-new-{serial}")
    _reword(fresh, f" (nuevo {serial})")
    return fresh


def _reword(shape: Shape, tail: str) -> None:
    """Every text of a shape (its translatable fields, and those of the shapes it holds) made new."""
    from generator.model.texts import _fields

    if isinstance(getattr(shape, "key", None), str):       # a row's label is a text of its own
        object.__setattr__(shape, "key", shape.key + tail)
    if isinstance(getattr(shape, "results", None), list):
        object.__setattr__(shape, "results", [c + tail if isinstance(c, str) else c for c in shape.results])
    for name, _, translatable in _fields(type(shape)):
        value = getattr(shape, name)
        if isinstance(value, str) and translatable:
            object.__setattr__(shape, name, value + tail)
        elif isinstance(value, Shape):
            _reword(value, tail)


def _edit(items: list, data, serial: int) -> list:
    """Insert, delete and reorder items, as hypothesis chooses."""
    items = list(items)
    for step in range(data.draw(st.integers(1, 3), label="edits")):
        action = data.draw(st.sampled_from(["insert", "delete", "reorder"]), label="action")
        if action == "insert" and items:
            model = data.draw(st.sampled_from(items), label="model")
            items.insert(data.draw(st.integers(0, len(items)), label="at"), _renamed(model, serial * 10 + step))
        elif action == "delete" and len(items) > 1:
            items.pop(data.draw(st.integers(0, len(items) - 1), label="deleted"))
        else:
            items = data.draw(st.permutations(items), label="order")
    return items


def _edited(game: Game, data, undo: list) -> Game:
    """The game with one list of each kind, and its pieces, cards and terms, edited (in place: `undo` holds
    what puts each list back)."""
    for serial, (kind, holders) in enumerate(sorted(_lists(game).items())):
        holder, name = data.draw(st.sampled_from(holders), label=kind)
        if kind == "columns":       # a column moves with its cells
            continue
        undo.append((holder, name, getattr(holder, name)))
        object.__setattr__(holder, name, _edit(getattr(holder, name), data, serial))
    collections = {name: tuple(_edit(list(getattr(game, name)), data, 100 + index))
                   for index, name in enumerate(_ENTITIES) if getattr(game, name)}
    return dataclasses.replace(game, **collections)


def _wrong_prints(game: Game, original: set[str]) -> list[str]:
    """Every text the edition prints otherwise than as its own translation or, when new, its source."""
    edition = Edition(game, "en")
    wrong = []
    for (_, path), text in game.text_index.items():
        printed = edition.field(text.owner, *path)
        if not text.translated:        # only tokens and numbers: printed as they are
            continue
        if printed == _said(text.text) or (printed == text.text and text.text not in original):
            continue
        wrong.append(f"{text.key}: {text.text!r} printed {printed!r}")
    for table in game.tables:      # as the rulebook and aids print them
        view = table_view(edition, table, {})
        for (_, shown), modifier in zip(view.modifiers, [m for m in table.modifiers]):
            for said in (modifier.when, modifier.per):
                if said and said in original and edition.plain(_said(said)) not in shown:
                    wrong.append(f"{table.id} modifier {said!r} printed {shown!r}")
        for cells, row in zip(view.rows, table.rows if isinstance(table.rows, list) else []):
            if isinstance(row.result, str) and row.result in original and \
                    edition.plain(_said(row.result)) not in cells:
                wrong.append(f"{table.id} row {row.result!r} printed {cells!r}")
    return wrong


@cache
def _translated_seed(name: str) -> tuple[Game, frozenset[str]]:
    game = _translated(_seed(name))
    original = frozenset(text.text for text in game.text_index.values())
    assert not _wrong_prints(game, original)
    return game, original


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_edited_list_never_prints_another_items_translation(name, data):
    game, original = _translated_seed(name)
    undo: list = []
    try:
        assert not _wrong_prints(_edited(game, data, undo), original)
    finally:
        for holder, attribute, value in reversed(undo):
            object.__setattr__(holder, attribute, value)


def test_the_lists_edited_cover_every_kind_the_issue_names():
    kinds = set()
    for name in GAMES:
        game = _seed(name)
        kinds |= set(_lists(game)) | {kind for kind in _ENTITIES if getattr(game, kind)}
    assert kinds >= {"modifiers", "rows", "results", "columns", "items", "pieces", "cards", "sections", "terms",
                     "placements", "footnotes", "routes", "callouts"}


def _with_rows(game: Game, table_id: str, change) -> Game:
    game = copy.deepcopy(game)
    table = next(t for t in game.tables if t.id == table_id)
    for row in table.rows:
        change(row)
    return dataclasses.replace(game)


def test_an_errata_of_victory_ranges_keeps_the_translations_of_untouched_cells():
    """13–14 → 13–15 and 15–16 → 16–16: every result keeps its English, in the new edition and the old."""
    from generator.derived.changes import CHANGED
    from generator.derived.changes import compare as changes

    earlier = _seed("mar-y-acero")
    ranges = {"13-14": "13-15", "15-16": "16-16"}
    later = _with_rows(earlier, "victory-levels",
                       lambda row: object.__setattr__(row, "key", ranges.get(str(row.key), row.key)))
    english = {row.result: row for row in next(t for t in earlier.tables if t.id == "victory-levels").rows}
    for game in (earlier, later):
        view = table_view(Edition(game, "en"), next(t for t in game.tables if t.id == "victory-levels"), {})
        results = [cells[1] for cells in view.rows]
        assert results[2] == "Minor indigenous victory" and results[3] == "Minor Spanish victory", results
        assert not any(result in english or STALE in result for result in results)   # no Spanish, nothing stale
    keys = [cells[0] for cells in table_view(Edition(later, "en"), later.tables[0] if later.tables[0].id ==
                                             "victory-levels" else next(t for t in later.tables
                                                                        if t.id == "victory-levels"), {}).rows]
    assert "13–15" in keys and "16" in keys
    assert changes(earlier, later, "en").tables.get("victory-levels") == CHANGED    # the errata lists the table
    # a changed cell's text: its translation is of the earlier text, printed after the stale mark in a proof
    reworded = _with_rows(earlier, "victory-levels", lambda row: object.__setattr__(
        row, "result", row.result + " (revisada)") if row.key == "13-14" else None)
    view = table_view(Edition(reworded, "en"), next(t for t in reworded.tables if t.id == "victory-levels"), {})
    assert [cells[1] for cells in view.rows][2] == "Victoria indígena menor (revisada)"   # untranslated, as new
    assert [cells[1] for cells in view.rows][3] == "Minor Spanish victory"


def test_a_changed_section_prints_its_stale_translation_marked_and_a_release_refuses_it():
    from generator.checks.unknowns import release_refusal

    game = _seed("lepanto")
    section = next(section for _, section, _ in game.sections() if isinstance(section.title, str))
    edited = copy.deepcopy(game)
    target = next(s for _, s, _ in edited.sections() if s.id == section.id)
    object.__setattr__(target, "title", target.title + " (revisado)")
    edited = dataclasses.replace(edited)
    english = game.translations["en"].content.entries[f"section.{section.id}.title"].text
    assert Edition(edited, "en").field(target, "title") == STALE + english
    assert Edition(game, "en").field(section, "title") == english
    translations = lambda g: [d for d in release_refusal(g, languages=("en",)) if d.code == "REL003"]
    assert len(translations(edited)) == 1 and f"section.{section.id}.title" in translations(edited)[0].message
    assert not translations(game)


@pytest.mark.parametrize("where", ["cell", "reason"])
def test_a_reworded_cell_or_reason_is_a_suggestion_to_review_not_an_orphan(where):
    game = _seed("mar-y-acero")
    edited = copy.deepcopy(game)
    if where == "cell":
        table = next(t for t in edited.tables if t.id == "victory-levels")
        object.__setattr__(table.rows[2], "result", "Victoria menor de los indígenas")
        old = next(t.key for t in game.texts if t.text == "Victoria indígena menor")
    else:
        fact = next(t for t in game.texts if t.key.startswith("unknown."))
        old = fact.key
        for text in list(dataclasses.replace(edited).text_index.values()):
            if text.text == fact.text:
                _set_reason(text.owner, text.path, fact.text + " (revisado)")
    edited = dataclasses.replace(edited)
    found = {item.key: item for item in compare(edited, edited.translations["en"])}
    reworded = [item for item in found.values() if item.status == "reworded"]
    assert [item.suggestion for item in reworded] == [old]
    assert not [item for item in found.values() if item.status in ("orphan", "missing")]
    report, complete = status_text(edited, ("en",))
    assert "1 reworded, 1 to review" in report.splitlines()[1] and "orphan" not in report and not complete
    from generator.i18n.po import export_po

    message = next(m for m in export_po(edited, "en") if m.msgctxt == reworded[0].key)
    assert "fuzzy" in message.flags and message.msgstr == game.translations["en"].content.entries[old].text
    assert Edition(edited, "en").text(reworded[0].key, reworded[0].source.text) == reworded[0].source.text


def _set_reason(owner, path, reason: str) -> None:
    value = owner
    for step in path[:-2]:
        value = value[step] if isinstance(step, int) or isinstance(value, dict) else getattr(value, step)
    last = path[-2]
    holder = value[last] if isinstance(last, int) or isinstance(value, dict) else getattr(value, last)
    object.__setattr__(holder, "unknown", reason)


def test_renderers_spell_no_translation_key():
    """One helper makes keys (model/texts.py, asked through Edition.field): no renderer builds one."""
    spelled = re.compile(r"""\.text\(\s*f?["'][a-z_]+\.""")
    render = Path(__file__).resolve().parents[2] / "generator" / "render"
    found = [f"{path.relative_to(render)}:{number}" for path in render.rglob("*.py")
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if spelled.search(line)]
    assert not found


@pytest.mark.parametrize("name", GAMES)
def test_every_field_a_renderer_asks_for_is_exported(name, monkeypatch):
    """Draw the tables, the setup, the counters' and cards' words and the book's texts, recording each field
    the edition is asked for: each that holds words is a message of the export."""
    from generator.render.book.rulebook import rulebook_context
    from generator.render.edition import Edition as Asked

    game = _seed(name)
    exported = {text.key for text in printed_texts(game)}
    asked = []
    field = Asked.field

    def recording(self, owner, *path):
        asked.append((owner, path))
        return field(self, owner, *path)

    monkeypatch.setattr(Asked, "field", recording)
    edition = Edition(game, "en")
    rulebook_context(edition, "print", "a4")
    from generator.render.digital.contents import module_contents

    module_contents(edition)
    from generator.render.sheets.cards import FaceHelpers

    helpers = FaceHelpers(edition)
    for card in game.cards:
        deck = game.get("deck", card.deck)
        if deck is not None:
            helpers.front(card, deck, game.get("card_type", card.card_type or deck.card_type or ""))
            helpers.back(deck, None)
    from generator.render.sheets.counters import face_inputs
    for piece in game.pieces:
        kind = game.get("piece_kind", piece.kind)
        for side in ("front", "back"):
            if getattr(piece, side) is not None and kind is not None:
                face_inputs(edition, piece, kind, side, getattr(piece, side), None)
    assert asked
    missing = []
    for owner, path in asked:
        text = game.text_index.get((id(owner), path))
        value = owner
        for step in path:
            value = value[step] if isinstance(value, (list, dict)) else getattr(value, step, None)
        if isinstance(value, str) and re.search(r"[^\W\d_]", value) and text is None:
            missing.append(f"{type(owner).__name__} {path}: {value!r}")
        elif text is not None and text.translated and text.key not in exported:
            missing.append(text.key)
    assert not missing


def test_the_migration_renames_keys_by_place_to_keys_by_identity_and_loses_nothing(tmp_path):
    """A translation written when keys were places (`modifiers.0`, `rows.1-2`) is renamed entry by entry."""
    import shutil

    from generator.i18n.migrate_keys import migrate

    folder = tmp_path / "el-vado"
    shutil.copytree(Path(__file__).resolve().parents[2] / "docs" / "tutorial" / "el-vado", folder)
    english = folder / "i18n" / "en.yaml"
    game = load_game(folder).game
    by_text = {text.text: text.key for text in game.texts}
    old = english.read_text(encoding="utf-8")
    for text, was in (("el atacante tiene caballería", "table.combat.modifiers.0.when"),
                      ("El atacante pierde un paso.", "table.combat.rows.1-2.result")):
        old = old.replace(f"  {by_text[text]}:", f"  {was}:")
    english.write_text(old, encoding="utf-8")
    assert "2 reworded" in status_text(load_game(folder).game, ("en",))[0]
    assert migrate(folder) == [(folder / "i18n" / "en.yaml", 2)]
    after = load_game(folder).game
    assert status_text(after, ("en",))[0] == status_text(game, ("en",))[0]
    assert english.read_text(encoding="utf-8") == (Path(__file__).resolve().parents[2] / "docs" / "tutorial" /
                                                   "el-vado" / "i18n" / "en.yaml").read_text(encoding="utf-8")
