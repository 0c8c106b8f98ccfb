"""The choices of one seat at one table: every choice after a throw with its exact worth.

:func:`solve` puts a :class:`Choice` list, best first, on a
:class:`~schock.solver.turn_state.TurnState` at a
:class:`~schock.solver.turn_state.Table`, for an
:class:`~schock.solver.turn_state.Objective`; the worths come from
:mod:`schock.solver.turn_values`.

>>> from schock import load_rules
>>> from schock.solver.turn_state import Result, Table, parse_state
>>> porz = load_rules("porz")
>>> first = solve(porz, parse_state("1-1-4 1/*"), Table(after=1))[0]
>>> first.describe("en"), 0 < first.p_not_lose < 1
('stop', True)
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from schock.errors import InvalidInputError
from schock.results import evaluation_table
from schock.rules.model import Rules
from schock.solver.turn_state import (
    _PROBS,
    Dice,
    Move,
    Objective,
    Result,
    Stakes,
    Table,
    TurnState,
    check_state,
    first_covered,
    grade,
)
from schock.solver.turn_values import (
    Metrics,
    TurnSolver,
    Utility,
    _amounts,
    _metrics,
    answer_to_covered,
    answer_to_shown,
    reference,
    second_utility,
    second_value,
)

# ---------------------------------------------------------------- solving a turn at a table


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice after a throw, with what it is worth under the best play after it."""

    move: Move
    value: float
    """The objective's value (for ``loss``: the chance not to lose the round)."""
    p_not_lose: float
    expected_deckel: float
    """Expected Deckel received."""

    def describe(self, lang: str = "de") -> str:
        return self.move.describe(lang)


class _Problem:
    """One seat's turn at one table: the utilities and a solver per cap."""

    def __init__(self, rules: Rules, table: Table, limit: int | None, objective: Objective) -> None:
        self.rules = rules
        self.table = table
        self.limit = limit
        self.objective = objective
        self._eval = evaluation_table(rules)
        self._full = _amounts(rules, table)
        self._amounts = None if objective is Objective.LOSS else self._full
        self._metrics: dict[tuple[object, ...], Metrics] = {}
        self._full_metrics: dict[tuple[object, ...], Metrics] = {}
        cap = rules.max_throws if limit is None else limit
        #: A two-player round seen by its first player: the other answers what he sees.
        self.duel = not table.before and table.after == 1 and limit is None
        self._stakes: Stakes | None = None
        self._second: Utility = _no_utility
        if objective is Objective.HALF:
            if table.stakes is None or len(table.before) + table.after != 1:
                raise InvalidInputError(
                    "the half objective needs a two-player round with its stakes "
                    f"(got {len(table.before) + table.after + 1} players)"
                )
            self._stakes = table.stakes
            if table.before:
                self._second = second_utility(rules, table.before[0], table.stakes)
        self.solver = TurnSolver(rules, cap, terminal=self.utility)

    def metrics(
        self,
        kept: Dice,
        thrown: Dice,
        used: int,
        *,
        full: bool = False,
        covered: bool | None = None,
    ) -> Metrics:
        """What ending the turn here is worth. ``covered`` says whether the
        players after this one cannot see the result (default: the round's
        first player shows it unless he used every throw the rules allow)."""
        dice = tuple(sorted(kept + thrown))
        g = grade(self.rules, self._eval[(dice, not kept)], used)
        later_limit = used if self.limit is None else self.limit
        if self.duel:
            hidden = first_covered(self.rules, used) if covered is None else covered
            key: tuple[object, ...] = (g, later_limit, kept if hidden else None, hidden)
        else:
            key = (g, later_limit)
        cache = self._full_metrics if full else self._metrics
        m = cache.get(key)
        if m is None:
            others = [(r, True) for r in self.table.before]
            if self.duel:
                if hidden:
                    answer = answer_to_covered(self.rules, later_limit, kept, used)
                else:
                    answer = answer_to_shown(self.rules, later_limit, g)
                others.append((answer, False))
            elif self.table.after:
                ref = reference(self.rules, later_limit)
                others += [(ref, False)] * self.table.after
            m = cache[key] = _metrics(others, g, self._full if full else self._amounts)
        return m

    def utility(self, kept: Dice, thrown: Dice, used: int) -> float:
        if self._stakes is not None:
            return self.half_value(kept, thrown, used)
        return self.metrics(kept, thrown, used).value(self.objective)

    def half_value(
        self, kept: Dice, thrown: Dice, used: int, *, covered: bool | None = None
    ) -> float:
        """The chance not to lose the half when ending the turn here (two players)."""
        stakes = self._stakes
        assert stakes is not None
        dice = tuple(sorted(kept + thrown))
        if self.table.before:  # the second player: his result against the first one's
            return self._second(dice, not kept, used)
        hidden = first_covered(self.rules, used) if covered is None else covered
        g = grade(self.rules, self._eval[(dice, not kept)], used)
        if hidden:
            earlier = Result.covered(self.rules, kept, 3 - len(kept), used, on_hand=not kept)
        else:
            earlier = Result.of({g: 1.0})
        return 1.0 - second_value(self.rules, used, earlier, stakes.flip())

    def p_not_lose(self, kept: Dice, thrown: Dice, used: int) -> float:
        return self.metrics(kept, thrown, used, full=True).p_not_lose

    def received(self, kept: Dice, thrown: Dice, used: int) -> float:
        return self.metrics(kept, thrown, used, full=True).received

    def choices(self, state: TurnState, *, metrics: bool = True) -> list[Choice]:
        s = self.solver
        k, t, u = state.kept, state.thrown, state.throws
        out: list[Choice] = []
        nan = float("nan")
        for move, value in s.choices(k, t, u):
            if metrics:
                p = s.follow(self.p_not_lose, k, t, u, move)
                deckel = s.follow(self.received, k, t, u, move)
            else:
                p = deckel = nan
            out.append(Choice(move, value, p, deckel))
        return out


