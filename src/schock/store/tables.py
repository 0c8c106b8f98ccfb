"""Storage models of the browser app: tables, their seats and their actions.

A table is stored as what is needed to replay it: its rules, seats and every
accepted action in order, each throw with the dice it threw (``0 throw 1-1-4``; the
server's dice come from the operating system's generator, so there is no seed to
keep; tables stored before that have one, never sent to a client). Tokens are stored only as SHA-256 hashes.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    false,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from schock.store.base import Base


class TableRow(Base):
    """One table: rules, state flags, the host's token hash (and an old table's seed)."""

    __tablename__ = "web_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    host_ip: Mapped[str] = mapped_column(String(64), default="")
    rules_json: Mapped[str] = mapped_column(Text)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """NULL: every stored throw carries its dice (the OS generator threw them). A table
    stored before that keeps the seed its throws without dice replay from, until its
    next game."""
    host_hash: Mapped[str] = mapped_column(String(64))
    started: Mapped[bool] = mapped_column(Boolean, default=False)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    ended: Mapped[bool] = mapped_column(Boolean, default=False)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The game is over (it no longer counts toward the address's open tables)."""
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the invite token (one link for the whole table); None: no invite."""
    game_no: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """The number of the current game (a rematch starts the next one)."""
    starter: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that begins the current game (the last loser); None: as the rules open."""
    clock_nudge: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The turn clock: seconds until the player to decide is nudged (None: never)."""
    clock_takeover: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Seconds until the host may let a bot make that decision (None: never)."""


class SeatRow(Base):
    """A seat of a table: its name, the bot playing it (None: a person), the
    hash of the person's join token, the person's age (if given) and whether
    someone holds it."""

    __tablename__ = "web_seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    age: Mapped[int | None] = mapped_column(Integer, nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Someone holds the seat (opened its link, or took it through the invite)."""
    waiting: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A late-comer: joined between two games, plays from the next one."""


class ActionRow(Base):
    """The ``n``-th accepted action of a table, in record notation, a throw with its dice
    (``"0 throw 1-1-4"``; ``"0 throw"`` in a table stored before, thrown from its seed)."""

    __tablename__ = "web_actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(64))


class GameRow(Base):
    """A finished (or ended) game of a table: its record holds the dice thrown, never a
    seed; ``loser`` is the loser's name (None: the game was ended before its end)."""

    __tablename__ = "web_games"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    loser: Mapped[str | None] = mapped_column(String(40), nullable=True)
    ended: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    record: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class HeartbeatRow(Base):
    """The readiness check's write (``/api/health``): one row whose counter each check
    raises, so a check needs the database to take a write (a full disk, a read-only
    file or a database server that is down fail it)."""

    __tablename__ = "web_heartbeat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    beats: Mapped[int] = mapped_column(BigInteger, default=0)
