"""How far a long solver run is, for whoever shows it (``schock solve``'s progress bar).

The solver reports each solved situation with :func:`report`; nothing happens unless
a caller listens with :func:`reporting` (a context variable: threads and other callers
are not affected, and the solver's signatures and caches stay as they are).

>>> seen = []
>>> with reporting(lambda stage, done, total: seen.append((stage, done, total))):
...     report("check", 1, 4)
>>> report("check", 2, 4)  # nobody listens any more
>>> seen
[('check', 1, 4)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: ``(stage, done, total)``: ``total`` is None where the count is not known in advance
#: (the empty-Stock phase runs sweeps until the values settle; ``done`` counts sweeps).
Listener = Callable[[str, int, "int | None"], None]

_LISTENER: ContextVar[Listener | None] = ContextVar("schock_solver_progress", default=None)

#: The stages of :func:`schock.solver.equilibrium.solve`, in order.
STAGES = ("equilibrium.empty", "equilibrium.stock", "check.empty", "check.stock")


@contextmanager
def reporting(listener: Listener) -> Iterator[None]:
    """Call ``listener`` with every :func:`report` made inside the ``with`` block."""
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)


def report(stage: str, done: int, total: int | None = None) -> None:
    """Tell the listener (if any) that ``done`` of ``total`` steps of ``stage`` are done."""
    listener = _LISTENER.get()
    if listener is not None:
        listener(stage, done, total)


__all__ = ["STAGES", "Listener", "report", "reporting"]
