"""Game.copy: a copy plays on exactly like the original and like a replayed game."""

from __future__ import annotations

import random

import pytest

from schock import PRESETS, load_rules
from schock.engine import Game, SeededDice, TableDice
from schock.engine.record import dumps, loads, replay


def play(game: Game, pick: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        legal = game.legal_actions()
        game.apply(game.actor, legal[int(pick.random() * len(legal))])


def snapshot(game: Game) -> tuple[object, ...]:
    seats = range(len(game.seats))
    return (
        list(game.log),
        list(game.actions),
        [game.view(s) for s in (None, *seats)],
        game.legal_actions(),
        game.deckel,
        game.stock,
    )


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_copy_goes_on_like_the_original(preset: str) -> None:
    rules = load_rules(preset)
    for seed in range(4):
        pick = random.Random(seed)
        game = Game(rules, seats=["A", "B", "C"], dice=SeededDice(seed), starter=None)
        while not game.over:
            play(game, pick, pick.randrange(1, 40))
            copy = game.copy()
            assert snapshot(copy) == snapshot(game)
            # the same dice and the same choices from here on: the same game
            state = pick.getstate()
            play(copy, pick, 30)
            pick.setstate(state)
            before = snapshot(copy)
            play(game, pick, 30)
            assert snapshot(game) == before


def test_copy_equals_a_replayed_game_and_is_independent() -> None:
    rules = load_rules("mosel")
    pick = random.Random(5)
    game = Game(rules, seats=["A", "B", "C", "D"], dice=SeededDice(9), starter=0)
    for _ in range(60):
        play(game, pick, pick.randrange(1, 25))
        if game.over:
            break
        replayed = replay(loads(dumps(game)))
        copy = game.copy()
        assert snapshot(copy)[:3] == snapshot(replayed)[:3]
        original = snapshot(game)
        play(copy, random.Random(1), 50)  # playing the copy leaves the original alone
        assert snapshot(game) == original


def test_copy_of_a_table_game_takes_typed_dice() -> None:
    game = Game(load_rules("porz"), seats=["A", "B"], dice=TableDice(), starter=0)
    game.throw((1, 1, 4))
    copy = game.copy()
    copy.lift(seat=0)
    assert len(copy.log) == len(game.log) + 1
    assert game.view(1).turns[0].cup is None and copy.view(1).turns[0].cup == (1, 1, 4)
