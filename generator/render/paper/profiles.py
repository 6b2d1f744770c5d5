"""Print profiles: the paper, margins, bleed, marks and duplex habits of one way of printing.

`home` and `press` ship in templates/profiles/; a user writes their own
printer's file (usually `extends: home` plus the `back_offset` measured with
`imprenta calibrate`) and passes its path to `--profile`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from generator.diagnostics import Diagnostic, make
from generator.model.common import Shape
from generator.model.dimensions import PAPER_SIZES
from generator.render.templates import find
from generator.shapes import Field


class ComponentSettings(Shape):
    """How the pieces of one component sit on the sheet."""
    gutter: float = Field(0.0, ge=0, le=50, description="Space between pieces on a sheet, in mm.")


class PrintProfile(Shape):
    name: str = Field("home", description="The profile's name, for the record; --profile picks a profile by "
                                          "its file's name or path.")
    extends: str | None = Field(None, description="A profile to start from, by name (home, press, or another "
                                                  "of the game's); this file replaces what it gives.")
    paper: str = Field("a4", description="a4, letter, a3, tabloid…")
    landscape: bool = Field(False, description="Turn the paper: the long edge across.")
    margin: float = Field(8.0, ge=0, le=60, description="Unprinted edge of the sheet, in mm.")
    bleed: float = Field(0.0, ge=0, le=10, description="How far colour runs past the cut, in mm.")
    slug: float = Field(0.0, ge=0, le=30, description="Room around the trimmed sheet for crop marks (press).")
    crop_marks: bool = Field(False, description="Marks at the corners of the trimmed sheet, in the slug, for a "
                                                "print shop's guillotine.")
    cut_marks: bool = Field(True, description="Short lines in the margin at every cut between pieces, for a "
                                              "craft knife at home.")
    backs: Literal["duplex", "fold", "none"] = Field("duplex", description="duplex: backs on the next page, "
                                                     "printed on the reverse; fold: backs beside the fronts, to "
                                                     "fold and glue; none: fronts only.")
    flip: Literal["long", "short"] = Field("long", description="The edge a duplex printer turns the sheet on; the "
                                                               "backs are mirrored to match.")
    back_offset: tuple[float, float] = Field((0.0, 0.0), description="Shift of the backs (x right, y up), mm.")
    back_bleed: float = Field(0.0, ge=0, le=5, description="Extra bleed on backs only, for printers that "
                                                            "register badly.")
    ruler: float = Field(50.0, ge=0, le=200, description="Length of the printed scale check, mm (0: none).")
    dpi: int = Field(300, ge=36, le=1200, description="Resolution of the PNG images.")
    release: bool = Field(False, description="Refuse a game with unknown facts (a release); false: print them as "
                                             "placeholder marks with a proof sheet (a proof).")
    asset_url: str = Field("", description="Tabletop Simulator: the web address OUT is uploaded to (--asset-url); "
                                           "every image of the save is named by it, then <game>/<lang>/<file>. "
                                           "Empty: the local OUT folder's file:// address.")
    rules_columns: Literal[1, 2] = Field(2, description="Columns of the rulebook's text pages.")
    counters: ComponentSettings = Field(default_factory=ComponentSettings, description="Counter sheets: "
                                        "{gutter: 0} (counters touch and share their cuts).")
    cards: ComponentSettings = Field(default_factory=lambda: ComponentSettings(gutter=3.0),
                                     description="Card sheets: {gutter: 3} by default.")
    # Press colour and PDF/X (issue 26): how the files meet what a print shop's preflight asks.
    color: Literal["rgb", "cmyk"] = Field("rgb", description="cmyk: every colour written as CMYK (RGB converted "
                                                              "once with the ICC profile); rgb: as given.")
    pdfx: Literal["none", "x-4", "x-1a"] = Field("none", description="PDF/X standard of every PDF (needs cmyk).")
    icc: str = Field("icc/Imprenta-FOGRA39-300.icc", description="CMYK output profile, under templates/.")
    output_condition: str = Field("FOGRA39", description="Registered printing condition of the ICC profile.")
    die_line: str | None = Field(None, description="Spot colour of the cut path on counters and cards "
                                                   "(e.g. CutContour); none: no die line.")
    min_ppi: int = Field(300, ge=72, le=2400, description="Preflight: least resolution of a placed image.")
    max_ink: int = Field(300, ge=200, le=400, description="Preflight: most total ink (C+M+Y+K), in percent.")

    @property
    def page_bleed(self) -> float:
        """The bleed a whole-page PDF (a book, the map's tiles) carries: the profile's for PDF/X, else none."""
        return self.bleed if self.pdfx != "none" else 0.0

    def sheet_size(self) -> tuple[float, float]:
        width, height = PAPER_SIZES[self.paper]
        return (height, width) if self.landscape else (width, height)


def load_profile(name_or_path: str, game_folder: Path | None = None,
                 overrides: dict | None = None) -> tuple[PrintProfile | None, list[Diagnostic]]:
    """A shipped profile by name, or a profile file by path; command-line overrides applied last."""
    from generator.load.validation import validate
    from generator.load.yaml_nodes import load_file

    diagnostics: list[Diagnostic] = []
    chain: list[dict] = []
    current, seen, asked_at = name_or_path, set(), None
    while current is not None:
        path, problem = _profile_file(current, game_folder, first=not chain)
        if path is None or current in seen:
            diagnostics.append(make("SEC002" if problem else "CLI001", problem or
                                    f"no print profile '{current}' (shipped: home, press; or a path to a "
                                    f".yaml file)", asked_at))
            return None, diagnostics
        seen.add(current)
        document, found = load_file(path)
        diagnostics.extend(found)
        if document is None:
            return None, diagnostics
        _, found = validate(PrintProfile, document, ())
        found += _icc_problems(document)
        if found:
            return None, diagnostics + found
        chain.append(dict(document.data))
        current = document.data.get("extends")
        asked_at = document.span(("extends",))
    merged: dict = {}
    for data in reversed(chain):
        merged.update({key: value for key, value in data.items() if key != "extends"})
    merged.update({key: value for key, value in (overrides or {}).items() if value is not None})
    if merged.get("paper", "a4") not in PAPER_SIZES:
        return None, [make("CLI001", f"unknown paper '{merged['paper']}'; known: {', '.join(PAPER_SIZES)}", None)]
    return PrintProfile.model_validate(merged), diagnostics


def _icc_problems(document) -> list[Diagnostic]:
    """A profile's `icc:` names a shipped ICC output profile (under templates/); anything else, a file that is
    not ICC included, is a finding at its place rather than a failure while the PDF/X is made."""
    from generator.game_files import Refused, read_bytes

    name = document.data.get("icc") if isinstance(document.data, dict) else None
    if not isinstance(name, str):
        return []
    try:
        path = find(name)
        header = read_bytes(path, 64 * 1024 * 1024)[:40] if path is not None else b""
    except Refused as refusal:
        return [make("SCH004", f"the ICC profile '{name[:60]}' {refusal.reason}", document.span(("icc",)))]
    if path is None:
        return [make("SCH004", f"no ICC profile '{name[:60]}' among Imprenta's templates", document.span(("icc",)),
                     f"use {PrintProfile().icc}, or add the profile to Imprenta's templates/icc/")]
    if header[36:40] != b"acsp":                # the signature every ICC profile carries
        return [make("SCH004", f"'{name[:60]}' is not an ICC colour profile", document.span(("icc",)))]
    return []


def _profile_file(name: str, game_folder: Path | None, first: bool) -> tuple[Path | None, str | None]:
    """The file of a profile: a path given on the command line (the first only: a profile file's `extends:`
    names a profile, never a path), or a shipped or game profile by plain name."""
    from generator.game_files import Refused, is_plain_name

    if first and name.endswith((".yaml", ".yml")):
        path = Path(name)
        return (path, None) if path.is_file() else (None, None)
    if not is_plain_name(name):
        return None, f"'{name[:60]}' is not a profile name (a profile extends another by name: home, press)"
    try:
        return find(f"profiles/{name}.yaml", game_folder), None
    except Refused as refusal:
        return None, f"the profile '{name}' {refusal.reason}"
