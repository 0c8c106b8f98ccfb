"""The RL adapters: CFR+ on the reduced round, the size of the next-larger round, env speed.

Prints, for porz with ``max_throws = 1``: OpenSpiel CFR+ seconds, the first mover's
value and the exploitability; for ``max_throws = 2``: the number of terminal
histories of the two-player round (what a CFR iteration walks), counted exactly
per turn; and the Gymnasium and PettingZoo environments' steps per second under
random play. Run: ``python benchmarks/adapters.py [--iterations N]``
(needs the ``rl`` extra).
"""

from __future__ import annotations

import argparse
import copy
import random
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=10)
    args = parser.parse_args()
    from schock.adapters.openspiel import cfr_round_value

    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        start = time.perf_counter()
        value, expl = cfr_round_value(house(tmp, 1), iterations=args.iterations)
        print(
            f"max_throws=1: CFR+ {args.iterations} iterations {time.perf_counter() - start:.1f} s,"
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

    import numpy as np

    from schock.adapters.gymnasium import SchockEnv
    from schock.adapters.pettingzoo import SchockAECEnv

    env = SchockEnv(rules="porz", opponents=["heuristic", "heuristic"], scope="game")
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < 3:
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if done:
            obs, _ = env.reset()
    print(f"gymnasium (porz, 2 heuristic bots): {steps / (time.perf_counter() - start):,.0f} steps/s")

    aec = SchockAECEnv(rules="porz", players=3, scope="game")
    pick = random.Random(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < 3:
        aec.reset(seed=steps)
        for _agent in aec.agent_iter():
            o, _, term, trunc, _ = aec.last()
            aec.step(None if term or trunc else pick.choice(list(o["action_mask"].nonzero()[0])))
            steps += 1
    print(f"pettingzoo (porz, 3 seats): {steps / (time.perf_counter() - start):,.0f} steps/s")


if __name__ == "__main__":
    main()
