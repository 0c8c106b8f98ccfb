"""Real servers for the deployment tests (not a test module): PostgreSQL, ``schock serve``
processes, nginx and Caddy, each on loopback (or a unix socket) in a temporary directory.

A missing program is an error under CI (``.ci/run`` installs the Debian packages) and
skips the test at a desk without it, like the ``chromium`` fixture. Readiness is
awaited by polling the server itself with a deadline, never by a fixed sleep.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
NGINX = "/usr/sbin/nginx"
CADDY = "/usr/bin/caddy"
START_TIMEOUT = 60.0


def need(program: str | None, what: str) -> str:
    """``program`` if it is installed; under CI an error, else a skip."""
    if program is not None and Path(program).exists():
        return program
    message = f"{what} is not installed ({program or 'not found'}); .ci/run installs it"
    if os.environ.get("CI") == "true":
        raise RuntimeError(message + ": CI must run the deployment tests")
    pytest.skip(message)


def pg_bindir() -> str | None:
    """The newest PostgreSQL server binaries (Debian: /usr/lib/postgresql/N/bin)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0)
    if found:
        return str(found[-1].parent)
    initdb = shutil.which("initdb")
    return str(Path(initdb).parent) if initdb else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(ready: Callable[[], bool], proc: subprocess.Popen[bytes] | None, what: str,
               log: Path | None = None) -> None:
    """Poll ``ready`` until it holds; fail at once if ``proc`` died, or after the deadline."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        with contextlib.suppress(Exception):
            if ready():
                return
        died = proc is not None and proc.poll() is not None
        if died or time.monotonic() > deadline:
            text = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
            state = f"exited with {proc.returncode}" if died and proc else "did not start in time"
            raise RuntimeError(f"{what} {state}\n{text}")
        time.sleep(0.05)


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> int:
    """Stop a server we started (its own id only) and wait for it."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return proc.returncode


def http_ok(url: str) -> bool:
    return httpx.get(url, timeout=2).status_code == 200


