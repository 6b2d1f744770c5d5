"""The few words Imprenta itself prints on sheets (footers, the ruler), in each language it knows."""

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
        "symbols": {"fortified": "fortified city", "city": "city", "fortress": "fortress", "capital": "capital",
                    "port": "port", "jungle": "jungle"},
        "crossing": "crossing (by sea, or a route)", "home": "home of {name}",
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
        "symbols": {"fortified": "ciudad fortificada", "city": "ciudad", "fortress": "fortaleza",
                    "capital": "capital", "port": "puerto", "jungle": "jungla"},
        "crossing": "paso (por mar, o una ruta)", "home": "territorio de {name}",
    },
}


def words(language: str) -> dict:
    return WORDS.get(language.split("-")[0], WORDS["en"])
