"""The two-player solver bots in the batch path: ``optimal`` and ``equilibrium``.

In a two-player half both bots play every turn for the values of the half
(:mod:`schock.solver.half`, :mod:`schock.solver.equilibrium`): what a turn
does depends on the Deckel situation (Stock, the seat's Deckel, the other's)
and, for the second player, on what he sees of the first player's result (a
shown result and the throw limit, or the dice on the table of a result still
under the cup). Every such *slot* has one policy table, ``[used, state] ->
keep or stop`` (:mod:`schock.sim.tables` states), plus, for the round's first
player, what he does with his first throw before he looks (lift, stand "zu",
declare blind, throw again).

The slots are many (some thousands per rule set), so they are filled when a
game first needs one: the kernel stops at a missing slot and names it, this
module solves it, and the kernel plays that game again from its first die
(:func:`schock.sim.chunks.run_chunk`). A slot is solved exactly as the bot
solves that turn (the same utilities from :mod:`schock.solver`, the same
choice among ties), by :func:`solve_policy`, a compiled copy of
:class:`~schock.solver.turn.TurnSolver`'s expectimax that does the same
floating-point operations in the same order; ``tests/sim`` checks that it
gives the same values and moves.

>>> from schock import load_rules
>>> t = DuelTables(load_rules("porz"), ("optimal",))
>>> slot = t.fill(t.key(0, mine=0, other=0, rkey=0))
>>> int(t.open_act[slot]) in (LIFT, ZU, RETHROW)
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from schock.results import evaluation_table
from schock.rules.model import Rules, SetAside
from schock.solver.equilibrium import equilibrium_half
from schock.solver.half import HalfTable, duel_half
from schock.solver.turn_state import (
    _PROBS,
    Result,
    Stakes,
    _options,
    first_covered,
    grade,
    strengths,
)
from schock.solver.turn_values import second_utility

#: What the round's first player does with his first throw before looking at it.
LIFT, ZU, BLIND, RETHROW = 0, 1, 2, 3

#: The bots this module plays, with the half values each plays for.
DUEL_BOTS: dict[str, Any] = {"optimal": duel_half, "equilibrium": equilibrium_half}

F64 = npt.NDArray[np.float64]


# ------------------------------------------------------------------ the compiled solver
@njit(cache=True)
def solve_policy(
    cap: int,
    term: Any,
    trans_state: Any,
    trans_p: Any,
    trans_n: Any,
    opt_ptr: Any,
    opt_keep: Any,
    tab: Any,
    before: Any,
) -> None:
    """Expectimax over one turn with ``cap`` throws for the worth ``term[used,
    state]`` of stopping: fill ``tab[used, state]`` (the best keep, -1: stop;
    the first best in the order stop, then the options) and ``before[u,
    keep]`` (the worth of throwing with ``keep`` on the table after ``u``
    throws). The values follow :class:`~schock.solver.turn.TurnSolver`
    operation by operation (a move must beat the best so far by 1e-12 to
    count in a value)."""
    ns = term.shape[1]
    nk = trans_n.shape[0]
    after = np.empty(ns)
    for used in range(cap, 0, -1):
        for st in range(ns):
            stop = term[used, st]
            best = stop
            pick = stop
            move = -1
            if used < cap:
                for o in range(opt_ptr[st], opt_ptr[st + 1]):
                    k = opt_keep[o]
                    v = before[used, k]
                    if v > best + 1e-12:
                        best = v
                    if v > pick:
                        pick = v
                        move = k
            after[st] = best
            tab[used, st] = move
        for k in range(nk):
            total = 0.0
            for i in range(trans_n[k]):
                total += trans_p[k, i] * after[trans_state[k, i]]
            before[used - 1, k] = total


# ------------------------------------------------------------------ per rule set
@dataclass(frozen=True, eq=False)
class Moves:
    """The shape of a turn under one rule set, as arrays for :func:`solve_policy`."""

    trans_state: npt.NDArray[np.int32]
    trans_p: F64
    trans_n: npt.NDArray[np.int32]
    opt_ptr: npt.NDArray[np.int32]
    opt_keep: npt.NDArray[np.int32]
    grades: npt.NDArray[np.int64]
    """``grades[used, state]``: the grade of stopping there."""
    unique: tuple[int, ...]
    reps: tuple[tuple[tuple[int, ...], bool, int], ...]
    """One (dice, auf die Hand, used) per grade of ``unique``."""
    inverse: npt.NDArray[np.int64]
    """``unique[inverse[used, state]] == grades[used, state]``."""


@functools.cache
def moves(rules: Rules) -> Moves:
    from schock.sim.tables import KEEP_INDEX, KEEPS, MAX_CAP, STATE_INDEX, STATES

    trans_state = np.zeros((len(KEEPS), 56), np.int32)
    trans_p = np.zeros((len(KEEPS), 56), np.float64)
    trans_n = np.zeros(len(KEEPS), np.int32)
    for ki, keep in enumerate(KEEPS):
        rolls = _PROBS[3 - len(keep)]
        trans_n[ki] = len(rolls)
        for i, (roll, p) in enumerate(rolls):
            trans_state[ki, i] = STATE_INDEX[(keep, roll)]
            trans_p[ki, i] = p
    any_ = rules.set_aside is SetAside.ANY
    ptr = [0]
    keeps: list[int] = []
    for kept, thrown in STATES:
        for m in _options(any_, rules.sixes_turning, kept, thrown, rules.take_back):
            keeps.append(KEEP_INDEX[m.keep])
        ptr.append(len(keeps))
    table = evaluation_table(rules)
    grades = np.zeros((MAX_CAP + 1, len(STATES)), np.int64)
    reps: dict[int, tuple[tuple[int, ...], bool, int]] = {}
    for used in range(1, rules.max_throws + 1):
        for si, (kept, thrown) in enumerate(STATES):
            dice = tuple(sorted(kept + thrown))
            g = grade(rules, table[(dice, not kept)], used)
            grades[used, si] = g
            reps.setdefault(g, (dice, not kept, used))
    unique = tuple(sorted(reps))
    inverse = np.searchsorted(np.array(unique, np.int64), grades).astype(np.int64)
    return Moves(
        trans_state,
        trans_p,
        trans_n,
        np.array(ptr, np.int32),
        np.array(keeps, np.int32),
        grades,
        unique,
        tuple(reps[g] for g in unique),
        inverse,
    )


def _solve(rules: Rules, cap: int, term: F64) -> tuple[npt.NDArray[np.int16], F64]:
    from schock.sim.tables import KEEPS, MAX_CAP, STATES

    m = moves(rules)
    tab = np.full((MAX_CAP + 1, len(STATES)), -1, np.int16)
    before = np.zeros((MAX_CAP + 1, len(KEEPS)), np.float64)
    solve_policy(
        cap, term, m.trans_state, m.trans_p, m.trans_n, m.opt_ptr, m.opt_keep, tab, before
    )
    return tab, before


def second_terms(rules: Rules, earlier: Result, stakes: Stakes) -> F64:
    """``term[used, state]``: the second player's worth of stopping there
    (:func:`schock.solver.turn.second_utility`)."""
    m = moves(rules)
    utility = second_utility(rules, earlier, stakes)
    values = np.array([utility(d, h, u) for d, h, u in m.reps], np.float64)
    return values[m.inverse]


def second_value(rules: Rules, limit: int, earlier: Result, stakes: Stakes) -> float:
    """:func:`schock.solver.turn.second_value`, compiled."""
    _tab, before = _solve(rules, limit, second_terms(rules, earlier, stakes))
    return float(before[0, 0])


# ------------------------------------------------------------------ the slots
class DuelTables:
    """The policy slots of one duel bot under one rule set, filled on demand.

    ``bots`` are the duel bots at the table (a slot key holds the index of one).
    A slot's key is ``((bot * (deckel+1) + mine) * (deckel+1) + other) * nrkey
    + rkey``: ``rkey`` 0 for the round's first player, else what the second
    player sees of the first player's result (:meth:`known_rkey`,
    :meth:`covered_rkey`). ``keys``/``slots`` are an open-addressing hash
    table the kernel reads; ``tab[slot]`` is the policy, ``open_act[slot]``
    the first player's move before he looks.
    """

    def __init__(self, rules: Rules, bots: tuple[str, ...]) -> None:
        from schock.sim.tables import MAX_CAP, STATES

        self.rules = rules
        self.bots = bots
        self.halves: list[HalfTable] = [DUEL_BOTS[b](rules) for b in bots]
        self.cap1 = MAX_CAP + 1
        self.ng = (max(strengths(rules)) + 1) * 16
        self.nrkey = 1 + (self.ng + 28) * self.cap1
        self.keys = np.full(64, -1, np.int64)
        self.slots = np.full(64, -1, np.int32)
        self.tab = np.full((16, MAX_CAP + 1, len(STATES)), -1, np.int16)
        self.open_act = np.zeros(16, np.int8)
        self.used = 0
        self._earlier: dict[tuple[int, ...], Result] = {}

    # keys ------------------------------------------------------------
    def key(self, bot: int, *, mine: int, other: int, rkey: int) -> int:
        """The key of a slot (``rkey`` 0: the round's first player)."""
        d1 = self.rules.deckel + 1
        return ((bot * d1 + mine) * d1 + other) * self.nrkey + rkey

    def known_rkey(self, g: int, limit: int) -> int:
        return 1 + g * self.cap1 + limit

    def covered_rkey(self, keep: int, limit: int) -> int:
        return 1 + (self.ng + keep) * self.cap1 + limit

    def _decode(self, key: int) -> tuple[int, int, int, int]:
        rest, rkey = divmod(key, self.nrkey)
        rest, other = divmod(rest, self.rules.deckel + 1)
        bot, mine = divmod(rest, self.rules.deckel + 1)
        return bot, mine, other, rkey

    # the hash table ----------------------------------------------------
    def _insert(self, key: int, slot: int) -> None:
        if 2 * (self.used + 1) > len(self.keys):
            old = [(int(k), int(v)) for k, v in zip(self.keys, self.slots, strict=True) if k >= 0]
            self.keys = np.full(2 * len(self.keys), -1, np.int64)
            self.slots = np.full(len(self.keys), -1, np.int32)
            for k, v in old:
                self._put(k, v)
        self._put(key, slot)

    def _put(self, key: int, slot: int) -> None:
        mask = len(self.keys) - 1
        h = _hash(key) & mask
        while self.keys[h] >= 0:
            h = (h + 1) & mask
        self.keys[h] = key
        self.slots[h] = slot

    # solving a slot -----------------------------------------------------
    def fill(self, key: int) -> int:
        """Solve the slot ``key`` and return its index."""
        bot, mine, other, rkey = self._decode(key)
        half = self.halves[bot]
        rules = self.rules
        stock = rules.deckel - mine - other
        slot = self.used
        if slot == len(self.tab):
            self.tab = np.concatenate([self.tab, np.full_like(self.tab, -1)])
            self.open_act = np.concatenate([self.open_act, np.zeros_like(self.open_act)])
        if rkey == 0:
            tab, act = self._first(half, stock, mine, other)
            self.open_act[slot] = act
        else:
            earlier, limit = self._seen(rkey)
            stakes = half.stakes(stock, mine, other, first=False)
            tab, _ = _solve(rules, limit, second_terms(rules, earlier, stakes))
        self.tab[slot] = tab
        self.used += 1
        self._insert(key, slot)
        return slot

    def _seen(self, rkey: int) -> tuple[Result, int]:
        """The first player's result as the second sees it, and the throw limit."""
        code, limit = divmod(rkey - 1, self.cap1)
        if code < self.ng:
            return Result.of({code: 1.0}), limit
        from schock.sim.tables import KEEPS

        kept = KEEPS[code - self.ng]
        return self._covered(kept, limit), limit

    def _covered(self, kept: tuple[int, ...], throws: int) -> Result:
        key = (*kept, -throws)
        r = self._earlier.get(key)
        if r is None:
            r = self._earlier[key] = Result.covered(
                self.rules, kept, 3 - len(kept), throws, on_hand=not kept
            )
        return r

    def plays_blind(
        self, half: HalfTable, stock: int, mine: int, other: int, normal: float
    ) -> bool:
        """:meth:`~schock.solver.half.HalfTable.plays_blind`, compiled: blind when a
        blind round (one throw each, Deckel doubled) is worth more than ``normal``,
        the round played out (:func:`~schock.solver.half.round_value`, which is the
        first player's value before his first throw)."""
        flip = half.blind_stakes(stock, mine, other).flip()
        blind = 1.0 - second_value(self.rules, 1, self._covered((), 1), flip)
        return blind > normal + 1e-12

    def _first(
        self, half: HalfTable, stock: int, mine: int, other: int
    ) -> tuple[npt.NDArray[np.int16], int]:
        """The first player's policy and first move, as :class:`~schock.bots.OptimalBot`
        plays a two-player round (:meth:`~schock.bots.OptimalBot._choose`)."""
        from schock.sim.tables import KEEPS, STATES

        rules = self.rules
        m = moves(rules)
        flip = half.stakes(stock, mine, other, first=True).flip()
        # the worth of stopping: 1 - the second player's best answer to what he sees
        # (his last allowed throw stays covered where the rules say so:
        # schock.solver.turn_policy._Problem.half_value)
        answers: dict[tuple[int, ...], float] = {}
        term = np.zeros_like(m.grades, dtype=np.float64)
        for used in range(1, rules.max_throws + 1):
            hidden = first_covered(rules, used)
            for si, (kept, _thrown) in enumerate(STATES):
                g = int(m.grades[used, si])
                akey = (*kept, -used) if hidden else (g, used)
                v = answers.get(akey)
                if v is None:
                    earlier = self._covered(kept, used) if hidden else Result.of({g: 1.0})
                    v = answers[akey] = second_value(rules, used, earlier, flip)
                term[used, si] = 1.0 - v
        tab, before = _solve(rules, rules.max_throws, term)
        if rules.max_throws == 1:
            return tab, LIFT  # the only throw is the last: nothing to decide
        empty = KEEPS.index(())
        lift = float(before[0, empty])
        if rules.blind and self.plays_blind(half, stock, mine, other, lift):
            return tab, BLIND
        # lift (and play on), stand "zu" on the unseen throw, or throw again unseen
        # (schock.solver.hints: _unseen, _blindly); the first best wins
        rethrow = float(before[1, empty])
        zu = 0.0
        covered = rules.last_throw_covered
        for roll, p in _PROBS[3]:
            if covered:
                earlier = self._covered((), 1)
            else:
                g = grade(rules, evaluation_table(rules)[(roll, True)], 1)
                earlier = Result.of({g: 1.0})
            zu += p * (1.0 - second_value(rules, 1, earlier, flip))
        best, act = lift, LIFT
        for value, a in ((zu, ZU), (rethrow, RETHROW)):
            if value > best:
                best, act = value, a
        return tab, act


@dataclass(frozen=True, eq=False)
class Slots:
    """Slot arrays that hold no slot (a table without duel bots: never read)."""

    keys: npt.NDArray[np.int64]
    slots: npt.NDArray[np.int32]
    tab: npt.NDArray[np.int16]
    open_act: npt.NDArray[np.int8]
    nrkey: int = 1
    ng: int = 0


NO_SLOTS = Slots(
    np.full(2, -1, np.int64),
    np.full(2, -1, np.int32),
    np.full((1, 1, 1), -1, np.int16),
    np.zeros(1, np.int8),
)

_GOLDEN = 0x9E3779B97F4A7C15
_M64 = (1 << 64) - 1


def _hash(key: int) -> int:
    """The slot hash (the kernel computes the same): Fibonacci hashing, high bits."""
    return ((key * _GOLDEN) & _M64) >> 32
