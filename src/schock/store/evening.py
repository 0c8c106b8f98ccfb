"""The Stammtisch evening's tables: a group and its append-only event log.

A group (:class:`schock.evening.Stammtisch`) is stored as its events, one row
each, in order; a correction is one more event, so nothing entered is lost.
``entry_id`` (a client-generated id, optional) is unique per group: a game or
payment posted twice is refused by the database as well as by the domain.
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from schock.store.base import Base


class EveningGroupRow(Base):
    """One Stammtisch group: its id, name and when it was created."""

    __tablename__ = "evening_groups"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    created: Mapped[str] = mapped_column(String(40))


class EveningEventRow(Base):
    """One event of a group's log, in order (``seq`` from 1)."""

    __tablename__ = "evening_events"
    __table_args__ = (
        UniqueConstraint("group_id", "seq"),
        UniqueConstraint("group_id", "entry_id", name="uq_evening_events_entry"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    group_id: Mapped[str] = mapped_column(
        ForeignKey("evening_groups.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(20))
    payload: Mapped[str] = mapped_column(Text)
    entry_id: Mapped[str | None] = mapped_column(String(64), nullable=True)


class EveningAccessRow(Base):
    """A group's secret: the key in its link (``/abend/g/{id}/{secret}``). A group
    stored before the secrets existed gets one on first need
    (:func:`schock.evening.repo.ensure_group_secret`)."""

    __tablename__ = "evening_access"

    group_id: Mapped[str] = mapped_column(
        ForeignKey("evening_groups.id", ondelete="CASCADE"), primary_key=True
    )
    secret: Mapped[str] = mapped_column(String(64))
