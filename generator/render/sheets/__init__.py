"""Pieces on paper: layouts, faces, imposition and the counter, card and calibration sheets."""
