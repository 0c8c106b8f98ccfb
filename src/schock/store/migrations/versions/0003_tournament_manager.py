"""Tournament manager: tournaments, their event logs and round snapshots.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"  # after the browser app's tables
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("created", sa.String(length=40), nullable=False),
        sa.Column("format_json", sa.Text(), nullable=False),
        sa.Column("rules_json", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
    )
    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tournament_id", sa.String(length=40), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_events_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_events")),
        sa.UniqueConstraint(
            "tournament_id", "seq", name=op.f("uq_tournament_events_tournament_id")
        ),
    )
    with op.batch_alter_table("tournament_events", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_events_tournament_id"), ["tournament_id"], unique=False
        )
    op.create_table(
        "tournament_snapshots",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tournament_id", sa.String(length=40), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("at", sa.String(length=40), nullable=False),
        sa.Column("archive", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_snapshots_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_snapshots")),
        sa.UniqueConstraint(
            "tournament_id", "round", name=op.f("uq_tournament_snapshots_tournament_id")
        ),
    )
    with op.batch_alter_table("tournament_snapshots", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_snapshots_tournament_id"), ["tournament_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("tournament_snapshots", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_snapshots_tournament_id"))
    op.drop_table("tournament_snapshots")
    with op.batch_alter_table("tournament_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_events_tournament_id"))
    op.drop_table("tournament_events")
    op.drop_table("tournaments")
