"""A book's page numbers and glossary pages, settled inside one WeasyPrint layout (settled.py)."""
