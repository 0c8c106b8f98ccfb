"""Fixtures of the web tests (helpers are in webhelp.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from webhelp import make_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(str(tmp_path / "web.db")) as c:
        yield c
