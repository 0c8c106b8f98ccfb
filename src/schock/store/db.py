"""Opening a database and migrating it to the newest schema.

>>> database_url("sqlite://")
'sqlite://'
>>> database_url("/tmp/x.db")
'sqlite:////tmp/x.db'
>>> database_url("postgresql://schock@localhost/schock")   # psycopg 3: schock[postgres]
'postgresql+psycopg://schock@localhost/schock'
>>> database_url("")
Traceback (most recent call last):
...
schock.errors.InvalidInputError: database: empty; allowed: a file path (SQLite) or a URL such as postgresql://user@host/db
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from schock.errors import InvalidInputError
from schock.messages import Msg

# The modules that define models: importing them fills Base.metadata.
MODEL_MODULES: tuple[str, ...] = (
    "schock.store.tables",
    "schock.store.tournament",
    "schock.store.keep",
    "schock.store.evening",
    "schock.store.tournament_web",
    "schock.store.tournament_keep",
    "schock.store.tournament_online",
)

_ALLOWED = "a file path (SQLite) or a URL such as postgresql://user@host/db"
# ``postgresql://`` and ``postgres://`` mean psycopg 3 (the ``postgres`` extra), whichever
# driver SQLAlchemy would pick by default.
_PG_DRIVER = "postgresql+psycopg"
# The key of the PostgreSQL advisory lock that serializes migrations ("schock" in ASCII).
_MIGRATION_LOCK = 0x7363686F636B


def database_url(target: str) -> str:
    """A SQLAlchemy URL from a file path or a URL; raises InvalidInputError if neither."""
    if not isinstance(target, str) or not target.strip() or "\x00" in target:
        what = "empty" if isinstance(target, str) and not target.strip() else repr(target)
        raise InvalidInputError(f"database: {what}; allowed: {_ALLOWED}")
    if "://" not in target:
        return "sqlite:///" + str(Path(target).expanduser().resolve())
    try:
        url = make_url(target)
    except ArgumentError as err:
        raise InvalidInputError(f"database: {target!r} is not a URL; allowed: {_ALLOWED}") from err
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername=_PG_DRIVER)
    return url.render_as_string(hide_password=False)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(target: str) -> Engine:
    """A SQLAlchemy engine; SQLite gets WAL, foreign keys and a busy timeout."""
    url = database_url(target)
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
        if url in ("sqlite://", "sqlite:///:memory:"):
            kwargs["poolclass"] = StaticPool  # one shared connection, or each has its own db
    else:
        kwargs["pool_pre_ping"] = True  # a restarted database server costs no request
    try:
        engine = create_engine(url, **kwargs)
    except ImportError as err:
        shown = make_url(url).render_as_string(hide_password=True)
        raise InvalidInputError(Msg("db.driver", {"url": repr(shown), "reason": str(err)})) from err
    except (ArgumentError, NoSuchModuleError) as err:
        raise InvalidInputError(f"database: {url!r}: {err}; allowed: {_ALLOWED}") from err
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


class WriterLock:
    """The right to serve a SQLite file: an exclusive advisory lock on ``FILE.lock``
    beside it, held until :meth:`release` or the process ends (the kernel lets go of
    it then, even after a crash or SIGKILL, so a stale lock cannot block a restart).
    The file holds the owner's process id, for the message a second process gives.
    """

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path = path
        self._handle: IO[str] | None = handle

    def release(self) -> None:
        """Let another process serve the file."""
        if self._handle is not None:
            self._handle.close()  # closing the descriptor drops the flock
            self._handle = None


def is_sqlite(target: str) -> bool:
    """Whether ``target`` names a SQLite database (False for one that is not valid).

    >>> is_sqlite("schock.db"), is_sqlite("postgresql://u@h/db"), is_sqlite("")
    (True, False, False)
    """
    try:
        return make_url(database_url(target)).get_backend_name() == "sqlite"
    except (InvalidInputError, ArgumentError):
        return False


def lock_path(target: str) -> Path | None:
    """The lock file of a SQLite database file; None for an in-memory SQLite
    database or a database server (PostgreSQL serializes its writers itself).

    >>> str(lock_path("/srv/schock/schock.db"))
    '/srv/schock/schock.db.lock'
    >>> lock_path("sqlite://") is None, lock_path("postgresql://u@h/db") is None
    (True, True)
    """
    path = sqlite_file(target)
    return None if path is None else Path(str(path) + ".lock")


def sqlite_file(target: str) -> Path | None:
    """The file of a SQLite database (a path or a ``sqlite:///`` URL); None for an
    in-memory SQLite database or a database server.

    >>> sqlite_file("sqlite:////srv/s.db").as_posix(), sqlite_file("sqlite://")
    ('/srv/s.db', None)
    """
    if not is_sqlite(target):
        return None  # a database server, or no database at all (its error comes later)
    url = make_url(database_url(target))
    if url.database in (None, "", ":memory:"):
        return None
    return Path(str(url.database))


def lock_writer(target: str) -> WriterLock | None:
    """Become the one process that serves ``target`` (a SQLite file): raises
    :class:`InvalidInputError` naming the holder if another process serves it.
    Returns None where no lock is needed (see :func:`lock_path`)."""
    import fcntl

    path = lock_path(target)
    if path is None:
        return None
    try:
        handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held for the process's life
    except OSError:
        return None  # no such folder, or not writable: opening the database says so
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip()[:40] or "?"
        handle.close()
        raise InvalidInputError(
            Msg("db.locked", {"path": str(path)[: -len(".lock")], "holder": f"pid {holder}"})
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return WriterLock(path, handle)


def load_models() -> None:
    """Import every model module so that ``Base.metadata`` knows all tables."""
    for name in MODEL_MODULES:
        importlib.import_module(name)


def _alembic_config(engine: Engine) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", "schock.store:migrations")
    cfg.attributes["connection_engine"] = engine
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to ``revision`` (default: the newest schema)."""
    from alembic import command

    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Several processes (--workers, or N services) start at once: one migrates,
            # the others wait here for its commit and then find nothing to do.
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
        cfg = _alembic_config(engine)
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Migrate the database back to ``revision`` (``"base"``: empty)."""
    from alembic import command

    with engine.begin() as connection:
        cfg = _alembic_config(engine)
        cfg.attributes["connection"] = connection
        command.downgrade(cfg, revision)


class Database:
    """An engine and its session factory; ``session()`` is one transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session whose work is committed on success and rolled back on error."""
        with self._sessions.begin() as session:
            yield session

    def close(self) -> None:
        """Release every pooled connection."""
        self.engine.dispose()


def open_database(target: str, *, migrate: bool = True, create: bool = True) -> Database:
    """Open ``target`` (a path or URL) and, by default, migrate it to the newest schema.

    ``create=False``: a SQLite file that does not exist is refused (InvalidInputError)
    and not made; commands that only read or change what is there open it so.
    """
    if not create:
        path = sqlite_file(target)
        if path is not None and not os.path.exists(path):  # False for an unusable name too
            raise InvalidInputError(Msg("db.missing", {"path": str(target)[:200]}))
    load_models()
    engine = make_engine(target)
    if migrate:
        try:
            upgrade(engine)
        except DBAPIError as err:
            engine.dispose()
            raise InvalidInputError(
                f"database {str(target)[:200]!r}: cannot open it: {err.orig}; allowed: {_ALLOWED}"
            ) from None
    return Database(engine)
