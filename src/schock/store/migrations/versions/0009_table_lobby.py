"""Tables a group joins by one link: seats' ages and claims, the invite, finished games

Adds ``web_seats.age`` (NULL: not given; porz's opening tie is lost by the
youngest), ``web_seats.claimed`` (someone holds the seat: its link was opened
or it was taken through the invite link; a seat not claimed may be picked by
whoever opens the invite), ``web_tables.invite_hash`` (SHA-256 of the table's
invite token; NULL for tables made before this revision, which have no
invite) and ``web_tables.finished`` (the game is over: such a table no
longer counts toward an address's limit of open tables). Existing seats of
people count as claimed, existing tables as not finished.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("age", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column("claimed", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    seats = sa.table("web_seats", sa.column("bot", sa.String), sa.column("claimed", sa.Boolean))
    op.get_bind().execute(sa.update(seats).where(seats.c.bot.is_(None)).values(claimed=True))
    with op.batch_alter_table("web_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("invite_hash", sa.String(length=64), nullable=True))
        batch_op.add_column(
            sa.Column("finished", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("web_tables", schema=None) as batch_op:
        batch_op.drop_column("finished")
        batch_op.drop_column("invite_hash")
    with op.batch_alter_table("web_seats", schema=None) as batch_op:
        batch_op.drop_column("claimed")
        batch_op.drop_column("age")
