"""The codes of `imprenta preflight` (PRE…), apart from the rest of the catalogue for their number: what a print
shop's preflight rejects, each derived from a clause of PDF/X (ISO 15930) or the shop's own limits."""

from __future__ import annotations

# Each entry is a Code's fields (code, name, severity, title, help), as codes.py declares them.
PRESS: tuple[tuple[str, ...], ...] = (
    # Preflight of press PDFs (`imprenta preflight`, and the end of every press build): what a print shop rejects.
    ("PRE001", "not-cmyk", "error", "a colour, picture or shading that is not CMYK, grey or a spot colour",
         "Print shops separate CMYK; RGB is converted by their RIP with a profile you did not choose."),
    ("PRE002", "no-output-intent", "error", "the PDF is not marked as PDF/X with a CMYK output intent",
         "Build with `--profile press` (PDF/X-4 with the FOGRA39 output intent), or set `pdfx` and `color: "
         "cmyk` in your profile."),
    ("PRE003", "font-not-embedded", "error", "a font the page uses is not embedded",
         "Embed every font: Imprenta embeds its own fonts as subsets; a PDF made by another tool must be "
         "exported with its fonts embedded."),
    ("PRE004", "low-resolution-image", "error", "an image under the print shop's resolution at its placed size",
         "Give a picture with more pixels (at least the profile's `min_ppi` at the size it prints), or print "
         "it smaller."),
    ("PRE005", "ink-over-limit", "error", "a colour whose total ink (C+M+Y+K) is over the limit",
         "Too much ink dries badly and sets off on the next sheet; 300 % is the usual limit on coated paper."),
    ("PRE006", "small-text-in-inks", "warning", "text under 5 pt printed in more than one ink",
         "Print small text in one ink (black text as K only): in four inks the slightest misregistration blurs"
         " it."),
    ("PRE007", "page-boxes", "error", "a page without a TrimBox or BleedBox, or with boxes that do not nest",
         "Build with the press profile, which sets a TrimBox and BleedBox on every page; in another tool's "
         "PDF, set the trim and bleed boxes on export."),
    ("PRE008", "short-bleed", "error", "less bleed around the trim than the profile asks",
         "Give the profile the bleed the print shop asks (`bleed: 3`): backgrounds then run past the cut and "
         "the BleedBox is set."),
    ("PRE009", "transparency-in-x1a", "error", "transparency in a PDF/X-1a file",
         "PDF/X-1a allows no transparency: build PDF/X-4 (the press profile's default), or flatten transparent"
         " pictures before giving them."),
    ("PRE010", "unreadable-pdf", "error", "a file preflight cannot read as a PDF",
         "Give preflight the PDF itself; a file cut short by a failed download or copy cannot be read."),
    ("PRE011", "pdfx-metadata", "error", "PDF/X metadata missing: title, creation or modification date, "
         "/Trapped True or False, the XMP packet or the trailer ID",
         "Build with the press profile, which writes them; another tool's PDF must be exported as PDF/X."),
    ("PRE012", "encrypted-pdf", "error", "the PDF is encrypted or protected by a password",
         "PDF/X forbids encryption: export the print file without a password or restrictions."),
    ("PRE013", "active-pdf-content", "error", "JavaScript, actions, form fields or embedded files in a print file",
         "A print file is only what prints: export it without scripts, forms and attachments."),
    ("PRE014", "annotation-in-print-area", "error", "an annotation (a link, a comment) inside the printed area",
         "PDF/X allows no annotation inside the BleedBox: the press profile leaves links out of its files; the "
         "reading PDF keeps them."),
    ("PRE015", "transfer-function", "error", "a graphics state with a transfer function",
         "PDF/X forbids transfer functions: the print shop's RIP sets the tone curve of its press."),
    ("PRE016", "registration-in-trim", "error", "art or text in Registration colour inside the trim",
         "Registration prints 100 % on every plate (400 % ink): keep it to crop and cut marks outside the trim."),
    ("PRE017", "no-bleed-content", "error", "art that touches the trim stops there: the bleed is blank",
         "Extend the background past the trim into the bleed, so that a cut slightly off leaves no white edge."),
    ("PRE018", "preflight-stopped", "error", "a PDF past preflight's bounds (forms nested too deep, too much "
         "to walk): the rest is not checked",
         "A print file this complex is unusual: flatten or simplify it in the program that made it, or split it."),
)
