"""The `imprenta` command: parse, call the pipeline, print, return an exit code. No logic here.

Parsing is the standard library's argparse: a build or a check starts about 30 ms
sooner than with click, which mattered for the quick commands (`check` of one game, a
small counter sheet) that designers run on every save.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

from generator import __version__
from generator.commands import (UsageError, calibrate, game_folders, i18n_export, i18n_import, i18n_init,
                                i18n_stamp, i18n_status, inventory, preflight, printed_as_data, schema)

_FINDINGS = ("text", "json", "sarif")
_PAPERS = ("a4", "letter", "a3", "tabloid")


def check(args: argparse.Namespace) -> int:
    from generator import pipeline
    from generator.diagnostics import reporting
    from generator.diagnostics import Policy, has_errors

    folders = game_folders(args.path)
    policy = Policy(ignore=_codes(args.ignore), select=_codes(args.select), strict=args.strict)
    found = pipeline.check_all(folders, policy, release=args.release)
    if not printed_as_data(found, args.output_format):
        if found:
            print(reporting.as_text(found, show_source=not args.quiet))
        if not args.quiet:
            print(f"{len(folders)} game{'s' * (len(folders) != 1)} checked: {reporting.summary(found)}",
                  file=sys.stderr if found else sys.stdout)
    return 1 if has_errors(found) else 0


def build(args: argparse.Namespace) -> int:
    from generator import pipeline
    from generator.diagnostics import reporting
    from generator.diagnostics import has_errors
    from generator.render import RENDERERS

    folders = game_folders(args.path)
    parts = _codes(args.only)
    unknown = [part for part in parts if part not in RENDERERS]
    if unknown:
        raise UsageError(f"no component {', '.join(unknown)}; known: {', '.join(RENDERERS)}")
    kinds = frozenset(_codes(args.formats))
    if not kinds <= {"pdf", "svg", "png"}:
        raise UsageError("--formats takes pdf, svg and png")
    overrides = (("paper", args.paper), ("backs", args.backs), ("flip", args.flip), ("dpi", args.dpi),
                 ("release", args.release))
    show_progress = not args.quiet and args.output_format == "text" and sys.stderr.isatty()
    found, written, fresh, notes = [], [], set(), []
    for folder in folders:
        progress = _progress(folder.name) if show_progress else None
        asked = () if args.languages.strip() == "all" else _codes(args.languages)
        request = pipeline.BuildRequest(parts, asked, args.profile, overrides, args.out, kinds, args.jobs,
                                        args.force, progress, since=args.since or "")
        built = pipeline.build(folder, request)
        if show_progress:
            print(file=sys.stderr)
        found.extend(built.diagnostics)
        written.extend(built.folders)
        fresh.update(built.fresh)
        notes.extend(_note_summary(folder, built.notes))
    if not printed_as_data(found, args.output_format):
        shown = found if args.notes else [d for d in found if d.severity.name != "NOTE"]
        if shown:
            print(reporting.as_text(shown, show_source=not args.quiet), file=sys.stderr)
        if not args.quiet and not args.notes:
            for line in notes:
                print(line, file=sys.stderr)
        for target in written:
            print(f"{'up to date' if target in fresh else 'built'} {target}")
        if not written:
            print("nothing built", file=sys.stderr)
    return 1 if has_errors(found) or not written else 0


def _note_summary(folder: Path, notes: dict[str, int]) -> list[str]:
    """One line per kind of note, with the command that lists them: a build shows what to do, not 89 notes."""
    from generator.diagnostics.codes import CODES

    lines = []
    for code, count in notes.items():
        what = "unknown fact" if code == "UNK001" else f"note{'s' * (count != 1)} {code} ({CODES[code].title})"
        what = f"{what}{'s' * (count != 1)}" if code == "UNK001" else what
        lines.append(f"{count} {what}: `imprenta check {folder} --select {code}` lists them")
    return lines


def watch(args: argparse.Namespace) -> int:
    import time

    from generator import pipeline

    from generator.diagnostics import reporting

    folders = game_folders(args.path)
    request = pipeline.BuildRequest(_codes(args.only), _codes(args.languages), args.profile, (), args.out,
                                    isolate=True)
    seen: dict[Path, tuple] = {}
    try:
        while True:
            for folder in folders:
                state = _watched_state(folder)
                if seen.get(folder) == state:
                    continue
                seen[folder] = state
                started = time.perf_counter()
                try:
                    built = pipeline.build(folder, request)
                except Exception as error:  # noqa: BLE001 - a bug on one save must not end the watcher
                    print(f"{folder.name}: not built: a bug in Imprenta ({type(error).__name__}: {error}); "
                          f"please report it", file=sys.stderr, flush=True)
                    continue
                shown = [d for d in built.diagnostics if d.severity.name != "NOTE"]
                if shown:
                    print(reporting.as_text(shown), file=sys.stderr)
                print(f"{time.strftime('%H:%M:%S')} {folder.name}: "
                      f"{'built' if built.folders else 'not built'} in {time.perf_counter() - started:.1f} s "
                      f"({reporting.summary(built.diagnostics)})", flush=True)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        return 0


def _watched_state(folder: Path) -> tuple:
    """What a save changes: every file's name, size and times (links by name only; nothing is followed)."""
    from generator.load.game_files import files_under

    files, links = files_under(folder, frozenset({"build"}))
    state = []
    for path in files:
        try:
            status = path.stat()
        except OSError:
            continue
        state.append((str(path), status.st_size, status.st_mtime_ns, status.st_ctime_ns))
    return tuple(state) + tuple(str(link) for link in links)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="imprenta", description="Imprenta: board wargames from YAML to paper.")
    top.add_argument("--version", action="version", version=f"imprenta, version {__version__}")
    commands = top.add_subparsers(title="commands", metavar="COMMAND", required=True)

    def command(group, function, help_text: str, **kwargs) -> argparse.ArgumentParser:
        name = kwargs.pop("name", function.__name__)
        sub = group.add_parser(name, help=help_text, description=help_text, **kwargs)
        sub.set_defaults(run=function, parser=sub)
        return sub

    found = command(commands, check, "Check a game folder (or every game in a folder) and report every problem found.")
    found.add_argument("path", nargs="?", type=Path, default=Path("content"),
                       help="A game folder, or a folder of games (default: %(default)s).")
    _findings_option(found)
    found.add_argument("--strict", action="store_true", help="Treat warnings as errors.")
    found.add_argument("--select", default="", metavar="CODES",
                       help="Report only these codes or prefixes (comma-separated).")
    found.add_argument("--ignore", default="", metavar="CODES", help="Do not report these codes or prefixes.")
    found.add_argument("--quiet", "-q", action="store_true", help="No source lines nor summary in text output.")
    found.add_argument("--release", action="store_true",
                       help="Also report what a release build refuses: every unknown fact (REL001).")

    made = command(commands, build, "Check a game, then build its print files into OUT/<game>/<lang>/.")
    made.add_argument("path", nargs="?", type=Path, default=Path("content/mar-y-acero"),
                      help="A game folder, or a folder of games (default: %(default)s).")
    _component_options(made, "Build only these components (comma-separated): counters, cards…")
    made.add_argument("--paper", choices=_PAPERS, help="Overrides the profile's paper.")
    made.add_argument("--backs", choices=("duplex", "fold", "none"), help="Overrides the profile's backs.")
    made.add_argument("--flip", choices=("long", "short"), help="Duplex flip edge (overrides the profile).")
    made.add_argument("--dpi", type=_number_in(int, 36, 1200), help="Resolution of PNG images (overrides the profile).")
    made.add_argument("--formats", default="pdf,svg,png", help="Which kinds of file to write (default: %(default)s).")
    made.add_argument("--jobs", "-j", type=_number_in(int, 0, 256), default=0,
                      help="Worker processes (default: one per core).")
    made.add_argument("--force", action="store_true", help="Rebuild outputs whose inputs did not change.")
    kind = made.add_mutually_exclusive_group()
    kind.add_argument("--release", action="store_const", const=True, default=None,
                      help="A release: refuse a game with unknown facts (the default of the press profile).")
    kind.add_argument("--proof", dest="release", action="store_const", const=False,
                      help="A proof: print unknown facts as numbered marks with a proof sheet (the default of home).")
    made.add_argument("--since", metavar="REF", help="Compare with an earlier version (a git revision such as v1.0, "
                      "or a folder): change bars and 'new' marks in the rules, errata.pdf, reprint sheets.")
    made.add_argument("--notes", action="store_true", help="Print every note, not one summary line per kind.")
    _findings_option(made)
    made.add_argument("--quiet", "-q", action="store_true")

    watched = command(commands, watch, "Rebuild a game whenever one of its files is saved, and print what the "
                                       "checker finds. Ctrl-C stops.")
    watched.add_argument("path", nargs="?", type=Path, default=Path("content/mar-y-acero"),
                         help="A game folder, or a folder of games (default: %(default)s).")
    _component_options(watched, "Components to rebuild (default: all).")
    watched.add_argument("--interval", type=_number_in(float, 0.1, 60), default=0.5,
                         help="Seconds between looks (default: %(default)s).")

    sheet = command(commands, calibrate, "Print a duplex calibration sheet; its back shows the back_offset to put "
                                         "in your print profile.")
    sheet.add_argument("--paper", choices=_PAPERS, default="a4", help="(default: %(default)s)")
    sheet.add_argument("--flip", choices=("long", "short"), default="long", help="(default: %(default)s)")
    sheet.add_argument("--lang", dest="language", default="en", choices=("en", "es"),
                       help="Language of the instructions (default: %(default)s).")
    sheet.add_argument("--out", type=Path, default=Path("build/calibration.pdf"), help="(default: %(default)s)")

    flight = command(commands, preflight, "Check PDFs as a print shop would: CMYK only, PDF/X output intent, "
                                          "fonts embedded, image resolution, total ink, small text, boxes, bleed.")
    flight.add_argument("files", nargs="+", type=Path, metavar="FILE.pdf")
    flight.add_argument("--profile", default="press", help="The print profile whose bleed, resolution and ink "
                                                          "limits apply (default: %(default)s).")
    _findings_option(flight)

    counted = command(commands, inventory, "The bill of materials of a game, counted from its data.")
    counted.add_argument("path", type=Path)
    counted.add_argument("--format", dest="output_format", choices=("text", "json"), default="text")

    shapes = command(commands, schema, "Print the JSON Schema of content files (or translation files) for editors.")
    shapes.add_argument("--kind", choices=("content", "translation"), default="content", help="(default: %(default)s)")
    shapes.add_argument("--format", dest="schema_format", choices=("json", "markdown"), default="json",
                        help="json: the JSON Schema for editors; markdown: the field reference for people "
                             "(default: %(default)s).")
    shapes.add_argument("--out", type=Path, help="Write to this file instead of standard output.")

    translation = commands.add_parser("i18n", help="Translation tools: status, init, stamp, export, import.",
                                      description="Translation tools: status, init, stamp, export, import.")
    tools = translation.add_subparsers(title="commands", metavar="COMMAND", required=True)
    status = command(tools, i18n_status, "Per language: completion, and the missing, stale, broken and unstamped "
                                         "entries with file:line.", name="status")
    status.add_argument("path", type=Path)
    status.add_argument("--lang", dest="languages", action="append", help="Only this language (repeatable).")
    status.add_argument("--all", dest="show_all", action="store_true",
                        help="List every problem, not the first 20 per kind.")
    stamped = command(tools, i18n_stamp, "Record the source fingerprint in translations that lack one (after "
                                         "checking them).", name="stamp")
    stamped.add_argument("path", type=Path)
    stamped.add_argument("--lang", dest="language", required=True)
    stamped.add_argument("--all", dest="all_entries", action="store_true",
                         help="Re-stamp every entry, including stale ones.")
    started = command(tools, i18n_init, "Start i18n/<lang>.yaml with every source text, ready to be translated.",
                      name="init")
    started.add_argument("path", type=Path)
    started.add_argument("--lang", dest="language", required=True)
    exported = command(tools, i18n_export, "Write one language as a gettext PO (or XLIFF) file for Poedit, Weblate "
                                           "and the like.", name="export")
    exported.add_argument("path", type=Path)
    exported.add_argument("--lang", dest="language", required=True)
    exported.add_argument("--format", dest="file_format", choices=("po", "xliff"), default="po")
    exported.add_argument("--out", type=Path, help="The file to write (default: standard output). When it exists, "
                                                   "stale messages show its old source as the previous msgid.")
    imported = command(tools, i18n_import, "Read a translated PO (or XLIFF) file back into i18n/<lang>.yaml.",
                       name="import")
    imported.add_argument("path", type=Path)
    imported.add_argument("file", type=Path)
    imported.add_argument("--lang", dest="language", help="(default: the file's Language header)")
    return top


