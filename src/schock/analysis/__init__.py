"""Analyse a game: every decision of every seat rated by the exact solver.

:func:`analyse` replays a game record and, at every decision a seat made,
asks the solver what each choice was worth *from that seat's view* (a
:class:`~schock.engine.View`: dice under other cups stay unknown, results
before it are conditioned on the table exactly as :mod:`schock.solver.hints`
does for hints). A decision is everything a seat does between two looks at
its dice: after a throw, which dice to set aside or take back, whether to
turn sixes, and whether to stand or throw again; before lifting the cup
(the round's first player), lift, stand covered (zu), declare blind or throw
again unseen; and Einkaufen.

Values are chances in [0, 1]:

* objective ``round`` (the default): the chance not to lose the round, for
  the seat playing on optimally and the players after it answering as the
  solver's reference player;
* objective ``half`` (two-player games): the chance not to lose the half,
  and so the game, under the exact equilibrium of two-player Schocken
  (:func:`schock.solver.equilibrium.equilibrium_half`). Where the half
  table does not apply (the opening round), the decision is rated under
  ``round`` and says so in its ``objective``.

The loss of a decision is the value of the best choice minus the value of
the choice played; its mark (:data:`MARKS`): ``ok`` below 0.02, ``ungenau``
below 0.08, ``fehler`` below 0.20, ``patzer`` from 0.20. Decisions with one
legal choice are forced and not rated. Einkaufen is listed but not rated:
neither objective values buying into a round (not buying in is never a
loss of the round, and the half tables know no Einkaufen).

>>> from schock import load_rules
>>> from schock.engine.actions import parse_action
>>> from schock.engine import Game, ScriptedDice
>>> from schock.engine.record import dumps, loads
>>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
...          dice=ScriptedDice([1, 3, 5, 1, 4, 6, 1, 1, 2]))
>>> for seat, move in [(0, "throw"), (0, "lift"), (0, "aside 1"), (0, "throw"),
...                    (0, "aside 1"), (0, "throw"), (0, "stop"), (1, "throw"), (1, "stop")]:
...     _ = g.apply(seat, parse_action(f"{seat} {move}")[1])
>>> a = analyse(loads(dumps(g)))
>>> last = a.decisions[-1]
>>> last.name, last.mark, last.played.describe("en"), last.best.describe("en")
('Ben', 'patzer', 'stop', 'keep 1-1, throw 1 die')
>>> round(last.loss, 2) >= 0.44
True

The package by concern: :mod:`.ratings` (the records: marks, choices,
decisions, players), :mod:`.solving` (the solver's values of a seat's
choices), :mod:`.replay` (a record replayed decision by decision:
:func:`analyse`) and :mod:`.text` (the analysis in words).
"""

from __future__ import annotations

from schock.analysis.ratings import (
    MARKS,
    OBJECTIVES,
    Analysis,
    Choice,
    Decision,
    PlayerSummary,
    mark,
)
from schock.analysis.replay import analyse, seat_of
from schock.analysis.solving import check_objective
from schock.analysis.text import decision_text, holding_text, mark_label, number, percent

__all__ = [
    "MARKS",
    "OBJECTIVES",
    "Analysis",
    "Choice",
    "Decision",
    "PlayerSummary",
    "analyse",
    "check_objective",
    "decision_text",
    "holding_text",
    "mark",
    "mark_label",
    "number",
    "percent",
    "seat_of",
]
