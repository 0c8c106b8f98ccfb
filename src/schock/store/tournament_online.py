"""A browser table (``web_tables``) playing one table of one round of a tournament.

The organizer opens online tables for a drawn round: each table of the draw
becomes a browser table whose seats are the drawn players. This row binds the
browser table to tournament, round and table, and remembers which tournament
game the table's current browser game plays (``game`` for browser game
``web_game``), whether the organizer closed the table and the last thing the
table was told about a report (``note``: German and English). One online table
per tournament table and round (a unique index).
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from schock.store.base import Base


class TournamentOnlineRow(Base):
    """One online table of a tournament round."""

    __tablename__ = "tournament_online"
    __table_args__ = (
        Index("ux_tournament_online_table", "tournament_id", "round", "table", unique=True),
    )

    table_id: Mapped[str] = mapped_column(
        ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True
    )
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    game: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The tournament game the current browser game plays; None: the table is done."""
    web_game: Mapped[int] = mapped_column(Integer, default=1)
    """The browser table's game number that plays ``game``."""
    closed: Mapped[int] = mapped_column(Integer, default=0)
    """1 when the organizer closed the table (only he reopens it)."""
    note: Mapped[str | None] = mapped_column(Text, nullable=True)
    """JSON ``{"de": ..., "en": ...}``: what the last finished game's report came to."""
    at: Mapped[str] = mapped_column(String(40))
