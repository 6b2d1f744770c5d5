"""The few words Imprenta itself prints on sheets (footers, the ruler, the proof), in each language it knows."""

from __future__ import annotations

WORDS = {
    "en": {
        "counters": "counters", "cards": "cards", "sheet": "sheet", "front": "fronts", "back": "backs",
        "fold": "fronts | backs: fold on the dashed line, glue, cut",
        "ruler": "Print at 100 % (actual size): this scale measures {length} mm",
        "map": "map", "vp": "VP", "legend": "Legend", "adjacent": "adjacent", "start": "start",
        "hidden": "under the track", "tiles": "Assemble the tiles: trim each page on its left and top marks "
        "and lay it over its neighbour ({overlap} mm overlap)", "tile": "tile", "wind": "Wind",
        "terrain": {"clear": "clear", "jungle": "jungle", "forest": "forest", "mountain": "mountain",
                    "impassable": "impassable", "hills": "hills", "marsh": "marsh", "sea": "sea", "shore": "shore",
                    "coast": "coast", "city": "city", "water": "water"},
        "proof": {"slug": "PROOF · {n} facts missing", "slug_one": "PROOF · 1 fact missing",
                  "title": "Proof sheet: facts to be supplied",
                  "intro": "Each numbered mark in this file stands for a fact the source does not give. It is "
                           "printed as a mark, never as a value, until the fact is supplied; a release build "
                           "refuses the game until then. A reason the editor wrote only in the source language "
                           "is not repeated here: the file and line say where to read it.",
                  "mark": "Mark", "what": "Stands for", "where": "Declared at", "why": "Why unknown",
                  "assumed": "laid out as {value} meanwhile", "not_given": "not given in the source"},
    },
    "es": {
        "counters": "fichas", "cards": "cartas", "sheet": "hoja", "front": "anversos", "back": "reversos",
        "fold": "anversos | reversos: doblar por la línea, pegar, cortar",
        "ruler": "Imprimir al 100 % (tamaño real): esta escala mide {length} mm",
        "map": "mapa", "vp": "PV", "legend": "Leyenda", "adjacent": "adyacentes", "start": "inicio",
        "hidden": "bajo el registro", "tiles": "Montaje: recorte cada hoja por sus marcas izquierda y superior "
        "y superpóngala a su vecina ({overlap} mm de solape)", "tile": "hoja", "wind": "Viento",
        "terrain": {"clear": "despejado", "jungle": "jungla", "forest": "bosque", "mountain": "montaña",
                    "impassable": "infranqueable", "hills": "colinas", "marsh": "pantano", "sea": "mar",
                    "shore": "costa", "coast": "costa", "city": "ciudad", "water": "agua"},
        "proof": {"slug": "PRUEBA · faltan {n} datos", "slug_one": "PRUEBA · falta 1 dato",
                  "title": "Hoja de pruebas: datos por completar",
                  "intro": "Cada marca numerada de este archivo ocupa el lugar de un dato que la fuente no da. "
                           "Se imprime como marca, nunca como valor, hasta que se aporte el dato; una edición "
                           "definitiva (release) rechaza el juego mientras falte alguno.",
                  "mark": "Marca", "what": "Dato", "where": "Declarado en", "why": "Por qué falta",
                  "assumed": "maquetado como {value} mientras tanto", "not_given": "no figura en la fuente"},
    },
}


def words(language: str) -> dict:
    return WORDS.get(language.split("-")[0], WORDS["en"])
