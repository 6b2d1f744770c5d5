"""Renderers: each takes a render request (an edition and a print profile) and returns files.

RENDERERS is the explicit list `--only` chooses from, in build order.
"""

from __future__ import annotations

from typing import Callable

from generator.render.context import Rendered, RenderRequest


def _counters(request: RenderRequest) -> Rendered:
    from generator.render.counters import render_counters

    return render_counters(request)


def _cards(request: RenderRequest) -> Rendered:
    from generator.render.cards import render_cards

    return render_cards(request)


def _map(request: RenderRequest) -> Rendered:
    from generator.render.maps import render_map

    return render_map(request)


def _rules(request: RenderRequest) -> Rendered:
    from generator.render.rulebook import render_rules

    return render_rules(request)


def _html(request: RenderRequest) -> Rendered:
    from generator.render.rulebook import render_living_rules

    return render_living_rules(request)


def _aids(request: RenderRequest) -> Rendered:
    from generator.render.rulebook import render_aids

    return render_aids(request)


RENDERERS: dict[str, Callable[[RenderRequest], Rendered]] = {
    "counters": _counters,
    "cards": _cards,
    "map": _map,
    "rules": _rules,
    "html": _html,
    "aids": _aids,
}
