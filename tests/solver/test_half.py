"""Issue 17: the exact two-player round, the half's values, a best response against them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from schock import load_rules
from schock.solver.half import (
    HalfTable,
    _cache_key,
    _load,
    best_response,
    duel_half,
    round_value,
)
from schock.solver.turn import Objective, Stakes, Table, _problem, parse_state, solve, strengths


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the half values' disk cache out of the user's cache directory."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))


def _round_stakes(preset: str) -> Stakes:
    k = len(strengths(load_rules(preset)))
    return Stakes((1.0,) * k, (0.0,) * k)


@pytest.mark.parametrize(("preset", "value"), [("mosel", 0.613648), ("porz", 0.621103)])
def test_exact_two_player_round(preset: str, value: float) -> None:
    rules = load_rules(preset)
    # the loss objective (the first player models the second's exact answer)
    loss = _problem(rules, Table(after=1), None, Objective.LOSS).solver.start()
    assert loss == pytest.approx(value, abs=5e-7)
    # the same round played for stakes that are the round alone
    assert round_value(rules, _round_stakes(preset)) == pytest.approx(value, abs=5e-7)


def test_hint_1_6_6_in_a_porz_duel() -> None:
    porz = load_rules("porz")
    choices = solve(porz, parse_state("1-6-6 1/*"), Table(after=1))
    got = {c.describe("en"): round(c.value, 4) for c in choices}
    assert got["turn sixes (6-6 → 1), keep 1-1, throw 1 die"] == 0.8862
    assert got["stop"] == 0.7361
    assert got["keep 1, throw 2 dice"] == 0.5157
    assert got["throw 3 dice"] == 0.4335


def test_shown_schock_4_wins_209_of_216() -> None:
    porz = load_rules("porz")
    choices = solve(porz, parse_state("1-1-4 1/*"), Table(after=1))
    stop = next(c for c in choices if c.move.stop)
    assert stop.value * 216 == pytest.approx(209)


def test_half_values_are_a_zero_sum_game() -> None:
    small = load_rules("porz").replace(deckel=4)
    t = duel_half(small)
    for stock in range(5):
        for mine in range(5 - stock):
            other = 4 - stock - mine
            if stock == 0 and 0 in (mine, other):
                continue
            a = t.value(stock, mine, other, first=True)
            b = t.value(stock, other, mine, first=False)
            assert a + b == pytest.approx(1.0)
            assert 0.0 <= a <= 1.0
    # more Deckel in hand, less chance (Stock empty, same starter)
    assert t.value(0, 1, 3, first=True) > t.value(0, 3, 1, first=True)


@pytest.mark.parametrize("preset", ["porz", "mosel"])
def test_best_response_gains_nothing_against_the_bot(preset: str) -> None:
    rules = load_rules(preset).replace(deckel=5)
    table = duel_half(rules)
    br = best_response(rules, table)
    gain = max(v - table.value(s, r, b, first=f) for (s, r, b, f), v in br.items())
    assert gain * 100 <= 0.5  # points per half
    assert gain == pytest.approx(0.0, abs=1e-6)


def test_best_response_finds_a_bot_that_plays_for_the_wrong_values() -> None:
    rules = load_rules("porz").replace(deckel=5)
    right = duel_half(rules)
    # a player who believes every situation is even: he plays for the round only
    # where it ends the half and is indifferent elsewhere
    wrong = HalfTable(rules, {k: 0.5 for k in right._values})
    br = best_response(rules, wrong)
    gain = br[(5, 0, 0, True)] - right.value(5, 0, 0, first=True)
    assert gain > 0.01


def test_disk_cache_is_validated_and_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("SCHOCK_NO_CACHE", raising=False)
    rules = load_rules("mosel").replace(deckel=3)
    duel_half.cache_clear()
    first = duel_half(rules)
    path = tmp_path / "schock" / f"half-{_cache_key(rules)}.json"
    assert _load(path, rules, _cache_key(rules)) == first._values
    # corrupt: a value out of range, a missing state, garbage, another version
    data = json.loads(path.read_text())
    data["values"][0][3] = 7.0
    path.write_text(json.dumps(data))
    assert _load(path, rules, _cache_key(rules)) is None
    data["values"] = data["values"][1:]
    path.write_text(json.dumps(data))
    assert _load(path, rules, _cache_key(rules)) is None
    path.write_text("{not json")
    assert _load(path, rules, _cache_key(rules)) is None
    duel_half.cache_clear()
    again = duel_half(rules)  # rebuilt and stored again
    assert again._values == pytest.approx(first._values)
    assert _load(path, rules, _cache_key(rules)) is not None
    data = json.loads(path.read_text())
    data["version"] = -1
    path.write_text(json.dumps(data))
    assert _load(path, rules, _cache_key(rules)) is None
    duel_half.cache_clear()


def test_every_preset_ships_its_solved_half(load_script: Callable[[str], ModuleType]) -> None:
    assert load_script("make_half_tables").main(["--check"]) == 0


def test_a_shipped_half_is_what_the_solver_computes(monkeypatch: pytest.MonkeyPatch) -> None:
    from schock.solver.half import SHIPPED, _solve

    rules = load_rules("ferschweiler")
    shipped = _load(SHIPPED / f"half-{_cache_key(rules)}.json", rules, _cache_key(rules))
    assert shipped is not None
    fresh = _solve(rules)
    assert shipped.keys() == fresh.keys()
    assert all(shipped[k] == pytest.approx(fresh[k], abs=1e-12) for k in fresh)
    # duel_half takes the shipped table even where the user's cache may not be used
    monkeypatch.setenv("SCHOCK_NO_CACHE", "1")
    duel_half.cache_clear()
    assert duel_half(rules)._values == shipped
    duel_half.cache_clear()
