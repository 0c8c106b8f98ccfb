"""Issue 15: a hint never advises an action the engine refuses.

Random games under every preset; at every decision point of a turn, for the
seat whose turn it is, every hint's first action is among ``legal_actions()``
and, at a sample of points, the hint's whole action sequence applies.
"""

from __future__ import annotations

import random

import pytest

from schock import PRESETS, load_rules
from schock.bots import RandomBot
from schock.engine import Automation, Game, SeededDice
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
                    if rng.random() < 0.05:
                        twin = replay(loads(dumps(game)))
                        for action in h.actions:
                            twin.apply(seat, action)
            game.apply(seat, bots[seat].act(view))
    assert checked > 50
