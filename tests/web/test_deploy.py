"""Deployment as docs/deploy.md shows it, with the files in deploy/ (issue 24, items 3 and
5): Caddy in front of the command line of deploy/schock.service; nginx with
deploy/nginx.conf in front of ``schock serve --workers 2`` on PostgreSQL, routing every
request of a table to one process; one ``schock serve`` per SQLite file. Every server is
a real process on loopback in a temporary directory; games are played over the proxy's
websocket path."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import signal
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from servers import (
    DEPLOY,
    REPO,
    caddy,
    caddyfile,
    free_port,
    http_ok,
    nginx,
    nginx_site,
    serve,
    serving,
    stop,
    wait_until,
)
from webhelp import hello, new_table, play_out
from websockets.sync.client import ClientConnection, connect


class Socket:
    """A real websocket with the TestClient's send_json/receive_json."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    def send_json(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def receive_json(self) -> Any:
        return json.loads(self.ws.recv(timeout=30))  # a message that never comes fails


class Client:
    """HTTP and websockets against a base URL, shaped like the TestClient for webhelp."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30)

    def post(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.post(path, **kw)

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.get(path, **kw)

    @contextmanager
    def websocket_connect(self, path: str) -> Iterator[Socket]:
        with connect("ws" + self.base[len("http"):] + path, open_timeout=30) as ws:
            yield Socket(ws)


#: The simulated players act as fast as the machine lets them: no message rate limit.
FAST_PLAYERS = {"SCHOCK_RATE": "10000", "SCHOCK_BURST": "100000"}


def service(port: int, db: str, base_url: str) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of deploy/schock.service, with this checkout's
    schock, a test port, database and base URL."""
    text = (DEPLOY / "schock.service").read_text()
    line = re.search(r"^ExecStart=(.*)$", text, re.M)
    assert line, "deploy/schock.service: no ExecStart"
    args = shlex.split(line[1])
    assert args[:2] == ["/opt/schock/bin/schock", "serve"], args
    env = dict(re.findall(r"^Environment=(\w+)=(.*)$", text, re.M))
    assert env["SCHOCK_PORT"] == "8000" and env["SCHOCK_HOST"] == "127.0.0.1", env
    assert env["SCHOCK_FORWARDED_ALLOW_IPS"] == "127.0.0.1", env
    env.update(SCHOCK_PORT=str(port), SCHOCK_DB=db, SCHOCK_BASE_URL=base_url,
               SCHOCK_BOT_DELAY="0", **FAST_PLAYERS)
    return args[2:], env


def test_caddy_in_front_of_the_systemd_service(tmp_path: Path) -> None:
    """deploy/Caddyfile (as a plain-http loopback site: no certificate) in front of what
    deploy/schock.service runs; a whole game through Caddy's websocket; the links handed
    out start with the base URL, and the client address comes from Caddy's header."""
    app, site = free_port(), free_port()
    base_url = f"http://127.0.0.1:{site}"
    args, env = service(app, str(tmp_path / "schock.db"), base_url)
    with serving(args, [app], tmp_path / "serve.log", env), \
            caddy(caddyfile(app, site), site, tmp_path / "caddy") as base:
        client = Client(base)
        info = new_table(client, preset="porz")  # type: ignore[arg-type]
        assert info["host_link"].startswith(base_url + f"/t/{info['table']}")
        last = play_out(client, info, random.Random(4))  # type: ignore[arg-type]
        assert last["table"]["over"] and last["view"]["loser"] is not None
        r = client.get(f"/api/tables/{info['table']}/record")
        assert r.status_code == 200 and json.loads(r.text)["actions"]
        page = client.get(f"/t/{info['table']}")
        assert page.status_code == 200 and "/static/" in page.text
        js = client.get("/static/table.js", headers={"Accept-Encoding": "gzip"})
        assert js.status_code == 200 and js.headers.get("content-encoding") == "gzip"


def test_metrics_stay_private_behind_both_proxies(tmp_path: Path) -> None:
    """deploy/nginx.conf and deploy/Caddyfile in front of one ``schock serve``: /metrics
    (in any spelling a proxy passes on) is refused at the door and, had it passed, by
    schock, which answers it only on a direct connection from this machine."""
    app, site_nginx, site_caddy = free_port(), free_port(), free_port()
    args, env = service(app, str(tmp_path / "schock.db"), f"http://127.0.0.1:{site_caddy}")
    with serving(args, [app], tmp_path / "serve.log", env), \
            nginx(nginx_site([app], site_nginx), site_nginx, tmp_path / "nginx") as by_nginx, \
            caddy(caddyfile(app, site_caddy), site_caddy, tmp_path / "caddy") as by_caddy:
        direct = httpx.get(f"http://127.0.0.1:{app}/metrics")
        assert direct.status_code == 200 and "schock_tables_live" in direct.text
        for base in (by_nginx, by_caddy):
            assert httpx.get(base + "/api/health").status_code == 200  # the proxy works
            for path in ("/metrics", "/metrics?x=1"):  # refused at the door (schock: 403)
                assert httpx.get(base + path).status_code == 404, (base, path)
            for path in ("/metrics/", "//metrics", "/%6detrics"):
                r = httpx.get(base + path)  # a redirect (/metrics/) leads to /metrics
                assert r.status_code in (307, 403, 404) and "schock_" not in r.text, (base, path)
            r = httpx.get(base + "/metrics", headers={"X-Forwarded-For": "127.0.0.1"})
            assert r.status_code in (403, 404) and "schock_" not in r.text


