"""The long run of tests/test_incremental_property.py: random sequences of one to three edits of every kind
(tests/edits.py), each followed by an incremental build that must write, byte for byte, what a clean build of
the edited game writes; here with every output (the books and the play modules too) and every file type.

    python3 bench/incremental_property.py [--examples 500]

Prints the number of sequences tried, how many outputs were kept and rebuilt, and the first that differed
(then exits 1). A failing sequence is shrunk by hypothesis to a small one before it is shown.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import tests.test_incremental_property as prop  # noqa: E402

BOOKS = [(), ("aids",), ("rules",), ("vassal", "tts"), ("rules", "aids", "vassal", "tts")]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=500)
    examples = parser.parse_args().examples
    formats = frozenset({"pdf", "svg", "png"})
    original = prop.request
    # A TTS save names its pictures by an address; by OUT's own, unless given one, and the clean build goes
    # into another folder than the incremental one: both are given the same address, as a publisher would.
    prop.request = lambda out, books: original(out, books)._replace(
        formats=formats, overrides=(("asset_url", "https://example.org/el-vado/"),))
    # The clean build is the oracle: it starts from an empty user cache, so that nothing an earlier build kept
    # there (a play module's pictures, reused while their recorded inputs are unchanged) can make it agree with
    # a wrong incremental build.
    build = prop.build

    def clean_build(folder, request):
        if request.out.name != "clean":
            return build(folder, request)
        with tempfile.TemporaryDirectory(prefix="imprenta-cold-cache-") as cache:
            before = os.environ.get("XDG_CACHE_HOME")
            os.environ["XDG_CACHE_HOME"] = cache
            try:
                return build(folder, request)
            finally:
                if before is None:
                    os.environ.pop("XDG_CACHE_HOME", None)
                else:
                    os.environ["XDG_CACHE_HOME"] = before
    prop.build = clean_build
    tally: Counter = Counter()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="imprenta-incremental-") as scratch:
        base = prop.Built(Path(scratch) / "base")

        @settings(max_examples=examples, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(edits=prop.edit_sequences, books=st.sampled_from(BOOKS))
        def run(edits, books):
            with tempfile.TemporaryDirectory(dir=scratch) as example:
                again = prop.assert_incremental_equals_clean(base, edits, books, Path(example))
            tally["sequences"] += 1
            for why in again.why:
                tally["rebuilt" if why.rebuilt else "kept"] += 1
            for name, _ in edits:
                tally[f"edit: {name}"] += 1
            if tally["sequences"] % 10 == 0:
                print(f"{tally['sequences']} sequences, {time.perf_counter() - started:.0f} s", flush=True)

        try:
            run()
        except AssertionError as failure:
            print(f"an incremental build differed from a clean one after {tally['sequences']} sequences:\n{failure}")
            return 1
    seconds = time.perf_counter() - started
    kinds = sum(1 for key in tally if key.startswith("edit: "))
    print(f"{tally['sequences']} edit sequences ({kinds} kinds of edit), every incremental build equal to a clean "
          f"one; outputs kept {tally['kept']}, rebuilt {tally['rebuilt']}; "
          f"{seconds / max(1, tally['sequences']):.1f} s per sequence")
    return 0


if __name__ == "__main__":
    sys.exit(main())
