"""The browser app: tables, their seats (token hashes) and their accepted actions.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 00:46:39.165180
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('web_tables',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('created', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.Column('host_ip', sa.String(length=64), nullable=False),
    sa.Column('rules_json', sa.Text(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('host_hash', sa.String(length=64), nullable=False),
    sa.Column('started', sa.Boolean(), nullable=False),
    sa.Column('paused', sa.Boolean(), nullable=False),
    sa.Column('ended', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_web_tables'))
    )
    op.create_table('web_actions',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    sa.Column('text', sa.String(length=64), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['web_tables.id'], name=op.f('fk_web_actions_table_id_web_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'n', name=op.f('pk_web_actions'))
    )
    op.create_table('web_seats',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('bot', sa.String(length=40), nullable=True),
    sa.Column('token_hash', sa.String(length=64), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['web_tables.id'], name=op.f('fk_web_seats_table_id_web_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'seat', name=op.f('pk_web_seats'))
    )


def downgrade() -> None:
    op.drop_table('web_seats')
    op.drop_table('web_actions')
    op.drop_table('web_tables')
