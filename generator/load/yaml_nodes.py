"""Safe YAML to plain values, keeping the file, line and column of every key and value.

PyYAML's `safe_load` forgets positions, keeps the last of two duplicate keys,
and reads YAML 1.1 (`no` is false, `0507` is 507, `1:30` is 90). Imprenta
composes nodes with the C parser instead, resolves plain scalars by the YAML
1.2 core schema plus "a number with a leading zero is text", and turns every
failure into a diagnostic.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from generator.diagnostics import Diagnostic, Span, make
from generator.game_files import Refused, read_bytes, within
from generator.load.yaml_limits import MAX_DEPTH, refused_text
from generator.load.yaml_schema import Loader, yaml11_reading

MAX_NODES = 1_000_000    # values produced from one file, aliases counted at each use (20k counters: ~250k)
MAX_FILE_BYTES = 8 * 1024 * 1024

Path_ = tuple[str | int, ...]

# controls, noncharacters and private use (Imprenta's own placeholders in prose), as themselves or escaped
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ue000-\uf8ff\ufffe\uffff"
                      "\U000f0000-\U0010ffff]")
_CORE_TAGS = {"tag:yaml.org,2002:" + name for name in ("str", "int", "float", "bool", "null", "seq", "map")}


class Document:
    """One loaded YAML file: its plain data and where each part of it was written."""

    def __init__(self, file: PurePosixPath, data: Any, lines: list[str]) -> None:
        self.file, self.data, self.lines = file, data, lines
        self.starts: dict[Path_, tuple[int, int]] = {}       # value's 0-based line, column
        self.key_starts: dict[Path_, tuple[int, int]] = {}
        self.literal: set[Path_] = set()

    def span(self, path: Path_) -> Span:
        """The span of the value at `path`, or of its nearest enclosing value."""
        while path not in self.starts and path:
            path = path[:-1]
        line, column = self.starts.get(path, (0, 0))
        return Span(self.file, line + 1, column + 1)

    def key_span(self, path: Path_) -> Span:
        start = self.key_starts.get(path)
        return Span(self.file, start[0] + 1, start[1] + 1) if start else self.span(path)

    def offset_span(self, path: Path_, offset: int) -> Span:
        """The span of character `offset` inside the string at `path`.

        Exact for literal block scalars (`|`); other scalar styles fold or
        escape their text, so the scalar's own start is returned.
        """
        start = self.span(path)
        if path not in self.literal:
            return start
        text = _value_at(self.data, path)
        before = text[:offset]
        line = start.line + 1 + before.count("\n")
        first = start.line  # 1-based line of the `|`; content starts on the next line
        indent = block_indent(self.lines, first)
        column = indent + len(before) - (before.rfind("\n") + 1) + 1
        return Span(self.file, line, column)


def display_path(path: Path) -> PurePosixPath:
    """The path a user can click: relative to the working directory when it is below it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        relative = str(path)
    if relative.startswith(".."):
        relative = str(path.resolve())
    return PurePosixPath(Path(relative).as_posix())


on_read: Callable[[Path, bytes, tuple[Document | None, list[Diagnostic]]], None] | None = None
"""Told of every file load_file read, with its bytes and its reading (checked_before notes what a check read)."""


def load_file(path: Path, root: Path | None = None) -> tuple[Document | None, list[Diagnostic]]:
    """The YAML file `path`, read only if it is a regular file of `root` (its own folder when not given)
    reached without a symbolic link."""
    shown = display_path(path)
    try:
        raw = read_bytes(within(path.parent if root is None else root, path), MAX_FILE_BYTES)
    except Refused as refusal:      # the place is the file itself; its lines are never shown
        return None, [make(refusal.code if refusal.code != "SCH011" else "SEC002",
                           f"{shown} {refusal.reason}; it is not read", Span(shown, 1, 1))]
    from generator.load.parsed import remembered

    result = remembered(path, raw, shown, lambda: _load_bytes(raw, shown))
    if on_read is not None:
        on_read(path, raw, result)
    return result


def _load_bytes(raw: bytes, shown: PurePosixPath) -> tuple[Document | None, list[Diagnostic]]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        return None, [make("YML002", f"{shown} is not UTF-8 text (byte {error.start})", Span(shown, line, 1),
                           "Save the file as UTF-8.")]
    return load_text(text, shown)


