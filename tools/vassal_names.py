"""Extract, from a checkout of VASSAL's source, the names a module's buildFile.xml and piece definitions may use.

    python3 tools/vassal_names.py PATH/TO/vassal [--commit SHA] [CLASS…] > tests/data/vassal-names.json

For each buildFile element class (its full Java name) the output lists the string literals of its source file
and of every superclass the file extends (which is where VASSAL declares the attribute names its
`setAttribute`/`getAttributeNames` read), and for each piece trait class the type prefix it declares (`ID`).
`tests/render/test_digital.py` checks every element, attribute and trait the exports write against that list,
so the module cannot drift into names VASSAL does not read. Re-run it on a newer VASSAL to follow a release.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

SOURCE = "vassal-app/src/main/java"
TRAITS = ("VASSAL.counters.BasicPiece", "VASSAL.counters.Embellishment", "VASSAL.counters.FreeRotator",
          "VASSAL.counters.Obscurable")
_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_EXTENDS = re.compile(r"\bclass\s+\w+(?:<[^{]*?>)?\s+extends\s+([\w.]+)")
_IMPORT = re.compile(r"^import\s+([\w.]+)\s*;", re.M)


def java_file(root: Path, name: str) -> Path:
    return root / SOURCE / (name.replace(".", "/") + ".java")


def superclass(root: Path, name: str, text: str) -> str | None:
    found = _EXTENDS.search(text)
    if not found:
        return None
    parent = found.group(1)
    if "." in parent:
        return parent
    for imported in _IMPORT.findall(text):
        if imported.rsplit(".", 1)[-1] == parent:
            return imported
    same_package = name.rsplit(".", 1)[0] + "." + parent
    return same_package if java_file(root, same_package).is_file() else None


def names(root: Path, name: str) -> list[str] | None:
    """String literals that look like attribute names, from the class and its superclasses in VASSAL; None when
    VASSAL has no such class."""
    if not java_file(root, name).is_file():
        return None
    found: set[str] = set()
    seen: set[str] = set()
    while name and name not in seen and java_file(root, name).is_file():
        seen.add(name)
        text = java_file(root, name).read_text(encoding="utf-8", errors="replace")
        found.update(literal for literal in _LITERAL.findall(text) if re.fullmatch(r"[A-Za-z][\w]{0,39}", literal))
        name = superclass(root, name, text)
    return sorted(found)


def trait_id(root: Path, name: str) -> str:
    text = java_file(root, name).read_text(encoding="utf-8", errors="replace")
    return re.search(r'\bString\s+ID\s*=\s*"([^"]+)"', text).group(1)


def main(argv: list[str]) -> None:
    root, argv = Path(argv[0]), argv[1:]
    if argv[:1] == ["--commit"]:
        commit, argv = argv[1], argv[2:]
    else:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    classes = argv or sorted(json.loads(Path("tests/data/vassal-names.json").read_text())["elements"])
    json.dump({"vassal_commit": commit.strip() or None,
               "elements": {name: names(root, name) for name in classes},
               "traits": {name: trait_id(root, name) for name in TRAITS}}, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
