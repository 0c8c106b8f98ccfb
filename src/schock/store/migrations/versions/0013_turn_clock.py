"""The host's turn clock of a table

Adds to ``web_tables`` ``clock_nudge`` (seconds after which the player to decide is
nudged; NULL: no nudge) and ``clock_takeover`` (seconds after which the host may let a
bot make that one decision; NULL: never).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("clock_nudge", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("clock_takeover", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_tables", schema=None) as batch_op:
        batch_op.drop_column("clock_takeover")
        batch_op.drop_column("clock_nudge")
