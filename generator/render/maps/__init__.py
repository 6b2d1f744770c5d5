"""The map: geometry, drawing, the full-size PDF and SVG, and the tiles for small printers."""