def _two_free_ports() -> int:
    for _ in range(50):
        p = free_port()
        if p < 65535 and _free(p + 1):
            return p
    raise RuntimeError("no two free ports in a row")


def _free(port: int) -> bool:
    import socket

    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def test_nginx_routes_each_table_to_one_of_two_processes(tmp_path: Path, pg_url: str) -> None:
    """``schock serve --workers 2`` on PostgreSQL behind deploy/nginx.conf: every request
    of a table (page, websocket, record) reaches one process, tables are spread over
    both, and games with two people on their own sockets are played to the end (with
    two processes and no routing by table the people would sit at two copies of the
    table and never see each other's moves). The tournament pages answer from either."""
    first, site = _two_free_ports(), free_port()
    ports = [first, first + 1]
    args = ["--workers", "2", "--port", str(first), "--db", pg_url, "--bot-delay", "0",
            "--forwarded-allow-ips", "127.0.0.1",
            *(x for k, v in FAST_PLAYERS.items() for x in (f"--{k[7:].lower()}", v))]
    conf = nginx_site(ports, site)
    # our main configuration logs which process answered each request
    with serving(args, ports, tmp_path / "serve.log") as proc, \
            nginx(conf, site, tmp_path / "nginx", log_format="$uri $upstream_addr") as base:
        client = Client(base)
        tables = [new_table(client, preset="porz") for _ in range(16)]  # type: ignore[arg-type]
        for info in tables:
            assert client.get(f"/t/{info['table']}").status_code == 200
            with client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
                hello(ws, token=info["tokens"][0])
                assert read_until_human_or_lobby(ws)["table"]["id"] == info["table"]
        for seed, info in enumerate(tables[:3]):
            last = play_out(client, info, random.Random(seed))  # type: ignore[arg-type]
            assert last["table"]["over"]
            assert client.get(f"/api/tables/{info['table']}/record").status_code == 200
        # a tournament: its pages read the database, so either process answers them
        r = client.post("/turnier", data={"name": "Pokal", "preset": "porz"},
                        follow_redirects=False)
        assert r.status_code == 303, r.text
        organizer = r.headers["location"]
        tid = organizer.split("/")[2].split("?")[0]
        for name in ("Anna", "Ben", "Cem", "Dora"):
            key = organizer.split("k=")[1]
            assert client.post(f"/turnier/{tid}/do", data={"k": key, "action": "register",
                                                            "name": name},
                               follow_redirects=False).status_code == 303
        for _ in range(4):
            assert "Dora" in client.get(organizer).text
            assert client.get(f"/api/turnier/{tid}/projector").status_code == 200
        access = (tmp_path / "nginx" / "access.log").read_text().splitlines()
        stop(proc)
        assert proc.returncode == 0  # SIGTERM stops both processes and the parent cleanly
    served: dict[str, set[str]] = defaultdict(set)
    for line in access:
        uri, upstream = line.split(" ", 1)
        m = re.match(r"^/(?:t|ws/tables|api/tables)/([A-Za-z0-9_-]+)", uri)
        if m and m[1] in {t["table"] for t in tables}:
            served[m[1]].add(upstream)
    assert set(served) == {t["table"] for t in tables}
    assert all(len(up) == 1 for up in served.values()), served
    assert {next(iter(up)) for up in served.values()} == {f"127.0.0.1:{p}" for p in ports}
    organizer_ups = {line.split(" ", 1)[1] for line in access if line.startswith(f"/turnier/{tid}")}
    assert len(organizer_ups) == 2, organizer_ups  # round robin over both processes


def read_until_human_or_lobby(ws: Any) -> dict[str, Any]:
    """The first state a socket gets (a table not started yet is a lobby)."""
    while (m := ws.receive_json())["type"] != "state":
        pass
    return dict(m)


