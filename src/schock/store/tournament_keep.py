"""A kept game (``keep_games``) bound to one game of one table of a tournament.

A table that scorekeeps its game with the engine (``/keep/...``) starts it
from its entry page; the binding row ties the kept game to tournament,
round, table and game number, so it can only be reported for that table, and
remembers the pending entry it was reported as, so reporting it twice counts
once. A table has at most one *open* kept game per game (not reported yet):
a unique index over (tournament, round, table, game, ``open``) holds it, so two
phones pressing "mitschreiben" at the same moment end up in the same game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from schock.store.base import Base

if TYPE_CHECKING:
    from schock.store.db import Database


class TournamentKeptRow(Base):
    """One kept game started from a tournament table's entry page."""

    __tablename__ = "tournament_kept"
    __table_args__ = (
        Index("ux_tournament_kept_open", "tournament_id", "round", "table", "game", "open",
              unique=True),
    )

    keep_id: Mapped[str] = mapped_column(
        ForeignKey("keep_games.id", ondelete="CASCADE"), primary_key=True
    )
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    game: Mapped[int] = mapped_column(Integer)
    at: Mapped[str] = mapped_column(String(40))
    pending_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The pending entry this game was reported as; None: not reported yet."""
    open: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """1 while this is the table's open kept game of its game (not reported yet),
    None once reported (NULLs never clash in the unique index)."""


def table_links(db: Database, keep_id: str) -> dict[str, str] | None:
    """For a kept game started at a tournament table: the table's entry page (with its
    token) and the address its result is reported to; None for any other kept game."""
    from schock.store.tournament_web import TournamentAccessRow, table_token

    with db.session() as s:
        row = s.get(TournamentKeptRow, keep_id)
        if row is None:
            return None
        access = s.get(TournamentAccessRow, row.tournament_id)
        if access is None:
            return None
        base = f"/t/{row.tournament_id}/table/{row.round}/{row.table}"
        return {
            "page": base,
            "report": f"{base}/keep/{keep_id}",
            "token": table_token(access.secret, row.round, row.table),
            "round": str(row.round),
            "table": str(row.table),
            "game": str(row.game),
        }
