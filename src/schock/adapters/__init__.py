"""Adapters for reinforcement learning and game-theory libraries (the ``rl`` extra).

* :mod:`schock.adapters.openspiel`: a registered pyspiel game (``python_schock``),
  explicit chance nodes for the dice, CFR+ on the reduced round;
* :mod:`schock.adapters.pettingzoo`: a PettingZoo AEC environment with action masks;
* :mod:`schock.adapters.gymnasium`: a single-agent Gymnasium environment against bots.

All three use the engine's ``legal_actions()`` and the one action-id mapping of
:mod:`schock.adapters._core` (documented in ``docs/adapters.md``). Install with
``pip install 'schock[rl]'``; this package itself imports none of those libraries.
"""

from schock.adapters._core import (
    ACTION_NAMES,
    NUM_ACTIONS,
    SCOPES,
    action_id,
    engine_action,
    observation_size,
)

__all__ = [
    "ACTION_NAMES",
    "NUM_ACTIONS",
    "SCOPES",
    "action_id",
    "engine_action",
    "observation_size",
]
