"""Reading and writing tables in the database (the only module that touches the models)."""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import Engine, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from schock.store.db import Database
from schock.store.tables import ActionRow, GameRow, HeartbeatRow, SeatRow, TableRow
from schock.web.seats import Refused
from schock.web.writer import WRITER, ActionWrite

P = ParamSpec("P")
T = TypeVar("T")


def token_hash(token: str) -> str:
    """SHA-256 of a token (tokens carry 128+ random bits, so no salt is needed).

    >>> len(token_hash("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


# The statements of the write of every action, made once (their compiled form is cached).
# The game numbers of the tables written, their rows locked until the commit (PostgreSQL;
# in the order of their ids, so two processes' transactions never wait on each other).
_GAME_NOS = (select(TableRow.id, TableRow.game_no)
             .where(TableRow.id.in_(bindparam("tables", expanding=True)))
             .order_by(TableRow.id).with_for_update())
_INSERT_ACTION = insert(ActionRow)
_FINISHED = update(TableRow).where(TableRow.id == bindparam("table")).values(finished=True)
_INSERT_GAME = insert(GameRow)
_BEAT = update(HeartbeatRow).where(HeartbeatRow.id == 1).values(beats=HeartbeatRow.beats + 1)

class _Plain:
    """The two statements of a batch of actions in the SQL of a driver (SQLite's
    ``sqlite3``, PostgreSQL's ``psycopg``): the game numbers of the tables written
    (PostgreSQL: their rows locked until the commit, in the order of their ids) and
    the insert of the actions."""

    def __init__(self, mark: str, postgres: bool) -> None:
        tables, actions = TableRow.__tablename__, ActionRow.__tablename__
        self.mark, self.postgres = mark, postgres
        self.select = f"SELECT id, game_no FROM {tables} WHERE id"
        self.insert = f"INSERT INTO {actions} (table_id, n, text) VALUES ({mark}, {mark}, {mark})"

    @staticmethod
    def of(engine: Engine) -> _Plain | None:
        """The statements for ``engine``'s driver (None: another driver, use Core)."""
        return _PLAIN.get((engine.dialect.name, engine.dialect.driver))

    def game_nos(self, ids: list[str]) -> tuple[str, tuple[Any, ...]]:
        if self.postgres:
            return (f"{self.select} = ANY(%s) ORDER BY id FOR UPDATE", (ids,))
        return (f"{self.select} IN ({', '.join('?' * len(ids))})", tuple(ids))


_PLAIN = {("sqlite", "pysqlite"): _Plain("?", postgres=False),
          ("postgresql", "psycopg"): _Plain("%s", postgres=True)}


def _as_sqlalchemys(engine: Engine, err: Exception, statement: str,
                    params: Any) -> Exception:
    """``err`` raised by ``engine``'s driver as SQLAlchemy raises it (what
    :func:`cannot_write` knows: psycopg's ``OperationalError`` becomes SQLAlchemy's);
    any other error as it is."""
    dbapi = engine.dialect.dbapi
    if dbapi is None or not isinstance(err, dbapi.Error):
        return err
    return DBAPIError.instance(statement, params, err, dbapi.Error, dialect=engine.dialect)


class StaleCopy(Exception):
    """Another process has stored an action of this table at a place this copy
    wanted: the database refused the write (the key (table, action index) is taken),
    so this copy is stale and must be reloaded. Nothing was written."""


class Unsaved(Refused):
    """The database did not take a write (a full disk, a database server that is down
    or restarting, a lost connection): nothing was stored, and the caller changes
    nothing either. The player is told ``unsaved`` ("try again in a moment");
    :attr:`cause` is what the database said (for the log, never for a player)."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__("unsaved")
        self.cause = cause


def cannot_write(exc: BaseException) -> bool:
    """Whether ``exc`` says the database cannot take writes now (it may later), rather
    than that a write was wrong: SQLite's "database or disk is full" and "disk I/O
    error", a database server gone or restarting, a pool without a free connection.

    >>> cannot_write(OperationalError("INSERT", {}, Exception("database or disk is full")))
    True
    >>> cannot_write(IntegrityError("INSERT", {}, Exception("UNIQUE")))
    False
    """
    return isinstance(exc, OperationalError | InterfaceError | PoolTimeout | OSError)


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
    seed: int | None
    """None: every stored throw carries its dice (a table stored before has a seed)."""
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
        self.on_unsaved: Callable[[Unsaved], None] | None = None
        """Told (on the event loop) of every write that raised :class:`Unsaved`
        (:class:`~schock.web.session.Tables` watches for writes working again)."""

    async def run(self, fn: Callable[Concatenate[Repo, P], T], *args: P.args,
                  **kwargs: P.kwargs) -> T:
        """``fn(self, *args, **kwargs)``, a write of table state, in the process's writer
        thread (in order with the actions queued before it: one write path, off the
        event loop); raises :class:`Unsaved` if the database cannot take it now, else
        what ``fn`` raised. An in-memory SQLite database (tests): written here."""
        try:
            if isinstance(self.db.engine.pool, StaticPool):
                return fn(self, *args, **kwargs)
            return await WRITER.call(self, lambda repo: fn(repo, *args, **kwargs))
        except Exception as exc:
            if not cannot_write(exc):
                raise
            raise self._unsaved(exc) from exc

    def _unsaved(self, exc: Exception) -> Unsaved:
        """:class:`Unsaved` for a write the database could not take (:attr:`on_unsaved`
        is told)."""
        unsaved = Unsaved(exc)
        if self.on_unsaved is not None:
            self.on_unsaved(unsaved)
        return unsaved

    def heartbeat(self) -> None:
        """The readiness check's write: raise the heartbeat row's counter (a write that
        needs the disk and the database server; nothing else changes)."""
        try:
            with self.db.engine.begin() as conn:
                done = conn.execute(_BEAT)
                if getattr(done, "rowcount", 1) == 0:  # the first check of this database
                    conn.execute(insert(HeartbeatRow).values(id=1, beats=1))
        except IntegrityError:  # another process made the row meanwhile: raise its counter
            with self.db.engine.begin() as conn:
                conn.execute(_BEAT)

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
        err = self.write_batch([ActionWrite(table_id, first, texts, finished, archive,
                                            game_no)])[0]
        if err is not None:
            raise err

    def write_batch(self, writes: Sequence[ActionWrite]) -> list[BaseException | None]:
        """Several tables' :meth:`add_actions` in one transaction (group commit, see
        :mod:`schock.web.writer`); returns each write's outcome (None: committed, or the
        :class:`StaleCopy` or database error that refused it; a refused write stored
        nothing). A write whose table plays another game is refused alone; a place
        already taken fails the transaction, which is then written write by write, so
        that only the stale one is refused.

        Nearly every batch holds actions only: written in the driver's own SQL
        (:class:`_Plain`), a fifth of SQLAlchemy Core's time; a batch that ends a game
        (its record kept) goes through Core."""
        plain = _Plain.of(self.db.engine)
        if plain is not None and not any(w.finished or w.archive is not None for w in writes):
            return self._write_plain(plain, writes)
        try:  # SQLAlchemy Core: a third of the ORM's time for the write of every action
            with self.db.engine.begin() as conn:
                checked = [w.table_id for w in writes if w.game_no is not None]
                now: dict[str, int] = {}
                if checked:  # the rows are locked until the commit (PostgreSQL)
                    now = {r[0]: r[1] for r in conn.execute(_GAME_NOS, {"tables": checked})}
                out: list[BaseException | None] = [
                    None if w.game_no is None or now.get(w.table_id) == w.game_no
                    else StaleCopy(f"table {w.table_id}: game {w.game_no} is over")
                    for w in writes]
                ok = [w for w, err in zip(writes, out, strict=True) if err is None]
                rows = [{"table_id": w.table_id, "n": w.first + i, "text": text}
                        for w in ok for i, text in enumerate(w.texts)]
                if rows:
                    conn.execute(_INSERT_ACTION, rows)
                over = [{"table": w.table_id} for w in ok if w.finished]
                if over:
                    conn.execute(_FINISHED, over)
                games = [{"table_id": w.table_id, "number": w.archive.number,
                          "loser": w.archive.loser, "ended": w.archive.ended,
                          "record": w.archive.record} for w in ok if w.archive is not None]
                if games:
                    conn.execute(_INSERT_GAME, games)
        except IntegrityError:
            if len(writes) > 1:  # which one? each on its own
                return [self.write_batch([w])[0] for w in writes]
            w = writes[0]
            return [StaleCopy(f"table {w.table_id}: action {w.first} is already stored")]
        except Exception as err:  # nothing was written: each write is refused with it
            return [err] * len(writes)
        self.written(sum(len(w.texts) for w in ok))
        return out

    def _write_plain(self, plain: _Plain, writes: Sequence[ActionWrite]
                     ) -> list[BaseException | None]:
        """:meth:`write_batch` of actions only, through a pooled connection of the driver
        (its errors raised as SQLAlchemy's, as Core raises them)."""
        engine = self.db.engine
        dbapi = engine.dialect.dbapi
        assert dbapi is not None
        statement, params = "", ()
        try:
            raw = engine.raw_connection()
        except Exception as err:  # no connection (a database server down or restarting:
            # the pool raises the driver's own error): every write is refused with it
            return [_as_sqlalchemys(engine, err, "", ())] * len(writes)
        try:
            cur = raw.cursor()
            try:
                checked = [w.table_id for w in writes if w.game_no is not None]
                now: dict[str, int] = {}
                if checked:
                    statement, params = plain.game_nos(checked)
                    cur.execute(statement, params)
                    now = {r[0]: r[1] for r in cur.fetchall()}
                out: list[BaseException | None] = [
                    None if w.game_no is None or now.get(w.table_id) == w.game_no
                    else StaleCopy(f"table {w.table_id}: game {w.game_no} is over")
                    for w in writes]
                rows = [(w.table_id, w.first + i, text)
                        for w, err in zip(writes, out, strict=True) if err is None
                        for i, text in enumerate(w.texts)]
                if rows:
                    statement = plain.insert
                    cur.executemany(statement, rows)
                raw.commit()
            finally:
                cur.close()
        except dbapi.IntegrityError:
            with contextlib.suppress(Exception):
                raw.rollback()
            raw.close()
            if len(writes) > 1:  # which one? each on its own
                return [self.write_batch([w])[0] for w in writes]
            w = writes[0]
            return [StaleCopy(f"table {w.table_id}: action {w.first} is already stored")]
        except Exception as err:  # nothing was written: each write is refused with it
            with contextlib.suppress(Exception):
                raw.rollback()
            if isinstance(err, dbapi.Error) \
                    and engine.dialect.is_disconnect(err, raw.dbapi_connection, None):
                raw.invalidate(err)  # a database server gone: the pool drops it
            raw.close()
            err = _as_sqlalchemys(engine, err, statement, params)
            return [err] * len(writes)
        raw.close()
        self.written(len(rows))
        return out

    def written(self, actions: int) -> None:
        """Called (in the writer thread) after a commit that stored ``actions`` actions."""

    async def store_actions(self, table_id: str, first: int, texts: list[str],
                            finished: bool = False, archive: StoredGame | None = None,
                            game_no: int | None = None) -> None:
        """:meth:`add_actions` by the process's writer thread (:data:`schock.web.writer.
        WRITER`, in one transaction with other tables' writes that queued meanwhile);
        returns once it is committed (and raises what refused it). An in-memory SQLite
        database is one connection shared by all (tests): written here, on the loop."""
        write = ActionWrite(table_id, first, texts, finished, archive, game_no)
        try:
            if isinstance(self.db.engine.pool, StaticPool):
                err = self.write_batch([write])[0]
                if err is not None:
                    raise err
                return
            await WRITER.submit(self, write)
        except Exception as exc:
            if not cannot_write(exc):  # a stale copy, or a bug
                raise
            raise self._unsaved(exc) from exc

    def actions_from(self, table_id: str, first: int) -> tuple[int, list[str]] | None:
        """The game number of a table and its actions from index ``first`` on (what a
        process whose copy has ``first`` actions lacks); None: no such table."""
        with self.db.session() as s:
            game_no = s.execute(select(TableRow.game_no).where(TableRow.id == table_id)).scalar()
            if game_no is None:
                return None
            texts = s.execute(select(ActionRow.text).where(
                ActionRow.table_id == table_id, ActionRow.n >= first).order_by(ActionRow.n))
            return int(game_no), list(texts.scalars())

    def end_game(self, table_id: str, archive: StoredGame | None) -> None:
        """The host ends the table: the flag and (a game not over) its record at once."""
        with self.db.session() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            row.ended = True
            if archive is not None:
                _add_game(s, table_id, archive)

    def new_game(self, table_id: str, game_no: int, starter: int | None,
                 seats: list[StoredSeat] | None = None) -> None:
        """The next game of a table (a rematch): the last one's actions go (its record
        is kept in ``web_games``), and so does the seed of a table stored before throws
        carried their dice; the starter is set, and the seats if they change (in the same
        transaction); the table runs again."""
        with self.db.session() as s:
            # the table's row first (PostgreSQL: locked until the commit), as every write
            # of actions does: no action of the old game can slip in between
            row = s.get(TableRow, table_id, with_for_update=True)
            assert row is not None
            s.execute(delete(ActionRow).where(ActionRow.table_id == table_id))
            row.game_no, row.seed, row.starter = game_no, None, starter
            row.started, row.paused, row.ended, row.finished = True, False, False, False
            if seats is not None:
                _set_seats(s, table_id, seats)

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

    def set_flags(self, table_id: str, /, **flags: bool) -> None:
        with self.db.session() as s:
            row = s.get(TableRow, table_id)
            assert row is not None
            for k, v in flags.items():
                setattr(row, k, v)

    def set_seats(self, table_id: str, seats: list[StoredSeat]) -> None:
        with self.db.session() as s:
            _set_seats(s, table_id, seats)


    def states(self, ids: Sequence[str]) -> dict[str, TableState]:
        """:func:`table_states` in a session of its own."""
        with self.db.session() as s:
            return table_states(s, ids)

    def start_waiting(self, table_id: str) -> bool:
        """Start a table that neither runs nor has ended (in the database only: for a
        table no copy of this process holds); False: it ran or ended already."""
        with self.db.session() as s:
            done = s.execute(update(TableRow).where(
                TableRow.id == table_id, TableRow.started.is_(False),
                TableRow.ended.is_(False)).values(started=True))
            return bool(getattr(done, "rowcount", 1) == 1)


@dataclass(frozen=True)
class TableState:
    """A table as stored, without its actions' texts: flags, game number, how many
    actions, and each seat's name, bot, token hash, whether it was claimed and whether it
    waits for the next game. What a process compares its copy with, and what a page
    shows of a table another process may hold."""

    started: bool
    paused: bool
    ended: bool
    finished: bool
    game_no: int
    actions: int
    seats: tuple[tuple[str, str | None, str | None, bool, bool], ...]


def table_states(s: Session, ids: Sequence[str]) -> dict[str, TableState]:
    """The :class:`TableState` of each of ``ids`` that exists (three queries for all)."""
    if not ids:
        return {}
    rows = s.execute(select(
        TableRow.id, TableRow.started, TableRow.paused, TableRow.ended, TableRow.finished,
        TableRow.game_no).where(TableRow.id.in_(ids))).all()
    counts = {r[0]: int(r[1]) for r in s.execute(
        select(ActionRow.table_id, func.count()).where(ActionRow.table_id.in_(ids))
        .group_by(ActionRow.table_id))}
    seats: dict[str, list[tuple[str, str | None, str | None, bool, bool]]] = {}
    for x in s.execute(select(
            SeatRow.table_id, SeatRow.name, SeatRow.bot, SeatRow.token_hash, SeatRow.claimed,
            SeatRow.waiting).where(SeatRow.table_id.in_(ids))
            .order_by(SeatRow.table_id, SeatRow.seat)):
        seats.setdefault(x.table_id, []).append(
            (x.name, x.bot, x.token_hash, bool(x.claimed), bool(x.waiting)))
    return {r.id: TableState(bool(r.started), bool(r.paused), bool(r.ended), bool(r.finished),
                             r.game_no, counts.get(r.id, 0), tuple(seats.get(r.id, ())))
            for r in rows}


def _add_game(s: Session, table_id: str, game: StoredGame) -> None:
    assert game.record is not None
    s.add(GameRow(table_id=table_id, number=game.number, loser=game.loser, ended=game.ended,
                  record=game.record))


def _set_seats(s: Session, table_id: str, seats: list[StoredSeat]) -> None:
    s.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
    s.flush()
    _add_seats(s, table_id, seats)


def _add_seats(s: Session, table_id: str, seats: list[StoredSeat]) -> None:
    for i, seat in enumerate(seats):
        s.add(SeatRow(table_id=table_id, seat=i, name=seat.name, bot=seat.bot,
                      token_hash=seat.token_hash, age=seat.age, claimed=seat.claimed,
                      waiting=seat.waiting))
