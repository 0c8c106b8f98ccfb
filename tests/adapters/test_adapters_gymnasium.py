"""The Gymnasium environment against bots."""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from schock import IllegalActionError, InvalidInputError, load_rules
from schock.adapters._core import engine_action
from schock.adapters.gymnasium import ENV_ID, SchockEnv
from schock.bots import make_bot
from schock.engine import Game, ScriptedDice
from schock.engine.events import Thrown
from schock.engine.record import dumps, loads, replay


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rules": "porz", "opponents": ["heuristic"]},
        {"rules": "mosel", "opponents": ["random", "heuristic"], "seat": 1, "scope": "half"},
        {"rules": "ferschweiler", "opponents": ["optimal"], "scope": "game", "starter": None},
    ],
)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_check_env(kwargs: dict[str, object]) -> None:
    check_env(SchockEnv(**kwargs), skip_render_check=True)  # type: ignore[arg-type]


def test_registered() -> None:
    e = gymnasium.make(ENV_ID, rules="porz", opponents=["random"])
    obs, _ = e.reset(seed=0)
    assert obs["action_mask"].shape == (20,)


@pytest.mark.parametrize(
    "make",
    [
        # gymnasium >= 1.0 has no plugin entry points: make() imports the module
        # named before the colon, which registers the id
        'gymnasium.make("schock.adapters.gymnasium:schock/Schock-v0")',
        'gymnasium.make("schock/Schock-v0")',
    ],
)
def test_make_in_a_fresh_process(make: str) -> None:
    first = "" if ":" in make else "import schock.adapters.gymnasium\n"
    script = (
        "import sys, gymnasium\n"
        "assert 'schock.adapters.gymnasium' not in sys.modules\n"
        f"{first}env = {make}\n"
        "obs, info = env.reset(seed=1)\n"
        "print(env.spec.id, len(obs['observation']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["schock/Schock-v0", "54"]


def test_random_playouts_match_the_engine() -> None:
    """The agent's random moves and the bots' moves, replayed on a bare engine game
    with the same dice and freshly seeded bots, give the same log."""
    rng = np.random.default_rng(2)
    e = SchockEnv(rules="niederrhein", opponents=["random", "heuristic"], seat=1, scope="game")
    for seed in range(3):
        obs, _ = e.reset(seed=seed)
        agent_moves: list[int] = []
        done = False
        total = 0.0
        while not done:
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            agent_moves.append(a)
            obs, reward, done, truncated, info = e.step(a)
            total += reward
            assert not truncated and info == {"illegal": False}
        played = e.game
        assert played.over and total == (-1.0 if played.loser == 1 else 0.5)
        dice = [d for ev in played.log if isinstance(ev, Thrown) for d in ev.dice]
        fresh = Game(
            load_rules("niederrhein"), seats=["P0", "P1", "P2"], dice=ScriptedDice(dice), starter=0
        )
        # the bots again, seeded as reset() seeded them
        bots = {s: make_bot(e.opponents[s], seed=e.bot_seeds[s]) for s in (0, 2)}
        moves = iter(agent_moves)
        while not fresh.over:
            seat = fresh.actor
            assert seat is not None
            if seat == 1:
                fresh.apply(seat, engine_action(next(moves)))
            else:
                fresh.apply(seat, bots[seat].act(fresh.view(seat)))
        assert fresh.log == played.log
        assert replay(loads(dumps(played))).log == played.log


def test_illegal_actions() -> None:
    e = SchockEnv(opponents=["heuristic"])
    obs, _ = e.reset(seed=1)
    before = list(e.game.log)
    obs2, reward, done, _, info = e.step(2)  # stop before throwing
    assert (reward, done, info) == (-1.0, False, {"illegal": True})
    assert e.game.log == before and (obs2["observation"] == obs["observation"]).all()
    strict = SchockEnv(opponents=["heuristic"], illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError, match=r"allowed: 0 \(throw\)"):
        strict.step(2)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"opponents": ["genius"]}, "unknown bot 'genius'"),
        ({"opponents": "heuristic"}, "opponents must be a list"),
        ({"opponents": ["random", "random"], "players": 4}, "one bot for all 3"),
        ({"seat": 2}, "seat must be a seat from 0 to 1"),
        ({"illegal_action": "ignore"}, "allowed: 'penalty', 'raise'"),
    ],
)
def test_bad_input(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidInputError, match=match):
        SchockEnv(**kwargs)  # type: ignore[arg-type]


def test_bots_are_the_registry_bots() -> None:
    e = SchockEnv(opponents=["optimal"])
    e.reset(seed=0)
    assert e.bots[1].name == make_bot("optimal").name


def test_render_and_order_of_calls() -> None:
    e = SchockEnv(opponents=["random"], render_mode="ansi")
    with pytest.raises(IllegalActionError, match="reset"):
        e.step(0)
    with pytest.raises(IllegalActionError, match="reset"):
        _ = e.game
    e.reset(seed=0)
    assert "stock=" in (e.render() or "")
    done = False
    while not done:
        _, _, done, _, _ = e.step(int(np.flatnonzero(e.action_masks())[0]))
    with pytest.raises(IllegalActionError, match="episode is over"):
        e.step(0)
    with pytest.raises(InvalidInputError, match="render_mode"):
        SchockEnv(render_mode="human")
