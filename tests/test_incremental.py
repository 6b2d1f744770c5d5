"""An incremental build writes what a clean build of the same content writes: every output is what its inputs say.

The two builds that said "up to date" over stale print files (the 2026-11-25 code review, §1.6), then what a
one-card edit rebuilds and how `--explain` says why. The property over random edits of every kind of content
is tests/test_incremental_property.py.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from generator.pipeline import BuildRequest, build

CHITS = {
    "game.yaml": """\
        game:
          id: demo
          title: Demo
          source_language: es
          languages: [es]
          palette: {red: "#a02020"}
        factions:
          - {id: rome, name: Roma, color: red}
        piece_kinds:
          - {id: event, name: Evento, symbol: chit, size: "0.75in"}
        """,
    "pieces.yaml": """\
        pieces:
          - {id: storm, name: Tormenta, kind: event, faction: rome, copies: 1, tags: [events]}
          - {id: plague, name: Peste, kind: event, faction: rome, copies: {unknown: "el reglamento no lo dice", assume: 2}, tags: [events]}
        mixes:
          - {id: events, name: Eventos, kind: cup, mark: "A", select: {tags: [events]}}
        """,
    "cards.yaml": """\
        card_types:
          - {id: event, name: Evento, color: red}
        decks:
          - {id: main, name: Mazo, card_type: event}
        cards:
          - {id: ambush, deck: main, number: 1, copies: 1, title: Emboscada, text: "Mueve un ejército."}
          - {id: storm, deck: main, number: 2, title: Tormenta, text: "Pierdes una flota."}
        """,
}


# the same game with a rulebook that quotes the ambush card's title
QUOTED = CHITS | {"rules.yaml": """\
    documents:
      - id: rules
        title: Reglas
        sections:
          - {id: intro, title: Introducción, body: "Robad {card:ambush} al empezar."}
    """}


def files_of(target: Path) -> dict[str, str]:
    return {str(path.relative_to(target)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(target.rglob("*")) if path.is_file()}


def edit_then_compare(write_game, tmp_path, game: dict, edited: dict, only=("counters", "cards")):
    """Build `game`, edit it, build again; then build the edited game clean: the two folders must hold the same
    files, byte for byte. Returns the incremental build's result and its folder."""
    write_game(game)
    request = BuildRequest(only=only, out=tmp_path / "inc", jobs=1, formats=frozenset({"pdf", "svg"}))
    assert build(Path("demo"), request).folders
    write_game(game | edited)
    again = build(Path("demo"), request)
    clean = build(Path("demo"), request._replace(out=tmp_path / "clean"))
    assert again.folders and clean.folders
    assert files_of(again.folders[0]) == files_of(clean.folders[0])
    return again, again.folders[0]


def test_a_new_cup_mark_is_printed_on_its_counters(write_game, tmp_path):
    """Review §1.6 bug 1: the counters' inputs left out `mixes`, so a cup's new mark kept printing the old one."""
    _, target = edit_then_compare(write_game, tmp_path, CHITS,
                                  {"pieces.yaml": CHITS["pieces.yaml"].replace('mark: "A"', 'mark: "B"')})
    face = (target / "counters" / "storm-front.svg").read_text(encoding="utf-8")
    assert ">B<" in face and ">A<" not in face


def test_a_new_unknown_renumbers_the_marks_of_every_output_and_the_manifest(write_game, tmp_path):
    """Review §1.6 bug 2: a card's copies turned into an assumption is a new unknown fact, numbered before the
    counter's (cards.yaml is read first): the counter's mark becomes 2 and the manifest lists both."""
    _, target = edit_then_compare(write_game, tmp_path, CHITS, {"cards.yaml": CHITS["cards.yaml"].replace(
        "copies: 1,", 'copies: {unknown: "el reglamento no lo dice", assume: 1},')})
    manifest = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    assert len(manifest["unknowns"]) == 2


