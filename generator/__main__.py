"""`python -m generator` is the `imprenta` command."""

import sys

from generator.cli import main

sys.exit(main())
