"""The Stammtisch evening (standard library only): groups, evenings, games, ledger, statistics.

See :mod:`schock.evening.domain`, :mod:`schock.evening.entries`,
:mod:`schock.evening.ledger` and ``docs/evening.md``.
"""

from schock.evening.domain import Stammtisch
from schock.evening.entries import (
    DuplicateEntry,
    Evening,
    GameEntry,
    MemberStats,
    Payment,
    Settings,
    money,
)
from schock.evening.imports import RecordedGame, game_from_record

__all__ = [
    "DuplicateEntry",
    "Evening",
    "GameEntry",
    "MemberStats",
    "Payment",
    "RecordedGame",
    "Settings",
    "Stammtisch",
    "game_from_record",
    "money",
]
