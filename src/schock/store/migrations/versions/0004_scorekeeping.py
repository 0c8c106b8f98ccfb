"""Scorekeeping at a real table: kept games and their entries.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 03:27:22.258180
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('keep_games',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('created', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.Column('rules_json', sa.Text(), nullable=False),
    sa.Column('seats_json', sa.Text(), nullable=False),
    sa.Column('starter', sa.Integer(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_keep_games'))
    )
    op.create_table('keep_entries',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    sa.Column('text', sa.String(length=80), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['keep_games.id'], name=op.f('fk_keep_entries_game_id_keep_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'n', name=op.f('pk_keep_entries'))
    )


def downgrade() -> None:
    op.drop_table('keep_entries')
    op.drop_table('keep_games')
