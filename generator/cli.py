"""The `imprenta` command: parse, call the pipeline, print, return an exit code. No logic here."""

from __future__ import annotations

import gc
import json
import os
import sys
from pathlib import Path

import click

from generator import __version__

_FORMATS = click.Choice(["text", "json", "sarif"])


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="imprenta")
def cli() -> None:
    """Imprenta: board wargames from YAML to paper."""


@cli.command()
@click.argument("path", type=click.Path(path_type=Path), default=Path("content"))
@click.option("--format", "output_format", type=_FORMATS, default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--select", default="", metavar="CODES", help="Report only these codes or prefixes (comma-separated).")
@click.option("--ignore", default="", metavar="CODES", help="Do not report these codes or prefixes.")
@click.option("--quiet", "-q", is_flag=True, help="No source lines nor summary in text output.")
def check(path: Path, output_format: str, strict: bool, select: str, ignore: str, quiet: bool) -> None:
    """Check a game folder (or every game in a folder) and report every problem found."""
    from generator import pipeline, reporting
    from generator.diagnostics import Policy, has_errors

    folders = pipeline.game_folders(path)
    if not folders:
        raise click.UsageError(f"{path} is not a game folder (no game.yaml) and holds none")
    policy = Policy(ignore=_codes(ignore), select=_codes(select), strict=strict)
    found = pipeline.check_all(folders, policy)
    if output_format == "json":
        click.echo(reporting.as_json(found))
    elif output_format == "sarif":
        click.echo(reporting.as_sarif(found))
    else:
        if found:
            click.echo(reporting.as_text(found, show_source=not quiet))
        if not quiet:
            click.echo(f"{len(folders)} game{'s' * (len(folders) != 1)} checked: {reporting.summary(found)}",
                       err=bool(found))
    sys.exit(1 if has_errors(found) else 0)


@cli.command()
@click.argument("path", type=click.Path(path_type=Path), default=Path("content/mar-y-acero"))
@click.option("--only", default="", metavar="PARTS", help="Build only these components (comma-separated): "
              "counters, cards…")
@click.option("--lang", "languages", default="", metavar="LANGS",
              help="Languages to build, comma-separated, or all (the default: every language the game declares).")
@click.option("--profile", default="home", show_default=True, help="home, press, or a profile .yaml file.")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "tabloid"]), help="Overrides the profile's paper.")
@click.option("--backs", type=click.Choice(["duplex", "fold", "none"]), help="Overrides the profile's backs.")
@click.option("--flip", type=click.Choice(["long", "short"]), help="Duplex flip edge (overrides the profile).")
@click.option("--dpi", type=click.IntRange(36, 1200), help="Resolution of PNG images (overrides the profile).")
@click.option("--formats", default="pdf,svg,png", show_default=True, help="Which kinds of file to write.")
@click.option("--out", type=click.Path(path_type=Path), default=Path("build"), show_default=True)
@click.option("--jobs", "-j", type=click.IntRange(0, 256), default=0, help="Worker processes (default: one per core).")
@click.option("--force", is_flag=True, help="Rebuild outputs whose inputs did not change.")
@click.option("--format", "output_format", type=_FORMATS, default="text", show_default=True,
              help="How to print findings.")
