"""Issue 15: a hint never advises an action the engine refuses.

Random games under every preset; at every decision point of a turn, for the
seat whose turn it is, every hint's first action is among ``legal_actions()``
and, at a sample of points and after every take-back, the hint's whole action
sequence applies.
"""

from __future__ import annotations

import random

import pytest

from schock import PRESETS, load_rules
from schock.bots import RandomBot
from schock.engine import (
    Automation,
    Game,
    LiftAction,
    SeededDice,
    SetAsideAction,
    TableDice,
    TakeBackAction,
    ThrowAction,
)
from schock.engine.record import dumps, loads, replay
from schock.rules import example_files, load_example
from schock.solver.hints import hints

GAMES_PER_PRESET = 2
MAX_DECISIONS = 400


@pytest.mark.parametrize("preset", [*PRESETS, *sorted(example_files())])
def test_no_hint_lists_an_illegal_action(preset: str) -> None:
    """Under every preset and every shipped house-rules example (issue 16)."""
    checked = 0
    for seed in range(GAMES_PER_PRESET):
        game = Game(
            load_rules(preset) if preset in PRESETS else load_example(preset),
            seats=["A", "B", "C"],
            dice=SeededDice(seed),
            automations=set(Automation),
        )
        bots = [RandomBot(seed=seed * 10 + s) for s in range(3)]
        rng = random.Random(seed)
        decisions = 0
        while not game.over and decisions < MAX_DECISIONS:
            seat = game.actor
            assert seat is not None
            view = game.view(seat)
            if view.phase == "turn" and view.my_turn:
                decisions += 1
                legal = set(game.legal_actions())
                for h in hints(view, metrics=False):
                    assert h.actions, h
                    assert h.actions[0] in legal, (h, sorted(map(str, legal)), dumps(game))
                    checked += 1
                    if rng.random() < 0.05 or isinstance(game.actions[-1][1], TakeBackAction):
                        twin = replay(loads(dumps(game)))
                        for action in h.actions:
                            twin.apply(seat, action)
            game.apply(seat, bots[seat].act(view))
    assert checked > 50


@pytest.mark.parametrize("preset", ["ferschweiler", "porz", "mosel"])
def test_after_taking_back_an_older_die_no_hint_sets_it_aside_again(preset: str) -> None:
    """A die taken back from an earlier throw must be thrown: keeping it again is out
    of reach, so no hint may plan it (before, "keep 1-1" planned two set-asides of 1)."""
    game = Game(load_rules(preset), seats=["A", "B"], dice=TableDice(), starter=0)
    while game.phase != "turn":  # laden or an opening: A throws 1-4-5 first
        n = game.verify_throw()
        game.throw(((1, 4, 5) if game.actor == 0 else (2, 3, 4)) if n == 3 else (2 - game.actor,))
    if game.view(0).turns[0].throws == 0:
        game.throw((1, 4, 5))
    if LiftAction() in game.legal_actions():
        game.apply(0, LiftAction())
    game.apply(0, SetAsideAction((1,)))
    game.throw((1, 6))
    game.apply(0, TakeBackAction((1,)))  # the 1 of the first throw goes back into the cup
    me = game.view(0).turns[0]
    assert me.cup == (1, 1, 6) and me.settable == (1, 6)
    choices = hints(game.view(0))
    assert choices and all(h.move is None or h.move.keep != (1, 1) for h in choices)
    for h in choices:
        twin = replay(loads(dumps(game)))
        for action in h.actions:
            if isinstance(action, ThrowAction):  # a real table's dice: typed in
                twin.throw((2,) * twin.verify_throw())
            else:
                twin.apply(0, action)
