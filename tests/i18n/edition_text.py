"""What an edition prints, read back from its files: the text of its PDFs, SVGs and HTML, flattened so that a
phrase is found whatever line breaks, hyphenation or markup the page gave it."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path


def page_texts(path: Path) -> list[str]:
    """The text a PDF, SVG or HTML file prints; nothing for any other file."""
    if path.suffix == ".pdf":
        return [subprocess.run(["pdftotext", "-q", str(path), "-"], capture_output=True, text=True).stdout]
    if path.suffix == ".svg":
        return re.findall(r"<text[^>]*>(.*?)</text>", path.read_text(encoding="utf-8"), re.S)
    if path.suffix == ".html":
        page = re.sub(r"<(style|script)\b.*?</\1>", " ", path.read_text(encoding="utf-8"), flags=re.S)
        return [re.sub(r"<[^>]+>", " ", page)]
    return []


def joined(texts: list[str]) -> str:
    """The texts as one flat line, entities read and words broken across lines joined again."""
    return flat(html.unescape(" ".join(texts)).replace("\u2010\n", "").replace("-\n", ""))


def flat(text: str) -> str:
    return " ".join(re.sub(r"[*_#>]", " ", text).split())
