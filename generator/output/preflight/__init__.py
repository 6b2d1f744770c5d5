"""Preflight: what a print shop's checker would reject in a PDF, page by page, with the object named.

Reads the PDF with pikepdf. The document (ISO 15930-7 PDF/X-4, 15930-4 X-1a):
the output intent (one, CMYK) and the version, the XMP packet, dates, title,
/Trapped and the trailer ID; no encryption, JavaScript, actions, forms or
embedded files; no annotation inside the printed area. Each page: its boxes
(TrimBox or ArtBox, not both; the bleed), whether art that reaches the trim runs
on into the bleed (a small render), and its content as a RIP draws it
(preflight_walk): colour spaces including patterns, shadings, spot alternates
and transparency-group blend spaces, total ink in fills, pictures and shadings,
Registration inside the trim, image resolution (inline images too), fonts,
small text in several inks, transfer functions, transparency in X-1a.

Bounded on any file: a path that is not a regular file, a file over
MAX_BYTES, an encrypted or damaged file, nesting or work past preflight_walk's
bounds each end in a finding.
"""

from __future__ import annotations

import io
import os
import re
import stat
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from generator.diagnostics import Diagnostic, Span, make
from generator.output.preflight.walk import MM, RENDERABLE, Stopped, Walk

MAX_BYTES = 2 << 30            # a larger file is not a print file preflight reads into memory
MAX_PAGES = 5000
VERSIONS = re.compile(r"PDF/X-(1a:2001|1a:2003|3:2002|3:2003|4|4p|5g|5pg|5n)$")


class Limits(NamedTuple):
    bleed: float = 3.0        # mm
    min_ppi: int = 300
    max_ink: int = 300        # percent
    pdfx: str = "x-4"


def limits_of(profile) -> Limits:
    return Limits(profile.bleed, profile.min_ppi, profile.max_ink, profile.pdfx if profile.pdfx != "none" else "x-4")


def preflight(path: Path, limits: Limits = Limits(), shown: PurePosixPath | None = None,
              data: bytes | None = None) -> list[Diagnostic]:
    """Every finding for one PDF (read from `data` when given, else from `path`); `shown` names it."""
    shown = shown or PurePosixPath(path.as_posix())
    if data is None:
        data, refused = _read(path)
        if refused:
            return [make("PRE010", f"{shown} {refused}", Span(shown, 1, 1),
                         "Give preflight the PDF file itself.")]
    checker = _Preflight(shown, limits)
    checker.run(data)
    return checker.found


