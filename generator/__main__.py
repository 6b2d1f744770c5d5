"""`python -m generator` is the `imprenta` command."""

from generator.cli import run

run()
