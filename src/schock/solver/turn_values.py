"""What a turn is worth: the expectimax solver, the players after you, the Deckel at stake.

:class:`TurnSolver` takes the expectation over every outcome of every later
throw for a utility of the final result. Around it:

* the model of the players after you: the answer to a shown or a covered
  result (:func:`answer_to_shown`, :func:`answer_to_covered`) and, with
  more players, the fictitious-play :func:`reference`;
* the second player of a two-player round playing for the half
  (:func:`second_utility`, :func:`second_value`);
* what a result is worth at a table (:class:`Metrics`): the chance not to
  lose the round and the Deckel received and given.

>>> from schock import load_rules
>>> porz = load_rules("porz")
>>> solver = TurnSolver(porz, 1, lambda dice, hand, used: float(dice == (1, 1, 1)))
>>> round(solver.start() * 216)     # Schock Aus in one throw: 1 way in 216
1
"""

from __future__ import annotations

import bisect
import functools
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.results import Evaluation, evaluation_table
from schock.rules.model import Rules, SetAside
from schock.solver.odds import _keeps
from schock.solver.turn_state import (
    _PROBS,
    _STOP,
    Dice,
    Move,
    Objective,
    Result,
    Stakes,
    Table,
    _options,
    _strength,
    grade,
    strengths,
)

# ---------------------------------------------------------------- the solver


Utility = Callable[[Dice, bool, int], float]
"""The worth of ending a turn with ``dice`` (sorted), auf die Hand or not, after ``throws`` throws."""
Terminal = Callable[[Dice, Dice, int], float]
"""The same, told what was kept for the last throw and what it threw (for worths that
depend on what the table saw)."""