def _read(path: Path) -> tuple[bytes, str]:
    """The file's bytes, or why they are not read: only a regular file of a bounded size is read (a FIFO
    or /dev/zero would block or never end). The file is opened without blocking and its kind is read from
    the open descriptor, so it cannot be swapped for a pipe between the look and the read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        return b"", f"cannot be read: {error.strerror or error}"
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            kind = "a folder" if stat.S_ISDIR(status.st_mode) else "not a regular file (a pipe, device or socket)"
            return b"", f"is {kind}: preflight reads PDF files only"
        if status.st_size > MAX_BYTES:
            return b"", f"is {status.st_size / 2**30:.1f} GiB, more than preflight reads ({MAX_BYTES >> 30} GiB)"
        with os.fdopen(os.dup(descriptor), "rb") as file:
            return file.read(MAX_BYTES + 1), ""
    except OSError as error:
        return b"", f"cannot be read: {error.strerror or error}"
    finally:
        os.close(descriptor)


class _Preflight:
    def __init__(self, shown: PurePosixPath, limits: Limits):
        self.shown, self.limits = shown, limits
        self.found: list[Diagnostic] = []
        self._said: set[tuple] = set()          # one finding per page, kind and object
        self.number = 0
        self._sound: set[int] = set()           # pages whose boxes nest: their bleed is looked at

    def report(self, code: str, what: str, key: tuple, hint: str = "") -> None:
        if (self.number, code) + key in self._said:
            return
        self._said.add((self.number, code) + key)
        where = f"page {self.number}: " if self.number else ""
        self.found.append(make(code, f"{self.shown}: {where}{what}", Span(self.shown, max(self.number, 1), 1), hint))

    def run(self, data: bytes) -> None:
        import pikepdf

        try:
            pdf = pikepdf.open(io.BytesIO(data))
        except pikepdf.PasswordError:
            self.report("PRE012", "the file is encrypted with a password: it cannot be printed or checked", ("pw",),
                        _ENCRYPTED_HINT)
            return
        except (pikepdf.PdfError, OSError, ValueError, RecursionError) as error:
            self.report("PRE010", f"cannot be read as a PDF: {error}", ())
            return
        with pdf:
            walk = Walk(self.report, self.limits)
            try:
                x1a = self._document(pdf)
                if x1a:
                    walk.x1a = True
                pages = pdf.pages
                for number, page in enumerate(pages, start=1):
                    if number > MAX_PAGES:
                        raise Stopped(f"more than {MAX_PAGES} pages")
                    self.number = number
                    trim = self._boxes(page.obj)
                    walk.page(page, trim)
                    if walk.expanded > RENDERABLE:        # a renderer would take ages: its bleed is not looked at
                        self._sound.discard(number)
                self.number = 0
            except Stopped as why:
                self.report("PRE018", f"preflight stopped at {why}: the rest of the file is not checked", ("stop",),
                            "A print file this complex is unusual: flatten or simplify it in the program that made "
                            "it, or split it.")
                return
            except (pikepdf.PdfError, ValueError, TypeError, KeyError, AttributeError, RecursionError,
                    IndexError) as error:
                self.report("PRE010", f"cannot be read past this point ({type(error).__name__}: {error})", ("walk",))
                return
            finally:
                self.number = 0
        if not pdf.is_encrypted:
            from generator.output.preflight.bleed import art_bleed

            for number, finding in art_bleed(data, self.limits.bleed, self._sound):
                self.number = number
                self.report(*finding)
            self.number = 0

    # the document ---------------------------------------------------------------
    def _document(self, pdf) -> bool:
        """The document-level clauses; whether the file declares PDF/X-1a (its own version chooses its rules)."""
        if pdf.is_encrypted:
            self.report("PRE012", "the file is encrypted", ("enc",), _ENCRYPTED_HINT)
        info = pdf.docinfo
        version = str(info.get("/GTS_PDFXVersion", ""))
        if not version:
            self.report("PRE002", "no GTS_PDFXVersion in the document information: not marked as PDF/X", ("v",))
        elif not VERSIONS.match(version):
            self.report("PRE002", f"GTS_PDFXVersion \"{version}\" is no PDF/X version", ("v",))
        x1a = version.startswith("PDF/X-1a")
        if self.limits.pdfx == "x-1a" and version and not x1a:
            self.report("PRE002", f"the file is {version} where the profile asks PDF/X-1a", ("v1a",))
        self._intents(pdf)
        self._metadata(pdf, info, version)
        self._active(pdf)
        return x1a

    def _intents(self, pdf) -> None:
        import pikepdf

        intents = [i for i in pdf.Root.get("/OutputIntents", []) if isinstance(i, pikepdf.Dictionary)
                   and i.get("/S") == "/GTS_PDFX"]
        if not intents or "/DestOutputProfile" not in intents[0]:
            self.report("PRE002", "no PDF/X output intent (the ICC profile of the printing condition)", (),
                        "Build with `--profile press`, which writes PDF/X-4 with the FOGRA39 profile.")
            return
        profiles = {i.DestOutputProfile.objgen for i in intents if "/DestOutputProfile" in i}
        if len(intents) > 1 and len(profiles) > 1:
            self.report("PRE002", f"{len(intents)} PDF/X output intents with different profiles: a file has one "
                                  "printing condition", ("two",))
        try:
            channels = int(intents[0].DestOutputProfile.get("/N", 0))
        except (TypeError, ValueError):
            channels = 0
        if channels != 4:
            self.report("PRE002", "the output intent's ICC profile is not CMYK", ("n",))

    def _metadata(self, pdf, info, version: str) -> None:
        hint = "PDF/X requires a title, creation and modification dates, /Trapped True or False, an XMP packet " \
               "(for X-4) and a trailer ID; the press profile writes them all."
        missing = [key.lstrip("/") for key in ("/Title", "/CreationDate", "/ModDate") if key not in info]
        if missing:
            self.report("PRE011", f"the document information has no {', '.join(missing)}", ("info",), hint)
        trapped = str(info.get("/Trapped", ""))
        if trapped not in ("/True", "/False"):
            self.report("PRE011", f"/Trapped is {trapped.lstrip('/') or 'absent'}: PDF/X needs True or False",
                        ("trapped",), hint)
        if "/ID" not in pdf.trailer:
            self.report("PRE011", "the trailer has no file ID", ("id",), hint)
        metadata = pdf.Root.get("/Metadata")
        if metadata is None:
            if not version.startswith("PDF/X-1a"):
                self.report("PRE011", "no XMP metadata packet", ("xmp",), hint)
        elif version and b"GTS_PDFXVersion" not in metadata.read_bytes() and version.startswith("PDF/X-4"):
            self.report("PRE011", "the XMP packet does not say the PDF/X version", ("xmpv",), hint)

    def _active(self, pdf) -> None:
        import pikepdf

        root = pdf.Root
        hint = "A print file is only what prints: no JavaScript, actions, form fields or attached files."
        action = root.get("/OpenAction")
        if isinstance(action, pikepdf.Dictionary) and str(action.get("/S", "")) not in ("/GoTo", ""):
            self.report("PRE013", f"an open action ({str(action.get('/S')).lstrip('/')})", ("open",), hint)
        if "/AA" in root:
            self.report("PRE013", "document actions (/AA)", ("aa",), hint)
        names = root.get("/Names")
        if isinstance(names, pikepdf.Dictionary):
            for key, what in (("/JavaScript", "JavaScript"), ("/EmbeddedFiles", "embedded files")):
                if key in names:
                    self.report("PRE013", f"document-level {what}", (key,), hint)
        form = root.get("/AcroForm")
        if isinstance(form, pikepdf.Dictionary) and len(form.get("/Fields", [])):
            self.report("PRE013", "an interactive form (AcroForm)", ("form",), hint)

    # a page -----------------------------------------------------------------------
    def _boxes(self, page):
        """The page's finished size (TrimBox, else ArtBox), after the box clauses."""
        media = _box(page, "/MediaBox")
        trim, art, bleed = _box(page, "/TrimBox"), _box(page, "/ArtBox"), _box(page, "/BleedBox")
        hint = "Every page needs a TrimBox (the cut), inside its BleedBox, inside the MediaBox."
        if "/AA" in page:
            self.report("PRE013", "page actions (/AA)", ("aa",))
        self._annotations(page, bleed or _box(page, "/CropBox") or media)
        if media is None:
            self.report("PRE007", "no MediaBox", ("media",), hint)
            return trim or art
        if trim is not None and art is not None:
            self.report("PRE007", "both a TrimBox and an ArtBox: PDF/X allows one of them", ("both",), hint)
        finished = trim or art
        if finished is None:
            self.report("PRE007", "no TrimBox (nor ArtBox): the finished size is unknown", (), hint)
            return None
        outer = bleed or _box(page, "/CropBox") or media
        if not (_inside(finished, outer) and _inside(outer, media)):
            self.report("PRE007", f"inconsistent boxes: the {'TrimBox' if trim else 'ArtBox'} {_mm(finished)} must "
                                  f"lie in the BleedBox {_mm(outer)}, inside the MediaBox {_mm(media)} (mm)",
                        ("in",), hint)
            return finished
        if bleed is not None:
            short = min(finished[0] - bleed[0], finished[1] - bleed[1], bleed[2] - finished[2],
                        bleed[3] - finished[3]) / MM
            if short + 0.01 < self.limits.bleed and short > 0.01:
                self.report("PRE008", f"bleed of {short:.1f} mm where the print shop needs {self.limits.bleed:g} mm",
                            (), "Extend backgrounds past the cut and set the BleedBox (the press profile does both).")
        if trim is None or art is None:
            self._sound.add(self.number)
        return finished

    def _annotations(self, page, printed) -> None:
        import pikepdf

        annotations = page.get("/Annots")
        if not isinstance(annotations, pikepdf.Array):
            return
        for annotation in annotations:
            if not isinstance(annotation, pikepdf.Dictionary):
                continue
            kind = str(annotation.get("/Subtype", "")).lstrip("/")
            if kind in ("PrinterMark", "TrapNet"):
                continue
            if kind == "Widget":
                self.report("PRE013", "a form field on the page", ("widget",))
                continue
            action = annotation.get("/A")
            if isinstance(action, pikepdf.Dictionary) and str(action.get("/S", "")) in ("/JavaScript", "/Launch"):
                self.report("PRE013", f"a {kind} annotation runs {str(action.S).lstrip('/')}", ("js",))
            rect = _box(annotation, "/Rect")
            if rect is not None and printed is not None and _overlaps(_normal(rect), printed):
                self.report("PRE014", f"a {kind} annotation inside the printed area", (kind,),
                            "PDF/X allows no annotation inside the BleedBox: remove links and comments from the "
                            "print file (the reading PDF keeps them).")


