"""load_game(folder): every YAML file of a game folder to one validated Game, and the problems found."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from generator.diagnostics import Diagnostic, Span, make
from generator.load.folders import content_files, linked_files, translation_files
from generator.load.yaml_nodes import Document, display_path, load_file

if TYPE_CHECKING:       # imported where used: a check reads a file (load_file) without the model's 300 classes
    from generator.model import Game, Translation
    from generator.model.common import Shape


class Loaded(NamedTuple):
    game: Game | None
    diagnostics: list[Diagnostic]


def load_game(folder: Path) -> Loaded:
    from generator.model import UNREAD, Game
    from generator.model.content import COLLECTIONS

    diagnostics: list[Diagnostic] = []
    collections: dict[str, list[Any]] = {name: [] for name in COLLECTIONS}
    manifests: list[tuple[Any, Span]] = []
    maps: list[tuple[Any, Span]] = []
    diagnostics.extend(_links(folder))
    game_written = False
    rejected: dict[str, set[str]] = {}
    for path in content_files(folder):
        document, problems = load_file(path, folder)
        diagnostics.extend(problems)
        if document is None:
            game_written = game_written or path.stem == "game"    # unreadable: its findings say why
            rejected.setdefault(UNREAD, set()).add(path.name)
            continue
        if not isinstance(document.data, dict):
            rejected.setdefault(UNREAD, set()).add(path.name)
            diagnostics.append(make("YML007", f"{document.file} holds {_kind_of(document.data)}, not a mapping "
                                    "of collections", document.span(()),
                                    f"Start the file with one of: game, {', '.join(COLLECTIONS)}, map."))
            continue
        game_written = game_written or "game" in document.data
        for key in document.data:
            _load_collection(document, key, collections, manifests, maps, diagnostics, rejected)
    translations = _load_translations(folder, diagnostics)
    if not manifests and game_written:
        return Loaded(None, diagnostics)       # `game:` is there and its own findings say what is wrong
    if len(manifests) != 1:
        span = manifests[1][1] if len(manifests) > 1 else Span(display_path(folder / "game.yaml"), 1, 1)
        message = ("the game manifest is given twice" if manifests
                   else "no content file holds the game manifest (`game:`)")
        diagnostics.append(make("SCH010", message, span, "Keep exactly one `game:` mapping, in game.yaml.",
                                [("first given here", manifests[0][1])] if len(manifests) > 1 else []))
        return Loaded(None, diagnostics)
    if len(maps) > 1:
        diagnostics.append(make("SCH010", "the map is given twice", maps[1][1],
                                related=[("first given here", maps[0][1])]))
    game = Game(folder=folder, manifest=manifests[0][0], map=maps[0][0] if maps else None,
                translations=translations, rejected={kind: frozenset(ids) for kind, ids in rejected.items()},
                **{name: tuple(items) for name, items in collections.items()})
    return Loaded(game, diagnostics)


def _load_collection(document: Document, key: str, collections: dict[str, list[Any]],
                     manifests: list, maps: list, diagnostics: list[Diagnostic], rejected: dict[str, set[str]]) -> None:
    from generator.load.validation import validate
    from generator.model.content import ContentFile

    fields = ContentFile.model_fields
    if key not in fields:
        close = difflib.get_close_matches(key, list(fields), n=1)
        diagnostics.append(make("SCH001", f"unknown collection '{key}'", document.key_span((key,)),
                                f"did you mean '{close[0]}'?" if close else
                                f"expected one of: {', '.join(fields)}"))
        return
    value = document.data[key]
    annotation_model = _item_model(key)
    if key in ("game", "map"):
        if value is None:
            return
        shape, problems = validate(annotation_model, document, (key,))
        diagnostics.extend(problems)
        if shape is not None:
            attach_places(shape, document, (key,))
            (manifests if key == "game" else maps).append((shape, document.span((key,))))
        elif key == "map":
            rejected.setdefault("map", set()).add("map")
            _remember_refused(key, value, rejected)
        return
    if value is None:
        return
    if not isinstance(value, list):
        diagnostics.append(make("SCH002", f"expected a list of {key}; received {_kind_of(value)}",
                                document.span((key,)), "Start each item with '- '."))
        return
    for index in range(len(value)):
        shape, problems = validate(annotation_model, document, (key, index))
        diagnostics.extend(problems)
        if shape is not None:
            attach_places(shape, document, (key, index))
            collections[key].append(shape)
        else:
            _remember_refused(key, value[index], rejected)


# The kind of entity each collection holds, and the collections nested in its items that hold entities too.
_KINDS = {"factions": "faction", "piece_kinds": "piece_kind", "pieces": "piece", "mixes": "mix", "forces": "force",
          "card_types": "card_type", "decks": "deck", "cards": "card", "tables": "table", "tracks": "track",
          "documents": "document", "sections": "section", "terms": "term", "icons": "icon", "actions": "action",
          "setup": "setup", "locations": "location", "hexes": "hex", "aids": "aid", "keys": "map_key"}
_NESTED = {"documents": ("sections",), "sections": ("sections",), "map": ("locations", "hexes", "keys")}


def _remember_refused(collection: str, raw: Any, rejected: dict[str, set[str]]) -> None:
    """What a refused item names, so that no other finding repeats its one mistake: its ids, and the reasons
    its unknown facts give (keys `unknown.<fingerprint>`, shared by wording: a translation of one that only the
    refused item gave is not an orphan; any, for a reason that is not a text)."""
    from generator.model import UNREAD
    from generator.model.texts import reason_key

    _remember_ids(collection, raw, rejected)
    stack = [raw]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if "unknown" in value:     # a reason written as no text may have been any: every reason key may be its
                reason = value["unknown"]
                kind, _, id_ = reason_key(reason if isinstance(reason, str) else "").partition(".")
                rejected.setdefault(kind, set()).add(id_ if isinstance(reason, str) else UNREAD)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def _remember_ids(collection: str, raw: Any, rejected: dict[str, set[str]]) -> None:
    """An item refused for one bad field still names its id (and its sections' ids): references to it then
    say nothing, so one mistake gives one diagnostic, not one more for every place that names the item."""
    if not isinstance(raw, dict):
        return
    if collection in _KINDS and isinstance(raw.get("id"), (str, int)):
        rejected.setdefault(_KINDS[collection], set()).add(str(raw["id"]))
    for nested in _NESTED.get(collection, ()):
        items = raw.get(nested)
        for item in items if isinstance(items, list) else ():
            _remember_ids(nested, item, rejected)


def _links(folder: Path) -> list[Diagnostic]:
    return [make("SEC001", f"{display_path(link)} is a symbolic link; Imprenta does not follow links out of a "
                           f"game folder, so it is not read", Span(display_path(link), 1, 1),
                 "Put the file itself in the game folder (a link could point anywhere on the machine).")
            for link in linked_files(folder)]


def _item_model(collection: str) -> type[Shape]:
    from generator.model.common import model_in
    from generator.model.content import ContentFile

    return model_in(ContentFile.model_fields[collection].annotation)


def attach_places(shape: Shape, document: Document, path: tuple) -> None:
    """Record in every shape the document and path it was read from (spans are looked up lazily)."""
    from generator.model.common import Shape, fields_holding_shapes

    if isinstance(shape, Shape):
        object.__setattr__(shape, "_where", (document, path))    # shapes are frozen
    for name, key in fields_holding_shapes(type(shape)):
        value = getattr(shape, name)
        if isinstance(value, Shape):
            attach_places(value, document, path + (key,))
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                if isinstance(item, Shape):
                    attach_places(item, document, path + (key, index))
        elif isinstance(value, dict):
            for item_key, item in value.items():
                if isinstance(item, Shape):
                    attach_places(item, document, path + (key, item_key))


def _load_translations(folder: Path, diagnostics: list[Diagnostic]) -> dict[str, Translation]:
    from generator.load.validation import validate
    from generator.model import Translation
    from generator.model.translations import TranslationFile

    result: dict[str, Translation] = {}
    for path in translation_files(folder):
        document, problems = load_file(path, folder)
        diagnostics.extend(problems)
        if document is None:
            continue
        if not isinstance(document.data, dict):
            diagnostics.append(make("YML007", f"{document.file} holds {_kind_of(document.data)}, not a mapping",
                                    document.span(()), "Start the file with `language:` and `entries:`."))
            continue
        content, problems = validate(TranslationFile, document, ())
        diagnostics.extend(problems)
        if content is None:
            continue
        attach_places(content, document, ())
        if content.language != path.stem:
            diagnostics.append(make("SCH004", f"the file {path.name} declares language '{content.language}'",
                                    document.span(("language",)), f"Name the file {content.language}.yaml, "
                                    f"or set `language: {path.stem}`."))
        result[content.language] = Translation(content.language, content, document)
    return result


def _kind_of(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"the value {value!r}"
