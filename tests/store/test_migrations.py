"""The migrations and the models describe the same schema, up and down."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

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