# ---------------------------------------------------------------------------- PostgreSQL
@dataclass
class Postgres:
    """A PostgreSQL cluster of our own: a unix socket in its directory, no TCP port."""

    dir: Path
    port: int
    proc: subprocess.Popen[bytes]
    user: str = "schock"
    made: list[str] = field(default_factory=list)
    owner: pwd.struct_passwd | None = None

    def url(self, database: str) -> str:
        return f"postgresql://{self.user}@/{database}?host={self.dir}&port={self.port}"

    def new_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        import psycopg

        name = f"t{len(self.made) + 1}"
        with psycopg.connect(host=str(self.dir), port=self.port, user=self.user,
                             dbname="postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return self.url(name)

    def stop(self) -> None:
        stop(self.proc, signal.SIGINT)  # fast shutdown
        shutil.rmtree(self.dir, ignore_errors=True)

    def restart(self, while_down: Callable[[], None] = lambda: None) -> None:
        """Stop the server (fast shutdown: every connection is cut), call ``while_down``,
        start it again on the same data and wait until it answers."""
        stop(self.proc, signal.SIGINT)
        while_down()
        self.proc = _launch(self.dir, self.port, self.owner)
        wait_until(self._ready, self.proc, "PostgreSQL", self.dir / "postgres.log")

    def _ready(self) -> bool:
        import psycopg

        with psycopg.connect(host=str(self.dir), port=self.port, user=self.user,
                             dbname="postgres", connect_timeout=2):
            return True


def _as_owner(owner: pwd.struct_passwd | None) -> dict[str, object]:
    if owner is None:
        return {}
    return {"user": owner.pw_uid, "group": owner.pw_gid, "extra_groups": []}


def start_postgres() -> Postgres:
    """initdb in a temporary directory and start the server on its unix socket only.
    PostgreSQL refuses to run as root: as root, the cluster belongs to the ``postgres``
    user of Debian's package (or ``nobody``)."""
    bindir = need(pg_bindir(), "PostgreSQL (Debian package postgresql)")
    owner = None
    if os.geteuid() == 0:
        for name in ("postgres", "nobody"):
            with contextlib.suppress(KeyError):
                owner = pwd.getpwnam(name)
                break
        assert owner is not None, "no unprivileged user for PostgreSQL"
    base = Path(tempfile.mkdtemp(prefix="schock-pg-"))
    if owner is not None:
        os.chown(base, owner.pw_uid, owner.pw_gid)
    env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", "HOME": str(base)}
    log = base / "postgres.log"
    subprocess.run(
        [f"{bindir}/initdb", "-D", str(base / "data"), "-U", "schock", "-A", "trust",
         "-E", "UTF8", "--locale=C", "--no-sync"],
        check=True, capture_output=True, env=env, cwd=base, **_as_owner(owner),  # type: ignore[call-overload]
    )
    port = 5432
    proc = _launch(base, port, owner)
    pg = Postgres(base, port, proc, owner=owner)
    try:
        wait_until(pg._ready, proc, "PostgreSQL", log)
    except BaseException:
        pg.stop()
        raise
    return pg


def _launch(base: Path, port: int, owner: pwd.struct_passwd | None) -> subprocess.Popen[bytes]:
    """The server of the cluster in ``base`` on its unix socket (output appended to its log)."""
    bindir = need(pg_bindir(), "PostgreSQL (Debian package postgresql)")
    env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", "HOME": str(base)}
    with open(base / "postgres.log", "ab") as out:
        return subprocess.Popen(
            [f"{bindir}/postgres", "-D", str(base / "data"), "-k", str(base), "-p", str(port),
             "-c", "listen_addresses=", "-c", "fsync=off", "-c", "synchronous_commit=off",
             "-c", "full_page_writes=off", "-c", "max_connections=200"],
            stdout=out, stderr=subprocess.STDOUT, env=env, cwd=base, **_as_owner(owner),  # type: ignore[call-overload]
        )


# ---------------------------------------------------------------------------- schock serve
def serve(args: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """``schock serve ARGS`` as its own process, output into ``log``."""
    full = {**os.environ, "PYTHONPATH": str(REPO / "src"), **(env or {})}
    with open(log, "ab") as out:
        return subprocess.Popen([sys.executable, "-m", "schock", "serve", *args],
                                stdout=out, stderr=subprocess.STDOUT, env=full,
                                start_new_session=True)


@contextlib.contextmanager
def serving(args: list[str], ports: list[int], log: Path,
            env: dict[str, str] | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """A running ``schock serve``, stopped (SIGTERM) at the end; waits for every port."""
    proc = serve(args, log, env)
    try:
        for port in ports:
            wait_until(lambda p=port: http_ok(f"http://127.0.0.1:{p}/api/health"), proc,  # type: ignore[misc]
                       f"schock serve on port {port}", log)
        yield proc
    finally:
        stop(proc)


# ---------------------------------------------------------------------------- proxies
def nginx_site(ports: list[int], listen: int) -> str:
    """deploy/nginx.conf as the docs show it, on test ports: the site listens on
    ``listen`` (loopback) and forwards to the processes on ``ports``."""
    text = (DEPLOY / "nginx.conf").read_text()
    upstream = re.search(r"upstream schock \{.*?\n\}", text, re.S)
    assert upstream, "deploy/nginx.conf: no upstream schock block"
    servers = re.findall(r"^\s*server 127\.0\.0\.1:\d+;$", upstream[0], re.M)
    assert servers, "deploy/nginx.conf: the upstream lists no process"
    block = re.sub(r"^\s*server 127\.0\.0\.1:\d+;\n", "", upstream[0], flags=re.M)
    block = block.replace("\n}", "".join(f"\n    server 127.0.0.1:{p};" for p in ports) + "\n}")
    text = text.replace(upstream[0], block)
    text, n = re.subn(r"listen 80;", f"listen 127.0.0.1:{listen};", text)
    assert n == 1, "deploy/nginx.conf: one 'listen 80;'"
    return re.sub(r"^\s*listen \[::\]:80;\n", "", text, flags=re.M)


@contextlib.contextmanager
def nginx(site: str, port: int, tmp: Path, log_format: str = "$uri $status") -> Iterator[str]:
    """Debian's nginx with ``site`` in a minimal main configuration of our own (pid,
    logs and temporary files in ``tmp``; the access log in ``log_format``); yields its
    base URL."""
    program = need(NGINX, "nginx (Debian package nginx)")
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "site.conf").write_text(site)
    temps = "\n".join(f"    {k}_temp_path {tmp}/{k};" for k in
                      ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\npid {tmp}/nginx.pid;\nerror_log {tmp}/error.log;\n"
        f"worker_rlimit_nofile 16384;\nevents {{ worker_connections 8192; }}\n"
        f"http {{\n    log_format test '{log_format}';\n    access_log {tmp}/access.log test;\n"
        f"{temps}\n    include {tmp}/site.conf;\n}}\n"
    )
    log = tmp / "error.log"
    proc = subprocess.Popen([program, "-c", str(tmp / "nginx.conf"), "-p", str(tmp), "-e", str(log)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: http_ok(base + "/api/health"), proc, "nginx", log)
        yield base
    finally:
        stop(proc, signal.SIGQUIT)  # graceful


def caddyfile(upstream: int, listen: int) -> str:
    """deploy/Caddyfile on test ports, as a plain-http site on loopback (no certificate,
    no ACME, no internet) with the admin endpoint off."""
    text = (DEPLOY / "Caddyfile").read_text()
    text, n = re.subn(r"^schock\.example\.org \{", f"http://127.0.0.1:{listen} {{", text, flags=re.M)
    assert n == 1, "deploy/Caddyfile: one site block 'schock.example.org {'"
    text, n = re.subn(r"127\.0\.0\.1:8000", f"127.0.0.1:{upstream}", text)
    assert n >= 1, "deploy/Caddyfile: reverse_proxy to 127.0.0.1:8000"
    return "{\n    admin off\n    auto_https off\n}\n\n" + text


@contextlib.contextmanager
def caddy(config: str, port: int, tmp: Path) -> Iterator[str]:
    """Debian's caddy running ``config``; yields its base URL."""
    program = need(CADDY, "caddy (Debian package caddy)")
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "Caddyfile").write_text(config)
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp),
           "XDG_DATA_HOME": str(tmp / "data"), "XDG_CONFIG_HOME": str(tmp / "config")}
    log = tmp / "caddy.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([program, "run", "--config", str(tmp / "Caddyfile"),
                                 "--adapter", "caddyfile"], stdout=out, stderr=subprocess.STDOUT,
                                env=env, cwd=tmp)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: http_ok(base + "/api/health"), proc, "caddy", log)
        yield base
    finally:
        stop(proc)
