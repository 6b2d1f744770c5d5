"""Translators' files: starting, stamping and reporting on the overlays in `<game>/i18n/`."""
