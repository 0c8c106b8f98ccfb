"""Schocken as a single-agent Gymnasium environment against schock bots (``rl`` extra).

>>> from schock.adapters.gymnasium import SchockEnv
>>> env = SchockEnv(rules="porz", opponents=["heuristic"], scope="round")
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), [int(i) for i in obs["action_mask"].nonzero()[0]]
(['action_mask', 'observation'], [0])

The agent plays seat ``seat`` (default 0); every other seat is a bot of the
registry (:func:`schock.bots.make_bot`), named in ``opponents`` in seat order
(one name for all of them is enough). Observations are a dict: ``observation``
(what the agent's seat may see, :func:`schock.adapters._core.observation_vector`)
and ``action_mask`` (the legal action ids, from the engine's ``legal_actions()``;
also :meth:`SchockEnv.action_masks`). Actions are the ids of
:mod:`schock.adapters._core`. The reward is 0 until the end of the episode (a
round, a half or a game: ``scope``), then -1 if the agent lost it, else
1/(n-1). An illegal action changes nothing: with ``illegal_action="penalty"``
(the default) it earns ``illegal_penalty`` and ``info["illegal"]`` is True;
with ``"raise"`` it raises :class:`schock.IllegalActionError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from schock.adapters._core import (
    NUM_ACTIONS,
    Driver,
    check_players,
    episode_rules,
    observation_size,
    observation_text,
    observation_vector,
    resolve_rules,
)
from schock.bots import Bot, available_bots, make_bot
from schock.engine import Game
from schock.errors import IllegalActionError, InvalidInputError
from schock.rules import Rules

Obs = dict[str, np.ndarray[Any, Any]]


class SchockEnv(gymnasium.Env[Obs, np.int64]):
    """One seat for the agent, bots in the others."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - as gymnasium.Env declares it

    def __init__(
        self,
        rules: Rules | str | Path = "porz",
        *,
        opponents: Sequence[str] = ("heuristic",),
        players: int | None = None,
        seat: int = 0,
        scope: str = "round",
        starter: int | None = 0,
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.rules = episode_rules(resolve_rules(rules), scope)
        if isinstance(opponents, str) or not isinstance(opponents, Sequence) or not opponents:
            raise InvalidInputError(
                f"opponents must be a list of bot names, got {opponents!r}; "
                f"allowed names: {', '.join(available_bots())}"
            )
        for name in opponents:
            if name not in available_bots():
                raise InvalidInputError(
                    f"unknown bot {name!r} (allowed: {', '.join(available_bots())})"
                )
        n = check_players(players if players is not None else len(opponents) + 1)
        if len(opponents) not in (1, n - 1):
            raise InvalidInputError(
                f"opponents: name one bot for all {n - 1} other seats or one per seat, "
                f"got {len(opponents)}"
            )
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise InvalidInputError(f"seat must be a seat from 0 to {n - 1}, got {seat!r}")
        if starter is not None and (
            not isinstance(starter, int) or isinstance(starter, bool) or not 0 <= starter < n
        ):
            raise InvalidInputError(
                f"starter must be None (the rules' opening) or a seat from 0 to {n - 1}, "
                f"got {starter!r}"
            )
        if illegal_action not in ("penalty", "raise"):
            raise InvalidInputError(
                f"bad illegal_action {illegal_action!r}; allowed: 'penalty', 'raise'"
            )
        if render_mode not in (None, "ansi"):
            raise InvalidInputError(f"bad render_mode {render_mode!r}; allowed: None, 'ansi'")
        self.players = n
        self.seat = seat
        self.scope = scope
        self.starter = starter
        others = [s for s in range(n) if s != seat]
        names = list(opponents) * (n - 1) if len(opponents) == 1 else list(opponents)
        self.opponents = dict(zip(others, names, strict=True))
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space: spaces.Space[Obs] = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0.0, 1.0, (observation_size(n),), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.driver: Driver | None = None
        self.bots: dict[int, Bot] = {}
        self.bot_seeds: dict[int, int] = {}
        """Each bot's seed in this episode (drawn from the seed of reset())."""

    @property
    def game(self) -> Game:
        """The engine game of the current episode."""
        if self.driver is None:
            raise IllegalActionError("call reset() first")
        return self.driver.game

    def action_masks(self) -> np.ndarray[Any, Any]:
        """1 for each legal action id of the agent (for maskable algorithms)."""
        d = self.driver
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if d is not None and d.actor == self.seat:
            mask[d.legal_ids()] = 1
        return mask

    def _obs(self) -> Obs:
        d = self.driver
        assert d is not None
        vec = observation_vector(d.game.view(self.seat), self.seat)
        return {"observation": np.asarray(vec, np.float32), "action_mask": self.action_masks()}

    def _bots_move(self) -> None:
        d = self.driver
        assert d is not None
        while not d.over and d.actor != self.seat:
            actor = d.actor
            assert actor is not None
            d.apply_engine(self.bots[actor].act(d.game.view(actor)))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        self.driver = Driver(
            self.rules,
            self.players,
            scope=self.scope,
            starter=self.starter,
            seed=int(rng.integers(2**62)),
        )
        self.bot_seeds = {s: int(rng.integers(2**62)) for s in self.opponents}
        self.bots = {
            s: make_bot(name, seed=self.bot_seeds[s]) for s, name in self.opponents.items()
        }
        self._bots_move()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        d = self.driver
        if d is None:
            raise IllegalActionError("call reset() first")
        if d.over:
            raise IllegalActionError("the episode is over; call reset()")
        aid = int(action)
        if aid not in d.legal_ids():
            if self.illegal_action == "raise":
                d.apply(aid)  # raises, naming the legal ids
            return self._obs(), self.illegal_penalty, False, False, {"illegal": True}
        d.apply(aid)
        self._bots_move()
        reward = d.returns()[self.seat] if d.over else 0.0
        return self._obs(), reward, d.over, False, {"illegal": False}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.driver is None:
            return None
        return observation_text(self.driver.game.view(None))


ENV_ID = "schock/Schock-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="schock.adapters.gymnasium:SchockEnv")
