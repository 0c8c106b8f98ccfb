"""The action ids, the chance outcomes and the driver shared by the adapters."""

from __future__ import annotations

import copy
import random

import pytest

from schock import IllegalActionError, InvalidInputError, load_rules
from schock.adapters._core import (
    ACTION_NAMES,
    ASIDE0,
    BACK0,
    NUM_ACTIONS,
    Driver,
    action_id,
    engine_action,
    outcome_from_id,
    outcome_id,
    throw_distribution,
)
from schock.engine import SetAsideAction


def test_action_ids_round_trip_and_are_stable() -> None:
    assert len(ACTION_NAMES) == NUM_ACTIONS == 20
    for aid in range(NUM_ACTIONS):
        assert action_id(engine_action(aid)) == aid
    # the documented table (docs/adapters.md): these ids never change
    assert [ACTION_NAMES[i] for i in (0, 1, 2, 3, 4, 5, 6, 11, 12, 17, 18, 19)] == [
        "throw", "lift", "stop", "blind", "turn_sixes_1", "turn_sixes_2",
        "aside_1", "aside_6", "back_1", "back_6", "einkaufen_yes", "einkaufen_no",
    ]  # fmt: skip


@pytest.mark.parametrize("bad", [-1, 20, 2.0, True, "0"])
def test_bad_action_id(bad: object) -> None:
    with pytest.raises(InvalidInputError, match="allowed: a whole number from 0 to 19"):
        engine_action(bad)  # type: ignore[arg-type]


def test_multi_die_action_has_no_id() -> None:
    with pytest.raises(InvalidInputError, match="single-die actions"):
        action_id(SetAsideAction((1, 1)))


@pytest.mark.parametrize(("n", "count"), [(1, 6), (2, 21), (3, 56)])
def test_throw_distribution(n: int, count: int) -> None:
    dist = throw_distribution(n)
    assert len(dist) == count
    assert sum(p for _, p in dist) == pytest.approx(1.0)
    assert dict(dist)[outcome_id((1,) * n)] == pytest.approx(6.0**-n)
    for oid, _ in dist:
        assert len(outcome_from_id(oid)) == n


def test_bad_scope_and_players() -> None:
    porz = load_rules("porz")
    with pytest.raises(InvalidInputError, match="allowed: round, half, game"):
        Driver(porz, 2, scope="match")


def test_illegal_id_changes_nothing() -> None:
    d = Driver(load_rules("porz"), 2)
    before = list(d.game.log)
    with pytest.raises(IllegalActionError, match=r"allowed: 0 \(throw\)"):
        d.apply(2)
    assert d.game.log == before


def test_masks_are_the_engine_legal_actions_without_undo_loops() -> None:
    """Every id offered is legal in the engine; after a set-aside in one decision
    no die is taken back, and set-asides come in ascending order."""
    rng = random.Random(5)
    seen_ids: set[int] = set()
    rounds = 0
    for rules in ("porz", "mosel", "ferschweiler", "niederrhein", "irmgarteich"):
        r = load_rules(rules)
        for seed in range(15):
            d = Driver(r, 3, scope="half", seed=seed)
            steps = 0
            while not d.over:
                ids = d.legal_ids()
                legal = d.game.legal_actions()
                assert ids and {engine_action(i) for i in ids} <= set(legal)
                asides = [i - ASIDE0 for i in ids if ASIDE0 < i <= ASIDE0 + 6]
                last = d.game.actions[-1] if d.game.actions else None
                if last is not None and last[0] == d.actor and isinstance(last[1], SetAsideAction):
                    assert not [i for i in ids if BACK0 < i <= BACK0 + 6]
                    assert all(v >= last[1].dice[0] for v in asides)
                aid = rng.choice(ids)
                seen_ids.add(aid)
                d.apply(aid)
                steps += 1
                assert steps < 20_000
            rounds += d.game.round_number
    assert rounds > 300
    assert {1, 3, 7, 8, 13} <= seen_ids  # lift, blind, set aside, take back were played


def test_copies_are_independent_and_the_end_is_final() -> None:
    d = Driver(load_rules("porz"), 2, chance=True)
    assert d.returns() == [0.0, 0.0]
    d.throw_dice((1, 1, 4))
    twin = copy.deepcopy(d)
    d.apply(1)  # lift
    assert twin.legal_ids() == [0, 1, 2] and d.legal_ids() == [0, 2, 6]
    d.apply(2)
    d.throw_dice((2, 2, 3))
    d.apply(2)
    assert d.over and d.loser == 1 and not twin.over
    with pytest.raises(IllegalActionError, match="the round is over"):
        d.apply(0)
    with pytest.raises(IllegalActionError, match="no throw is waiting"):
        d.throw_dice((1, 2, 3))
    seeded = Driver(load_rules("porz"), 2, seed=3)
    seeded.apply(seeded.legal_ids()[0])
    other = copy.deepcopy(seeded)  # a seeded copy goes on with the same dice
    for d in (seeded, other):
        for _ in range(6):
            d.apply(d.legal_ids()[0])
    assert other.game.log == seeded.game.log and other.game is not seeded.game


@pytest.mark.parametrize("max_throws", [1, 3, 5, 9])
def test_observations_lie_in_0_1_for_every_throw_cap(max_throws: int) -> None:
    """Issue 28: throws over 3 went past 1 under a cap above 3, and limits above 3
    all looked alike. Every seat's view at every step of whole games: in [0, 1],
    of the documented length, the limit and each turn's throws told apart."""
    from schock.adapters._core import observation_size, observation_vector
    from schock.bots import make_bot
    from schock.engine.dice_sources import SeededDice
    from schock.engine.game import Automation, Game

    rules = load_rules("mosel").replace(max_throws=max_throws)
    limit_at = 5 + 3 + 3 + 1 + 3 + 3  # phase, actor, me, Stock, Deckel, half
    turns_at = limit_at + 4 + 3 + 1  # throw limit, round starter, blind
    limits: dict[tuple[float, ...], int | None] = {}
    throws: dict[float, int] = {}
    for seed in range(3):
        game = Game(rules, seats=["A", "B", "C"], dice=SeededDice(seed), automations=set(Automation))
        bots = [make_bot("random", seed=seed * 3 + i) for i in range(3)]
        while not game.over:
            for me in range(3):
                view = game.view(me)
                vec = observation_vector(view, me)
                assert len(vec) == observation_size(3)
                assert all(0.0 <= x <= 1.0 for x in vec), vec
                key = tuple(vec[limit_at : limit_at + 4])
                assert limits.setdefault(key, view.throw_limit) == view.throw_limit
                for t in view.turns:
                    assert throws.setdefault(vec[turns_at + 16 * t.seat], t.throws) == t.throws
            actor = game.actor
            assert actor is not None
            game.apply(actor, bots[actor].act(game.view(actor)))
    # the games went where the old layout failed: more than 3 throws, several limits
    assert max(throws.values()) == min(max_throws, max(throws.values())) >= min(max_throws, 4)
    assert len(limits) >= min(max_throws, 3)
