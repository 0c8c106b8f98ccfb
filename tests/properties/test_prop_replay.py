"""Game records reproduce a game exactly (record.py): random legal play with
typed-in dice, void throws and Strafdeckel mixed in, every preset."""

from __future__ import annotations

from typing import Any

import pytest
from gameplay import GAME_SETTINGS, NAMES, PRESETS, Table, explained
from hypothesis import given, settings
from hypothesis import strategies as st

import schock
from schock.engine import Game, SeededDice, TableDice
from schock.engine.record import dumps, loads, replay

EXAMPLES = 10


class Snapshots:
    """What the table showed after each action: the spectator's view, the actor, his moves."""

    def __init__(self, game: Game) -> None:
        self.seen: list[Any] = [self.take(game)]

    @staticmethod
    def take(game: Game) -> Any:
        return game.view(None).to_dict(), game.actor, game.legal_actions()

    def after(self, table: Table) -> None:
        self.seen.append(self.take(table.game))


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=EXAMPLES, **GAME_SETTINGS)
@given(data=st.data())
def test_record_replays_the_game(preset: str, data: st.DataObject) -> None:
    table = Table.draw(data, preset)
    snaps = Snapshots(table.game)
    table.checkers.append(snaps)
    with explained(table):
        game = table.play()

        text = dumps(game)
        again = replay(loads(text))
        assert again.log == game.log
        assert again.actions == game.actions
        assert (again.loser, again.durchmarsch) == (game.loser, game.durchmarsch)
        assert dumps(again) == text

        # The same seed and the same actions in a fresh game.
        fresh = Game(
            game.rules, seats=game.seats, dice=SeededDice(table.seed), starter=game.starter
        )
        for seat, action in game.actions:
            fresh.apply(seat, action)
        assert fresh.log == game.log

        # The same dice typed in at a real table.
        typed = Game(game.rules, seats=game.seats, dice=TableDice(), starter=game.starter)
        for seat, action in table.explicit:
            typed.apply(seat, action)
        assert typed.log == game.log

        # A record cut after k actions is the game as it stood after k actions.
        record = loads(text)
        total = len(game.actions)
        cuts = {0, total, *data.draw(st.lists(st.integers(0, total), max_size=4), label="cuts")}
        for k in sorted(cuts):
            part = replay(record, upto=k)
            assert part.actions == game.actions[:k], k
            assert part.log == game.log[: table.log_len[k]], k
            assert Snapshots.take(part) == snaps.seen[k], k


@given(dice=st.lists(st.integers(1, 6), min_size=3, max_size=3))
def test_record_keeps_typed_in_dice(dice: list[int]) -> None:
    """Dice typed in at a real table come back from the record as they were
    thrown (the smallest case of the property above)."""
    game = Game(schock.load_rules("porz"), seats=NAMES[:2], dice=TableDice(), starter=0)
    game.throw(dice)
    again = replay(loads(dumps(game)))
    assert again.log == game.log
