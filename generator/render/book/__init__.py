"""The rulebook, the living rules and the player aids: prose, tables and templates into HTML and PDF."""
