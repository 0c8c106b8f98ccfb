"""Build the optional compiled engine: the game's modules through mypyc.

The game (``schock.engine.state``, ``turn``, ``round``, ``half`` and ``game``:
:data:`schock.engine.compiled.MODULES`) is compiled as one group, about twice
the speed of the pure-Python one (figures in docs/performance.md); the
extensions go beside their sources with a stamp of the sources they were built
from; :mod:`schock.engine.compiled` uses them only while those sources are
unchanged, and ``SCHOCK_PURE=1`` turns them off. Needs the ``compile`` extra
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
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

SRC = Path(__file__).resolve().parent.parent / "src"


#: mypyc's build of the game's modules as one group, whose shared library is
#: ``schock/engine/game__mypyc`` (beside the modules, not at the top of the tree)
SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="schock-engine",
    ext_modules=mypycify({files!r}, opt_level="3", group_name="schock.engine.game"),
)
"""


def _compiled(engine: Path) -> ModuleType:
    """``schock.engine.compiled`` of the package in ``engine`` (which modules, their
    digest), read from its file: the tree being built, whatever Python imports."""
    spec = importlib.util.spec_from_file_location("_schock_engine_compiled", engine / "compiled.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"no schock/engine/compiled.py in {engine}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def clean(engine: Path) -> list[Path]:
    """Remove a build from ``engine``; return what was removed."""
    stamp = engine / "game.build"
    gone = [*_compiled(engine).extensions(engine), *([stamp] if stamp.exists() else [])]
    for p in gone:
        p.unlink()
    return gone


def build(into: Path) -> tuple[list[Path], float]:
    """Compile the game of ``SRC`` and put it into ``into``'s ``schock/engine``.

    ``into`` must hold a copy of the package (the source tree itself, or a copy
    of it): the stamp is the digest of the game's sources found there.
    """
    engine = into / "schock" / "engine"
    if not (engine / "game.py").is_file():
        raise SystemExit(f"no schock/engine/game.py under {into}")
    compiled = _compiled(engine)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="schock-build-") as tmp:
        work = Path(tmp)
        shutil.copytree(into / "schock", work / "schock", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        files = [f"schock/engine/{name}.py" for name in compiled.MODULES]
        (work / "setup.py").write_text(SETUP.format(files=files), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace"],
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
        for p in compiled.extensions(work / "schock" / "engine"):
            shutil.copy2(p, engine / p.name)
            out.append(engine / p.name)
    if not out:
        raise SystemExit("mypyc built nothing; nothing was changed")
    (engine / "game.build").write_text(compiled.source_digest(engine) + "\n", encoding="ascii")
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
