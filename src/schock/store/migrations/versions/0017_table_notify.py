"""Every change of a browser table is announced to the other server processes

PostgreSQL only (a SQLite file has one process): triggers on ``web_actions``,
``web_tables``, ``web_seats`` and ``tournament_online`` send ``NOTIFY schock_tables``
with ``TABLE_ID N<tab>TEXT<tab>ORIGIN``: N is the index of a new action and TEXT the
action as stored (``-`` and nothing for any other change), ORIGIN the writing
connection's ``application_name`` (each server process names its connections, so it
can skip what it wrote itself). PostgreSQL delivers them when the transaction commits,
never for one rolled back, and once per distinct payload within a transaction
(schock.web.sync).

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28
"""

from __future__ import annotations

from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

#: (table, the column that names the browser table, the events announced)
_WATCHED = (
    ("web_actions", "table_id", "INSERT OR DELETE"),
    ("web_tables", "id", "UPDATE"),
    ("web_seats", "table_id", "INSERT OR UPDATE OR DELETE"),
    ("tournament_online", "table_id", "INSERT OR UPDATE"),
)


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column, events in _WATCHED:
        # a new action says its index and text; any other change "-" and nothing
        what = "' ' || NEW.n || E'\\t' || NEW.text" if table == "web_actions" else "E' -\\t'"
        op.execute(f"""
CREATE FUNCTION schock_notify_{table}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('schock_tables', OLD.{column} || E' -\\t\\t'
                                           || current_setting('application_name'));
    ELSE
        PERFORM pg_notify('schock_tables', NEW.{column} || {what} || E'\\t'
                                           || current_setting('application_name'));
    END IF;
    RETURN NULL;
END $$""")
        op.execute(f"CREATE TRIGGER schock_notify AFTER {events} ON {table} "
                   f"FOR EACH ROW EXECUTE FUNCTION schock_notify_{table}()")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, _column, _events in _WATCHED:
        op.execute(f"DROP TRIGGER schock_notify ON {table}")
        op.execute(f"DROP FUNCTION schock_notify_{table}()")
