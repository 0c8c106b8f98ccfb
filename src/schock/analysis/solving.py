"""The solver's side of an analysis: every choice of a seat valued from its view
(under the round or the two-player half), with the Deckel it may expect.
"""

from __future__ import annotations

import re
from dataclasses import replace

from schock.analysis.ratings import OBJECTIVES, Choice
from schock.bots.solver_bots import _duel
from schock.engine.actions import BlindAction
from schock.engine.record import Record
from schock.engine.views import TurnView, View
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.results import evaluation_table
from schock.solver.half import HalfTable, blind_value
from schock.solver.hints import hints, situation
from schock.solver.turn import _PROBS, Objective, Stakes, _Problem, _problem


def check_objective(record: Record, objective: str) -> None:
    """Raise :class:`~schock.errors.InvalidInputError` when ``objective`` cannot
    value ``record``'s game, saying why (and which rules field)."""
    if objective not in OBJECTIVES:
        raise InvalidInputError(Msg("analyse.objective_unknown", {"objective": objective}))
    if objective == "half":
        if len(record.seats) != 2:
            raise InvalidInputError(Msg("analyse.half_seats", {"n": len(record.seats)}))
        from schock.solver.equilibrium import check_supported

        try:
            check_supported(record.rules)
        except InvalidInputError as exc:
            found = re.search(r"handle (\w+) = .*allowed: (.*)$", str(exc))
            field_, allowed = found.groups() if found else ("?", str(exc))
            raise InvalidInputError(
                Msg("analyse.half_rules", {"field": field_, "allowed": allowed})
            ) from None


def _half_table(record: Record, objective: str) -> HalfTable | None:
    if objective != "half":
        return None
    from schock.solver.equilibrium import equilibrium_half

    return equilibrium_half(record.rules)


def _value_choices(view: View, table: HalfTable | None) -> tuple[str, list[Choice], Stakes | None]:
    """Every choice of the seat to move with its value, best first, and the objective used.

    Expected Deckel are worked out for the best choice only here (the played
    one is filled in by :func:`_with_deckel` when the decision ends).
    """
    stakes = _stakes(view, table)
    me = view.turn_of(view.seat) if view.seat is not None else None
    looked = me is not None and me.looked and me.throws > 0
    objective = Objective.LOSS if stakes is None else Objective.HALF
    found = hints(view, objective=objective, stakes=stakes, metrics=not looked)
    out: list[Choice] = []
    for h in found:
        value = h.value
        if stakes is not None and h.actions == (BlindAction(),):
            # a blind round doubles the Deckel: valued by its own stakes (as the
            # equilibrium does), not by the normal round's
            assert table is not None and view.seat is not None
            other = next(s for s in view.round_order if s != view.seat)
            sit = (view.stock, view.deckel[view.seat], view.deckel[other])
            value = blind_value(view.rules, table.blind_stakes(*sit))
        out.append(Choice(h.kind, h.move, value, h.expected_deckel))
    out = _sorted(out)
    if looked and out:
        out[0] = _with_deckel(view, out[0], stakes)
    return ("round" if stakes is None else "half"), out, stakes


def _stakes(view: View, table: HalfTable | None) -> Stakes | None:
    """What each end of the round is worth to the seat under the half table,
    where it applies (the optimal bot's own reading of a two-player half)."""
    duel = _duel(view, lambda rules: table) if table is not None else None
    if duel is None:
        return None
    half, (stock, mine, other), first = duel
    return half.stakes(stock, mine, other, first=first)


def _problem_of(view: View, stakes: Stakes | None) -> tuple[_Problem, TurnView]:
    """The solver's problem of the seat's turn (as :func:`~schock.solver.hints.hints`
    builds it) and the seat's turn."""
    sit = situation(view)
    objective = Objective.LOSS if stakes is None else Objective.HALF
    return _problem(view.rules, replace(sit.table, stakes=stakes), sit.limit, objective), sit.me


def _start_deckel(view: View, table: HalfTable | None) -> float:
    """Expected Deckel received from the seat's turn, before its first throw,
    under best play for the objective."""
    problem, _ = _problem_of(view, _stakes(view, table))
    solver = problem.solver
    return sum(
        p * solver.follow(problem.received, (), roll, 1, solver.after((), roll, 1)[1])
        for roll, p in _PROBS[3]
    )


def _with_deckel(view: View, choice: Choice, stakes: Stakes | None) -> Choice:
    """``choice`` (after a look at the dice) with its expected Deckel received."""
    if choice.move is None or choice.expected_deckel == choice.expected_deckel:
        return choice  # already known (not NaN)
    problem, me = _problem_of(view, stakes)
    assert me.last_throw is not None
    deckel = problem.solver.follow(problem.received, me.kept, me.last_throw, me.throws, choice.move)
    return replace(choice, expected_deckel=deckel)


def _sorted(choices: list[Choice]) -> list[Choice]:
    return sorted(choices, key=lambda c: -c.value)


def _holding(view: View) -> str | None:
    me = view.turn_of(view.seat) if view.seat is not None else None
    if me is None or me.last_throw is None:
        return None
    dice = tuple(sorted(me.kept + me.last_throw))
    return evaluation_table(view.rules)[(dice, not me.kept)].label()
