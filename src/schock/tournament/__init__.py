"""The tournament manager (issue 9). This file: the table draws' exports."""

from schock.tournament.draws import (
    next_draw,
    plan_draws,
    repeat_count,
    repeat_lower_bound,
    table_sizes,
)

__all__ = [
    "next_draw",
    "plan_draws",
    "repeat_count",
    "repeat_lower_bound",
    "table_sizes",
]

# The tournament manager: formats as data, the domain (players, rounds, results).
from schock.tournament.domain import Refused, Tournament
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

__all__ += [
    "PRESETS",
    "DrawMode",
    "FormatError",
    "Refused",
    "Scoring",
    "SidePrize",
    "TeamScoring",
    "TieBreak",
    "Tournament",
    "TournamentFormat",
    "load_format",
    "loads_format",
]
