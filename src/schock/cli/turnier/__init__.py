"""``schock turnier``: the tournament manager on the command line (German first).

Every command works on one database (``--db PATH|URL`` or ``SCHOCK_DB``; by default
``schock.db`` in schock's app directory, the one ``schock serve`` and ``schock abend``
use: :func:`schock.cli.common.default_db`) and one tournament in it (``--turnier
ID``; default: the one made with ``neu`` or read with ``import`` last). Only ``neu``,
``import`` and ``simulieren --save`` make a database that is not there. Every command that changes something is one
transaction. Errors are one line, ``Error: ...``, exit status 2.

Commands have German names with English aliases: ``neu``/``new``,
``spieler``/``player`` (``hinzu``/``add``, ``import``, ``abmelden``/``withdraw``,
``liste``/``list``), ``anwesend``/``checkin``, ``auslosen``/``draw``,
``eintragen``/``enter`` (without a game: an entry loop), ``karte``/``card`` (a
table's whole card from a CSV file), ``rueckgaengig``/``undo``, ``protokoll``/``log``,
``tabelle``/``standings``, ``getraenke``/``ledger``, ``drucken``/``print``,
``export``, ``import``, ``simulieren``/``simulate``.

The commands live by group: :mod:`~schock.cli.turnier.group` (the group, its
options and words), :mod:`~schock.cli.turnier.players` (``neu``, ``spieler``,
``anwesend``), :mod:`~schock.cli.turnier.draw` (``auslosen``),
:mod:`~schock.cli.turnier.results` (``eintragen``, ``karte``, ``rueckgaengig``,
``protokoll``) with :mod:`~schock.cli.turnier.entry` (one game's entry and its
correction) and :mod:`~schock.cli.turnier.loop` (the entry loop),
:mod:`~schock.cli.turnier.output` (``tabelle``, ``getraenke``, ``drucken``,
``web``, ``export``, ``import``) and :mod:`~schock.cli.turnier.simulate`
(``simulieren``). Importing this package adds them all to :data:`turnier`.
"""

from __future__ import annotations

# each module adds its commands to the group
from schock.cli.turnier import draw, output, players, results, simulate
from schock.cli.turnier.group import ALIASES, TurnierGroup, common, tr, turnier
from schock.cli.turnier.output import standings_rows
from schock.cli.turnier.texts import TEXT

__all__ = [
    "ALIASES",
    "TEXT",
    "TurnierGroup",
    "common",
    "draw",
    "output",
    "players",
    "results",
    "simulate",
    "standings_rows",
    "tr",
    "turnier",
]
