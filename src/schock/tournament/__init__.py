"""The tournament manager: formats as data, players, rounds, results, standings."""

from schock.tournament.format import (
    PRESETS,
    DrawMode,
    FormatError,
    Scoring,
    SidePrize,
    TeamScoring,
    TieBreak,
    TournamentFormat,
    load_format,
    loads_format,
)

__all__ = [
    "PRESETS",
    "DrawMode",
    "FormatError",
    "Scoring",
    "SidePrize",
    "TeamScoring",
    "TieBreak",
    "TournamentFormat",
    "load_format",
    "loads_format",
]
