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
from generator.commands import (
    HelpFormatter,
    UsageError,
    calibrate,
    codes,
    game_folders,
    i18n_export,
    i18n_import,
    i18n_init,
    i18n_stamp,
    i18n_status,
    inventory,
    language_argument,
    path_argument,
    preflight,
    print_overrides,
    printed_as_data,
    schema,
    sentences,
    serve,
    watch,
)
from generator.render import WRITES

_FINDINGS = ("text", "json", "sarif")
_PAPERS = ("a4", "letter", "a3", "tabloid")


def check(args: argparse.Namespace) -> int:
    from generator import checking  # not the pipeline: a check imports the renderers only for a changed game
    from generator.diagnostics import Policy, has_errors, reporting

    folders = game_folders(args.path)
    policy = Policy(ignore=codes(args.ignore), select=codes(args.select), strict=args.strict)
    found = checking.check_all(folders, policy, release=args.release, reuse=True)
    if not printed_as_data(found, args.output_format):
        if found:
            print(reporting.as_text(found, show_source=not args.quiet))
        if not args.quiet:
            print(f"{len(folders)} game{'s' * (len(folders) != 1)} checked: {reporting.summary(found)}",
                  file=sys.stderr if found else sys.stdout)
    return 1 if has_errors(found) else 0


def build(args: argparse.Namespace) -> int:
    from generator import pipeline
    from generator.diagnostics import has_errors, reporting
    from generator.render import RENDERERS

    folders = game_folders(args.path)
    parts = codes(args.only)
    unknown = [part for part in parts if part not in RENDERERS]
    if unknown:
        raise UsageError(f"no component {', '.join(unknown)}; known: {', '.join(RENDERERS)}")
    kinds = frozenset(codes(args.formats))
    if not kinds <= {"pdf", "svg", "png"}:
        raise UsageError("--formats takes pdf, svg and png")
    overrides = print_overrides(args) + (("asset_url", args.asset_url),)
    show_progress = not args.quiet and args.output_format == "text" and sys.stderr.isatty()
    found, written, notes, explained = [], [], [], []
    fresh: set[Path] = set()
    for folder in folders:
        progress = _progress(folder.name) if show_progress else None
        asked = () if args.languages.strip() == "all" else codes(args.languages)
        request = pipeline.BuildRequest(parts, asked, args.profile, overrides, args.out, kinds, args.jobs,
                                        args.force, progress, since=args.since or "")
        built = pipeline.build(folder, request)
        if progress is not None and progress.shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)     # the summary lines replace the progress line
        found.extend(built.diagnostics)
        written.extend(built.folders)
        fresh.update(built.fresh)
        notes.extend(_note_summary(folder, built.notes))
        if args.explain:
            explained.extend(_explained(folder, built))
        if args.timings and built.timings:
            from generator.output.timings import table

            explained.extend(table(folder.name, list(built.timings), args.jobs or _workers()))
    if not printed_as_data(found, args.output_format):
        from generator.output.preflight import grouped  # a press proof's preflight: one line per code and file

        shown = grouped(found if args.notes else [d for d in found if d.severity.name != "NOTE"])
        if shown:
            print(reporting.as_text(shown, show_source=not args.quiet), file=sys.stderr)
        if not args.quiet and not args.notes:
            for line in notes:
                print(line, file=sys.stderr)
        for line in explained:
            print(line)
        for target in written:
            print(f"{'up to date' if target in fresh else 'built'} {target}")
        if not written:
            print("nothing built", file=sys.stderr)
    return 1 if has_errors(found) or not written else 0


def _workers() -> int:
    from generator.output.scheduling import default_workers

    return default_workers()


def _explained(folder: Path, built) -> list[str]:
    """`--explain`: each output, rebuilt or kept, and the first of its inputs that changed."""
    if not built.why:
        return [f"{folder.name}: kept, every output: no file of the game, its templates or the options changed"
                if built.folders else f"{folder.name}: nothing built"]
    return [f"{folder.name}/{why.language}/{why.component}: "
            f"{'rebuilt: ' + (why.reason or 'asked') if why.rebuilt else 'kept'}" for why in built.why]


