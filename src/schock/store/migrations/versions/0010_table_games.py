"""A table plays game after game: the finished (or ended) games and the current one

Adds ``web_games`` (one row per finished or ended game of a table: its number,
the loser's name (NULL: ended before its end), whether it was ended, and its
record, which holds only the dice thrown, never a seed) and to ``web_tables``
``game_no`` (the number of the current game, 1 for tables made before this
revision) and ``starter`` (the seat that begins the current game: the loser of
the game before; NULL: as the rules open a first game).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_tables", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("game_no", sa.Integer(), nullable=False, server_default="1")
        )
        batch_op.add_column(sa.Column("starter", sa.Integer(), nullable=True))
    op.create_table(
        "web_games",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("loser", sa.String(length=40), nullable=True),
        sa.Column("ended", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(), server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["web_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "number"),
    )


def downgrade() -> None:
    op.drop_table("web_games")
    with op.batch_alter_table("web_tables", schema=None) as batch_op:
        batch_op.drop_column("starter")
        batch_op.drop_column("game_no")