def test_editing_one_card_rebuilds_what_prints_it_and_says_why(write_game, tmp_path):
    game = QUOTED
    write_game(game)
    request = BuildRequest(only=("counters", "cards", "rules"), out=tmp_path / "out", jobs=1,
                           formats=frozenset({"pdf"}))
    build(Path("demo"), request)
    write_game(game | {"cards.yaml": game["cards.yaml"].replace("Pierdes una flota.", "Pierdes dos flotas.")})
    built = build(Path("demo"), request)
    rebuilt = {why.component: why.reason for why in built.why if why.rebuilt}
    assert rebuilt == {"cards": "card 'storm' field 'text' changed"}
    write_game(game | {"cards.yaml": game["cards.yaml"].replace("Emboscada", "Celada")})
    built = build(Path("demo"), request)
    rebuilt = {why.component: why.reason for why in built.why if why.rebuilt}
    assert set(rebuilt) == {"cards", "rules", "html"}           # the rulebook quotes the ambush's title
    assert rebuilt["rules"] == "card 'ambush' field 'title' changed"


def test_editing_one_card_redraws_only_its_face_in_the_play_modules(write_game, tmp_path, monkeypatch):
    """The VASSAL module and the TTS save print every face: after a card's edit both are rebuilt for that card,
    the counters' faces are taken as they were, only the card's face is printed and rasterized again, the save
    takes the module's pictures as they are, and both are what a clean build (nothing in the cache) writes."""
    from generator.render.digital import images
    from generator.render.paper import raster

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    printed, drawn = [], []
    print_alone, cut = raster._printed_alone, images._cut
    monkeypatch.setattr(raster, "_printed_alone", lambda faces, *rest: printed.append(sorted(faces))
                        or print_alone(faces, *rest))
    monkeypatch.setattr(images, "_cut", lambda faces_of, edition, profile: drawn.append(faces_of.__name__)
                        or cut(faces_of, edition, profile))
    write_game(CHITS)
    vassal = BuildRequest(only=("vassal",), out=tmp_path / "inc", jobs=1)     # one job: run in this process
    tts = vassal._replace(only=("tts",))
    assert build(Path("demo"), vassal).folders and build(Path("demo"), tts).folders
    assert drawn == ["counter_faces", "card_faces"] and len(printed) == 2 and "storm-front" in printed[1]
    write_game(CHITS | {"cards.yaml": CHITS["cards.yaml"].replace("Pierdes una flota.", "Pierdes dos flotas.")})
    for request in (vassal, tts):
        built = build(Path("demo"), request)
        assert [(why.component, why.reason) for why in built.why if why.rebuilt] == \
            [(request.only[0], "card 'storm' field 'text' changed")]
    assert drawn[2:] == ["card_faces"] and printed[2:] == [["storm-front"]]     # the save drew nothing
    incremental = files_of(tmp_path / "inc" / "demo" / "es")
    shutil.rmtree(tmp_path / "inc")      # the same folder: the save names its pictures by their URL in it
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cold"))
    for request in (vassal, tts):
        build(Path("demo"), request)
    assert printed[3:] == printed[:2]
    assert files_of(tmp_path / "inc" / "demo" / "es") == incremental


def test_editing_one_card_rasterises_and_writes_only_its_face_in_the_cards_folder(write_game, tmp_path, monkeypatch):
    """cards/*.png and cards/*.svg: after a card's edit only that card's face is printed, rasterised and written
    out as an SVG again (each face's picture is kept under the digest of its own drawing; the whole sheet's pages
    were rasterised on every build), and the folder is what a clean build from an empty cache writes."""
    from generator.render.draw import svg_export
    from generator.render.paper import raster

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    printed, written = [], []
    print_alone, face_svg = raster._printed_alone, svg_export.face_svg
    monkeypatch.setattr(raster, "_printed_alone", lambda faces, *rest: printed.append(sorted(faces))
                        or print_alone(faces, *rest))
    monkeypatch.setattr(svg_export, "face_svg", lambda face, key: written.append(key) or face_svg(face, key))
    write_game(CHITS)
    request = BuildRequest(only=("cards",), out=tmp_path / "inc", jobs=1)      # one job: run in this process
    assert build(Path("demo"), request).folders
    assert printed == [["ambush-front", "main-back", "storm-front"]] and len(written) == 3
    write_game(CHITS | {"cards.yaml": CHITS["cards.yaml"].replace("Pierdes una flota.", "Pierdes dos flotas.")})
    built = build(Path("demo"), request)
    assert [(why.component, why.reason) for why in built.why if why.rebuilt] == \
        [("cards", "card 'storm' field 'text' changed")]
    assert printed[1:] == [["storm-front"]] and written[3:] == ["storm-front"]
    incremental = files_of(tmp_path / "inc" / "demo" / "es")
    assert {"cards/storm-front.png", "cards/storm-front.svg", "cards/main-back.png"} <= set(incremental)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cold"))
    clean = build(Path("demo"), request._replace(out=tmp_path / "clean")).folders[0]
    assert printed[2:] == printed[:1]
    assert files_of(clean) == incremental


