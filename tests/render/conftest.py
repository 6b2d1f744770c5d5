"""Fixtures the render tests share."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULE_GAMES = ("lepanto", "maquiavelli", "mar-y-acero", "punic-island")


@pytest.fixture(scope="session")
def every_module(seed_builds) -> list[Path]:
    """Every game's VASSAL module in both languages, from the session's seed builds, for the readers that check
    them all."""
    modules = [seed_builds / game / language / f"{game}-{language}.vmod" for game in MODULE_GAMES
               for language in ("es", "en")]
    assert all(module.is_file() for module in modules), [str(module) for module in modules if not module.is_file()]
    return modules
