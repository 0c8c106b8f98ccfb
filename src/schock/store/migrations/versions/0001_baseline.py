"""Baseline: an empty schema that every area's migrations build on.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