_ENCRYPTED_HINT = "Send the print shop the file without a password or restrictions: PDF/X forbids encryption."


def grouped(found: list[Diagnostic], first_pages: int = 8) -> list[Diagnostic]:
    """For reading: the page findings of one code in one PDF as one line, with their count, their pages (the
    first `first_pages` of them) and the first finding, in the place of the first; other findings as they are.
    A proof's 60 pages of small four-colour marks are one line; `--format json` keeps every finding."""
    members: dict[tuple, list[Diagnostic]] = {}
    for d in found:
        if d.code.startswith("PRE") and d.span and d.message.startswith(f"{d.span.file}: page {d.span.line}: "):
            members.setdefault((d.span.file, d.code), []).append(d)
    said, out = set(), []
    for d in found:
        key = (d.span.file, d.code) if d.span else None
        group = members.get(key, ()) if key is not None else ()
        if d.span is None or len(group) < 2 or not any(member is d for member in group):
            out.append(d)
            continue
        if key in said:
            continue
        said.add(key)
        pages = sorted({member.span.line for member in group if member.span is not None})
        listed = ", ".join(map(str, pages[:first_pages])) + (" …" if len(pages) > first_pages else "")
        first = d.message[len(f"{d.span.file}: "):]
        out.append(d._replace(
            message=f"{d.span.file}: {len(group)} findings on {len(pages)} page{'s' * (len(pages) != 1)} "
                    f"({listed}); the first, {first}",
            hint=f"{d.hint} (`--format json` lists every finding.)".lstrip()))
    return out


def _box(page, key: str):
    value = page.get(key)
    if value is None and key == "/MediaBox":
        value = page.get("/MediaBox")
    try:
        return None if value is None or len(value) != 4 else _normal([float(v) for v in value])
    except (TypeError, ValueError):
        return None


def _normal(box):
    return [min(box[0], box[2]), min(box[1], box[3]), max(box[0], box[2]), max(box[1], box[3])]


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


def _inside(inner, outer, slack: float = 0.01) -> bool:
    return (inner[0] + slack >= outer[0] and inner[1] + slack >= outer[1] and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def _mm(box) -> str:
    return "[" + " ".join(f"{v / MM:.1f}" for v in box) + "]"
