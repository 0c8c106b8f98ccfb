"""The tournament pages' tables: the organizer secret, the projector state, pending entries.

A tournament's web access (``tournament_access``) holds the organizer secret;
the per-table tokens of the score sheets' QR codes are derived from it
(HMAC), so they survive a restart without a table of their own. Results that
a table enters by phone wait in ``tournament_pending`` until the organizer
confirms them; only confirming creates the domain event.
"""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from schock.store.base import Base


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
