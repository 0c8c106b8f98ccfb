"""Reading and writing tables in the database (the only module that touches the models)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from schock.store.db import Database
from schock.store.tables import ActionRow, SeatRow, TableRow


def token_hash(token: str) -> str:
    """SHA-256 of a token (tokens carry 128+ random bits, so no salt is needed).

    >>> len(token_hash("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class StoredSeat:
    name: str
    bot: str | None
    token_hash: str | None
    age: int | None = None
    claimed: bool = False


@dataclass
class StoredTable:
    id: str
    rules: dict[str, Any]
    seed: int
    host_hash: str
    seats: list[StoredSeat]
    actions: list[str]
    started: bool
    paused: bool
    ended: bool
    invite_hash: str | None = None
    finished: bool = False


class Repo:
    """The tables of one database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self, t: StoredTable, host_ip: str) -> None:
        with self.db.session() as s:
            s.add(
                TableRow(
                    id=t.id,
                    host_ip=host_ip[:64],
                    rules_json=json.dumps(t.rules),
                    seed=t.seed,
                    host_hash=t.host_hash,
                    started=t.started,
                    paused=t.paused,
                    ended=t.ended,
                    finished=t.finished,
                    invite_hash=t.invite_hash,
                )
            )
            s.flush()
            _add_seats(s, t.id, t.seats)

    def open_tables_of(self, host_ip: str, since: datetime) -> int:
        """Tables from ``host_ip`` created since ``since`` that are neither ended by
        their host nor finished (their game over): what the per-address limit counts."""
        with self.db.session() as s:
            q = select(func.count()).select_from(TableRow).where(
                TableRow.host_ip == host_ip[:64],
                TableRow.ended.is_(False),
                TableRow.finished.is_(False),
                TableRow.created >= since,
            )
            return int(s.execute(q).scalar_one())

    def load(self, table_id: str) -> StoredTable | None:
        with self.db.session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = s.execute(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).scalars()
            actions = s.execute(
                select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.n)
            ).scalars()
            return StoredTable(
                id=row.id,
                rules=json.loads(row.rules_json),
                seed=row.seed,
                host_hash=row.host_hash,
                seats=[StoredSeat(x.name, x.bot, x.token_hash, x.age, x.claimed) for x in seats],
                actions=list(actions),
                started=row.started,
                paused=row.paused,
                ended=row.ended,
                invite_hash=row.invite_hash,
                finished=row.finished,
            )

    def add_actions(self, table_id: str, first: int, texts: list[str],
                    finished: bool = False) -> None:
        """Store actions; ``finished``: they ended the game (in the same transaction)."""
        with self.db.session() as s:
            for i, text in enumerate(texts):
                s.add(ActionRow(table_id=table_id, n=first + i, text=text))
            if finished:
                row = s.get(TableRow, table_id)
                assert row is not None
                row.finished = True

    def set_flags(self, table_id: str, **flags: bool) -> None:
        with self.db.session() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            for k, v in flags.items():
                setattr(row, k, v)

    def set_seats(self, table_id: str, seats: list[StoredSeat]) -> None:
        with self.db.session() as s:
            s.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
            s.flush()
            _add_seats(s, table_id, seats)


def _add_seats(s: Session, table_id: str, seats: list[StoredSeat]) -> None:
    for i, seat in enumerate(seats):
        s.add(SeatRow(table_id=table_id, seat=i, name=seat.name, bot=seat.bot,
                      token_hash=seat.token_hash, age=seat.age, claimed=seat.claimed))
