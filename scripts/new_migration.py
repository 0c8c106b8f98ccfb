"""Write a new Alembic revision by comparing the models with the newest schema.

Usage: ``python scripts/new_migration.py "add tables"``. It migrates a scratch
SQLite database to the current head, autogenerates the difference to
``schock.store`` models into ``src/schock/store/migrations/versions/`` and
prints the file. Read the file and edit it before committing.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from alembic import command

from schock.store.db import _alembic_config, load_models, make_engine, upgrade


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not argv[0].strip():
        print('usage: python scripts/new_migration.py "message"', file=sys.stderr)
        return 2
    load_models()
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(str(Path(tmp) / "scratch.db"))
        upgrade(engine)
        with engine.begin() as connection:
            cfg = _alembic_config(engine)
            cfg.attributes["connection"] = connection
            script = command.revision(cfg, message=argv[0], autogenerate=True)
        engine.dispose()
    print(script.path if script and not isinstance(script, list) else script)  # type: ignore[union-attr]
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
