"""Save-to-visible latency of `imprenta serve`: from writing a YAML file to the open page showing the change, in a
real browser (Debian's Chromium, headless), on a copy of Mar y Acero. Three edits, each repeated:

    python3 bench/serve_latency.py [--repeat 5]

- a card's title  → the card's new picture loaded in the page (budget 1 s)
- a counter's name → the counter's new picture (budget 1 s)
- a rules section's title → the new living rules loaded in the page's frame (budget 2 s)

Each edit waits a second after the last was seen, as a designer looks before saving again (a save made while
the views of the last are still being drawn stops them; `watch` includes that stop). Below each figure,
the medians of where the time went, which are steadier than the wall time on a shared machine:
- watch: the save to the server starting its build;
- check, plan: the build's phases (in this process);
- written: from the save being seen to the view being written and announced (check and plan included);
- to page: the announcement to the browser asking for the new file (the event stream and the page's script);
- fetched: the browser's request for it; shown: the file fetched to the picture on the page;
and the CPU seconds of the check, the plan and the view's own render job (in its forked process).

Run it on a quiet machine: the figure is wall time, and the PDFs' build runs beside it at low priority.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import pipeline  # noqa: E402
from generator.serve.app import bound_port, make_server  # noqa: E402

EDITS = [  # (what, file, old, new, the view's path, the element showing it, budget in seconds)
    ("card title", "cards.yaml", "title: Testamento de Colón", "title: Últimas voluntades {n}",
     "cards/columbus-testament-front.svg", "figure[data-path=\"cards/columbus-testament-front.svg\"]", 1.0),
    ("counter name", "pieces.yaml", "name: Cristóbal Colón", "name: Almirante {n}",
     "counters/columbus-front.svg", "figure[data-path=\"counters/columbus-front.svg\"]", 1.0),
    ("rules section title", "rules.yaml", "title: Preparación", "title: Despliegue {n}", "rules.html",
     "#rules iframe", 2.0),
]
PAUSE = 1.0                     # seconds between one edit seen and the next save

phases: list[tuple[str, float, float, float]] = []    # (phase, when it ended (time.time()), seconds, CPU seconds)
JOBS = tempfile.TemporaryFile()           # each render job's line, from the forked process that ran it


def _timed(name: str) -> None:
    """Note each run of pipeline.<name> (the server's builds run in this process)."""
    original = getattr(pipeline, name)

    def run(*args, **kwargs):
        started, cpu = time.perf_counter(), time.thread_time()
        try:
            return original(*args, **kwargs)
        finally:
            phases.append((name.strip("_"), time.time(), time.perf_counter() - started, time.thread_time() - cpu))

    setattr(pipeline, name, run)


def _timed_jobs() -> None:
    """Note each render job's CPU time, in the process that ran it (one line each, appended whole)."""
    from generator.output import jobs

    original = jobs.render_job

    def render_job(state, language, component):
        cpu = time.process_time()
        try:
            return original(state, language, component)
        finally:
            os.write(JOBS.fileno(), f"{component} {time.time()} {time.process_time() - cpu}\n".encode())

    jobs.render_job = render_job


def _job_cpu(component: str, saved: float, seen: float) -> float | None:
    for line in reversed(os.pread(JOBS.fileno(), 1 << 20, 0).decode().splitlines()):
        name, ended, cpu = line.split()
        if name == component and saved <= float(ended) <= seen:
            return float(cpu)
    return None


def main() -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    for name in ("_check", "_plan"):
        _timed(name)
    _timed_jobs()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "mar-y-acero"
        shutil.copytree(ROOT / "content" / "mar-y-acero", folder)
        server = make_server(folder, "es", Path(temporary) / "build", port=0)
        serving = threading.Thread(target=server.run, daemon=True)
        serving.start()
        while not server.started:
            time.sleep(0.05)
        url = f"http://127.0.0.1:{bound_port(server)}"
        announced: list[tuple[float, dict]] = []       # each snapshot the server sent, and when it arrived here
        threading.Thread(target=_listen, args=(url, announced), daemon=True).start()
        options = Options()
        options.binary_location = shutil.which("chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
            options.add_argument(argument)
        options.page_load_strategy = "eager"
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        driver.set_script_timeout(120)
        try:
            driver.get(url + "/")
            _until(driver, "return document.querySelector('#status').dataset.version")
            _until(driver, "return document.querySelector('figure[data-path=\"cards/columbus-testament-front.svg\"]')"
                           "?.dataset.shown")
            time.sleep(3)                       # the first PDFs' build has started beside it, as in real use
            for what, name, old, new, view, shown, budget in EDITS:
                path = folder / name
                seconds, parts = [], []
                for n in range(repeat):
                    time.sleep(PAUSE)
                    text = path.read_text(encoding="utf-8")
                    before = driver.execute_script(f"performance.clearResourceTimings(); "
                                                   f"return {_probe(shown)}")
                    current = old if n == 0 else new.format(n=n - 1)
                    saved = time.time()
                    path.write_text(text.replace(current, new.format(n=n), 1), encoding="utf-8")
                    seen = _seen(driver, shown, before)
                    seconds.append(seen - saved)
                    parts.append(_parts(driver, view, saved, seen, announced))
                print(f"{what:20} median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s "
                      f"(budget {budget:g} s, ratio {statistics.median(seconds) / budget:.2f}; "
                      f"load average {os.getloadavg()[0]:.1f})")
                named = dict.fromkeys(part for p in parts for part in p)     # a file the browser kept has no fetch
                medians = {part: statistics.median(p[part] for p in parts if part in p) for part in named}
                for cpu in (False, True):
                    print(" " * 21 + ("CPU seconds: " if cpu else "") + " · ".join(
                        f"{part.removeprefix('CPU ')} {seconds:.2f}" for part, seconds in medians.items()
                        if part.startswith("CPU ") == cpu))
        finally:
            driver.quit()
            server.should_exit = True
            serving.join(10)            # serve's shutdown stops its PDFs' build, which would slow the next run


def _probe(selector: str) -> str:
    """The digest of the view the page shows loaded: a picture's, or the living rules' frame's."""
    return f"(document.querySelector('{selector}')?.dataset.shown || '')"


def _seen(driver, selector: str, before: str) -> float:
    """When (time.time()) the page showed another picture than `before`: watched in the page, every frame."""
    return driver.execute_async_script(f"""
        const done = arguments[arguments.length - 1];
        const look = () => {_probe(selector)} !== {json.dumps(before)}
            ? done((performance.timeOrigin + performance.now()) / 1000) : requestAnimationFrame(look);
        look();""")


def _parts(driver, view: str, saved: float, seen: float, announced: list) -> dict[str, float]:
    """Where the time from `saved` to `seen` went (see the module's docstring)."""
    deadline = time.monotonic() + 10             # this process's own listener may be a moment behind the page
    while not (snapshot := next((s for _, s in announced if s["started"] >= saved and view in s["changed"]), None)):
        if time.monotonic() > deadline:
            raise SystemExit(f"no announcement of {view} heard")
        time.sleep(0.01)
    ready = snapshot["started"] + snapshot["seconds"]
    fetched = driver.execute_script(
        "const entry = performance.getEntriesByType('resource').filter(e => e.name.includes(arguments[0])).pop();"
        "return entry ? [performance.timeOrigin + entry.startTime, performance.timeOrigin + entry.responseEnd]"
        " .map(t => t / 1000) : null;", "/view/" + view + "?v=" + snapshot["views"][view][:12])
    during = {phase: (seconds, cpu) for phase, ended, seconds, cpu in phases if saved <= ended <= seen}
    parts = {"watch": snapshot["started"] - saved, "check": during.get("check", (0.0,))[0],
             "plan": during.get("plan", (0.0,))[0], "written": snapshot["seconds"]}
    if fetched:
        parts.update({"to page": fetched[0] - ready, "fetched": fetched[1] - fetched[0], "shown": seen - fetched[1]})
    component = "html" if view.endswith(".html") else view.split("/")[0]
    parts.update({"CPU check": during.get("check", (0, 0.0))[1], "CPU plan": during.get("plan", (0, 0.0))[1]})
    job = _job_cpu(component, saved, seen)
    if job is not None:
        parts[f"CPU {component} job"] = job
    return parts


def _listen(url: str, announced: list) -> None:
    with urllib.request.urlopen(url + "/events", timeout=600) as stream:
        for line in stream:
            if line.startswith(b"data: "):
                announced.append((time.time(), json.loads(line[6:])))


def _until(driver, script: str, seconds: float = 120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.02)
    raise SystemExit(f"not seen in {seconds} s: {script}")


if __name__ == "__main__":
    main()
