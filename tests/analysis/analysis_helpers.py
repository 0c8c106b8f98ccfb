"""Shared game records of the analysis tests."""

from __future__ import annotations

from schock.engine import Game, ScriptedDice
from schock.engine.actions import parse_action
from schock.rules import load_rules

DUEL_ACTIONS = (
    *(f"0 {t}" for t in ["throw", "lift", "aside 1", "throw", "aside 1", "throw", "stop"]),
    "1 throw",
    "1 stop",
)


def porz_duel() -> Game:
    """The issue's porz duel: Anna stands on Schock 6 after 3 throws (her last
    die covered), Ben throws 1-1-2 with his first throw and stops."""
    g = Game(
        load_rules("porz"),
        seats=["Anna", "Ben"],
        starter=0,
        dice=ScriptedDice([1, 3, 5, 1, 4, 6, 1, 1, 2]),
    )
    for text in DUEL_ACTIONS:
        g.apply(*parse_action(text))
    return g
