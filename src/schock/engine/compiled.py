"""The optional compiled engine, and the fall-back to pure Python.

``scripts/build_engine.py`` compiles the game's modules (:data:`MODULES`: the
state, the turn, the round, the half and :mod:`schock.engine.game` on top)
with mypyc into extension modules beside their sources (about twice as fast).
Python would load such an extension in place of its ``.py`` whenever it is
there; :func:`select`, run by :mod:`schock.engine` before anything imports the
game, loads the pure Python sources instead when

* the environment sets ``SCHOCK_PURE=1``, or
* the extensions were built from other sources than the ones beside them
  (the stamp, ``game.build``, holds the SHA-256 of the sources they were built
  from; a stale build is never used, so editing one of them needs no rebuild
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
MODULES = ("state", "turn", "round", "half", "game")
"""The compiled modules of ``schock.engine``, each standing on the ones before it."""
STAMP = HERE / "game.build"
"""Written by the build: the SHA-256 of the sources it compiled."""
MODULE = "schock.engine.game"
PURE_ENV = "SCHOCK_PURE"


def sources(directory: Path = HERE) -> list[Path]:
    """The source files of :data:`MODULES` in ``directory``, in that order."""
    return [directory / f"{name}.py" for name in MODULES]


def source_digest(directory: Path = HERE) -> str:
    """The SHA-256 of the game's sources in ``directory`` (what a build's stamp records)."""
    digest = hashlib.sha256()
    for path in sources(directory):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def extensions(directory: Path = HERE) -> list[Path]:
    """The compiled game modules in ``directory`` (``game.<tag>.so``, ``turn.<tag>.so``,
    their shared ``game__mypyc.<tag>.so`` and the like)."""
    return [
        directory / f"{name}{suffix}"
        for name in (*MODULES, "game__mypyc")
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if (directory / f"{name}{suffix}").is_file()
    ]


def usable() -> bool:
    """Whether a compiled game is here, built from these very sources."""
    if not extensions():
        return False
    try:
        return STAMP.read_text(encoding="ascii").strip() == source_digest()
    except OSError:
        return False


def select() -> None:
    """Make the game's modules their pure sources where the compiled ones must not serve."""
    names = [f"schock.engine.{name}" for name in MODULES]
    if any(name in sys.modules for name in names) or not extensions():
        return
    if os.environ.get(PURE_ENV, "") not in ("", "0") or not usable():
        loaded = []
        try:
            for name, path in zip(names, sources(), strict=True):  # each imports those before
                spec = importlib.util.spec_from_file_location(name, path)
                assert spec is not None and spec.loader is not None
                module = importlib.util.module_from_spec(spec)
                sys.modules[name] = module
                loaded.append(name)
                spec.loader.exec_module(module)
        except BaseException:
            for name in loaded:
                del sys.modules[name]
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
