"""Write the presets' solved two-player halves into ``src/schock/solver/tables/``.

:func:`schock.solver.half.duel_half` reads these shipped tables before the
user's disk cache, so the optimal bot plays a two-player half at once under
every preset instead of solving it first (10 to 30 s per preset here). A
file is named by the cache key of its rules, so a change of a preset or of
``CACHE_VERSION`` makes its file unused (and ``--check`` fail) until it is
written again::

    .venv/bin/python scripts/make_half_tables.py            # write the tables
    .venv/bin/python scripts/make_half_tables.py --check    # exit 1 if one is missing or stale
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from schock.rules import PRESETS, load_rules
from schock.solver.half import SHIPPED, _cache_key, _load, _solve, _store


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the shipped tables")
    args = parser.parse_args(argv)
    wanted = {f"half-{_cache_key(load_rules(p))}.json": p for p in PRESETS}
    if args.check:
        bad = [
            f"{p} ({name})"
            for name, p in wanted.items()
            if _load(SHIPPED / name, load_rules(p), _cache_key(load_rules(p))) is None
        ]
        stale = sorted(f.name for f in SHIPPED.glob("half-*.json") if f.name not in wanted)
        for line in bad:
            print(f"missing or invalid: {line}")
        for name in stale:
            print(f"stale: {name}")
        return 1 if bad or stale else 0
    for f in SHIPPED.glob("half-*.json"):
        if f.name not in wanted:
            f.unlink()
    for name, preset in wanted.items():
        rules = load_rules(preset)
        start = time.perf_counter()
        _store(SHIPPED / name, _cache_key(rules), _solve(rules))
        print(f"{preset}: {time.perf_counter() - start:.1f} s -> {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
