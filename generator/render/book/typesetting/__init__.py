"""WeasyPrint made cheaper per page where it repeats work for our books, every page printed the same (shortcuts.py)."""
