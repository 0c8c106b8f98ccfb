"""Typed settings of the web app (no import-time singleton: pass them to create_app)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Settings:
    """What the server needs to know; every limit in one place.

    >>> Settings(db="sqlite://").bot_delay
    0.9
    """

    db: str
    """A SQLite file path or a SQLAlchemy URL."""
    bot_delay: float = 0.9
    """Seconds a bot (or a forced move) waits before it acts, so people can follow."""
    max_tables_per_host: int = 20
    """Tables one client address may have running: not ended by their host, game not
    over, created within the last ``open_table_hours``."""
    open_table_hours: float = 24.0
    """How long a table that is neither ended nor finished counts toward the limit."""
    max_message: int = 2048
    """Longest websocket message accepted (characters)."""
    rate: float = 20.0
    """Messages per second one connection may send on average."""
    burst: int = 40
    """Messages one connection may send at once before the rate applies."""
    max_spectators_per_table: int = 40
    """Sockets without a seat or host token one table admits (seats always get in)."""
    max_sockets_per_seat: int = 4
    """Sockets one seat's (or the host's) link may hold open; a fifth closes the oldest."""
