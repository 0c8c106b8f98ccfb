"""Issue 12's independent check: the two-throw round as an explicit tree
(schock.adapters.reduced), solved and judged by OpenSpiel."""

from __future__ import annotations

import random

import pyspiel
import pytest

from schock import InvalidInputError, Outcome, load_rules
from schock.adapters import openspiel as adapter
from schock.adapters._core import BLIND, LIFT, STOP, THROW, Driver
from schock.adapters.reduced import ReducedRound, decision_moves, throws_of
from schock.rules import Rules
from schock.solver.equilibrium import round_value

Dice = tuple[int, ...]


def two(name: str) -> Rules:
    return load_rules(name).replace(max_throws=2)


def _roll(rng: random.Random, n: int) -> Dice:
    return tuple(sorted(rng.randint(1, 6) for _ in range(n)))


def _finish(d: Driver, rng: random.Random) -> None:
    """Play out what nobody decides: covered throws and the stops after them."""
    while not d.over:
        if d.pending is not None:
            d.throw_dice(_roll(rng, d.pending))
        else:
            assert d.legal_ids() == [STOP], d.legal_ids()
            d.apply(STOP)


def _decide(
    tree: ReducedRound, d: Driver, first: bool, roll: Dice, rng: random.Random
) -> tuple[Outcome, Dice | None]:
    """A random move of the tree's, played in the engine after looking at ``roll``;
    the result and the dice on the table for the second throw (None: stopped)."""
    assert tuple(decision_moves(d)) == tree.moves(first, roll)  # the same moves in the engine
    m = rng.choice(tree.moves(first, roll))
    for aid in tree.engine_actions(first, roll, m):
        d.apply(aid)
    if m == "stop":
        return Outcome(roll, 1, on_hand=True), None
    table = tree.table_dice(first, roll, m)
    again = _roll(rng, 3 - len(table))
    d.throw_dice(again)
    return Outcome(table + again, 2, on_hand=not table), table


def _play_path(tree: ReducedRound, rng: random.Random) -> None:
    """One random path of the tree, played in the engine: the same moves are
    legal, Hinterhand sees what the tree says he sees, and the engine's loser
    is the one the tree's payoff counts."""
    d = Driver(tree.rules, 2, chance=True)
    r1 = _roll(rng, 3)
    d.throw_dice(r1)
    h1 = _roll(rng, 3)
    if d.pending is not None:  # laden: Hinterhand's first throw waits under his cup
        d.throw_dice(h1)
    move = rng.choice(tree.unseen_moves(first=True))
    table: Dice | None = None  # Vorhand's dice on the table for his covered second throw
    if move == "lift":
        d.apply(LIFT)
        mine, table = _decide(tree, d, True, r1, rng)
    elif move == "throw unseen":
        d.apply(THROW)
        table, r2 = (), _roll(rng, 3)
        d.throw_dice(r2)
        mine = Outcome(r2, 2, on_hand=True)
    else:
        d.apply(BLIND if move == "blind" else STOP)
        mine = Outcome(r1, 1, on_hand=True)
    if table is not None:
        d.apply(STOP)  # Vorhand's second throw stays covered
    if d.pending is not None:
        d.throw_dice(h1)
    if table is None:  # a one-throw round: Hinterhand decides nothing
        assert d.over or d.legal_ids() == [STOP]
        theirs = Outcome(h1, 1, on_hand=True)
    else:
        assert d.actor == 1
        seen = d.game.view(1).turns[0]
        assert seen.cup is None and seen.hidden == 3 - len(table)  # the covered throw
        assert seen.aside == table
        assert seen.history == (r1,)  # thrown again: seen, looked at or not
        theirs, _ = _decide(tree, d, False, h1, rng)
    _finish(d, rng)
    assert tree.not_lose(mine, theirs) == (d.loser == 1)


@pytest.mark.parametrize("name", ["porz", "mosel", "irmgarteich", "ferschweiler"])
def test_the_tree_is_the_engines_round(name: str) -> None:
    tree = ReducedRound(two(name))
    rng = random.Random(f"two-throws {name}")
    for _ in range(400):
        _play_path(tree, rng)


def test_folded_payoffs_are_the_chances_counted_by_hand() -> None:
    """A payoff of the tree is the chance over the folded throws, counted by hand."""
    tree = ReducedRound(two("porz"))
    mine = [(Outcome((1, 1, *r), 2, on_hand=False), p) for r, p in throws_of(1)]
    theirs = [(Outcome((6, *r), 2, on_hand=False), p) for r, p in throws_of(2)]
    by_hand = sum(p * q * tree.not_lose(a, b) for a, p in mine for b, q in theirs)
    assert tree.value_second_throws((1, 1), (6,)) == pytest.approx(by_hand, abs=1e-12)
    # Schock Aus shown in one throw cannot lose; 2-2-3 loses unless Hinterhand throws worse
    assert tree.value_one_throw((1, 1, 1)) == pytest.approx(1.0, abs=1e-12)
    assert 0.0 < tree.value_one_throw((2, 2, 3)) < 0.1


def test_the_tree_needs_two_throws() -> None:
    with pytest.raises(InvalidInputError, match="max_throws = 2, got 3"):
        ReducedRound(load_rules("porz"))
    with pytest.raises(InvalidInputError, match="iterations must be a whole number"):
        adapter.check_two_throw_round("porz", iterations=0)


@pytest.mark.parametrize(
    "name", ["porz", pytest.param("mosel", marks=pytest.mark.slow)]
)
def test_openspiel_certifies_our_equilibrium(name: str) -> None:
    """OpenSpiel's best response gains nothing against our strategies, their value
    in OpenSpiel's tree is our round value, and CFR+ finds the same value."""
    check = adapter.check_two_throw_round(name)
    assert check.our_exploitability <= 1e-9
    assert check.our_value == pytest.approx(check.round_value, abs=1e-12)
    assert check.round_value == pytest.approx(round_value(two(name)), abs=0)
    assert check.cfr_exploitability < 1e-4
    assert check.cfr_value == pytest.approx(check.round_value, abs=1e-4)
    assert check.infosets > 5000 and check.histories > 30000


def test_a_wrong_strategy_is_caught() -> None:
    """The check can fail: one wrong decision on either side is exploitable."""
    tree, game = adapter.two_throw_game("porz")
    ours = adapter.equilibrium_policy(tree, game)
    assert pyspiel.exploitability(game, ours) <= 1e-9
    names = {key.split("-", 3)[3]: key for key in ours}

    def play(key: str, label: str) -> dict[str, list[tuple[int, float]]]:
        state = _state_at(game, key)
        action = next(a for a in state.legal_actions() if state.action_to_string(a) == label)
        wrong = dict(ours)
        wrong[key] = [(a, 1.0 if a == action else 0.0) for a, _ in ours[key]]
        return wrong

    # Vorhand throws a shown Schock Aus away; Hinterhand stops on 2-2-3 against three covered dice
    first = play(names["Vorhand: 1-1-1"], "throw 3")
    second = play(names["Hinterhand after 2-3-5, throw 3: 2-2-3"], "stop")
    assert pyspiel.exploitability(game, first) > 1e-4
    assert pyspiel.exploitability(game, second) > 1e-6


def _state_at(game: object, key: str) -> pyspiel.State:
    stack = [game.new_initial_state()]  # type: ignore[attr-defined]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
        elif state.information_state_string() == key:
            return state
        else:
            stack.extend(state.child(a) for a in state.legal_actions())
    raise AssertionError(key)
