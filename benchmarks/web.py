"""Load on ``schock serve``: N simulated players at tables of 3 play real games.

It starts its own server (uvicorn in a subprocess, on loopback, a fresh SQLite file),
creates N/3 tables of three people, and each player (one websocket) acts when its
seat has a legal action, after a think time. The latency of an action is the time
from sending it to the moment every seat of the table has received the resulting
state. Bounded: at most --players (<= 1500) and --seconds (<= 300).

    python benchmarks/web.py --players 500 --seconds 30

Ends with ``p99_ms <n>``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

SERVER = """
import sys, uvicorn
from schock.web import Settings, create_app
app = create_app(Settings(db=sys.argv[1], bot_delay=0, max_tables_per_host=10**6,
                          rate=100.0, burst=200, max_spectators_per_table=10))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Table:
    def __init__(self) -> None:
        self.sent: dict[int, float] = {}  # target n -> send time
        self.seen: dict[int, int] = {}  # target n -> seats that saw it
        self.latencies: list[float] = []


async def player(url: str, token: str, table: Table, seat: int, think: float,
                 stop_at: float, rng: random.Random) -> None:
    async with websockets.connect(url, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop_at - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] != "state":
                continue
            n = msg["n"]
            if n in table.sent:
                table.seen[n] = table.seen.get(n, 0) + 1
                if table.seen[n] == 3:
                    table.latencies.append(time.perf_counter() - table.sent.pop(n))
            if msg["table"]["over"]:
                return
            if msg["legal"] and msg["table"]["step"] == "human":
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                table.sent[n + 1] = time.perf_counter()
                table.seen[n + 1] = 0
                await ws.send(json.dumps({"type": "act", "n": n, "action": rng.choice(msg["legal"])}))


async def run(players: int, seconds: float, think: float) -> list[float]:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        proc = subprocess.Popen([sys.executable, "-c", SERVER, str(Path(tmp) / "b.db"), str(port)],
                                env=env)
        try:
            base = f"http://127.0.0.1:{port}"
            async with httpx.AsyncClient(base_url=base) as http:
                for _ in range(200):
                    try:
                        if (await http.get("/api/health")).status_code == 200:
                            break
                    except httpx.HTTPError:
                        await asyncio.sleep(0.05)
                infos = []
                for i in range(players // 3):
                    r = await http.post("/api/tables", json={"preset": "porz", "seats": [
                        {"name": f"A{i}"}, {"name": f"B{i}"}, {"name": f"C{i}"}]})
                    infos.append(r.json())
                for info in infos:  # the host starts every table
                    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{info['table']}") as h:
                        await h.send(json.dumps({"type": "hello", "host": info["host_token"]}))
                        await h.send(json.dumps({"type": "host", "command": "start"}))
                        await h.recv()
                        await h.recv()
            stop_at = time.monotonic() + seconds
            tables = [Table() for _ in infos]
            rng = random.Random(1)
            tasks = [
                player(f"ws://127.0.0.1:{port}/ws/tables/{info['table']}", info["tokens"][s],
                       t, s, think, stop_at, random.Random(rng.random()))
                for info, t in zip(infos, tables, strict=True) for s in range(3)
            ]
            await asyncio.gather(*tasks, return_exceptions=True)
            return [x for t in tables for x in t.latencies]
        finally:
            proc.terminate()
            proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=1.0, help="mean think time, seconds")
    a = ap.parse_args()
    players = max(3, min(a.players, 1500))
    seconds = max(1.0, min(a.seconds, 300.0))
    lat = sorted(asyncio.run(run(players, seconds, a.think)))
    if not lat:
        print("no actions measured")
        print("p99_ms nan")
        return
    def q(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000
    print(f"players {players} tables {players // 3} seconds {seconds:.0f} think {a.think}s")
    print(f"actions {len(lat)} ({len(lat) / seconds:.0f}/s)")
    print(f"p50_ms {q(0.50):.1f}")
    print(f"p99_ms {q(0.99):.1f}")


if __name__ == "__main__":
    main()
