"""Turn solver speed: the full policy table (the best move in every state after
a throw) for one preset and one target, from cold caches.

Targets:

* ``schock_aus``: the chance of 1-1-1 (a plain expectimax, cap = max throws);
* ``round_first``: not losing the round as its first player against two
  players after him (the solver's table model, which includes computing the
  later players' reference results, also from cold);
* ``round_last``: not losing as the last of three players against two
  covered results (``1-?-?/3``, and ``?-?-?/2`` that the middle seat chose
  to stop on, conditioned on that choice: :func:`stopped_result`).

Run: ``python benchmarks/solver.py [--repeat N]`` (prints the best of N runs).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from schock import PRESETS, load_rules
from schock.rules import Rules
from schock.solver.turn import (
    Objective,
    Result,
    Table,
    TurnSolver,
    _problem,
    reference,
    stopped_result,
)


def schock_aus(rules: Rules) -> int:
    solver = TurnSolver(rules, rules.max_throws, lambda d, h, u: float(d == (1, 1, 1)))
    return len(solver.policy())


def round_first(rules: Rules) -> int:
    return len(_problem(rules, Table(after=2), None, Objective.LOSS).solver.policy())


def round_last(rules: Rules) -> int:
    first = Result.parse(rules, "1-?-?/3")
    middle = stopped_result(rules, Table(before=(first,), after=1), 3, (), (), 3, 2)
    before = (first, middle)
    return len(_problem(rules, Table(before=before), 2, Objective.LOSS).solver.policy())


TARGETS: dict[str, Callable[[Rules], int]] = {
    "schock_aus": schock_aus,
    "round_first": round_first,
    "round_last": round_last,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell (best is shown)")
    args = parser.parse_args()
    print(f"{'preset':<14}" + "".join(f"{t + ' ms':>16}" for t in TARGETS) + f"{'states':>9}")
    worst = 0.0
    for preset in PRESETS:
        rules = load_rules(preset)
        cells: list[float] = []
        states = 0
        for fn in TARGETS.values():
            best = float("inf")
            for _ in range(args.repeat):
                reference.cache_clear()
                _problem.cache_clear()
                start = time.perf_counter()
                states = fn(rules)
                best = min(best, time.perf_counter() - start)
            cells.append(best)
        worst = max(worst, *cells)
        print(f"{preset:<14}" + "".join(f"{1000 * c:>16.1f}" for c in cells) + f"{states:>9}")
    print(f"policy_table_ms_max {1000 * worst:.1f}")


if __name__ == "__main__":
    main()
