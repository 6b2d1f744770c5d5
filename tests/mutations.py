"""Ways to break a content file, shared by the property tests and the long fuzz run (bench/fuzz_content.py).

Each mutation takes the text of a real content file and a random source and
returns a damaged text: what a hurried edit, a bad merge or a hostile
contributor could produce.
"""

from __future__ import annotations

import random

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
