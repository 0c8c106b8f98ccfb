"""The difficulty levels against ``heuristic``: loss rates with 95 % Wilson intervals.

Each level plays ``--games`` two-player games (seed 1, seats alternating)
against ``heuristic`` per preset, as the preset pages in ``docs/presets``
do; the documented rates are what ``HALF_SCALE`` and ``HALF_FLOOR`` in
:mod:`schock.bots.solver_bots` are calibrated to.

Run: ``python benchmarks/levels.py [--preset porz --preset mosel] [--games 400]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from schock import PRESETS

LEVELS = ("beginner", "casual", "good", "optimal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", action="append", choices=PRESETS)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'preset':<14}{'level':<10}{'games':>7}{'loss rate':>11}   95 % CI (Wilson)")
    for preset in args.preset or ["porz", "mosel"]:
        for level in LEVELS:
            cmd = [sys.executable, "-c", "from schock.cli import main; main()", "arena"]
            cmd += ["--bot", level, "--bot", "heuristic"]
            cmd += ["--games", str(args.games), "--seed", str(args.seed), "--rules", preset]
            cmd += ["--quiet", "--json"]
            out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
            me = out["results"][0]
            lo, hi = me["ci95"]
            print(
                f"{preset:<14}{level:<10}{me['games']:>7}{100 * me['loss_rate']:>10.1f} %"
                f"   {100 * lo:.1f} % – {100 * hi:.1f} %"
            )


if __name__ == "__main__":
    main()
