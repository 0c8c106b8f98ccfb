"""Rule mutations: every rule check of the engine must be guarded by a test.

A curated list of one-line changes to the rule checks of the engine and the
ranking (each breaks a rule of a seed rulebook, cited beside it) is applied one
at a time to a copy of the package; the tests must fail for every one of them.
A mutation the tests let through ("survived") means a rule that can be broken
without anybody noticing.

Run: ``python scripts/rule_mutations.py [--only ID ...] [--list] [-k PYTEST_ARGS]``.
It prints one line per mutation and ends with ``killed K of N``; the exit status
is 1 when any mutation survived (or no longer applies: the code moved), else 0.
Each mutant runs the fast tests (a few seconds to a minute and a half each), so the
whole list takes some minutes: run it after changing the engine's rule checks.
``tests/unit/test_rule_mutations.py`` keeps the list current in every test run (each
line it changes is still in the source, once) and kills one mutant there and then.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "schock"

#: The tests each mutant runs against (fast ones, the rule tables first; stop at the
#: first failure).
TESTS = (
    "tests/unit/test_rules_that_bite.py",
    "tests/unit/test_results.py",
    "tests/golden",
    "tests/unit",
    "tests/properties",
    "tests/keep/test_keep_core.py",
)


@dataclass(frozen=True)
class Mutation:
    id: str
    file: str
    old: str
    new: str
    rule: str


MUTATIONS: tuple[Mutation, ...] = (
    Mutation(
        "sixes-last-throw",
        "engine/turn.py",
        '        if t.throws >= self._cap():\n            raise _fail("sixes.last_throw"',
        '        if t.throws > self._cap():\n            raise _fail("sixes.last_throw"',
        'Sechsen drehen "nur nicht im letzten Wurf" (Porz, Irmgarteich, Niederrhein)',
    ),
    Mutation(
        "throw-limit",
        "engine/turn.py",
        "        if t.throws >= cap:\n            raise _fail(\n",
        "        if t.throws > cap:\n            raise _fail(\n",
        "the first player's throw count binds the others (Porz, Mosel WR 3)",
    ),
    Mutation(
        "all-aside",
        "engine/turn.py",
        '                if n == 0:\n                    raise _fail("throw.all_aside"',
        '                if n < 0:\n                    raise _fail("throw.all_aside"',
        "at least one die goes back into the cup (docs/rules.md, A turn 2)",
    ),
    Mutation(
        "blind-only-first",
        "engine/turn.py",
        '        if not self._is_first() or t.throws != 1 or t.seen:\n            raise _fail("blind',
        '        if t.throws != 1 or t.seen:\n            raise _fail("blind',
        'only the round\'s first player says blind (Irmgarteich "Der Blinde Wurf")',
    ),
    Mutation(
        "lift-only-first",
        "engine/turn.py",
        '        if not self._is_first() or t.throws != 1 or t.seen:\n            raise _fail("lift',
        '        if t.throws != 1 or t.seen:\n            raise _fail("lift',
        "only the round's first player lifts his cup to decide (docs/rules.md, What each "
        "player may see; Irmgarteich)",
    ),
    Mutation(
        "blind-doubles",
        "engine/round.py",
        "        owed = best.deckel * (2 if r.blind else 1)",
        "        owed = best.deckel",
        'a blind round doubles the Deckel (Irmgarteich "zählt der höchste Wurf doppelt")',
    ),
    Mutation(
        "must-throw-after-turning",
        "engine/turn.py",
        '        if t.must_throw:\n            raise _fail("stop.must_throw"',
        '        if t.must_throw and False:\n            raise _fail("stop.must_throw"',
        "after turning sixes the player throws again (Ferschweiler Rg 4, Irmgarteich)",
    ),
    Mutation(
        "stock-cap",
        "engine/round.py",
        "            n = min(owed, h.stock)\n",
        "            n = owed\n",
        'fewer left in the Stock than owed: the rest only (Porz "restliche Stückzahl")',
    ),
    Mutation(
        "winner-holds-fewer",
        "engine/round.py",
        "            n = min(owed, h.deckel[giver])\n",
        "            n = owed\n",
        "the winner holds fewer than owed: all he has (Irmgarteich)",
    ),
    Mutation(
        "most-deckel-tie",
        "engine/round.py",
        "starter = next(s for s in self._order_from(loser, h.players) if h.deckel[s] == most)",
        "starter = next(s for s in sorted(h.players) if h.deckel[s] == most)",
        "most Deckel begin; a tie: the first of them clockwise from the round's loser "
        "(Mosel WR 3, docs/rules.md)",
    ),
    Mutation(
        "durchmarsch",
        "engine/half.py",
        "            if first == loser:\n                self._game_lost(loser, durchmarsch=True)",
        "            if False:\n                self._game_lost(loser, durchmarsch=True)",
        'both halves lost: the game is lost, no Finale (Mosel "Grande Durchmarsch")',
    ),
    Mutation(
        "second-half-starter",
        "engine/half.py",
        "            self._begin_half(HalfKind.SECOND, h.players, loser)",
        "            self._begin_half(HalfKind.SECOND, h.players, None)",
        "the first half's loser begins the second (Ferschweiler Rg 8, Mosel WR 2)",
    ),
    Mutation(
        "schock-aus-takes-all",
        "engine/round.py",
        "            h.deckel[loser] = total - kept\n",
        "            h.deckel[loser] += got\n",
        "Schock Aus: the loser receives every Deckel of the half (all rulebooks)",
    ),
    Mutation(
        "take-back-off",
        "engine/turn.py",
        "        if not self.rules.take_back:  # only dice set aside from the current throw",
        "        if False:  # only dice set aside from the current throw",
        "take_back = false: earlier dice stay on the table (house rule, docs/house-rules.md)",
    ),
    Mutation(
        "fewer-throws",
        "results.py",
        "    by_throws = rules.fewer_throws_better or evaluation.kind is Kind.SCHOCK_HAND",
        "    by_throws = evaluation.kind is Kind.SCHOCK_HAND",
        'equal results: fewer throws win (Porz, Mosel WR 5, Niederrhein "Wertung 3")',
    ),
    Mutation(
        "schock-hand-fewer-throws",
        "results.py",
        "    by_throws = rules.fewer_throws_better or evaluation.kind is Kind.SCHOCK_HAND",
        "    by_throws = rules.fewer_throws_better",
        "two Schock Hands: fewer throws win (Ferschweiler Rg 6)",
    ),
    Mutation(
        "mit-ist-shit",
        "results.py",
        "    return (-evaluation.strength, throws if by_throws else 0, position)",
        "    return (-evaluation.strength, throws if by_throws else 0, -position)",
        "Mit ist Shit: the earlier thrower is better (every rulebook)",
    ),
    Mutation(
        "strasse-on-hand",
        "results.py",
        "(on_hand or not rules.strasse_on_hand)",
        "(True)",
        'a composed Straße is an einfacher Wurf (Ferschweiler Rg 3, Porz, Niederrhein)',
    ),
    Mutation(
        "schock-hand-on-hand",
        "results.py",
        "Kind.SCHOCK_HAND if rules.schock_hand and on_hand else Kind.SCHOCK_AUS",
        "Kind.SCHOCK_HAND if rules.schock_hand else Kind.SCHOCK_AUS",
        "Schock Hand is 1-1-1 auf die Hand only (Ferschweiler Rg 5)",
    ),
)


def run_one(m: Mutation, pytest_args: list[str]) -> tuple[str, float]:
    """``killed``, ``survived`` or ``stale`` (the line is not in the source any more)."""
    source = (PACKAGE / m.file).read_text(encoding="utf-8")
    if source.count(m.old) != 1:
        return "stale", 0.0
    with tempfile.TemporaryDirectory(prefix="schock-mutant-") as tmp:
        copy = Path(tmp) / "schock"
        shutil.copytree(
            PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "game.build")
        )
        (copy / m.file).write_text(source.replace(m.old, m.new), encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=tmp, SCHOCK_PURE="1", SCHOCK_NO_CACHE="1")
        # -n 0: one process, so -x stops at the first failure with exit status 1 (under
        # pytest-xdist, the suite's default, -x ends the run as interrupted: status 2)
        cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider",
               "-m", "not slow and not browser", *TESTS, *pytest_args]
        started = time.monotonic()
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        took = time.monotonic() - started
    if done.returncode == 1:
        return "killed", took
    if done.returncode == 0:
        return "survived", took
    raise RuntimeError(f"{m.id}: pytest exited {done.returncode}\n{done.stdout[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Apply rule mutations; each must fail the tests.")
    parser.add_argument("--only", nargs="*", metavar="ID", help="only these mutations")
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    parser.add_argument("-k", dest="extra", default="", help="more pytest arguments, quoted")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTATIONS if not args.only or m.id in args.only]
    unknown = set(args.only or ()) - {m.id for m in MUTATIONS}
    if unknown:
        parser.error(f"unknown mutation(s): {', '.join(sorted(unknown))}")
    if args.list:
        for m in chosen:
            print(f"{m.id:28} {m.file:16} {m.rule}")
        return 0
    killed = 0
    bad = []
    for m in chosen:
        outcome, took = run_one(m, args.extra.split())
        print(f"{outcome:9} {m.id:28} {took:6.1f} s  {m.rule}", flush=True)
        if outcome == "killed":
            killed += 1
        else:
            bad.append(m.id)
    print(f"killed {killed} of {len(chosen)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