def load_text(text: str, shown: PurePosixPath) -> tuple[Document | None, list[Diagnostic]]:
    refused = refused_text(text, shown)       # before the C parser, which crashes on deep nesting
    if refused is not None:
        return None, [refused]
    try:
        node = _composed(text, shown)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        span = Span(shown, mark.line + 1, mark.column + 1) if mark else Span(shown, 1, 1)
        problem = error.problem or error.context or "invalid YAML"
        return None, [make("YML001", f"YAML syntax error: {problem}", span, _syntax_hint(problem))]
    except yaml.YAMLError as error:
        return None, [make("YML001", f"YAML syntax error: {error}", Span(shown, 1, 1))]
    except RecursionError:
        return None, [make("YML005", f"the document nests deeper than {MAX_DEPTH} levels", Span(shown, 1, 1))]
    document = Document(shown, None, text.splitlines())
    if node is None:
        document.data = {}
        return document, []
    problem = _measure(node, shown) if "&" in text else None   # without an anchor no node is shared
    if problem:
        return None, [problem]
    # a control character is written as itself, or as an escape in a double-quoted value ("\a", "\x07")
    builder = _Builder(document, may_hold_controls="\\" in text or _CONTROL.search(text) is not None)
    try:
        document.data = builder.build(node, (), 0)
    except _TooLarge as error:
        return None, builder.diagnostics + [error.diagnostic]
    return document, builder.diagnostics


_kept: dict[PurePosixPath, tuple[str, yaml.Node | None]] = {}     # file → its last text and nodes (parses_kept)
_keeping = [False]


@contextlib.contextmanager
def parses_kept():
    """Within it, a file whose text is as when last parsed is not parsed again: `imprenta serve` loads every
    file of the game on each save of one. Only the nodes are kept, which nothing changes."""
    _keeping[0] = True
    try:
        yield
    finally:
        _keeping[0] = False


def _composed(text: str, shown: PurePosixPath) -> yaml.Node | None:
    if _keeping[0] and shown in _kept and _kept[shown][0] == text:
        return _kept[shown][1]
    loader = Loader(text)
    try:
        node = loader.get_single_node()
    finally:
        loader.dispose()
    if _keeping[0]:
        _kept[shown] = (text, node)
    return node


