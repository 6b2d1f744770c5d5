"""CNT…: stated totals (mixes, decks, order of battle, numbers in the prose) equal the sums of their parts."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from generator.checks.references import text_span
from generator.derived import references
from generator.derived.counting import SelectorError, count, mix_count, selected_pieces
from generator.diagnostics import Diagnostic, Span, make
from generator.model import Game, where
from generator.model.cards import Card
from generator.model.common import Unknown, is_assumed


def check_counts(game: Game) -> Iterator[Diagnostic]:
    yield from _mixes(game)
    yield from _decks(game)
    yield from _forces(game)
    yield from _limits(game)
    yield from _card_numbers(game)
    yield from _setup(game)
    yield from _prose_counts(game)


def _mixes(game: Game) -> Iterator[Diagnostic]:
    for mix in game.mixes:
        if (mix.parts is None) == (mix.select is None):
            yield make("CNT004", f"mix '{mix.id}' needs either `parts` or `select`, not "
                       f"{'both' if mix.parts is not None else 'neither'}", where(mix, "id"))
            continue
        counted = mix_count(game, mix)
        if counted is None:
            yield make("CNT004", f"mix '{mix.id}' cannot be counted: one of its parts is ill-formed or "
                       "includes it again", where(mix, "parts"))
        elif mix.total is not None and counted != mix.total:
            yield make("CNT001", f"mix '{mix.id}' states {mix.total} but its {_what(mix)} add up to {counted}",
                       where(mix, "total"), "fix the copies of the pieces, or the stated total")


def _what(mix) -> str:
    return "parts" if mix.parts is not None else "selected pieces"


def _decks(game: Game) -> Iterator[Diagnostic]:
    sizes: Counter[str] = Counter()
    for card in game.cards:
        sizes[card.deck] += card.copies
    for deck in game.decks:
        if deck.total is not None and sizes[deck.id] != deck.total:
            yield make("CNT002", f"deck '{deck.id}' states {deck.total} cards but has {sizes[deck.id]}",
                       where(deck, "total"), "add or remove cards, or fix the stated total")


def _forces(game: Game) -> Iterator[Diagnostic]:
    counted: Counter[tuple[str, str]] = Counter()
    for piece in game.pieces:
        if piece.force:
            counted[(piece.force, piece.kind)] += piece.copies
    for force in game.forces:
        for kind, stated in force.totals.items():
            if counted[(force.id, kind)] != stated:
                yield make("CNT003", f"force '{force.id}' states {stated} {kind} but its pieces count "
                           f"{counted[(force.id, kind)]}", where(force, "totals", kind))


def _limits(game: Game) -> Iterator[Diagnostic]:
    counted: Counter[tuple[str | None, str]] = Counter()
    for piece in game.pieces:
        counted[(piece.faction, piece.kind)] += piece.copies
    for faction in game.factions:
        for kind, limit in faction.limits.items():
            if counted[(faction.id, kind)] > limit:
                yield make("CNT005", f"faction '{faction.id}' has {counted[(faction.id, kind)]} {kind} pieces, "
                           f"more than its limit of {limit}", where(faction, "limits", kind))


def _card_numbers(game: Game) -> Iterator[Diagnostic]:
    seen: dict[int, Card] = {}
    for card in game.cards:
        if card.number is None or isinstance(card.number, Unknown) or is_assumed(card.number):
            continue            # only printed numbers can clash: an unknown one is a mark, an assumed one a guess
        if card.number in seen:
            yield make("CNT006", f"cards '{seen[card.number].id}' and '{card.id}' both print number {card.number}",
                       where(card, "number"), related=[("first printed here", where(seen[card.number], "number"))])
        else:
            seen[card.number] = card


def _setup(game: Game) -> Iterator[Diagnostic]:
    """CNT007: a set-up that places more of a piece (or a kind, a mix, cards of a deck) than exist; a count that
    is `rest` or unknown places no number. A piece or deck whose own size is only assumed is still held to it:
    the placement shows the assumption too small."""
    placed: Counter[tuple[str, str]] = Counter()
    last: dict[tuple[str, str], tuple] = {}
    for step in game.setup:
        for index, placement in enumerate(step.place):
            if placement.number is not None:
                placed[placement.thing] += placement.number
                last[placement.thing] = (step, index)
    for (field, target), number in placed.items():
        size = _size(game, field, target)
        if size is None or number <= size:
            continue
        step, index = last[(field, target)]
        if is_assumed(size):
            yield make("CNT007", f"setup places {number} of {field} '{target}', whose copies are unknown and "
                       f"assumed {size}", where(step, "place", index, "count"),
                       f"assume at least {number} where the copies are declared, or fix the `count`")
        else:
            yield make("CNT007", f"setup places {number} of {field} '{target}' but the game has {size}",
                       where(step, "place", index, "count"))
    yield from _placements(game)
    yield from _sides(game)


def _size(game: Game, field: str, target: str) -> int | None:
    """How many of a placed thing exist; None when not known for sure (a deck whose cards are only assumed)."""
    if field == "deck":
        deck = game.get("deck", target)
        if deck is None:
            return None
        if deck.total is not None:
            return deck.total
        cards = [card for card in game.cards if card.deck == target]
        return None if any(is_assumed(card.copies) for card in cards) else sum(card.copies for card in cards)
    try:
        return count(game, f"{field}:{target}")      # a piece's copies, however many of a kind or a mix
    except SelectorError:
        return None


def _placements(game: Game) -> Iterator[Diagnostic]:
    """SET001: a placement that cannot be carried out as written (the place exists: REF006 says when not)."""
    rests: dict[tuple[str, str], Span] = {}
    for step in game.setup:
        for index, placement in enumerate(step.place):
            problem = _placement_problem(game, placement)
            if problem:
                field, message, hint = problem
                yield make("SET001", f"setup '{step.id}' {message}", where(step, "place", index, field), hint)
            if placement.count == "rest":
                key = placement.thing
                if key in rests:
                    yield make("SET001", f"setup '{step.id}' places the rest of {placement.placed} a second time",
                               where(step, "place", index, "count"), "the rest goes to one place: give the "
                               "other placement a number", [("the rest placed first here", rests[key])])
                rests.setdefault(key, where(step, "place", index, "count"))


def _placement_problem(game: Game, placement) -> tuple[str, str, str] | None:
    """(field, what is wrong, hint) of one placement, or None."""
    what = placement.placed
    piece = game.get("piece", placement.piece) if placement.piece else None
    if placement.face == "back" and piece is not None and piece.back is None:
        return "face", f"shows the back of {what}, which has none", "remove `face`, or give the piece a `back`"
    place = game.place(placement.at)
    if place.kind == "hand":
        if placement.deck is None:
            return "at", f"puts {what} in the hand", "only cards go to the hand: place a `deck` there"
        return None
    track = game.get("track", place.id) if place.kind == "track" else None
    if track is not None and place.space:
        number = int(place.space) if place.space.lstrip("-").isdigit() else None
        if number is None or not track.min <= number <= track.max:
            return "at", f"puts {what} on space '{place.space}' of track '{track.id}', which runs " \
                f"{track.min}–{track.max}", "use a space of the track"
    cup = game.get("mix", place.id) if place.kind == "mix" else None
    if cup is not None:
        if cup.kind not in ("cup", "bag") or placement.deck is not None:
            return "at", f"puts {what} in mix '{cup.id}', which is not a cup or bag to draw {what} from", \
                "place it at a location, or in a mix of kind cup or bag"
        if cup.select is not None and placement.piece and placement.piece not in \
                {p.id for p in selected_pieces(game, cup.select)}:
            return "at", f"puts {what} in {cup.kind} '{cup.id}', which does not hold it", \
                f"add the piece to the {cup.kind}'s selection, or place it elsewhere"
    if placement.deck is not None and track is not None:
        return "at", f"puts {what} on track '{track.id}'", "cards go to the hand or to a location (a deck's space)"
    return None


def _sides(game: Game) -> Iterator[Diagnostic]:
    """SET002: a side's set-up that places another side's pieces or cards (a faction counts as its `side`'s)."""
    camp = {faction.id: faction.side or faction.id for faction in game.factions}
    for step in game.setup:
        if not step.side:
            continue
        for index, placement in enumerate(step.place):
            for faction in sorted(_factions(game, placement)):
                if camp.get(faction, faction) != camp.get(step.side, step.side):
                    yield make("SET002", f"setup '{step.id}' is {step.side}'s but places {placement.placed} of "
                               f"faction '{faction}'", where(step, "place", index, placement.thing[0]),
                               "move the placement to that side's step, or fix the `side`")
                    break


def _factions(game: Game, placement) -> set[str]:
    if placement.deck:
        deck = game.get("deck", placement.deck)
        return {deck.faction} if deck is not None and deck.faction else set()
    if placement.piece:
        pieces = [game.get("piece", placement.piece)]
    elif placement.mix:
        mix = game.get("mix", placement.mix)
        pieces = selected_pieces(game, mix.select) if mix is not None and mix.select is not None else []
    else:
        pieces = []
    return {piece.faction for piece in pieces if piece is not None and piece.faction}


# "the 16 battle chits", "las 16 fichas de batalla": an article before the number names the whole set
_WHOLE_SET_ARTICLES = {"es": {"el", "la", "los", "las"}, "en": {"the"}, "fr": {"le", "la", "les"},
                       "it": {"il", "lo", "la", "i", "gli", "le"}, "de": {"die", "der", "das"}}
_STATED_NUMBER = re.compile(r"(?<![\w.,:/|{-])(\d+)[ \u00a0]+(?=[^\W\d_])")
_WORD_BEFORE = re.compile(r"(\w+)\s+$")


def _prose_counts(game: Game) -> Iterator[Diagnostic]:
    """A number typed in the prose right before the name of a counted set (a mix, a deck, a piece kind)
    must not exceed what the data holds, and must equal it when an article makes it the whole set.

    "coloca 3 galeras" may be a few of them; "las 12 galeras" are all of them. Either is better written
    with a {count:…} token, which the hint proposes, since then the prose follows the data.
    """
    named = _counted_names(game)
    articles = _WHOLE_SET_ARTICLES.get(game.manifest.source_language, set())
    for source in game.texts:
        text = source.text
        tokens = [(token.start, token.end) for token in references.find_tokens(text)[0]] if "{" in text else []
        for match in _STATED_NUMBER.finditer(text):
            if any(start <= match.start() < end for start, end in tokens):
                continue
            found = _named_at(text, match.end(), named)
            if found is None:
                continue
            form, what, selector, counted = found
            stated = int(match.group(1))
            before = _WORD_BEFORE.search(text, max(0, match.start() - 40), match.start())
            whole = before is not None and before.group(1).lower() in articles
            if stated > counted or (whole and stated != counted):
                yield make("CNT008", f"the text states {stated} {form}, but the data has {counted} ({what})",
                           text_span(source, match.start()),
                           f"write {{count:{selector}}} so the number follows the data, or fix the data")


def _counted_names(game: Game) -> dict[str, tuple[str, str, int]]:
    """Each way the source prose may name a counted set (its name, lower-cased, and a plural of it)
    → (what it is, its {count:…} selector, the number that token prints)."""
    sets = ([(kind.name, f"piece kind '{kind.id}'", f"kind:{kind.id}") for kind in game.piece_kinds]
            + [(deck.name, f"deck '{deck.id}'", f"deck:{deck.id}") for deck in game.decks]
            + [(mix.name, f"mix '{mix.id}'", f"mix:{mix.id}") for mix in game.mixes])
    named: dict[str, tuple[str, str, int]] = {}
    for name, what, selector in sets:
        if isinstance(name, Unknown) or not name.strip():
            continue
        try:
            counted = count(game, selector)
        except SelectorError:
            continue                  # an ill-formed mix: CNT004 says so
        for form in _forms(name.strip().lower()):
            named.setdefault(form, (what, selector, counted))
    return named


def _forms(name: str) -> set[str]:
    """A name and its regular plurals, word by word ("unidad naval" → "unidades navales")."""
    words = name.split()
    plural = lambda word: word + ("s" if word[-1:] in "aeiouáéíóú" else "es")
    return {name, " ".join(word + "s" for word in words), " ".join(plural(word) for word in words)}


def _named_at(text: str, start: int, named: dict) -> tuple[str, str, str, int] | None:
    """The longest counted-set name written at `start`, ending at a word boundary."""
    best = None
    lowered = text[start:start + 80].lower()
    for form, (what, selector, counted) in named.items():
        if lowered.startswith(form) and not lowered[len(form):len(form) + 1].isalnum() and (
                best is None or len(form) > len(best[0])):
            best = (form, what, selector, counted)
    return best
