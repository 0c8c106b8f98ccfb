"""A batch job's chunks: what a chunk needs, how it is played, what it gives.

The pure part shared by every way of running a job (here, a pool of
processes, a Dask cluster: :mod:`schock.sim.core`, :mod:`schock.sim.cluster`):
a job is cut into chunks of :data:`CHUNK` games (the last one shorter);
chunk ``c`` takes its dice from a seed derived from ``(seed, c)`` alone
(:func:`schock.arena.derive_seed`), so a chunk gives the same games
wherever and in whatever order it runs.

>>> from schock import load_rules
>>> spec = make_spec(load_rules("porz"), ["heuristic", "heuristic"])
>>> [run_chunk(spec, 1, i, n).rows.shape[0] for i, n in chunks(5)]
[5]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from schock.arena import derive_seed
from schock.engine.game import MAX_SEATS, MIN_SEATS
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import Rules
from schock.sim import kernel
from schock.sim.tables import (
    KINDS,
    eval_tables,
    policy_table,
    rule_params,
    state_arrays,
)

#: Games per chunk: the unit of seeding and of work. Fixed, so that a seed gives
#: the same numbers for any number of workers.
CHUNK = 20_000

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]


@dataclass(frozen=True)
class Spec:
    """Everything a chunk needs (plain arrays and numbers: cheap to ship to a worker)."""

    rules_id: str
    seats: int
    tables: tuple[Any, ...]
    params: tuple[Any, ...]
    deckel: int


def make_spec(rules: Rules, bots: Sequence[str]) -> Spec:
    """The tables and parameters for ``bots`` (one per seat) under ``rules``."""
    p = rule_params(rules)
    if not MIN_SEATS <= len(bots) <= MAX_SEATS:
        raise InvalidInputError(
            Msg("sim.seats", {"low": MIN_SEATS, "high": MAX_SEATS, "n": len(bots)})
        )
    names = sorted(set(bots))
    policy = np.stack([policy_table(rules, b) for b in names])
    seat_policy = np.array([names.index(b) for b in bots], dtype=np.int64)
    # the opening round throws once, with policy 0 at cap 1: every policy stops there
    state_of, state_dice, keep_len = state_arrays()
    e = eval_tables(rules)
    tables = (
        policy,
        seat_policy,
        state_of,
        state_dice,
        keep_len,
        e.strength,
        e.deckel,
        e.all_deckel,
        e.by_throws,
        e.kind,
    )
    params = (p.deckel, p.max_throws, p.opening, p.most_deckel, p.halves, p.final_random)
    return Spec(rules.id, len(bots), tables, params, p.deckel)


#: Rounds per game a recording chunk makes room for at first (a chunk that needs
#: more is played again with exactly the room it needs).
ROOM_ROUNDS = 24

#: What a chunk records besides its game rows: nothing, every round, or every
#: round and every turn.
RECORD_LEVELS = ("game", "round", "turn")


@dataclass
class Chunk:
    """What one chunk of games gives (``round_rows``/``turn_rows``: where recorded,
    columns :data:`kernel.ROUND_COLUMNS`/:data:`kernel.TURN_COLUMNS`, ``game``
    counted within the chunk)."""

    index: int
    rows: I32
    kinds: I64
    deckel: I64
    round_losers: I64
    rounds: int
    round_rows: I32 | None = None
    turn_rows: I32 | None = None


def run_chunk(spec: Spec, seed: int, index: int, games: int, record: str = "game") -> Chunk:
    """Play chunk ``index`` (``games`` games) of a job with seed ``seed``;
    ``record`` (one of :data:`RECORD_LEVELS`): which rows to keep besides the games'."""
    if record not in RECORD_LEVELS:
        raise InvalidInputError(f"record must be one of {RECORD_LEVELS}, got {record!r}")
    chunk_seed = np.uint64(derive_seed(seed, index, "sim") | 1)
    play: Any = kernel.play_games  # a numba dispatcher
    # room for the rounds and turns of a typical game; a chunk that needs more is
    # played again with exactly what it needs (it gives the same games)
    room_rounds = 0 if record == "game" else games * ROOM_ROUNDS
    room_turns = room_rounds * spec.seats if record == "turn" else 0
    while True:
        rows = np.empty((games, kernel.NCOL), dtype=np.int32)
        kinds = np.zeros(len(KINDS), dtype=np.int64)
        deckel = np.zeros(spec.deckel + 1, dtype=np.int64)
        round_losers = np.zeros(spec.seats, dtype=np.int64)
        rec_rounds = np.empty((room_rounds, len(kernel.ROUND_COLUMNS)), dtype=np.int32)
        rec_turns = np.empty((room_turns, len(kernel.TURN_COLUMNS)), dtype=np.int32)
        rec_n = np.zeros(2, dtype=np.int64)
        rounds = play(
            games, spec.seats, chunk_seed, *spec.tables, *spec.params, rows, kinds, deckel,
            round_losers, rec_rounds, rec_turns, rec_n,
        )
        n_rounds, n_turns = int(rec_n[0]), int(rec_n[1])
        if record == "game" or (
            n_rounds <= room_rounds and (record == "round" or n_turns <= room_turns)
        ):
            break
        room_rounds, room_turns = n_rounds, (n_turns if record == "turn" else 0)
    return Chunk(
        index, rows, kinds, deckel, round_losers, int(rounds),
        rec_rounds[:n_rounds] if record != "game" else None,
        rec_turns[:n_turns] if record == "turn" else None,
    )


def chunks(games: int) -> list[tuple[int, int]]:
    """(index, games) of every chunk of a job.

    >>> chunks(45_000)
    [(0, 20000), (1, 20000), (2, 5000)]
    """
    return [(i, min(CHUNK, games - start)) for i, start in enumerate(range(0, games, CHUNK))]