class TurnSolver:
    """Expectimax over one turn for a utility of the final result.

    ``utility(dice, on_hand, throws)`` is the worth of ending the turn with
    ``dice`` (sorted) after ``throws`` throws; or, instead, ``terminal(kept,
    thrown, throws)`` gets the dice kept for the last throw and the dice it
    threw. ``cap`` is the most throws this player may use. Values are
    memoized, so asking about many states of one turn costs little more
    than asking about one.
    """

    __slots__ = (
        "_after",
        "_any",
        "_back",
        "_before",
        "_follow",
        "_stop",
        "_terminal",
        "_turning",
        "cap",
        "rules",
    )

    def __init__(
        self,
        rules: Rules,
        cap: int,
        utility: Utility | None = None,
        *,
        terminal: Terminal | None = None,
    ) -> None:
        if not 1 <= cap <= rules.max_throws:
            raise InvalidInputError(f"cap must be 1 to {rules.max_throws}, got {cap}")
        if (utility is None) == (terminal is None):
            raise InvalidInputError("give the solver either a utility or a terminal worth")
        self.rules = rules
        self.cap = cap
        self._terminal: Terminal = terminal if terminal is not None else _lift_utility(utility)
        self._any = rules.set_aside is SetAside.ANY
        self._turning = rules.sixes_turning
        self._back = rules.take_back
        self._after: dict[tuple[Dice, Dice, int], tuple[float, Move]] = {}
        self._before: dict[tuple[Dice, int], float] = {}
        self._stop: dict[tuple[Dice, Dice, int], float] = {}
        self._follow: dict[Terminal, dict[tuple[Dice, Dice, int], float]] = {}

    def stop_value(self, kept: Dice, thrown: Dice, throws: int) -> float:
        """The worth of stopping with ``kept`` and ``thrown`` after ``throws`` throws."""
        key = (kept, thrown, throws)
        v = self._stop.get(key)
        if v is None:
            v = self._stop[key] = self._terminal(kept, thrown, throws)
        return v

    def before(self, kept: Dice, used: int) -> float:
        """The value of throwing with ``kept`` on the table after ``used`` throws."""
        key = (kept, used)
        v = self._before.get(key)
        if v is None:
            total = 0.0
            after = self.after
            for roll, p in _PROBS[3 - len(kept)]:
                total += p * after(kept, roll, used + 1)[0]
            v = self._before[key] = total
        return v

    def after(self, kept: Dice, thrown: Dice, used: int) -> tuple[float, Move]:
        """The value and best move right after a throw (ties go to stopping,
        then to the fewest dice kept)."""
        key = (kept, thrown, used)
        hit = self._after.get(key)
        if hit is not None:
            return hit
        best = self.stop_value(kept, thrown, used)
        move = _STOP
        if used < self.cap:
            before = self.before
            for m in _options(self._any, self._turning, kept, thrown, self._back):
                v = before(m.keep, used)
                if v > best + 1e-12:
                    best, move = v, m
        out = self._after[key] = (best, move)
        return out

    def choices(self, kept: Dice, thrown: Dice, used: int) -> list[tuple[Move, float]]:
        """Every choice after a throw with its value, best first."""
        out = [(_STOP, self.stop_value(kept, thrown, used))]
        if used < self.cap:
            out += [
                (m, self.before(m.keep, used))
                for m in _options(self._any, self._turning, kept, thrown, self._back)
            ]
        out.sort(key=lambda mv: -mv[1])
        return out

    def start(self) -> float:
        """The value of the whole turn before its first throw."""
        return self.before((), 0)

    def policy(self) -> dict[tuple[Dice, Dice, int], Move]:
        """The best move in every state after a throw (the full policy table)."""
        table: dict[tuple[Dice, Dice, int], Move] = {}
        for used in range(1, self.cap + 1):
            for kept in _keeps((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)):
                if used == 1 and kept:
                    continue
                for roll, _ in _PROBS[3 - len(kept)]:
                    table[(kept, roll, used)] = self.after(kept, roll, used)[1]
        return table

    def outcomes(self) -> dict[tuple[Dice, bool, int], float]:
        """The distribution of final results (dice, auf die Hand, throws) under the best play."""
        out: dict[tuple[Dice, bool, int], float] = defaultdict(float)
        mass: dict[Dice, float] = {(): 1.0}
        for used in range(1, self.cap + 1):
            nxt: dict[Dice, float] = defaultdict(float)
            for kept, m in mass.items():
                for roll, p in _PROBS[3 - len(kept)]:
                    move = self.after(kept, roll, used)[1]
                    if move.stop:
                        out[(tuple(sorted(kept + roll)), not kept, used)] += m * p
                    else:
                        nxt[move.keep] += m * p
            mass = nxt
        return dict(out)

    def follow(self, terminal: Terminal, kept: Dice, thrown: Dice, used: int, move: Move) -> float:
        """The expected ``terminal`` worth of playing ``move`` now and the best moves after it.

        The worths of the states after it are memoized per ``terminal`` (a
        bound method or function that gives the same worth every time), so
        following many choices of one turn costs little more than one.
        """
        memo = self._follow.get(terminal)
        if memo is None:
            memo = self._follow[terminal] = {}

        def after(k: Dice, t: Dice, u: int, m: Move) -> float:
            if m.stop:
                return terminal(k, t, u)
            return sum(p * nxt(m.keep, roll, u + 1) for roll, p in _PROBS[3 - len(m.keep)])

        def nxt(k: Dice, t: Dice, u: int) -> float:
            key = (k, t, u)
            v = memo.get(key)
            if v is None:
                v = memo[key] = after(k, t, u, self.after(k, t, u)[1])
            return v

        return after(kept, thrown, used, move)


def _lift_utility(utility: Utility | None) -> Terminal:
    assert utility is not None

    def terminal(kept: Dice, thrown: Dice, used: int) -> float:
        return utility(tuple(sorted(kept + thrown)), not kept, used)

    return terminal


# ---------------------------------------------------------------- the reference opponent


def _grades_of(rules: Rules, outcomes: dict[tuple[Dice, bool, int], float]) -> Result:
    table = evaluation_table(rules)
    weights: dict[int, float] = defaultdict(float)
    for (dice, hand, used), p in outcomes.items():
        weights[grade(rules, table[(dice, hand)], used)] += p
    return Result.of(weights)


#: Rounds of fictitious play behind :func:`reference`.
REFERENCE_ROUNDS = 24


