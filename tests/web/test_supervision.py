"""``schock serve --workers 2`` supervised (issue 34 item 4), as real processes on a real
PostgreSQL: a worker killed with SIGKILL is started again on its port while the other
serves on, and its table comes back from the database for the player who reconnects;
a parent killed with SIGKILL takes its workers with it, so the ports are free for the
next start; a player whose socket is at the worker the proxy would not choose plays
with the others all the same (item 5)."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest
from servers import free_port, http_ok, nginx, nginx_site, serve, serving, stop, wait_until
from test_deploy import FAST_PLAYERS, Client, _two_free_ports
from webhelp import hello, new_table, read_until_human, until

pytestmark = pytest.mark.slow


def worker_pids(log: Path) -> dict[int, int]:
    """Each port's worker as the supervisor's log names it last."""
    found = re.findall(r"worker on port (\d+) started \(pid (\d+)\)", log.read_text())
    return {int(port): int(pid) for port, pid in found}


def gone(pid: int) -> bool:
    """Whether the process has ended (a zombie nobody reaped yet counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True


def _args(first: int, db: str) -> list[str]:
    return ["--workers", "2", "--port", str(first), "--db", db, "--bot-delay", "0",
            "--forwarded-allow-ips", "127.0.0.1",
            *(x for k, v in FAST_PLAYERS.items() for x in (f"--{k[7:].lower()}", v))]


def test_a_killed_worker_is_started_again_and_its_table_comes_back(
        tmp_path: Path, pg_url: str) -> None:
    first = _two_free_ports()
    ports, log = [first, first + 1], tmp_path / "serve.log"
    with serving(_args(first, pg_url), ports, log) as proc:
        pids = worker_pids(log)
        assert set(pids) == set(ports)
        at = Client(f"http://127.0.0.1:{first}")
        info = new_table(at, [{"name": "Anna"}, {"name": "Ben"}])  # type: ignore[arg-type]
        url = f"/ws/tables/{info['table']}"
        with at.websocket_connect(url) as host:
            hello(host, host=info["host_token"])
            host.send_json({"type": "host", "command": "start"})
            before = read_until_human(host)
        os.kill(pids[first], signal.SIGKILL)
        wait_until(lambda: gone(pids[first]), None, "the killed worker")
        assert http_ok(f"http://127.0.0.1:{first + 1}/api/health")  # the other one serves on
        wait_until(lambda: worker_pids(log)[first] != pids[first]
                   and http_ok(f"http://127.0.0.1:{first}/api/health"), proc,
                   f"a new worker on port {first}", log)
        assert worker_pids(log)[first + 1] == pids[first + 1] and not gone(pids[first + 1])
        assert proc.poll() is None
        with at.websocket_connect(url) as anna, at.websocket_connect(url) as ben:
            hello(anna, token=info["tokens"][0])
            hello(ben, token=info["tokens"][1])
            again = read_until_human(anna)
            assert again["n"] == before["n"] and again["view"]["actor"] == before["view"]["actor"]
            actor = anna if again["view"]["actor"] == 0 else ben
            mine = read_until_human(actor, n=again["n"])
            actor.send_json({"type": "act", "n": mine["n"], "action": mine["legal"][0]})
            other = anna if actor is ben else ben
            assert until(other, lambda m: m["type"] == "state" and m["n"] > before["n"])
        assert f"worker on port {first} (pid {pids[first]}) ended with status -9" \
            in log.read_text()


def test_a_killed_parent_takes_its_workers_with_it(tmp_path: Path, pg_url: str) -> None:
    first = _two_free_ports()
    ports, log = [first, first + 1], tmp_path / "serve.log"
    proc = serve(_args(first, pg_url), log)
    try:
        for port in ports:
            wait_until(lambda p=port: http_ok(f"http://127.0.0.1:{p}/api/health"), proc,  # type: ignore[misc]
                       f"schock serve on port {port}", log)
        pids = worker_pids(log)
        assert len(pids) == 2
    finally:
        stop(proc, signal.SIGKILL)
    wait_until(lambda: all(gone(pid) for pid in pids.values()), None, "the orphaned workers",
               log)
    assert f"the supervising process {proc.pid} is gone: stopping" in log.read_text()
    with serving(_args(first, pg_url), ports, tmp_path / "again.log"):  # the ports are free
        assert http_ok(f"http://127.0.0.1:{first}/api/health")


def test_players_at_the_worker_the_proxy_would_not_choose(tmp_path: Path, pg_url: str) -> None:
    """Anna plays through nginx, Ben straight at the other worker (as if the routing had
    changed): each sees the other's actions and the table plays on from both."""
    first, site = _two_free_ports(), free_port()
    ports = [first, first + 1]
    with serving(_args(first, pg_url), ports, tmp_path / "serve.log"), \
            nginx(nginx_site(ports, site), site, tmp_path / "nginx",
                  log_format="$uri $upstream_addr") as base:
        proxy = Client(base)
        info = new_table(proxy, [{"name": "Anna"}, {"name": "Ben"}])  # type: ignore[arg-type]
        url, page = f"/ws/tables/{info['table']}", f"/t/{info['table']}"
        assert proxy.get(page).status_code == 200
        access = tmp_path / "nginx" / "access.log"
        wait_until(lambda: f"{page} " in access.read_text(), None, "nginx's log line")
        chosen = [line.split(" ", 1)[1] for line in access.read_text().splitlines()
                  if line.startswith(f"{page} ")][-1]
        other = next(p for p in ports if f"127.0.0.1:{p}" != chosen)
        wrong = Client(f"http://127.0.0.1:{other}")
        with proxy.websocket_connect(url) as host, proxy.websocket_connect(url) as anna, \
                wrong.websocket_connect(url) as ben:
            hello(host, host=info["host_token"])
            hello(anna, token=info["tokens"][0])
            hello(ben, token=info["tokens"][1])
            host.send_json({"type": "host", "command": "start"})
            socks = {0: anna, 1: ben}
            for _ in range(6):  # six actions, each seen at the other's worker
                state = read_until_human(host)
                me, you = socks[state["view"]["actor"]], socks[1 - state["view"]["actor"]]
                mine = read_until_human(me, n=state["n"])
                me.send_json({"type": "act", "n": mine["n"], "action": mine["legal"][0]})
                n = state["n"]
                assert until(you, lambda m, n=n: m["type"] == "state" and m["n"] > n)
