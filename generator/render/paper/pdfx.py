"""A writer's PDF made into PDF/X with pikepdf: output intent, version keys, XMP, boxes and CMYK only.

reportlab and WeasyPrint each write a good PDF but neither a PDF/X: reportlab
has no output intent, and WeasyPrint writes CSS colours as RGB. This finishing
step adds what the standard asks (ISO 15930-7 for X-4, 15930-4 for X-1a):
the ICC profile of the printing condition as /OutputIntents, GTS_PDFXVersion
in the document information and the XMP packet, /Trapped, a TrimBox and a
BleedBox on every page. RGB a back-end wrote anyway (WeasyPrint's `rg`/`RG`,
RGB pictures) is converted here, once, through the same profile as the sheets'
(stream_colour), and the graphics states of black overprint are defined.
"""

from __future__ import annotations

import hashlib
import io
import uuid
import warnings

from generator.render.draw.cmyk import CmykConversion, icc_bytes
from generator.render.paper.profiles import PrintProfile
from generator.render.paper.stream_colour import OVERPRINT_STATE, may_set_rgb, rewrite_rgb, states_used

MM = 72 / 25.4
VERSIONS = {"x-4": ("PDF/X-4", "1.6"), "x-1a": ("PDF/X-1a:2003", "1.4")}
REGISTRY = "http://www.color.org"
# The files' dates: fixed, as reportlab's invariant mode writes them, so the same content gives the same bytes.
DATE = "D:20000101000000+00'00'"


def finish_pdfx(pdf_bytes: bytes, profile: PrintProfile) -> bytes:
    import pikepdf

    from generator.render.templates import find

    icc = find(profile.icc) or find(PrintProfile().icc)
    conversion = CmykConversion(icc)
    name, version = VERSIONS[profile.pdfx]
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        converted: set = set()          # forms drawn on many pages (a map on every tile) are converted once
        states = {name: pdf.make_indirect(pikepdf.Dictionary(OP=stroke, op=fill, OPM=1))
                  for (fill, stroke), name in OVERPRINT_STATE.items()}
        for page in pdf.pages:
            _boxes(page, profile.bleed)
            _to_cmyk(pdf, page.obj, conversion, converted, states)
            _without_annotations(page.obj)
        _groups_in_cmyk(pdf, flatten=profile.pdfx == "x-1a")
        _subset_tags(pdf, hashlib.sha256(pdf_bytes).digest())
        profile_stream = pdf.make_stream(icc_bytes(str(icc)), N=4)
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(profile.output_condition),
            OutputCondition=pikepdf.String(_description(icc)), Info=pikepdf.String(_description(icc)),
            RegistryName=pikepdf.String(REGISTRY), DestOutputProfile=profile_stream))])
        info = pdf.docinfo
        for key in ("/CreationDate", "/ModDate"):       # PDF/X requires both (WeasyPrint writes neither)
            if key not in info:
                info[key] = pikepdf.String(DATE)
        _xmp(pdf, name, hashlib.sha256(pdf_bytes).digest())   # from the back-end's own information, first
        info.GTS_PDFXVersion = pikepdf.String(name)
        if profile.pdfx == "x-1a":
            info.GTS_PDFXConformance = pikepdf.String(name)
        info.Trapped = pikepdf.Name("/False")
        if "/Title" not in info:
            info.Title = pikepdf.String("Imprenta")
        out = io.BytesIO()
        pdf.save(out, force_version=version, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable if version < "1.5"
                 else pikepdf.ObjectStreamMode.preserve)
    return out.getvalue()


