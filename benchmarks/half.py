"""The two-player half: how long its values take, and how much an exact best
response gains against the ``optimal`` bot that plays for them.

For each preset: the time to solve the half's values from cold (no disk
cache), the time of the exact best response (:func:`schock.solver.half.best_response`),
the half's starter's chance at equilibrium, and the best response's gain in
points (percentage points of the chance of not losing the half), from the
half's start and at worst over every Deckel situation.

Run: ``python benchmarks/half.py [--preset porz --preset mosel] [--deckel N]``.
"""

from __future__ import annotations

import argparse
import time

from schock import PRESETS, load_rules
from schock.solver import half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", action="append", choices=PRESETS)
    parser.add_argument(
        "--deckel", type=int, default=None, help="Deckel per half (default: the preset's)"
    )
    args = parser.parse_args()
    print(
        f"{'preset':<14}{'values s':>10}{'response s':>12}{'starter':>10}{'gain pts':>10}{'worst pts':>11}"
    )
    for preset in args.preset or ["porz", "mosel"]:
        rules = load_rules(preset)
        if args.deckel is not None:
            rules = rules.replace(deckel=args.deckel)
        start = time.perf_counter()
        table = half.HalfTable(rules, half._solve(rules))
        solved = time.perf_counter() - start
        start = time.perf_counter()
        br = half.best_response(rules, table)
        responded = time.perf_counter() - start
        n = rules.deckel
        at_start = max(br[(n, 0, 0, f)] - table.value(n, 0, 0, first=f) for f in (True, False))
        worst = max(v - table.value(s, r, b, first=f) for (s, r, b, f), v in br.items())
        print(
            f"{preset:<14}{solved:>10.1f}{responded:>12.1f}{table.value(n, 0, 0, first=True):>10.4f}"
            f"{100 * at_start:>10.5f}{100 * worst:>11.5f}"
        )


if __name__ == "__main__":
    main()
