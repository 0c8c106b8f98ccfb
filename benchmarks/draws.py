"""Table draws: repeat opponents and time for the issue's cases.

Run: ``python benchmarks/draws.py [--seed N] [--time-limit S]``. One line per
case (players/table size/rounds): repeats, the counting lower bound, seconds;
the last line is ``draw_repeats_total <n>``, the sum over the issue's ten cases
(the extra cases below them are not counted). Then the irmgarteich second halves
(issue 25): 15 to 44 players at tables of 3, two halves drawn at once as the
tournament draws them (repeats first, fair rotation of the tables of 4 only where
it costs no repeat), seeds 0 to 2: repeats, the lower bound, the most seats at a
table of 4 any player got, seconds; ``second_half_repeats_total <n>`` sums them.
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
    (13, 3, 4, "loose"),
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
    for i, (n, k, r, *how) in enumerate(CASES):
        start = time.perf_counter()
        draws = plan_draws(
            n, k, r, seed=args.seed, time_limit=args.time_limit, fair_rotation=not how
        )
        seconds = time.perf_counter() - start
        sizes = table_sizes(n, k)
        assert all(sorted(len(t) for t in rd) == sorted(sizes) for rd in draws)
        assert all(sorted(p for t in rd for p in t) == list(range(n)) for rd in draws)
        repeats = repeat_count(draws)
        if i < ISSUE_CASES:
            total += repeats
        mark = "" if i < ISSUE_CASES else "  (extra)"
        if how:
            mark += " fair_rotation=False"
        print(f"{n}/{k}/{r:<5}{repeats:>8}{repeat_lower_bound(n, k, r):>7}{seconds:>9.2f}{mark}")
    print(f"draw_repeats_total {total}")
    second_halves(args.time_limit)


def second_halves(time_limit: float) -> None:
    """The irmgarteich second-half draws, as ``Tournament.draw`` makes them."""
    from schock.tournament.domain import DRAW_TIME_LIMIT

    limit = min(time_limit, DRAW_TIME_LIMIT)
    print(f"{'players':<9}{'seed':>5}{'repeats':>8}{'bound':>7}{'odd max':>8}{'seconds':>9}")
    total = 0
    for n in range(15, 45):
        for seed in range(3):
            start = time.perf_counter()
            halves = plan_draws(n, 3, 2, seed=seed, time_limit=limit, fair_rotation=False)
            seconds = time.perf_counter() - start
            repeats = repeat_count(halves)
            total += repeats
            odd: dict[int, int] = {}
            for rnd in halves:
                for t in rnd:
                    if len(t) != 3:
                        for p in t:
                            odd[p] = odd.get(p, 0) + 1
            print(f"{n:<9}{seed:>5}{repeats:>8}{repeat_lower_bound(n, 3, 2):>7}"
                  f"{max(odd.values(), default=0):>8}{seconds:>9.2f}", flush=True)
    print(f"second_half_repeats_total {total}")


if __name__ == "__main__":
    main()
