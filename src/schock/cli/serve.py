"""``schock serve``: the browser app on a local address."""

from __future__ import annotations

from pathlib import Path

import click

from schock.errors import InvalidInputError
from schock.messages import Msg


def default_db() -> str:
    """``<app dir>/schock.db`` (the directory is created)."""
    folder = Path(click.get_app_dir("schock"))
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / "schock.db")


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--db", "db", default=None, help="SQLite file or database URL (default: app dir).")
@click.option("--bot-delay", default=0.9, show_default=True, type=click.FloatRange(0, 10),
              help="Seconds a bot waits before it acts.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes on ports PORT..PORT+N-1 (PostgreSQL only), behind a proxy that "
                   "routes by table (docs/deploy.md).")
def serve(host: str, port: int, db: str | None, bot_delay: float, workers: int) -> None:
    """Play Schocken in the browser: start the server and open the printed address."""
    import uvicorn

    from schock.store.db import lock_writer, make_engine
    from schock.web import Settings, create_app
    from schock.web.workers import UVICORN, run_workers, worker_ports

    target = db or default_db()
    engine = make_engine(target)  # a bad --db is one clear error line, before uvicorn
    sqlite = engine.dialect.name == "sqlite"
    engine.dispose()
    settings = Settings(db=target, bot_delay=bot_delay)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    if workers > 1:
        if sqlite:
            raise InvalidInputError(Msg("db.workers", {"n": workers}))
        ports = worker_ports(port, workers)
        click.echo(f"schock: {workers} processes on http://{shown}:{ports[0]}/ to "
                   f"http://{shown}:{ports[-1]}/, for a proxy that routes by table (Ctrl+C stops)")
        raise SystemExit(run_workers(settings, host, ports))
    lock = lock_writer(target)  # one process per SQLite file; held until the process ends
    app = create_app(settings)
    click.echo(f"schock: open http://{shown}:{port}/ in your browser (Ctrl+C stops)")
    try:
        uvicorn.run(app, host=host, port=port, **UVICORN)
    finally:
        if lock is not None:
            lock.release()
