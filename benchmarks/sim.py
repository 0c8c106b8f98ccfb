"""Batch path speed (schock.sim): whole games on one core, per preset.

Three heuristic seats (and, per preset, a mixed table of heuristic, cautious
and bold), numba-compiled, one process. Compilation (or loading the cached
kernel) happens before the clock starts. Prints games/s and rounds/s per
preset and ends with ``sim_rounds_per_s <n>``, the lowest preset's figure
for three heuristic seats. Run: ``python benchmarks/sim.py [--games N]``.
"""

from __future__ import annotations

import argparse
import time

from schock import PRESETS, load_rules
from schock.sim.core import make_spec, run_chunk


def measure(preset: str, bots: list[str], games: int, seed: int) -> tuple[int, float]:
    rules = load_rules(preset)
    spec = make_spec(rules, bots)
    run_chunk(spec, seed, 0, 100)  # compile or load the kernel
    start = time.perf_counter()
    chunk = run_chunk(spec, seed, 1, games)
    return chunk.rounds, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200_000, help="games per preset and table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = {
        "3x heuristic": ["heuristic"] * 3,
        "heuristic+cautious+bold": ["heuristic", "cautious", "bold"],
    }
    print(f"{'preset':<14}{'table':<26}{'games':>9}{'rounds':>10}{'games/s':>11}{'rounds/s':>12}")
    lowest = float("inf")
    for preset in PRESETS:
        for label, bots in tables.items():
            rounds, elapsed = measure(preset, bots, args.games, args.seed)
            rps = rounds / elapsed
            if label == "3x heuristic":
                lowest = min(lowest, rps)
            print(
                f"{preset:<14}{label:<26}{args.games:>9}{rounds:>10}"
                f"{args.games / elapsed:>11.0f}{rps:>12.0f}"
            )
    print(f"sim_rounds_per_s {lowest:.0f}")


if __name__ == "__main__":
    main()
