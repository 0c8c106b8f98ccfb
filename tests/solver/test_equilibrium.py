"""Issue 12: the exact two-player equilibrium of round, half and game."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from schock import InvalidInputError, Outcome, load_rules, rank
from schock.rules import FinalStarter, Structure
from schock.solver import equilibrium as eq
from schock.solver.half import duel_half


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the disk cache out of the user's cache directory, and start cold."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("SCHOCK_NO_CACHE", raising=False)
    eq.equilibrium_half.cache_clear()


def _one_throw_round(rules_name: str) -> float:
    """Vorhand's chance of not losing a one-throw round, from the engine's ranking."""
    rules = load_rules(rules_name)
    total = Fraction(0)
    # every ordered pair of throws (216 x 216), counted by multiset to keep it quick
    counts: dict[tuple[int, ...], int] = {}
    for a in itertools.product(range(1, 7), repeat=3):
        key = tuple(sorted(a))
        counts[key] = counts.get(key, 0) + 1
    for a, ca in counts.items():
        oa = Outcome.parse("-".join(map(str, a)) + "/1h")
        for b, cb in counts.items():
            ob = Outcome.parse("-".join(map(str, b)) + "/1h")
            if rank(rules, [oa, ob])[0] == 0:
                total += Fraction(ca * cb, 216 * 216)
    return float(total)


@pytest.mark.parametrize("preset", ["porz", "ferschweiler"])
def test_one_throw_round_matches_the_engine(preset: str) -> None:
    rules = load_rules(preset).replace(max_throws=1)
    assert eq.round_value(rules) == pytest.approx(_one_throw_round(preset), abs=1e-12)


def test_full_round_value_porz() -> None:
    # the prototype found 0.62 for the first mover of a round
    assert eq.round_value(load_rules("porz")) == pytest.approx(0.621103, abs=5e-7)


def test_half_matches_the_turn_solver_and_is_unexploitable() -> None:
    rules = load_rules("mosel").replace(deckel=4, max_throws=2)
    table = eq.equilibrium_half(rules)
    half = duel_half(rules)
    for s, x, y in eq._all_situations(rules.deckel):
        assert table.value(s, x, y, first=True) == pytest.approx(
            half.value(s, x, y, first=True), abs=1e-8
        )
    assert eq.exploitability(rules, table) <= 1e-6


def test_exploitability_sees_a_bad_strategy() -> None:
    # values of a player who thinks every situation is a coin flip: a best response gains
    rules = load_rules("porz").replace(deckel=3, max_throws=2)
    flat = eq.EquilibriumTable(rules, dict.fromkeys(eq._all_situations(3), 0.5))
    assert eq.exploitability(rules, flat) > 1e-3


def test_blind_is_part_of_the_equilibrium() -> None:
    rules = load_rules("irmgarteich").replace(deckel=5, max_throws=2)
    table = eq.equilibrium_half(rules)
    without = eq.equilibrium_half(rules.replace(blind=False))
    blind = [sit for sit in eq._all_situations(5) if table.plays_blind(*sit)]
    assert blind  # doubled Deckel are worth a blind round somewhere
    # the values solve the Shapley equations with Vorhand's blind choice in them
    owed = eq._owed(rules)
    for sit in eq._all_situations(5):
        assert eq._stage(rules, table._values, owed, sit) == pytest.approx(
            table.value(*sit, first=True), abs=1e-10
        )
    assert without.values != pytest.approx(table.values)
    assert eq.exploitability(rules, table) <= 1e-6
    # a player who never goes blind is exploitable where blind is allowed
    assert eq.exploitability(rules, eq.EquilibriumTable(rules, without.values)) > 1e-6


def test_round_value_in_a_deckel_situation() -> None:
    rules = load_rules("porz").replace(deckel=3, max_throws=2)
    p = eq.round_value(rules, (3, 0, 0))
    assert 0.5 < p < 0.7
    # two Deckel, one each: whoever loses this round holds both, so the round is the half
    two = rules.replace(deckel=2)
    assert eq.round_value(two, (0, 1, 1)) == pytest.approx(
        eq.equilibrium_half(two).value(0, 1, 1, first=True), abs=1e-9
    )
    for bad in [(4, 0, 0), (0, 3, 0), (0, 0, 3), (1, 2), "3/0/0", (-1, 2, 2)]:
        with pytest.raises(InvalidInputError):
            eq.round_value(rules, bad)  # type: ignore[arg-type]


def _game_by_enumeration(q: float, random_final: bool) -> float:
    """The first half's starter A's chance of not losing halves + final, case by case."""
    total = 0.0
    for a_wins_1 in (True, False):
        p1 = q if a_wins_1 else 1 - q
        loser1 = "B" if a_wins_1 else "A"
        starter2 = loser1  # the first half's loser starts the second
        for starter_wins_2 in (True, False):
            p2 = q if starter_wins_2 else 1 - q
            loser2 = ({"A", "B"} - {starter2}).pop() if starter_wins_2 else starter2
            if loser1 == loser2:  # Durchmarsch
                total += p1 * p2 * (loser1 == "B")
                continue
            if random_final:
                total += p1 * p2 * 0.5
            else:  # the first half's loser starts the final
                total += p1 * p2 * (q if loser1 == "A" else 1 - q)
    return total


@pytest.mark.parametrize("q", [0.3, 0.5, 0.53, 0.9])
def test_game_in_closed_form(q: float) -> None:
    mosel = load_rules("mosel")
    assert mosel.structure is Structure.HALVES_AND_FINAL
    assert eq.game_value(mosel, q) == pytest.approx(_game_by_enumeration(q, False), abs=1e-12)
    fer = load_rules("ferschweiler")
    assert fer.final_starter is FinalStarter.RANDOM
    assert eq.game_value(fer, q) == pytest.approx(_game_by_enumeration(q, True), abs=1e-12)
    assert eq.game_value(load_rules("porz"), q) == q


def test_solve_reports_every_figure() -> None:
    rules = load_rules("porz").replace(deckel=3, max_throws=2)
    sol = eq.solve(rules)
    data = sol.as_json()
    for key in (
        "p_first_wins_round",
        "p_starter_wins_half",
        "p_starter_wins_game",
        "exploitability",
        "seconds",
    ):
        assert isinstance(data[key], float)
    assert sol.exploitability <= 1e-6
    assert sol.p_starter_wins_half == sol.half_values[(3, 0, 0)]


def test_schock_aus_keeps_and_a_shown_last_throw_are_solved() -> None:
    # once refused by name; now modelled (tests/solver/test_rule_fields.py checks
    # both against a brute force)
    small = load_rules("porz").replace(max_throws=1, deckel=3)
    keeps = eq.solve(small.replace(schock_aus_keeps=True, last_throw_covered=False))
    plain = eq.solve(small)
    assert keeps.exploitability <= 1e-6
    # a Schock Aus by the player holding Deckel no longer ends the half
    assert keeps.half_values[(0, 1, 2)] != pytest.approx(plain.half_values[(0, 1, 2)], abs=1e-4)


def test_corrupt_cache_is_rebuilt_never_trusted(tmp_path: Path) -> None:
    rules = load_rules("porz").replace(deckel=3, max_throws=1)
    first = eq.equilibrium_half(rules).values
    path = eq.cache_path(rules)
    assert path is not None and path.is_file()
    data = json.loads(path.read_text())
    # a value changed but still a valid chance: the checksum catches it
    data["values"][0][3] = 0.123
    path.write_text(json.dumps(data))
    assert eq._load(path, rules) is None
    for text in ("{not json", "[]", json.dumps({**data, "version": -1}), ""):
        path.write_text(text)
        assert eq._load(path, rules) is None
    eq.equilibrium_half.cache_clear()
    assert eq.equilibrium_half(rules).values == pytest.approx(first)
    assert eq._load(path, rules) == pytest.approx(first)  # stored again
