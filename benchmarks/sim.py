"""Batch path speed (schock.sim): whole games on one core, per preset and per policy.

Part 1, per preset: three heuristic seats and a mixed table of heuristic,
cautious and bold, numba-compiled, one process. Compilation (or loading the
cached kernel) happens before the clock starts.

Part 2, per policy (porz and irmgarteich, two seats where a duel bot plays):
the batch path beside the reference engine playing the same bots
(:func:`schock.sim.reference.engine_games`). For the batch path, "cold s" is
the set-up and first chunk with no duel slot solved yet (the duel bots' policy
slots are solved as games first need them; the kernel compiled already), the
figures per second are of a second chunk with those slots in place; the
engine is timed after a few warm-up games (its solver caches filled). Prints games/s and rounds/s and ends with ``sim_rounds_per_s <n>``,
the lowest preset's figure for three heuristic seats.

Run: ``python benchmarks/sim.py [--games N] [--engine-games M] [--skip-presets]``.
"""

from __future__ import annotations

import argparse
import time

from schock import PRESETS, load_rules
from schock.sim.chunks import _DUELS, make_spec, run_chunk
from schock.sim.reference import engine_games


def measure(preset: str, bots: list[str], games: int, seed: int) -> tuple[int, float, float]:
    """(rounds, seconds) of a warm chunk, and the seconds of the cold one before it."""
    rules = load_rules(preset)
    _DUELS.clear()  # cold: no duel slot solved yet in this process
    start = time.perf_counter()
    spec = make_spec(rules, bots)
    run_chunk(spec, seed, 0, games)  # compile or load the kernel, solve the slots needed
    cold = time.perf_counter() - start
    start = time.perf_counter()
    chunk = run_chunk(spec, seed, 1, games)
    return chunk.rounds, time.perf_counter() - start, cold


def measure_engine(preset: str, bots: list[str], games: int, seed: int) -> tuple[int, float]:
    engine_games(preset, bots, games=max(3, games // 10), seed=seed + 1)  # warm-up
    start = time.perf_counter()
    r = engine_games(preset, bots, games=games, seed=seed)
    return r.rounds, time.perf_counter() - start


POLICIES: dict[str, list[str]] = {
    "3x heuristic": ["heuristic"] * 3,
    "heuristic+cautious+bold": ["heuristic", "cautious", "bold"],
    "2x heuristic": ["heuristic"] * 2,
    "optimal+heuristic": ["optimal", "heuristic"],
    "2x optimal": ["optimal"] * 2,
    "equilibrium+heuristic": ["equilibrium", "heuristic"],
    "2x equilibrium": ["equilibrium"] * 2,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200_000, help="batch games per measurement")
    parser.add_argument("--engine-games", type=int, default=200, help="engine games per policy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-presets", action="store_true", help="only the policy table")
    args = parser.parse_args()
    lowest = float("inf")
    if not args.skip_presets:
        print(f"{'preset':<14}{'table':<26}{'games':>9}{'rounds':>10}{'games/s':>11}{'rounds/s':>12}")
        for preset in PRESETS:
            for label in ("3x heuristic", "heuristic+cautious+bold"):
                rounds, elapsed, _cold = measure(preset, POLICIES[label], args.games, args.seed)
                rps = rounds / elapsed
                if label == "3x heuristic":
                    lowest = min(lowest, rps)
                print(
                    f"{preset:<14}{label:<26}{args.games:>9}{rounds:>10}"
                    f"{args.games / elapsed:>11.0f}{rps:>12.0f}"
                )
        print()
    print(
        f"{'preset':<13}{'policy':<24}{'batch games/s':>14}{'rounds/s':>11}{'cold s':>8}"
        f"{'engine games/s':>16}{'rounds/s':>10}{'ratio':>9}"
    )
    for preset in ("porz", "irmgarteich"):
        for label, bots in POLICIES.items():
            rounds, elapsed, cold = measure(preset, bots, args.games, args.seed)
            e_rounds, e_elapsed = measure_engine(preset, bots, args.engine_games, args.seed)
            brps, erps = rounds / elapsed, e_rounds / e_elapsed
            print(
                f"{preset:<13}{label:<24}{args.games / elapsed:>14.0f}{brps:>11.0f}{cold:>8.1f}"
                f"{args.engine_games / e_elapsed:>16.1f}{erps:>10.0f}{brps / erps:>9.0f}"
            )
    if lowest < float("inf"):
        print(f"sim_rounds_per_s {lowest:.0f}")


if __name__ == "__main__":
    main()