@click.option("--quiet", "-q", is_flag=True)
def build(path: Path, only: str, languages: str, profile: str, paper: str | None, backs: str | None,
          flip: str | None, dpi: int | None, formats: str, out: Path, jobs: int, force: bool, output_format: str,
          quiet: bool) -> None:
    """Check a game, then build its print files into OUT/<game>/<lang>/."""
    from generator import pipeline, reporting
    from generator.diagnostics import has_errors
    from generator.render import RENDERERS

    folders = pipeline.game_folders(path)
    if not folders:
        raise click.UsageError(f"{path} is not a game folder (no game.yaml) and holds none")
    parts = _codes(only)
    unknown = [part for part in parts if part not in RENDERERS]
    if unknown:
        raise click.UsageError(f"no component {', '.join(unknown)}; known: {', '.join(RENDERERS)}")
    kinds = frozenset(_codes(formats))
    if not kinds <= {"pdf", "svg", "png"}:
        raise click.UsageError("--formats takes pdf, svg and png")
    overrides = (("paper", paper), ("backs", backs), ("flip", flip), ("dpi", dpi))
    show_progress = not quiet and output_format == "text" and sys.stderr.isatty()
    found, written = [], []
    for folder in folders:
        progress = _progress(folder.name) if show_progress else None
        asked = () if languages.strip() == "all" else _codes(languages)
        request = pipeline.BuildRequest(parts, asked, profile, overrides, out, kinds, jobs, force, progress)
        built = pipeline.build(folder, request)
        if show_progress:
            click.echo("", err=True)
        found.extend(built.diagnostics)
        written.extend(built.folders)
    if output_format == "json":
        click.echo(reporting.as_json(found))
    elif output_format == "sarif":
        click.echo(reporting.as_sarif(found))
    else:
        shown = [d for d in found if d.severity.name != "NOTE"] if quiet else found
        if shown:
            click.echo(reporting.as_text(shown, show_source=not quiet), err=True)
        for target in written:
            click.echo(f"built {target}")
        if not written:
            click.echo("nothing built", err=True)
    sys.exit(1 if has_errors(found) or not written else 0)


@cli.command()
@click.argument("path", type=click.Path(path_type=Path), default=Path("content/mar-y-acero"))
@click.option("--only", default="", metavar="PARTS", help="Components to rebuild (default: all).")
@click.option("--lang", "languages", default="", metavar="LANGS")
@click.option("--profile", default="home", show_default=True)
@click.option("--out", type=click.Path(path_type=Path), default=Path("build"), show_default=True)
@click.option("--interval", type=click.FloatRange(0.1, 60), default=0.5, show_default=True, help="Seconds between looks.")
def watch(path: Path, only: str, languages: str, profile: str, out: Path, interval: float) -> None:
    """Rebuild a game whenever one of its files is saved, and print what the checker finds. Ctrl-C stops."""
    import time

    from generator import pipeline, reporting

    folders = pipeline.game_folders(path)
    if not folders:
        raise click.UsageError(f"{path} is not a game folder (no game.yaml) and holds none")
    request = pipeline.BuildRequest(_codes(only), _codes(languages), profile, (), out)
    seen: dict[Path, tuple] = {}
    try:
        while True:
            for folder in folders:
                state = tuple(sorted((str(p), p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()))
                if seen.get(folder) == state:
                    continue
                seen[folder] = state
                started = time.perf_counter()
                built = pipeline.build(folder, request)
                shown = [d for d in built.diagnostics if d.severity.name != "NOTE"]
                if shown:
                    click.echo(reporting.as_text(shown), err=True)
                click.echo(f"{time.strftime('%H:%M:%S')} {folder.name}: "
                           f"{'built' if built.folders else 'not built'} in {time.perf_counter() - started:.1f} s "
                           f"({reporting.summary(built.diagnostics)})")
            time.sleep(interval)
    except KeyboardInterrupt:
        pass


@cli.command()
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "tabloid"]), default="a4", show_default=True)
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True)
@click.option("--lang", "language", default="en", show_default=True, help="Language of the instructions (en, es).")
@click.option("--out", type=click.Path(path_type=Path), default=Path("build/calibration.pdf"), show_default=True)
def calibrate(paper: str, flip: str, language: str, out: Path) -> None:
    """Print a duplex calibration sheet; its back shows the back_offset to put in your print profile."""
    from generator.render.calibration import calibration_pdf
    from generator.render.profiles import PrintProfile

    data = calibration_pdf(PrintProfile(paper=paper, flip=flip), language)
    out.parent.mkdir(parents=True, exist_ok=True)
    staged = out.with_name(out.name + ".part")
    staged.write_bytes(data)
    staged.replace(out)
    click.echo(f"wrote {out}: print it two-sided at 100 %, {flip}-edge flip")


@cli.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def inventory(path: Path, output_format: str) -> None:
    """The bill of materials of a game, counted from its data."""
    from generator import inventory as bill
    from generator import reporting
    from generator.load import load_game

    loaded = load_game(path)
    if loaded.game is None:
        click.echo(reporting.as_text(loaded.diagnostics), err=True)
        sys.exit(1)
    report = bill.inventory(loaded.game)
    click.echo(json.dumps(report, ensure_ascii=False, indent=2) if output_format == "json" else bill.as_text(report))


