"""Helpers for arena tests: a significance check in one call, and a skip for missing bots."""

from __future__ import annotations

import pytest

from schock.arena import ArenaResult, run_arena
from schock.bots import available_bots


def need_bots(*names: str) -> None:
    """Skip the calling test unless every bot in ``names`` is in the registry."""
    missing = [n for n in names if n not in available_bots()]
    if missing:
        pytest.skip(f"bot(s) not available yet: {', '.join(missing)}")


def assert_fewer_losses(
    better: str,
    worse: str,
    *,
    rules: str = "porz",
    games: int,
    seed: int,
    jobs: int = 1,
) -> ArenaResult:
    """Play ``better`` against ``worse`` and assert that ``better`` loses significantly
    less often: the upper end of its 95 % Wilson interval is below the lower end of
    the other's. Two different bots, heads-up, seats alternating."""
    result = run_arena(rules, [better, worse], games=games, seed=seed, jobs=jobs)
    b, w = result.result(better), result.result(worse)
    assert result.fewer_losses(better, worse), (
        f"{rules}, {games} games, seed {seed}: {better} lost {b.losses} "
        f"(95 % CI {b.ci95[0]:.3f}-{b.ci95[1]:.3f}), {worse} lost {w.losses} "
        f"(95 % CI {w.ci95[0]:.3f}-{w.ci95[1]:.3f})"
    )
    return result
