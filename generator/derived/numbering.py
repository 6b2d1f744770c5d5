"""Computed numbers: section numbers ("4.4.1", "9.6.3.e") are never typed, always counted from the tree."""

from __future__ import annotations

from typing import NamedTuple

from generator.model import Game
from generator.model.rules import RuleDocument, Section, all_sections


class Numbered(NamedTuple):
    number: str          # "" for an unnumbered section
    document: RuleDocument
    section: Section


def section_numbers(game: Game) -> dict[str, Numbered]:
    """Every section id → its printed number and document."""
    numbers: dict[str, Numbered] = {}

    def walk(document: RuleDocument, sections: list[Section], parent: str, style: str, top: bool,
             start: int) -> None:
        counter = start - 1
        for section in sections:
            number = ""
            if section.numbered:
                counter += 1
                label = _label(counter, style)
                number = f"{parent}.{label}" if parent else label
            numbers.setdefault(section.id, Numbered(
                f"{number}{document.top_level_suffix}" if top and number else number, document, section))
            walk(document, section.sections, number or parent, section.children_numbering, False,
                 section.children_start)

    for document in game.documents:
        if not document.printed:       # another book's rules: the number it gives, never one counted here
            for section in all_sections(document.sections):
                numbers.setdefault(section.id, Numbered(section.number if isinstance(section.number, str) else "",
                                                        document, section))
            continue
        walk(document, document.sections, document.chapter or "", "decimal", not document.chapter,
             document.first_number)
    return numbers


def _label(n: int, style: str) -> str:
    if style == "lower-alpha":
        return _alpha(n)
    if style == "upper-alpha":
        return _alpha(n).upper()
    if style in ("lower-roman", "upper-roman"):
        roman = _roman(n)
        return roman if style == "upper-roman" else roman.lower()
    return str(n)


def _alpha(n: int) -> str:
    letters = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out
