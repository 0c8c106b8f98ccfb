"""The optional compiled engine, and the fall-back to pure Python.

``scripts/build_engine.py`` compiles :mod:`schock.engine.game` with mypyc into
extension modules beside ``game.py`` (about twice as fast). Python would load
such an extension in place of ``game.py`` whenever it is there; :func:`select`,
run by :mod:`schock.engine` before anything imports the game, loads the pure
Python source instead when

* the environment sets ``SCHOCK_PURE=1``, or
* the extension was built from another ``game.py`` than the one beside it
  (its stamp, ``game.build``, holds the SHA-256 of the source it was built
  from; a stale build is never used, so editing ``game.py`` needs no rebuild
  to take effect, only to be fast again).

Without a build nothing changes: the package is pure Python.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "game.py"
STAMP = HERE / "game.build"
"""Written by the build: the SHA-256 of the ``game.py`` it compiled."""
MODULE = "schock.engine.game"
PURE_ENV = "SCHOCK_PURE"


def source_digest(path: Path = SOURCE) -> str:
    """The SHA-256 of a ``game.py`` (what a build's stamp records)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extensions(directory: Path = HERE) -> list[Path]:
    """The compiled game modules in ``directory`` (``game.<tag>.so`` and the like)."""
    return [
        directory / f"game{suffix}"
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if (directory / f"game{suffix}").is_file()
    ]


def usable() -> bool:
    """Whether a compiled game is here, built from this very ``game.py``."""
    if not extensions():
        return False
    try:
        return STAMP.read_text(encoding="ascii").strip() == source_digest()
    except OSError:
        return False


def select() -> None:
    """Make ``schock.engine.game`` the pure source where the compiled one must not serve."""
    if MODULE in sys.modules or not extensions():
        return
    if os.environ.get(PURE_ENV, "") not in ("", "0") or not usable():
        spec = importlib.util.spec_from_file_location(MODULE, SOURCE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[MODULE] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[MODULE]
            raise


def active() -> str:
    """``"compiled"`` or ``"pure"``: which game this process runs.

    >>> active() in ("compiled", "pure")
    True
    """
    game = sys.modules.get(MODULE)
    if game is None:
        import schock.engine.game as game
    return "pure" if str(getattr(game, "__file__", "")).endswith(".py") else "compiled"
