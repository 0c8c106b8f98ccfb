"""Intervals that respect games as clusters, and differences on common dice."""

from __future__ import annotations

import math
import runpy
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from schock import load_rules
from schock.sim import simulate
from schock.sim.stats import difference, differences, paired, ratio, summary

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench() -> SimpleNamespace:
    """benchmarks/sim_intervals.py's functions."""
    return SimpleNamespace(**runpy.run_path(str(ROOT / "benchmarks" / "sim_intervals.py")))


def test_ratio_by_clusters_by_hand() -> None:
    # y/x per cluster: 1/1, 5/3, 0/2: R = 6/6 = 1; residuals 0, 2, -2
    r, se = ratio(np.array([1.0, 5.0, 0.0]), np.array([1.0, 3.0, 2.0]))
    assert r == 1.0
    assert se == pytest.approx(math.sqrt(3 / 2 * 8) / 6)
    assert math.isnan(ratio(np.array([1.0]), np.array([2.0]))[1])
    assert math.isnan(ratio(np.array([]), np.array([]))[0])


def test_rounds_of_a_game_are_not_independent(bench: SimpleNamespace) -> None:
    """Irmgarteich with five seats: the interval by game is wider than the one
    that takes every round as independent (a design effect above 1)."""
    r = simulate("irmgarteich", ["heuristic"] * 5, games=20_000, seed=3)
    s = {x.name: x for x in summary(r)}["deckel_per_round"]
    assert s.n == r.rounds
    assert (s.high - s.value) > 1.05 * bench.naive_deckel_half(r)


def test_same_rules_same_dice_no_difference() -> None:
    a = simulate("porz", ["heuristic"] * 3, games=3000, seed=5)
    b = simulate("porz", ["heuristic"] * 3, games=3000, seed=5)
    for d in difference(a, b):
        assert d.value == 0.0 and d.low == d.high == 0.0 and d.paired
        assert math.isnan(d.factor)


def test_common_dice_shrink_the_variance_of_a_difference() -> None:
    porz = load_rules("porz")
    a = simulate(porz, ["heuristic"] * 3, games=20_000, seed=8)
    b = simulate(porz.replace(deckel=15), ["heuristic"] * 3, games=20_000, seed=8)
    c = simulate(porz.replace(deckel=15), ["heuristic"] * 3, games=20_000, seed=9)
    assert paired(a, b) and not paired(a, c)
    crn = {d.name: d for d in difference(a, b)}
    indep = {d.name: d for d in difference(a, c)}
    for name in ("deckel_per_round", "rounds_per_half", "loss_seat1"):
        assert crn[name].factor > 2, name
        assert not indep[name].paired and math.isnan(indep[name].factor)
        assert crn[name].high - crn[name].low < (indep[name].high - indep[name].low) / 1.4
    # more Deckel per half: longer halves, a difference the interval sees
    assert crn["rounds_per_half"].low > 0
    assert [[d.name for d in row] for row in differences([a, b, c])] == [
        [d.name for d in difference(a, b)], [d.name for d in difference(a, c)]]


def test_first_rounds_of_two_rule_sets_share_their_dice() -> None:
    """With the same seed the first round of every game is thrown alike under two
    rule sets whose first round cannot differ (only the Deckel count changes)."""
    porz = load_rules("porz")
    a = simulate(porz, ["heuristic"] * 3, games=500, seed=4, record="turn")
    b = simulate(porz.replace(deckel=15), ["heuristic"] * 3, games=500, seed=4, record="turn")
    assert a.turn_rows is not None and b.turn_rows is not None
    first_a = a.turn_rows[(a.turn_rows[:, 1] == 0) & (a.turn_rows[:, 2] == 1)]
    first_b = b.turn_rows[(b.turn_rows[:, 1] == 0) & (b.turn_rows[:, 2] == 1)]
    assert len(first_a) == len(first_b) > 0
    assert (first_a == first_b).all()


@pytest.mark.slow
def test_intervals_cover_over_independent_runs(
    bench: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    """The benchmark's coverage check, small: the real spread of 40 independent
    runs over the printed standard error is near 1 for every figure by game and
    for the difference on common dice."""
    bench.main(["--runs", "40", "--games", "4000"])
    out = capsys.readouterr().out
    lines = {line.split()[0] + " " + line.split()[1]: line.split() for line in out.splitlines()
             if len(line.split()) > 2}
    for name in ("deckel_per_round", "rounds_per_half", "schock_aus_halves"):
        ratio_ = float(lines[f"{name} printed"][-2])
        assert 0.7 < ratio_ < 1.35, (name, ratio_)
    diff_rows = out.split("on common dice")[1].splitlines()[2:]
    for row in diff_rows:
        cells = row.split()
        if len(cells) == 4:
            assert 0.7 < float(cells[1]) < 1.4, cells
            assert float(cells[3]) > 2, cells
    assert "crn_variance_factor" in out


def test_a_figure_only_one_run_has_is_left_out_of_the_difference() -> None:
    mosel = simulate("mosel", ["heuristic"] * 3, games=500, seed=1)
    porz = simulate("porz", ["heuristic"] * 3, games=500, seed=1)
    assert "durchmarsch" not in {d.name for d in difference(mosel, porz)}
    assert "durchmarsch" not in {d.name for d in difference(porz, mosel)}


def test_a_share_by_game_stays_within_0_and_1() -> None:
    r = simulate("porz", ["heuristic"] * 3, games=3, seed=2)
    s = {x.name: x for x in summary(r)}["schock_aus_halves"]
    assert 0.0 <= s.low <= s.value <= s.high <= 1.0
