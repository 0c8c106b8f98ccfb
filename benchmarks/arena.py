"""Arena memory and speed: the parent's peak RSS after runs of growing length.

Plays ``heuristic`` against ``random`` under porz for each number of games
given, without keeping the per-game records (as ``schock arena`` does), and
prints games, seconds, games/s and the parent process's peak RSS in MB.
Memory should stay flat as the games grow.
Run: ``python benchmarks/arena.py [--jobs J] [GAMES ...]`` (default 500 2000 8000).
"""

from __future__ import annotations

import argparse
import resource
import time

from schock.arena import run_arena


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="*", default=[500, 2000, 8000])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    for games in args.games:
        start = time.perf_counter()
        result = run_arena(
            "porz", ["heuristic", "random"], games=games, seed=1, jobs=args.jobs, keep_records=False
        )
        elapsed = time.perf_counter() - start
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"games {result.games:>8}  {elapsed:7.1f} s  {result.games / elapsed:7.0f} games/s  "
            f"peak RSS {peak_mb:6.1f} MB"
        )


if __name__ == "__main__":
    main()
