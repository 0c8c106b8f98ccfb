"""Bots: one interface (a view in, a legal action out) and a registry by name.

>>> sorted(available_bots())[:2]
['heuristic', 'random']
>>> make_bot("heuristic").name
'heuristic'
>>> make_bot("genius")
Traceback (most recent call last):
...
schock.errors.InvalidInputError: unknown bot 'genius' (allowed: heuristic, random)
"""

from __future__ import annotations

from collections.abc import Callable

from schock.bots.base import Bot, HeuristicBot, RandomBot, play_game
from schock.errors import InvalidInputError

_REGISTRY: dict[str, Callable[[int | None], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "heuristic": lambda seed: HeuristicBot(),
}


def available_bots() -> tuple[str, ...]:
    """The names :func:`make_bot` knows."""
    return tuple(_REGISTRY)


def make_bot(name: str, *, seed: int | None = None) -> Bot:
    """A new bot by name; ``seed`` makes bots that draw random numbers repeatable."""
    factory = _REGISTRY.get(name)
    if factory is None:
        raise InvalidInputError(
            f"unknown bot {name!r} (allowed: {', '.join(sorted(_REGISTRY))})"
        )
    return factory(seed)


__all__ = ["Bot", "HeuristicBot", "RandomBot", "available_bots", "make_bot", "play_game"]
