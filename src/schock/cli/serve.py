"""``schock serve``: the browser app, on this machine, the LAN or behind a proxy.

Every option is also a ``SCHOCK_*`` environment variable (docs/configuration.md);
a bad value is one line on stderr and exit 2, before anything is written.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from schock.cli.common import FiniteFloatRange, db_option, default_db, lang_option
from schock.errors import InvalidInputError
from schock.messages import Msg

if TYPE_CHECKING:
    from schock.web.settings import Settings


def _env(name: str) -> dict[str, Any]:
    return {"envvar": f"SCHOCK_{name}", "show_envvar": True}


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, **_env("HOST"),
              help="Address to listen on (0.0.0.0: every interface, for phones on the LAN).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              **_env("PORT"))
@db_option("db")
@click.option("--base-url", default=None, **_env("BASE_URL"),
              help="The address people reach the server at, e.g. https://schock.example; "
                   "every link and QR code starts with it.")
@click.option("--root-path", default=None, **_env("ROOT_PATH"),
              help="Sub-path a proxy serves the app under, e.g. /schock "
                   "(default: the path of --base-url).")
@click.option("--forwarded-allow-ips", default="", **_env("FORWARDED_ALLOW_IPS"),
              help="Comma-separated proxy addresses or networks whose X-Forwarded-* headers "
                   "are believed (default: none).")
@click.option("--bot-delay", default=0.9, show_default=True, type=FiniteFloatRange(0, 10),
              **_env("BOT_DELAY"), help="Seconds a bot waits before it acts.")
@click.option("--max-tables-per-host", default=20, show_default=True,
              type=click.IntRange(1, 10_000), **_env("MAX_TABLES_PER_HOST"),
              help="Unfinished tables one client address may have open.")
@click.option("--max-spectators-per-table", default=40, show_default=True,
              type=click.IntRange(0, 10_000), **_env("MAX_SPECTATORS_PER_TABLE"),
              help="Websockets without a seat one table admits (seats always get in).")
@click.option("--rate", default=20.0, show_default=True, type=FiniteFloatRange(0.1, 10_000),
              **_env("RATE"), help="Messages per second one websocket may send on average.")
@click.option("--burst", default=40, show_default=True, type=click.IntRange(1, 100_000),
              **_env("BURST"), help="Messages one websocket may send at once.")
@click.option("--address-rate", default=100.0, show_default=True,
              type=FiniteFloatRange(0.1, 1_000_000), **_env("ADDRESS_RATE"),
              help="Messages per second all websockets of one client address may send "
                   "(a websocket over a budget is told once, then closed).")
@click.option("--address-burst", default=300, show_default=True,
              type=click.IntRange(1, 10_000_000), **_env("ADDRESS_BURST"),
              help="Messages all websockets of one client address may send at once.")
@click.option("--header-timeout", default=10.0, show_default=True,
              type=FiniteFloatRange(0.5, 600), **_env("HEADER_TIMEOUT"),
              help="Seconds a client may take to send a request's headers.")
@click.option("--idle-timeout", default=5, show_default=True, type=click.IntRange(1, 600),
              **_env("IDLE_TIMEOUT"), help="Seconds an HTTP connection may idle between requests.")
@click.option("--max-connections-per-address", default=200, show_default=True,
              type=click.IntRange(1, 100_000), **_env("MAX_CONNECTIONS_PER_ADDRESS"),
              help="Connections one client address may hold (trusted proxies and this machine "
                   "are exempt).")
@click.option("--idle-table-minutes", default=30.0, show_default=True,
              type=FiniteFloatRange(0.1, 10_000), **_env("IDLE_TABLE_MINUTES"),
              help="Minutes an unused table stays in memory (it is reloaded when needed).")
@click.option("--log-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, **_env("LOG_FORMAT"), help="Log lines as text or JSON.")
@click.option("--access-log/--no-access-log", default=False, show_default=True,
              **_env("ACCESS_LOG"), help="Log every request (secrets redacted).")
@click.option("--metrics/--no-metrics", default=True, show_default=True, **_env("METRICS"),
              help="Serve /metrics in Prometheus format.")
@click.option("--metrics-allow", default="127.0.0.1,::1", show_default=True,
              **_env("METRICS_ALLOW"), help="Comma-separated addresses or networks /metrics "
                                             "answers (direct connections only, never "
                                             "through a proxy).")
@click.option("--sqlite-sync", type=click.Choice(["normal", "full"]), default="normal",
              show_default=True, **_env("SQLITE_SYNC"),
              help="full: every action synced to disk (survives a power cut; slower).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              **_env("WORKERS"), help="Processes on the ports PORT to PORT+N-1 (PostgreSQL "
                                      "only), behind a proxy that routes by table (docs/deploy.md).")
@lang_option("Sprache der Meldungen (language of the messages).")
def serve(host: str, port: int, db: str | None, base_url: str | None, root_path: str | None,
          forwarded_allow_ips: str, bot_delay: float, max_tables_per_host: int,
          max_spectators_per_table: int, rate: float, burst: int, address_rate: float,
          address_burst: int, header_timeout: float,
          idle_timeout: int, max_connections_per_address: int, idle_table_minutes: float,
          log_format: str, access_log: bool, metrics: bool, metrics_allow: str,
          sqlite_sync: str, workers: int, lang: str) -> None:
    """Play Schocken in the browser: start the server and open the printed address."""
    from schock.store.db import is_sqlite, lock_writer, open_database
    from schock.web import Settings
    from schock.web.workers import run_workers, worker_ports

    settings = Settings(
        db=db or default_db(),
        bot_delay=bot_delay,
        base_url=base_url or None,
        root_path=root_path,
        host=host,
        port=port,
        forwarded_allow_ips=tuple(p for p in forwarded_allow_ips.split(",") if p.strip()),
        max_tables_per_host=max_tables_per_host,
        max_spectators_per_table=max_spectators_per_table,
        rate=rate,
        burst=burst,
        address_rate=address_rate,
        address_burst=address_burst,
        header_timeout=header_timeout,
        idle_timeout=idle_timeout,
        max_connections_per_address=max_connections_per_address,
        idle_table_minutes=idle_table_minutes,
        log_format=log_format,
        access_log=access_log,
        metrics=metrics,
        metrics_allow=tuple(a for a in metrics_allow.split(",") if a.strip()),
        sqlite_sync=sqlite_sync,
    )
    if workers > 1 and is_sqlite(settings.db):
        raise InvalidInputError(Msg("db.workers", {"n": workers}))
    ports = worker_ports(port, workers)
    # one process per SQLite file: refused before anything is written, held until the end
    lock = lock_writer(settings.db)
    try:  # an unusable database is one clear line, before uvicorn
        open_database(settings.db).close()
    except InvalidInputError as exc:
        reason = " ".join(str(exc).split())
        raise InvalidInputError(Msg("ops.db_unusable", {"reason": reason})) from None
    if workers > 1:
        from schock.web.logs import configure

        click.echo(Msg("db.serve_workers", {"n": workers, "first": ports[0],
                                            "last": ports[-1]}).text(lang))
        configure(settings.log_format)  # the supervisor's lines: a worker died, restarted
        raise SystemExit(run_workers(run_server, settings, host, ports))

    def ready() -> None:  # the address only once the server answers on it
        for line in startup_lines(settings, lang):
            click.echo(line)

    try:
        run_server(settings, host, port, on_ready=ready)
    finally:
        if lock is not None:
            lock.release()


def serve_app(app: Any, on_ready: Callable[[], None] | None = None, **options: Any) -> None:
    """uvicorn with ``options`` (those of ``uvicorn.run``); ``on_ready`` is called once
    the socket listens and the app has started, i.e. when the server answers. A port
    that is taken ends it with uvicorn's status 3 before anything is announced. Once it
    answers, what lives then is frozen for the garbage collector: the process serves
    this one app (:func:`schock.web.ops.freeze_startup_objects`)."""
    import uvicorn

    from schock.web.ops import freeze_startup_objects

    class _Announcing(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                freeze_startup_objects()
                if on_ready is not None:
                    on_ready()

    server = _Announcing(uvicorn.Config(app, **options))
    server.run()
    if not server.started:  # uvicorn.run's behaviour: a failed start is exit status 3
        raise SystemExit(3)


def run_server(
    settings: Settings, host: str, port: int, on_ready: Callable[[], None] | None = None
) -> None:
    """One server process: the app, its connection guard, the logs, uvicorn; ``on_ready``
    is called when it answers."""
    import dataclasses

    from schock.web import create_app
    from schock.web.guard import LOCAL, Limits, protocol_class, raise_open_files_limit
    from schock.web.logs import configure

    settings = dataclasses.replace(settings, port=port)
    app = create_app(settings)
    limits = Limits(header_timeout=settings.header_timeout,
                    max_per_address=settings.max_connections_per_address,
                    exempt=(*settings.forwarded_allow_ips, *LOCAL))
    raise_open_files_limit()
    app.state.guard = limits
    configure(settings.log_format)
    # no permessage-deflate: a state frame carries only what changed (~2.4 KB), and
    # compressing every frame for every socket cost ~6 % of the server's time per action
    # and a compressor for each socket (benchmarks/web.py)
    serve_app(app, on_ready, host=host, port=port, ws_max_size=16384,
              http=protocol_class(limits), ws_per_message_deflate=False,
              timeout_keep_alive=settings.idle_timeout, proxy_headers=False,
              server_header=False, access_log=False, log_config=None)


def startup_lines(settings: Settings, lang: str) -> list[str]:
    """What ``schock serve`` prints: where to open it (every LAN address when it listens
    on all interfaces, with a QR code of the first) and how to stop it."""
    from schock.web.urls import WILDCARDS, lan_addresses, origin

    if settings.base_url:
        urls = [settings.base_url + "/"]
    elif settings.host in WILDCARDS:
        lan = lan_addresses()
        urls = [origin("http", ip, settings.port) + settings.root + "/" for ip in lan]
        urls = urls or [origin("http", "127.0.0.1", settings.port) + settings.root + "/"]
    else:
        urls = [origin("http", settings.host, settings.port) + settings.root + "/"]
    lines = [Msg("ops.serve_open", {"url": urls[0]}).text(lang)]
    lines += [Msg("ops.serve_also", {"url": u}).text(lang) for u in urls[1:]]
    if settings.host in WILDCARDS and not settings.base_url:
        import segno

        buf = io.StringIO()
        segno.make(urls[0], error="m").terminal(out=buf, compact=True)
        lines += [Msg("ops.serve_qr", {}).text(lang), buf.getvalue().rstrip("\n")]
    lines.append(Msg("ops.serve_stop", {}).text(lang))
    return lines
