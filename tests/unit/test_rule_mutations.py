"""The curated rule mutations of ``scripts/rule_mutations.py`` stay current.

The script itself runs each mutant against the tests (minutes for the whole
list); here every run checks that each mutation still applies to exactly one
place of the source, so that the list cannot silently drift away from the
code, and runs one mutant end to end.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_mutations", ROOT / "scripts" /
                                                  "rule_mutations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rule_mutations"] = module
    spec.loader.exec_module(module)
    return module


def test_every_mutation_applies_to_one_place() -> None:
    script = _script()
    ids = [m.id for m in script.MUTATIONS]
    assert len(ids) == len(set(ids)) >= 15
    for m in script.MUTATIONS:
        source = (script.PACKAGE / m.file).read_text(encoding="utf-8")
        assert source.count(m.old) == 1, f"{m.id}: the line moved; update the mutation"
        assert m.old != m.new and m.rule


@pytest.mark.slow
def test_a_mutant_is_killed() -> None:
    """The seed rule the issue found unguarded: sixes turned in the last throw."""
    script = _script()
    [mutation] = [m for m in script.MUTATIONS if m.id == "sixes-last-throw"]
    outcome, _ = script.run_one(mutation, ["-k", "sixes"])
    assert outcome == "killed"
