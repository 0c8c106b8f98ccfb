"""The curated rule mutations of ``scripts/rule_mutations.py`` stay current.

The script itself runs each mutant against the tests (minutes for the whole
list); here every run checks that each mutation still applies to exactly one
place of the source, so that the list cannot silently drift away from the
code, and runs one mutant end to end.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest


@pytest.fixture(scope="module")
def script(load_script: Callable[[str], ModuleType]) -> ModuleType:
    return load_script("rule_mutations")


def test_every_mutation_applies_to_one_place(script: ModuleType) -> None:
    ids = [m.id for m in script.MUTATIONS]
    assert len(ids) == len(set(ids)) >= 15
    for m in script.MUTATIONS:
        source = (script.PACKAGE / m.file).read_text(encoding="utf-8")
        assert source.count(m.old) == 1, f"{m.id}: the line moved; update the mutation"
        assert m.old != m.new and m.rule


@pytest.mark.slow
def test_a_mutant_is_killed(script: ModuleType) -> None:
    """The seed rule the issue found unguarded: sixes turned in the last throw."""
    [mutation] = [m for m in script.MUTATIONS if m.id == "sixes-last-throw"]
    outcome, _ = script.run_one(mutation, ["-k", "sixes"])
    assert outcome == "killed"
