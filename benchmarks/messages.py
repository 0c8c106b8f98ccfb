"""The engine's error path: what an illegal action's message costs, first and then.

In ``--runs`` fresh processes each, prints the median of

* ``import``: importing ``schock.engine`` (which imports :mod:`schock.messages`);
* ``first refusal en`` / ``first refusal de``: the first illegal action of the process,
  refused and its message rendered in English (``str(exc)``) or German
  (``exc.message("de")``), catalog files read included;
* ``input message de``: then a message of bad input (the other catalog) in German;

and, in this process, ``refusal`` (a refused action and both languages' messages, once the
catalogs are read) in microseconds per refusal over ``--repeat`` refusals.

Run: ``python benchmarks/messages.py [--runs N] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

PROBE = """
import json, time
t0 = time.perf_counter()
from schock import IllegalActionError, load_rules
from schock.engine import Game, TableDice, parse_action
from schock.messages import Msg
t1 = time.perf_counter()
game = Game(load_rules("porz"), seats=["Anna", "Ben"], dice=TableDice(), starter=0)
seat, action = parse_action("1 throw")
t2 = time.perf_counter()
try:
    game.apply(seat, action)
except IllegalActionError as exc:
    text = exc.message({lang!r})
t3 = time.perf_counter()
Msg("input.bot", {{"kind": "x", "allowed": "y"}}).text("de")
t4 = time.perf_counter()
print(json.dumps([t1 - t0, t3 - t2, t4 - t3]))
"""


def cold(lang: str, runs: int) -> list[float]:
    """Median seconds of (import, first refusal, first input message) in fresh processes."""
    rows = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", PROBE.format(lang=lang)], check=True,
                             capture_output=True, text=True).stdout
        rows.append(json.loads(out))
    return [statistics.median(column) for column in zip(*rows, strict=True)]


def warm(repeat: int) -> float:
    """Microseconds per refused action with its English and German message."""
    from schock import IllegalActionError, load_rules
    from schock.engine import Game, TableDice, parse_action

    game = Game(load_rules("porz"), seats=["Anna", "Ben"], dice=TableDice(), starter=0)
    seat, action = parse_action("1 throw")
    start = time.perf_counter()
    for _ in range(repeat):
        try:
            game.apply(seat, action)
        except IllegalActionError as exc:
            str(exc)
            exc.message("de")
    return (time.perf_counter() - start) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=20_000)
    args = parser.parse_args()
    for lang in ("en", "de"):
        imp, first, other = cold(lang, args.runs)
        print(f"import ms {imp * 1e3:.2f}  first refusal {lang} ms {first * 1e3:.2f}  "
              f"input message de ms {other * 1e3:.2f}")
    print(f"refusal us {warm(args.repeat):.1f}")


if __name__ == "__main__":
    main()