def _note_summary(folder: Path, notes: dict[str, int]) -> list[str]:
    """One line per kind of note, with the command that lists them: a build shows what to do, not 89 notes."""
    from generator.diagnostics.codes import CODES

    lines = []
    for code, count in notes.items():
        what = "unknown fact" if code == "UNK001" else f"note{'s' * (count != 1)} {code} ({CODES[code].title})"
        what = f"{what}{'s' * (count != 1)}" if code == "UNK001" else what
        shows = "--force --notes shows them" if code.startswith("OUT") else \
            f"`imprenta check {folder} --select {code}` lists them"    # OUT: notes only a build can make
        lines.append(f"{count} {what}: {shows}")
    return lines


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="imprenta", description="Imprenta: board wargames from YAML to paper.",
                                  formatter_class=HelpFormatter)
    top.add_argument("--version", action="version", version=f"imprenta, version {__version__}")
    commands = top.add_subparsers(title="commands", metavar="COMMAND", required=True)

    def command(group, function, help_text: str, **kwargs) -> argparse.ArgumentParser:
        name = kwargs.pop("name", function.__name__)
        sub = group.add_parser(name, help=help_text, description=help_text, formatter_class=HelpFormatter, **kwargs)
        sub.set_defaults(run=function, parser=sub)
        return sub

    found = command(commands, check, "Check a game folder (or every game in a folder) and report every problem found.")
    path_argument(found)
    _findings_option(found)
    found.add_argument("--strict", action="store_true", help="Treat warnings as errors (exit 1 on a warning).")
    found.add_argument("--select", default="", metavar="CODES",
                       help="Report only these codes or prefixes, comma-separated, e.g. REF,TBL001; also turns on "
                            "codes that are off by default, such as REF005 (default: every code on by default).")
    found.add_argument("--ignore", default="", metavar="CODES",
                       help="Do not report these codes or prefixes, comma-separated (default: none).")
    found.add_argument("--quiet", "-q", action="store_true", help="No source lines nor summary in text output.")
    found.add_argument("--release", action="store_true",
                       help="Also report what a release build refuses: unknown facts (REL001), unconfirmed "
                            "reconstructions (REL002), missing or stale translations (REL003).")

    made = command(commands, build, "Check a game, then build its print files into OUT/<game>/<lang>/.")
    path_argument(made)
    _component_options(made, "Build only these, comma-separated (default: what the game's `components` list, "
                             "with rules.html and the play modules). Each writes into OUT/<game>/<lang>/:\n"
                       + "\n".join(f"{name:9} {files}" for name, files in WRITES.items()))
    _print_options(made)
    made.add_argument("--file-types", dest="formats", default="pdf,svg,png", metavar="TYPES",
                      help="Which kinds of file to write, comma-separated: pdf, svg, png (default: %(default)s).")
    made.add_argument("--formats", dest="formats", default=argparse.SUPPRESS, help=argparse.SUPPRESS)  # old name
    made.add_argument("--asset-url", metavar="URL",
                      help="The web address OUT is uploaded to: the Tabletop Simulator save names every image "
                           "URL/<game>/<lang>/<file> (default: the local OUT folder's file:// address, for a save "
                           "opened on this machine).")
    made.add_argument("--jobs", "-j", type=_number_in(int, 0, 256), default=0,
                      help="Worker processes, 0-256 (default: %(default)s, one per core).")
    made.add_argument("--force", action="store_true", help="Rebuild outputs whose inputs did not change.")
    made.add_argument("--explain", action="store_true",
                      help="Say, for each output, whether it was rebuilt or kept, and the first of its inputs "
                           "that changed (card 'destiny-03' field 'title').")
    made.add_argument("--timings", action="store_true",
                      help="Print where each game's build spent its time: each phase and each output's job, with "
                           "its wall and CPU seconds and peak memory, and how busy the workers were kept.")
    made.add_argument("--since", metavar="REF", help="Compare with an earlier version (a git revision such as v1.0, "
                      "or a folder): change bars and 'new' marks in the rules, errata.pdf, reprint sheets (default: "
                      "none, no comparison).")
    made.add_argument("--notes", action="store_true", help="Print every note, not one summary line per kind.")
    _findings_option(made)
    made.add_argument("--quiet", "-q", action="store_true", help="No progress, source lines nor summary lines.")

    watched = command(commands, watch, "Rebuild a game whenever one of its files is saved, and print what the "
                                       "checker finds. Ctrl-C stops.")
    path_argument(watched)
    _component_options(watched, "Rebuild only these, comma-separated, as for build: "
                                f"{', '.join(WRITES)} (default: what the game's `components` list).")
    watched.add_argument("--interval", type=_number_in(float, 0.1, 60), default=0.5,
                         help="Seconds between looks (default: %(default)s).")
    _print_options(watched)

    shown = command(commands, serve, "Show a game in the browser as you edit it: counters, cards, the map, the "
                                     "living rules and the checker's findings, updated on every save.")
    path_argument(shown, several=False)
    shown.add_argument("--lang", dest="language", help="The edition to show (default: the game's source language).")
    shown.add_argument("--profile", default="home", help="How to print the PDFs it also builds: home, press or "
                                                         "the path of a profile .yaml (default: %(default)s).")
    shown.add_argument("--out", type=Path, default=Path("build"),
                       help="The build folder: PDFs into OUT/<game>/<lang>/, views into OUT/.preview/ "
                            "(default: %(default)s).")
    shown.add_argument("--host", default="127.0.0.1",
                       help="The address to listen on; another machine can reach it only if you give one "
                            "(0.0.0.0) (default: %(default)s, this machine only).")
    shown.add_argument("--port", type=_number_in(int, 0, 65535), default=8000,
                       help="The port, 0 for any free one (default: %(default)s).")

    sheet = command(commands, calibrate, "Print a duplex calibration sheet; its back shows the back_offset to put "
                                         "in your print profile.")
    sheet.add_argument("--paper", choices=_PAPERS, default="a4",
                       help="The paper you will print it on (default: %(default)s).")
    sheet.add_argument("--flip", choices=("long", "short"), default="long",
                       help="The edge your printer turns the sheet on in duplex (default: %(default)s).")
    sheet.add_argument("--lang", dest="language", default="en", choices=("en", "es"),
                       help="Language of the instructions (default: %(default)s).")
    sheet.add_argument("--out", type=Path, default=Path("build/calibration.pdf"),
                       help="The PDF to write (default: %(default)s).")

    flight = command(commands, preflight, "Check PDFs as a print shop would: CMYK only, PDF/X output intent, "
                                          "fonts embedded, image resolution, total ink, small text, boxes, bleed.")
    flight.add_argument("files", nargs="+", type=Path, metavar="FILE.pdf",
                        help="The PDFs to check: Imprenta's press files or any other (required).")
    flight.add_argument("--profile", default="press", help="The print profile whose bleed, resolution and ink "
                                                          "limits apply (default: %(default)s).")
    _findings_option(flight)

    counted = command(commands, inventory, "The bill of materials of a game, counted from its data.")
    path_argument(counted, several=False)
    counted.add_argument("--format", dest="output_format", choices=("text", "json"), default="text",
                         help="text: aligned tables for people; json: one object for scripts (default: %(default)s).")

    read = command(commands, sentences, "Every sentence that holds a reference token, as the books print it, in "
                                        "every language: to read them once through.")
    path_argument(read)

    shapes = command(commands, schema, "Print the JSON Schema of content, translation, layout or profile "
                     "files for editors, or their field reference.")
    shapes.add_argument("--kind", choices=("content", "translation", "layout", "profile"), default="content",
                        help="Which file: a content file, a translation (i18n/<lang>.yaml), a counter or card "
                             "layout, a print profile (default: %(default)s).")
    shapes.add_argument("--format", dest="schema_format", choices=("json", "markdown"), default="json",
                        help="json: the JSON Schema for editors; markdown: the field reference for people "
                             "(default: %(default)s).")
    shapes.add_argument("--out", type=Path, help="The file to write (default: standard output).")

    translation = commands.add_parser("i18n", help="Translation tools: status, init, stamp, export, import.",
                                      description="Translation tools: status, init, stamp, export, import.",
                                      formatter_class=HelpFormatter)
    tools = translation.add_subparsers(title="commands", metavar="COMMAND", required=True)
    status = command(tools, i18n_status, "Per language: completion, and the missing, stale, broken and unstamped "
                                         "entries with file:line.", name="status")
    path_argument(status, several=False)
    status.add_argument("--lang", type=language_argument, dest="languages", action="append",
                        help="Only this language; repeat it for more (default: every translated language).")
    status.add_argument("--all", dest="show_all", action="store_true",
                        help="List every problem, not the first 20 per kind.")
    stamped = command(tools, i18n_stamp, "Record the source fingerprint in translations that lack one (after "
                                         "checking them).", name="stamp")
    path_argument(stamped, several=False)
    stamped.add_argument("--lang", type=language_argument, dest="language", required=True,
                         help="The language whose file, i18n/<lang>.yaml, to stamp (required).")
    stamped.add_argument("--all", dest="all_entries", action="store_true",
                         help="Re-stamp every entry, including stale ones.")
    started = command(tools, i18n_init, "Start i18n/<lang>.yaml with every source text, ready to be translated.",
                      name="init")
    path_argument(started, several=False)
    started.add_argument("--lang", type=language_argument, dest="language", required=True,
                         help="The language to start, e.g. en or pt-BR (required).")
    exported = command(tools, i18n_export, "Write one language as a gettext PO (or XLIFF) file for Poedit, Weblate "
                                           "and the like.", name="export")
    path_argument(exported, several=False)
    exported.add_argument("--lang", type=language_argument, dest="language", required=True,
                          help="The language to export (required).")
    exported.add_argument("--format", dest="file_format", choices=("po", "pot", "xliff"), default="po",
                          help="po: gettext, for Poedit and Weblate; pot: the template of every message, "
                               "untranslated (Weblate's template for new translations); xliff: XLIFF 1.2, "
                               "for CAT tools (default: %(default)s).")
    exported.add_argument("--out", type=Path, help="The file to write (default: standard output). When it exists, "
                                                   "stale messages show its old source as the previous msgid.")
    imported = command(tools, i18n_import, "Read a translated PO (or XLIFF) file back into i18n/<lang>.yaml.",
                       name="import")
    path_argument(imported, several=False)
    imported.add_argument("file", type=Path, help="The translated PO or XLIFF file (required).")
    imported.add_argument("--lang", type=language_argument, dest="language",
                          help="The language it holds (default: the file's Language header).")
    return top


