"""The lookup tables: everything the kernel knows comes from the rules and the bots."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from schock import PRESETS, InvalidInputError, Outcome, evaluate, load_rules
from schock.results import Kind
from schock.rules.model import FIELD_NAMES
from schock.sim import tables
from schock.sim.tables import (
    KEEPS,
    KINDS,
    RESULTS3,
    STATES,
    STOP,
    eval_tables,
    heuristic_move,
    policy_table,
    rule_params,
    state_arrays,
    supported_bots,
    sweep_values,
)


def test_every_rules_field_has_a_stated_handling() -> None:
    assert set(tables.FIELDS) == set(FIELD_NAMES)


def test_a_field_simulated_only_at_its_default_is_refused_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fields = dict(tables.FIELDS)
    fields["jule"] = ("default", "not checked")
    monkeypatch.setattr(tables, "FIELDS", fields)
    rule_params(load_rules("porz"))
    with pytest.raises(InvalidInputError, match="jule = True is not supported"):
        rule_params(load_rules("porz").replace(jule=True))


def test_a_field_the_batch_path_does_not_know_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    fields = dict(tables.FIELDS)
    del fields["blind"]
    monkeypatch.setattr(tables, "FIELDS", fields)
    with pytest.raises(InvalidInputError, match="rules field 'blind' is not supported"):
        rule_params(load_rules("porz"))


@pytest.mark.parametrize("preset", PRESETS)
def test_evaluation_tables_are_the_engines(preset: str) -> None:
    rules = load_rules(preset)
    t = eval_tables(rules)
    for i, dice in enumerate(RESULTS3):
        for hand in (0, 1):
            throws = 1 if hand else 2
            e = evaluate(rules, Outcome(dice, throws, bool(hand)))
            assert t.strength[i, hand] == e.strength
            assert t.deckel[i, hand] == e.deckel
            assert KINDS[t.kind[i, hand]] is e.kind
            assert bool(t.all_deckel[i, hand]) == e.all_deckel
            assert bool(t.by_throws[i, hand]) == (
                rules.fewer_throws_better or e.kind is Kind.SCHOCK_HAND
            )


def test_state_arrays_cover_every_roll() -> None:
    state_of, state_dice, keep_len = state_arrays()
    assert len(STATES) == 308 and len(KEEPS) == 28
    for ki, keep in enumerate(KEEPS):
        m = 3 - len(keep)
        for roll in itertools.product(range(6), repeat=m):
            code = sum(d * 6**i for i, d in enumerate(roll))
            kept, thrown = STATES[state_of[ki, code]]
            assert kept == keep and thrown == tuple(sorted(d + 1 for d in roll))
            assert RESULTS3[state_dice[state_of[ki, code]]] == tuple(sorted(keep + thrown))
        assert keep_len[ki] == len(keep)


@pytest.mark.parametrize(
    ("kept", "thrown", "used", "cap", "move"),
    [
        ((), (1, 1, 5), 1, 3, STOP),  # a Schock
        ((), (1, 1, 1), 1, 3, STOP),
        ((), (2, 3, 5), 3, 3, STOP),  # no throw left
        ((), (2, 3, 5), 1, 3, ()),  # nothing to keep
        ((), (1, 3, 5), 1, 3, (1,)),
        ((), (1, 6, 6), 1, 3, (1, 1)),  # turn 6-6 into a 1, keep both 1s
        ((), (6, 6, 6), 1, 3, STOP),  # a General auf die Hand: stand (issue 14)
        ((), (4, 6, 6), 1, 3, (1,)),
        ((1,), (6, 6), 2, 3, (1, 1)),
        ((1,), (2, 4), 2, 3, (1,)),
    ],
)
def test_heuristic_moves(
    kept: tuple[int, ...], thrown: tuple[int, ...], used: int, cap: int, move: object
) -> None:
    assert heuristic_move(load_rules("porz"), kept, thrown, used, cap) == move


def test_heuristic_without_sixes_turning_keeps_its_sixes_in_the_cup() -> None:
    rules = load_rules("porz").replace(sixes_turning=False)
    assert heuristic_move(rules, (), (1, 6, 6), 1, 3) == (1,)


@pytest.mark.parametrize("bot", ["heuristic", "cautious", "bold"])
def test_policies_stop_at_the_cap_and_keep_at_most_two_dice(bot: str) -> None:
    rules = load_rules("mosel")
    t = policy_table(rules, bot)
    for cap in range(1, rules.max_throws + 1):
        assert (t[cap, cap] == -1).all()
    assert t.max() < len(KEEPS)


def test_set_aside_flows_into_the_risk_profiles_moves() -> None:
    """Under porz (only 1s may be set aside) a risk profile keeps only 1s;
    the same profile under the same rules with set_aside = any keeps others too."""
    porz = load_rules("porz")
    # the states a turn can reach under porz: nothing but 1s kept before
    reachable = [i for i, (kept, _) in enumerate(STATES) if set(kept) <= {1}]
    ones = policy_table(porz, "cautious")[:, :, reachable]
    kept = {KEEPS[k] for k in np.unique(ones[ones >= 0])}
    assert kept and all(set(k) <= {1} for k in kept)
    anything = policy_table(porz.replace(set_aside="any"), "cautious")[:, :, reachable]
    kept_any = {KEEPS[k] for k in np.unique(anything[anything >= 0])}
    assert any(set(k) - {1} for k in kept_any)


def test_supported_bots_and_refusals() -> None:
    assert supported_bots() == ("heuristic", "cautious", "bold", "optimal", "equilibrium")
    with pytest.raises(InvalidInputError, match="'random' cannot play in the batch path"):
        policy_table(load_rules("porz"), "random")
    with pytest.raises(InvalidInputError, match="unknown bot"):
        policy_table(load_rules("porz"), "genius")


def test_sweep_values() -> None:
    assert sweep_values("einkaufen") == [False, True]
    assert sweep_values("set_aside") == ["ones", "any"]
    with pytest.raises(InvalidInputError, match="cannot sweep rules field 'nope'"):
        sweep_values("nope")
