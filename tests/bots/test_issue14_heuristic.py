"""Issue 14: the heuristic stands on a strong result (its description says so)."""

from __future__ import annotations

import pytest

from schock import load_rules
from schock.bots import HeuristicBot
from schock.engine import Game, LiftAction, ScriptedDice, StopAction, ThrowAction


def _bot_after(dice: list[int], preset: str = "porz") -> object:
    game = Game(load_rules(preset), seats=["Bot", "Anna"], starter=0, dice=ScriptedDice(dice))
    game.apply(0, ThrowAction())
    while game.actor != 0:  # the others' loading throws, where the rules have them
        game.apply(game.actor, ThrowAction())  # type: ignore[arg-type]
    bot = HeuristicBot()
    action = bot.act(game.view(0))
    if action == LiftAction():
        game.apply(0, action)
        action = bot.act(game.view(0))
    return action


@pytest.mark.parametrize("preset", ["porz", "mosel", "irmgarteich", "ferschweiler", "niederrhein"])
def test_stands_on_a_general_from_the_first_throw(preset: str) -> None:
    assert _bot_after([2, 2, 2] + [5, 5, 6] * 3, preset) == StopAction()


def test_stands_on_a_strasse_on_hand_but_not_on_an_einfacher_wurf() -> None:
    assert _bot_after([2, 3, 4] + [5, 5, 6] * 3) == StopAction()
    assert _bot_after([5, 5, 6] + [5, 5, 6] * 3) == ThrowAction()
