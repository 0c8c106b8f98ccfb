"""The PettingZoo AEC environment."""

from __future__ import annotations

import random

import pytest
from pettingzoo.test import api_test

from schock import IllegalActionError, InvalidInputError, load_rules
from schock.adapters._core import engine_action
from schock.adapters.pettingzoo import SchockAECEnv, env
from schock.engine import Game, ScriptedDice
from schock.engine.events import RolledOff, Thrown
from schock.engine.record import dumps, loads, replay


@pytest.mark.parametrize(
    ("rules", "players", "scope", "starter"),
    [("porz", 2, "round", 0), ("mosel", 3, "half", None), ("niederrhein", 2, "game", None)],
)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test(rules: str, players: int, scope: str, starter: int | None) -> None:
    api_test(env(rules=rules, players=players, scope=scope, starter=starter), num_cycles=200)


def test_random_playouts_match_the_engine() -> None:
    """The moves of a random playout, on a bare engine game with the same dice,
    give the same log; the engine's record replays it."""
    rng = random.Random(3)
    e = SchockAECEnv(rules="irmgarteich", players=3, scope="game", starter=None)
    for seed in range(3):
        e.reset(seed=seed)
        moves: list[tuple[int, int]] = []
        for agent in e.agent_iter():
            obs, _reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            ids = [int(i) for i in obs["action_mask"].nonzero()[0]]
            a = rng.choice(ids)
            moves.append((int(agent.split("_")[1]), a))
            e.step(a)
        played = e.game
        assert played.over
        dice = [
            d
            for ev in played.log
            for d in (
                ev.dice
                if isinstance(ev, Thrown)
                else (ev.die,)
                if isinstance(ev, RolledOff)
                else ()
            )
        ]
        fresh = Game(load_rules("irmgarteich"), seats=["P0", "P1", "P2"], dice=ScriptedDice(dice))
        for seat, a in moves:
            fresh.apply(seat, engine_action(a))
        assert fresh.log == played.log
        assert replay(loads(dumps(played))).log == played.log


def test_rewards_at_the_end() -> None:
    e = SchockAECEnv(rules="porz", players=3, scope="round")
    e.reset(seed=4)
    while not all(e.terminations.values()):
        obs, *_ = e.last()
        e.step(int(obs["action_mask"].nonzero()[0][-1]))
    loser = e.driver.loser if e.driver else None
    assert loser is not None
    assert e._cumulative_rewards[f"player_{loser}"] == -1.0
    assert sorted(e._cumulative_rewards.values()) == [-1.0, 0.5, 0.5]


def test_bad_input() -> None:
    with pytest.raises(InvalidInputError, match="players must be a whole number from 2 to 12"):
        SchockAECEnv(players=13)
    with pytest.raises(InvalidInputError, match="starter must be None"):
        SchockAECEnv(starter=2)
    e = SchockAECEnv()
    e.reset(seed=0)
    before = list(e.game.log)
    with pytest.raises(IllegalActionError, match="allowed: 0"):
        e.step(2)
    assert e.game.log == before


def test_render_and_order_of_calls() -> None:
    e = SchockAECEnv(render_mode="ansi")
    with pytest.raises(IllegalActionError, match="reset"):
        _ = e.game
    assert e.render() is None
    e.reset(seed=0)
    assert "stock=" in (e.render() or "")
    with pytest.raises(IllegalActionError, match="None is allowed only after the end"):
        e.step(None)
    with pytest.raises(InvalidInputError, match="render_mode"):
        SchockAECEnv(render_mode="human")
