"""Reading and writing tables in the database (the only module that touches the models)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from schock.store.db import Database
from schock.store.tables import ActionRow, SeatRow, TableRow


def token_hash(token: str) -> str:
    """SHA-256 of a token (tokens carry 128+ random bits, so no salt is needed).

    >>> len(token_hash("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class StaleCopy(Exception):
    """Another process has stored an action of this table at a place this copy
    wanted: the database refused the write (the key (table, action index) is taken),
    so this copy is stale and must be reloaded. Nothing was written."""


@dataclass
class StoredSeat:
    name: str
    bot: str | None
    token_hash: str | None


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
                )
            )
            s.flush()
            for i, seat in enumerate(t.seats):
                s.add(SeatRow(table_id=t.id, seat=i, name=seat.name, bot=seat.bot,
                              token_hash=seat.token_hash))

    def open_tables_of(self, host_ip: str) -> int:
        with self.db.session() as s:
            q = select(func.count()).select_from(TableRow).where(
                TableRow.host_ip == host_ip[:64], TableRow.ended.is_(False)
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
                seats=[StoredSeat(x.name, x.bot, x.token_hash) for x in seats],
                actions=list(actions),
                started=row.started,
                paused=row.paused,
                ended=row.ended,
            )

    def add_actions(self, table_id: str, first: int, texts: list[str]) -> None:
        """Store actions ``first``, ``first + 1``, ...; raises :class:`StaleCopy` if one
        of those places is taken (one writer per action: the loser of a race learns it
        here, whichever process it is)."""
        try:
            with self.db.session() as s:
                for i, text in enumerate(texts):
                    s.add(ActionRow(table_id=table_id, n=first + i, text=text))
        except IntegrityError as err:
            raise StaleCopy(f"table {table_id}: action {first} is already stored") from err

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
            for i, seat in enumerate(seats):
                s.add(SeatRow(table_id=table_id, seat=i, name=seat.name, bot=seat.bot,
                              token_hash=seat.token_hash))
