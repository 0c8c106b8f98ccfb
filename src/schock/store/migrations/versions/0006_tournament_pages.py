"""Tournament pages: organizer secret, projector state, results pending confirmation.

Revision ID: 0006
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"  # after the Stammtisch evening (0005)
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_access",
        sa.Column("tournament_id", sa.String(length=40), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("clock_minutes", sa.Integer(), nullable=False),
        sa.Column("clock_started", sa.Float(), nullable=True),
        sa.Column("standings_mode", sa.String(length=10), nullable=False),
        sa.Column("frozen_json", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_access_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", name=op.f("pk_tournament_access")),
    )
    op.create_table(
        "tournament_pending",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tournament_id", sa.String(length=40), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("at", sa.String(length=40), nullable=False),
        sa.Column("copies", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_pending_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_pending")),
    )
    with op.batch_alter_table("tournament_pending", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_pending_tournament_id"), ["tournament_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("tournament_pending", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_pending_tournament_id"))
    op.drop_table("tournament_pending")
    op.drop_table("tournament_access")
