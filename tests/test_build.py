"""A publisher rebuilds often: unchanged outputs are left alone, edits rebuild what they touch, kills lose nothing."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from pypdf import PdfReader

from generator.pipeline import BuildRequest, build

GAME = {
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
          - {id: legion, name: Legión, symbol: infantry, size: "0.5in", value_format: "{attack}-{defence}"}
        """,
    "pieces.yaml": """\
        pieces:
          - {id: legion, name: Legión, kind: legion, faction: rome, copies: 30, front: {values: {attack: 4, defence: 3}}}
        """,
    "cards.yaml": """\
        card_types:
          - {id: event, name: Evento, color: red}
        decks:
          - {id: main, name: Mazo, card_type: event}
        cards:
          - {id: ambush, deck: main, number: 1, title: Emboscada, text: "Mueve un ejército."}
          - {id: storm, deck: main, number: 2, title: Tormenta, text: "Pierdes una flota."}
        """,
    "map.yaml": """\
        map:
          kind: zones
          width: 150
          height: 100
          locations:
            - {id: north, type: zone, name: Norte, adjacent: [south], shape: {rect: [10, 10, 60, 30]}}
            - {id: south, type: zone, name: Sur, adjacent: [north], shape: {rect: [10, 60, 60, 30]}}
        """,
}


def snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    return {str(p.relative_to(folder)): (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_second_build_writes_nothing_and_an_edit_rebuilds_only_what_it_touches(write_game, tmp_path):
    write_game(GAME)
    request = BuildRequest(only=("counters", "cards", "map"), out=tmp_path / "out", jobs=1)
    target = build(Path("demo"), request).folders[0]
    first = snapshot(target)
    time.sleep(0.01)
    build(Path("demo"), request)
    assert snapshot(target) == first                      # same bytes, same times: nothing was rewritten
    write_game(GAME | {"cards.yaml": GAME["cards.yaml"].replace("Pierdes una flota.", "Pierdes dos flotas.")})
    build(Path("demo"), request)
    after = snapshot(target)
    changed = {path for path in after if after[path] != first.get(path)}
    assert "cards.pdf" in changed and "manifest.json" in changed
    assert not any(path.startswith(("counters", "map")) for path in changed), changed


def test_an_incremental_build_equals_a_clean_build_of_the_same_content(write_game, tmp_path):
    write_game(GAME)
    incremental = BuildRequest(only=("counters", "cards", "map"), out=tmp_path / "inc", jobs=1)
    build(Path("demo"), incremental)
    write_game(GAME | {"pieces.yaml": GAME["pieces.yaml"].replace("copies: 30", "copies: 12")})
    build(Path("demo"), incremental)
    clean = build(Path("demo"), BuildRequest(only=("counters", "cards", "map"), out=tmp_path / "clean", jobs=1))
    one, two = snapshot(tmp_path / "inc" / "demo" / "es"), snapshot(clean.folders[0])
    assert {k: v[0] for k, v in one.items()} == {k: v[0] for k, v in two.items()}


def test_two_processes_with_the_same_source_date_epoch_write_the_same_bytes(write_game, tmp_path):
    folder = write_game(GAME | {"rules.yaml": """\
        documents:
          - id: rules
            title: Reglas
            sections:
              - {id: intro, title: Introducción, body: "Lee {ref:combat}."}
              - {id: combat, title: Combate, body: "Usa {table:fight}."}
        """, "tables.yaml": """\
        tables:
          - {id: fight, title: Combate, dice: 1d6, rows: [{roll: 1-3, result: Nada}, {roll: 4-6, result: Gana}]}
        """})
    environment = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PYTHONHASHSEED="random")
    outputs = []
    for name in ("a", "b"):     # into one OUT (a TTS save names its local pictures by OUT's address), moved aside
        subprocess.run([sys.executable, "-m", "generator", "build", str(folder), "--out", str(tmp_path / "out"), "-q"],
                       check=True, env=environment, capture_output=True)
        (tmp_path / "out").rename(tmp_path / name)
        outputs.append({k: v[0] for k, v in snapshot(tmp_path / name / "demo" / "es").items()})
    assert outputs[0] == outputs[1]
    assert {"rules.pdf", "rules.html", "aids.pdf", "counters.pdf", "cards.pdf", "map.svg"} <= set(outputs[0])


def test_a_build_killed_at_any_moment_leaves_every_previous_output_whole(write_game, tmp_path):
    folder = write_game(GAME)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "generator", "build", str(folder), "--only", "counters,cards,map", "--out",
               str(out), "-q", "--force", "-j", "1"]
    subprocess.run(command, check=True, capture_output=True)
    target = out / "demo" / "es"
    names = {p.name for p in target.iterdir() if not p.name.startswith(".")}
    random.seed(7)
    for _ in range(20):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(random.uniform(0.05, 1.2))
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert not _left_behind(str(out)), "a killed build left its jobs running"
        assert {p.name for p in target.iterdir() if not p.name.startswith(".")} == names
        for pdf in target.glob("*.pdf"):
            assert len(PdfReader(pdf).pages) >= 1
        for png in (target / "counters").glob("*.png"):
            assert png.read_bytes()[:4] == b"\x89PNG"


def _left_behind(marker: str, seconds: float = 5.0) -> list[int]:
    """The processes whose command line names `marker` still alive after `seconds` (Linux's /proc)."""
    deadline = time.monotonic() + seconds
    while True:
        alive = []
        for entry in Path("/proc").iterdir():
            try:
                if entry.name.isdigit() and marker in (entry / "cmdline").read_bytes().decode(errors="replace") \
                        and (entry / "stat").read_text().split(") ")[-1][:1] != "Z":
                    alive.append(int(entry.name))
            except OSError:
                continue
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