def _findings_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--format", dest="output_format", choices=_FINDINGS, default="text",
                         help="How to print findings (default: %(default)s).")


def _component_options(command: argparse.ArgumentParser, only_help: str) -> None:
    command.add_argument("--only", default="", metavar="PARTS", help=only_help)
    command.add_argument("--lang", dest="languages", default="", metavar="LANGS",
                         help="Languages, comma-separated, or all (the default: every language the game declares).")
    command.add_argument("--profile", default="home", help="home, press, or a profile .yaml file (default: home).")
    command.add_argument("--out", type=Path, default=Path("build"), help="(default: %(default)s)")


def _number_in(kind: type, low: float, high: float):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is not between {low} and {high}")
        return value
    return parse


def _progress(game: str):
    def show(done: int, total: int, job: tuple[str, str]) -> None:
        language, component = job
        print(f"\r{game}: {done}/{total} {component} ({language})\033[K", end="", file=sys.stderr, flush=True)
    return show


def _codes(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def main(argv: list[str] | None = None) -> int:
    # Loading a game makes hundreds of thousands of objects that live until the end; at the default
    # threshold (700) the collector walks them again and again, for 5-10 % of a build.
    gc.set_threshold(50_000, 20, 100)
    try:
        args = parser().parse_args(argv)
        try:
            return args.run(args)
        except UsageError as error:                # as argparse reports its own errors
            args.parser.print_usage(sys.stderr)
            print(f"{args.parser.prog}: error: {error}", file=sys.stderr)
            return 2
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except BrokenPipeError:                        # `imprenta check … | head`: the reader left, nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # nor at exit, when stdout is flushed
        return 1
    except KeyboardInterrupt:
        print("Aborted.", file=sys.stderr)
        return 130
    except Exception:  # a bug in Imprenta, not a problem in the content: say so, apart from diagnostics
        import traceback

        print("imprenta: internal error (a bug in Imprenta, not in your content); please report it "
              "with this trace:", file=sys.stderr)
        traceback.print_exc()
        return 3


def run() -> None:
    """The `imprenta` process: `main`, then an exit that skips the collector's last walks over every
    object the command made (they free nothing the exit would not; 0.1 s after a 1,000-counter build)."""
    code = main()
    gc.freeze()
    sys.exit(code)
