"""Hints from a seat's view: "what should I keep?", with the odds of every choice.

:func:`hints` reads only what the seat may see (a
:class:`~schock.engine.View`), builds the round around the turn (results
before it, known or under their cups; players after it; the Deckel
situation) and asks the exact solver (:mod:`schock.solver.turn`). Every
:class:`Hint` carries the engine actions that carry it out from where the
seat stands, so front ends and bots apply them one by one.

>>> from schock import load_rules
>>> from schock.engine import Game, ScriptedDice
>>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
...          dice=ScriptedDice([1, 6, 6]))
>>> _ = g.throw(); _ = g.lift()
>>> best = hints(g.view(0))[0]
>>> best.describe("en"), [type(a).__name__ for a in best.actions]
('turn sixes (6-6 → 1), keep 1-1, throw 1 die', ['TurnSixesAction', 'SetAsideAction', 'ThrowAction'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from schock.engine.actions import (
    Action,
    BlindAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
)
from schock.engine.views import TurnView, View
from schock.errors import InvalidInputError
from schock.rules.model import SetAside
from schock.solver.turn_policy import _Problem, _problem, stopped_result
from schock.solver.turn_state import _PROBS, Move, Objective, Result, Stakes, Table, TurnState

_LABELS = {
    "lift": ("Becher heben", "lift the cup"),
    "blind": ("blind ansagen", "declare blind"),
    "zu": ("zu lassen (stehen, ohne zu schauen)", "stand without looking (zu)"),
    "rethrow": ("ungesehen neu werfen", "throw again without looking"),
    "throw": ("werfen", "throw"),
    "stop": ("stehen lassen", "stop"),
}


@dataclass(frozen=True, slots=True)
class Hint:
    """One choice of the seat to move, best first in :func:`hints`."""

    kind: str
    """``move`` (after a look at the dice), or ``throw``, ``lift``, ``blind``, ``zu``, ``rethrow``, ``stop``."""
    move: Move | None
    value: float
    """The objective's value (``loss``: the chance not to lose the round)."""
    p_not_lose: float
    expected_deckel: float
    """Expected Deckel received in this round."""
    actions: tuple[Action, ...]
    """The engine actions that carry out this choice from the current view."""

    def describe(self, lang: str = "de") -> str:
        if self.move is not None:
            return self.move.describe(lang)
        de, en = _LABELS[self.kind]
        return en if lang == "en" else de


@dataclass(frozen=True, slots=True)
class Situation:
    """The seat's turn as the solver needs it."""

    me: TurnView
    first: bool
    table: Table
    limit: int | None


def situation(view: View) -> Situation:
    """Read the round around the seat's turn from its view."""
    if view.phase != "turn" or not view.my_turn or view.seat is None:
        raise InvalidInputError(
            "nothing to decide: hints are for the seat whose turn it is "
            f"(view of seat {view.seat}, phase {view.phase}, actor {view.actor})"
        )
    rules = view.rules
    seat = view.seat
    order = view.round_order
    pos = order.index(seat)
    before: list[Result] = []
    limit = view.throw_limit
    for i, s in enumerate(order[:pos]):
        tv = view.turn_of(s)
        assert tv is not None and tv.done
        if tv.result is not None:
            before.append(Result.known(rules, tv.result))
            continue
        shown = tv.aside + (tv.cup or ())
        if i > 0 and tv.looked and tv.hidden and limit is not None and tv.throws < limit:
            # he saw his throw and chose to stand on it: condition on that choice
            extra = list((Counter(shown) - Counter(tv.kept)).elements())
            seen = Table(before=tuple(before), after=len(order) - i - 1)
            before.append(stopped_result(rules, seen, limit, tv.kept, extra, tv.hidden, tv.throws))
        else:
            before.append(Result.covered(rules, shown, tv.hidden, tv.throws, on_hand=not tv.kept))
    # the other players' Deckel matter where the Deckel come from the winner's own pile
    # (the Stock is empty) or a Schock Aus leaves its thrower his own
    mine_only = not rules.schock_aus_keeps and view.stock > 0
    piles = () if mine_only else tuple(view.deckel[s] for s in order if s != seat)
    table = Table(
        before=tuple(before),
        after=len(order) - pos - 1,
        stock=view.stock,
        mine=view.deckel[seat],
        blind=view.blind,
        piles=piles,
    )
    me = view.turn_of(seat)
    assert me is not None
    return Situation(me, pos == 0, table, None if pos == 0 else view.throw_limit)


