"""Other tables under a websocket flood: 3 sockets of one client address send act frames
in a tight loop while N players play at their own tables (issue 34, item 2).

It starts ``schock serve`` (:func:`web.serve_command`, with loopback as a trusted proxy
and the default message budgets) twice on a fresh SQLite file: once without a flood
(the baseline) and once with it. The players are benchmarks/web.py's (its
:func:`web.player`: a think time of 0.5-1.5 x ``--think``, latency = from sending an
action to every seat of the table having its state); they connect from 127.0.0.1. The
three flooders sit at a table created by another client address (``X-Forwarded-For:
198.51.100.7``, as through a proxy), say hello with their seat tokens and then send act
frames (``--frame binary``: binary frames; ``invalid``: text that is not JSON) as fast as
they can, reading whatever comes back, for the whole measured time.
With ``--reconnect`` a closed flooder connects again at once and goes on (an attacker
who does not give up; the page itself waits 30 s).

Prints for both runs the players' actions/s, p50 and p99, and for the flood the frames
the flooders sent, the frames answered, how their sockets ended (close codes) and the
load average; then ``pace_pct`` (actions/s under the flood against the baseline) and
``flood_p50_ms``. Targets: p50 <= 50 ms and pace >= 40 %, the flooding sockets closed.

    python benchmarks/flood.py                         # 60 players, 10 s each run
    python benchmarks/flood.py --players 300 --seconds 20 --reconnect
    PYTHONPATH=/path/to/other/src python benchmarks/flood.py   # another checkout (before)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

import web  # benchmarks/web.py (beside this script): the server command, players, report

FLOODER = {"X-Forwarded-For": "198.51.100.7"}
"""The flooding client's address, as a trusted proxy forwards it."""


@dataclass
class Flood:
    """What the flooders sent and got."""

    sent: int = 0
    answered: int = 0
    sockets: int = 0
    closes: Counter[str] = field(default_factory=Counter)
    """How the sockets ended: the server's close code, or ``open at the end``."""


#: What a flooder sends (``--frame``): a move, a binary frame, text that is not JSON.
FRAMES: dict[str, str | bytes] = {"act": json.dumps({"type": "act", "n": 0, "action": "throw"}),
                                  "binary": b"\x00" * 64, "invalid": "{not json"}


async def flooder(url: str, token: str, stop_at: float, flood: Flood, reconnect: bool,
                  frame: str | bytes) -> None:
    """One flooding seat: hello, then ``frame`` in a tight loop until ``stop_at`` (or its
    socket is closed: then again at once with ``reconnect``)."""
    while time.monotonic() < stop_at:
        try:
            async with websockets.connect(url, additional_headers=FLOODER,
                                          open_timeout=60, max_size=2**22) as ws:
                flood.sockets += 1

                async def drain(ws: websockets.ClientConnection = ws) -> None:
                    async for _ in ws:
                        flood.answered += 1

                reader = asyncio.ensure_future(drain())
                how = "open at the end"
                try:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    while time.monotonic() < stop_at:
                        for _ in range(100):
                            await ws.send(frame)
                            flood.sent += 1
                        await asyncio.sleep(0)  # let the reader in
                except websockets.ConnectionClosed:
                    how = f"closed {ws.close_code}"
                finally:
                    reader.cancel()
                flood.closes[how] += 1
        except (OSError, websockets.WebSocketException) as exc:
            flood.closes[f"refused ({type(exc).__name__})"] += 1
        if not reconnect:
            return


