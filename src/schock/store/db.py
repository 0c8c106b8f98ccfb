"""Opening a database and migrating it to the newest schema.

>>> database_url("sqlite://")
'sqlite://'
>>> database_url("/tmp/x.db")
'sqlite:////tmp/x.db'
>>> database_url("")
Traceback (most recent call last):
...
schock.errors.InvalidInputError: database: empty; allowed: a file path (SQLite) or a URL such as postgresql://user@host/db
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from schock.errors import InvalidInputError

# The modules that define models: importing them fills Base.metadata.
MODEL_MODULES: tuple[str, ...] = (
    "schock.store.tables",
    "schock.store.tournament",
    "schock.store.keep",
    "schock.store.evening",
    "schock.store.tournament_web",
    "schock.store.tournament_keep",
)

_ALLOWED = "a file path (SQLite) or a URL such as postgresql://user@host/db"


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
    try:
        engine = create_engine(url, **kwargs)
    except (ArgumentError, NoSuchModuleError, ImportError) as err:
        raise InvalidInputError(f"database: {url!r}: {err}; allowed: {_ALLOWED}") from err
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


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


def open_database(target: str, *, migrate: bool = True) -> Database:
    """Open ``target`` (a path or URL) and, by default, migrate it to the newest schema."""
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
