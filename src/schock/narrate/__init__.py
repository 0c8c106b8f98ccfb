"""A replayed game told round by round: first as data, then as text.

:func:`account` reads a game's event log (:attr:`schock.engine.Game.log`)
and returns plain, JSON-ready data: the halves, their rounds, each round's
turns, showdown and Deckel, and the final state. :func:`render_text` turns
that data into a German (or English) account for people, so ``schock replay``
and ``schock replay --json`` say the same thing.

The data is built in :mod:`schock.narrate.data`, told in
:mod:`schock.narrate.text`, and kept up to date as a game goes on in
:mod:`schock.narrate.live`.

Seats are numbers in the data (``seats`` holds their names); dice are written
``1-1-4``; results carry their label under the game's rules (``Schock 4``,
``Straße 4-5-6``, ``652``).

>>> from schock import load_rules
>>> from schock.engine import Game, ScriptedDice
>>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
...          dice=ScriptedDice([1, 1, 4, 2, 3, 5]))
>>> for call in (g.throw, g.lift, g.stop, g.throw, g.stop):
...     _ = call()
>>> data = account(g)
>>> data["halves"][0]["rounds"][0]["showdown"][0]["label"]
'Schock 4'
>>> print(render_text(data).splitlines()[4])
  Runde 1 · beginnt: Anna · höchstens 1 Wurf
"""

from __future__ import annotations

from schock.narrate.data import LANGS, Account, account
from schock.narrate.live import Chronicle, event_line
from schock.narrate.text import render_text

__all__ = ["LANGS", "Account", "Chronicle", "account", "event_line", "render_text"]
