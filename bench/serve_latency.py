"""Save-to-visible latency of `imprenta serve`: from writing a YAML file to the open page showing the change, in a
real browser (Debian's Chromium, headless), on a copy of Mar y Acero. Three edits, each repeated:

    python3 bench/serve_latency.py [--repeat 3]

- a card's title  → the card's picture in the page (budget 1 s)
- a counter's name → the counter's picture (budget 1 s)
- a rules section's title → the living rules in the page (budget 2 s)

Run it on a quiet machine: the figure is wall time, and the PDFs' build runs beside it at low priority.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.serve.app import bound_port, make_server  # noqa: E402

EDITS = [  # (what, file, old, new, the page shows it when this script is true)
    ("card title", "cards.yaml", "title: Testamento de Colón", "title: Últimas voluntades {n}",
     "figure[data-path=\"cards/columbus-testament-front.svg\"]", 1.0),
    ("counter name", "pieces.yaml", "name: Cristóbal Colón", "name: Almirante {n}",
     "figure[data-path=\"counters/columbus-front.svg\"]", 1.0),
    ("rules section title", "rules.yaml", "title: Preparación", "title: Despliegue {n}", "#rules iframe", 2.0),
]


def main() -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "mar-y-acero"
        shutil.copytree(ROOT / "content" / "mar-y-acero", folder)
        server = make_server(folder, "es", Path(temporary) / "build", port=0)
        serving = threading.Thread(target=server.run, daemon=True)
        serving.start()
        while not server.started:
            time.sleep(0.05)
        options = Options()
        options.binary_location = shutil.which("chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
            options.add_argument(argument)
        options.page_load_strategy = "eager"
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        try:
            driver.get(f"http://127.0.0.1:{bound_port(server)}/")
            _until(driver, "return document.querySelector('#status').dataset.version")
            _until(driver, "return document.querySelector('figure[data-path=\"cards/columbus-testament-front.svg\"]')")
            time.sleep(3)                       # the first PDFs' build has started beside it, as in real use
            for what, name, old, new, shown, budget in EDITS:
                path = folder / name
                seconds = []
                for n in range(repeat):
                    text = path.read_text(encoding="utf-8")
                    before = _shown(driver, shown)
                    current = old if n == 0 else new.format(n=n - 1)
                    path.write_text(text.replace(current, new.format(n=n), 1), encoding="utf-8")
                    saved = time.monotonic()
                    _until(driver, f"return {_probe(shown)} !== {before!r}")
                    seconds.append(time.monotonic() - saved)
                print(f"{what:20} median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s "
                      f"(budget {budget:g} s, ratio {statistics.median(seconds) / budget:.2f}; "
                      f"load average {os.getloadavg()[0]:.1f})")
        finally:
            driver.quit()
            server.should_exit = True
            serving.join(10)            # serve's shutdown stops its PDFs' build, which would slow the next run


def _probe(selector: str) -> str:
    """What changes in the page when the view is redrawn: the picture's digest, or the frame's address."""
    element = f"document.querySelector('{selector}')"
    return f"({element}?.dataset.sha || {element}?.src || '')"


def _shown(driver, selector: str) -> str:
    return driver.execute_script(f"return {_probe(selector)}")


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
