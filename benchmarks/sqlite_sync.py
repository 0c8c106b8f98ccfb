"""What ``PRAGMA synchronous=FULL`` costs an action write (SQLite, WAL), against NORMAL.

Each write here is one transaction (``Repo.add_actions``; the server puts the actions that
arrive while one is written into the next, schock.web.writer); under NORMAL a power
cut may lose the last acknowledged ones, under FULL the WAL is synced at each commit.
Prints the time per action write for both, on a file in a temporary directory
(``--dir`` to measure the disk the server really uses).

    python benchmarks/sqlite_sync.py --actions 500 --dir /var/lib/schock
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import text

from schock.rules import load_rules
from schock.store.db import open_database
from schock.web.ops import sqlite_sync
from schock.web.repo import Repo
from schock.web.session import Tables
from schock.web.settings import Settings


def per_action(folder: str, mode: str, actions: int) -> list[float]:
    db_path = str(Path(folder) / f"{mode}.db")
    database = open_database(db_path)
    sqlite_sync(database, mode.lower())  # what schock serve --sqlite-sync does
    with database.engine.connect() as c:
        assert c.execute(text("PRAGMA synchronous")).scalar() == {"NORMAL": 1, "FULL": 2}[mode]
    repo = Repo(database)
    table = Tables(repo, Settings(db=db_path)).create(
        load_rules("ferschweiler"), [("A", None), ("B", None)], "127.0.0.1")[0]
    times = []
    for n in range(actions):
        began = time.perf_counter()
        repo.add_actions(table.id, 1000 + n, ["0 throw"])
        times.append(time.perf_counter() - began)
    database.close()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=500)
    ap.add_argument("--dir", default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        for mode in ("NORMAL", "FULL", "NORMAL", "FULL"):
            t = sorted(per_action(folder, mode, args.actions))
            print(f"synchronous={mode:6}  {args.actions} action writes: "
                  f"median {statistics.median(t) * 1000:.2f} ms, "
                  f"p99 {t[int(len(t) * 0.99)] * 1000:.2f} ms")
            Path(folder, f"{mode}.db").unlink()
            for extra in ("-wal", "-shm"):
                Path(folder, f"{mode}.db{extra}").unlink(missing_ok=True)


if __name__ == "__main__":
    main()