def test_an_output_that_breaks_keeps_its_previous_files_and_the_others_are_built(write_game, tmp_path, monkeypatch):
    write_game(GAME)
    request = BuildRequest(only=("counters", "cards"), out=tmp_path / "out", jobs=1)
    target = build(Path("demo"), request).folders[0]
    cards_before = (target / "cards.pdf").read_bytes()

    def broken(request):
        raise RuntimeError("simulated bug")

    monkeypatch.setitem(__import__("generator.render", fromlist=["RENDERERS"]).RENDERERS, "cards", broken)
    write_game(GAME | {"pieces.yaml": GAME["pieces.yaml"].replace("copies: 30", "copies: 5"),
                       "cards.yaml": GAME["cards.yaml"].replace("Emboscada", "Celada")})
    result = build(Path("demo"), request)
    failure = [d for d in result.diagnostics if d.code == "OUT002"]
    assert failure and "cards (es)" in failure[0].message and "simulated bug" in failure[0].message
    assert (target / "cards.pdf").read_bytes() == cards_before
    manifest = __import__("json").loads((target / "manifest.json").read_text(encoding="utf-8"))
    assert len([p for p in manifest["placements"] if p["component"] == "counters" and p["side"] == "front"]) == 5


def test_a_render_that_runs_away_is_stopped_and_reported_and_the_others_are_built(write_game, tmp_path, monkeypatch):
    write_game(GAME)
    renderers = __import__("generator.render", fromlist=["RENDERERS"]).RENDERERS

    def forever(request):
        time.sleep(60)

    def hungry(request):
        return bytearray(64 * 1024 ** 3)        # 64 GB: far past the memory limit

    monkeypatch.setitem(renderers, "map", forever)
    monkeypatch.setitem(renderers, "cards", hungry)
    started = time.monotonic()
    result = build(Path("demo"), BuildRequest(only=("counters", "cards", "map"), out=tmp_path / "out",
                                              time_limit=2.0))
    assert time.monotonic() - started < 30
    stopped = [d for d in result.diagnostics if d.code == "OUT004"]
    assert stopped and "map (es)" in stopped[0].message and "2 s" in stopped[0].message
    assert any(d.code in ("OUT002", "OUT004") and "cards (es)" in d.message for d in result.diagnostics)
    target = tmp_path / "out" / "demo" / "es"
    assert (target / "counters.pdf").is_file() and not (target / "map.svg").exists()


def test_a_lone_render_runs_under_the_same_limits_and_leaves_them_as_they_were(write_game, tmp_path, monkeypatch):
    import resource
    import signal

    write_game(GAME)
    renderers = __import__("generator.render", fromlist=["RENDERERS"]).RENDERERS
    handler, address_space = signal.getsignal(signal.SIGALRM), resource.getrlimit(resource.RLIMIT_AS)

    def forever(request):
        time.sleep(60)

    def hungry(request):
        return bytearray(64 * 1024 ** 3)        # 64 GB: far past the memory limit

    for renderer, expected in ((forever, "ran past the 2 s limit"), (hungry, "MemoryError")):
        monkeypatch.setitem(renderers, "map", renderer)
        started = time.monotonic()
        result = build(Path("demo"), BuildRequest(only=("map",), out=tmp_path / "out", time_limit=2.0))
        assert time.monotonic() - started < 30
        [stopped] = [d for d in result.diagnostics if d.code in ("OUT002", "OUT004")]
        assert "map (es)" in stopped.message and expected in stopped.message
        assert result.folders == [] and not (tmp_path / "out" / "demo" / "es" / "map.svg").exists()
        assert signal.getsignal(signal.SIGALRM) == handler and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        assert resource.getrlimit(resource.RLIMIT_AS) == address_space


def test_an_isolated_lone_render_that_crashes_does_not_end_the_build(write_game, tmp_path, monkeypatch):
    import os

    write_game(GAME)
    monkeypatch.setitem(__import__("generator.render", fromlist=["RENDERERS"]).RENDERERS, "map",
                        lambda request: os._exit(9))
    result = build(Path("demo"), BuildRequest(only=("map",), out=tmp_path / "out", isolate=True))
    [stopped] = [d for d in result.diagnostics if d.code == "OUT004"]
    assert "map (es)" in stopped.message and "code 9" in stopped.message


def test_digests_of_large_files_kept_in_the_user_cache_follow_the_files(tmp_path, monkeypatch):
    import hashlib
    import json
    import os

    from generator.output import digests

    def fresh_process():
        digests._stored_digests.cache_clear()
        digests._digest_of.cache_clear()

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    fresh_process()
    try:
        font = tmp_path / "big.ttf"
        font.write_bytes(b"x" * 100_000)
        expected = hashlib.sha256(font.read_bytes()).hexdigest()
        assert digests.file_digest_of(str(font)) == expected
        store = tmp_path / "cache" / "imprenta" / "file-digests.json"
        assert json.loads(store.read_text())[str(font)][2] == expected

        fresh_process()
        font.write_bytes(b"y" * 100_000)                   # same size, another time: hashed again
        os.utime(font, ns=(1, 1))
        changed = hashlib.sha256(b"y" * 100_000).hexdigest()
        assert digests.file_digest_of(str(font)) == changed
        for damaged in ('{"a": 3, ' + json.dumps(str(font)) + ': "not a list"}', "not json"):
            store.write_text(damaged)
            fresh_process()
            assert digests.file_digest_of(str(font)) == changed
    finally:
        fresh_process()