def _schock(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run([sys.executable, "-m", "schock", "serve", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def test_one_serving_process_per_sqlite_file(tmp_path: Path) -> None:
    """A second ``schock serve`` on the same SQLite file refuses (exit 2, one line naming
    the file and the running process) and changes nothing; so does ``--workers 2`` on
    SQLite. After the first one is killed (SIGKILL: no clean-up), the file serves again."""
    db = str(tmp_path / "one.db")
    one = free_port()
    log = tmp_path / "one.log"
    proc = serve(["--port", str(one), "--db", db], log)
    try:
        wait_until(lambda: http_ok(f"http://127.0.0.1:{one}/api/health"), proc, "serve", log)
        before = Path(db).stat().st_mtime_ns
        second = _schock("--port", str(free_port()), "--db", db)
        assert second.returncode == 2, second
        assert f"Datenbank {db}: ein anderer schock-Prozess bedient sie schon (pid " in second.stderr
        assert second.stderr.count("\n") == 1 and "Traceback" not in second.stderr
        workers = _schock("--port", str(free_port()), "--db", db, "--workers", "2")
        assert workers.returncode == 2 and "--workers 2: mehrere Prozesse brauchen PostgreSQL" \
            in workers.stderr
        assert Path(db).stat().st_mtime_ns == before
        assert http_ok(f"http://127.0.0.1:{one}/api/health")  # the first one serves on
    finally:
        stop(proc, signal.SIGKILL)
    again = free_port()
    with serving(["--port", str(again), "--db", db], [again], tmp_path / "again.log"):
        assert http_ok(f"http://127.0.0.1:{again}/api/health")


#: irmgarteich with two games a round (as in test_tournament_online)
SHORT = 'extends = "irmgarteich"\nname = "Online-Pokal"\ngames_per_round = 2\ntrinkrunden = 0\n'


def _online_tables(page: str) -> dict[int, str]:
    """The organizer page's online tables: number -> browser table id (from the action
    path of its forms, which carries the id so the proxy routes them to its process)."""
    out = {}
    for block in page.split('<div class="tcard online"')[1:]:
        number = int(re.search(r'data-online="(\d+)"', block)[1])  # type: ignore[index]
        ids = set(re.findall(r'action="/t/([\w-]+)/turnier"', block))
        assert len(ids) == 1, block
        out[number] = ids.pop()
    return out


def _until_round_done(ws: Socket) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == "state" and m["table"]["series"]["game"] is None \
                and m["table"]["step"] == "over":
            return dict(m)


def _play_round_as(ws: Socket) -> dict[str, Any]:
    """A drawn player plays his online table's round: his decisions (the first listed
    action the engine takes), and after each game he asks for the next one; returns
    the state that says the round is over."""
    acted, voted, choices = (0, -1), 0, []  # (game, n) acted at
    while True:
        m = ws.receive_json()
        if m["type"] == "error" and choices:  # the engine refused a listed action
            ws.send_json({"type": "act", "n": acted[1], "action": choices.pop(0)})
            continue
        if m["type"] != "state" or not m["table"]["started"]:
            continue
        table = m["table"]
        if table["step"] == "over":
            if table["series"]["game"] is None:
                return dict(m)
            if voted < table["game"]:
                voted = table["game"]
                ws.send_json({"type": "rematch"})
        elif table["step"] == "human" and m["legal"] and (table["game"], m["n"]) > acted:
            acted, choices = (table["game"], m["n"]), list(m["legal"])
            ws.send_json({"type": "act", "n": m["n"], "action": choices.pop(0)})


def _upstream(access: Path, path: str) -> str:
    """The process nginx sent the last request for ``path`` to (its access log in the
    format ``$uri $upstream_addr``)."""
    wait_until(lambda: f"{path} " in access.read_text(), None, "nginx's log line")
    return [line.split(" ", 1)[1] for line in access.read_text().splitlines()
            if line.startswith(f"{path} ")][-1]


def test_an_online_tournament_round_over_two_processes(tmp_path: Path, pg_url: str) -> None:
    """Issue 24 item 5, issue 34 item 5: an online tournament round with ``--workers 2``
    on PostgreSQL behind deploy/nginx.conf. The organizer acts through the proxy (each
    table's actions on its own path reach its process) and straight at each process (a
    process that does not hold a table acts on its own copy: the database settles it,
    and the process that holds the table hears of the change). Bots play table 1 and
    two seats of table 2; the third player of table 2 plays at the process nginx would
    not choose for his table, and a spectator of table 1 watches there too. Every game
    enters itself once; both processes show the same organizer page."""
    import test_tournament_online as online

    first, site = _two_free_ports(), free_port()
    ports = [first, first + 1]
    args = ["--workers", "2", "--port", str(first), "--db", pg_url, "--bot-delay", "0",
            "--forwarded-allow-ips", "127.0.0.1", "--base-url", f"http://127.0.0.1:{site}",
            *(x for k, v in FAST_PLAYERS.items() for x in (f"--{k[7:].lower()}", v))]
    with serving(args, ports, tmp_path / "serve.log"), \
            nginx(nginx_site(ports, site), site, tmp_path / "nginx",
                  log_format="$uri $upstream_addr") as base:
        proxy = Client(base)
        direct = [Client(f"http://127.0.0.1:{p}") for p in ports]
        r = proxy.post("/turnier", data={"name": "Pokal", "preset": "irmgarteich"},
                       files={"format_file": ("kurz.toml", SHORT.encode())},
                       follow_redirects=False)
        assert r.status_code == 303, r.text
        tid, key = re.fullmatch(r"/turnier/(\w+)\?k=([\w-]+)", r.headers["location"]).groups()  # type: ignore[union-attr]

        def do(client: Client, path: str, **data: Any) -> httpx.Response:
            return client.post(path, data={"k": key, **data}, follow_redirects=False)

        for name in ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"):
            assert do(proxy, f"/turnier/{tid}/do", action="register", name=name).status_code == 303
        assert do(proxy, f"/turnier/{tid}/do", action="all_present").status_code == 303
        assert do(proxy, f"/turnier/{tid}/do", action="draw",
                  tables="1,2,3|4,5,6").status_code == 303
        assert do(direct[0], f"/turnier/{tid}/online", action="open").status_code == 200
        ids = _online_tables(direct[1].get(f"/turnier/{tid}?k={key}").text)
        assert ids == _online_tables(direct[0].get(f"/turnier/{tid}?k={key}").text)
        fritz = online._tables(proxy, tid, key)[2]["tokens"][2]  # type: ignore[arg-type]
        # table 1: bots through the proxy (its process) and straight at one process;
        # table 2: two bots through both processes, the third seat a person
        for seat in range(3):
            via = proxy if seat < 2 else direct[0]
            assert do(via, f"/t/{ids[1]}/turnier", tid=tid, action="bot",
                      seat=seat).status_code == 303
            if seat < 2:
                assert do(direct[seat], f"/t/{ids[2]}/turnier", tid=tid, action="bot",
                          seat=seat).status_code == 303
        for client in direct:  # every process reads the seats from the database
            states = re.findall(r'<span class="oseat">([^<]*)</span>',
                                client.get(f"/turnier/{tid}?k={key}").text)
            assert states.count("Bot (heuristic)") == 5, states
        # each table's other process: the one nginx does not send the table's requests to
        access = tmp_path / "nginx" / "access.log"
        wrong = {}
        for tb in (1, 2):
            assert proxy.get(f"/t/{ids[tb]}").status_code == 200
            chosen = _upstream(access, f"/t/{ids[tb]}")
            wrong[tb] = next(c for p, c in zip(ports, direct, strict=True)
                             if f"127.0.0.1:{p}" != chosen)
        with proxy.websocket_connect(f"/ws/tables/{ids[1]}") as one, \
                proxy.websocket_connect(f"/ws/tables/{ids[2]}") as two, \
                wrong[1].websocket_connect(f"/ws/tables/{ids[1]}") as far, \
                wrong[2].websocket_connect(f"/ws/tables/{ids[2]}") as player:
            for ws in (one, two, far):
                hello(ws)
            hello(player, token=fritz)
            for ws in (one, two, far, player):
                assert not read_until_human_or_lobby(ws)["table"]["started"]
            r = do(direct[1], f"/turnier/{tid}/online", action="start_all")
            assert r.status_code == 200 and "2 Online-Tisch(e) gestartet" in r.text
            last = [_until_round_done(ws) for ws in (one, far)]
            last.append(_play_round_as(player))
            last.append(_until_round_done(two))
        for m in last:
            assert m["table"]["series"]["note"]["de"].startswith("Spiel 2 im Turnier eingetragen")
        for client in direct:
            page = client.get(f"/turnier/{tid}?k={key}").text
            assert page.count('class="ostatus">Runde fertig<') == 2, page
            plan = client.get(f"/api/turnier/{tid}/projector").json()["plan"]
            assert all(p["done"] for p in plan)
        # the organizer page's live parts are the same from both processes (one ETag)
        tags = {proxy.get(f"/api/turnier/{tid}/organizer?k={key}").headers["etag"]
                for _ in range(4)}
        assert len(tags) == 1, tags
        history = direct[0].get(f"/turnier/{tid}?k={key}").text
        entered = re.findall(r"Runde 1, Tisch (\d), Spiel (\d): Verlierer", history)
        assert sorted(entered) == [("1", "1"), ("1", "2"), ("2", "1"), ("2", "2")]  # once each
        # one table's action at the process that does not hold it: refused the same way
        for client in direct:
            r = do(client, f"/t/{ids[1]}/turnier", tid=tid, action="next")
            assert r.status_code == 409 and "Runde 1" in r.text
