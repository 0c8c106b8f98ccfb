"""The floor of ``schock serve``'s cost: a minimal server on the same stack, under the same load.

What an action costs any server built like ``schock serve`` (uvicorn with the same
options, Starlette websockets, orjson, SQLite in WAL mode with one insert and commit per
action before anybody hears of it, a ~2.3 KB state frame built and encoded for each of
the table's three sockets), and nothing else: no rules engine, no narration, no
per-seat secrecy, no bots. Its tables speak just enough of docs/protocol.md for
benchmarks/web.py's players (``POST /api/tables``, ``hello``, ``host start``, ``act``;
a state frame with ``n``, ``table.over``, ``table.step`` and ``legal``); the seat to act
changes every three actions (as a turn of throws, aside and stop), and a game does
not end within a run.

    python benchmarks/floor_server.py --compare --players 1000 --seconds 60

runs benchmarks/web.py's players (imported, the same client) against the floor and
then against ``schock serve`` and prints both figures side by side: server CPU ms per
action (process CPU time over the measured time / actions measured; the target of
issue 34 is ``schock serve`` <= 2 x the floor), p50 and p99, and the load average.
``--only floor`` or ``--only serve`` runs one. Run alone, ``--port``/``--db`` serve the
floor (what ``--compare`` starts as a subprocess).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sqlite3
import sys
from pathlib import Path
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

#: The seat to act changes after this many actions (a turn: throw, set aside, stop).
TURN = 3
#: What the seat to act may do (the players pick one at random).
LEGAL = ["throw", "aside 1", "stop"]
LINE = "Anna: Wurf 2: 1-1-5 · legt 1-1 raus · hört auf nach 2 Würfen mit Schock 5"


def dumps(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


class FloorTable:
    """A table of three seats: whose turn it is, the action count, its sockets."""

    def __init__(self, table_id: str) -> None:
        self.id = table_id
        self.tokens = [secrets.token_urlsafe(16) for _ in range(3)]
        self.host = secrets.token_urlsafe(16)
        self.names = ["Anna", "Ben", "Cem"]
        self.n = 0
        self.started = False
        self.conns: list[tuple[WebSocket, int | None]] = []

    @property
    def actor(self) -> int:
        return (self.n // TURN) % 3

    def frame(self, seat: int | None) -> dict[str, Any]:
        """A state frame for ``seat`` of the size and shape of schock's (~2.3 KB)."""
        actor = self.actor
        turns = [{"seat": s, "throws": self.n % TURN if s == actor else 0,
                  "aside": [1] if s == seat else [], "turned": 0,
                  "cup": [1, 5] if s == seat else None, "hidden": 0 if s == seat else 3,
                  "history": [], "done": False, "result": None, "must_throw": False,
                  "looked": s == seat, "kept": [], "last_throw": None, "turned_now": 0,
                  "settable": []} for s in range(3)]
        return {
            "type": "state", "n": self.n, "seat": seat,
            "view": {"seat": seat, "rules": "porz", "names": self.names, "phase": "turn",
                     "actor": actor, "half": {"number": 1, "kind": "first",
                                              "players": [0, 1, 2]},
                     "stock": 13 - self.n % 13, "deckel": [self.n % 5, 1, 2],
                     "half_losers": [], "round": {"number": self.n // 9 + 1, "starter": 0,
                                                  "order": [0, 1, 2], "opening": False,
                                                  "limit": None, "blind": False,
                                                  "turns": turns},
                     "roll_off": [], "last_showdown": None, "last_deckel": None,
                     "loser": None, "durchmarsch": False},
            "legal": LEGAL if seat == actor and self.started else [],
            "results": {},
            "table": {"id": self.id, "started": self.started, "paused": False,
                      "ended": False, "over": False, "step": "human", "game": 1,
                      "games": [], "striche": {}, "votes": [],
                      "clock": {"nudge": None, "takeover": None, "waited": 0.5},
                      "seats": [{"name": name, "bot": None, "online": True, "free": False,
                                 "aged": False, "person": True, "replaced": False}
                                for name in self.names],
                      "late": [], "series": None, "needs_ages": True},
            "log": {"from": self.n, "lines": [LINE, f"Stand nach {self.n} Aktionen"]},
            "story": {"half": None, "showdown": {
                "half": None, "round": self.n // 9, "opening": False, "blind": False,
                "rows": [{"place": p + 1, "seat": p, "dice": [1, 1, 5 + p % 2],
                          "label": "Schock 5", "kind": "schock", "notes": ["3 Würfe"]}
                         for p in range(3)],
                "deckel": "Cem bekommt 5 Deckel aus dem Stock (Anna: Schock 5)",
                "loser": 2, "winner": 0, "then": []}, "roll_off": None, "out": []},
        }

    async def broadcast(self) -> None:
        for ws, seat in list(self.conns):
            try:
                await ws.send_text(dumps(self.frame(seat)))
            except Exception:  # gone meanwhile
                continue


