"""Fixtures the render tests share."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULE_GAMES = ("lepanto", "maquiavelli", "mar-y-acero", "punic-island")


@pytest.fixture(scope="session")
def every_module(tmp_path_factory) -> list[Path]:
    """Every game's VASSAL module in both languages, built once for the readers that check them all."""
    from generator.pipeline import BuildRequest, build

    out = tmp_path_factory.mktemp("modules")
    for game in MODULE_GAMES:
        built = build(ROOT / "content" / game, BuildRequest(only=("vassal",), languages=("es", "en"), out=out,
                                                            jobs=2, formats=frozenset({"svg"})))
        assert built.folders, [str(d) for d in built.diagnostics]
    return [out / game / language / f"{game}-{language}.vmod" for game in MODULE_GAMES for language in ("es", "en")]
