"""Do the intervals of ``schock sim`` hold? Coverage over many independent runs.

Plays ``--runs`` independent runs (seeds 1, 2, ...) of ``--games`` games each
(irmgarteich, five heuristic seats by default: the table where rounds as
independent units understate the spread most) and one long reference run
(its figures stand for the truth). Per figure it prints:

* ``spread/printed``: the standard deviation of the runs' values over the
  mean standard error the runs printed (1.0 when the intervals are honest);
* ``coverage``: how many of the runs' 95 % intervals hold the reference value;

for the intervals ``schock sim`` prints (games as clusters,
:mod:`schock.sim.stats`) and, for the Deckel per round, for the old
interval that took every round as independent. Then the difference of two
rule sets (``--other FIELD=VALUE``) on common dice: its printed and real
spread, coverage, and the variance reduction factor over independent runs.

Run: ``python benchmarks/sim_intervals.py [--runs 60] [--games 20000]``.
Ends with ``interval_spread_ratio <x>`` (Deckel per round) and
``crn_variance_factor <x>``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from schock import load_rules
from schock.rules import Rules
from schock.sim import SimResult, simulate
from schock.sim.stats import Z, difference, summary


@dataclass
class Coverage:
    """The real spread of a figure over runs against what the runs printed."""

    spread: float
    printed: float
    covered: float

    @property
    def ratio(self) -> float:
        return self.spread / self.printed if self.printed else float("nan")


def coverage(values: Sequence[float], halves: Sequence[float], truth: float) -> Coverage:
    """``values`` and the half-widths of their 95 % intervals against ``truth``."""
    v = np.asarray(values)
    h = np.asarray(halves)
    covered = float(np.mean(np.abs(v - truth) <= h))
    return Coverage(float(v.std(ddof=1)), float(np.mean(h)) / Z, covered)


def naive_deckel_half(r: SimResult) -> float:
    """The old interval's half-width: every round taken as independent."""
    d = np.arange(len(r.deckel))
    n = int(r.deckel.sum())
    mean = float((d * r.deckel).sum()) / n
    var = float((((d - mean) ** 2) * r.deckel).sum()) / (n - 1)
    return Z * math.sqrt(var / n)


def parse_change(text: str) -> dict[str, object]:
    field, _, value = text.partition("=")
    parsed: object = value
    if value.lower() in ("true", "false"):
        parsed = value.lower() == "true"
    elif value.isdigit():
        parsed = int(value)
    return {field: parsed}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="irmgarteich")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--games", type=int, default=20_000, help="games per run")
    parser.add_argument("--other", default="deckel=15", help="the second rule set's change")
    args = parser.parse_args(argv)
    rules: Rules = load_rules(args.rules)
    bots = ["heuristic"] * args.players
    runs = [simulate(rules, bots, games=args.games, seed=s) for s in range(1, args.runs + 1)]
    reference = simulate(rules, bots, games=args.games * args.runs, seed=10_000)
    truth = {s.name: s.value for s in summary(reference)}
    print(f"{args.rules}, {args.players} seats, {args.runs} runs of {args.games} games each")
    print(f"{'figure':<22}{'interval':<24}{'spread/printed':>16}{'coverage':>10}")
    stats = [{s.name: s for s in summary(r)} for r in runs]
    deckel_ratio = float("nan")
    for name in truth:
        c = coverage(
            [s[name].value for s in stats], [s[name].high - s[name].value for s in stats],
            truth[name],
        )
        print(f"{name:<22}{'printed (by game)':<24}{c.ratio:>16.2f}{100 * c.covered:>9.1f}%")
        if name == "deckel_per_round":
            deckel_ratio = c.ratio
            old = coverage(
                [s[name].value for s in stats], [naive_deckel_half(r) for r in runs], truth[name]
            )
            print(f"{name:<22}{'old (rounds indep.)':<24}{old.ratio:>16.2f}{100 * old.covered:>9.1f}%")
    # the difference of two rule sets on common dice
    other = rules.replace(**parse_change(args.other))
    others = [simulate(other, bots, games=args.games, seed=s) for s in range(1, args.runs + 1)]
    other_ref = simulate(other, bots, games=args.games * args.runs, seed=10_000)
    true_diff = {d.name: d.value for d in difference(reference, other_ref)}
    diffs = [{d.name: d for d in difference(a, b)} for a, b in zip(runs, others, strict=True)]
    print()
    print(f"difference {args.other} minus {args.rules} on common dice")
    print(f"{'figure':<22}{'spread/printed':>16}{'coverage':>10}{'CRN factor':>12}")
    factors = []
    for name, value in true_diff.items():
        c = coverage(
            [d[name].value for d in diffs], [d[name].high - d[name].value for d in diffs], value
        )
        factor = float(np.mean([d[name].factor for d in diffs]))
        factors.append((name, factor))
        print(f"{name:<22}{c.ratio:>16.2f}{100 * c.covered:>9.1f}%{factor:>12.1f}")
    print(f"interval_spread_ratio {deckel_ratio:.2f}")
    print(f"crn_variance_factor {dict(factors)['deckel_per_round']:.1f}")


if __name__ == "__main__":
    main()
