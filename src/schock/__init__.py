"""schock: Schocken, the German pub dice game, as a configurable rules engine.

>>> import schock
>>> rules = schock.load_rules("porz")
>>> o = schock.Outcome(dice=(1, 1, 4), throws=2, on_hand=False)
>>> e = schock.evaluate(rules, o)
>>> e.kind, e.deckel
(<Kind.SCHOCK: 'schock'>, 4)
"""

from schock.dice import Outcome, format_dice, parse_dice
from schock.errors import (
    IllegalActionError,
    InvalidInputError,
    NotationError,
    RecordError,
    RulesError,
    SchockError,
)
from schock.results import Evaluation, Kind, evaluate, rank
from schock.rules import PRESETS, Rules, load_rules

__all__ = [
    "PRESETS",
    "Evaluation",
    "IllegalActionError",
    "InvalidInputError",
    "Kind",
    "NotationError",
    "Outcome",
    "RecordError",
    "Rules",
    "RulesError",
    "SchockError",
    "evaluate",
    "format_dice",
    "load_rules",
    "parse_dice",
    "rank",
]

__version__ = "0.1.0"
