"""Rich text in a box: **bold**, *italic*, line breaks, "- " lists, inline icons, resolved references.

Card text is short, so this is a plain greedy line breaker over styled words
that produces the same Text and Image shapes as everything else (the PDF and
the PNG then agree). It shrinks the size step by step down to the layout's
minimum, and says when even that does not fit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.derived.references import find_tokens
from generator.render.draw.fonts import PT, cap_height_mm, width_mm
from generator.render.draw.primitives import Image, Ink, Shape, Text
from generator.render.draw.text_fit import shrinking

_EMPHASIS = re.compile(r"(\*\*[^*]+\*\*|\*[^*]+\*)")
BULLET_INDENT = 1.2  # in ems


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    bold: bool = False
    italic: bool = False
    image: Path | None = None


@dataclass(frozen=True, slots=True)
class Paragraph:
    words: tuple[Word, ...]
    bullet: bool = False


def parse(text: str, edition) -> list[Paragraph]:
    """Paragraphs of styled words; reference tokens already printed as the edition prints them."""
    paragraphs = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        bullet = stripped.startswith(("- ", "* ", "• "))
        if bullet:
            stripped = stripped[2:]
        paragraphs.append(Paragraph(tuple(_words(stripped, edition)), bullet))
    return paragraphs


def _words(line: str, edition) -> list[Word]:
    words = []
    for piece in _EMPHASIS.split(line):
        if not piece:
            continue
        bold = piece.startswith("**") and piece.endswith("**") and len(piece) > 4
        italic = not bold and piece.startswith("*") and piece.endswith("*") and len(piece) > 2
        inner = piece[2:-2] if bold else piece[1:-1] if italic else piece
        for word in _with_icons(inner, edition):
            if word.image is not None:
                words.append(word)
            else:
                words.extend(Word(part, bold or word.bold, italic) for part in word.text.split())
    return words


def _with_icons(text: str, edition) -> list[Word]:
    """Split out {icon:…} tokens: a picture if the icon has a readable file, else the mark of its missing
    picture (a placeholder the drawing model draws, listed on the proof sheet)."""
    tokens, _ = find_tokens(text)
    out, last = [], 0
    for token in (t for t in tokens if t.kind == "icon"):
        out.append(Word(edition.plain(text[last:token.start])))
        picture, _ = edition.icon(token.target)
        if picture is not None:
            out.append(Word("", image=picture))
        else:
            out.append(Word(edition.icon_mark(token.target), bold=True))
        last = token.end
    out.append(Word(edition.plain(text[last:])))
    return out


def _role(family: str, word: Word) -> str:
    suffix = "-bold-italic" if word.bold and word.italic else "-bold" if word.bold else \
        "-italic" if word.italic else ""
    return family + suffix


def _word_width(word: Word, family: str, size: float) -> float:
    if word.image is not None:
        return size * PT * 1.1
    return width_mm(word.text, _role(family, word), size)


def _lines(paragraphs: list[Paragraph], family: str, size: float, width: float):
    """[(indent mm, [(word, x offset)])], or None when one word is wider than the box."""
    lines = []
    space = width_mm(" ", family, size)
    indent_width = size * PT * BULLET_INDENT
    for paragraph in paragraphs:
        indent = indent_width if paragraph.bullet else 0.0
        current: list[tuple[Word, float]] = []
        x, first = 0.0, True
        for word in paragraph.words:
            w = _word_width(word, family, size)
            if w > width - indent + 1e-6:
                return None
            start = x + space if current else 0.0
            if current and start + w > width - indent + 1e-6:
                lines.append((indent, current, first and paragraph.bullet))
                current, start, first = [], 0.0, False
            current.append((word, start))
            x = start + w
        lines.append((indent, current, first and paragraph.bullet))
    return lines


def fit_rich(text: str, edition, family: str, size: float, min_size: float, box: tuple[float, float, float, float],
             ink: Ink, line_height: float = 1.2, align: str = "left", valign: str = "top"
             ) -> tuple[list[Shape], bool, str]:
    """Shapes of the text in the box at the largest size that fits; whether it fits; its plain words."""
    x, y, width, height = box
    paragraphs = parse(text, edition)
    plain = " ".join(word.text for paragraph in paragraphs for word in paragraph.words)
    fits, lines = False, None
    for current in shrinking(size, min_size):
        lines = _lines(paragraphs, family, current, width)
        if lines is not None and _block_height(len(lines), family, current, line_height) <= height + 1e-6:
            fits = True
            break
    else:
        lines = lines or _lines(paragraphs, family, min_size, 1e9) or []
        current = min_size
    block = _block_height(len(lines), family, current, line_height)
    top = y if valign == "top" or not fits else y + (height - block) / 2 if valign == "middle" else y + height - block
    shapes: list[Shape] = []
    step = current * line_height * PT
    cap = cap_height_mm(family, current)
    for index, (indent, words, bulleted) in enumerate(lines):
        baseline = top + cap + index * step
        used = (words[-1][1] + _word_width(words[-1][0], family, current)) if words else 0.0
        shift = {"center": (width - indent - used) / 2, "right": width - indent - used}.get(align, 0.0)
        if bulleted:
            shapes.append(Text(x, baseline, "•", family, current, ink))
        for word, offset in words:
            left = x + indent + shift + offset
            if word.image is not None:
                side = current * PT * 1.1
                shapes.append(Image(left, baseline - side * 0.85, side, side, word.image))
            else:
                shapes.append(Text(left, baseline, word.text, _role(family, word), current, ink))
    return shapes, fits, plain


def _block_height(count: int, family: str, size: float, line_height: float) -> float:
    if count == 0:
        return 0.0
    return (count - 1) * size * line_height * PT + cap_height_mm(family, size) + size * PT * 0.25
