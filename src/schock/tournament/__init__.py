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