def _measure(root: yaml.Node, shown: PurePosixPath) -> Diagnostic | None:
    """Refuse documents whose aliases expand too far or which nest too deep, before building anything.

    Sizes are memoised per node, so a billion-laughs document costs as many
    steps as it has distinct nodes, not as many as it would expand to.
    """
    sizes: dict[int, int] = {}

    def size(node: yaml.Node, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise _TooLarge(make("YML005", f"the document nests deeper than {MAX_DEPTH} levels",
                                 Span(shown, node.start_mark.line + 1, node.start_mark.column + 1)))
        known = sizes.get(id(node))
        if known is not None:
            return known
        if isinstance(node, yaml.MappingNode):
            total = 1 + sum(size(k, depth + 1) + size(v, depth + 1) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            total = 1 + sum(size(item, depth + 1) for item in node.value)
        else:
            total = 1
        if total > MAX_NODES:
            raise _TooLarge(make("YML004", f"the document expands to more than {MAX_NODES} values",
                                 Span(shown, node.start_mark.line + 1, node.start_mark.column + 1),
                                 "A chain of aliases expands exponentially; write the values out."))
        sizes[id(node)] = total
        return total

    try:
        size(root, 0)
    except _TooLarge as error:
        return error.diagnostic
    return None


_MAPPING, _SEQUENCE, _SCALAR = yaml.MappingNode, yaml.SequenceNode, yaml.ScalarNode    # nodes are never subclassed


class _TooLarge(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        self.diagnostic = diagnostic


class _Builder:
    def __init__(self, document: Document, may_hold_controls: bool = True) -> None:
        self.document = document
        self.may_hold_controls = may_hold_controls    # a file without any is not searched value by value
        self.diagnostics: list[Diagnostic] = []
        self.count = 0

    def span(self, mark) -> Span:
        return Span(self.document.file, mark.line + 1, mark.column + 1)

    def build(self, node: yaml.Node, path: Path_, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooLarge(make("YML004", f"the document expands to more than {MAX_NODES} values",
                                 self.span(node.start_mark),
                                 "A chain of aliases expands exponentially; write the values out."))
        if depth > MAX_DEPTH:
            raise _TooLarge(make("YML005", f"the document nests deeper than {MAX_DEPTH} levels",
                                 self.span(node.start_mark)))
        mark = node.start_mark
        starts = self.document.starts
        if path not in starts:
            starts[path] = (mark.line, mark.column)
        kind = type(node)
        if kind is not _SCALAR and node.tag not in _CORE_TAGS:
            self.diagnostics.append(make("SCH002", f"the tag {node.tag[:60]} is not supported",
                                         self.span(mark), "Content files use plain YAML values; remove the tag."))
        if kind is _MAPPING:
            return self.mapping(node, path, depth)
        if kind is _SEQUENCE:
            return [self.build(item, path + (index,), depth + 1) for index, item in enumerate(node.value)]
        if node.style == "|":
            self.document.literal.add(path)
        return self.scalar(node)

    def mapping(self, node: yaml.MappingNode, path: Path_, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        key_starts, starts = self.document.key_starts, self.document.starts
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.diagnostics.append(make("SCH002", "merge keys (<<) are not supported",
                                             self.span(key_node.start_mark), "Write the keys out."))
                continue
            if type(key_node) is not _SCALAR:
                self.diagnostics.append(make("SCH002", "a mapping key must be a plain value, not a "
                                             + ("list" if isinstance(key_node, yaml.SequenceNode) else "mapping"),
                                             self.span(key_node.start_mark)))
                continue
            key = key_node.value
            if key in result:
                self.diagnostics.append(make(
                    "YML003", f"key '{key}' appears twice in this mapping", self.span(key_node.start_mark),
                    "Remove one of them; YAML would silently keep only the last.",
                    [("first written here", self.document.key_span(path + (key,)))]))
                continue
            mark = key_node.start_mark
            below = path + (key,)
            key_starts[below] = (mark.line, mark.column)
            if type(value_node) is _SCALAR and self.count < MAX_NODES and depth < MAX_DEPTH:
                self.count += 1          # what `build` does for a scalar, without a call per value
                mark = value_node.start_mark
                if below not in starts:
                    starts[below] = (mark.line, mark.column)
                if value_node.style == "|":
                    self.document.literal.add(below)
                result[key] = self.scalar(value_node)
            else:
                result[key] = self.build(value_node, below, depth + 1)
        return result

    def scalar(self, node: yaml.ScalarNode) -> Any:
        value = node.value
        mark = node.start_mark
        tag = node.tag
        surprise = yaml11_reading(value) if not node.style and tag == "tag:yaml.org,2002:str" else None
        if surprise:                                             # plain: style None from PyYAML, "" from libyaml
            self.diagnostics.append(make("YML008", f"'{value}' is read here as the text {value!r}, but YAML 1.1 "
                                                   f"tools (and many editors' linters) read it as {surprise}",
                                         self.span(mark),
                                         f"Quote it (\"{value}\") so every tool reads the same thing."))
        if tag == "tag:yaml.org,2002:str" or node.style is not None:
            if node.style is None or tag == "tag:yaml.org,2002:str":
                return self.text(value, mark)
        if tag == "tag:yaml.org,2002:null":
            return None
        if tag == "tag:yaml.org,2002:bool":
            return value.lower() == "true"
        if tag == "tag:yaml.org,2002:int":
            try:
                return int(value, 0) if value[:2] in ("0o", "0x") else int(value)
            except ValueError:
                self.diagnostics.append(make("YML006", f"'{value[:20]}' cannot be read as a whole number (too "
                                                       f"long, or not a number)", self.span(mark),
                                             "Quote it if it is text."))
                return None
        if tag == "tag:yaml.org,2002:float":
            try:
                return float(value.replace(".inf", "inf").replace(".Inf", "inf").replace(".INF", "inf")
                             .replace(".nan", "nan").replace(".NaN", "nan").replace(".NAN", "nan"))
            except ValueError:
                self.diagnostics.append(make("YML006", f"'{value[:20]}' is not a number", self.span(mark),
                                             "Quote it if it is text."))
                return None
        if tag == "!":
            return self.text(value, mark)
        self.diagnostics.append(make("SCH002", f"the tag {tag[:60]} is not supported", self.span(mark),
                                     "Content files use plain YAML values; remove the tag."))
        return self.text(value, mark)

    def text(self, value: str, mark) -> str:
        match = _CONTROL.search(value) if self.may_hold_controls else None
        if match:
            self.diagnostics.append(make("YML009", f"the text holds the character U+{ord(match.group()):04X}, "
                                         f"which cannot be printed", self.span(mark),
                                         "Remove it; use a real line break for a new line."))
            value = _CONTROL.sub("", value)
        return value


def _value_at(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def block_indent(lines: list[str], indicator_line: int) -> int:
    for line in lines[indicator_line:]:
        if line.strip():
            return len(line) - len(line.lstrip(" "))
    return 0


def _syntax_hint(problem: str) -> str:
    if "mapping values are not allowed" in problem:
        return "A colon followed by a space starts a mapping; quote text that contains ': '."
    if "found character '\\t'" in problem or "tab" in problem:
        return "YAML indents with spaces, never tabs."
    if "found undefined alias" in problem:
        return "An alias (*name) needs an anchor (&name) earlier in the same file."
    return ""
