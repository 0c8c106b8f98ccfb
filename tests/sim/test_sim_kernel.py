"""The kernel's Python source plays the very games its compiled form plays.

numba compiles :func:`schock.sim.kernel.play_games`; its ``py_func`` is the
plain Python function. Run with the helpers swapped for their Python forms too,
it must give the same rows and counts: the compiled kernel does what its
source says (and coverage sees the source run).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from schock import load_rules
from schock.sim import kernel
from schock.sim.core import Chunk, make_spec, run_chunk


def _python_chunk(monkeypatch: pytest.MonkeyPatch, spec: Any, seed: int, games: int) -> Chunk:
    for name in ("_die", "_key", "_roll_off", "_throw", "_follow", "_slot", "_give", "_record"):
        monkeypatch.setattr(kernel, name, getattr(kernel, name).py_func)
    monkeypatch.setattr(kernel, "play_games", kernel.play_games.py_func)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # uint64 products wrap, as in the kernel
        return run_chunk(spec, seed, 0, games, "turn")


@pytest.mark.parametrize(
    ("preset", "bots", "change"),
    [
        ("mosel", ["heuristic", "bold", "cautious"], {}),
        ("porz", ["heuristic"] * 4, {}),
        ("ferschweiler", ["cautious", "heuristic"], {"final_starter": "random"}),
        ("niederrhein", ["heuristic"] * 3, {"opening": "one_die_low"}),
        ("irmgarteich", ["bold"] * 3, {"structure": "halves_and_final", "deckel": 5}),
        ("irmgarteich", ["equilibrium", "optimal"], {"deckel": 5}),  # blind, duel slots
        ("porz", ["optimal", "heuristic"], {"last_throw_covered": False, "deckel": 4}),
        ("irmgarteich", ["heuristic"] * 3, {"schock_aus_keeps": True, "general": False}),
    ],
)
def test_python_source_and_compiled_kernel_agree(
    monkeypatch: pytest.MonkeyPatch, preset: str, bots: list[str], change: dict[str, Any]
) -> None:
    spec = make_spec(load_rules(preset).replace(**change), bots)
    run_chunk(spec, 11, 0, 60)  # every duel slot these games need, solved
    compiled = run_chunk(spec, 11, 0, 60, "turn")
    python = _python_chunk(monkeypatch, spec, 11, 60)
    assert (compiled.rows == python.rows).all()
    assert (compiled.kinds == python.kinds).all()
    assert (compiled.deckel == python.deckel).all()
    assert (compiled.round_losers == python.round_losers).all()
    assert compiled.rounds == python.rounds > 0
    assert compiled.round_rows is not None and python.round_rows is not None
    assert compiled.turn_rows is not None and python.turn_rows is not None
    assert (compiled.round_rows == python.round_rows).all()
    assert (compiled.turn_rows == python.turn_rows).all()
    assert len(compiled.round_rows) == compiled.rounds
    assert np.unique(compiled.rows[:, kernel.COLUMNS.index("loser")]).size > 1
