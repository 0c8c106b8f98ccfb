"""Figures of a simulation with intervals that hold, and differences of two rule sets.

Games are independent of each other; the halves and rounds of one game are
not (a long half makes long rounds of Deckel-passing likely, a Schock Aus
ends the half early). So every figure is a ratio of per-game sums,
``sum(y_g) / sum(x_g)`` over the games ``g`` (the Deckel moved in a game over
its rounds, the rounds of a game over its halves, ...), and its variance is
that of a ratio estimator with the games as clusters (the linearisation or
"sandwich" estimator)::

    R = sum(y) / sum(x),   var(R) = G / (G - 1) * sum((y_g - R x_g) ** 2) / sum(x) ** 2

Rates per game (a seat's loss rate) keep Wilson's interval, made for
independent trials; a share of halves (ended by Schock Aus) gets Wilson's
interval on the effective number of halves (:func:`share_interval`). ``benchmarks/sim_intervals.py`` checks the
intervals against the spread of many independent runs.

Two rule sets played at the same seed with the same bots share their dice
(:mod:`schock.sim.kernel`: every turn's dice are keyed by game, half, round
and seat). Their games are then paired, and the difference of a figure gets
the variance of the paired differences of the per-game terms, which is the
right variance whatever the correlation, and far smaller than the sum of the
two variances where the games run alike (common random numbers).

>>> from schock.sim import simulate
>>> a = simulate("porz", ["heuristic"] * 3, games=4000, seed=5)
>>> b = simulate("porz", ["heuristic"] * 3, games=4000, seed=5)
>>> d = {x.name: x for x in difference(a, b)}["deckel_per_round"]
>>> d.value, d.paired                     # the same rules and dice: no difference at all
(0.0, True)
>>> s = {x.name: x for x in summary(a)}["deckel_per_round"]
>>> s.low < s.value < s.high
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from schock.arena import wilson_interval

if TYPE_CHECKING:
    from schock.sim.core import SimResult

__all__ = ["Diff", "Stat", "Z", "difference", "differences", "paired", "per_game", "ratio", "share_interval", "summary"]

#: Figures by game that are shares (Wilson's interval on the effective number of halves).
SHARES = frozenset({"schock_aus_halves"})

#: The normal quantile of a two-sided 95 % interval.
Z = 1.959963984540054

F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Stat:
    """A figure with its 95 % interval and the count it rests on (games, halves
    or rounds)."""

    name: str
    value: float
    low: float
    high: float
    n: int


@dataclass(frozen=True)
class Diff:
    """``b - a`` of a figure with its 95 % interval.

    ``paired``: the two runs share their dice game by game (same seed, games and
    bots), and the interval rests on the paired per-game differences;
    ``factor``: how many times smaller that variance is than the one of two
    independent runs of the same size (common random numbers; ``nan`` when not
    paired or when neither run varies)."""

    name: str
    value: float
    low: float
    high: float
    games: int
    paired: bool
    factor: float


@dataclass(frozen=True)
class _Figure:
    kind: str  # "game": a rate per game (Wilson); "ratio": a ratio of per-game sums
    y: F64
    x: F64


def _halves(result: SimResult) -> npt.NDArray[np.int64]:
    cols = [result.column(c) for c in ("half1_rounds", "half2_rounds", "final_rounds")]
    out: npt.NDArray[np.int64] = np.sum([c >= 0 for c in cols], axis=0).astype(np.int64)
    return out


def per_game(result: SimResult) -> dict[str, tuple[str, F64, F64]]:
    """Every headline figure as ``(kind, y, x)``: per game, what it adds to the
    figure's numerator and denominator (``kind``: ``"game"`` for a rate over
    games, ``"ratio"`` for a ratio over halves or rounds)."""
    ones = np.ones(result.games)
    loser = result.column("loser")
    out: dict[str, tuple[str, F64, F64]] = {}
    for seat in range(result.seats):
        out[f"loss_seat{seat + 1}"] = ("game", (loser == seat).astype(float), ones)
    out["loss_starter"] = ("game", (loser == result.column("starter")).astype(float), ones)
    halves = _halves(result).astype(float)
    out["rounds_per_half"] = ("ratio", result.game_rounds().astype(float), halves)
    aus = [result.column(c) for c in ("half1_schock_aus", "half2_schock_aus", "final_schock_aus")]
    out["schock_aus_halves"] = ("ratio", np.sum([c == 1 for c in aus], axis=0).astype(float), halves)
    if result.column("half2_loser").max() >= 0:
        out["durchmarsch"] = ("game", result.column("durchmarsch").astype(float), ones)
    out["deckel_per_round"] = (
        "ratio", result.column("deckel").astype(float), result.game_rounds().astype(float))
    return out


def ratio(y: F64, x: F64) -> tuple[float, float]:
    """``sum(y) / sum(x)`` and its standard error with the entries as independent
    clusters.

    >>> r, se = ratio(np.array([2.0, 4.0]), np.array([1.0, 1.0]))
    >>> r, se
    (3.0, 1.0)
    """
    total = float(x.sum())
    g = len(y)
    if total == 0 or g == 0:
        return float("nan"), float("nan")
    r = float(y.sum()) / total
    if g < 2:
        return r, float("nan")
    z = y - r * x
    return r, math.sqrt(g / (g - 1) * float((z * z).sum())) / total


def summary(result: SimResult) -> list[Stat]:
    """The headline figures of ``result`` with 95 % intervals: Wilson for rates
    per game, the ratio estimator with games as clusters for everything per half
    or per round."""
    out = []
    for name, (kind, y, x) in per_game(result).items():
        n = int(x.sum())
        if kind == "game":
            k = int(y.sum())
            low, high = wilson_interval(k, n) if n else (0.0, 1.0)
            out.append(Stat(name, k / n if n else float("nan"), low, high, n))
            continue
        value, se = ratio(y, x)
        half = Z * se  # nan for one game: its spread cannot be told
        low, high = value - half, value + half
        if name in SHARES and n:
            low, high = share_interval(value, se, n)
        out.append(Stat(name, value, low, high, n))
    return out


def share_interval(p: float, se: float, n: int) -> tuple[float, float]:
    """Wilson's interval for a share ``p`` of ``n`` units (halves) that come in
    clusters (games), on the effective number of units: ``n`` over the design
    effect ``se**2 / (p (1 - p) / n)`` (at most ``n``). It stays within 0 and 1
    and does not shrink to a point at a share of 0 or 1.

    >>> low, high = share_interval(1.0, 0.0, 3)
    >>> round(low, 3), high
    (0.439, 1.0)
    >>> share_interval(0.5, 0.05, 100) == share_interval(0.5, 0.05, 400)   # deff 1 vs 4
    True
    """
    srs = p * (1 - p) / n
    n_eff = n if srs == 0 or not math.isfinite(se) or se == 0 else min(n, srs / (se * se) * n)
    z2 = Z * Z
    centre = (p + z2 / (2 * n_eff)) / (1 + z2 / n_eff)
    half = Z * math.sqrt(p * (1 - p) / n_eff + z2 / (4 * n_eff * n_eff)) / (1 + z2 / n_eff)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired(a: SimResult, b: SimResult) -> bool:
    """Whether ``a`` and ``b`` played on the same dice, game by game (same seed,
    number of games and bots)."""
    return a.seed == b.seed and a.games == b.games and a.bots == b.bots


def difference(a: SimResult, b: SimResult) -> list[Diff]:
    """``b - a`` for every figure both have, with 95 % intervals (paired by game
    when the runs share their dice, else as independent runs)."""
    fa, fb = per_game(a), per_game(b)
    pair = paired(a, b)
    out = []
    for name, (_kind, ya, xa) in fa.items():
        if name not in fb:
            continue
        _kind_b, yb, xb = fb[name]
        ra, sa = ratio(ya, xa)
        rb, sb = ratio(yb, xb)
        var_indep = sa * sa + sb * sb
        if pair:
            g = len(ya)
            za = (ya - ra * xa) / xa.sum()
            zb = (yb - rb * xb) / xb.sum()
            dz = zb - za
            var = g / (g - 1) * float((dz * dz).sum()) if g > 1 else float("nan")
            factor = var_indep / var if var > 0 else float("nan")
        else:
            var, factor = var_indep, float("nan")
        value = rb - ra
        half = Z * math.sqrt(var) if math.isfinite(var) else float("nan")
        out.append(Diff(name, value, value - half, value + half, min(a.games, b.games), pair, factor))
    return out


def differences(results: Sequence[SimResult]) -> list[list[Diff]]:
    """Each result after the first minus the first (:func:`difference`)."""
    return [difference(results[0], r) for r in results[1:]]
