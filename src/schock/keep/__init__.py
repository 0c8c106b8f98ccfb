"""Scorekeeping a game at a real table: the engine checks every entry.

The dice are real (:class:`~schock.engine.TableDice`); the scorekeeper types
what the table does, one **entry** at a time:

* a :class:`Result` as it is revealed: the three faces, the number of throws,
  auf die Hand or composed (which dice were kept on the table before the last
  throw, how many of the kept 1s were made by Sechsen drehen), blind;
* or, when the table wants every throw checked, the engine's own actions one
  by one (``throw 1-1-4``, ``lift``, ``aside 1-1``, ``stop`` ... as in a record);
* roll-off dice and Einkaufen answers (engine actions as well);
* a Strafdeckel (a die or cup fell off the table) and a void throw
  (Türmchen, Kippe) where the rules have them.

**From a revealed result to engine actions** (:func:`result_actions`). A
revealed result does not show the dice that were thrown and picked up again,
so the keeper writes for them the placeholder faces :data:`FILLER` (2, 4, 5:
no 1, no 6, so they never make a Schock or a Sechsen drehen). What the rules
need to tell results apart is asked for and checked: the throw count (the
round's limit), auf die Hand or composed (Straße and General need the hand in
most presets; under ``set_aside = "ones"`` only 1s can be kept), the 1s made
by turning sixes (they need two 6s in one throw and a throw left), blind. A
kept die is set aside after the first throw; where it was kept later the
result, its worth and its legality are the same.

Every entry is checked by rebuilding the game from all entries (an entry the
rules forbid raises :class:`~schock.errors.IllegalActionError` naming the
rule, in German and English, and changes nothing). Undo drops the last entry
and rebuilds. The finished game's record (:mod:`schock.engine.record`) is the
proof; ``schock replay`` tells it.

>>> from schock import load_rules
>>> k = Scorekeeper(load_rules("porz"), ["Anna", "Ben"], starter=0)
>>> k.result(0, (1, 1, 4), throws=2, kept=(1, 1))
>>> k.game.throw_limit
2
>>> k.result(1, (4, 5, 6), throws=3)
Traceback (most recent call last):
...
schock.errors.IllegalActionError: Ben may throw at most 2 times: the round's first player set the limit at 2 (rule: docs/rules.md, A turn 1: the round's throw limit)
>>> k.result(1, (4, 5, 6), throws=2, kept=(5,))
Traceback (most recent call last):
...
schock.errors.IllegalActionError: may set aside only 1s under porz, not [5] (rule: docs/rules.md, A turn 2: setting dice aside; rules field: set_aside)
>>> k.result(1, (4, 5, 6), throws=2)
>>> k.game.deckel, k.game.stock
((0, 4), 9)
>>> k.undo()[0], k.game.stock
(1, 13)
"""

from __future__ import annotations

from schock.keep.entries import (
    RESULT_WORDS,
    STEP_FORMS,
    STEP_VERBS,
    STEP_WORDS,
    Entry,
    Result,
    entry_words,
    format_entry,
    parse_entry,
    parse_result,
    parse_step,
    result_actions,
)
from schock.keep.scorekeeper import (
    Expecting,
    Scorekeeper,
    from_json,
    loads_keep,
)
from schock.keep.words import _MESSAGES as _MESSAGES  # the catalog, for its tests
from schock.keep.words import (
    FILLER,
    FORMAT,
    MAX_ENTRIES,
    R_BLIND,
    R_COMPOSED,
    R_LADEN,
    R_LIMIT,
    R_OPENING,
    R_SIXES,
    VERSION,
    KeepMsg,
    refusal,
)

__all__ = [
    "FILLER",
    "FORMAT",
    "MAX_ENTRIES",
    "RESULT_WORDS",
    "R_BLIND",
    "R_COMPOSED",
    "R_LADEN",
    "R_LIMIT",
    "R_OPENING",
    "R_SIXES",
    "STEP_FORMS",
    "STEP_VERBS",
    "STEP_WORDS",
    "VERSION",
    "Entry",
    "Expecting",
    "KeepMsg",
    "Result",
    "Scorekeeper",
    "entry_words",
    "format_entry",
    "from_json",
    "loads_keep",
    "parse_entry",
    "parse_result",
    "parse_step",
    "refusal",
    "result_actions",
]
