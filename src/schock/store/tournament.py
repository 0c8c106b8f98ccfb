"""The tournament manager's tables: a tournament, its event log and its round snapshots.

A tournament is stored as the append-only log its domain object is built
from (:mod:`schock.tournament.domain`): one row per event, written in the
same transaction as the command that made it. After each finished round a
snapshot holds the whole tournament as a JSON archive
(:mod:`schock.tournament.archive`).
"""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from schock.store.base import Base


class TournamentRow(Base):
    """One tournament: its name, seed, format and game rules (JSON)."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    seed: Mapped[int] = mapped_column(Integer)
    created: Mapped[str] = mapped_column(String(40))
    format_json: Mapped[str] = mapped_column(Text)
    rules_json: Mapped[str] = mapped_column(Text)
    added: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """When it was stored in this database (``neu``, ``import``): the newest added is the
    default tournament. An imported archive keeps its old ``created``. NULL (stored
    before 0014): ``created`` counts."""


class TournamentEventRow(Base):
    """One event of a tournament's log, in order (``seq`` from 1)."""

    __tablename__ = "tournament_events"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(40))
    payload: Mapped[str] = mapped_column(Text)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)


class TournamentSnapshotRow(Base):
    """The whole tournament as a JSON archive, taken when a round was finished."""

    __tablename__ = "tournament_snapshots"
    __table_args__ = (UniqueConstraint("tournament_id", "round"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int] = mapped_column(Integer)
    at: Mapped[str] = mapped_column(String(40))
    archive: Mapped[str] = mapped_column(Text)
