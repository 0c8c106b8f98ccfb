"""Alembic environment: runs on the connection that schock.store.db.upgrade hands in.

New revisions are written with ``scripts/new_migration.py "message"`` (autogenerate
against a scratch database at the newest schema), then read and edited by hand.
"""

from __future__ import annotations

from alembic import context

from schock.store.base import Base
from schock.store.db import load_models

load_models()
context.configure(
    connection=context.config.attributes["connection"],
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite alters tables by copying them
)
with context.begin_transaction():
    context.run_migrations()
