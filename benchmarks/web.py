"""Load on ``schock serve``: N simulated players at tables of 3 play real games.

It starts ``schock serve`` itself (a subprocess, on loopback, a fresh SQLite file,
limits opened for one load generator: see :func:`serve_command`), creates N/3 tables
of three people, seats every player (one websocket each, welcomed) and then starts the
clock: each player acts when its seat has a legal action, after a think time (uniform
0.5-1.5 x ``--think``). The latency of an action is the time from sending it to the
moment every seat of the table has received the resulting state. Bounded: at most
--players (<= 3000) and --seconds (<= 600).

The issue 24 targets (one process; the load generator on the same machine):

    python benchmarks/web.py --players 1000 --seconds 60    # target p99 <= 50 ms
    python benchmarks/web.py --players 2000 --seconds 60    # target p99 <= 150 ms
    python benchmarks/web_cluster.py --players 1000 1600 --workers 1 2 --seconds 60
        # PostgreSQL + schock serve --workers N + nginx (deploy/nginx.conf): 2 workers
        # with 1.6x the players (so 1.6x the actions/s) should keep 1 worker's p99

Other runs:

    python benchmarks/web.py --players 600 --preset mosel --seconds 120   # long games
    python benchmarks/web.py --players 1000 --processes 2
    python benchmarks/web.py --per-action                                 # server CPU by action
    python benchmarks/web.py --in-process          # TableSession.act's CPU, no sockets
    python benchmarks/web.py --players 1000 --profile serve.prof          # where it goes
    python benchmarks/floor_server.py --compare --players 1000 --seconds 60
        # the same players against a minimal server on the same stack: issue 34's
        # target is schock serve <= 2 x the floor's CPU per action
    python benchmarks/web.py --players 1000 --url http://127.0.0.1:8080 --server-pid PID

Prints the load average when the clock starts and at the end (the machine's other
work makes latencies noisy; CPU per action is the steadier figure), p50/p99 over all
actions, p99 of early (actions 1-50 of a game) and late (actions 150 and later)
actions, the frame sizes sent, and the server's CPU time per action (user + system of
the server processes and their children over the measured time, divided by the
actions measured), and the server's own p50/p99 read from its ``/metrics`` latency
histogram over the measured time (``schock_action_seconds``: from the moment the server
reads an act frame to every connection's new state handed to its socket; interpolated
within the histogram's buckets). The players' p99 also holds the load generator's own
delays on the shared cores and the sockets' way back; the two apart say which side is
slow. Ends with ``p99_ms <n>``.

``--processes N`` runs N independent server processes, each with its own SQLite file
(one writer per database file); each table lives in the process it was created on and
its players connect there, as a proxy routing by table id would send them.

``--url`` runs the players against a server that is already running, e.g. nginx with
deploy/nginx.conf in front of ``schock serve --workers 2`` on PostgreSQL (docs/deploy.md):
tables are created through the proxy and live where it routes them. ``--server-pid``
names the server processes whose CPU time is counted.

``--per-action`` measures in one process, without sockets, what the server does for
one action of a long mosel game (apply, narration, a state frame for each of three
seats and a spectator, JSON): its CPU time at actions 20-40 against 230-250. With
``--whole-log`` it does the same the way the server did before frames carried only
what changed (the whole game narrated again and sent in every frame), for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
import websockets


def serve_command(db: str, port: int) -> list[str]:
    """``schock serve`` as a deployment runs it (connection guard, uvicorn options, the
    collector tuning), with the limits opened for one load generator on loopback."""
    return [sys.executable, "-m", "schock", "serve", "--db", db, "--port", str(port),
            "--bot-delay", "0", "--max-tables-per-host", "10000", "--rate", "100",
            "--burst", "200", "--max-spectators-per-table", "10",
            "--max-connections-per-address", "100000"]


#: ``schock serve`` with cProfile on its event loop's thread, counting that thread's CPU
#: time (not the time it waits), from SIGUSR1 (sent when the clock starts) to its end.
_PROFILED = """import cProfile, signal, sys, time
from schock.cli import main
profile = cProfile.Profile(time.thread_time)
signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
try:
    main(sys.argv[2:], prog_name="schock")
