#!/bin/sh
# Everything a fresh machine needs, in one step: the Python packages (pyproject.toml) and, where the
# system allows it, HarfBuzz's font subsetter, which WeasyPrint uses to embed fonts natively (without
# it WeasyPrint falls back to a slower, deprecated path; the output is the same).
set -e
cd "$(dirname "$0")"
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && ! ldconfig -p | grep -q libharfbuzz-subset; then
    apt-get install -y -q libharfbuzz-subset0 >/dev/null 2>&1 || \
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q libharfbuzz-subset0 >/dev/null 2>&1; } || \
        echo "setup: libharfbuzz-subset0 not installed; WeasyPrint will subset fonts with fontTools"
fi
# Tests' tools: Ghostscript separates press PDFs into plates, poppler renders and reads pages back,
# gettext's msgfmt checks exported PO files.
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && ! { command -v gs && command -v pdftoppm && command -v msgfmt; } >/dev/null; then
    apt-get install -y -q ghostscript poppler-utils gettext >/dev/null 2>&1 || \
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q ghostscript poppler-utils gettext >/dev/null 2>&1; } || \
        echo "setup: ghostscript/poppler-utils/gettext not installed; the tests that need them will fail"
fi
# git: `imprenta build --since REF` reads earlier versions with it; the tests make small repositories.
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && ! command -v git >/dev/null; then
    apt-get install -y -q git >/dev/null 2>&1 || \
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q git >/dev/null 2>&1; } || \
        echo "setup: git not installed; --since and its tests need it"
fi
python3 -m pip install --quiet -e '.[test]'
