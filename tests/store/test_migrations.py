"""The migrations and the models describe the same schema, up and down."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from schock.errors import InvalidInputError
from schock.store import Base, open_database
from schock.store.db import (
    _alembic_config,
    database_url,
    downgrade,
    load_models,
    make_engine,
    upgrade,
)


def test_one_head_and_a_linear_chain() -> None:
    script = ScriptDirectory.from_config(_alembic_config(make_engine("sqlite://")))
    assert len(script.get_heads()) == 1, "two migrations claim the same parent: chain them"
    revisions = list(script.walk_revisions())
    assert revisions[-1].revision == "0001"


def test_migrated_schema_matches_the_models(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "s.db"))
    load_models()
    with db.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    db.close()
    assert diff == [], f"models and migrations differ: {diff}"


def test_downgrade_to_empty_and_up_again(tmp_path: Path) -> None:
    engine = make_engine(str(tmp_path / "s.db"))
    upgrade(engine)
    tables = set(inspect(engine).get_table_names())
    downgrade(engine, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    upgrade(engine)
    assert set(inspect(engine).get_table_names()) == tables
    engine.dispose()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "s.db"))
    with db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    db.close()


@pytest.mark.parametrize("bad", ["", "   ", "a\x00b", "nosuchdialect://x"])
def test_bad_targets_are_refused(bad: str) -> None:
    with pytest.raises(InvalidInputError, match="database"):
        make_engine(bad)


def test_a_path_becomes_an_absolute_sqlite_url(tmp_path: Path) -> None:
    assert database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"


def test_0008_marks_one_open_kept_game_per_game(tmp_path: Path) -> None:
    """Kept games stored before revision 0008: of the unreported ones of a game the
    earliest becomes the open one; the others and reported ones are not open."""
    engine = make_engine(str(tmp_path / "s.db"))
    upgrade(engine, "0007")
    rows = [  # keep_id, game, at, pending_id
        ("b-later", 1, "2026-11-23T10:00:02", None),
        ("a-first", 1, "2026-11-23T10:00:01", None),
        ("c-reported", 1, "2026-11-23T10:00:00", 7),
        ("d-game2", 2, "2026-11-23T10:05:00", None),
    ]
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")  # no tournament or games here
        for keep_id, game, at, pending in rows:
            connection.exec_driver_sql(
                "INSERT INTO tournament_kept (keep_id, tournament_id, round, \"table\", game, at,"
                " pending_id) VALUES (?, 't', 1, 1, ?, ?, ?)",
                (keep_id, game, at, pending),
            )
        connection.commit()
    upgrade(engine)
    with engine.connect() as connection:
        got = dict(
            connection.exec_driver_sql("SELECT keep_id, open FROM tournament_kept").fetchall()
        )
        assert got == {"a-first": 1, "b-later": None, "c-reported": None, "d-game2": 1}
        with pytest.raises(IntegrityError):
            connection.exec_driver_sql("UPDATE tournament_kept SET open = 1 WHERE keep_id = 'b-later'")
    engine.dispose()


def test_0016_lets_new_tables_go_without_a_seed_and_back(tmp_path: Path) -> None:
    """Revision 0016: a stored table keeps its seed; a table without one can be stored;
    going back gives each table without one a fresh seed (the code before replays its
    throws stored with dice as typed in and throws the next ones from that seed)."""
    engine = make_engine(str(tmp_path / "s.db"))
    upgrade(engine, "0015")
    insert = ("INSERT INTO web_tables (id, host_ip, rules_json, seed, host_hash, started, "
              "paused, ended) VALUES (?, '', '{}', ?, 'h', 0, 0, 0)")
    with engine.connect() as connection:
        connection.exec_driver_sql(insert, ("old", 77))
        with pytest.raises(IntegrityError):
            connection.exec_driver_sql(insert, ("new", None))
        connection.commit()
    upgrade(engine)
    with engine.connect() as connection:
        connection.exec_driver_sql(insert, ("new", None))
        connection.commit()
        seeds = dict(connection.exec_driver_sql("SELECT id, seed FROM web_tables").fetchall())
        assert seeds == {"old": 77, "new": None}
    downgrade(engine, "0015")
    with engine.connect() as connection:
        seeds = dict(connection.exec_driver_sql("SELECT id, seed FROM web_tables").fetchall())
    assert seeds["old"] == 77 and isinstance(seeds["new"], int)
    engine.dispose()
