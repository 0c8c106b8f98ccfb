"""Exact odds speed: the time for one full ``odds_table`` per preset, from cold caches.

Run: ``python benchmarks/odds.py [--repeat N]`` (prints the best of N per preset).
"""

from __future__ import annotations

import argparse
import time

from schock import PRESETS, load_rules
from schock.solver import clear_caches, odds_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="runs per preset (best is shown)")
    args = parser.parse_args()
    print(f"{'preset':<14}{'odds_table ms':>14}")
    worst = 0.0
    for preset in PRESETS:
        rules = load_rules(preset)
        best = float("inf")
        for _ in range(args.repeat):
            clear_caches()
            start = time.perf_counter()
            odds_table(rules)
            best = min(best, time.perf_counter() - start)
        worst = max(worst, best)
        print(f"{preset:<14}{1000 * best:>14.1f}")
    print(f"odds_table_ms_max {1000 * worst:.1f}")


if __name__ == "__main__":
    main()
