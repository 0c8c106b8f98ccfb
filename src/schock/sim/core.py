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

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import Rules, load_rules
from schock.sim import kernel
from schock.sim.chunks import (
    CHUNK,
    I32,
    I64,
    RECORD_LEVELS,
    Chunk,
    Spec,
    chunks,
    make_spec,
    run_chunk,
)
from schock.sim.cluster import run_on_cluster
from schock.sim.policy import bot_label
from schock.sim.stats import Stat

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
    round_rows: I32 | None = field(default=None, repr=False)
    """Every round (columns :data:`kernel.ROUND_COLUMNS`, ``game`` counted in the job),
    where recorded (``simulate(..., record="round")``)."""
    turn_rows: I32 | None = field(default=None, repr=False)
    """Every turn (columns :data:`kernel.TURN_COLUMNS`), where recorded (``record="turn"``)."""

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

    def game_rounds(self) -> I64:
        """Rounds per game (every half, opening rounds included)."""
        cols = [self.column(c) for c in ("half1_rounds", "half2_rounds", "final_rounds")]
        out: I64 = np.sum([np.maximum(c, 0) for c in cols], axis=0).astype(np.int64)
        return out

    def summary(self) -> list[Stat]:
        """The headline figures with 95 % intervals (:func:`schock.sim.stats.summary`:
        Wilson for rates per game; figures per half or per round by game, their
        games being the independent units)."""
        from schock.sim.stats import summary

        return summary(self)

    def game_rows(self) -> dict[str, I32]:
        """The per-game columns (for a data frame), seats counted from 1, -1: no such half."""
        out: dict[str, I32] = {"game": np.arange(self.games, dtype=np.int32)}
        for name in kernel.COLUMNS:
            col = self.column(name).copy()
            if name in ("loser", "starter") or name.endswith("_loser"):
                col = np.where(col >= 0, col + 1, -1).astype(np.int32)
            out[name] = col
        return out


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
        _recorded(ordered, "round_rows"),
        _recorded(ordered, "turn_rows"),
    )


def _recorded(ordered: Sequence[Chunk], name: str) -> I32 | None:
    """The recorded rows of every chunk, their ``game`` counted in the whole job."""
    parts = [getattr(c, name) for c in ordered]
    if not parts or any(p is None for p in parts):
        return None
    out = np.concatenate(parts)
    offsets = np.cumsum([0] + [len(c.rows) for c in ordered[:-1]])
    out[:, 0] += np.repeat(offsets, [len(p) for p in parts]).astype(np.int32)
    return out


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
    record: str = "game",
) -> SimResult:
    """Play ``games`` games with ``bots`` (one per seat: a bot's name, a
    :class:`~schock.sim.policy.Policy` or a policy file's path) under ``rules``
    in the batch path.

    ``jobs`` processes play (1: here; None: one per core); ``cluster`` is the
    address of a Dask scheduler to run the chunks on instead (waiting up to
    ``cluster_timeout`` seconds to reach it). ``record`` ``"round"`` keeps every
    round (:attr:`SimResult.round_rows`), ``"turn"`` every round and every turn.
    The result depends only on the rules, the bots, ``games`` and ``seed``; two
    rule sets at the same seed share their dice (common random numbers).

    >>> r = simulate("porz", ["heuristic"] * 3, games=1000, seed=1)
    >>> r.games, int(r.losses_by_seat().sum())
    (1000, 1000)
    >>> bool((r.rows == simulate("porz", ["heuristic"] * 3, games=1000, seed=1).rows).all())
    True
    >>> simulate("porz", ["heuristic", "good"], games=10)
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: bot 'good' cannot play in the batch path (it draws its moves at random at every decision, which no fixed table holds); allowed: heuristic, cautious, bold, optimal, equilibrium
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
    if record not in RECORD_LEVELS:
        raise InvalidInputError(Msg("sim.record", {
            "value": record, "allowed": ", ".join(RECORD_LEVELS)}))
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
        run_on_cluster(
            cluster, spec, seed, work, collect, timeout=cluster_timeout, record=record
        )
    else:
        workers = jobs if jobs is not None else (os.cpu_count() or 1)
        if workers == 1 or len(work) == 1:
            for index, count in work:
                collect(run_chunk(spec, seed, index, count, record))
        else:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(
                max_workers=min(workers, len(work)), mp_context=context
            ) as pool:
                futures: list[Future[Chunk]] = [
                    pool.submit(run_chunk, spec, seed, index, count, record)
                    for index, count in work
                ]
                try:
                    for future in as_completed(futures):
                        collect(future.result())
                except BaseException:
                    for f in futures:
                        f.cancel()
                    raise
    return merge(loaded.id, labels, seed, done, time.perf_counter() - started)
