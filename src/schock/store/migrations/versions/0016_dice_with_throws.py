"""Throws stored with their dice, no seed for new tables

The server's dice now come from the operating system's generator: every stored throw
carries its dice (``0 throw 1-1-4``) and ``web_tables.seed`` may be NULL. A table stored
before keeps its seed, from which its throws without dice replay, until its next game.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-28
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_tables", schema=None) as batch_op:
        batch_op.alter_column("seed", existing_type=sa.BigInteger(), nullable=True)


def downgrade() -> None:
    # the code before this revision replays a throw stored with its dice as typed in and
    # throws the next ones from the seed: a fresh secret one for each table without
    tables = sa.table("web_tables", sa.column("id", sa.String), sa.column("seed", sa.BigInteger))
    conn = op.get_bind()
    for (table_id,) in conn.execute(sa.select(tables.c.id).where(tables.c.seed.is_(None))):
        conn.execute(tables.update().where(tables.c.id == table_id)
                     .values(seed=secrets.randbits(62)))
    with op.batch_alter_table("web_tables", schema=None) as batch_op:
        batch_op.alter_column("seed", existing_type=sa.BigInteger(), nullable=False)