@functools.lru_cache(maxsize=64)
def reference(rules: Rules, limit: int) -> Result:
    """The result of a player after you, within the round's ``limit``.

    He plays to beat one covered earlier result of a player as strong as
    himself. Answering the answer again and again goes round in circles
    (a bold answer invites a cautious one, and back), so the model is
    fictitious play: starting from a single throw, each of
    :data:`REFERENCE_ROUNDS` rounds adds the best answer to the average of
    the results so far, and the reference is that average: a mix of ways
    of playing that no single way beats by much.

    >>> from schock import load_rules
    >>> porz = load_rules("porz")
    >>> one, three = reference(porz, 1), reference(porz, 3)
    >>> len(one.grades) < len(three.grades)   # more throws, more kinds of result
    True
    """
    table = evaluation_table(rules)
    total: dict[int, float] = defaultdict(float)
    start = _grades_of(rules, {(d, True, 1): p for d, p in _PROBS[3]})
    for g, p in zip(start.grades, start.probs, strict=True):
        total[g] += p
    average = start
    for n in range(1, REFERENCE_ROUNDS + 1):

        def utility(dice: Dice, hand: bool, used: int, earlier: Result = average) -> float:
            return 1.0 - earlier.p_at_least(grade(rules, table[(dice, hand)], used))

        answer = _grades_of(rules, TurnSolver(rules, limit, utility).outcomes())
        for g, p in zip(answer.grades, answer.probs, strict=True):
            total[g] += p
        average = Result.of({g: w / (n + 1) for g, w in total.items()})
    return average


def exploitability(rules: Rules, limit: int) -> float:
    """How much more the best answer to :func:`reference` gains against it than
    the reference gains against itself, as the later player, where the gain
    is P(beat it) - P(be beaten). 0 would be an exact equilibrium of the model.

    >>> from schock import load_rules
    >>> 0 <= exploitability(load_rules("porz"), 3) < 0.05
    True
    """
    table = evaluation_table(rules)
    ref = reference(rules, limit)

    def gain(g: int) -> float:
        return ref.p_at_most(g - 1) - ref.p_at_least(g)

    def utility(dice: Dice, hand: bool, used: int) -> float:
        return gain(grade(rules, table[(dice, hand)], used))

    itself = sum(p * gain(g) for g, p in zip(ref.grades, ref.probs, strict=True))
    return TurnSolver(rules, limit, utility).start() - itself


@functools.lru_cache(maxsize=4096)
def answer_to_shown(rules: Rules, limit: int, g: int) -> Result:
    """The result of the last player who has seen one earlier result of grade
    ``g`` and plays, within ``limit`` throws, for the best chance to beat it."""
    table = evaluation_table(rules)

    def utility(dice: Dice, hand: bool, used: int) -> float:
        return 1.0 if grade(rules, table[(dice, hand)], used) > g else 0.0

    return _grades_of(rules, TurnSolver(rules, limit, utility).outcomes())


@functools.lru_cache(maxsize=512)
def answer_to_covered(rules: Rules, limit: int, kept: Dice, throws: int) -> Result:
    """The result of the last player against one earlier result still under its
    cup: ``kept`` on the table, the other dice hidden, after ``throws`` throws."""
    table = evaluation_table(rules)
    earlier = Result.covered(rules, kept, 3 - len(kept), throws, on_hand=not kept)

    def utility(dice: Dice, hand: bool, used: int) -> float:
        return earlier.p_at_most(grade(rules, table[(dice, hand)], used) - 1)

    return _grades_of(rules, TurnSolver(rules, limit, utility).outcomes())


# ---------------------------------------------------------------- the second of two players


def _strength_index(rules: Rules, g: int) -> int:
    return _strength_positions(rules)[g >> 4]


@functools.cache
def _strength_positions(rules: Rules) -> dict[int, int]:
    """Each strength under ``rules`` -> its index in :func:`strengths`."""
    return {s: i for i, s in enumerate(strengths(rules))}


def second_utility(rules: Rules, earlier: Result, stakes: Stakes) -> Utility:
    """The worth, to the second of two players, of ending his turn with a result,
    against the first player's result ``earlier`` (a distribution), with his
    ``stakes``. He wins the round only with a better grade (Mit ist Shit)."""
    table = evaluation_table(rules)
    grades = earlier.grades
    # suffix sums of P(g) * (what he is worth when the first player wins with g)
    suffix = [0.0] * (len(grades) + 1)
    for i in range(len(grades) - 1, -1, -1):
        suffix[i] = (
            suffix[i + 1] + earlier.probs[i] * stakes.lose[_strength_index(rules, grades[i])]
        )
    memo: dict[int, float] = {}
    position = _strength_positions(rules)
    win = stakes.win

    def utility(dice: Dice, hand: bool, used: int) -> float:
        h = grade(rules, table[(dice, hand)], used)
        v = memo.get(h)
        if v is None:
            j = bisect.bisect_left(grades, h)  # grades below h: he wins
            below = earlier.cumulative[j - 1] if j else 0.0
            v = memo[h] = below * win[position[h >> 4]] + suffix[j]
        return v

    return utility


