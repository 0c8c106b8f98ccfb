"""Storage: one SQLAlchemy layer for every part of schock that keeps data.

The browser app (tables, games) and the tournament manager share these models,
one database and one chain of Alembic migrations. SQLite is the embedded default;
any SQLAlchemy URL (``postgresql://...``) works too.

>>> db = open_database("sqlite://")          # in memory, migrated to the newest schema
>>> db.engine.dialect.name
'sqlite'
>>> db.close()
"""

from __future__ import annotations

from schock.store.base import Base
from schock.store.db import Database, database_url, open_database, upgrade

__all__ = ["Base", "Database", "database_url", "open_database", "upgrade"]
