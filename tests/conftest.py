"""Hypothesis profiles: under CI (the CI environment variable set) examples are
derandomized, so a run on a clean machine is reproducible; at a developer's
desk every run explores new examples."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
