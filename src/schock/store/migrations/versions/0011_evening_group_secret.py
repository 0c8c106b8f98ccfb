"""Stammtisch groups get a secret link: the table evening_access

Existing groups get their secret on first need (the first `schock abend link`
or the first page that needs it), not here, so this revision writes no secrets.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "evening_access",
        sa.Column("group_id", sa.String(length=40), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["evening_groups.id"],
            name=op.f("fk_evening_access_group_id_evening_groups"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("group_id", name=op.f("pk_evening_access")),
    )


def downgrade() -> None:
    op.drop_table("evening_access")
