"""Ways to break a content file, shared by the property tests and the long fuzz run (bench/fuzz_content.py).

Each mutation takes the text of a real content file and a random source and
returns a damaged text: what a hurried edit, a bad merge or a hostile
contributor could produce.
"""

from __future__ import annotations

import random
import re

NASTY = [":", "{", "}", "[", "]", "-", "&a", "*a", "!!python/object:os.system", "|", ">", "'", '"', "\t", "#",
         "%", "@", "`", "\\x00", "\\u0007", "{ref:", "{count:pieces", "{{ 7*7 }}", "../../etc/passwd", "NO", "on",
         "1:30", "0o17", "2024-02-30", "9" * 400, "ñ", "—", "回", "\U0001F600", "\u202e", " " * 3, "\n", "\n  - ",
         "[" * 80, "{unknown: x}", "null", "~", "-1", "1e309", ".inf", "0x1F", "<<: *a"]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True) or [""]
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(7)
        index = rng.randrange(len(lines))
        line = lines[index]
        if kind == 0 and line:                       # delete a span of characters
            start = rng.randrange(len(line))
            lines[index] = line[:start] + line[start + rng.randint(1, 6):]
        elif kind == 1:                              # insert something nasty
            at = rng.randrange(len(line) + 1)
            lines[index] = line[:at] + rng.choice(NASTY) + line[at:]
        elif kind == 2:                              # duplicate a line (duplicate keys, duplicate ids)
            lines.insert(index, line)
        elif kind == 3 and len(lines) > 1:           # drop a line
            del lines[index]
        elif kind == 4:                              # shift indentation
            lines[index] = (" " * rng.choice((1, 2, 4)) + line) if rng.random() < 0.5 else line.lstrip()
        elif kind == 5 and len(lines) > 1:           # swap two lines
            other = rng.randrange(len(lines))
            lines[index], lines[other] = lines[other], lines[index]
        else:                                        # replace a value after a colon
            if ": " in line:
                key, _, _ = line.partition(": ")
                lines[index] = f"{key}: {rng.choice(NASTY)}\n"
        if not lines:
            lines = [""]
    return "".join(lines)


# The typed set: damage aimed at what the loader and the checks do with values, not at YAML's syntax.
_NUMBER = re.compile(r"(?<![\w.#-])-?\d+(?:\.\d+)?(?![\w.])")
_VALUE = re.compile(r"(?P<key>[\w-]+): (?P<value>[^,{}\[\]\n#]+)")
HUGE = ["3000000000", "-3000000000", "1" + "0" * 30, "9" * 400, "1e309", "-1e309", "1e-300", "4294967297",
        "1-3000000000", "-3000000000-3000000000", "0-99999", "2147483648", "-0", "0x7fffffffffffffff"]
NOT_A_NUMBER = [".nan", ".NaN", ".inf", "-.inf", "+.inf", ".INF", "nan", "inf", "1e400", "-1e400"]
OTHER_TYPES = ["[]", "{}", "[1, 2]", "{a: 1}", "null", "~", "true", "false", "yes", "''", "'7'", "7", "7.5",
               "[[[]]]", "{unknown: x}", "{unknown: x, assume: 3000000000}", "!!binary AAAA", "2024-01-01"]


def mutate_typed(text: str, rng: random.Random) -> str:
    """1–4 of: a value swapped for another type, a number made huge or NaN/inf, a key deleted, an anchor
    duplicated or aliased into other places, a mapping merged into itself."""
    lines = text.splitlines(keepends=True) or [""]
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        index = rng.randrange(len(lines))
        line = lines[index]
        values = list(_VALUE.finditer(line))
        numbers = list(_NUMBER.finditer(line))
        if kind == 0 and values:                     # a value of another type
            found = rng.choice(values)
            lines[index] = line[:found.start("value")] + rng.choice(OTHER_TYPES) + line[found.end("value"):]
        elif kind == 1 and numbers:                  # a number made huge, or a range of billions
            found = rng.choice(numbers)
            lines[index] = line[:found.start()] + rng.choice(HUGE) + line[found.end():]
        elif kind == 2 and numbers:                  # NaN and infinities where a number was
            found = rng.choice(numbers)
            lines[index] = line[:found.start()] + rng.choice(NOT_A_NUMBER) + line[found.end():]
        elif kind == 3 and values:                   # a key deleted (inline), or its whole line
            found = rng.choice(values)
            if rng.random() < 0.5 and line.strip().startswith(found.group()):
                del lines[index]
            else:
                end = found.end() + (1 if line[found.end():found.end() + 1] == "," else 0)
                lines[index] = line[:found.start()] + line[end:]
        elif kind == 4 and values:                   # an anchor, defined twice and aliased elsewhere
            found = rng.choice(values)
            anchored = line[:found.start("value")] + "&a " + line[found.start("value"):]
            lines[index] = anchored
            lines.insert(rng.randrange(len(lines) + 1), anchored)
            target = rng.randrange(len(lines))
            aliases = list(_VALUE.finditer(lines[target]))
            if aliases:
                other = rng.choice(aliases)
                lines[target] = (lines[target][:other.start("value")] + rng.choice(["*a", "[*a, *a, *a]", "*b"])
                                 + lines[target][other.end("value"):])
        elif kind == 5 and line.strip().startswith("- "):    # a list item that merges an anchored item
            indent = line[:len(line) - len(line.lstrip())]
            lines[index] = line.replace("- ", "- &m ", 1)
            lines.insert(index + 1, f"{indent}- {{<<: *m, <<: *m}}\n" if rng.random() < 0.5 else
                         f"{indent}- <<: [*m, *m]\n")
        if not lines:
            lines = [""]
    return "".join(lines)
