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
from schock.sim.duel import NO_SLOTS, DuelTables
from schock.sim.policy import bot_label, move_source
from schock.sim.tables import (
    DUEL_ONLY,
    KINDS,
    MAX_CAP,
    STATE_KEEP,
    STATES,
    check_bots,
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
    rules: Rules | None = None
    duel: tuple[str, ...] = ()
    """The duel bots at the table (their slots are solved where the chunk runs)."""


def make_spec(rules: Rules, bots: Sequence[Any]) -> Spec:
    """The tables and parameters for ``bots`` (one per seat: a bot's name, a
    :class:`~schock.sim.policy.Policy` or a policy file's path) under ``rules``."""
    p = rule_params(rules)
    if not MIN_SEATS <= len(bots) <= MAX_SEATS:
        raise InvalidInputError(
            Msg("sim.seats", {"low": MIN_SEATS, "high": MAX_SEATS, "n": len(bots)})
        )
    sources = [move_source(b) for b in bots]  # a policy file is read once, here
    check_bots(tuple(sources))
    duel = tuple(sorted({b for b in bots if isinstance(b, str) and b in DUEL_ONLY}))
    if duel:
        duel_tables(rules, duel)  # the half values: solved (or refused) here, once
    fixed: dict[str, Any] = {}
    for b, source in zip(bots, sources, strict=True):
        if not (isinstance(b, str) and b in DUEL_ONLY):
            fixed.setdefault(bot_label(b), source)
    names = sorted(fixed)
    if names:
        policy = np.stack([policy_table(rules, fixed[name]) for name in names])
    else:
        policy = np.full((1, MAX_CAP + 1, MAX_CAP + 1, len(STATES)), -1, dtype=np.int16)
    seat_kind = np.array([1 if bot_label(b) in duel else 0 for b in bots], dtype=np.int64)
    seat_policy = np.array(
        [duel.index(b) if b in duel else names.index(bot_label(b)) for b in bots],
        dtype=np.int64,
    )
    state_of, state_dice, keep_len = state_arrays()
    e = eval_tables(rules)
    tables = (
        policy,
        seat_kind,
        seat_policy,
        state_of,
        state_dice,
        STATE_KEEP,
        keep_len,
        e.strength,
        e.deckel,
        e.all_deckel,
        e.by_throws,
        e.kind,
    )
    params = (
        p.deckel,
        p.max_throws,
        p.opening,
        p.most_deckel,
        p.halves,
        p.final_random,
        p.schock_aus_keeps,
        p.last_throw_covered,
    )
    return Spec(rules.id, len(bots), tables, params, p.deckel, rules if duel else None, duel)


#: The duel slots solved in this process, per rule set and duel bots (a process
#: keeps them for every later chunk).
_DUELS: dict[tuple[Rules, tuple[str, ...]], DuelTables] = {}


def duel_tables(rules: Rules, bots: tuple[str, ...]) -> DuelTables:
    key = (rules, bots)
    t = _DUELS.get(key)
    if t is None:
        t = _DUELS[key] = DuelTables(rules, bots)
    return t


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
    duel: Any
    if spec.duel:
        assert spec.rules is not None
        duel = duel_tables(spec.rules, spec.duel)
    else:
        duel = NO_SLOTS
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
        ctl = np.zeros(4, dtype=np.int64)  # from game, status, missing slot, rounds
        while play(
            games, spec.seats, chunk_seed, ctl, *spec.tables, *spec.params,
            duel.keys, duel.slots, duel.tab, duel.open_act, duel.nrkey, duel.ng,
            rows, kinds, deckel, round_losers, rec_rounds, rec_turns, rec_n,
        ):  # fmt: skip
            # a duel slot no game needed before: solve it, and play that game again
            duel.fill(int(ctl[2]))
        n_rounds, n_turns = int(rec_n[0]), int(rec_n[1])
        if record == "game" or (
            n_rounds <= room_rounds and (record == "round" or n_turns <= room_turns)
        ):
            break
        room_rounds, room_turns = n_rounds, (n_turns if record == "turn" else 0)
    return Chunk(
        index, rows, kinds, deckel, round_losers, int(ctl[3]),
        rec_rounds[:n_rounds] if record != "game" else None,
        rec_turns[:n_turns] if record == "turn" else None,
    )


def chunks(games: int) -> list[tuple[int, int]]:
    """(index, games) of every chunk of a job.

    >>> chunks(45_000)
    [(0, 20000), (1, 20000), (2, 5000)]
    """
    return [(i, min(CHUNK, games - start)) for i, start in enumerate(range(0, games, CHUNK))]
