"""The RL adapters: CFR+ on the reduced round, the size of the next-larger round, env speed.

Prints, for porz with ``max_throws = 1``: OpenSpiel CFR+ seconds, the first mover's
value and the exploitability; for ``max_throws = 2``: the number of terminal
histories of the two-player round (what a CFR iteration walks), counted exactly
per turn; the Gymnasium and PettingZoo environments' steps per second under
random play; and the OpenSpiel game's steps per second (CPU) over whole games,
porz, 3 players, random play through pyspiel, with the process's peak memory as
the steps go on (flat: nothing grows with the steps played).
Run: ``python benchmarks/adapters.py [--iterations N] [--openspiel-steps N]
[--only envs|openspiel]`` (needs the ``rl`` extra).
"""

from __future__ import annotations

import argparse
import copy
import random
import resource
import tempfile
import time
from pathlib import Path

from schock.adapters._core import Driver, outcome_from_id, throw_distribution
from schock.rules import load_rules


def house(tmp: Path, max_throws: int) -> Path:
    path = tmp / f"porz-{max_throws}.toml"
    path.write_text(
        f'extends = "porz"\nid = "porz-{max_throws}"\nname = "porz {max_throws}"\n'
        f"max_throws = {max_throws}\n",
        encoding="utf-8",
    )
    return path


def turn_leaves(d: Driver, seat: int, by_throws: dict[int, int]) -> None:
    """Count the histories of ``seat``'s turn from ``d``, by throws used (a turn ends
    when another seat is to move or the round is over)."""
    if d.over or d.game.actor != seat:
        k = d.game.view(None).turns[seat].throws if d.game.round_order else 0
        by_throws[k] = by_throws.get(k, 0) + 1
        return
    moves = (
        [o for o, _ in throw_distribution(d.pending)] if d.pending is not None else d.legal_ids()
    )
    for m in moves:
        child = copy.deepcopy(d)
        if child.pending is not None:
            child.throw_dice(outcome_from_id(m))
        else:
            child.apply(m)
        turn_leaves(child, seat, by_throws)


def peak_rss_mb() -> float:
    """The process's peak resident memory so far (Linux: ru_maxrss is in KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def openspiel_speed(steps: int, clone: bool = False) -> None:
    """Random whole games of porz, 3 players, through pyspiel's API: CPU steps/s
    (a step: one apply_action, chance or player; with ``clone`` each step makes a
    new state with ``state.child``, as tree walks do) and peak memory along the way."""
    from schock.adapters.openspiel import make_game

    game = make_game("porz", players=3, scope="game")
    pick = random.Random(0)
    marks = {steps * k // 10 for k in range(1, 11)}
    done, games, decisions = 0, 0, 0
    start = time.process_time()
    first_mb = peak_rss_mb()
    rss = []
    while done < steps:
        state = game.new_initial_state()
        games += 1
        while not state.is_terminal() and done < steps:
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                action = pick.choices(ids, probs)[0]
            else:
                action = pick.choice(state.legal_actions())
                decisions += 1
            if clone:
                state = state.child(action)
            else:
                state.apply_action(action)
            done += 1
            if done in marks:
                rss.append(f"{peak_rss_mb():.0f}")
    cpu = time.process_time() - start
    how = "a clone per step" if clone else "in place"
    print(
        f"openspiel python_schock (porz, 3 players, whole games, {how}):"
        f" {done / cpu:,.0f} steps/s CPU"
        f" over {done:,} steps ({games:,} games, {cpu:.1f} s); player moves alone"
        f" (chance nodes in the time): {decisions / cpu:,.0f}/s"
    )
    print(f"  peak RSS MB at start {first_mb:.0f}, at each tenth of the steps: {' '.join(rss)}")


def envs_speed() -> None:
    import numpy as np

    from schock.adapters.gymnasium import SchockEnv
    from schock.adapters.pettingzoo import SchockAECEnv

    env = SchockEnv(rules="porz", opponents=["heuristic", "heuristic"], scope="game")
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < 3:
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if done:
            obs, _ = env.reset()
    rate = steps / (time.process_time() - start)
    print(f"gymnasium (porz, 2 heuristic bots): {rate:,.0f} steps/s CPU")

    aec = SchockAECEnv(rules="porz", players=3, scope="game")
    pick = random.Random(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < 3:
        aec.reset(seed=steps)
        for _agent in aec.agent_iter():
            o, _, term, trunc, _ = aec.last()
            aec.step(None if term or trunc else pick.choice(list(o["action_mask"].nonzero()[0])))
            steps += 1
    rate = steps / (time.process_time() - start)
    print(f"pettingzoo (porz, 3 seats, whole games): {rate:,.0f} steps/s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--openspiel-steps", type=int, default=200_000)
    parser.add_argument("--only", choices=["cfr", "envs", "openspiel"])
    args = parser.parse_args()
    if args.only in (None, "cfr"):
        tree_sizes(args.iterations)
    if args.only in (None, "envs"):
        envs_speed()
    if args.only in (None, "openspiel"):
        openspiel_speed(args.openspiel_steps)
        openspiel_speed(args.openspiel_steps // 5, clone=True)


def tree_sizes(iterations: int) -> None:
    from schock.adapters.openspiel import cfr_round_value

    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        start = time.perf_counter()
        value, expl = cfr_round_value(house(tmp, 1), iterations=iterations)
        print(
            f"max_throws=1: CFR+ {iterations} iterations {time.perf_counter() - start:.1f} s,"
            f" first mover wins {value:.6f}, exploitability {expl:.2e}"
        )
        rules2 = load_rules(house(tmp, 2))
        start = time.perf_counter()
        first: dict[int, int] = {}
        turn_leaves(Driver(rules2, 2, chance=True), 0, first)
        second: dict[int, dict[int, int]] = {}
        for limit in (1, 2):
            # the second player's turn after a first turn of ``limit`` throws
            d = Driver(rules2, 2, chance=True)
            d.throw_dice((1, 2, 4))
            if limit == 2:
                d.apply(0)
                d.throw_dice((1, 2, 4))
            d.apply(2)
            second[limit] = {}
            turn_leaves(d, 1, second[limit])
        total = sum(n * sum(second[k].values()) for k, n in first.items())
        print(
            f"max_throws=2: first turn histories {first}, second turn histories "
            f"{ {k: sum(v.values()) for k, v in second.items()} }, round histories {total:,}"
            f" (counted in {time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