@functools.lru_cache(maxsize=8192)
def second_value(rules: Rules, limit: int, earlier: Result, stakes: Stakes) -> float:
    """The second of two players' best worth (his ``stakes``) against ``earlier``,
    within ``limit`` throws: he best-responds to what he sees."""
    return TurnSolver(rules, limit, second_utility(rules, earlier, stakes)).start()


# ---------------------------------------------------------------- what a result is worth at a table

#: How a strength's Deckel reach the loser (:class:`_Amounts`): a fixed amount, the
#: winner's own pile up to what is owed (the Stock is empty), or every Deckel but
#: the winner's own pile (a Schock Aus under ``schock_aus_keeps``).
_FIXED, _FROM_WINNER, _ALL_BUT_WINNERS = 0, 1, 2


@dataclass(frozen=True, slots=True)
class _Amounts:
    """Deckel amounts by strength, for the Deckel objectives."""

    strengths: tuple[int, ...]  # every strength under the rules, ascending
    received: tuple[float, ...]  # what the loser receives when that strength is best
    # (_FROM_WINNER: what is owed; _ALL_BUT_WINNERS: every Deckel the seat does not hold)
    given: tuple[float, ...]  # what the seat gives away from its own pile with that strength
    how: tuple[int, ...] = ()  # per strength: _FIXED, _FROM_WINNER or _ALL_BUT_WINNERS
    piles: tuple[int, ...] = ()  # the other players' Deckel, in the order of ``others``


def _amounts(rules: Rules, table: Table) -> _Amounts:
    by_strength: dict[int, Evaluation] = {}
    for e in evaluation_table(rules).values():
        by_strength[e.strength] = e
    strengths = tuple(sorted(by_strength))
    mult = 2 if table.blind else 1
    received: list[float] = []
    given: list[float] = []
    how: list[int] = []
    keeps = rules.schock_aus_keeps
    for s in strengths:
        e = by_strength[s]
        if table.stock is None:
            owed = rules.deckel if e.all_deckel else e.deckel * mult
            received.append(float(owed))
            given.append(0.0)
            how.append(_FIXED)
            continue
        everything = rules.deckel - table.mine
        if e.all_deckel:
            # every Deckel of the half, the seat's own pile too whether or not the Stock
            # is empty; under schock_aus_keeps all but the winner's own
            received.append(float(everything))
            given.append(0.0 if keeps else float(table.mine))
            how.append(_ALL_BUT_WINNERS if keeps else _FIXED)
            continue
        owed = e.deckel * mult
        if table.stock > 0:
            received.append(float(min(owed, table.stock)))
            given.append(0.0)
            how.append(_FIXED)
        else:  # from the winner's own pile
            received.append(float(owed))
            given.append(float(min(owed, table.mine)))
            how.append(_FROM_WINNER)
    piles = _piles(rules, table) if any(h != _FIXED for h in how) else ()
    if piles:  # where every pile covers what is owed (or none is kept), the amount is fixed
        low = min(piles)
        how = [
            _FIXED
            if (h == _FROM_WINNER and received[j] <= low)
            or (h == _ALL_BUT_WINNERS and not max(piles))
            else h
            for j, h in enumerate(how)
        ]
    return _Amounts(strengths, tuple(received), tuple(given), tuple(how), piles)


def _piles(rules: Rules, table: Table) -> tuple[int, ...]:
    """The other players' Deckel where the Deckel at stake depend on the winner's
    pile: the table's, or in a round of two the other's (all the Stock and the
    seat do not hold)."""
    assert table.stock is not None
    if table.piles:
        return table.piles
    if len(table.before) + table.after == 1:
        return (max(0, rules.deckel - table.stock - table.mine),)
    others = len(table.before) + table.after
    if table.stock == 0:
        raise InvalidInputError(Msg("state.piles_empty", {"others": others}))
    raise InvalidInputError(Msg("state.piles_needed", {"others": others}))


def _in(r: Result, lo: int, hi: int) -> float:
    """P(lo <= grade <= hi)."""
    return max(0.0, r.p_at_most(hi) - r.p_at_most(lo - 1)) if lo <= hi else 0.0


