"""Engine speed: complete games with 3 seats and random legal play, per preset.

Prints games/s and rounds/s per preset and ends with ``rounds_per_s <n>``,
the lowest preset's figure. Run: ``python benchmarks/engine.py [--seconds S] [--cpu]``.
It runs the compiled engine where one is built (``scripts/build_engine.py``) and
says so; ``SCHOCK_PURE=1`` measures the pure-Python one.
``--cpu`` times by the process's CPU time instead of the wall clock: on a
machine shared with other work, the wall clock counts their time too.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from schock import PRESETS, load_rules
from schock.engine import Automation, Game, SeededDice
from schock.engine.compiled import active
from schock.engine.events import RoundStarted


def play(
    rules_id: str,
    seconds: float,
    seed: int,
    automations: tuple[Automation, ...] = (),
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[int, int, float]:
    rules = load_rules(rules_id)
    # a uniform pick among the legal actions; ``int(random() * n)`` instead of
    # ``random.choice`` keeps the player's own cost (not the engine's) small
    pick = random.Random(seed).random
    games = rounds = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for _ in range(20):
            game = Game(
                rules, seats=("A", "B", "C"), dice=SeededDice(seed + games), automations=automations
            )
            apply, legal = game.apply, game.legal_actions
            while not game.over:
                actor = game.actor
                assert actor is not None
                actions = legal()
                apply(actor, actions[int(pick() * len(actions))])
            games += 1
            rounds += sum(1 for e in game.log if type(e) is RoundStarted)
    return games, rounds, clock() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--manual",
        action="store_true",
        help="the player makes every move, forced ones too (no engine automations)",
    )
    parser.add_argument(
        "--cpu", action="store_true", help="time by CPU time of this process, not the wall clock"
    )
    args = parser.parse_args()
    autos = () if args.manual else tuple(Automation)
    clock = time.process_time if args.cpu else time.perf_counter
    print(
        "automations:",
        ", ".join(autos) or "none",
        "| player: uniform over legal_actions() | clock:",
        "cpu" if args.cpu else "wall",
        "| engine:",
        "compiled (mypyc, scripts/build_engine.py)" if active() == "compiled" else "pure Python",
    )
    lowest = float("inf")
    print(f"{'preset':<14}{'games':>8}{'rounds':>9}{'games/s':>10}{'rounds/s':>11}")
    for preset in PRESETS:
        games, rounds, elapsed = play(preset, args.seconds, args.seed, autos, clock)
        rps = rounds / elapsed
        lowest = min(lowest, rps)
        print(f"{preset:<14}{games:>8}{rounds:>9}{games / elapsed:>10.1f}{rps:>11.0f}")
    print(f"rounds_per_s {lowest:.0f}")


if __name__ == "__main__":
    main()
