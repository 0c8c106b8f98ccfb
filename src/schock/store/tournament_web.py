"""The tournament pages' tables: the organizer secret, the projector state, pending entries.

A tournament's web access (``tournament_access``) holds the organizer secret;
the per-table tokens of the score sheets' QR codes are derived from it
(HMAC), so they survive a restart without a table of their own. Results that
a table enters by phone wait in ``tournament_pending`` until the organizer
confirms them; only confirming creates the domain event.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING

from sqlalchemy import Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from schock.store.base import Base

if TYPE_CHECKING:
    from schock.store.db import Database


class TournamentAccessRow(Base):
    """A tournament's organizer secret and its projector settings."""

    __tablename__ = "tournament_access"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    secret: Mapped[str] = mapped_column(String(64))
    clock_minutes: Mapped[int] = mapped_column(Integer, default=45)
    clock_started: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Unix time the round clock was started; None: stopped."""
    standings_mode: Mapped[str] = mapped_column(String(10), default="live")
    """``live``, ``frozen`` or ``hidden`` on the projector."""
    frozen_json: Mapped[str | None] = mapped_column(Text, nullable=True)


class TournamentPendingRow(Base):
    """One game result entered at a table, waiting for the organizer."""

    __tablename__ = "tournament_pending"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    game: Mapped[int] = mapped_column(Integer)
    payload: Mapped[str] = mapped_column(Text)
    at: Mapped[str] = mapped_column(String(40))
    copies: Mapped[int] = mapped_column(Integer, default=1)
    """How often this same result was sent (two phones at one table)."""
    status: Mapped[str] = mapped_column(String(12), default="pending")
    """``pending``, ``confirmed`` or ``rejected``."""


def table_token(secret: str, rnd: int, table: int) -> str:
    """The entry token of one table of one round, derived from the organizer secret.

    >>> table_token("s", 1, 2) == table_token("s", 1, 2) != table_token("s", 1, 3)
    True
    """
    mac = hmac.new(secret.encode(), f"table/{rnd}/{table}".encode(), hashlib.sha256)
    return mac.hexdigest()[:24]


def organizer_secret(db: Database, tournament_id: str) -> str | None:
    """The organizer secret of a stored tournament, None when it has none
    (a tournament made on the command line before it was opened for the web)."""
    with db.session() as s:
        row = s.get(TournamentAccessRow, tournament_id)
        return None if row is None else row.secret


def ensure_organizer_secret(db: Database, tournament_id: str) -> str:
    """The organizer secret of a stored tournament; a new random one is made and
    stored when it has none yet, which opens the tournament for the web pages."""
    with db.session() as s:
        row = s.get(TournamentAccessRow, tournament_id)
        if row is not None:
            return row.secret
        secret = secrets.token_urlsafe(24)
        s.add(
            TournamentAccessRow(
                tournament_id=tournament_id, secret=secret, clock_minutes=45, standings_mode="live"
            )
        )
        return secret