def _from_winner(
    others: Sequence[tuple[Result, bool]],
    g: int,
    s: int,
    piles: tuple[int, ...],
    owed: float | None,
) -> float:
    """E[the Deckel the giver gives; every other result beats the seat's grade ``g``
    and the best has strength ``s``] (docs/rules.md, "Deckel").

    With ``owed`` (the Stock is empty) the giver is the round's winner, or, where he
    holds none (an Einkaufen player), the best-ranked other player who holds some,
    and he gives what is owed up to his pile. With ``owed`` None (a Schock Aus under
    ``schock_aus_keeps``) this is the winner's own pile, which he keeps.
    ``others`` are in seat order (the seat sits between the earlier and the later
    ones); between equal grades the earlier player's result is the better one.
    """
    n = len(others)
    lo = [g if earlier else g + 1 for _, earlier in others]  # the lowest grade that beats g
    total = 0.0
    def worth(pile: int) -> float:
        return float(pile) if owed is None else min(owed, float(pile))

    for i, (r, _) in enumerate(others):
        if not piles[i] and owed is None:
            continue
        start = bisect.bisect_left(r.grades, max(s * 16, lo[i]))
        for k in range(start, len(r.grades)):
            h = r.grades[k]
            if h > s * 16 + 15:
                break
            # everybody else beats the seat and ranks below i at h
            hi = [h - 1 if j < i else h for j in range(n)]
            p = r.probs[k]
            for j in range(n):
                if j != i:
                    p *= _in(others[j][0], lo[j], hi[j])
            if p <= 0.0:
                continue
            if piles[i]:
                total += p * worth(piles[i])
                continue
            holders = [j for j in range(n) if j != i and piles[j]]
            for m in holders:
                total += p * _p_best(others, holders, m, lo, hi) * worth(piles[m])
    return total


def _p_best(
    others: Sequence[tuple[Result, bool]], holders: list[int], m: int, lo: list[int], hi: list[int]
) -> float:
    """P(``m`` ranks best among ``holders``), every one's grade given within [lo, hi]."""
    rm = others[m][0]
    within = _in(rm, lo[m], hi[m])
    for j in holders:
        if j != m:
            within *= _in(others[j][0], lo[j], hi[j])
    if within <= 0.0:
        return 0.0
    total = 0.0
    start = bisect.bisect_left(rm.grades, lo[m])
    for k in range(start, len(rm.grades)):
        h = rm.grades[k]
        if h > hi[m]:
            break
        p = rm.probs[k]
        for j in holders:
            if j != m:
                p *= _in(others[j][0], lo[j], min(hi[j], h - 1 if j < m else h))
        total += p
    return total / within


@dataclass(frozen=True, slots=True)
class Metrics:
    """What a result (or a choice, in expectation) is worth."""

    p_not_lose: float
    received: float
    given: float

    def value(self, objective: Objective) -> float:
        if objective is Objective.LOSS:
            return self.p_not_lose
        if objective is Objective.DECKEL:
            return -self.received
        return self.given - self.received


def _metrics(others: Sequence[tuple[Result, bool]], g: int, amounts: _Amounts | None) -> Metrics:
    """Metrics of the seat's result of grade ``g`` against ``others``
    (each a distribution and whether it was thrown earlier in the round)."""
    beat = [r.p_at_least(g) if earlier else r.p_above(g) for r, earlier in others]
    p_lose = math.prod(beat)
    if amounts is None:
        return Metrics(1.0 - p_lose, 0.0, 0.0)
    # E[received] = sum over strengths s of amount(s) * P(all beat me, the best has strength s)
    mine = _strength(g)
    received = 0.0
    prev = 0.0
    floor = [(r.p_at_most(g - 1) if earlier else r.p_at_most(g)) for r, earlier in others]
    start = bisect.bisect_left(amounts.strengths, mine)
    for j in range(start, len(amounts.strengths)):
        s = amounts.strengths[j]
        top = s * 16 + 15
        cur = math.prod(
            max(0.0, r.p_at_most(top) - f) for (r, _), f in zip(others, floor, strict=True)
        )
        if cur > prev:
            how = amounts.how[j] if amounts.how else _FIXED
            amount = amounts.received[j]
            if how == _FROM_WINNER:
                received += _from_winner(others, g, s, amounts.piles, amount)
            else:
                received += amount * (cur - prev)
                if how == _ALL_BUT_WINNERS:
                    received -= _from_winner(others, g, s, amounts.piles, None)
            prev = cur
    # the seat gives when every other result is worse (it is the round's best)
    p_win = math.prod(1.0 - b for b in beat)
    given = p_win * amounts.given[bisect.bisect_left(amounts.strengths, mine)]
    return Metrics(1.0 - p_lose, received, given)