class Floor:
    def __init__(self, db: str) -> None:
        self.tables: dict[str, FloorTable] = {}
        self.db = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # schock serve's default
        self.db.execute("CREATE TABLE actions (table_id TEXT, n INTEGER, text TEXT,"
                        " PRIMARY KEY (table_id, n))")
        self.written = 0

    def write(self, table_id: str, n: int, text: str) -> None:
        """One action, committed (before anybody hears of it)."""
        self.db.execute("BEGIN")
        self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", (table_id, n, text))
        self.db.execute("COMMIT")
        self.written += 1


def make_app(db: str) -> Starlette:
    floor = Floor(db)

    async def create(request: Request) -> Response:
        t = FloorTable(secrets.token_urlsafe(12))
        floor.tables[t.id] = t
        body = {"table": t.id, "host_token": t.host, "tokens": t.tokens}
        return Response(orjson.dumps(body), status_code=201, media_type="application/json")

    async def health(request: Request) -> Response:
        return Response(b'{"ok":true}', media_type="application/json")

    async def metrics(request: Request) -> Response:
        return PlainTextResponse(f"schock_actions_total {floor.written}\n")

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        t = floor.tables[ws.path_params["table_id"]]
        seat: int | None = None
        entry: tuple[WebSocket, int | None] | None = None
        try:
            while True:
                msg = orjson.loads(await ws.receive_text())
                kind = msg.get("type")
                if kind == "hello":
                    if msg.get("token") in t.tokens:
                        seat = t.tokens.index(msg["token"])
                    await ws.send_text(dumps({"type": "welcome", "table": t.id, "seat": seat,
                                              "host": msg.get("host") == t.host}))
                    entry = (ws, seat)
                    t.conns.append(entry)
                    await ws.send_text(dumps(t.frame(seat)))
                elif kind == "host" and msg.get("command") == "start":
                    t.started = True
                    await t.broadcast()
                elif kind == "act":
                    if seat != t.actor or msg.get("n") != t.n or msg.get("action") not in LEGAL:
                        await ws.send_text(dumps({"type": "error", "code": "stale"}))
                        continue
                    floor.write(t.id, t.n, f"{seat} {msg['action']}")
                    t.n += 1
                    await t.broadcast()
        except (WebSocketDisconnect, RuntimeError):  # gone (RuntimeError: a send to it)
            pass
        finally:
            if entry is not None:
                t.conns.remove(entry)

    return Starlette(routes=[Route("/api/tables", create, methods=["POST"]),
                             Route("/api/health", health), Route("/metrics", metrics),
                             WebSocketRoute("/ws/tables/{table_id}", socket)])


def floor_command(db: str, port: int) -> list[str]:
    """The floor as a subprocess (what :func:`web.run` starts in place of schock serve)."""
    return [sys.executable, str(Path(__file__)), "--db", db, "--port", str(port)]


def serve(db: str, port: int) -> None:
    import uvicorn

    # schock serve's uvicorn options (src/schock/cli/serve.py run_server)
    uvicorn.run(make_app(db), host="127.0.0.1", port=port, ws_max_size=16384,
                ws_per_message_deflate=False, server_header=False, access_log=False,
                log_config=None)


def compare(players: int, seconds: float, think: float, only: str | None) -> None:
    import web

    rows: list[tuple[str, dict[str, float], str]] = []
    for key, name, command in (("floor", "floor", floor_command),
                               ("serve", "schock serve", web.serve_command)):
        if only not in (None, key):
            continue
        print(f"--- {name}")
        tables, cpu, _, server = web.run_loop(web.run(players, seconds, think, "porz", 1,
                                                      command=command))
        rows.append((name, web.report(tables, cpu, seconds, server),
                     " ".join(f"{x:.2f}" for x in os.getloadavg())))
    print(f"\nplayers {players} think {think}s seconds {seconds:.0f}")
    print(f"{'server':<14}{'cpu_ms/action':>15}{'actions/s':>11}{'p50_ms':>9}{'p99_ms':>9}"
          f"  load at the end")
    for name, f, load in rows:
        print(f"{name:<14}{f['cpu']:>15.3f}{f['rate']:>11.0f}{f['p50']:>9.1f}{f['p99']:>9.1f}"
              f"  {load}")
    if len(rows) == 2 and rows[0][1]["cpu"] > 0:
        print(f"cost_ratio {rows[1][1]['cpu'] / rows[0][1]['cpu']:.2f}"
              " (schock serve / floor; target <= 2)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--compare", action="store_true",
                    help="run the players against the floor and schock serve, side by side")
    ap.add_argument("--only", choices=("floor", "serve"), default=None,
                    help="with --compare: only this server")
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--think", type=float, default=1.0, help="mean think time, seconds")
    ap.add_argument("--port", type=int, default=8765, help="serve the floor here")
    ap.add_argument("--db", default=None, help="serve the floor: its SQLite file")
    a = ap.parse_args()
    if a.compare:
        compare(max(3, min(a.players, 3000)), max(1.0, min(a.seconds, 600.0)), a.think, a.only)
    elif a.db is not None:
        serve(a.db, a.port)
    else:
        ap.error("--compare, or --db (and --port) to serve the floor")


if __name__ == "__main__":
    main()
