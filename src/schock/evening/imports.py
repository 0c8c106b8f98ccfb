"""Reading a finished game from a game record: loser, half losers, Schock Aus.

The record (``schock.records`` JSON, as ``schock play``, the browser app and
the scorekeeper write it) is replayed with the engine; only a game that has
ended counts. Standard library only.

>>> from importlib.resources import files
>>> text = (files("schock.examples") / "porz-game.json").read_text()
>>> r = game_from_record(text)
>>> r.loser in r.players
True
"""

from __future__ import annotations

from dataclasses import dataclass

from schock.engine import events as ev
from schock.engine.record import loads, replay
from schock.errors import InvalidInputError
from schock.messages import Msg

MAX_RECORD = 2_000_000


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """What the evening needs from a finished game."""

    players: tuple[str, ...]
    loser: str
    half_losers: tuple[str, ...]
    schock_aus: tuple[str, ...]  # per Schock Aus that gave all Deckel: who received them
    preset: str


def game_from_record(text: str) -> RecordedGame:
    """The players, loser, half losers and Schock Aus of the finished game in ``text``."""
    if not isinstance(text, str) or len(text) > MAX_RECORD:
        raise InvalidInputError(Msg("abend.record_text", {"max": MAX_RECORD}))
    record = loads(text)
    game = replay(record)
    if not game.over:
        raise InvalidInputError(Msg("abend.record_open"))
    names = tuple(s.name for s in game.seats)
    loser: str | None = None
    halves: list[str] = []
    aus: list[str] = []
    for e in game.log:
        if isinstance(e, ev.GameLost):
            loser = names[e.seat]
        elif isinstance(e, ev.HalfLost):
            halves.append(names[e.seat])
        elif isinstance(e, ev.DeckelGiven) and e.all_deckel:
            aus.append(names[e.loser])
    if loser is None:
        raise InvalidInputError(Msg("abend.record_no_loser"))
    return RecordedGame(names, loser, tuple(halves), tuple(aus), record.rules.id)
