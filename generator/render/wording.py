"""The few words Imprenta itself prints on sheets (footers, the ruler), in each language it knows."""

from __future__ import annotations

WORDS = {
    "en": {
        "counters": "counters", "cards": "cards", "sheet": "sheet", "front": "fronts", "back": "backs",
        "fold": "fronts | backs: fold on the dashed line, glue, cut",
        "ruler": "Print at 100 % (actual size): this scale measures {length} mm",
    },
    "es": {
        "counters": "fichas", "cards": "cartas", "sheet": "hoja", "front": "anversos", "back": "reversos",
        "fold": "anversos | reversos: doblar por la línea, pegar, cortar",
        "ruler": "Imprimir al 100 % (tamaño real): esta escala mide {length} mm",
    },
}


def words(language: str) -> dict[str, str]:
    return WORDS.get(language.split("-")[0], WORDS["en"])
