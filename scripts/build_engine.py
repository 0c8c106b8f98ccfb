"""Build the optional compiled engine: ``schock.engine.game`` through mypyc.

The compiled module (about twice the speed of the pure-Python one; figures in
docs/performance.md) goes beside ``game.py`` with a stamp of the source it was
built from; :mod:`schock.engine.compiled` uses it only while that source is
unchanged, and ``SCHOCK_PURE=1`` turns it off. Needs the ``compile`` extra
(mypy, which brings mypyc) and a C compiler::

    .venv/bin/pip install -e '.[compile]'
    .venv/bin/python scripts/build_engine.py            # into src/schock/engine
    .venv/bin/python scripts/build_engine.py --clean    # back to pure Python
    .venv/bin/python scripts/build_engine.py --into DIR # a copy of the package in DIR

The build runs in a temporary copy of the package, so no build files are left
in the source tree.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def _built(engine: Path) -> list[Path]:
    """The extension files of a build in ``engine`` (the game and its mypyc runtime)."""
    return sorted(p for p in engine.iterdir() if p.name.startswith("game") and p.suffix in (".so", ".pyd"))


def clean(engine: Path) -> list[Path]:
    """Remove a build from ``engine``; return what was removed."""
    gone = [*_built(engine), *([engine / "game.build"] if (engine / "game.build").exists() else [])]
    for p in gone:
        p.unlink()
    return gone


def build(into: Path) -> tuple[list[Path], float]:
    """Compile the game of ``SRC`` and put it into ``into``'s ``schock/engine``.

    ``into`` must hold a copy of the package (the source tree itself, or a copy
    of it): the stamp is the digest of the ``game.py`` found there.
    """
    engine = into / "schock" / "engine"
    if not (engine / "game.py").is_file():
        raise SystemExit(f"no schock/engine/game.py under {into}")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="schock-build-") as tmp:
        work = Path(tmp)
        shutil.copytree(into / "schock", work / "schock", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", "schock/engine/game.py"],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            sys.stderr.write(done.stdout + done.stderr)
            raise SystemExit(f"mypyc failed (exit {done.returncode}); nothing was changed")
        clean(engine)
        out = []
        for p in _built(work / "schock" / "engine"):
            shutil.copy2(p, engine / p.name)
            out.append(engine / p.name)
    if not out:
        raise SystemExit("mypyc built nothing; nothing was changed")
    from schock.engine.compiled import source_digest

    (engine / "game.build").write_text(source_digest(engine / "game.py") + "\n", encoding="ascii")
    return out, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the build (pure Python again)")
    parser.add_argument(
        "--into", type=Path, default=SRC, help="a directory holding the schock package (default: src)"
    )
    args = parser.parse_args(argv)
    if args.clean:
        gone = clean(args.into / "schock" / "engine")
        print(f"removed {len(gone)} file(s)" if gone else "no compiled engine to remove")
        return 0
    files, seconds = build(args.into)
    for p in files:
        print(f"built {p}")
    print(f"compiled engine built in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
