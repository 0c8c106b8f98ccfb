"""The state machine, its events, views, dice sources and game records."""

# ruff: noqa: E402  (the compiled engine is chosen before the game is imported)
from schock.engine import compiled as _compiled

_compiled.select()  # before anything imports the game: a stale compiled build never serves

from schock.engine import events
from schock.engine.actions import (
    Action,
    BlindAction,
    EinkaufenAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    StrafdeckelAction,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
    VoidThrowAction,
    format_action,
    parse_action,
)
from schock.engine.dice_sources import DiceSource, ScriptedDice, SeededDice, TableDice
from schock.engine.game import Automation, Game, HalfKind, Phase, RollOffPurpose
from schock.engine.seat import Seat
from schock.engine.views import TurnView, View

__all__ = [
    "Action",
    "Automation",
    "BlindAction",
    "DiceSource",
    "EinkaufenAction",
    "Game",
    "HalfKind",
    "LiftAction",
    "Phase",
    "RollOffPurpose",
    "ScriptedDice",
    "Seat",
    "SeededDice",
    "SetAsideAction",
    "StopAction",
    "StrafdeckelAction",
    "TableDice",
    "TakeBackAction",
    "ThrowAction",
    "TurnSixesAction",
    "TurnView",
    "View",
    "VoidThrowAction",
    "events",
    "format_action",
    "parse_action",
]
