"""``schock serve``: the browser app on a local address."""

from __future__ import annotations

from pathlib import Path

import click


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
def serve(host: str, port: int, db: str | None, bot_delay: float) -> None:
    """Play Schocken in the browser: start the server and open the printed address."""
    import uvicorn

    from schock.store.db import make_engine
    from schock.web import Settings, create_app

    target = db or default_db()
    make_engine(target).dispose()  # a bad --db is one clear error line, before uvicorn
    app = create_app(Settings(db=target, bot_delay=bot_delay))
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    click.echo(f"schock: open http://{shown}:{port}/ in your browser (Ctrl+C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=16384)
