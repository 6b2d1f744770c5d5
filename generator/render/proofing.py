"""What a proof prints about the game's unknown facts, in the edition's language: the slug of pages that
carry a mark, and the entries of the proof sheet (and of the manifest's `unknowns`).

The editor's reason is source-language text, translated like any other (one entry per wording,
`unknown.<fingerprint>`); an edition whose translation lacks it prints only where the fact is declared.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import NamedTuple

from generator.derived.unknowns import MARK, mark, mark_number
from generator.render.edition import Edition
from generator.render.wording import section


class ProofEntry(NamedTuple):
    number: int
    mark: str               # the mark's character, drawn or styled by each output
    what: str               # the owner as the edition prints it: "Infanterie romaine"
    where: str              # "content/punic-island/pieces.yaml:15 · values.cohesion"
    why: str                # the reason, or "" when it is not in this edition's language
    assumed: str            # "laid out as 1 meanwhile", or ""


def printed_numbers(texts: Iterable[str]) -> frozenset[int]:
    """The numbers of the facts whose marks these texts print: a file's proof sheet lists those, and no other."""
    return frozenset(number for text in texts for found in MARK.findall(text) if (number := mark_number(found)))


def proof_slug(edition: Edition, printed: Collection[int] | None = None, sealed: int = 0) -> str:
    """"PROOF · 12 facts missing" in the edition's language, counting the facts whose marks a file prints
    (`printed`; None: the whole game); a file with seals alone, "PROOF · 2 facts reconstructed"; else ""."""
    count = len(edition.facts) if printed is None else sum(fact.number in printed for fact in edition.facts)
    if count:
        return edition.words.plural("proof.slug", count).format(n=count)
    return edition.words.plural("proof.slug_reconstructed", sealed).format(n=sealed) if sealed else ""


def proof_entries(edition: Edition, printed: Collection[int] | None = None) -> list[ProofEntry]:
    """The proof sheet's rows: every fact whose mark the file prints (`printed`; None: the whole game's)."""
    said = section(edition.words, "proof")
    decks: dict[str, list[str]] = {}
    return [ProofEntry(fact.number, mark(fact.number), printed_owner(edition, fact.owner, decks),
                       declared_at(fact.span, fact.field), reason(edition, fact),
                       said["assumed"].format(value=fact.assumed) if fact.assumed is not None else "")
            for fact in edition.facts if printed is None or fact.number in printed]


def printed_owner(edition: Edition, owner: str, decks: dict[str, list[str]] | None = None) -> str:
    """"piece 'tama'" as the edition prints the piece ("Tama", "Infanterie romaine"): the model's English stays
    out of a translated proof sheet. `decks` (deck → its cards' ids), filled as they are asked for, spares a
    proof sheet of many untitled cards walking every card again for each."""
    found = re.fullmatch(r"(.+?) '(.+)'", owner)
    if found is None:
        return owner
    kind, id_ = found.group(1).replace(" ", "_"), found.group(2)
    shape = edition.game.get(kind, id_)
    field = "name" if getattr(shape, "name", None) or not getattr(shape, "title", None) else "title"
    name = edition.name(kind, id_, field) if shape is not None else ""
    if isinstance(name, str) and name and not MARK.search(name):   # not itself a mark
        return name
    side = getattr(shape, "side", None) if kind == "setup" else None
    if side:                                     # a side's set-up: the book prints it under that side's name
        return edition.name("faction", side)
    deck = getattr(shape, "deck", None)          # a card whose title is the unknown fact: its deck and place
    if deck is None:
        return id_
    decks = {} if decks is None else decks
    if deck not in decks:
        decks[deck] = [card.id for card in edition.game.cards if card.deck == deck]
    place = decks[deck].index(id_) + 1
    return f"{edition.name('deck', deck)} ({place})"


def declared_at(span, field: str) -> str:
    """Where the fact is declared, as a locator: "content/g/pieces.yaml:8 · values.attack" (the field's path in
    the YAML, an identifier like the file's name, rather than words)."""
    parts = [re.sub(r" '([^']*)'", r".\1", part).replace(" ", "-") for part in reversed(field.split(" of "))]
    place = f"{span.file}:{span.line}" if span else ""
    return " · ".join(filter(None, [place, ".".join(parts)]))


def reason(edition: Edition, fact) -> str:
    """The editor's reason in the edition's language, or "" when only the source language has it."""
    if edition.language == edition.game.manifest.source_language:
        return fact.reason
    if fact.key is None:
        return ""
    translated = edition.text(fact.key, fact.reason)
    return translated if translated != fact.reason else ""


def manifest_unknowns(edition: Edition) -> list[dict]:
    """The manifest's `unknowns`: each mark, what it stands for, where it is declared, why it is unknown."""
    return [{"mark": fact.number, "stands_for": {"owner": fact.owner, "field": fact.field},
             "file": str(fact.span.file) if fact.span else None, "line": fact.span.line if fact.span else None,
             "why": reason(edition, fact) or None, "assumed": fact.assumed}
            for fact in edition.facts]


class ReconstructionEntry(NamedTuple):
    """A row of the proof sheet for a reconstructed fact: its seal's number, what, where, why and from what."""
    number: int
    what: str
    where: str
    why: str
    seal: bool = True


def reconstruction_entries(edition: Edition, printed: set[int] | None = None) -> list[ReconstructionEntry]:
    """The game's reconstructions (those whose seal `printed` holds, when given), in the edition's language."""
    from generator.derived.unknowns import reconstructions

    said = section(edition.words, "proof")
    found = []
    for entry in reconstructions(edition.game):
        if printed is not None and entry.number not in printed:
            continue
        why = edition.text(entry.key, entry.reconstruction.why)
        source = entry.reconstruction.source
        source = edition.text(entry.key[:-len("why")] + "source", source) if source else ""
        text = f"{why} — {said['reconstructed_source']}: {source}" if source else why
        found.append(ReconstructionEntry(entry.number, printed_owner(edition, entry.owner),
                                         declared_at(entry.span, entry.fact), text))
    return found