def test_a_card_picture_is_its_face_as_the_sheet_prints_it(write_game, tmp_path):
    """Printed alone, a card's PNG still shows the face as the sheet prints it: at the profile's resolution, its
    trim's size, and the sheet's pixels inside its trim but for the edges' anti-aliasing (the face no longer
    falls on the same fraction of a pixel) and the neighbours' cut lines."""
    import pypdfium2
    from PIL import Image, ImageChops, ImageStat

    write_game(CHITS)
    target = build(Path("demo"), BuildRequest(only=("cards",), out=tmp_path / "out", jobs=1)).folders[0]
    manifest = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    placed = next(p for p in manifest["placements"] if p["piece"] == "storm" and p["side"] == "front")
    picture = Image.open(target / "cards" / "storm-front.png")
    assert round(picture.info["dpi"][0]) == 300
    px = 300 / 25.4
    assert picture.size == (round(placed["w_mm"] * px), round(placed["h_mm"] * px))
    page = pypdfium2.PdfDocument((target / "cards.pdf").read_bytes())[placed["page"] - 1]
    sheet = page.render(scale=300 / 72).to_pil().convert("RGB")
    left = round(placed["x_mm"] * px)
    top = round((page.get_height() / 72 * 25.4 - placed["y_mm"] - placed["h_mm"]) * px)
    cut = sheet.crop((left, top, left + picture.width, top + picture.height))
    assert max(ImageStat.Stat(ImageChops.difference(cut, picture.convert("RGB"))).mean) < 4


def test_explain_names_each_output_and_why(write_game, tmp_path, run_cli):
    write_game(CHITS)
    run_cli(["build", "demo", "--only", "counters,cards", "--out", str(tmp_path / "out"), "--jobs", "1"])
    write_game(CHITS | {"pieces.yaml": CHITS["pieces.yaml"].replace("Peste", "Pestilencia")})
    code, out, _ = run_cli(["build", "demo", "--only", "counters,cards", "--out", str(tmp_path / "out"),
                            "--jobs", "1", "--explain"])
    assert code == 0
    assert "demo/es/counters: rebuilt: piece 'plague' field 'name' changed" in out
    assert "demo/es/cards: kept" in out


def test_timings_list_every_phase_and_job_with_its_seconds_and_how_busy_the_workers_were(write_game, tmp_path,
                                                                                         run_cli):
    write_game(CHITS)
    code, out, _ = run_cli(["build", "demo", "--only", "counters,cards", "--out", str(tmp_path / "out"),
                            "--jobs", "2", "--timings"])
    assert code == 0
    rows = {line.split()[1]: line.split()[2:] for line in out.splitlines() if line.startswith("demo: ")}
    assert {"stamp", "check", "plan", "publish", "es/counters", "es/cards"} <= set(rows)
    for job in ("es/counters", "es/cards"):
        started, wall, cpu, peak = map(float, rows[job])
        assert wall > 0 and cpu > 0 and peak > 0          # each job's own worker, measured in that worker
    assert "2 jobs on 2 workers in" in out and "workers busy" in out


def test_a_picture_redrawn_rebuilds_what_prints_it(write_game, tmp_path):
    from tests.edits import png

    game = CHITS | {"cards.yaml": CHITS["cards.yaml"].replace("text: \"Pierdes una flota.\"",
                                                              "text: \"Pierdes una flota.\", image: art/storm.png")}
    write_game(game)
    (tmp_path / "demo" / "art").mkdir()
    (tmp_path / "demo" / "art" / "storm.png").write_bytes(png((10, 120, 10)))
    request = BuildRequest(only=("counters", "cards"), out=tmp_path / "out", jobs=1, formats=frozenset({"pdf"}))
    assert build(Path("demo"), request).folders
    (tmp_path / "demo" / "art" / "storm.png").write_bytes(png((120, 10, 10)))
    built = build(Path("demo"), request)
    assert [(why.component, why.rebuilt, why.reason) for why in built.why] == [
        ("counters", False, ""), ("cards", True, "file art/storm.png changed")]


