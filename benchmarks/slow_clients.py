"""Slow clients against ``schock serve``: do half-sent requests starve ``/api/health``?

Starts ``schock serve`` on loopback (a temporary database), opens N connections from
one address (127.0.0.2) that each send half a request's headers and then nothing,
and meanwhile asks ``/api/health`` from another address (127.0.0.1) every 50 ms.
Prints how many slow connections the server cut at once (per-address cap), how long
the rest were held (header timeout), and the health checks' latency and failures.

    python benchmarks/slow_clients.py                # 1,500 slow requests, 15 s
    python benchmarks/slow_clients.py --header-timeout 5 --cap 100 --seconds 20
    python benchmarks/slow_clients.py --unguarded    # plain uvicorn, for comparison
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HALF = b"GET / HTTP/1.1\r\nHost: x\r\nUser-Agent: slow"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def health(port: int) -> float | None:
    """Seconds for one /api/health answer, None when it failed or took over 2 s."""
    began = time.perf_counter()
    try:
        r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 2)
        w.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        await w.drain()
        data = await asyncio.wait_for(r.read(), 2)
        w.close()
    except (OSError, TimeoutError):
        return None
    return time.perf_counter() - began if data.startswith(b"HTTP/1.1 200") else None


async def slow(port: int, closed: list[float], began: float) -> None:
    """One half-sent request; records when the server closed it."""
    try:
        r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
        w.write(HALF)
        await w.drain()
        await r.read()  # returns (or raises) when the server closes the connection
    except OSError:
        pass
    closed.append(time.perf_counter() - began)


async def run(port: int, n: int, seconds: float) -> dict[str, object]:
    closed: list[float] = []
    began = time.perf_counter()
    tasks = [asyncio.create_task(slow(port, closed, began)) for _ in range(n)]
    latencies: list[float | None] = []
    while time.perf_counter() - began < seconds:
        latencies.append(await health(port))
        await asyncio.sleep(0.05)
    still_open = n - len(closed)
    for t in tasks:
        t.cancel()
    ok = sorted(x for x in latencies if x is not None)
    return {
        "slow": n,
        "cut_within_1s": sum(1 for c in closed if c < 1.0),
        "closed_by_end": len(closed),
        "last_closed_s": round(max(closed), 1) if closed else None,
        "still_open_at_end": still_open,
        "health_checks": len(latencies),
        "health_failed": len(latencies) - len(ok),
        "health_p50_ms": round(statistics.median(ok) * 1000, 1) if ok else None,
        "health_max_ms": round(ok[-1] * 1000, 1) if ok else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--slow", type=int, default=1500)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--header-timeout", type=float, default=10.0)
    ap.add_argument("--cap", type=int, default=200, help="--max-connections-per-address")
    ap.add_argument("--unguarded", action="store_true",
                    help="plain uvicorn (no header timeout, no cap), for comparison")
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "slow.db")
        if args.unguarded:
            cmd = [sys.executable, "-c", (
                "import uvicorn; from schock.web import Settings, create_app; "
                f"uvicorn.run(create_app(Settings(db={db!r})), host='127.0.0.1', port={port}, "
                "log_level='error')")]
        else:
            cmd = [sys.executable, "-m", "schock", "serve", "--port", str(port), "--db", db,
                   "--host", "127.0.0.1", "--header-timeout", str(args.header_timeout),
                   "--max-connections-per-address", str(args.cap)]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env={**os.environ})
        try:
            for _ in range(600):  # a busy machine takes some seconds to start it
                if asyncio.run(health(port)) is not None:
                    break
                time.sleep(0.1)
            else:
                raise SystemExit("the server did not start")
            result = asyncio.run(run(port, args.slow, args.seconds))
        finally:
            proc.terminate()
            proc.wait(10)
    mode = "plain uvicorn" if args.unguarded else (
        f"guarded (header timeout {args.header_timeout:g} s, cap {args.cap} per address)")
    print(f"slow clients against schock serve, {mode}:")
    for k, v in result.items():
        print(f"  {k:20} {v}")


if __name__ == "__main__":
    main()
