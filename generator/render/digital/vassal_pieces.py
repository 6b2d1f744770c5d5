"""VASSAL's serialised pieces, written the way VASSAL itself writes them.

A PieceSlot's text is an AddPiece command (BasicCommandEncoder.encode: `+/<id>/<type>/<state>`, fields
joined by '/'); a piece's type is its traits outermost first, joined by tabs (Decorator.getType), ending
in the BasicPiece (`piece;<clone key>;<delete key>;<image>;<name>`, BasicPiece.getType). Every level is a
VASSAL SequenceEncoder: a field holding the delimiter escapes it with a backslash, a field starting with a
backslash or wrapped in single quotes is quoted (SequenceEncoder.append).
"""

from __future__ import annotations

# Ctrl+F as NamedHotKeyConfigurer.encode writes it: key code, modifiers (CTRL_MASK|CTRL_DOWN_MASK)
FLIP_KEY = "70,130"
CLOCKWISE_KEY, ANTICLOCKWISE_KEY = "93,130", "91,130"       # Ctrl+] and Ctrl+[
REVEAL_KEY = "85,130"      # Ctrl+U: a piece drawn from a cup is shown (its Ctrl+F still flips it)


def sequence(fields, delimiter: str) -> str:
    """VASSAL's SequenceEncoder over `fields`."""
    out = []
    for value in fields:
        text = "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
        escaped = text.replace(delimiter, "\\" + delimiter)
        if text and (text[0] == "\\" or (len(text) > 1 and text[0] == "'" and text[-1] == "'")):
            escaped = f"'{escaped}'"
        out.append(escaped)
    return delimiter.join(out)


def string_array(values) -> str:
    """StringArrayConfigurer.arrayToString: a comma SequenceEncoder."""
    return sequence(values, ",")


def basic_piece(image: str, name: str) -> str:
    return "piece;" + sequence(["", "", image, name], ";")


def basic_state(gpid: str) -> str:
    """BasicPiece.getState: map, x, y, gpid, number of persistent properties (none)."""
    return sequence(["null", 0, 0, gpid, 0], ";")


def layer(images: list[str], level_names: list[str], trait_name: str, flip: str) -> str:
    """An Embellishment (Layer, `emb2;`) in the field order of Embellishment.myGetType, version 1, always
    active, one level per side, Ctrl+F and the menu entry `flip` step to the next side and loop."""
    fields = ["", 130, "", flip, 130, "", "", 130, "", "", "", "1", False, 0, 0,
              string_array(images), string_array(level_names), True, trait_name, "", "", False, "", 1, 1, True,
              "", FLIP_KEY, "", trait_name, 1.0, "", "true"]
    return "emb2;" + sequence(fields, ";")


def rotator(angles: int, name: str, clockwise: str, anticlockwise: str) -> str:
    """A FreeRotator (Can Rotate, `rotate;`) with `angles` fixed facings, in FreeRotator.myGetType's order.
    Facing i turns the piece i × 360/angles degrees clockwise (getAngleInRadians: −π/180 × −i·360/n)."""
    return "rotate;" + sequence([angles, CLOCKWISE_KEY, ANTICLOCKWISE_KEY, clockwise, anticlockwise, "", "", name,
                                 name, "", "", "", True], ";")


def mask(back_image: str, mask_name: str, flip: str, key: str = "") -> str:
    """An Obscurable (Mask, `obs;`) in the order of Obscurable.myGetType: key (Ctrl+F unless given), image,
    menu text, display style 'G' + the image others see; what follows keeps VASSAL's defaults."""
    return "obs;" + sequence([key or FLIP_KEY, back_image, flip, "G" + back_image, mask_name], ";")


def decorated(traits: list[str], basic: str) -> str:
    """Decorator.getType: each trait, then the piece inside it, joined by tabs (innermost escaped first)."""
    inner = basic
    for trait in reversed(traits):
        inner = sequence([trait, inner], "\t")
    return inner


def add_piece(piece_type: str, state: str) -> str:
    return "+/" + sequence(["null", piece_type, state], "/")


def side_piece(images: list[str], level_names: list[str], name: str, gpid: str, trait_name: str,
               flip: str, turning: tuple[str, int] | None = None, face: int = 0,
               hidden: tuple[str, str, str] | None = None) -> str:
    """A counter: one Layer holding its sides over a BasicPiece named after it, showing side `face` (0 the
    front), inside a FreeRotator turned to facing `turning[1]` when the counter has a facing (`turning[0]` is
    the rotator's type), and inside a Mask showing `hidden[0]`'s image when it is drawn from a cup (`hidden[1]`
    the mask's name, `hidden[2]` its menu entry): a cup's pieces are drawn blind."""
    traits, states = [], []
    if hidden is not None:
        traits.append(mask(hidden[0], hidden[1], hidden[2], REVEAL_KEY))
        states.append(sequence(["null", ""], ";"))
    if turning is not None:
        traits.append(turning[0])
        states.append(str(turning[1]))
    if len(images) > 1:
        traits.append(layer(images, level_names, trait_name, flip))
        states.append(str(face + 1))
    basic = basic_piece(images[0] if len(images) == 1 else "", name)
    state = basic_state(gpid)
    for trait_state in reversed(states):
        state = sequence([trait_state, state], "\t")
    return add_piece(decorated(traits, basic), state)


def card_piece(front: str, back: str, title: str, mask_name: str, gpid: str, flip: str) -> str:
    """A card: a Mask showing the deck's back over a BasicPiece showing the front."""
    piece_type = decorated([mask(back, mask_name, flip)], basic_piece(front, title))
    return add_piece(piece_type, sequence([sequence(["null", ""], ";"), basic_state(gpid)], "\t"))
