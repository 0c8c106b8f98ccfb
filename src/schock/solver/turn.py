"""The exact turn solver: what to keep, whether to turn sixes, when to stop.

A turn is a small game against the dice (docs/rules.md, "A turn"). After every
throw the player may stop, or choose which dice stay on the table for the
next throw (and turn sixes first, where the rules allow it). The solver
takes the expectation over every outcome of every later throw and picks the
choice with the best value. Nothing is sampled; a position is solved in a
few milliseconds.

What a result is worth depends on the round around the turn, a
:class:`Table`:

* the results of the players **before** this one. Each is a
  :class:`Result` distribution: one result where the table saw it, or, for
  a result still under its cup, every way its hidden dice may lie (each
  hidden die uniform, as thrown; but where the player looked and chose to
  stop, only the ways he would have stopped on under the reference model,
  :func:`stopped_result`);
* how many players come **after** this one. In a round of two, the second
  player answers exactly what he sees: a shown result with the best chance
  to beat it (:func:`answer_to_shown`), a result still under its cup with
  the best chance against every way it may lie (:func:`answer_to_covered`).
  So both turns of a two-player round are solved exactly for the chance
  not to lose. With more players, each later player is modelled as an
  equally strong player who plays, within the round's throw limit, to beat
  one covered result of a player as strong as himself (the fixed point of
  that model, :func:`reference`). The round's first player sets that limit
  by the number of throws he uses, so for him the worth of a result
  depends on how many throws he took;
* the Deckel situation (Stock, the seat's own Deckel, blind).

There are four objectives (:class:`Objective`): the chance of **not being
the round's loser**; the expected number of Deckel **received**; the
expected **net** change of one's own Deckel (received minus given away from
one's own pile, which happens only once the Stock is empty); and, in a
two-player round, the chance of not losing the **half** from the Deckel
situation the round leaves (:class:`Stakes`, solved in
:mod:`schock.solver.half`).

This module gathers the solver's names from the three modules that hold
them: the state space (:mod:`schock.solver.turn_state`: turn states and
their notation, moves, results, tables), the values
(:mod:`schock.solver.turn_values`: the expectimax solver, the players
after you, the Deckel at stake) and the choices at a table
(:mod:`schock.solver.turn_policy`: :func:`solve`). Hints from a seat's
view are :mod:`schock.solver.hints`.

>>> from schock import load_rules
>>> porz = load_rules("porz")
>>> state = parse_state("1-6-6 1/3")            # first throw 1-6-6, limit 3
>>> best = solve(porz, state, Table(before=(Result.known(porz, "1-1-4/2"),)))
>>> best[0].move.describe("en")
'turn sixes (6-6 → 1), keep 1-1, throw 1 die'
>>> round(best[0].value, 9)  # Schock 5, 6 or Aus in either of two throws
0.75
"""

from __future__ import annotations

from schock.solver.turn_policy import (
    Choice,
    solve,
    stopped_result,
)
from schock.solver.turn_policy import (
    _no_utility as _no_utility,
)
from schock.solver.turn_policy import (
    _Problem as _Problem,
)
from schock.solver.turn_policy import (
    _problem as _problem,
)
from schock.solver.turn_state import (
    _DIE_TOKENS as _DIE_TOKENS,
)
from schock.solver.turn_state import (
    _PROBS as _PROBS,
)
from schock.solver.turn_state import (
    _STOP as _STOP,
)
from schock.solver.turn_state import (
    Dice,
    Move,
    Objective,
    Result,
    Stakes,
    Table,
    TurnState,
    check_state,
    format_state,
    grade,
    parse_state,
    round_limit,
    strengths,
)
from schock.solver.turn_state import (
    _by_throws as _by_throws,
)
from schock.solver.turn_state import (
    _options as _options,
)
from schock.solver.turn_state import (
    _strength as _strength,
)
from schock.solver.turn_state import (
    _throws_of as _throws_of,
)
from schock.solver.turn_values import (
    REFERENCE_ROUNDS,
    Metrics,
    Terminal,
    TurnSolver,
    Utility,
    answer_to_covered,
    answer_to_shown,
    exploitability,
    reference,
    second_utility,
    second_value,
)
from schock.solver.turn_values import (
    _Amounts as _Amounts,
)
from schock.solver.turn_values import (
    _amounts as _amounts,
)
from schock.solver.turn_values import (
    _grades_of as _grades_of,
)
from schock.solver.turn_values import (
    _lift_utility as _lift_utility,
)
from schock.solver.turn_values import (
    _metrics as _metrics,
)
from schock.solver.turn_values import (
    _strength_index as _strength_index,
)
from schock.solver.turn_values import (
    _strength_positions as _strength_positions,
)

__all__ = [
    "REFERENCE_ROUNDS",
    "Choice",
    "Dice",
    "Metrics",
    "Move",
    "Objective",
    "Result",
    "Stakes",
    "Table",
    "Terminal",
    "TurnSolver",
    "TurnState",
    "Utility",
    "answer_to_covered",
    "answer_to_shown",
    "check_state",
    "exploitability",
    "format_state",
    "grade",
    "parse_state",
    "reference",
    "round_limit",
    "second_utility",
    "second_value",
    "solve",
    "stopped_result",
    "strengths",
]
