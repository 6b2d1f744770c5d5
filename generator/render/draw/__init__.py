"""The drawing model and its back-ends: plain shapes in millimetres, the PDF canvas, SVG, fonts, colours, text
fitting."""
