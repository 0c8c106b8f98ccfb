"""Schocken as a PettingZoo AEC environment (needs the ``rl`` extra).

>>> from schock.adapters.pettingzoo import SchockAECEnv
>>> env = SchockAECEnv(rules="porz", players=2, scope="round")
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, [int(i) for i in obs["action_mask"].nonzero()[0]]
('player_0', [0])

Agents ``player_0`` ... ``player_{n-1}`` are the seats. Every agent's
observation is a dict: ``observation`` (:func:`schock.adapters._core.observation_vector`
of what that seat may see) and ``action_mask`` (1 for each legal action id of
:mod:`schock.adapters._core`, from the engine's ``legal_actions()``). The dice
come from a seeded source (``reset(seed=...)``); an episode is a round, a half
or a game (``scope``), and at its end the loser gets -1 and every other seat
1/(n-1). ``game`` is the engine game, whose record (``game.actions``) replays
the episode exactly.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

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
from schock.engine import Game
from schock.errors import IllegalActionError, InvalidInputError
from schock.rules import Rules


class SchockAECEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment: one seat acts at a time, with action masks."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "schock_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str | Path = "porz",
        *,
        players: int = 2,
        scope: str = "round",
        starter: int | None = 0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = episode_rules(resolve_rules(rules), scope)
        self.players = check_players(players)
        if starter is not None and (
            not isinstance(starter, int) or isinstance(starter, bool) or not 0 <= starter < players
        ):
            raise InvalidInputError(
                f"starter must be None (the rules' opening) or a seat from 0 to {players - 1}, "
                f"got {starter!r}"
            )
        if render_mode not in (None, "ansi"):
            raise InvalidInputError(f"bad render_mode {render_mode!r}; allowed: None, 'ansi'")
        self.render_mode = render_mode
        self.scope = scope
        self.starter = starter
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        size = observation_size(self.players)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(NUM_ACTIONS)
        self.driver: Driver | None = None

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    @property
    def game(self) -> Game:
        """The engine game of the current episode."""
        if self.driver is None:
            raise IllegalActionError("call reset() first")
        return self.driver.game

    # ------------------------------------------------------------ the AEC protocol
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.driver = Driver(
            self.rules, self.players, scope=self.scope, starter=self.starter, seed=seed
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        d = self.driver
        assert d is not None
        actor = d.actor
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self.possible_agents.index(agent)
        d = self.driver
        assert d is not None
        view = d.game.view(seat)
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if d.actor == seat:
            mask[d.legal_ids()] = 1
        return {
            "observation": np.asarray(observation_vector(view, seat), np.float32),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.driver
        assert d is not None
        if action is None:
            raise IllegalActionError(f"{agent} is to move; None is allowed only after the end")
        d.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if d.over:
            for agent_id, r in zip(self.possible_agents, d.returns(), strict=True):
                self.rewards[agent_id] = r
                self.terminations[agent_id] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.driver is None:
            return None
        return observation_text(self.driver.game.view(None))

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> SchockAECEnv:
    """A new :class:`SchockAECEnv` (the PettingZoo convention)."""
    return SchockAECEnv(**kwargs)
