"""Online tournament tables: a browser table bound to one table of a tournament round

Adds ``tournament_online``: the browser table (``web_tables.id``), tournament,
round, table, the tournament game its current browser game plays, closed by
the organizer, the last report's note. One per tournament table and round.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_online",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("tournament_id", sa.String(length=40), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("game", sa.Integer(), nullable=True),
        sa.Column("web_game", sa.Integer(), nullable=False),
        sa.Column("closed", sa.Integer(), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("at", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["web_tables.id"],
            name=op.f("fk_tournament_online_table_id_web_tables"), ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"],
            name=op.f("fk_tournament_online_tournament_id_tournaments"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_tournament_online")),
    )
    with op.batch_alter_table("tournament_online", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tournament_online_tournament_id"), ["tournament_id"], unique=False
        )
        batch_op.create_index(
            "ux_tournament_online_table", ["tournament_id", "round", "table"], unique=True
        )


def downgrade() -> None:
    with op.batch_alter_table("tournament_online", schema=None) as batch_op:
        batch_op.drop_index("ux_tournament_online_table")
        batch_op.drop_index(batch_op.f("ix_tournament_online_tournament_id"))
    op.drop_table("tournament_online")