def _no_utility(dice: Dice, hand: bool, used: int) -> float:  # pragma: no cover
    raise AssertionError("not the second player of a two-player round")


@functools.lru_cache(maxsize=512)
def _problem(rules: Rules, table: Table, limit: int | None, objective: Objective) -> _Problem:
    return _Problem(rules, table, limit, objective)


def solve(
    rules: Rules,
    state: TurnState,
    table: Table,
    objective: Objective | str = Objective.LOSS,
) -> list[Choice]:
    """Every choice in ``state`` with its exact worth at ``table``, best first.

    >>> from schock import load_rules
    >>> from schock.solver.turn_state import parse_state
    >>> porz = load_rules("porz")
    >>> last = Table(before=(Result.known(porz, "6-6-5/3"),))   # beat 665 in 3, as the last player
    >>> [(c.describe("en"), round(c.value * 216)) for c in solve(porz, parse_state("2-4-6 2/3"), last)]
    [('throw 3 dice', 45), ('stop', 0)]
    """
    check_state(rules, state)
    obj = Objective.parse(objective)
    return _problem(rules, table, state.limit, obj).choices(state)


# ---------------------------------------------------------------- a covered result chosen to stop on


def stopped_result(
    rules: Rules,
    table: Table,
    limit: int,
    kept: Sequence[int],
    shown: Sequence[int],
    hidden: int,
    throws: int,
) -> Result:
    """The covered result of a player who looked at his throw and chose to stop
    (not the round's first player, and before his last allowed throw).

    He stopped because his dice were good enough, so they are not uniform:
    under the reference model he played at his seat like the solver, for
    the chance not to lose the round at ``table`` (what he saw before him,
    the players after him) within ``limit`` throws. ``kept`` were on the
    table for his last throw, ``shown`` are dice of that throw the table
    sees, ``hidden`` the dice still under his cup. The result is every way
    the hidden dice may lie where he would have stopped, weighted by its
    chance (uniform dice if he stopped where the model never would).

    >>> from schock import load_rules
    >>> mosel = load_rules("mosel")
    >>> t = Table(before=(Result.parse(mosel, "6-6-?/3"),), after=1)
    >>> r = stopped_result(mosel, t, 3, (), (), 3, 2)   # ?-?-?/2, covered after a look
    >>> round(r.p_at_least(grade(mosel, evaluation_table(mosel)[((1, 2, 3), True)], 2)), 3)
    0.833
    """
    kept_t = tuple(sorted(kept))
    shown_t = tuple(shown)
    if len(kept_t) + len(shown_t) + hidden != 3 or hidden < 1:
        raise InvalidInputError(
            f"a covered result has 3 dice with at least one hidden: {list(kept_t)} kept, "
            f"{list(shown_t)} shown and {hidden} hidden is not"
        )
    if not 1 <= throws < limit <= rules.max_throws:
        raise InvalidInputError(
            f"a player chose to stop only before the round's limit: {throws} throw(s) "
            f"of {limit} (limit 1 to {rules.max_throws})"
        )
    solver = _problem(rules, table, limit, Objective.LOSS).solver  # where the policy stops
    ev = evaluation_table(rules)
    weights: dict[int, float] = defaultdict(float)
    for roll, p in _PROBS[hidden]:
        thrown = tuple(sorted(shown_t + roll))
        if solver.after(kept_t, thrown, throws)[1].stop:
            dice = tuple(sorted(kept_t + thrown))
            weights[grade(rules, ev[(dice, not kept_t)], throws)] += p
    if not weights:
        return Result.covered(rules, kept_t + shown_t, hidden, throws, on_hand=not kept_t)
    return Result.of(weights)
