"""Where WeasyPrint repeats work on our books, the same result reached once.

Each shortcut prints the same PDF as WeasyPrint's own code (the tests compare pages and page references);
`install()` puts them in place before a book is typeset.
"""

from __future__ import annotations


def install() -> None:
    import pydyf
    from weasyprint.layout import inline

    inline.handle_leader = leader_as_one_run
    pydyf.PDF.page_references = property(page_references)


def leader_as_one_run(context, line, containing_block) -> None:
    """WeasyPrint's handle_leader, which lays a `leader('.')` out as one text box per dot, each then walked, shaped,
    drawn and tagged on its own (20,000 in Punic Island's contents: a sixth of its layout); then, as the dots sit
    one advance apart, one text box of as many dots where the first one is, which prints the same line."""
    import copy

    from weasyprint.formatting_structure.boxes import TextBox
    from weasyprint.layout.leader import handle_leader, leader_index

    if leader_index(line)[1] is None:          # most lines: walked once, not twice
        return
    handle_leader(context, line, containing_block)
    box = leader_index(line)[1]
    if len(box.children) < 2:
        return
    dots = sorted(box.children, key=lambda dot: dot.position_x)
    if not all(isinstance(dot, TextBox) and dot.text == dots[0].text for dot in dots) or any(
            abs(after.position_x - before.position_x - before.width) > 1e-3 for before, after in zip(dots, dots[1:])):
        return
    run = dots[0].copy_with_text(dots[0].text * len(dots))
    run.width = sum(dot.width for dot in dots)
    run.pango_layout = copy.copy(dots[0].pango_layout)
    run.pango_layout.text = run.text
    box.children = (run,)


def page_references(pdf) -> tuple[bytes, ...]:
    """pydyf's PDF.page_references, a tuple of every page's reference that it builds again each time it is read:
    the tags read it once per tagged box (7,000 times in Punic Island's rulebook, each building 24 references).
    Kept until a page is added (pages are only ever added)."""
    kids = pdf.pages["Kids"]
    kept = pdf.__dict__.get("_page_references")
    if kept is None or kept[0] != len(kids):
        kept = pdf.__dict__["_page_references"] = (len(kids), tuple(f"{number} 0 R".encode("ascii")
                                                                     for number in kids[::3]))
    return kept[1]
