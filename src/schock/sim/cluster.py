"""Running a job's chunks on a Dask cluster (``schock sim --cluster ADDRESS``).

Dask's distributed scheduler rather than Ray: it is a pure-Python install
(``dask[distributed]``, no native object store), a scheduler and its workers
start in a second or two (a test starts a :class:`distributed.LocalCluster`
in-process), and a cluster of several machines is two commands
(``dask scheduler`` on one, ``dask worker tcp://HOST:8786`` on each of the
others; see ``docs/sim.md``). Every worker needs schock with the ``sim``
extra installed.

The chunks and their seeds are those of a local run (:func:`schock.sim.core.chunks`),
so the numbers do not depend on the number of workers.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.sim.core import Chunk, Spec, run_chunk

#: Seconds to wait for the scheduler before giving up.
CONNECT_TIMEOUT = 10.0


def run_on_cluster(
    address: str,
    spec: Spec,
    seed: int,
    work: Sequence[tuple[int, int]],
    collect: Callable[[Chunk], None],
    *,
    timeout: float = CONNECT_TIMEOUT,
) -> None:
    """Run every chunk of ``work`` on the Dask scheduler at ``address``; hand each
    finished chunk to ``collect`` (in the order they finish)."""
    try:
        import distributed
    except ImportError:
        raise InvalidInputError(Msg("sim.dask")) from None
    dist: Any = distributed  # untyped

    if not isinstance(address, str) or not address.strip():
        raise InvalidInputError(Msg("sim.address", {"address": address}))
    try:
        client = dist.Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InvalidInputError(Msg("sim.unreachable", {
            "address": address, "timeout": f"{timeout:g}", "reason": reason})) from None
    client_: Any = client
    with client_:
        shared = client_.scatter(spec, broadcast=True)
        job = uuid.uuid4().hex  # keys unique to this job
        futures = [
            client_.submit(
                run_chunk,
                shared,
                seed,
                index,
                count,
                pure=False,
                key=f"schock-sim-{job}-{index}",
            )
            for index, count in work
        ]
        try:
            for future in dist.as_completed(futures):
                collect(future.result())
        finally:
            client_.cancel(futures)
