"""The reference: the same figures from the engine, and the tests that compare them.

:func:`engine_games` plays games with the rules engine and the bots
themselves (:func:`schock.bots.play_game`) and reads the same figures as the
batch path from each game's log, into a :class:`~schock.sim.SimResult`.
:func:`compare` puts the engine's result beside the batch path's,
distribution by distribution, and gives a p-value for each:

* what a game gives once (its loser, each half's loser and length, the
  starter, Durchmarsch, a half ended by Schock Aus): a chi-square test of
  homogeneity (:func:`chi_square`);
* what every round gives (the kind of each result shown down, the Deckel a
  round moves, the seat that lost it): the rounds of one game are not
  independent (a half of many short rounds, a loser who keeps losing), so
  the counts per game are compared as vectors, with their covariance
  estimated from the engine's games (a Wald test with a chi-square
  reference distribution, :func:`clustered_test`).

``tests/sim`` asserts that the batch path and the engine agree under every
preset, and that a rule changed in one of them is caught.

>>> from schock.sim import simulate
>>> a = engine_games("porz", ["heuristic"] * 3, games=200, seed=1)
>>> b = simulate("porz", ["heuristic"] * 3, games=2000, seed=1)
>>> p = compare(a, b)
>>> sorted(p)[:4]
['deckel_per_round', 'durchmarsch', 'final_loser', 'final_rounds']
>>> min(p.values()) > 0.001
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from schock.arena import derive_seed
from schock.bots import play_game
from schock.engine import events as ev
from schock.engine.dice_sources import SeededDice
from schock.engine.game import Automation, Game
from schock.errors import InvalidInputError
from schock.results import evaluate
from schock.rules import Rules, load_rules
from schock.sim import kernel
from schock.sim.core import Chunk, SimResult, merge
from schock.sim.policy import bot_label, engine_bot
from schock.sim.tables import KIND_INDEX, KINDS


def engine_game(rules: Rules, bots: Sequence[Any], seed: int, index: int) -> Chunk:
    """Game ``index`` played by the engine, read into a one-row chunk."""
    n = len(bots)
    game = Game(
        rules,
        seats=[f"S{i + 1}" for i in range(n)],
        dice=SeededDice(derive_seed(seed, index, "sim-engine")),
        automations=set(Automation),
    )
    players = [engine_bot(b, seed=derive_seed(seed, index, "bot", i)) for i, b in enumerate(bots)]
    play_game(game, players)
    row = np.full(kernel.NCOL, -1, dtype=np.int32)
    row[1] = 0
    row[kernel.COLUMNS.index("deckel")] = 0
    kinds = np.zeros(len(KINDS), dtype=np.int64)
    deckel = np.zeros(rules.deckel + 1, dtype=np.int64)
    round_losers = np.zeros(n, dtype=np.int64)
    col = kernel.COLUMNS.index
    half = -1
    rounds = 0
    total_rounds = 0
    for e in game.log:
        t = type(e)
        if t is ev.HalfStarted:
            half += 1
            rounds = 0
            row[col("half1_schock_aus") + half] = 0
        elif t is ev.RoundStarted:
            assert isinstance(e, ev.RoundStarted)
            rounds += 1
            total_rounds += 1
            if half == 0 and not e.opening and row[col("starter")] < 0:
                row[col("starter")] = e.starter
        elif t is ev.Showdown:
            assert isinstance(e, ev.Showdown)
            for _seat, outcome in e.results:
                kinds[KIND_INDEX[evaluate(rules, outcome).kind]] += 1
        elif t is ev.DeckelGiven:
            assert isinstance(e, ev.DeckelGiven)
            deckel[e.count] += 1
            row[col("deckel")] += e.count
            round_losers[e.loser] += 1
            if e.all_deckel:
                row[col("half1_schock_aus") + half] = 1
        elif t is ev.HalfLost:
            assert isinstance(e, ev.HalfLost)
            row[col("half1_loser") + half] = e.seat
            row[col("half1_rounds") + half] = rounds
        elif t is ev.GameLost:
            assert isinstance(e, ev.GameLost)
            row[col("loser")] = e.seat
            row[col("durchmarsch")] = int(e.durchmarsch)
    return Chunk(index, row[None, :], kinds, deckel, round_losers, total_rounds)


def engine_games(
    rules: Rules | str, bots: Sequence[Any], *, games: int, seed: int = 0
) -> SimResult:
    """``games`` games of the reference engine (slow: for tests of the batch path)."""
    loaded = load_rules(rules) if isinstance(rules, str) else rules
    if games < 1:
        raise InvalidInputError(f"games must be a whole number from 1 on, got {games!r}")
    parts = [engine_game(loaded, bots, seed, i) for i in range(games)]
    return merge(loaded.id, [bot_label(b) for b in bots], seed, parts, per_game=True)


# ------------------------------------------------------------------ comparing
_HALVES = ("half1", "half2", "final")


def distributions(r: SimResult) -> dict[str, npt.NDArray[np.int64]]:
    """What a game gives once, as counts by category (one observation per game)."""
    n = r.seats

    def counts(values: npt.NDArray[Any], size: int = 0) -> npt.NDArray[np.int64]:
        return np.bincount(values[values >= 0], minlength=size).astype(np.int64)

    out: dict[str, npt.NDArray[np.int64]] = {
        "game_loser": counts(r.column("loser"), n),
        "starter": counts(r.column("starter"), n),
        "durchmarsch": counts(r.column("durchmarsch"), 2),
        "halves_per_game": counts(
            np.stack([r.column(f"{h}_loser") >= 0 for h in _HALVES]).sum(axis=0), 4
        ),
    }
    for h in _HALVES:
        out[f"{h}_loser"] = counts(r.column(f"{h}_loser"), n)
        out[f"{h}_rounds"] = counts(r.column(f"{h}_rounds"))
        out[f"{h}_schock_aus"] = counts(r.column(f"{h}_schock_aus"), 2)
    return out


def round_totals(r: SimResult) -> dict[str, npt.NDArray[np.int64]]:
    """What every round gives, summed over the games."""
    return {"result_kind": r.kinds, "deckel_per_round": r.deckel, "round_loser": r.round_losers}


def _pad(x: npt.NDArray[Any], size: int) -> npt.NDArray[np.float64]:
    out = np.zeros((*x.shape[:-1], size), dtype=np.float64)
    out[..., : x.shape[-1]] = x
    return out


def _pool(columns: npt.NDArray[np.float64], sparse: npt.NDArray[np.bool_]) -> list[list[int]]:
    """Groups of category indices: every sparse category joins its right
    neighbour (the last one its left neighbour) until no group is sparse."""
    groups = [[i] for i in range(columns.shape[-1])]
    weak = list(sparse)
    while len(groups) > 1 and any(weak):
        i = weak.index(True)
        j = i + 1 if i + 1 < len(groups) else i - 1
        groups[j] = sorted(groups[j] + groups[i])
        weak[j] = _weak(columns, groups[j])
        del groups[i], weak[i]
    return groups


def _weak(columns: npt.NDArray[np.float64], group: list[int]) -> bool:
    return bool((columns[..., group].sum(axis=-1) < 5).any())


def chi_square(a: npt.NDArray[Any], b: npt.NDArray[Any]) -> float:
    """The p-value of a chi-square test that counts ``a`` and ``b`` come from one
    distribution; sparse categories are pooled with a neighbour until every
    expected count is at least 5. 1.0 when there is nothing to test.

    >>> round(chi_square(np.array([50, 50]), np.array([500, 500])), 3)
    1.0
    >>> chi_square(np.array([90, 10]), np.array([500, 500])) < 1e-9
    True
    """
    from scipy.stats import chi2_contingency

    size = max(len(a), len(b))
    x = np.stack([_pad(np.asarray(a), size), _pad(np.asarray(b), size)])
    x = x[:, x.sum(axis=0) > 0]
    if x.shape[1] < 2 or (x.sum(axis=1) == 0).any():
        return 1.0
    expected = np.outer(x.sum(axis=1), x.sum(axis=0)) / x.sum()
    groups = _pool(expected, np.asarray((expected < 5).any(axis=0), dtype=np.bool_))
    pooled = np.stack([x[:, g].sum(axis=1) for g in groups], axis=1)
    if pooled.shape[1] < 2:
        return 1.0
    return float(chi2_contingency(pooled, correction=False)[1])


def clustered_test(per_game: npt.NDArray[Any], totals: npt.NDArray[Any], games: int) -> float:
    """The p-value that the mean count vector per game of ``per_game`` (one row
    per game of one sample) equals ``totals / games`` of the other sample.

    The covariance of a game's counts is estimated from ``per_game`` and taken
    to hold for both samples (as it does if they agree); categories with
    fewer than 5 counts in either sample are pooled with a neighbour. The
    statistic d' S^-1 d follows a chi-square law with as many degrees of
    freedom as S has rank.

    >>> rng = np.random.default_rng(1)
    >>> a = rng.poisson([3.0, 1.0, 0.2], size=(2000, 3))
    >>> b = rng.poisson([3.0, 1.0, 0.2], size=(50000, 3)).sum(axis=0)
    >>> clustered_test(a, b, 50000) > 0.01
    True
    >>> clustered_test(a, b * [1.1, 1, 1], 50000) < 1e-6
    True
    """
    from scipy.stats import chi2

    size = max(per_game.shape[1], len(totals))
    a = _pad(np.asarray(per_game), size)
    b = _pad(np.asarray(totals), size)
    n_a = len(a)
    scale = np.stack([a.sum(axis=0), b * n_a / games])
    groups = _pool(scale, np.asarray((scale < 5).any(axis=0), dtype=np.bool_))
    a = np.stack([a[:, g].sum(axis=1) for g in groups], axis=1)
    b = np.array([b[g].sum() for g in groups])
    d = a.mean(axis=0) - b / games
    cov = np.atleast_2d(np.cov(a, rowvar=False, ddof=1)) * (1 / n_a + 1 / games)
    w, v = np.linalg.eigh(cov)
    keep = w > max(float(w.max()), 0.0) * 1e-10
    if not keep.any():
        return 1.0
    stat = float(((v[:, keep].T @ d) ** 2 / w[keep]).sum())
    return float(chi2.sf(stat, int(keep.sum())))


def compare(engine: SimResult, batch: SimResult) -> dict[str, float]:
    """Per distribution, the p-value of the engine's result against the batch path's.

    ``engine`` needs its per-game counts (:func:`engine_games` keeps them).
    """
    if engine.per_game is None:
        raise InvalidInputError("compare needs the engine's per-game counts (engine_games)")
    de, db = distributions(engine), distributions(batch)
    out = {name: chi_square(de[name], db[name]) for name in de}
    totals = round_totals(batch)
    for name, per_game in engine.per_game.items():
        out[name] = clustered_test(per_game, totals[name], batch.games)
    return dict(sorted(out.items()))
