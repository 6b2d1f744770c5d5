"""Translation overlays: one file per language, keyed by id paths, remembering their source."""

import hashlib

from generator.model.common import Language, Shape
from generator.shapes import Field


class Entry(Shape):
    text: str = Field(description="The translated text; reference tokens kept as in the source.")
    source: str | None = Field(None, pattern=r"^[0-9a-f]{10}$",
                               description="Fingerprint of the source text this translates (imprenta i18n stamp).")
    review: bool = Field(False, description="Still to be reviewed (a fuzzy mark in a PO file): machine-aided, or "
                                            "not yet checked by a translator. Printed, and listed by i18n status.")


class TranslationFile(Shape):
    language: Language = Field(description="The language of the file (en, pt-BR); it must match the file's name.")
    entries: dict[str, Entry | str] = Field(default_factory=dict,
                                            description="Key → translation; a bare string is an unstamped entry.")


def fingerprint(text: str) -> str:
    """The first 10 hex digits of the SHA-256 of the source text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
