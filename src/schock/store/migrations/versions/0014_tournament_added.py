"""When a tournament was stored in the database

Adds ``tournaments.added``: when ``neu`` made it or ``import`` read it. Commands
without ``--turnier`` take the newest added; an imported archive keeps its old
``created``, so ordering by ``created`` acted on another tournament after an import.
NULL for tournaments stored before (their ``created`` counts).

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.add_column(sa.Column("added", sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.drop_column("added")
