"""Jinja2 for rulebooks and aids: sandboxed, strict about undefined names, escaping by default.

Templates come from the game's own `templates/` first, then the shipped ones,
so a publisher can restyle one game without touching the others. Every template
is found and read through the game-file confinement (no link is followed, no
name leaves its folder), and must be UTF-8.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from jinja2 import BaseLoader, FileSystemBytecodeCache, StrictUndefined, TemplateNotFound
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment, SecurityError

from generator.diagnostics import make
from generator.game_files import Refused, read_bytes
from generator.render.context import Rendered, RenderRequest
from generator.render.templates import find

MAX_TEMPLATE = 4 * 1024 * 1024


class ConfinedLoader(BaseLoader):
    def __init__(self, game_folder: Path | None) -> None:
        self.game_folder = game_folder

    def get_source(self, environment, template: str):
        relative = "/".join(split_template_path(template))      # refuses `..`
        try:
            path = find(relative, self.game_folder)
            if path is None:
                raise TemplateNotFound(template)
            read = read_bytes(path, MAX_TEMPLATE)
            source = read.decode("utf-8")
        except Refused as refusal:
            raise TemplateNotFound(f"{template} {refusal.reason}") from None
        except UnicodeDecodeError as error:
            raise TemplateNotFound(f"{template} is not UTF-8 text (byte {error.start})") from None

        def uptodate() -> bool:
            """Compiled once per process, again only when the file is edited or a game's own template now
            overrides (or no longer overrides) the shipped one (`imprenta watch`). The bytes are compared, not
            the modification time, whose clock may not tick between two quick edits; reading a template is
            cheap, compiling it is not."""
            try:
                return find(relative, self.game_folder) == path and read_bytes(path, MAX_TEMPLATE) == read
            except Refused:
                return False
        return source, str(path), uptodate


MAX_MADE = 1_000_000       # the longest text or list a template may make with one operator, filter or call
_WIDE_PERCENT = re.compile(r"%[-+ #0]*(?:\d{4,}|\*)|%[-+ #0]*\d*\.(?:\d{4,}|\*)")
_WIDE_BRACES = re.compile(r"\{[^{}]*:[^{}]*?(?:\d{4,}|\{)[^{}]*\}")


class BoundedSandbox(SandboxedEnvironment):
    """Jinja2's sandbox, with the work a number can ask for bounded: `'a' * 10**10`, `9 ** 9 ** 9`,
    `'a'|center(10**9)` or a format width of 10**9 in a game's template is a finding (LAY005), not a build
    that fills the memory. (Jinja2 already bounds `range`.)"""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.filters = {name: _bounded(function, name == "format") for name, function in self.filters.items()}

    def call_binop(self, context, operator: str, left, right):
        if operator == "*":
            for sized, times in ((left, right), (right, left)):
                if isinstance(sized, (str, list, tuple)) and isinstance(times, int) \
                        and len(sized) * times > MAX_MADE:
                    raise SecurityError(f"the template repeats a text or list {times} times, making more than "
                                        f"{MAX_MADE} items")
        elif operator == "**" and isinstance(right, (int, float)) and abs(right) > 64:
            raise SecurityError(f"the template raises a number to the power {right}; the most is 64")
        elif operator == "%" and isinstance(left, str):
            _refuse_wide(left)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja2's own signature
        _refuse_huge(args, kwargs)
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value):
        if isinstance(getattr(value, "__self__", None), str) and getattr(value, "__name__", "") in (
                "format", "format_map"):
            _refuse_wide(value.__self__)
        return super().wrap_str_format(value)


def _bounded(function, formats: bool):
    import functools

    from jinja2.nodes import EvalContext
    from jinja2.runtime import Context

    @functools.wraps(function)          # keeps Jinja2's pass_context marks
    def bounded(*args, **kwargs):
        passed = 1 if args and isinstance(args[0], (Context, EvalContext, SandboxedEnvironment)) else 0
        if not formats:         # the value filtered (and the values formatted) may be any number; sizes may not
            _refuse_huge(args[passed + 1:], kwargs)
        elif len(args) > passed and isinstance(args[passed], str):
            _refuse_wide(args[passed])
        return function(*args, **kwargs)
    return bounded


def _refuse_huge(args: tuple, kwargs: dict) -> None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_MADE:
            raise SecurityError(f"the template passes the number {value}; the most is {MAX_MADE}")


def _refuse_wide(text: str) -> None:
    if _WIDE_PERCENT.search(text) or _WIDE_BRACES.search(text):
        raise SecurityError("the template formats a value with a width or precision of 1000 or more")


OPTIONS = {"autoescape": True, "trim_blocks": True, "lstrip_blocks": True, "keep_trailing_newline": True}


class CompiledTemplates(FileSystemBytecodeCache):
    """Templates compiled once, kept in the user's cache under their name and the digest of their source (Jinja2's
    own bytecode cache): a render job in a fresh process, or each refresh of `imprenta serve`, reuses the code
    instead of compiling the rulebook's 25 templates again (most of the living rules' time). A changed source
    never matches its old code; a cache that cannot be written is not used."""

    def __init__(self) -> None:
        from generator.user_cache import cache_folder

        folder = cache_folder("templates")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
        # Code compiled for another sandbox (what it intercepts) or other options is never taken for this one's.
        import hashlib

        made_as = hashlib.sha256(repr((sorted(BoundedSandbox.intercepted_binops),
                                       sorted(BoundedSandbox.intercepted_unops), OPTIONS)).encode()).hexdigest()[:12]
        super().__init__(str(folder), f"sandboxed-{made_as}-%s.cache")

    def load_bytecode(self, bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, ValueError, EOFError):
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


@functools.cache
def _compiled() -> CompiledTemplates:
    return CompiledTemplates()


@functools.lru_cache(maxsize=16)
def environment(game_folder: Path | None) -> SandboxedEnvironment:
    """One environment per game folder and process, so its templates are compiled once, not on every render
    (a rulebook's render compiled every included template anew: a tenth of a rebuild); across processes, the
    compiled code comes from the user's cache."""
    return BoundedSandbox(loader=ConfinedLoader(game_folder), undefined=StrictUndefined, bytecode_cache=_compiled(),
                          **OPTIONS)


# A broken template is a finding, never a traceback -----------------------------------------------------------

def guarded(function):
    """Renderers of Jinja2 templates: a broken template is a LAY005 at its line, not a traceback."""
    import functools

    from jinja2 import TemplateError

    @functools.wraps(function)
    def render(request: RenderRequest) -> Rendered:
        try:
            return function(request)
        except (TemplateError, RecursionError, MemoryError) as error:
            from generator.diagnostics import Span

            frame_file, frame_line = template_frame(error)
            if not isinstance(error, TemplateError) and frame_file is None:
                raise                   # not the template's doing: the render's limits report it (OUT004)
            name = getattr(error, "filename", None) or frame_file or getattr(error, "name", None) or "a template"
            line = getattr(error, "lineno", None) or frame_line
            span = Span(shown_name(name), line or 1, 1)
            why = (getattr(error, "message", None) or str(error)) if isinstance(error, TemplateError) else \
                "it calls or includes itself without end" if isinstance(error, RecursionError) else \
                "it makes a text too large for the memory"
            return Rendered(diagnostics=[make("LAY005", f"the template {Path(str(name)).name} cannot be used: "
                                                        f"{why}", span,
                                              "Fix the template; the output is not written.")], failed=True)
    return render


def template_frame(error: Exception) -> tuple[str | None, int | None]:
    """Jinja2 puts template frames in the traceback with the template's own file and line."""
    import traceback

    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if frame.filename.endswith(".j2"):
            return frame.filename, frame.lineno
    return None, None


def shown_name(name: str):
    from pathlib import PurePosixPath

    from generator.load.yaml_nodes import display_path

    path = Path(name)
    return display_path(path) if path.is_absolute() else PurePosixPath(name)
