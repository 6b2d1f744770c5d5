"""Colour inside a finished PDF's content streams: RGB operators turned CMYK, and black made to overprint.

reportlab draws the press colours itself (pdf_faces), and sets the overprint of
its black through the graphics states named here. WeasyPrint writes CSS colours
as `r g b rg`: each is converted once through the printing condition's profile,
and a fill that comes out as black ink alone, dark enough, overprints (type on a
tinted box keeps the tint under it), every other fill and every picture or form
knocking out as before. A stream with no string, comment or inline image is
rewritten token by token with one regular expression; any other is parsed
(pikepdf), which is slower but cannot mistake text for an operator.
"""

from __future__ import annotations

import re

from generator.render.draw.cmyk import CmykConversion
from generator.render.draw.primitives import Ink

# Black ink alone at least this dark overprints (as InDesign's [Black] does at 100 %): the colours under black
# type and lines stay, so a plate out of register leaves no white halo. The palettes' near-blacks (#1a1a1a,
# 90 % K) are meant as black; a mid grey still knocks out.
OVERPRINT_K = 0.85
# (fill overprints, stroke overprints) → the graphics state that says so, defined by the finishing on every page
# and form that uses one. OPM 1: a CMYK component of 0 leaves that plate as it was. Each names op as well as OP
# (a state that set OP alone would set op too).
OVERPRINT_STATE = {(True, False): "ImprentaOverprintFill", (False, True): "ImprentaOverprintStroke",
                   (True, True): "ImprentaOverprint", (False, False): "ImprentaKnockout"}

_AFTER = rb"(?![^\s()<>\[\]{}/%])"                  # a token ends at white space or a delimiter
_BEFORE = rb"(?<![^\s()<>\[\]{}])"                  # and starts after one (not after `/`: that is a name)
# `rg` or `RG` as a token: a stream without one has no RGB operator, and is not rewritten.
_MAY_SET_RGB = re.compile(rb"(?<![^\s()<>\[\]{}/%])(?:rg|RG)" + _AFTER)
_NUMBER = rb"([-+]?(?:\d+\.?\d*|\.\d+))"
_TOKENS = re.compile(_BEFORE + rb"(?:(q|Q)|(/[^\s()<>\[\]{}/%]+\s+(?:Do|sh))|" + rb"\s+".join([_NUMBER] * 3)
                     + rb"\s+(rg|RG))" + _AFTER)
_HIDING = re.compile(rb"[(%]|\bBI\b")              # a literal string, a comment or an inline image


def overprints(cmyk: tuple[float, float, float, float]) -> bool:
    cyan, magenta, yellow, black = cmyk
    return cyan == magenta == yellow == 0 and black >= OVERPRINT_K


def states_used(data: bytes) -> list[str]:
    return [name for name in OVERPRINT_STATE.values() if f"/{name} ".encode() in data]


def may_set_rgb(data: bytes) -> bool:
    return _MAY_SET_RGB.search(data) is not None


class _Fill:
    """Whether fills overprint, through q/Q: a stream starts knocking out (what draws it never leaves black
    overprinting outside q/Q), and says `gs` only when that changes."""

    def __init__(self) -> None:
        self.over = False
        self._stack: list[bool] = []

    def save(self) -> None:
        self._stack.append(self.over)

    def restore(self) -> None:
        self.over = self._stack.pop() if self._stack else False

    def state_for(self, over: bool) -> bytes:
        """The `gs` to write before a paint that overprints or not (b"" when the state already says so)."""
        if over == self.over:
            return b""
        self.over = over
        return f"/{OVERPRINT_STATE[over, False]} gs ".encode()


def rewrite_rgb(data: bytes, conversion: CmykConversion) -> bytes:
    """The stream with every RGB operator in CMYK and black fills overprinting."""
    converted: dict[tuple, tuple[bytes, bool]] = {}

    def cmyk(rgb: tuple, fill: bool, state: _Fill) -> bytes:
        if rgb not in converted:
            values = conversion.ink(Ink(rgb=tuple(float(v) for v in rgb))).cmyk
            converted[rgb] = " ".join(f"{part:.4f}" for part in values).encode(), overprints(values)
        written, over = converted[rgb]
        return written + b" K" if not fill else state.state_for(over) + written + b" k"

    if not _HIDING.search(data):
        state = _Fill()

        def token(match: re.Match) -> bytes:
            nesting, painting = match.group(1, 2)
            if nesting == b"q":
                state.save()
            elif nesting == b"Q":
                state.restore()
            elif painting is not None:              # a picture or a form: painted knocking out, as before
                return state.state_for(False) + painting
            else:
                return cmyk(match.group(3, 4, 5), match.group(6) == b"rg", state)
            return nesting

        rewritten = _TOKENS.sub(token, data)
        if not may_set_rgb(rewritten):              # every RGB operator was three numbers and `rg`: done
            return rewritten
    return _parsed_rewrite(data, cmyk)


def _parsed_rewrite(data: bytes, cmyk) -> bytes:
    import pikepdf

    state, out = _Fill(), []
    scratch = pikepdf.new()
    for instruction in pikepdf.parse_content_stream(pikepdf.Stream(scratch, data)):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            out.append(state.state_for(False) + pikepdf.unparse_content_stream([instruction]))
            continue
        operands, operator = instruction
        name = str(operator)
        if name == "q":
            state.save()
        elif name == "Q":
            state.restore()
        elif name in ("Do", "sh"):
            out.append(state.state_for(False))
        if name in ("rg", "RG"):
            out.append(cmyk(tuple(str(float(v)).encode() for v in operands), name == "rg", state))
        else:
            out.append(pikepdf.unparse_content_stream([(operands, operator)]))
    return b"\n".join(part.rstrip() for part in out if part)
