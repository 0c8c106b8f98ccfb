"""Example game records shipped with schock: one complete game per preset.

The files ``<preset>-game.json`` are written by ``scripts/make_examples.py``
(seeded dice and a simple, deterministic way of playing) and replayed by
``schock replay --example <preset>``.

>>> from schock.engine.record import replay
>>> game = replay(load_example("porz"))
>>> game.over, game.rules.id
(True, 'porz')
>>> load_example("skat")
Traceback (most recent call last):
...
schock.errors.RecordError: unknown example 'skat'; allowed: ferschweiler, porz, mosel, irmgarteich, niederrhein
"""

from __future__ import annotations

from importlib import resources

from schock.engine.record import Record, loads
from schock.errors import RecordError
from schock.messages import Msg
from schock.rules import PRESETS, preset_id

#: The shipped examples: one per preset, in the order of docs/rules.md.
EXAMPLES: tuple[str, ...] = PRESETS


def example_file(preset: str) -> str:
    """The file name of the example for ``preset`` (an id or alias)."""
    pid = preset_id(preset)
    if pid is None or pid not in EXAMPLES:
        allowed = ", ".join(EXAMPLES)
        raise RecordError(Msg("record.unknown_example", {"name": preset, "allowed": allowed}))
    return f"{pid}-game.json"


def example_text(preset: str) -> str:
    """The record text of the example for ``preset``."""
    name = example_file(preset)
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


def load_example(preset: str) -> Record:
    """The example game record for ``preset`` (an id or alias), parsed."""
    return loads(example_text(preset))


__all__ = ["EXAMPLES", "example_file", "example_text", "load_example"]
