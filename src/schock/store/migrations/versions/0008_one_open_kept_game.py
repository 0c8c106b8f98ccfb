"""One open kept game per tournament game: two phones starting at once share it

Adds ``tournament_kept.open`` (1 for the table's one kept game of a game that is
not reported yet, NULL otherwise) and a unique index over (tournament, round,
table, game, open). Existing rows: of the kept games of one game not reported
yet, the earliest started is the open one; any other (two phones that started
at the same moment before this revision) keeps its link and can still be
reported, it is only no longer the one a third phone joins.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournament_kept", schema=None) as batch_op:
        batch_op.add_column(sa.Column("open", sa.Integer(), nullable=True))
    kept = sa.table(
        "tournament_kept",
        sa.column("keep_id", sa.String),
        sa.column("tournament_id", sa.String),
        sa.column("round", sa.Integer),
        sa.column("table", sa.Integer),
        sa.column("game", sa.Integer),
        sa.column("at", sa.String),
        sa.column("pending_id", sa.Integer),
        sa.column("open", sa.Integer),
    )
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(kept.c.keep_id, kept.c.tournament_id, kept.c.round, kept.c.table, kept.c.game)
        .where(kept.c.pending_id.is_(None))
        .order_by(kept.c.at, kept.c.keep_id)
    ).all()
    seen: set[tuple[str, int, int, int]] = set()
    for keep_id, tid, rnd, table, game in rows:
        if (tid, rnd, table, game) not in seen:
            seen.add((tid, rnd, table, game))
            connection.execute(sa.update(kept).where(kept.c.keep_id == keep_id).values(open=1))
    with op.batch_alter_table("tournament_kept", schema=None) as batch_op:
        batch_op.create_index(
            "ux_tournament_kept_open",
            ["tournament_id", "round", "table", "game", "open"],
            unique=True,
        )


def downgrade() -> None:
    with op.batch_alter_table("tournament_kept", schema=None) as batch_op:
        batch_op.drop_index("ux_tournament_kept_open")
        batch_op.drop_column("open")
