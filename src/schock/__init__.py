"""schock: Schocken, the German pub dice game, as a configurable rules engine.

>>> import schock
>>> rules = schock.load_rules("porz")
>>> o = schock.Outcome(dice=(1, 1, 4), throws=2, on_hand=False)
>>> e = schock.evaluate(rules, o)
>>> e.kind, e.deckel
(<Kind.SCHOCK: 'schock'>, 4)

The names below are loaded when first used, so that ``import schock.cli`` (and
``schock --help``) does not pay for the rule model and the ranking.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from schock.errors import (
    IllegalActionError,
    InvalidInputError,
    NotationError,
    RecordError,
    RulesError,
    SchockError,
)

if TYPE_CHECKING:
    from schock.dice import Outcome, format_dice, parse_dice
    from schock.results import Evaluation, Kind, evaluate, rank
    from schock.rules import PRESETS, Rules, load_rules

#: The lazily loaded public names and the module each comes from.
_LAZY = {
    "Outcome": "schock.dice",
    "format_dice": "schock.dice",
    "parse_dice": "schock.dice",
    "Evaluation": "schock.results",
    "Kind": "schock.results",
    "evaluate": "schock.results",
    "rank": "schock.results",
    "PRESETS": "schock.rules",
    "Rules": "schock.rules",
    "load_rules": "schock.rules",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'schock' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


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
