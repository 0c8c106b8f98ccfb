"""Issue 17: the optimal bot plays for the half in two-player rounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from schock import load_rules
from schock.bots import OptimalBot
from schock.bots.solver_bots import _duel
from schock.engine import Game, ScriptedDice
from schock.solver.half import duel_half
from schock.solver.hints import hints
from schock.solver.turn import Objective


def test_the_default_objective_is_the_half() -> None:
    assert OptimalBot().objective is Objective.HALF


def test_two_player_rounds_get_the_half_stakes_and_more_players_fall_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rules = load_rules("porz").replace(deckel=5)
    duel = Game(rules, seats=["A", "B"], starter=0, dice=ScriptedDice([1, 6, 6]))
    duel.throw()
    duel.lift()
    view = duel.view(0)
    duel = _duel(view, duel_half)
    assert duel is not None
    table, sit, first = duel
    stakes = table.stakes(*sit, first=first)
    assert sit == (view.stock, 0, 0) and first
    assert stakes == duel_half(rules).stakes(view.stock, 0, 0, first=True)
    bot_move = OptimalBot().act(view)
    best = hints(view, objective="half", stakes=stakes)[0]
    assert bot_move == best.actions[0]
    trio = Game(rules, seats=["A", "B", "C"], starter=0, dice=ScriptedDice([1, 6, 6]))
    trio.throw()
    trio.lift()
    assert _duel(trio.view(0), duel_half) is None
    OptimalBot().act(trio.view(0))  # plays with the reference model