def _boxes(page, bleed_mm: float) -> None:
    """A TrimBox where the back-end wrote none (the media is the trimmed page), and a BleedBox where it wrote
    none or one equal to the trim (WeasyPrint's, the map tiles'): when the page has no room outside its trim,
    the media grows by the bleed, white all round."""
    import pikepdf

    media = [float(v) for v in page.obj.MediaBox]
    if "/TrimBox" not in page.obj:
        page.obj.TrimBox = pikepdf.Array(media)
    trim = [float(v) for v in page.obj.TrimBox]
    if "/BleedBox" not in page.obj or [float(v) for v in page.obj.BleedBox] == trim:  # a box that bleeds nothing
        bleed = bleed_mm * MM
        wanted = [trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed]
        if bleed and not (media[0] <= wanted[0] and media[1] <= wanted[1] and media[2] >= wanted[2]
                          and media[3] >= wanted[3]):
            media = [min(media[0], wanted[0]), min(media[1], wanted[1]), max(media[2], wanted[2]),
                     max(media[3], wanted[3])]
            page.obj.MediaBox = pikepdf.Array(media)
            if "/CropBox" in page.obj:
                del page.obj["/CropBox"]
        page.obj.BleedBox = pikepdf.Array(wanted)


def _without_annotations(page) -> None:
    """A print file carries no links or comments: PDF/X allows no annotation inside the bleed box, and on paper
    a link is nothing (the reading PDF keeps them)."""
    import pikepdf

    annotations = page.get("/Annots")
    if annotations is None:
        return
    kept = [a for a in annotations if isinstance(a, pikepdf.Dictionary)
            and a.get("/Subtype") in (pikepdf.Name.PrinterMark, pikepdf.Name.TrapNet)]
    if kept:
        page.Annots = pikepdf.Array(kept)
    else:
        del page["/Annots"]


def _groups_in_cmyk(pdf, flatten: bool) -> None:
    """Transparency groups blend in the output intent's CMYK, not in the RGB WeasyPrint names (a RIP that
    honours an RGB blend space may turn black type inside into four-colour black). For PDF/X-1a, which has no
    transparency, a group whose content is opaque is no group at all and is removed; a file with real
    transparency keeps its groups, and the build's preflight refuses it (PRE009)."""
    import pikepdf

    opaque = flatten and not _transparent(pdf)
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) and not isinstance(obj, pikepdf.Stream):
            continue
        group = obj.get("/Group")
        if not isinstance(group, pikepdf.Dictionary) or group.get("/S") != pikepdf.Name.Transparency:
            continue
        if opaque:
            del obj["/Group"]
        elif "/CS" in group and group["/CS"] != pikepdf.Name.DeviceCMYK:
            group.CS = pikepdf.Name.DeviceCMYK


def _transparent(pdf) -> bool:
    """Whether anything in the file is drawn with transparency: a soft mask, an alpha under 1, a blend mode."""
    import pikepdf

    for obj in pdf.objects:
        if not isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            continue
        if obj.get("/Type") == pikepdf.Name.ExtGState or "/ca" in obj or "/CA" in obj or "/BM" in obj:
            soft = obj.get("/SMask")
            if (soft is not None and soft != pikepdf.Name("/None")) or float(obj.get("/ca", 1)) < 1 \
                    or float(obj.get("/CA", 1)) < 1 or obj.get("/BM", pikepdf.Name.Normal) not in (
                    pikepdf.Name.Normal, pikepdf.Name.Compatible):
                return True
        if obj.get("/Subtype") == pikepdf.Name.Image and "/SMask" in obj:
            return True
    return False


def _subset_tags(pdf, digest: bytes) -> None:
    """Each subset font a tag of its own, from the file's content and the font (reportlab writes AAAAAA+ for
    every subset): a shop that merges files, or a RIP that caches fonts by name, must not take one file's
    subset for another's."""
    import pikepdf

    renamed: dict[str, str] = {}
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") not in (pikepdf.Name.Font,
                                                                                pikepdf.Name.FontDescriptor):
            continue
        key = "/BaseFont" if obj.get("/Type") == pikepdf.Name.Font else "/FontName"
        name = str(obj.get(key, ""))
        if len(name) > 8 and name[7] == "+" and name[1:7].isupper() and name[1:7].isalpha():
            if name not in renamed:
                seed = hashlib.sha256(digest + name.encode() + str(len(renamed)).encode()).digest()
                tag = "".join(chr(ord("A") + byte % 26) for byte in seed[:6])
                renamed[name] = f"/{tag}+{name[8:]}"
            obj[key] = pikepdf.Name(renamed[name])


