"""SEC003, SEC004, LAY005: a game's own templates/ are UTF-8, parse, and put nothing active in an output.

The rulebook PDF refuses scripts and remote resources because WeasyPrint runs no script and fetches
through a confined fetcher; a browser opening rules.html would do both. So the same refusals are made of
the HTML itself: here for every template a game ships (located at its line, when `imprenta check` runs),
and again on the finished living rules (a template can assemble `<scr` + `ipt>` at render time).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from generator.diagnostics import Diagnostic, Span, make
from generator.game_files import MAX_READ, Refused, files_under, read_bytes
from generator.load.yaml_nodes import display_path
from generator.model import Game

SHIPPED_PROFILES = ("home", "press")
_TEXT_TEMPLATES = (".j2", ".html", ".css", ".htm")
_FORBIDDEN_TAGS = {"script", "iframe", "frame", "object", "embed", "applet", "base", "form", "portal"}
_URL_ATTRIBUTES = {"href", "src", "srcset", "action", "formaction", "poster", "data", "background", "xlink:href",
                   "cite", "longdesc", "manifest", "ping"}
_LINKS = {"a", "area"}      # followed only when the reader clicks: a link to a web page is not a load
_SCRIPT_URL = re.compile(r"^\s*(javascript|vbscript|livescript)\s*:", re.IGNORECASE)
_SCHEME = re.compile(r"^\s*([a-zA-Z][a-zA-Z0-9+.-]*):")
_CSS_URL = re.compile(r"(?:url\(\s*['\"]?|@import\s+['\"])\s*([^'\")\s]*)", re.IGNORECASE)
_CSS_SCRIPT = re.compile(r"expression\s*\(|javascript:|behavior\s*:|-moz-binding", re.IGNORECASE)


def active_content(html: str, allowed_files: tuple[str, ...] = ()) -> list[tuple[int, int, str]]:
    """(line, column, what) for every script, event handler or remote resource in an HTML text. A URL that
    starts with one of `allowed_files` (Imprenta's own fonts, for the print stylesheet) is not remote."""
    finder = _ActiveContent(allowed_files)
    finder.feed(html)
    finder.close()
    return finder.found


CONTENT_SECURITY_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self' "
                           "data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
_HEAD = re.compile(r"<head(\s[^>]*)?>", re.IGNORECASE)


def with_policy(html: str) -> str:
    """The living rules with a Content-Security-Policy that forbids every script and every remote load, first in
    <head> (a later, weaker policy a template adds cannot loosen it: a browser enforces every policy given)."""
    meta = f'\n<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
    head = _HEAD.search(html)
    if head is None:
        return meta.lstrip() + "\n" + html
    return html[:head.end()] + meta + html[head.end():]


def remote(url: str, allowed_files: tuple[str, ...] = ()) -> bool:
    """A URL a reader's browser would fetch from elsewhere: any scheme but data: images, or //host."""
    url = url.strip()
    if url.startswith(allowed_files) and allowed_files:
        return False
    if url.startswith("//") or url.startswith("\\\\"):
        return True
    scheme = _SCHEME.match(url)
    if scheme is None:
        return False
    return not (scheme.group(1).lower() == "data" and url[5:].lstrip().lower().startswith(("image/", "font/")))


class _ActiveContent(HTMLParser):
    def __init__(self, allowed_files: tuple[str, ...]) -> None:
        super().__init__(convert_charrefs=True)
        self.allowed = allowed_files
        self.found: list[tuple[int, int, str]] = []
        self._in_style = False

    def _add(self, what: str) -> None:
        line, column = self.getpos()
        self.found.append((line, column + 1, what))

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in _FORBIDDEN_TAGS:
            self._add(f"a <{tag}> element")
        if tag == "meta" and any(name == "http-equiv" and (value or "").lower() == "refresh" for name, value in attrs):
            self._add("a <meta http-equiv=refresh>")
        for name, value in attrs:
            if name.startswith("on"):
                self._add(f"an event handler ({name}=)")
            elif name in _URL_ATTRIBUTES and value and _SCRIPT_URL.match(value):
                self._add(f"a script URL ({name}=\"{value[:60]}\")")
            elif name in _URL_ATTRIBUTES and value and not (tag in _LINKS and name == "href") and \
                    any(remote(part.split()[0] if part.split() else "", self.allowed) for part in value.split(",")):
                self._add(f"a remote resource ({name}=\"{value[:60]}\")")
            elif name == "style" and value:
                self._css(value)
        self._in_style = tag == "style"

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self._css(data)

    def _css(self, css: str) -> None:
        line, column = self.getpos()
        for at_line, at_column, what in css_problems(css, self.allowed):
            self.found.append((line + at_line - 1, (column + at_column) if at_line == 1 else at_column, what))


def css_problems(css: str, allowed_files: tuple[str, ...] = ()) -> list[tuple[int, int, str]]:
    """(line, column, what) for every remote resource or script in a stylesheet."""
    found = [(match.start(1), f"a remote stylesheet resource ({match.group(1)[:60]})")
             for match in _CSS_URL.finditer(css) if remote(match.group(1), allowed_files)]
    found += [(match.start(), "script in a stylesheet") for match in _CSS_SCRIPT.finditer(css)]
    return [(css.count("\n", 0, offset) + 1, offset - (css.rfind("\n", 0, offset) + 1) + 1, what)
            for offset, what in sorted(found)]


def check_templates(game: Game) -> Iterator[Diagnostic]:
    base = game.folder / "templates"
    files, _ = files_under(base)          # links are reported (SEC001) by the loader
    for path in files:
        relative = path.relative_to(base).as_posix()
        shown = display_path(path)
        if relative.startswith("profiles/") and path.stem in SHIPPED_PROFILES:
            yield make("SEC003", f"templates/{relative} has the name of a shipped profile; `{path.stem}` still "
                                 f"means the shipped one, and this file is not used", Span(shown, 1, 1))
        if path.suffix in _TEXT_TEMPLATES:
            yield from _template_problems(path, shown, relative)


def _template_problems(path: Path, shown, relative: str = "") -> Iterator[Diagnostic]:
    try:
        data = read_bytes(path, MAX_READ)
        text = data.decode("utf-8")
    except Refused as refusal:
        yield make("LAY005", f"{shown} {refusal.reason}", Span(shown, 1, 1))
        return
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        yield make("LAY005", f"{shown} is not UTF-8 text (byte {error.start})", Span(shown, line, 1),
                   "Save the template as UTF-8.")
        return
    if path.suffix == ".j2":
        from jinja2 import TemplateSyntaxError
        from jinja2.sandbox import SandboxedEnvironment

        try:
            parsed = SandboxedEnvironment().parse(text)
            yield from _includes_itself(parsed, relative, shown)
        except TemplateSyntaxError as error:
            yield make("LAY005", f"the template cannot be read: {error.message}", Span(shown, error.lineno or 1, 1))
        except RecursionError:          # Jinja2's parser recurses about a dozen frames per bracket
            line, column = _deepest(text)
            yield make("LAY005", "the template nests brackets too deeply to be read", Span(shown, line, column),
                       "Write the expression with fewer nested brackets.")
            return
    found = css_problems(text) if ".css" in path.name else active_content(text)
    for line, column, what in found:
        yield make("SEC004", f"the template puts {what} in the rulebook or living rules", Span(shown, line, column))


def _includes_itself(parsed, relative: str, shown) -> Iterator[Diagnostic]:
    """A template that includes, imports or extends itself would recurse until the build stops it."""
    from jinja2 import nodes

    for node in parsed.find_all((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
        if isinstance(node.template, nodes.Const) and node.template.value == relative:
            yield make("LAY005", f"the template {relative} includes itself, which never ends",
                       Span(shown, node.lineno, 1), "Include another template, or move the shared part to one.")
            return


def _deepest(text: str) -> tuple[int, int]:
    """(line, column) of the first bracket at the greatest depth of nesting."""
    depth, deepest, at = 0, 0, 0
    for offset, char in enumerate(text):
        if char in "([{":
            depth += 1
            if depth > deepest:
                deepest, at = depth, offset
        elif char in ")]}":
            depth = max(depth - 1, 0)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1
