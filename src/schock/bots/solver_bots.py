"""Bots that think with the exact turn solver.

* :class:`OptimalBot` plays every turn exactly optimally for its objective:
  by default (``half``) the chance of not losing the half, and so the game,
  from the Deckel situation. In a two-player round that is exact: the values
  of every Deckel situation of the half are solved once per rule set
  (:mod:`schock.solver.half`) and each turn is played for them, the second
  player answering what he sees. With more players it falls back to the
  expected net change of its own Deckel under the reference model (which
  weighs what the Stock still holds, what it holds itself, blind). As the round's first player it sets the throw limit the
  same way: the worth of its result depends on how many throws it used,
  since everybody after it gets no more. With a ``temperature`` above 0 it
  errs on purpose, believably: it picks a worse choice the more often the
  closer that choice is to the best (a softmax over the values), so a
  beginner misplays close calls and rarely throws away a Schock.
* :class:`RiskBot` ignores the table and plays for a high result, with a
  risk profile: it maximizes the expected ``percentile ** gamma`` of its
  result among the results of a typical player. ``gamma`` below 1 is
  cautious (it stands on decent results), above 1 bold (it throws for the
  top).

>>> from schock import load_rules
>>> from schock.engine import Game, SeededDice, Automation
>>> from schock.bots import HeuristicBot, play_game
>>> g = Game(load_rules("porz"), seats=["A", "B"], dice=SeededDice(3),
...          automations=set(Automation))
>>> play_game(g, [OptimalBot(), RiskBot(gamma=0.5)]) in (0, 1)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from schock.bots.base import _need_turn
from schock.engine.actions import (
    Action,
    BlindAction,
    EinkaufenAction,
    LiftAction,
    StopAction,
    ThrowAction,
)
from schock.engine.views import View
from schock.errors import InvalidInputError
from schock.results import evaluation_table
from schock.rules.model import Rules, SetAside
from schock.solver.equilibrium import equilibrium_half
from schock.solver.half import HalfTable, duel_half
from schock.solver.hints import Hint, hints, plan_actions, situation
from schock.solver.turn import Objective, TurnSolver, grade, reference


class _Planner:
    """Carries out a chosen hint action by action (bots move one action at a time)."""

    def __init__(self) -> None:
        self._pending: list[Action] = []

    def next(self, view: View) -> Action | None:
        """The next pending action if it is still legal here."""
        while self._pending:
            a = self._pending.pop(0)
            if a in view.legal:
                return a
            self._pending.clear()
        return None

    def start(self, actions: tuple[Action, ...]) -> Action:
        self._pending = list(actions[1:])
        return actions[0]


def _simple(view: View) -> Action | None:
    """Moves no solver is needed for: a single legal move, Einkaufen (declined)."""
    legal = _need_turn(view)
    if len(legal) == 1:
        return legal[0]
    if view.phase != "turn":
        if EinkaufenAction(False) in legal:
            return EinkaufenAction(False)
        return legal[0]
    return None


#: Difficulty levels of :class:`OptimalBot` for front ends (softmax temperatures).
DIFFICULTIES: dict[str, float] = {
    "beginner": 3.0,
    "casual": 1.0,
    "good": 0.3,
    "optimal": 0.0,
}


class _SolverBot:
    """What the solver bots share: simple moves, then a plan carried out action by action."""

    _label: str

    def __init__(self) -> None:
        self._plan = _Planner()

    @property
    def name(self) -> str:
        return self._label

    def act(self, view: View) -> Action:
        simple = _simple(view)
        if simple is not None:
            return simple
        pending = self._plan.next(view)
        if pending is not None:
            return pending
        return self._plan.start(self._choose(view))

    def _choose(self, view: View) -> tuple[Action, ...]:
        raise NotImplementedError


class OptimalBot(_SolverBot):
    """Exactly optimal turns for ``objective``; see the module docs.

    ``temperature`` (in units of the objective's value per typical choice,
    scaled per objective) makes it err on purpose; ``seed`` fixes its errors.
    """

    def __init__(
        self,
        objective: Objective | str = Objective.HALF,
        *,
        temperature: float = 0.0,
        seed: int | None = None,
        label: str | None = None,
    ) -> None:
        super().__init__()
        self.objective = Objective.parse(objective)
        if not temperature >= 0:
            raise InvalidInputError(f"temperature must be 0 or more, got {temperature!r}")
        self.temperature = temperature
        self._rng = random.Random(seed)
        self._label = label or ("optimal" if temperature == 0 else f"optimal~{temperature:g}")

    def _choose(self, view: View) -> tuple[Action, ...]:
        objective = self.objective
        duel = _duel(view, self._half_table) if objective is Objective.HALF else None
        if duel is None:
            if objective is Objective.HALF:
                objective = Objective.NET
            return self._pick(hints(view, objective=objective, metrics=False), objective).actions
        # a two-player half: play for its values. Blind is declared by comparing the
        # round with the doubled Deckel of a blind round (one throw each, nothing more
        # to decide in it), not by the normal round's stakes
        table, sit, first = duel
        if BlindAction() in view.legal and table.plays_blind(*sit):
            return (BlindAction(),)
        stakes = table.stakes(*sit, first=first)
        choices = [
            h
            for h in hints(view, objective=objective, metrics=False, stakes=stakes)
            if h.actions != (BlindAction(),)
        ]
        return self._pick(choices, objective).actions

    def _half_table(self, rules: Rules) -> HalfTable:
        """The values of a two-player half this bot plays for."""
        return duel_half(rules)

    def _pick(self, choices: list[Hint], objective: Objective | None = None) -> Hint:
        objective = self.objective if objective is None else objective
        if self.temperature == 0 or len(choices) == 1:
            return choices[0]
        # the objective's values: a chance (0..1) or Deckel (about 0..4 in a round);
        # a round moves the half's chance by far less than the round's own
        if objective is Objective.HALF:
            t = HALF_SCALE * self.temperature + HALF_FLOOR
        else:
            scale = 1.0 if objective is Objective.LOSS else 3.0
            t = self.temperature * 0.1 * scale
        best = choices[0].value
        weights = [math.exp((c.value - best) / t) for c in choices]
        return self._rng.choices(choices, weights=weights)[0]


#: The softmax temperature of the ``half`` objective is ``HALF_SCALE * temperature +
#: HALF_FLOOR`` (chances of the half): calibrated so that the difficulty levels lose
#: against ``heuristic`` about as often as documented (``benchmarks/levels.py``).
HALF_SCALE = 0.04
HALF_FLOOR = 0.008


def _duel(
    view: View, half_table: Callable[[Rules], HalfTable]
) -> tuple[HalfTable, tuple[int, int, int], bool] | None:
    """The half table, the Deckel situation (Stock, the seat's, the other's) and
    whether the seat starts, for a two-player round of a half; None when the
    round has more players, is an opening round, or Deckel lie elsewhere."""
    if len(view.round_order) != 2 or view.opening_round or view.seat is None:
        return None
    seat = view.seat
    other = next(s for s in view.round_order if s != seat)
    if view.stock + view.deckel[seat] + view.deckel[other] != view.rules.deckel:
        return None  # Deckel elsewhere (not a two-player half)
    first = view.round_order[0] == seat
    return half_table(view.rules), (view.stock, view.deckel[seat], view.deckel[other]), first


class EquilibriumBot(OptimalBot):
    """The exact equilibrium of two-player Schocken (:mod:`schock.solver.equilibrium`):
    every turn played for the equilibrium values of the half, blind declared
    where the equilibrium does. It plays two-player games only (refuses more
    seats with a clear error) and cannot be beaten on average.
    """

    def __init__(self) -> None:
        super().__init__(label="equilibrium")

    def act(self, view: View) -> Action:
        _need_turn(view)
        if len(view.names) != 2:
            raise InvalidInputError(
                f"the equilibrium bot plays two-player games only, this table has "
                f"{len(view.names)} seats (allowed: 2)"
            )
        return super().act(view)

    def _half_table(self, rules: Rules) -> HalfTable:
        return equilibrium_half(rules)


class RiskBot(_SolverBot):
    """Plays for a high result with a risk profile (``gamma``); see the module docs."""

    def __init__(self, gamma: float = 1.0, *, label: str | None = None) -> None:
        super().__init__()
        if not gamma > 0:
            raise InvalidInputError(f"gamma must be above 0, got {gamma!r}")
        self.gamma = gamma
        self._label = label or f"risk~{gamma:g}"
        self._solvers: dict[tuple[object, int], TurnSolver] = {}

    def _solver(self, view: View, cap: int) -> TurnSolver:
        rules = view.rules
        key = (rules, cap)
        s = self._solvers.get(key)
        if s is None:
            table = evaluation_table(rules)
            typical = reference(rules, cap)
            gamma = self.gamma

            def utility(dice: tuple[int, ...], hand: bool, used: int) -> float:
                g = grade(rules, table[(dice, hand)], used)
                pct = typical.p_at_most(g - 1) + 0.5 * (
                    typical.p_at_most(g) - typical.p_at_most(g - 1)
                )
                return float(pct**gamma)

            s = self._solvers[key] = TurnSolver(rules, cap, utility)
        return s

    def _choose(self, view: View) -> tuple[Action, ...]:
        sit = situation(view)
        me = sit.me
        cap = view.rules.max_throws if sit.limit is None else sit.limit
        if me.throws == 0:
            return (ThrowAction(),)
        if not me.looked:
            return (LiftAction() if LiftAction() in view.legal else StopAction(),)
        assert me.last_throw is not None
        solver = self._solver(view, cap)
        any_ = view.rules.set_aside is SetAside.ANY
        for move, _ in solver.choices(me.kept, me.last_throw, me.throws):
            actions = plan_actions(me, move, any_)
            if actions is not None:
                return actions
        raise AssertionError("no reachable choice")  # pragma: no cover


__all__ = ["DIFFICULTIES", "EquilibriumBot", "OptimalBot", "RiskBot"]