@cli.command()
@click.option("--kind", type=click.Choice(["content", "translation"]), default="content", show_default=True)
@click.option("--out", type=click.Path(path_type=Path), help="Write to this file instead of standard output.")
def schema(kind: str, out: Path | None) -> None:
    """Print the JSON Schema of content files (or translation files) for editors."""
    from generator.schema import json_schema

    text = json.dumps(json_schema(kind), ensure_ascii=False, indent=2)
    if out:
        out.write_text(text + "\n", encoding="utf-8")
    else:
        click.echo(text)


@cli.group()
def i18n() -> None:
    """Translation tools: status, init, stamp."""


@i18n.command("status")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--lang", "languages", multiple=True, help="Only these languages.")
@click.option("--all", "show_all", is_flag=True, help="List every problem, not the first 20 per kind.")
def i18n_status(path: Path, languages: tuple[str, ...], show_all: bool) -> None:
    """Per language: completion, and the missing, stale, broken and unstamped entries with file:line."""
    from generator.i18n_status import status_text
    from generator.load import load_game
    from generator import reporting

    loaded = load_game(path)
    if loaded.game is None:
        click.echo(reporting.as_text(loaded.diagnostics), err=True)
        sys.exit(1)
    text, complete = status_text(loaded.game, languages, show_all)
    click.echo(text)
    sys.exit(0 if complete else 1)


@i18n.command("stamp")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--lang", "language", required=True)
@click.option("--all", "all_entries", is_flag=True, help="Re-stamp every entry, including stale ones.")
def i18n_stamp(path: Path, language: str, all_entries: bool) -> None:
    """Record the source fingerprint in translations that lack one (after checking them)."""
    from generator.i18n_files import stamp
    from generator.load import load_game

    game = _game_or_exit(load_game(path))
    if language not in game.translations:
        raise click.UsageError(f"{path} has no i18n/{language}.yaml")
    written, count = stamp(game, language, all_entries)
    click.echo(f"{written}: stamped {count} entr{'y' if count == 1 else 'ies'}")


@i18n.command("init")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--lang", "language", required=True)
def i18n_init(path: Path, language: str) -> None:
    """Start i18n/<lang>.yaml with every source text, ready to be translated."""
    from generator.i18n_files import init
    from generator.load import load_game

    game = _game_or_exit(load_game(path))
    try:
        written = init(game, language)
    except FileExistsError:
        raise click.UsageError(f"{path}/i18n/{language}.yaml exists already") from None
    click.echo(f"{written}: started with every source text")


def _game_or_exit(loaded):
    from generator import reporting

    if loaded.game is None:
        click.echo(reporting.as_text(loaded.diagnostics), err=True)
        sys.exit(1)
    return loaded.game


def _progress(game: str):
    def show(done: int, total: int, job: tuple[str, str]) -> None:
        language, component = job
        click.echo(f"\r{game}: {done}/{total} {component} ({language})\033[K", err=True, nl=False)
    return show


def _codes(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def main(argv: list[str] | None = None) -> int:
    # Imprenta validates only its own content shapes and uses no pydantic plugin; looking for plugins
    # scans the metadata of every installed distribution (80 ms on a machine with many packages).
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # Loading a game makes hundreds of thousands of objects that live until the end; at the default
    # threshold (700) the collector walks them again and again, for 5-10 % of a build.
    gc.set_threshold(50_000, 20, 100)
    try:
        cli.main(args=argv, prog_name="imprenta", standalone_mode=False)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        error.show()
        return error.exit_code
    except click.Abort:
        click.echo("Aborted.", err=True)
        return 130
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except Exception:  # a bug in Imprenta, not a problem in the content: say so, apart from diagnostics
        import traceback

        click.echo("imprenta: internal error (a bug in Imprenta, not in your content); please report it "
                   "with this trace:", err=True)
        traceback.print_exc()
        return 3
    return 0


def run() -> None:
    """The `imprenta` process: `main`, then an exit that skips the collector's last walks over every
    object the command made (they free nothing the exit would not; 0.1 s after a 1,000-counter build)."""
    code = main()
    gc.freeze()
    sys.exit(code)
