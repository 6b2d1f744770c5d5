"""`imprenta serve` as a designer uses it: a real browser (Debian's Chromium, headless, driven by Selenium)
opens the preview of Mar y Acero; a card's title is edited in the YAML and the card's picture changes in the
open page; a gap is made in a table and the finding appears with its file:line, then goes when it is mended.
The server answers nothing outside the game folder and its build output."""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
WAIT = 120                    # seconds: a loaded CI machine; the latency itself is printed and benchmarked

needs_browser = pytest.mark.skipif(
    not (CHROMIUM and DRIVER) and os.environ.get("CI") != "true",
    reason="Chromium and chromedriver are Debian's chromium and chromium-driver (setup.sh installs them)")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Mar y Acero copied aside and served on a free port of 127.0.0.1: (game folder, base URL)."""
    from generator.serve.app import bound_port, make_server

    folder = tmp_path_factory.mktemp("served") / "mar-y-acero"
    shutil.copytree(ROOT / "content" / "mar-y-acero", folder)
    server = make_server(folder, "es", folder.parent / "build", port=0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    yield folder, f"http://127.0.0.1:{bound_port(server)}"
    server.should_exit = True
    thread.join(timeout=30)


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(argument)
    options.page_load_strategy = "eager"           # the event stream never ends: do not wait for it
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def _until(driver, script: str, seconds: float = WAIT):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not seen in {seconds} s: {script}")


def _card_words(driver, card: str) -> str:
    """The words the card's SVG, as the page shows it now, prints (lines joined by spaces)."""
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", _card_svg(driver, card)))


def _card_svg(driver, card: str) -> str:
    return driver.execute_script(f"""
        const img = document.querySelector('figure[data-path="cards/{card}-front.svg"] img');
        if (!img || !img.src) return "";
        const request = new XMLHttpRequest(); request.open("GET", img.src, false); request.send();
        return request.responseText;""")


def _edit(path: Path, old: str, new: str) -> float:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return time.monotonic()


@needs_browser
def test_a_card_title_edited_in_the_yaml_changes_the_card_in_the_open_page(served, browser):
    folder, url = served
    browser.get(url)
    _until(browser, "return document.querySelector('#status').dataset.version")
    _until(browser, "return document.querySelector('figure[data-path=\"cards/columbus-testament-front.svg\"] img')"
                    "?.src")
    assert "Testamento de Colón" in _card_words(browser, "columbus-testament")
    figure = "document.querySelector('figure[data-path=\"cards/columbus-testament-front.svg\"]')"
    before = browser.execute_script(f"return {figure}.dataset.sha")
    saved = _edit(folder / "cards.yaml", "title: Testamento de Colón", "title: Últimas voluntades")
    _until(browser, f"return {figure}.dataset.shown === {figure}.dataset.sha && {figure}.dataset.sha !== '{before}'"
                    f" && {figure}.classList.contains('changed')")      # the new picture loaded, and marked
    seen = time.monotonic() - saved
    words = _card_words(browser, "columbus-testament")
    assert "Últimas voluntades" in words and "Testamento de Colón" not in words
    print(f"\ncard edit visible in the browser {seen:.2f} s after the save")


@needs_browser
def test_a_table_gap_shows_its_finding_at_its_line_and_the_finding_goes_when_mended(served, browser):
    folder, url = served
    browser.get(url)
    _until(browser, "return document.querySelector('#status').dataset.version")
    tables = folder / "tables.yaml"
    line = tables.read_text(encoding="utf-8").splitlines().index(
        next(l for l in tables.read_text(encoding="utf-8").splitlines() if "{roll: 3, result: El atacante" in l)) + 1
    _edit(tables, "{roll: 3, result: El atacante", "{roll: 33, result: El atacante")
    finding = _until(browser, "return [...document.querySelectorAll('#findings li')].map(li => li.textContent)"
                              ".find(text => text.includes('TBL001'))")
    assert "tables.yaml:" in finding
    _until(browser, "return document.querySelector('#status').classList.contains('refused')")
    browser.execute_script("[...document.querySelectorAll('#findings li')].find(li => li.dataset.code === "
                           "'TBL001').click()")
    shown = _until(browser, "return document.querySelector('#source .here')?.textContent")
    assert "roll:" in shown and "tables.yaml:" in browser.find_element("css selector", "#source .at").text
    _edit(tables, "{roll: 33, result: El atacante", "{roll: 3, result: El atacante")
    _until(browser, "return ![...document.querySelectorAll('#findings li')].some(li => li.dataset.code === "
                    "'TBL001')")
    assert line > 0


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def _raw(base: str, path: str, host: str = "127.0.0.1") -> str:
    """A request sent as written, without a client's tidying of `..` in the path."""
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer.decode("latin-1")


def test_the_server_answers_nothing_outside_the_game_and_its_build(served, tmp_path):
    folder, url = served
    secret = tmp_path / "secret.txt"
    secret.write_text("CANARY-1f3e", encoding="utf-8")
    (folder / "linked.yaml").symlink_to(secret)
    for path in ("/view/../../../../etc/passwd", "/view/%2e%2e/%2e%2e/etc/passwd", "/print/..%2f..%2fsecret.txt",
                 "/source?file=../../etc/passwd&line=1", "/source?file=/etc/passwd&line=1",
                 "/source?file=linked.yaml&line=1", f"/source?file={secret}&line=1", "/view/%2fetc%2fpasswd"):
        answer = _raw(url, path)
        assert answer.split(" ", 2)[1] in ("404", "400"), (path, answer[:200])
        assert "CANARY" not in answer and "root:" not in answer
    assert " 200 " in _raw(url, "/source?file=cards.yaml&line=3").split("\r\n")[0]
    assert _raw(url, "/state", host="evil.example").split(" ", 2)[1] == "400"     # DNS rebinding refused
    assert _get(url + "/state") == 200