def hints(
    view: View,
    *,
    objective: Objective | str = Objective.LOSS,
    metrics: bool = True,
    stakes: Stakes | None = None,
) -> list[Hint]:
    """Every choice of the seat to move with its exact worth, best first.

    ``stakes`` (with the ``half`` objective, two players) say what each end
    of the round is worth (see :mod:`schock.solver.half`).

    With ``metrics`` False the chance not to lose and the expected Deckel
    of each choice are left out (NaN), which is much faster (bots).
    Raises :class:`~schock.errors.InvalidInputError` when the view's seat has
    nothing to decide (not its turn, or not in a turn).
    """
    obj = Objective.parse(objective)
    sit = situation(view)
    if stakes is not None:
        sit = replace(sit, table=replace(sit.table, stakes=stakes))
    rules = view.rules
    me = sit.me
    problem = _problem(rules, sit.table, sit.limit, obj)
    out: list[Hint] = []
    if me.throws == 0:
        return [_unseen("throw", ThrowAction(), problem, 1, metrics)]
    if not me.looked:
        legal = set(view.legal)
        if LiftAction() in legal:
            out.append(_unseen("lift", LiftAction(), problem, 1, metrics))
        if StopAction() in legal:
            kind = "zu" if sit.first else "stop"
            out.append(_blindly(kind, problem, me.throws, StopAction(), metrics))
        if BlindAction() in legal:
            blind = _problem(rules, replace(sit.table, blind=True), 1, obj)
            out.append(_blindly("blind", blind, 1, BlindAction(), metrics))
        if sit.first and ThrowAction() in legal:
            out.append(_unseen("rethrow", ThrowAction(), problem, 2, metrics))
        out.sort(key=lambda h: -h.value)
        return out
    assert me.last_throw is not None
    state = TurnState(me.kept, me.last_throw, me.throws, sit.limit)
    any_ = rules.set_aside is SetAside.ANY
    for choice in problem.choices(state, metrics=metrics):
        actions = plan_actions(me, choice.move, any_)
        if actions is None:
            continue  # out of reach from here (e.g. the sixes were turned otherwise)
        out.append(
            Hint(
                "move",
                choice.move,
                choice.value,
                choice.p_not_lose,
                choice.expected_deckel,
                actions,
            )
        )
    return out


def _unseen(kind: str, action: Action, problem: _Problem, used: int, metrics: bool) -> Hint:
    """A throw not yet seen (the next one, or the one under the cup) as throw
    number ``used``: the best play over every way it may fall."""
    solver = problem.solver
    value = p_nl = deckel = 0.0
    for roll, p in _PROBS[3]:
        v, move = solver.after((), roll, used)
        value += p * v
        if metrics:
            p_nl += p * solver.follow(problem.p_not_lose, (), roll, used, move)
            deckel += p * solver.follow(problem.received, (), roll, used, move)
    nan = float("nan")
    return Hint(kind, None, value, p_nl if metrics else nan, deckel if metrics else nan, (action,))


def _blindly(kind: str, problem: _Problem, throws: int, action: Action, metrics: bool) -> Hint:
    """Standing on a throw nobody has seen: its worth over every way it may lie."""
    value = p_nl = deckel = 0.0
    half = problem.objective is Objective.HALF
    for roll, p in _PROBS[3]:
        covered = problem.rules.last_throw_covered
        m = problem.metrics((), roll, throws, full=True, covered=covered)
        if half:
            value += p * problem.half_value((), roll, throws, covered=covered)
        else:
            value += p * m.value(problem.objective)
        p_nl += p * m.p_not_lose
        deckel += p * m.received
    nan = float("nan")
    return Hint(kind, None, value, p_nl if metrics else nan, deckel if metrics else nan, (action,))


def plan_actions(me: TurnView, move: Move, any_: bool) -> tuple[Action, ...] | None:
    """The engine actions that turn the seat's current dice into ``move``,
    or None when that is no longer possible from here."""
    if move.stop:
        return None if me.must_throw else (StopAction(),)
    actions: list[Action] = []
    aside = Counter(me.aside)
    cup = Counter(me.settable)  # what may still be set aside (not a die taken back)
    if move.turn and not me.turned_now:
        actions.append(TurnSixesAction(move.turn))
        # the turn takes every 6 of this throw, set aside or not: the turned ones
        # become 1s on the table, the rest go back into the cup
        aside[6] = min(aside[6], Counter(me.kept)[6])
        aside[1] += move.turn
        cup[6] = 0  # every 6 of the throw is turned or goes back into the cup
    elif me.turned_now:
        cup[6] = 0  # the leftover 6s of the turned throw must be thrown again
    keep = Counter(move.keep)
    back = aside - keep
    add = keep - aside
    for v in sorted(back.elements()):
        actions.append(TakeBackAction((v,)))
    for v in sorted(add.elements()):
        if cup[v] <= 0 or (not any_ and v != 1):
            return None
        cup[v] -= 1
        actions.append(SetAsideAction((v,)))
    actions.append(ThrowAction())
    return tuple(actions)
