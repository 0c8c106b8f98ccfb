"""Tournament tables that scorekeep their games: kept games bound to a table's game

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_kept",
        sa.Column("keep_id", sa.String(length=32), nullable=False),
        sa.Column("tournament_id", sa.String(length=40), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("at", sa.String(length=40), nullable=False),
        sa.Column("pending_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["keep_id"],
            ["keep_games.id"],
            name=op.f("fk_tournament_kept_keep_id_keep_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_kept_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("keep_id", name=op.f("pk_tournament_kept")),
    )
    with op.batch_alter_table("tournament_kept", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_kept_tournament_id"), ["tournament_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("tournament_kept", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_kept_tournament_id"))
    op.drop_table("tournament_kept")
