"""Shared helpers of the terminal game tests: plain text of widgets, keys for actions."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.widgets import Static

from schock.bots import HeuristicBot
from schock.engine import (
    Action,
    BlindAction,
    EinkaufenAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
)
from schock.tui.session import Session, slots

_KEYS: dict[Action, str] = {
    ThrowAction(): "space",
    LiftAction(): "a",
    StopAction(): "s",
    BlindAction(): "b",
    TurnSixesAction(1): "d",
    TurnSixesAction(2): "D",
    EinkaufenAction(True): "j",
    EinkaufenAction(False): "n",
}


def plain(renderable: Any, width: int = 120) -> str:
    """A Rich renderable as plain text."""
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def widget_text(app: Any, selector: str, width: int = 120) -> str:
    """The plain text of a Static on the game screen."""
    return plain(app.game_screen.query_one(selector, Static).content, width)


def key_for(session: Session, action: Action) -> str:
    """The key a player presses for ``action`` now."""
    if action in _KEYS:
        return _KEYS[action]
    actor = session.game.actor
    assert actor is not None
    turn = session.game.view(actor).turn_of(actor)
    assert turn is not None
    aside = isinstance(action, TakeBackAction)
    assert isinstance(action, SetAsideAction | TakeBackAction)
    for i, slot in enumerate(slots(turn), start=1):
        if slot.value == action.dice[0] and slot.aside == aside:
            return str(i)
    raise AssertionError(f"no key for {action!r} in {turn!r}")


def next_key(session: Session) -> str:
    """What a human who plays like the heuristic bot presses next."""
    actor = session.game.actor
    assert actor is not None
    action = HeuristicBot().act(session.game.view(actor))
    return key_for(session, action)
