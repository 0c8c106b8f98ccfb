"""Fixtures of the web tests (helpers are in webhelp.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from servers import Postgres, start_postgres
from webhelp import make_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(str(tmp_path / "web.db")) as c:
        yield c


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """One PostgreSQL server for the session (Debian's package, initdb in a temporary
    directory, a unix socket only); each test takes a fresh database with ``pg_url``."""
    pg = start_postgres()
    try:
        yield pg
    finally:
        pg.stop()


@pytest.fixture
def pg_url(postgres: Postgres) -> str:
    """The URL of a new, empty database on the session's PostgreSQL server."""
    return postgres.new_database()
