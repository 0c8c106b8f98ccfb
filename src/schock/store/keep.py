"""Storage models of scorekeeping at a real table: a kept game and its entries.

A kept game is stored as what rebuilds it: rules, seats, starter and every
accepted entry in order (``schock.keep`` notation). The entry number is part
of the primary key, so two phones sending the same entry cannot both be
stored: the second finds its number taken.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from schock.store.base import Base


class KeptGameRow(Base):
    """One kept game: its id (the secret of its link), rules and seats as JSON."""

    __tablename__ = "keep_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    rules_json: Mapped[str] = mapped_column(Text)
    seats_json: Mapped[str] = mapped_column(Text)
    starter: Mapped[int | None] = mapped_column(Integer, nullable=True)


class KeptEntryRow(Base):
    """The ``n``-th entry (from 0) of a kept game, e.g. ``"0 result 1-1-4 2 kept 1-1"``."""

    __tablename__ = "keep_entries"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("keep_games.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(80))
