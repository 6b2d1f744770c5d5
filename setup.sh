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
# Press tests (issue 26): Ghostscript separates a press PDF into its C, M, Y, K plates; poppler renders pages.
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && ! { command -v gs && command -v pdftoppm; } >/dev/null; then
    apt-get install -y -q ghostscript poppler-utils >/dev/null 2>&1 || \
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q ghostscript poppler-utils >/dev/null 2>&1; } || \
        echo "setup: ghostscript/poppler-utils not installed; the separation tests will be skipped"
fi
python3 -m pip install --quiet -e '.[test]'
