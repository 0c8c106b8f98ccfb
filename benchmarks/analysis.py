"""Speed of ``schock analyse``: whole 3-player games rated by the exact solver.

For each shipped example game (3 players, every preset) and for games of
heuristic and random bots, prints the decisions rated and the seconds the
analysis took (CPU time of this process: the machine is shared, so wall
time is printed for the whole run only); the first game of each preset
starts cold (no turn solver cached yet). The issue's target: a whole
3-player game in under 2 s. Run: ``python benchmarks/analysis.py [--games N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from schock.analysis import analyse
from schock.bots import HeuristicBot, RandomBot, play_game
from schock.engine import Game, SeededDice
from schock.engine.record import Record, dumps, loads
from schock.examples import EXAMPLES, load_example
from schock.rules import load_rules


def timed(record: Record) -> tuple[float, int]:
    """CPU seconds of one analysis (the machine is shared: wall time is printed
    at the end, for the whole run) and the decisions rated."""
    start = time.process_time()
    a = analyse(record)
    return time.process_time() - start, len(a.rated())


def bot_game(preset: str, seed: int) -> Record:
    g = Game(load_rules(preset), seats=["A", "B", "C"], dice=SeededDice(seed))
    play_game(g, [HeuristicBot(), RandomBot(seed), HeuristicBot()])
    return loads(dumps(g))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="bot games per preset")
    args = parser.parse_args()
    worst = 0.0
    wall = time.perf_counter()
    cpu = time.process_time()
    print("game                      decisions  CPU seconds")
    for preset in EXAMPLES:
        secs, n = timed(load_example(preset))
        worst = max(worst, secs)
        print(f"example {preset:<17} {n:>9}  {secs:7.2f}")
    for preset in EXAMPLES:
        times = []
        counts = []
        for seed in range(args.games):
            secs, n = timed(bot_game(preset, seed))
            times.append(secs)
            counts.append(n)
        worst = max(worst, *times)
        print(
            f"bots {preset:<20} {statistics.mean(counts):>9.0f}  {statistics.mean(times):7.2f}"
            f"  (max {max(times):.2f})"
        )
    print(f"slowest whole 3-player game: {worst:.2f} CPU s (target: under 2 s)")
    print(
        f"whole run: {time.process_time() - cpu:.1f} CPU s, {time.perf_counter() - wall:.1f} s wall"
    )


if __name__ == "__main__":
    main()