def _to_cmyk(pdf, owner, conversion: CmykConversion, seen: set, states: dict) -> None:
    """RGB colour operators and RGB pictures of a page or form, and of the forms it draws, in CMYK; the
    overprint states its stream uses defined in its resources."""
    import pikepdf

    key = owner.objgen
    if key in seen and key != (0, 0):
        return
    seen.add(key)
    is_page = owner.get("/Type") == pikepdf.Name.Page
    data = _stream_bytes(owner, is_page)
    if may_set_rgb(data):
        rewritten = rewrite_rgb(data, conversion)
        if rewritten != data:
            if is_page:
                owner.Contents = pdf.make_stream(rewritten)
            else:
                owner.write(rewritten)
            data = rewritten
    resources = owner.get("/Resources")
    used = states_used(data)
    if used and resources is not None:
        if "/ExtGState" not in resources:
            resources.ExtGState = pikepdf.Dictionary()
        for name in used:
            resources.ExtGState[f"/{name}"] = states[name]
    for xobject in (resources.get("/XObject", {}).values() if resources is not None else ()):
        if xobject.get("/Subtype") == pikepdf.Name.Form:
            _to_cmyk(pdf, xobject, conversion, seen, states)
        elif xobject.get("/Subtype") == pikepdf.Name.Image and _is_rgb_image(xobject):
            _picture_to_cmyk(xobject, conversion)


def _stream_bytes(owner, is_page: bool) -> bytes:
    import pikepdf

    if not is_page:
        return owner.read_bytes()
    contents = owner.get("/Contents")
    if contents is None:
        return b""
    parts = contents if isinstance(contents, pikepdf.Array) else [contents]
    return b"\n".join(part.read_bytes() for part in parts)


def _is_rgb_image(image) -> bool:
    import pikepdf

    space = image.get("/ColorSpace")
    if space == pikepdf.Name.DeviceRGB:
        return True
    return isinstance(space, pikepdf.Array) and space[0] == pikepdf.Name.ICCBased and int(space[1].get("/N", 0)) == 3


def _picture_to_cmyk(image, conversion: CmykConversion) -> None:
    import zlib

    import pikepdf
    from pikepdf import PdfImage

    picture = conversion.picture(PdfImage(image).as_pil_image())
    image.write(zlib.compress(picture.tobytes()), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace = pikepdf.Name.DeviceCMYK
    image.BitsPerComponent = 8
    for key in ("/DecodeParms", "/Decode"):
        if key in image:
            del image[key]


def _description(icc) -> str:
    from PIL import ImageCms

    return ImageCms.getProfileDescription(ImageCms.getOpenProfile(str(icc))).strip()


def _xmp(pdf, version_name: str, digest: bytes) -> None:
    """The XMP packet PDF/X-4 requires, from the document information, with ids derived from the content
    (the same input gives the same bytes)."""
    from pikepdf.models.metadata import PdfMetadata

    PdfMetadata.register_xml_namespace("http://www.npes.org/pdfx/ns/id/", "pdfxid")
    document_id = f"uuid:{uuid.UUID(bytes=digest[:16], version=5)}"
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        with warnings.catch_warnings():      # keys XMP has no place for (reportlab's /Trapped) are set below
            warnings.simplefilter("ignore", UserWarning)
            meta.load_from_docinfo(pdf.docinfo)
        meta["pdfxid:GTS_PDFXVersion"] = version_name
        meta["pdf:Trapped"] = "False"
        meta["xmpMM:DocumentID"] = document_id
        meta["xmpMM:InstanceID"] = document_id
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
