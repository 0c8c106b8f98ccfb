"""Late-comers: people who joined a table by its invite link between two games

Adds ``web_seats.waiting`` (1: the person joined after a game ended and sits
down when the next game starts; such rows follow the table's playing seats).
Existing seats all play.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_seats", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("waiting", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("web_seats", schema=None) as batch_op:
        batch_op.drop_column("waiting")
