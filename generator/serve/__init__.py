"""`imprenta serve`: a live preview of a game in the browser (app: HTTP; session: the builds behind it)."""
