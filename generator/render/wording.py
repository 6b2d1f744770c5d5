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
        "calibration": {
            "title": "duplex calibration", "long": "long", "short": "short",
            "front": "Duplex calibration — front.\nPrint this file two-sided at 100 %, then hold the sheet against "
                     "a light.",
            "back": "Duplex calibration — back ({flip}-edge flip).\nThe figure where the red lines of the front "
                    "cross each scale is the correction, in mm,\nsign included (the printer's shift, reversed). "
                    "Put the horizontal and vertical readings\ninto your profile as they are:\nextends: home\n"
                    "back_offset: [x, y]"},
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
        "calibration": {
            "title": "calibración a doble cara", "long": "largo", "short": "corto",
            "front": "Calibración a doble cara — anverso.\nImprima este archivo a doble cara al 100 % y mire la "
                     "hoja a contraluz.",
            "back": "Calibración a doble cara — reverso (volteo por el borde {flip}).\nLa cifra donde las líneas "
                    "rojas del anverso cruzan cada escala es la corrección, en mm,\ncon su signo (el "
                    "desplazamiento de la impresora, invertido). Escriba las dos lecturas\ntal cual en su "
                    "perfil:\nextends: home\nback_offset: [x, y]"},
    },
}


def words(language: str) -> dict:
    return WORDS.get(language.split("-")[0], WORDS["en"])
