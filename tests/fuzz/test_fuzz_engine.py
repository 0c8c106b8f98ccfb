"""Random (often wrongly typed) arguments into every public engine method.

Each call either acts (and then the record still reads back and replays to
the same game) or raises InvalidInputError / IllegalActionError and changes
nothing: not the log, not the actions, not any seat's view.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schock import IllegalActionError, InvalidInputError, load_rules
from schock.engine import Game, SeededDice, TableDice
from schock.engine import actions as acts
from schock.engine.record import dumps, loads, replay

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PRESETS = ("ferschweiler", "porz", "mosel", "irmgarteich", "niederrhein")

weird = st.one_of(
    st.sampled_from([True, False, 0, 1, 2]),  # near misses: a bool where a seat or count goes
    st.none(),
    st.booleans(),
    st.integers(-3, 14),
    st.sampled_from([10**30, -(10**30), math.nan, math.inf, 1.0, 2.5, "1", "", "Anna", b"1"]),
    st.lists(st.integers(0, 7), max_size=4),
    st.lists(st.integers(1, 6), max_size=4).map(tuple),
    st.sets(st.integers(1, 6), max_size=3),
    st.frozensets(st.integers(1, 6), max_size=3),
    st.dictionaries(st.integers(1, 6), st.integers(1, 6), max_size=2),
    st.lists(st.sampled_from([True, 1.0, "1", None, 6, 1]), max_size=3),
)

# name -> how to call it with two weird values
CALLS: dict[str, Any] = {
    "throw": lambda g, a, b: g.throw(a, seat=b),
    "throw_dice": lambda g, a, b: g.throw(a),
    "lift": lambda g, a, b: g.lift(seat=a),
    "set_aside": lambda g, a, b: g.set_aside(a, seat=b),
    "take_back": lambda g, a, b: g.take_back(a, seat=b),
    "turn_sixes": lambda g, a, b: g.turn_sixes(a, seat=b),
    "stop": lambda g, a, b: g.stop(seat=a),
    "blind": lambda g, a, b: g.blind(seat=a),
    "einkaufen": lambda g, a, b: g.einkaufen(a, seat=b),
    "strafdeckel": lambda g, a, b: g.strafdeckel(a, b),
    "void_throw": lambda g, a, b: g.void_throw(seat=a),
    "apply": lambda g, a, b: g.apply(a, b),
    "apply_action": lambda g, a, b: g.apply(g.actor if g.actor is not None else 0, b),
    "view": lambda g, a, b: g.view(a),
    "in_half": lambda g, a, b: g.in_half(a),
    "can_throw": lambda g, a, b: g.can_throw(a, seat=b),
    "can_set_aside": lambda g, a, b: g.can_set_aside(a, seat=b),
    "can_strafdeckel": lambda g, a, b: g.can_strafdeckel(a, b),
}

actions = st.one_of(
    weird,
    st.builds(acts.ThrowAction, weird),
    st.builds(acts.SetAsideAction, weird),
    st.builds(acts.TakeBackAction, weird),
    st.builds(acts.TurnSixesAction, weird),
    st.builds(acts.EinkaufenAction, weird),
    st.builds(acts.StrafdeckelAction, weird),
    st.just(acts.StopAction()),
)


def _state(game: Game) -> Any:
    return (
        list(game.log),
        list(game.actions),
        [game.view(s).to_dict() for s in range(len(game.seats))],
    )


def _play_a_bit(game: Game, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if game.over:
            return
        legal = game.legal_actions()
        game.apply(game.actor, rng.choice(legal))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(CALLS))
@FUZZ
@given(
    preset=st.sampled_from(PRESETS),
    steps=st.integers(0, 60),
    seed=st.integers(0, 1000),
    a=weird,
    b=st.one_of(weird, actions),
)
def test_weird_arguments(name: str, preset: str, steps: int, seed: int, a: Any, b: Any) -> None:
    game = Game(load_rules(preset), seats=["Anna", "Ben", "Cem"], dice=SeededDice(seed))
    _play_a_bit(game, steps, random.Random(seed))
    before = _state(game)
    try:
        CALLS[name](game, a, b)
    except (InvalidInputError, IllegalActionError):
        assert _state(game) == before, "a refused call changed the game"
        return
    again = replay(loads(dumps(game)))
    assert again.log == game.log and again.actions == game.actions


@FUZZ
@given(
    rules=st.one_of(weird, st.just(load_rules("porz"))),
    seats=st.one_of(weird, st.lists(st.one_of(st.text(max_size=5), weird), max_size=4)),
    dice=st.one_of(weird, st.just(TableDice()), st.just(SeededDice(1))),
    starter=weird,
    automations=st.one_of(weird, st.lists(st.sampled_from(["loading", "roll_off", "x", 1]))),
)
def test_weird_game_arguments(rules: Any, seats: Any, dice: Any, starter: Any, automations: Any) -> None:
    try:
        game = Game(rules, seats=seats, dice=dice, starter=starter, automations=automations)
    except InvalidInputError:
        return
    names = [s.name for s in game.seats]
    assert len({n.casefold() for n in names}) == len(names)
    assert all(n == n.strip() and n for n in names)
    if not isinstance(game.dice, TableDice):
        again = replay(loads(dumps(game)))
        assert again.log == game.log
