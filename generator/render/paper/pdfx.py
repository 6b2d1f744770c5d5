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
        profile_stream = pdf.make_stream(icc_bytes(str(icc)), N=4)
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(profile.output_condition),
            OutputCondition=pikepdf.String(_description(icc)), Info=pikepdf.String(_description(icc)),
            RegistryName=pikepdf.String(REGISTRY), DestOutputProfile=profile_stream))])
        _xmp(pdf, name, hashlib.sha256(pdf_bytes).digest())   # from the back-end's own information, first
        info = pdf.docinfo
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
