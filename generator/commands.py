"""The smaller sub-commands (watch, serve, calibrate, inventory, schema, preflight, i18n …) and what every
command shares: a usage error, findings printed as data, the game folders a path names, the path argument and
the help's layout. `cli.py` parses and dispatches."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from generator.render import WRITES


class UsageError(Exception):
    """Arguments that parse but do not make sense (a folder that is not a game, an unknown component)."""


def calibrate(args: argparse.Namespace) -> int:
    from generator.render.paper.profiles import PrintProfile
    from generator.render.sheets.calibration import calibration_pdf

    data = calibration_pdf(PrintProfile(paper=args.paper, flip=args.flip), args.language)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    staged = args.out.with_name(args.out.name + ".part")
    staged.write_bytes(data)
    staged.replace(args.out)
    print(f"wrote {args.out}: print it two-sided at 100 %, {args.flip}-edge flip")
    return 0


def inventory(args: argparse.Namespace) -> int:
    from generator.derived import inventory as bill
    from generator.load import load_game

    report = bill.inventory(game_or_exit(load_game(args.path)))
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.output_format == "json" else bill.as_text(report))
    return 0


def schema(args: argparse.Namespace) -> int:
    from generator.schema import json_schema, markdown_reference

    if args.schema_format == "markdown":
        text = markdown_reference(args.kind).rstrip("\n")
    else:
        text = json.dumps(json_schema(args.kind), ensure_ascii=False, indent=2)
    if args.out:
        try:                           # `--out .vscode/x.json` in a project that has no .vscode/ yet
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise UsageError(f"cannot write {args.out}: {error.strerror}") from None
    else:
        print(text)
    return 0


def sentences(args: argparse.Namespace) -> int:
    from generator.load import load_game
    from generator.render.book.sentences import sentences_text

    for folder in game_folders(args.path):
        print(sentences_text(game_or_exit(load_game(folder))))
    return 0


def i18n_status(args: argparse.Namespace) -> int:
    from generator.i18n.status import status_text
    from generator.load import load_game

    text, complete = status_text(game_or_exit(load_game(args.path)), tuple(args.languages or ()), args.show_all)
    print(text)
    return 0 if complete else 1


def i18n_stamp(args: argparse.Namespace) -> int:
    from generator.i18n.files import stamp
    from generator.load import load_game

    game = game_or_exit(load_game(args.path))
    if args.language not in game.translations:
        raise UsageError(f"{args.path} has no i18n/{args.language}.yaml")
    written, count = stamp(game, args.language, args.all_entries)
    print(f"{written}: stamped {count} entr{'y' if count == 1 else 'ies'}")
    return 0


def i18n_init(args: argparse.Namespace) -> int:
    from generator.i18n.files import init
    from generator.load import load_game

    game = game_or_exit(load_game(args.path))
    try:
        written, count = init(game, args.language)
    except FileExistsError:
        raise UsageError(f"{args.path}/i18n/{args.language}.yaml exists already") from None
    print(f"{written}: {count} entries to translate, each empty until translated; `imprenta i18n export "
          f"{args.path} --lang {args.language}` writes them as a PO file that shows each source text")
    return 0


def preflight(args: argparse.Namespace) -> int:
    from generator.diagnostics import has_errors, reporting
    from generator.output.preflight import grouped, limits_of
    from generator.output.preflight import preflight as check_pdf
    from generator.render.paper.profiles import load_profile

    profile, problems = load_profile(args.profile)
    found = list(problems)
    if profile is not None:
        for path in args.files:
            found.extend(check_pdf(path, limits_of(profile)))
    if not printed_as_data(found, args.output_format):
        if found:
            print(reporting.as_text(grouped(found)))
        print(f"{len(args.files)} file{'s' * (len(args.files) != 1)} preflighted against the "
              f"{args.profile} profile: {reporting.summary(found)}", file=sys.stderr if found else sys.stdout)
    return 1 if has_errors(found) else 0


def i18n_export(args: argparse.Namespace) -> int:
    from generator.i18n.po import export_file
    from generator.load import load_game

    game = game_or_exit(load_game(args.path))
    if args.language == game.manifest.source_language:
        raise UsageError(f"{args.language} is the source language of {args.path}: export a translation")
    summary = export_file(game, args.language, args.file_format, args.out)
    print(summary, file=sys.stderr if args.out is None else sys.stdout)
    return 0


def i18n_import(args: argparse.Namespace) -> int:
    if not args.file.is_file():
        raise UsageError(f"{args.file} is not a file")
    from generator.diagnostics import has_errors, reporting
    from generator.i18n.po import import_po
    from generator.load import load_game
    game = game_or_exit(load_game(args.path))
    found, written = import_po(game, args.file, args.language)
    if found:
        print(reporting.as_text(found))
    if has_errors(found):
        print(f"{written}: updated with the other entries; those above were not imported" if written else
              f"{args.file}: the entries above were not imported, nothing written", file=sys.stderr)
        return 1
    print(f"{written}: updated" if written else f"{args.file}: nothing to change")
    return 0


def printed_as_data(found: list, output_format: str) -> bool:
    """Findings as JSON or SARIF on standard output; False for text, which each command prints its way."""
    from generator.diagnostics import reporting

    if output_format == "text":
        return False
    print(reporting.as_json(found) if output_format == "json" else reporting.as_sarif(found))
    return True


def game_folders(path: Path | None) -> list[Path]:
    """The games a command runs on: those at PATH; without one, those in the current folder, else in its
    content/ folder (a repository of games, like Imprenta's own)."""
    from generator import checking

    folders = checking.game_folders(path) if path is not None else \
        checking.game_folders(Path(".")) or checking.game_folders(Path("content"))
    if not folders:
        where = f"{path} is" if path is not None else "the current folder is"
        raise UsageError(f"{where} not a game folder (no game.yaml) and holds none; give the path of a game "
                         "folder (imprenta build path/to/my-game), or start one with docs/tutorial.md")
    return folders


def game_or_exit(loaded):
    from generator.diagnostics import reporting

    if loaded.game is None:
        print(reporting.as_text(loaded.diagnostics), file=sys.stderr)
        sys.exit(1)
    return loaded.game


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, but a line break in a help text starts a new line (the list of what --only writes),
    and file names are never broken at their hyphens (map-tiles.pdf)."""

    def _split_lines(self, text, width):
        import textwrap

        return [line for paragraph in text.splitlines()
                for line in textwrap.wrap(paragraph, width, break_on_hyphens=False, subsequent_indent=" " * 10
                                          if paragraph[:9].strip() in WRITES else "")]


def language_argument(text: str) -> str:
    """argparse's type for --lang: a language code, never a path (it names i18n/<lang>.yaml)."""
    from generator.model.common import language_problem

    problem = language_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def path_argument(command: argparse.ArgumentParser, several: bool = True) -> None:
    if several:     # None: game_folders looks in the current folder, then in its content/
        command.add_argument("path", nargs="?", type=Path, default=None, help="A game folder, or a folder of games "
                             "(default: the current folder if it is or holds a game, else its content/ folder).")
    else:
        command.add_argument("path", nargs="?", type=Path, default=Path("."),
                             help="The game folder, which holds game.yaml (default: the current folder).")


def watch(args: argparse.Namespace) -> int:
    import time

    from generator import pipeline
    from generator.diagnostics import reporting

    folders = game_folders(args.path)
    request = pipeline.BuildRequest(codes(args.only), codes(args.languages), args.profile, print_overrides(args),
                                    args.out, isolate=True)
    seen: dict[Path, tuple] = {}
    try:
        while True:
            for folder in folders:
                state = watched_state(folder)
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


def serve(args: argparse.Namespace) -> int:
    from generator.load import load_game
    from generator.serve.app import make_server

    folders = game_folders(args.path)
    if len(folders) != 1:
        raise UsageError(f"serve shows one game; {args.path} holds {len(folders)}: give one game's folder")
    game = load_game(folders[0]).game          # its findings are the page's; here only its language matters
    language = args.language or (game.manifest.source_language if game is not None else "en")
    try:
        make_server(folders[0], language, args.out, args.host, args.port, args.profile).run()
    except KeyboardInterrupt:
        pass
    return 0


def watched_state(folder: Path) -> tuple:
    """What a save changes: every file's name, size and times (links by name only; nothing is followed)."""
    from generator.game_files import files_under

    files, links = files_under(folder, frozenset({"build"}))
    state = []
    for path in files:
        try:
            status = path.stat()
        except OSError:
            continue
        state.append((str(path), status.st_size, status.st_mtime_ns, status.st_ctime_ns))
    return tuple(state) + tuple(str(link) for link in links)


def print_overrides(args: argparse.Namespace) -> tuple:
    return (("paper", args.paper), ("backs", args.backs), ("flip", args.flip), ("dpi", args.dpi),
            ("release", args.release))


def codes(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())
