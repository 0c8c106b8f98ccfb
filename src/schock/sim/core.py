"""Running the batch path: a job, its chunks, a pool or a cluster, the result.

A job is cut into chunks of :data:`CHUNK` games (the last one shorter);
chunk ``c`` takes its dice from a seed derived from ``(seed, c)`` alone
(:func:`schock.arena.derive_seed`), so the same seed gives the same games
whether the chunks run here, in a pool of processes, or on a cluster of any
size, in whatever order they finish. The chunks themselves (what one needs,
how it is played) are :mod:`schock.sim.chunks`, shared with the cluster
runner (:mod:`schock.sim.cluster`).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from schock.arena import wilson_interval
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import Rules, load_rules
from schock.sim import kernel
from schock.sim.chunks import CHUNK, I32, I64, Chunk, Spec, chunks, make_spec, run_chunk
from schock.sim.cluster import run_on_cluster
from schock.sim.tables import bot_label

__all__ = [
    "CHUNK",
    "Chunk",
    "Progress",
    "SimResult",
    "Spec",
    "Stat",
    "chunks",
    "make_spec",
    "merge",
    "run_chunk",
    "simulate",
]

#: A callback that hears ``(games done, games in all)``.
Progress = Callable[[int, int], None]


# ------------------------------------------------------------------ the result
@dataclass(frozen=True, eq=False)
class SimResult:
    """Every game of a job (``rows``, one per game, columns :data:`kernel.COLUMNS`)
    and the counts per result kind and per Deckel amount of a round."""

    rules: str
    bots: tuple[str, ...]
    games: int
    seed: int
    rows: I32 = field(repr=False)
    kinds: I64 = field(repr=False)
    deckel: I64 = field(repr=False)
    """Rounds by the number of Deckel that changed hands (a Schock Aus: what the loser got)."""
    round_losers: I64 = field(repr=False)
    """Rounds lost per seat."""
    rounds: int
    seconds: float = field(default=0.0, compare=False)
    per_game: dict[str, I64] | None = field(default=None, repr=False)
    """Per game and category, the per-round counts (result kinds, Deckel per round,
    rounds lost by seat), where kept (the reference engine keeps them)."""

    def column(self, name: str) -> I32:
        return self.rows[:, kernel.COLUMNS.index(name)]

    @property
    def seats(self) -> int:
        return len(self.bots)

    def losses_by_seat(self) -> I64:
        """Games lost per seat."""
        return np.bincount(self.column("loser"), minlength=self.seats).astype(np.int64)

    def half_losses_by_seat(self) -> I64:
        """Halves lost per seat (first, second and final together)."""
        cols = [self.column(c) for c in ("half1_loser", "half2_loser", "final_loser")]
        lost = np.concatenate([c[c >= 0] for c in cols])
        return np.bincount(lost, minlength=self.seats).astype(np.int64)

    def half_lengths(self) -> I32:
        """Rounds of every half played (opening rounds included)."""
        cols = [self.column(c) for c in ("half1_rounds", "half2_rounds", "final_rounds")]
        return np.concatenate([c[c >= 0] for c in cols])

    def halves_played(self) -> int:
        return len(self.half_lengths())

    def schock_aus_halves(self) -> int:
        """Halves ended by Schock Aus (or Schock Hand)."""
        cols = [
            self.column(c) for c in ("half1_schock_aus", "half2_schock_aus", "final_schock_aus")
        ]
        return int(sum(int((c == 1).sum()) for c in cols))

    def starter_losses(self) -> int:
        """Games lost by the seat that started the first ordinary round."""
        return int((self.column("loser") == self.column("starter")).sum())

    def durchmarsch(self) -> int:
        return int(self.column("durchmarsch").sum())

    def summary(self) -> list[Stat]:
        """The headline figures with 95 % intervals (Wilson for rates, normal for means)."""
        g = self.games
        out = []
        for seat, lost in enumerate(self.losses_by_seat()):
            out.append(_rate(f"loss_seat{seat + 1}", int(lost), g))
        out.append(_rate("loss_starter", self.starter_losses(), g))
        lengths = self.half_lengths()
        out.append(_mean("rounds_per_half", lengths))
        halves = len(lengths)
        out.append(_rate("schock_aus_halves", self.schock_aus_halves(), halves))
        if self.column("half2_loser").max() >= 0:
            out.append(_rate("durchmarsch", self.durchmarsch(), g))
        per_round = np.arange(len(self.deckel))
        n_rounds = int(self.deckel.sum())
        mean_d = float((per_round * self.deckel).sum() / max(1, n_rounds))
        var_d = float((((per_round - mean_d) ** 2) * self.deckel).sum() / max(1, n_rounds - 1))
        half = 1.959963984540054 * (var_d / max(1, n_rounds)) ** 0.5
        out.append(Stat("deckel_per_round", mean_d, mean_d - half, mean_d + half, n_rounds))
        return out

    def game_rows(self) -> dict[str, I32]:
        """The per-game columns (for a data frame), seats counted from 1, -1: no such half."""
        out: dict[str, I32] = {"game": np.arange(self.games, dtype=np.int32)}
        for name in kernel.COLUMNS:
            col = self.column(name).copy()
            if name in ("loser", "starter") or name.endswith("_loser"):
                col = np.where(col >= 0, col + 1, -1).astype(np.int32)
            out[name] = col
        return out


@dataclass(frozen=True)
class Stat:
    """A figure with its 95 % interval and the count it rests on."""

    name: str
    value: float
    low: float
    high: float
    n: int


def _rate(name: str, k: int, n: int) -> Stat:
    low, high = wilson_interval(k, n) if n else (0.0, 1.0)
    return Stat(name, k / n if n else float("nan"), low, high, n)


def _mean(name: str, values: npt.NDArray[Any]) -> Stat:
    n = len(values)
    mean = float(values.mean()) if n else float("nan")
    sd = float(values.std(ddof=1)) if n > 1 else 0.0
    half = 1.959963984540054 * sd / max(1, n) ** 0.5
    return Stat(name, mean, mean - half, mean + half, n)


def merge(
    rules: str,
    bots: Sequence[str],
    seed: int,
    parts: Sequence[Chunk],
    seconds: float = 0.0,
    *,
    per_game: bool = False,
) -> SimResult:
    """One result from the chunks of a job (in the order of their index); with
    ``per_game`` (chunks of one game each) the per-round counts of every game too."""
    ordered = sorted(parts, key=lambda c: c.index)
    rows = np.concatenate([c.rows for c in ordered])
    counts = None
    if per_game:
        counts = {
            "result_kind": np.stack([c.kinds for c in ordered]),
            "deckel_per_round": np.stack([c.deckel for c in ordered]),
            "round_loser": np.stack([c.round_losers for c in ordered]),
        }
    return SimResult(
        rules,
        tuple(bots),
        len(rows),
        seed,
        rows,
        np.sum([c.kinds for c in ordered], axis=0),
        np.sum([c.deckel for c in ordered], axis=0),
        np.sum([c.round_losers for c in ordered], axis=0),
        sum(c.rounds for c in ordered),
        seconds,
        counts,
    )


# ------------------------------------------------------------------ the run
def _whole(name: str, value: object, low: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low):
        if low is None:
            raise InvalidInputError(Msg("sim.whole", {"name": name, "value": value}))
        raise InvalidInputError(Msg("sim.whole_from", {"name": name, "value": value, "low": low}))
    return value


def simulate(
    rules: Rules | str,
    bots: Sequence[Any],
    *,
    games: int,
    seed: int = 0,
    jobs: int | None = 1,
    cluster: str | None = None,
    cluster_timeout: float = 10.0,
    progress: Progress | None = None,
) -> SimResult:
    """Play ``games`` games with ``bots`` (one per seat: a bot's name, a
    :class:`~schock.sim.policy.Policy` or a policy file's path) under ``rules``
    in the batch path.

    ``jobs`` processes play (1: here; None: one per core); ``cluster`` is the
    address of a Dask scheduler to run the chunks on instead (waiting up to
    ``cluster_timeout`` seconds to reach it). The result
    depends only on the rules, the bots, ``games`` and ``seed``.

    >>> r = simulate("porz", ["heuristic"] * 3, games=1000, seed=1)
    >>> r.games, int(r.losses_by_seat().sum())
    (1000, 1000)
    >>> bool((r.rows == simulate("porz", ["heuristic"] * 3, games=1000, seed=1).rows).all())
    True
    >>> simulate("porz", ["heuristic", "optimal"], games=10)
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: bot 'optimal' cannot play in the batch path (its moves depend on the whole table); allowed: heuristic, cautious, bold
    """
    loaded = load_rules(rules) if isinstance(rules, str) else rules
    if not isinstance(loaded, Rules):
        raise InvalidInputError(Msg("sim.rules", {"value": rules}))
    _whole("games", games, 1)
    _whole("seed", seed, None)
    if jobs is not None:
        _whole("jobs", jobs, 1)
    if cluster is not None and (
        isinstance(cluster_timeout, bool)
        or not isinstance(cluster_timeout, int | float)
        or not cluster_timeout > 0
    ):
        raise InvalidInputError(Msg("sim.timeout", {"value": cluster_timeout}))
    spec = make_spec(loaded, tuple(bots))
    labels = tuple(bot_label(b) for b in bots)
    work = chunks(games)
    done: list[Chunk] = []
    started = time.perf_counter()

    def collect(c: Chunk) -> None:
        done.append(c)
        if progress is not None:
            progress(sum(len(d.rows) for d in done), games)

    if cluster is not None:
        run_on_cluster(cluster, spec, seed, work, collect, timeout=cluster_timeout)
    else:
        workers = jobs if jobs is not None else (os.cpu_count() or 1)
        if workers == 1 or len(work) == 1:
            for index, count in work:
                collect(run_chunk(spec, seed, index, count))
        else:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(
                max_workers=min(workers, len(work)), mp_context=context
            ) as pool:
                futures: list[Future[Chunk]] = [
                    pool.submit(run_chunk, spec, seed, index, count) for index, count in work
                ]
                try:
                    for future in as_completed(futures):
                        collect(future.result())
                except BaseException:
                    for f in futures:
                        f.cancel()
                    raise
    return merge(loaded.id, labels, seed, done, time.perf_counter() - started)
