"""The readiness check's heartbeat

Adds ``web_heartbeat``: one row whose counter ``/api/health`` raises, so that the check
needs the database to take a write.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_heartbeat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("beats", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    op.drop_table("web_heartbeat")
