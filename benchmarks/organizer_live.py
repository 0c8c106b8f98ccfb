"""The tournament organizer page's live endpoint (``/api/turnier/{id}/organizer``, asked
every 3 s by each open organizer page): CPU time and wall time per answer, 200
(rendered) and 304 (nothing changed: the ``ETag`` is made from the stored state, nothing
is rendered). On a busy machine read the CPU figure: the wall time counts the waits.

    python benchmarks/organizer_live.py --players 48 --repeat 200

A tournament of ``--players`` (tables of four) with its first round drawn and opened
online (bots on the first table's seats), on a fresh SQLite file, in-process.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from schock.web import Settings, create_app


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=48, choices=range(8, 201, 4),
                    metavar="8..200 (a multiple of 4)")
    ap.add_argument("--repeat", type=int, default=200, choices=range(10, 5001),
                    metavar="10..5000")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(Settings(
            db=str(Path(tmp) / "b.db"), bot_delay=0, rate=1e6, burst=1_000_000))) as c:
        r = c.post("/turnier", data={"name": "Pokal", "preset": "irmgarteich"},
                   follow_redirects=False)
        m = re.fullmatch(r"/turnier/(\w+)\?k=([\w-]+)", r.headers["location"])
        assert m
        tid, key = m[1], m[2]

        def do(path: str, **data: object) -> None:
            c.post(path, data={"k": key, **data}, follow_redirects=False)

        for i in range(args.players):
            do(f"/turnier/{tid}/do", action="register", name=f"Spieler {i + 1}")
        do(f"/turnier/{tid}/do", action="all_present")
        numbers = list(range(1, args.players + 1))
        tables = "|".join(",".join(map(str, numbers[i:i + 4])) for i in range(0, len(numbers), 4))
        do(f"/turnier/{tid}/do", action="draw", tables=tables)
        do(f"/turnier/{tid}/online", action="open")
        opened = c.get(f"/turnier/{tid}?k={key}").text.count('class="host-link"')
        assert opened == len(numbers) // 4, opened
        url = f"/api/turnier/{tid}/organizer?k={key}"
        etag = c.get(url).headers["etag"]
        for kind, headers in (("200", {}), ("304", {"If-None-Match": etag})):
            times = []
            cpu = time.process_time()
            for _ in range(args.repeat):
                start = time.perf_counter()
                status = c.get(url, headers=headers).status_code
                times.append((time.perf_counter() - start) * 1000)
                assert str(status) == kind, status
            cpu = (time.process_time() - cpu) * 1000 / args.repeat
            print(f"{kind}: CPU {cpu:.1f} ms per request (server and test client), wall "
                  f"median {statistics.median(times):.1f} ms, "
                  f"p90 {statistics.quantiles(times, n=10)[-1]:.1f} ms "
                  f"({args.players} players, {args.repeat} requests)")


if __name__ == "__main__":
    main()
