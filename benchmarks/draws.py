"""Table draws: repeat opponents and time for the issue's cases.

Run: ``python benchmarks/draws.py [--seed N] [--time-limit S]``. One line per
case (players/table size/rounds): repeats, the counting lower bound, seconds;
the last line is ``draw_repeats_total <n>``.
"""

from __future__ import annotations

import argparse
import time

from schock.tournament import plan_draws, repeat_count, repeat_lower_bound, table_sizes

CASES = [
    (30, 3, 2),
    (24, 4, 4),
    (40, 4, 4),
    (48, 6, 3),
    (12, 3, 4),
    (18, 3, 7),
    (21, 3, 8),
    (15, 3, 7),
    (32, 4, 8),
    (32, 4, 10),
    # beyond the issue's list: uneven tables and cases with forced repeats
    (13, 3, 4),
    (60, 4, 6),
    (18, 3, 8),
    (16, 4, 5),
    (12, 3, 6),
]
ISSUE_CASES = 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=10.0)
    args = parser.parse_args()
    print(f"{'case':<10}{'repeats':>8}{'bound':>7}{'seconds':>9}")
    total = 0
    for i, (n, k, r) in enumerate(CASES):
        start = time.perf_counter()
        draws = plan_draws(n, k, r, seed=args.seed, time_limit=args.time_limit)
        seconds = time.perf_counter() - start
        sizes = table_sizes(n, k)
        assert all(sorted(len(t) for t in rd) == sorted(sizes) for rd in draws)
        assert all(sorted(p for t in rd for p in t) == list(range(n)) for rd in draws)
        repeats = repeat_count(draws)
        if i < ISSUE_CASES:
            total += repeats
        mark = "" if i < ISSUE_CASES else "  (extra)"
        print(f"{n}/{k}/{r:<5}{repeats:>8}{repeat_lower_bound(n, k, r):>7}{seconds:>9.2f}{mark}")
    print(f"draw_repeats_total {total}")


if __name__ == "__main__":
    main()
