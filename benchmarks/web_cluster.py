"""``schock serve --workers N`` on PostgreSQL behind nginx, under benchmarks/web.py's load.

For each worker count it starts, on loopback in a temporary directory, a PostgreSQL
server of its own (Debian's package; a fresh database each time), ``schock serve
--workers N`` on it and nginx with deploy/nginx.conf (the table-affine consistent hash
of the table id in the path) in front, then runs the simulated players through nginx
(tables are created through the proxy and live where it routes them). The same
helpers start the same servers for the deployment tests (tests/web/servers.py).

    python benchmarks/web_cluster.py --players 1000 --seconds 60 --workers 1 2
    python benchmarks/web_cluster.py --players 1000 2000 3000 --workers 1 2 --think 0.5

Prints benchmarks/web.py's figures for every run, then one line per run: workers,
players, actions/s, p50 and p99 (ms), the servers' own p99 (their /metrics histograms,
read from each worker directly), the schock processes' CPU per action, and the CPU
per action of nginx and PostgreSQL together. Compare the actions/s of 2 workers with
1 worker's at the same p99 (the issue's target: >= 1.6x). With a think time the
players set the rate (about 0.28 actions/s each), so the target reads: 2 workers at
1.6x the players (e.g. 1,600 against 1,000) keep the p99 of 1 worker:

    python benchmarks/web_cluster.py --players 1000 1600 --workers 1 2 --seconds 60

PostgreSQL runs with fsync off (as in the tests): the figures are the server's, not the
disk's. The load generator runs on the same cores (it prints its own CPU per action).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import web

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "web"))

import servers  # noqa: E402 - tests/web/servers.py: PostgreSQL, schock serve, nginx


def one_run(workers: int, players: int, seconds: float, think: float,
            preset: str) -> dict[str, float]:
    pg = servers.start_postgres()
    try:
        db = pg.new_database()
        with tempfile.TemporaryDirectory(prefix="schock-cluster-") as tmp:
            first = servers.free_port()
            ports = list(range(first, first + workers))
            listen = servers.free_port()
            args = [*web.serve_command(db, first)[4:], "--workers", str(workers),
                    "--forwarded-allow-ips", "127.0.0.1"]
            with servers.serving(args, ports, Path(tmp) / "serve.log",
                                 env={"PYTHONPATH": str(REPO / "src")}) as proc, \
                    servers.nginx(servers.nginx_site(ports, listen), listen,
                                  Path(tmp) / "nginx") as base:
                nginx_pid = int((Path(tmp) / "nginx" / "nginx.pid").read_text())
                print(f"== workers {workers}, players {players}, through nginx {base}")
                tables, cpu, other, server = web.run_loop(web.run(
                    players, seconds, think, preset, 1, base, pids=(proc.pid,),
                    others=(nginx_pid, pg.proc.pid),
                    metrics=tuple(f"http://127.0.0.1:{p}" for p in ports)))
                figures = web.report(tables, cpu, seconds, server)
                actions = figures["rate"] * seconds
                figures["other"] = other / actions * 1000 if actions else float("nan")
                print(f"nginx_postgres_cpu_ms_per_action {figures['other']:.2f}")
                return figures
    finally:
        pg.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[1000])
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=1.0, help="mean think time, seconds")
    ap.add_argument("--preset", default="porz")
    a = ap.parse_args()
    seconds = max(1.0, min(a.seconds, 600.0))
    rows = []
    for players in a.players:
        for workers in a.workers:
            figures = one_run(max(1, min(workers, 8)), max(3, min(players, 3000)), seconds,
                              a.think, a.preset)
            rows.append((workers, players, figures))
    print(f"\nsummary (load average now {os.getloadavg()[0]:.2f}):")
    print("workers players actions/s p50_ms p99_ms server_p99_ms cpu_ms/action"
          " nginx+pg_cpu_ms/action")
    for workers, players, f in rows:
        print(f"{workers:7d} {players:7d} {f['rate']:9.0f} {f['p50']:6.1f} {f['p99']:6.1f}"
              f" {f.get('server_p99', float('nan')):13.1f} {f['cpu']:13.2f}"
              f" {f['other']:22.2f}")


if __name__ == "__main__":
    main()
