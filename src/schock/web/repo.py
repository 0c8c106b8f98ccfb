"""Reading and writing tables in the database (the only module that touches the models)."""

from __future__ import annotations

import asyncio
import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from schock.store.db import Database
from schock.store.tables import ActionRow, GameRow, SeatRow, TableRow


def token_hash(token: str) -> str:
    """SHA-256 of a token (tokens carry 128+ random bits, so no salt is needed).

    >>> len(token_hash("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


# The statements of the write of every action, made once (their compiled form is cached).
_GAME_NO = select(TableRow.game_no).where(TableRow.id == bindparam("table")).with_for_update()
_INSERT_ACTION = insert(ActionRow)
_FINISHED = update(TableRow).where(TableRow.id == bindparam("table")).values(finished=True)
_INSERT_GAME = insert(GameRow)

#: The threads that write the actions, while the event loop goes on serving the other
#: tables. A SQLite file has one writer at a time anyway: one thread writes its
#: transactions one after the other (no two threads wait on its lock). A database
#: server takes several at once (each table's row lock keeps its own in order), so
#: the round trips of several tables overlap.
SQLITE_WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="schock-db-writer")
SERVER_WRITERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="schock-db-writer")


class StaleCopy(Exception):
    """Another process has stored an action of this table at a place this copy
    wanted: the database refused the write (the key (table, action index) is taken),
    so this copy is stale and must be reloaded. Nothing was written."""


@dataclass
class StoredSeat:
    name: str
    bot: str | None
    token_hash: str | None
    age: int | None = None
    claimed: bool = False
    waiting: bool = False


@dataclass
class StoredGame:
    """A finished or ended game of a table (its record is read on demand)."""

    number: int
    loser: str | None
    ended: bool
    record: str | None = None


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
    game_no: int = 1
    starter: int | None = None
    games: list[StoredGame] = field(default_factory=list)
    clock: tuple[int | None, int | None] = (None, None)


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
                    game_no=t.game_no,
                    starter=t.starter,
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
            games = s.execute(
                select(GameRow.number, GameRow.loser, GameRow.ended)
                .where(GameRow.table_id == table_id).order_by(GameRow.number)
            ).all()
            return StoredTable(
                id=row.id,
                rules=json.loads(row.rules_json),
                seed=row.seed,
                host_hash=row.host_hash,
                seats=[StoredSeat(x.name, x.bot, x.token_hash, x.age, x.claimed, x.waiting) for x in seats],
                actions=list(actions),
                started=row.started,
                paused=row.paused,
                ended=row.ended,
                invite_hash=row.invite_hash,
                finished=row.finished,
                game_no=row.game_no,
                starter=row.starter,
                games=[StoredGame(g.number, g.loser, g.ended) for g in games],
                clock=(row.clock_nudge, row.clock_takeover),
            )

    def add_actions(self, table_id: str, first: int, texts: list[str],
                    finished: bool = False, archive: StoredGame | None = None,
                    game_no: int | None = None) -> None:
        """Store actions; ``finished``: they ended the game, whose record ``archive``
        is kept (in the same transaction). Raises :class:`StaleCopy` (nothing stored) if
        the place of one of them is taken: one writer per action, and the loser of a race
        learns it here, whichever process it is; so also if the table plays another game
        than ``game_no`` meanwhile (a rematch started elsewhere)."""
        rows = [{"table_id": table_id, "n": first + i, "text": text}
                for i, text in enumerate(texts)]
        try:  # SQLAlchemy Core: a third of the ORM's time for the write of every action
            with self.db.engine.begin() as conn:
                if game_no is not None:  # the row is locked until the commit (PostgreSQL)
                    now = conn.execute(_GAME_NO, {"table": table_id}).scalar_one_or_none()
                    if now != game_no:
                        raise StaleCopy(f"table {table_id}: game {game_no} is over")
                conn.execute(_INSERT_ACTION, rows)
                if finished:
                    conn.execute(_FINISHED, {"table": table_id})
                if archive is not None:
                    assert archive.record is not None
                    conn.execute(_INSERT_GAME, {
                        "table_id": table_id, "number": archive.number, "loser": archive.loser,
                        "ended": archive.ended, "record": archive.record})
        except IntegrityError as err:
            raise StaleCopy(f"table {table_id}: action {first} is already stored") from err

    async def store_actions(self, table_id: str, first: int, texts: list[str],
                            finished: bool = False, archive: StoredGame | None = None,
                            game_no: int | None = None) -> None:
        """:meth:`add_actions` in a writer thread (:data:`SQLITE_WRITER`,
        :data:`SERVER_WRITERS`); returns once the transaction is committed (and raises
        what it raised). An in-memory SQLite database is one connection shared by all
        (tests): written here, on the loop."""
        write = partial(self.add_actions, table_id, first, texts, finished=finished,
                        archive=archive, game_no=game_no)
        engine = self.db.engine
        if isinstance(engine.pool, StaticPool):
            write()
            return
        writer = SQLITE_WRITER if engine.dialect.name == "sqlite" else SERVER_WRITERS
        await asyncio.get_running_loop().run_in_executor(writer, write)

    def end_game(self, table_id: str, archive: StoredGame | None) -> None:
        """The host ends the table: the flag and (a game not over) its record at once."""
        with self.db.session() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            row.ended = True
            if archive is not None:
                _add_game(s, table_id, archive)

    def new_game(self, table_id: str, game_no: int, seed: int, starter: int | None) -> None:
        """The next game of a table (a rematch): the last one's actions go (its record
        is kept in ``web_games``), a new seed, the starter; the table runs again."""
        with self.db.session() as s:
            s.execute(delete(ActionRow).where(ActionRow.table_id == table_id))
            row = s.get(TableRow, table_id)
            assert row is not None
            row.game_no, row.seed, row.starter = game_no, seed, starter
            row.started, row.paused, row.ended, row.finished = True, False, False, False

    def game_record(self, table_id: str, number: int) -> str | None:
        """The stored record of game ``number`` of a table, or None."""
        with self.db.session() as s:
            row = s.get(GameRow, (table_id, number))
            return None if row is None else row.record

    def set_clock(self, table_id: str, nudge: int | None, takeover: int | None) -> None:
        with self.db.session() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            row.clock_nudge, row.clock_takeover = nudge, takeover

    def set_invite(self, table_id: str, invite_hash: str) -> None:
        with self.db.session() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            row.invite_hash = invite_hash

    def set_host(self, table_id: str, host_hash: str) -> None:
        with self.db.session() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            row.host_hash = host_hash

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


def _add_game(s: Session, table_id: str, game: StoredGame) -> None:
    assert game.record is not None
    s.add(GameRow(table_id=table_id, number=game.number, loser=game.loser, ended=game.ended,
                  record=game.record))


def _add_seats(s: Session, table_id: str, seats: list[StoredSeat]) -> None:
    for i, seat in enumerate(seats):
        s.add(SeatRow(table_id=table_id, seat=i, name=seat.name, bot=seat.bot,
                      token_hash=seat.token_hash, age=seat.age, claimed=seat.claimed,
                      waiting=seat.waiting))