finally:
    profile.disable()
    profile.dump_stats(sys.argv[1])
"""


def profiled(out: str) -> Callable[[str, int], list[str]]:
    """``schock serve`` profiled over the measured time (``--profile``; the profile is
    written to ``out`` when the run ends: ``python -m pstats``)."""
    def command(db: str, port: int) -> list[str]:
        line = serve_command(db, port)
        return [line[0], "-c", _PROFILED, out, *line[3:]]
    return command


T = TypeVar("T")

EARLY = 50
"""Actions 1 to EARLY of a game are early."""
LATE = 150
"""Actions from LATE on are late."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(roots: tuple[int, ...]) -> float:
    """CPU seconds of the processes ``roots`` and all their descendants (Linux /proc)."""
    parent: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                parent[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    total = 0.0
    for pid in parent:
        p = pid
        while p > 1 and p not in roots:
            p = parent.get(p, 0)
        if p in roots:
            try:
                total += cpu_seconds(pid)
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
    return total


def action_histogram(bases: list[str]) -> dict[float, float]:
    """The servers' ``schock_action_seconds`` histogram (``/metrics``), summed over
    ``bases``: cumulative count of actions by bucket upper bound (seconds); under the
    key -1 the actions they wrote (``schock_actions_total``: the players', and the
    automatic moves and bots' that nobody times)."""
    from prometheus_client.parser import text_string_to_metric_families

    counts: dict[float, float] = {}
    for base in bases:
        text = httpx.get(f"{base}/metrics", timeout=30).text
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if family.name == "schock_action_seconds" and sample.name.endswith("_bucket"):
                    key = float(sample.labels["le"])
                elif sample.name == "schock_actions_total":
                    key = -1.0
                else:
                    continue
                counts[key] = counts.get(key, 0.0) + sample.value
    return counts


def histogram_quantile(before: dict[float, float], after: dict[float, float],
                       q: float) -> tuple[float, int]:
    """The ``q`` quantile (seconds) of what the histogram gained from ``before`` to
    ``after``, interpolated in its bucket as Prometheus's ``histogram_quantile`` does
    (the last finite bound if it falls in the open bucket), and the count.

    >>> histogram_quantile({}, {0.01: 90.0, 0.05: 99.0, 0.1: 100.0, float("inf"): 100.0}, 0.99)
    (0.05, 100)
    >>> histogram_quantile({0.01: 10.0, 0.05: 10.0, float("inf"): 10.0},
    ...                    {0.01: 60.0, 0.05: 110.0, float("inf"): 110.0}, 0.75)
    (0.03, 100)
    """
    bounds = sorted(b for b in after if b >= 0)
    gained = [after[b] - before.get(b, 0.0) for b in bounds]
    total = gained[-1] if gained else 0.0
    if total <= 0:
        return float("nan"), 0
    rank, lower, below = q * total, 0.0, 0.0
    for bound, count in zip(bounds, gained, strict=True):
        if count >= rank:
            if bound == float("inf"):
                return lower, int(total)
            share = (rank - below) / (count - below) if count > below else 1.0
            return round(lower + (bound - lower) * share, 9), int(total)
        lower, below = bound, count
    return lower, int(total)  # pragma: no cover - the +Inf bucket holds every count


class Table:
    def __init__(self) -> None:
        self.sent: dict[int, float] = {}  # target n -> send time
        self.seen: dict[int, int] = {}  # target n -> seats that saw it
        self.latencies: list[tuple[int, float]] = []  # (action number, seconds)
        self.frame_bytes: list[tuple[int, int]] = []  # (action number, bytes of a frame)


class Start:
    """Every player sits at its table (connected, welcomed) before the clock starts, so
    the connection storm of the start is not measured as play."""

    def __init__(self, players: int, seconds: float) -> None:
        self.waiting, self.seconds = players, seconds
        self.go = asyncio.Event()
        self.stop_at = 0.0

    def seated(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.stop_at = time.monotonic() + self.seconds
            self.go.set()


async def player(url: str, token: str, table: Table, seat: int, think: float,
                 start: Start, rng: random.Random) -> None:
    seated = False
    try:
        async with websockets.connect(url, max_size=2**22, open_timeout=120) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            while json.loads(await ws.recv())["type"] != "welcome":
                pass
            seated = True
            start.seated()
            await start.go.wait()
            await play(ws, table, seat, think, start.stop_at, rng)
    finally:
        if not seated:
            start.seated()


async def play(ws: websockets.ClientConnection, table: Table, seat: int, think: float,
               stop_at: float, rng: random.Random) -> None:
    try:  # one deadline for the whole game (cheaper than one per frame)
        async with asyncio.timeout(max(0.1, stop_at - time.monotonic())):
            await turns(ws, table, seat, think, rng)
    except TimeoutError:
        return


async def turns(ws: websockets.ClientConnection, table: Table, seat: int, think: float,
                rng: random.Random) -> None:
    acted = -1  # the action count this player last acted at (one action per state)
    while True:
        raw = await ws.recv()
        msg = json.loads(raw)
        if msg["type"] != "state":
            continue
        n = msg["n"]
        if seat == 0:
            table.frame_bytes.append((n, len(raw)))
        if n in table.sent:
            table.seen[n] = table.seen.get(n, 0) + 1
            if table.seen[n] == 3:
                table.latencies.append((n, time.perf_counter() - table.sent.pop(n)))
        if msg["table"]["over"]:
            return
        if msg["legal"] and msg["table"]["step"] == "human" and n != acted:
            acted = n
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            table.sent[n + 1] = time.perf_counter()
            table.seen[n + 1] = 0
            await ws.send(json.dumps({"type": "act", "n": n, "action": rng.choice(msg["legal"])}))


async def wait_healthy(base: str) -> None:
    async with httpx.AsyncClient(base_url=base) as http:
        for _ in range(400):
            try:
                if (await http.get("/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.05)
    raise SystemExit(f"the server at {base} did not come up")


async def run(players: int, seconds: float, think: float, preset: str,
              processes: int, url: str | None = None, pids: tuple[int, ...] = (),
              others: tuple[int, ...] = (), metrics: tuple[str, ...] = (),
              command: Callable[[str, int], list[str]] = serve_command,
              profiling: bool = False,
              ) -> tuple[list[Table], float, float, dict[str, float]]:
    """With ``url``: against a server already running there (e.g. nginx with
    deploy/nginx.conf in front of ``schock serve --workers N``); ``pids``: its processes,
    whose CPU time (with their children's) is counted; ``others``: processes counted
    apart (the proxy, the database); ``metrics``: where its processes' ``/metrics`` are
    read (default: ``url``). Returns the tables, the server's CPU seconds and the
    others' CPU seconds over the measured time, and the server's own latency figures
    (:func:`server_figures`). ``command``: how a server is started (``schock serve``;
    benchmarks/floor_server.py passes its floor); ``profiling``: it is :func:`profiled`,
    told when the clock starts."""
    ports = [] if url else [free_port() for _ in range(processes)]
    bases = [url.rstrip("/")] if url else [f"http://127.0.0.1:{p}" for p in ports]
    metric_bases = list(metrics) or bases
    with tempfile.TemporaryDirectory() as tmp:
        procs = [subprocess.Popen(command(str(Path(tmp) / f"b{i}.db"), port),
                                  stdout=subprocess.DEVNULL, env=dict(os.environ))
                 for i, port in enumerate(ports)]
        pids = tuple(p.pid for p in procs) or pids
        try:
            for base in bases:
                await wait_healthy(base)
            infos: list[tuple[str, dict]] = []  # (base, table) - the table lives there
            clients = {b: httpx.AsyncClient(base_url=b, timeout=60) for b in bases}
            for i in range(players // 3):
                base = bases[i % len(bases)]
                r = await clients[base].post("/api/tables", json={"preset": preset, "seats": [
                    {"name": f"A{i}"}, {"name": f"B{i}"}, {"name": f"C{i}"}]})
                infos.append((base, r.json()))
            for c in clients.values():
                await c.aclose()
            for base, info in infos:  # the host starts every table
                async with websockets.connect(f"ws{base[4:]}/ws/tables/{info['table']}") as h:
                    await h.send(json.dumps({"type": "hello", "host": info["host_token"]}))
                    await h.send(json.dumps({"type": "host", "command": "start"}))
                    await h.recv()
                    await h.recv()
            tables = [Table() for _ in infos]
            rng = random.Random(1)
            start = Start(3 * len(infos), seconds)
            tasks = [asyncio.ensure_future(
                player(f"ws{base[4:]}/ws/tables/{info['table']}", info["tokens"][s],
                       t, s, think, start, random.Random(rng.random())))
                for (base, info), t in zip(infos, tables, strict=True) for s in range(3)
            ]
            began = time.monotonic()
            await start.go.wait()
            if profiling:  # from now on (--profile)
                for p in procs:
                    p.send_signal(signal.SIGUSR1)
            cpu0, other0, own0 = tree_cpu(pids), tree_cpu(others), time.process_time()
            hist0 = await asyncio.to_thread(action_histogram, metric_bases)
            print(f"seated {len(tasks)} players in {time.monotonic() - began:.1f} s;"
                  f" load average {os.getloadavg()[0]:.2f}")
            await asyncio.gather(*tasks, return_exceptions=True)
            cpu, other = tree_cpu(pids) - cpu0, tree_cpu(others) - other0
            server = server_figures(hist0, await asyncio.to_thread(action_histogram,
                                                                   metric_bases))
            measured = sum(len(t.latencies) for t in tables)
            print(f"load_generator_cpu_ms_per_action"
                  f" {(time.process_time() - own0) / max(1, measured) * 1000:.2f}"
                  " (the players, on the same cores)")
            print(f"load average at the end {os.getloadavg()[0]:.2f}")
            return tables, cpu, other, server
        finally:
            for p in procs:  # as Ctrl+C: uvicorn re-raises it once it has shut down, and
                p.send_signal(signal.SIGINT)  # a profiled server writes its profile then
            for p in procs:
                p.wait(60)


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """Run the players on uvloop (as uvicorn runs the server), so that the load
    generator takes less of the cores it shares with the server."""
    import uvloop

    return uvloop.run(main)


def quantile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def per_action(whole_log: bool, games: int) -> None:
    """Server CPU per action of long mosel games, by action number (no sockets)."""
    from schock import load_rules
    from schock.engine import Game, SeededDice
    from schock.narrate import Chronicle, account, render_text
    from schock.web.messages import state_message
    from schock.web.session import encode

    def whole(game: Game, lang: str) -> list[str]:  # the server's log before issue 24
        data = account(game)
        for half in data["halves"]:
            for r in half["rounds"]:
                if r["showdown"] is None:
                    r["turns"] = []
        return [x.strip() for x in render_text(data, lang).split("\n")[2:] if x.strip()]

    buckets: dict[str, list[float]] = {"20-40": [], "110-130": [], "230-250": []}
    sizes: dict[str, list[int]] = {k: [] for k in buckets}
    rng = random.Random(7)
    played = 0
    seed = 0
    while played < games:
        seed += 1
        game = Game(load_rules("mosel"), seats=["Anna", "Ben", "Cem"], dice=SeededDice(seed))
        chronicle = Chronicle(game)
        held = [0, 0, 0, 0]
        n = 0
        while not game.over:
            actor = game.actor
            assert actor is not None
            t0 = time.process_time()
            game.apply(actor, rng.choice(game.legal_actions()))
            n += 1
            if whole_log:
                log_lines = whole(game, "de")
                story: dict = {}
            else:
                frozen, lines = chronicle.lines("de")
                story = chronicle.story("de")
            frames = []
            for k, seat in enumerate((0, 1, 2, None)):
                if whole_log:
                    log = log_lines
                else:
                    log = {"from": held[k], "lines": lines[held[k]:]}  # type: ignore[assignment]
                    held[k] = frozen
                frames.append(encode(state_message(game, seat, table={}, log=log,  # type: ignore[arg-type]
                                                   story=story)))
            spent = time.process_time() - t0
            for key in buckets:
                lo, hi = (int(x) for x in key.split("-"))
                if lo <= n <= hi:
                    buckets[key].append(spent)
                    sizes[key].append(len(frames[0]))
        if n >= 250:
            played += 1
    how = "whole log narrated and sent every frame" if whole_log else "frames carry what changed"
    print(f"per-action server CPU, mosel, 3 seats + 1 spectator, {games} games of 250+ actions"
          f" ({how}):")
    for key, spent in buckets.items():
        print(f"  actions {key}: cpu_ms_per_action {statistics.mean(spent) * 1000:.2f}"
              f"  frame_bytes {statistics.mean(sizes[key]):.0f}")


def in_process(actions: int, memory: bool) -> float:
    """Server CPU per action of ``TableSession.act`` in this process: 30 porz tables of
    three people, each connection a socket stand-in that drops its frames, every action
    written by the process's writer thread to a SQLite file (``memory``: an in-memory
    database, written on the loop) and told to the table's three seats. No sockets, no
    players on the cores: a steadier figure than a run's on a shared machine (the
    stack's own cost is what benchmarks/floor_server.py measures). Returns ms/action."""
    from schock import load_rules
    from schock.store.db import open_database
    from schock.web.messages import legal_verbs
    from schock.web.repo import Repo, token_hash
    from schock.web.session import Connection, Refused, Tables
    from schock.web.settings import Settings

    async def dropped(message: object) -> None:
        return None

    async def play() -> float:
        with tempfile.TemporaryDirectory() as tmp:
            db = "sqlite://" if memory else str(Path(tmp) / "p.db")
            tables = Tables(Repo(open_database(db)),
                            Settings(db=db, bot_delay=0, max_tables_per_host=1000))
            rng = random.Random(1)
            seated = []
            for _ in range(30):
                session, _, tokens = tables.create(
                    load_rules("porz"), [("Anna", None), ("Ben", None), ("Cem", None)],
                    "127.0.0.1")
                session.started = True
                session.conns = [Connection(send=dropped, hashes=frozenset({token_hash(t)}))
                                 for t in tokens if t is not None]
                for c in session.conns:
                    c.seat, c.host = session.bound(c)
                seated.append(session)
            done, began, spent = 0, time.process_time(), 0.0
            while done < actions:
                session = rng.choice(seated)
                if session.game.over or session.step() != "human":
                    session.kick()
                    if session.driver is not None:
                        await session.driver
                    if all(s.game.over for s in seated):
                        break
                    continue
                actor = session.game.actor
                assert actor is not None
                verb = rng.choice(legal_verbs(actor, session.game.view(actor).legal))
                try:
                    await session.act(session.conns[actor], len(session.game.actions), verb)
                except Refused:
                    continue
                done += 1
                if done == 200:  # warmed up
                    began, done = time.process_time(), 0
            spent = time.process_time() - began
            return spent / max(1, done) * 1000

    return asyncio.run(play())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=1.0, help="mean think time, seconds")
    ap.add_argument("--preset", default="porz", help="porz (one half) or mosel (long games)")
    ap.add_argument("--processes", type=int, default=1,
                    help="independent server processes, tables routed to their own (<= 8)")
    ap.add_argument("--url", default=None,
                    help="a server already running there (a proxy in front of schock serve "
                         "--workers N, see docs/deploy.md) instead of starting one")
    ap.add_argument("--server-pid", type=int, action="append", default=[],
                    help="with --url: a server process whose CPU time is counted (repeat)")
    ap.add_argument("--per-action", action="store_true",
                    help="server CPU per action by action number, in this process")
    ap.add_argument("--whole-log", action="store_true",
                    help="with --per-action: narrate and send the whole log every frame")
    ap.add_argument("--games", type=int, default=3, help="with --per-action: long games")
    ap.add_argument("--in-process", action="store_true",
                    help="server CPU per action of TableSession.act in this process")
    ap.add_argument("--memory", action="store_true",
                    help="with --in-process: an in-memory database, written on the loop")
    ap.add_argument("--profile", default=None, metavar="FILE",
                    help="run schock serve under cProfile, its profile written to FILE")
    a = ap.parse_args()
    if a.per_action:
        per_action(a.whole_log, max(1, min(a.games, 50)))
        return
    if a.in_process:
        ms = min(in_process(3000, a.memory) for _ in range(3))  # the least disturbed of 3
        print(f"in_process_cpu_ms_per_action {ms:.3f} (TableSession.act, 3 seats,"
              f" {'in-memory database' if a.memory else 'SQLite file, writer thread'};"
              f" least of 3 runs; load average {os.getloadavg()[0]:.2f})")
        return
    players = max(3, min(a.players, 3000))
    seconds = max(1.0, min(a.seconds, 600.0))
    processes = max(1, min(a.processes, 8))
    command = serve_command if a.profile is None else profiled(str(Path(a.profile).resolve()))
    tables, cpu, _, server = run_loop(run(players, seconds, a.think, a.preset, processes, a.url,
                                          tuple(a.server_pid), command=command,
                                          profiling=a.profile is not None))
    where = f"url {a.url}" if a.url else f"processes {processes}"
    print(f"players {players} tables {players // 3} preset {a.preset} {where}"
          f" seconds {seconds:.0f} think {a.think}s")
    report(tables, cpu, seconds, server)


def server_figures(before: dict[float, float], after: dict[float, float]) -> dict[str, float]:
    """p50/p99 (ms) and count of the actions the servers timed over the measured time."""
    p50, count = histogram_quantile(before, after, 0.50)
    p99, _ = histogram_quantile(before, after, 0.99)
    return {"p50": p50 * 1000, "p99": p99 * 1000, "count": float(count),
            "written": after.get(-1.0, 0.0) - before.get(-1.0, 0.0)}


def report(tables: list[Table], cpu: float, seconds: float,
           server: dict[str, float] | None = None) -> dict[str, float]:
    """Print the figures of a run; returns actions/s, p50, p99 (ms) and CPU ms/action
    (and the server's own p99 as ``server_p99``)."""
    lat = [s for t in tables for _, s in t.latencies]
    early = [s for t in tables for n, s in t.latencies if n <= EARLY]
    late = [s for t in tables for n, s in t.latencies if n >= LATE]
    frames = [b for t in tables for _, b in t.frame_bytes]
    late_frames = [b for t in tables for n, b in t.frame_bytes if n >= LATE]
    if not lat:
        print("no actions measured")
        print("p99_ms nan")
        return {"rate": 0.0, "p50": float("nan"), "p99": float("nan"), "cpu": float("nan")}
    figures = {"rate": len(lat) / seconds, "p50": quantile(lat, 0.50) * 1000,
               "p99": quantile(lat, 0.99) * 1000, "cpu": cpu / len(lat) * 1000}
    print(f"actions {len(lat)} ({figures['rate']:.0f}/s)")
    print(f"p50_ms {figures['p50']:.1f}")
    print(f"early_p99_ms {quantile(early, 0.99) * 1000:.1f} (actions 1-{EARLY}: {len(early)})")
    print(f"late_p99_ms {quantile(late, 0.99) * 1000:.1f} (actions {LATE}+: {len(late)})")
    print(f"frame_bytes mean {statistics.mean(frames):.0f}"
          + (f", late {statistics.mean(late_frames):.0f}" if late_frames else ""))
    print(f"server_cpu_ms_per_action {figures['cpu']:.2f} ({cpu:.1f} s CPU)")
    if server is not None:  # the server's clock: from the act frame read to the frames queued
        figures["server_p99"] = server["p99"]
        print(f"server_side_p50_ms {server['p50']:.1f} server_side_p99_ms {server['p99']:.1f}"
              f" ({server['count']:.0f} acts timed by the server, /metrics histogram)")
        if server["written"] > 0:  # with the automatic moves, which nobody times
            print(f"server_cpu_ms_per_written_action {cpu / server['written'] * 1000:.2f}"
                  f" ({server['written']:.0f} actions written)")
    print(f"p99_ms {figures['p99']:.1f}")
    return figures

if __name__ == "__main__":
    main()
