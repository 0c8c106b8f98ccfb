"""Bots: one interface (a view in, a legal action out) and a registry by name.

>>> available_bots()
('random', 'heuristic', 'cautious', 'bold', 'beginner', 'casual', 'good', 'optimal', 'equilibrium')
>>> make_bot("beginner", seed=1).name
'beginner'
>>> make_bot("genius")
Traceback (most recent call last):
...
schock.errors.InvalidInputError: unknown bot 'genius' (allowed: random, heuristic, cautious, bold, beginner, casual, good, optimal, equilibrium)

``beginner``, ``casual`` and ``good`` are the optimal bot erring on purpose
(difficulty levels for the front ends); ``cautious`` and ``bold`` are risk
profiles that play for a high result; ``equilibrium`` plays the exact
two-player equilibrium (two seats only); see :mod:`schock.bots.solver_bots`.
"""

from __future__ import annotations

from collections.abc import Callable

from schock.bots.base import Bot, HeuristicBot, RandomBot, play_game
from schock.bots.solver_bots import DIFFICULTIES, EquilibriumBot, OptimalBot, RiskBot
from schock.errors import InvalidInputError


def _difficulty(name: str) -> Callable[[int | None], Bot]:
    t = DIFFICULTIES[name]
    return lambda seed: OptimalBot(temperature=t, seed=seed, label=name)


_REGISTRY: dict[str, Callable[[int | None], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "heuristic": lambda seed: HeuristicBot(),
    "cautious": lambda seed: RiskBot(0.25, label="cautious"),
    "bold": lambda seed: RiskBot(6.0, label="bold"),
    **{name: _difficulty(name) for name in DIFFICULTIES},
    "equilibrium": lambda seed: EquilibriumBot(),
}


def available_bots() -> tuple[str, ...]:
    """The names :func:`make_bot` knows."""
    return tuple(_REGISTRY)


#: Bots that play only a set number of seats.
_SEATS = {"equilibrium": 2}


def check_seats(name: str, seats: int) -> None:
    """Refuse a bot at a table with a number of seats it cannot play.

    >>> check_seats("equilibrium", 3)
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: the equilibrium bot plays two-player games only, got 3 seats (allowed: 2)
    """
    if not plays_seats(name, seats):
        need = _SEATS[name]
        raise InvalidInputError(
            f"the {name} bot plays two-player games only, got {seats} seats (allowed: {need})"
        )


def plays_seats(name: str, seats: int) -> bool:
    """Whether the bot ``name`` can play at a table of ``seats``.

    >>> plays_seats("equilibrium", 2), plays_seats("equilibrium", 3), plays_seats("random", 5)
    (True, False, True)
    """
    need = _SEATS.get(name)
    return need is None or need == seats


def make_bot(name: str, *, seed: int | None = None) -> Bot:
    """A new bot by name; ``seed`` makes bots that draw random numbers repeatable."""
    factory = _REGISTRY.get(name)
    if factory is None:
        raise InvalidInputError(f"unknown bot {name!r} (allowed: {', '.join(_REGISTRY)})")
    return factory(seed)


__all__ = [
    "DIFFICULTIES",
    "Bot",
    "EquilibriumBot",
    "HeuristicBot",
    "OptimalBot",
    "RandomBot",
    "RiskBot",
    "available_bots",
    "check_seats",
    "make_bot",
    "play_game",
    "plays_seats",
]