def test_a_changed_imprenta_is_never_up_to_date(write_game, tmp_path, monkeypatch):
    """An upgrade or a local change to Imprenta's own code, templates or fonts (user_cache.shipped_key) rebuilds
    every output: a build that only compared the version number said "up to date" after a code change."""
    from generator import user_cache

    write_game(CHITS)
    request = BuildRequest(only=("counters", "cards"), out=tmp_path / "out", jobs=1, formats=frozenset({"pdf"}))
    assert build(Path("demo"), request).folders
    assert not [why for why in build(Path("demo"), request).why if why.rebuilt]
    monkeypatch.setattr(user_cache, "shipped_key", lambda: "another imprenta")
    built = build(Path("demo"), request)
    assert [(why.component, why.rebuilt, why.reason) for why in built.why] == [
        ("counters", True, "Imprenta itself (its version, code, templates or fonts) changed"),
        ("cards", True, "Imprenta itself (its version, code, templates or fonts) changed")]


def test_each_output_is_written_whole_as_its_job_ends_the_quickest_first(write_game, tmp_path):
    """What `imprenta serve` shows as each view comes: a card's new face is written, with a manifest that
    describes the folder as it then is, before the living rules that quote the card; the folder ends as the
    same files as a build that writes everything at once."""
    game = QUOTED
    write_game(game)
    target = tmp_path / "early" / "demo" / "es"
    seen = []

    def published(job, found):
        listed = {entry["path"]: entry["sha256"]
                  for entry in json.loads((target / "manifest.json").read_text(encoding="utf-8"))["files"]}
        on_disk = {path: sha for path, sha in files_of(target).items() if path != "manifest.json"}
        seen.append((job[1], listed == on_disk, "Celada" in (target / "rules.html").read_text(encoding="utf-8")
                     if (target / "rules.html").exists() else None))

    request = BuildRequest(only=("cards", "html"), out=tmp_path / "early", jobs=1, formats=frozenset({"svg"}),
                           published=published)
    assert build(Path("demo"), request).folders
    assert [(component, whole) for component, whole, _ in seen] == [("cards", True), ("html", True)]
    write_game(game | {"cards.yaml": game["cards.yaml"].replace("Emboscada", "Celada")})
    seen.clear()
    built = build(Path("demo"), request)
    assert seen == [("cards", True, False), ("html", True, True)]
    assert "Celada" in (target / "cards" / "ambush-front.svg").read_text(encoding="utf-8")
    clean = build(Path("demo"), request._replace(out=tmp_path / "clean", published=None))
    assert files_of(built.folders[0]) == files_of(clean.folders[0])


def test_the_jobs_after_the_first_yield_it_the_cores_when_each_result_is_shown_as_it_comes():
    import os

    from generator.output.scheduling import YIELDING, Limits, run_limited

    heard: list[str] = []
    niceness = run_limited(["first", "second"], lambda item: os.nice(0), 2, Limits(),
                           answered=lambda item, result: heard.append(item))
    assert niceness["second"] == min(19, niceness["first"] + YIELDING) and sorted(heard) == ["first", "second"]
    assert len(set(run_limited(["first", "second"], lambda item: os.nice(0), 2, Limits()).values())) == 1


def test_a_build_stopped_after_its_first_output_keeps_it_and_the_next_build_makes_the_rest(write_game, tmp_path):
    """`imprenta serve` stops the views a new save made stale: what ended is written, and nothing says the
    rest is up to date, so the next build (the content unchanged) makes it and ends as a clean build does."""
    import threading

    game = QUOTED
    write_game(game)
    stop = threading.Event()
    request = BuildRequest(only=("cards", "html"), out=tmp_path / "stopped", jobs=1, formats=frozenset({"svg"}),
                           published=lambda job, found: stop.set(), stop=stop)
    first = build(Path("demo"), request)
    target = tmp_path / "stopped" / "demo" / "es"
    assert (target / "cards" / "ambush-front.svg").is_file() and not (target / "rules.html").exists()
    assert first.folders
    again = build(Path("demo"), request._replace(published=None, stop=None))
    assert [why.component for why in again.why if why.rebuilt] == ["html"]
    clean = build(Path("demo"), request._replace(out=tmp_path / "clean", published=None, stop=None))
    assert files_of(again.folders[0]) == files_of(clean.folders[0])
