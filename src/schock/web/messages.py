"""The one place where a seat's :class:`~schock.engine.views.View` becomes a message.

Every path that sends game state to a client goes through :func:`state_message`,
so the leak test (no die a seat may not see) guards all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from schock.engine.actions import format_action
from schock.engine.game import Game
from schock.messages import value_label
from schock.narrate import account, render_text
from schock.rules import Rules
from schock.rules.model import field_label


def legal_verbs(seat: int, legal: Sequence[Any]) -> list[str]:
    """The legal actions in record notation without the seat (``"aside 1"``)."""
    return [format_action(seat, a).split(" ", 1)[1] for a in legal]


def state_message(
    game: Game,
    seat: int | None,
    *,
    table: dict[str, Any],
    log: list[str],
    live: bool = True,
) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) is sent after every change; ``live`` False
    (not started, paused, ended) offers no legal actions."""
    view = game.view(seat)
    data = view.to_dict()
    return {
        "type": "state",
        "n": len(game.actions),
        "seat": seat,
        "table": table,
        "view": data,
        "legal": legal_verbs(seat, view.legal) if seat is not None and live else [],
        "log": log,
    }


def log_lines(game: Game, lang: str) -> list[str]:
    """The game told by :mod:`schock.narrate`; a round under way shows only its head."""
    data = account(game)
    for half in data["halves"]:
        for r in half["rounds"]:
            if r["showdown"] is None:
                r["turns"] = []  # cups not yet revealed are not told
    lines = render_text(data, lang).rstrip("\n").split("\n")
    body = [line.strip() for line in lines[2:] if line.strip()]
    if not game.over:
        # the closing summary is told only at the end
        cut = len(lines) - 1 - lines[::-1].index("") if "" in lines else len(lines)
        body = [line.strip() for line in lines[2:cut] if line.strip()]
    return body


def rules_rows(rules: Rules, lang: str) -> list[list[str]]:
    """This table's rules as (label, value) rows."""
    rows = []
    for name, value in rules.to_dict().items():
        try:
            label = field_label(name, lang)
        except KeyError:
            label = name
        rows.append([label, value_label(name, value, lang)])  # values in words (issue 14)
    return rows
