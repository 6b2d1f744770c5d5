"""One render job: a component in one language, run with what it reads recorded, preflighted for the press,
and what a job stopped or broken gives back instead (its previous files are kept)."""

from __future__ import annotations

from pathlib import Path

from generator.diagnostics import make


def stopped(job: tuple[str, str], why: str):
    """A render stopped by its limits: reported for that output, whose previous files are kept."""
    from generator.render.context import Rendered

    language, component = job
    return Rendered(diagnostics=[make("OUT004", f"{component} ({language}) was stopped: {why}; the previous files "
                                                f"are kept", None,
                                      "Look for content that makes this output huge (an enormous table, "
                                      "thousands of copies, a giant image).")], failed=True)


def render_job(state: dict, language: str, component: str):
    """One component in one language (runs in a worker process when there are several jobs), recording what it
    reads: its record and fingerprint go back with its files."""
    from generator.output.fingerprints import recorded_render
    from generator.render import RENDERERS
    from generator.render.context import Rendered

    try:
        rendered = recorded_render(RENDERERS[component], state, language, component)
        if state["profile"].pdfx != "none":
            preflighted(rendered, state["profile"], state["out"] / state["game"].id / language)
        return rendered
    except Exception as error:  # noqa: BLE001 - one broken output must not stop the others
        import traceback

        where_ = traceback.extract_tb(error.__traceback__)[-1]
        return Rendered(diagnostics=[make(
            "OUT002", f"{component} ({language}) could not be built: {type(error).__name__}: {error} "
                      f"[{Path(where_.filename).name}:{where_.lineno}]", None,
            "This is a bug in Imprenta, not in the content; the previous files are kept. Please report it.")],
            failed=True)


def preflighted(rendered, profile, target: Path) -> None:
    """A press build preflights every PDF it made, in the worker that made it, before it is written."""
    from pathlib import PurePosixPath

    from generator.output.preflight import limits_of, preflight

    for artifact in list(rendered.artifacts):
        if artifact.path.endswith(".pdf"):
            shown = PurePosixPath((target / artifact.path).as_posix())
            found = preflight(Path(shown), limits_of(profile), shown, artifact.data)
            rendered.diagnostics.extend(found)
            if profile.pdfx == "x-1a" and any(d.code == "PRE009" for d in found):
                rendered.artifacts.remove(artifact)     # not PDF/X-1a: refused rather than sent to the shop
                rendered.failed = True