async def measure(players: int, seconds: float, think: float, preset: str, flood_on: bool,
                  reconnect: bool, frame: str | bytes) -> tuple[list[web.Table], Flood, float]:
    """One run on a fresh server: the players' tables, the flood and the server's CPU
    seconds over the measured time."""
    port = web.free_port()
    base = f"http://127.0.0.1:{port}"
    flood = Flood()
    with tempfile.TemporaryDirectory() as tmp:
        command = [*web.serve_command(str(Path(tmp) / "flood.db"), port),
                   "--forwarded-allow-ips", "127.0.0.1", "--rate", "20", "--burst", "40"]
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=dict(os.environ))
        try:
            await web.wait_healthy(base)
            async with httpx.AsyncClient(base_url=base, timeout=60) as http:
                infos = []
                for i in range(players // 3):
                    r = await http.post("/api/tables", json={"preset": preset, "seats": [
                        {"name": f"A{i}"}, {"name": f"B{i}"}, {"name": f"C{i}"}]})
                    infos.append(r.json())
                r = await http.post("/api/tables", headers=FLOODER, json={
                    "preset": preset, "seats": [{"name": "X"}, {"name": "Y"}, {"name": "Z"}]})
                bad = r.json()
            ws_base = f"ws://127.0.0.1:{port}/ws/tables/"
            for info in infos:  # the host starts every table
                async with websockets.connect(ws_base + info["table"]) as h:
                    await h.send(json.dumps({"type": "hello", "host": info["host_token"]}))
                    await h.send(json.dumps({"type": "host", "command": "start"}))
                    await h.recv()
                    await h.recv()
            tables = [web.Table() for _ in infos]
            rng = random.Random(1)
            start = web.Start(3 * len(infos), seconds)
            tasks = [asyncio.ensure_future(web.player(
                ws_base + info["table"], info["tokens"][s], t, s, think, start,
                random.Random(rng.random())))
                for info, t in zip(infos, tables, strict=True) for s in range(3)]
            await start.go.wait()
            cpu0 = web.tree_cpu((proc.pid,))
            floods = [asyncio.ensure_future(flooder(ws_base + bad["table"], bad["tokens"][s],
                                                    start.stop_at, flood, reconnect, frame))
                      for s in range(3)] if flood_on else []
            print(f"{'flood' if flood_on else 'baseline'}: {len(tasks)} players seated;"
                  f" load average {os.getloadavg()[0]:.2f}")
            await asyncio.gather(*tasks, *floods, return_exceptions=True)
            cpu = web.tree_cpu((proc.pid,)) - cpu0
            print(f"load average at the end {os.getloadavg()[0]:.2f}")
            return tables, flood, cpu
        finally:
            proc.terminate()
            proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=60, help="players at their own tables "
                                                            "(3 a table; <= 1500)")
    ap.add_argument("--seconds", type=float, default=10.0, help="each run (<= 300)")
    ap.add_argument("--think", type=float, default=1.0, help="players' mean think time (s)")
    ap.add_argument("--preset", default="ferschweiler")
    ap.add_argument("--reconnect", action="store_true",
                    help="a closed flooder connects again at once")
    ap.add_argument("--frame", choices=sorted(FRAMES), default="act",
                    help="what the flooders send")
    args = ap.parse_args()
    if not (3 <= args.players <= 1500 and 0 < args.seconds <= 300):
        raise SystemExit("--players 3 to 1500, --seconds up to 300")
    figures = {}
    for flood_on in (False, True):
        tables, flood, cpu = web.run_loop(measure(args.players, args.seconds, args.think,
                                                  args.preset, flood_on, args.reconnect,
                                                  FRAMES[args.frame]))
        figures[flood_on] = web.report(tables, cpu, args.seconds)
        if flood_on:
            closes = ", ".join(f"{how}: {n}" for how, n in flood.closes.most_common())
            print(f"flood: {flood.sent} frames sent ({flood.sent / args.seconds:.0f}/s) on "
                  f"{flood.sockets} sockets, {flood.answered} frames answered; "
                  f"sockets: {closes}")
    base, under = figures[False], figures[True]
    pace = under["rate"] / base["rate"] * 100 if base["rate"] else float("nan")
    print(f"baseline_p50_ms {base['p50']:.1f} flood_p50_ms {under['p50']:.1f}")
    print(f"pace_pct {pace:.0f} ({under['rate']:.1f} against {base['rate']:.1f} actions/s)")


if __name__ == "__main__":
    main()
