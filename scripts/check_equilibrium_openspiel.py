"""Check the two-player equilibrium with OpenSpiel on the two-throw round.

For each preset (played with at most two throws) the round is written out as a
whole game tree whose moves are the engine's (:mod:`schock.adapters.reduced`),
read by OpenSpiel (``pyspiel.load_efg_game``), and then:

* our equilibrium strategies (:func:`schock.solver.equilibrium.round_strategy`)
  are exported as an OpenSpiel tabular policy: OpenSpiel computes their value
  and what an exact best response gains against them (exploitability);
* OpenSpiel's CFR+ solves the tree on its own: its value and exploitability.

Needs the ``rl`` extra (``pip install 'schock[rl]'``)::

    .venv/bin/python scripts/check_equilibrium_openspiel.py [PRESET ...] [--iterations N]
"""

from __future__ import annotations

import argparse
import sys

from schock.adapters.openspiel import check_two_throw_round
from schock.rules import PRESETS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("presets", nargs="*", metavar="PRESET", help="default: every preset")
    parser.add_argument("--iterations", type=int, default=400, help="CFR+ iterations (400)")
    args = parser.parse_args(argv)
    names = args.presets or list(PRESETS)
    unknown = [n for n in names if n not in PRESETS]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r}; allowed: {', '.join(PRESETS)}")
    print(
        "| preset | nodes | infosets | our value (schock) | our value (OpenSpiel) "
        "| our exploitability | CFR+ value | CFR+ exploitability | s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    worst = 0.0
    for name in names:
        c = check_two_throw_round(name, iterations=args.iterations)
        print(
            f"| {name} | {c.histories:,} | {c.infosets:,} | {c.round_value:.6f} "
            f"| {c.our_value:.6f} | {c.our_exploitability:.1e} | {c.cfr_value:.6f} "
            f"| {c.cfr_exploitability:.1e} | {c.seconds:.1f} |",
            flush=True,
        )
        worst = max(
            worst,
            abs(c.our_value - c.round_value),
            c.our_exploitability,
            abs(c.cfr_value - c.round_value) if c.cfr_exploitability < 1e-4 else 1.0,
        )
    print(f"largest gap {worst:.1e} (required: at most 1e-4)")
    return 0 if worst <= 1e-4 else 1


if __name__ == "__main__":
    sys.exit(main())
