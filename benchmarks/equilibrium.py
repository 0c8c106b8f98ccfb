"""Seconds to solve each preset's two-player equilibrium cold, on one core.

For every preset (or the rule sets named), solves the half at equilibrium
from scratch (no disk cache), then computes the exploitability of the
strategies with an exact best response, and prints both times, the
value-iteration residual target, the first mover's values and the
exploitability. Target: at most 60 s per preset for the tables.
Run: ``python benchmarks/equilibrium.py [RULES ...]``.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ["SCHOCK_NO_CACHE"] = "1"

from schock.rules import PRESETS, load_rules
from schock.solver.equilibrium import (
    equilibrium_half,
    exploitability,
    game_value,
    round_value,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rules", nargs="*")
    args = parser.parse_args()
    names = args.rules or list(PRESETS)
    print(
        f"{'rules':14} {'tables s':>9} {'check s':>8} {'round':>8} {'half':>8} "
        f"{'game':>8} {'exploit':>9}"
    )
    for name in names:
        rules = load_rules(name)
        start = time.perf_counter()
        table = equilibrium_half(rules)
        tables_s = time.perf_counter() - start
        start = time.perf_counter()
        gap = exploitability(rules, table)
        check_s = time.perf_counter() - start
        half = table.value(rules.deckel, 0, 0, first=True)
        print(
            f"{rules.id:14} {tables_s:9.1f} {check_s:8.1f} {round_value(rules):8.5f} "
            f"{half:8.5f} {game_value(rules, half):8.5f} {gap:9.1e}",
            flush=True,
        )


if __name__ == "__main__":
    main()