def _print_options(command: argparse.ArgumentParser) -> None:
    """What a build and a watch both take to print the way the user prints: paper, backs, proof or release."""
    command.add_argument("--paper", choices=_PAPERS,
                         help="The paper to print on (default: the profile's, a4 for home and press).")
    command.add_argument("--backs", choices=("duplex", "fold", "none"),
                         help="Where the backs of counters and cards go: duplex (the reverse of the sheet), fold "
                              "(beside the fronts) or none (default: the profile's, duplex for home and press).")
    command.add_argument("--flip", choices=("long", "short"),
                         help="The edge your duplex printer turns the sheet on (default: the profile's, long).")
    command.add_argument("--dpi", type=_number_in(int, 36, 1200),
                         help="Resolution of the PNG images, 36-1200 (default: the profile's, 300).")
    kind = command.add_mutually_exclusive_group()
    kind.add_argument("--release", action="store_const", const=True, default=None,
                      help="A release: refuse unknown facts, unconfirmed reconstructions and missing translations "
                           "in what it builds (the default of the press profile).")
    kind.add_argument("--proof", dest="release", action="store_const", const=False,
                      help="A proof: print unknown facts as numbered marks with a proof sheet (the default of home).")


def _findings_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--format", dest="output_format", choices=_FINDINGS, default="text",
                         help="How to print the findings: text for people, json or sarif (code-scanning tools) "
                              "for programs (default: %(default)s).")


def _component_options(command: argparse.ArgumentParser, only_help: str) -> None:
    command.add_argument("--only", default="", metavar="PARTS", help=only_help)
    command.add_argument("--lang", dest="languages", default="", metavar="LANGS",
                         help="Languages, comma-separated, or all (default: every language the game declares).")
    command.add_argument("--profile", default="home",
                         help="How to print: home (desktop printer), press (print shop: bleed, crop marks, CMYK, "
                              "PDF/X), or the path of your own profile .yaml (default: %(default)s).")
    command.add_argument("--out", type=Path, default=Path("build"),
                         help="The folder the files go into, as OUT/<game>/<lang>/ (default: %(default)s).")


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


class _progress:
    """One line on a terminal, rewritten as each render job ends; `shown` says whether it printed at all."""

    def __init__(self, game: str):
        self.game, self.shown = game, False

    def __call__(self, done: int, total: int, job: tuple[str, str]) -> None:
        language, component = job
        self.shown = True
        print(f"\r{self.game}: {done}/{total} {component} ({language})\033[K", end="", file=sys.stderr, flush=True)


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
