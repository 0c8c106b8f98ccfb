"""Running a job's chunks on a Dask cluster (``schock sim --cluster ADDRESS``).

Dask's distributed scheduler rather than Ray: it is a pure-Python install
(``dask[distributed]``, no native object store), a scheduler and its workers
start in a second or two (a test starts a :class:`distributed.LocalCluster`
in-process), and a cluster of several machines is two commands
(``dask scheduler`` on one, ``dask worker tcp://HOST:8786`` on each of the
others; see ``docs/sim.md``). Every worker needs schock with the ``sim``
extra installed.

The chunks and their seeds are those of a local run (:func:`schock.sim.chunks.chunks`),
so the numbers do not depend on the number of workers.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.sim.chunks import Chunk, Spec, run_chunk

#: Seconds to wait for the scheduler before giving up.
CONNECT_TIMEOUT = 10.0
#: Seconds a connection attempt may take beyond the timeout before it is given up on.
GRACE = 2.0


def connect(dist: Any, address: str, timeout: float) -> Any:
    """A Dask client of the scheduler at ``address``, or bad input within ``timeout``.

    Dask's own timeout covers the TCP connection but not a peer that accepts and
    then says nothing (an HTTP server, the dashboard port) or says something that
    is not Dask (its first bytes read as a frame length: "Unable to allocate
    2.82 EiB"), so the connection runs in a thread that is given up on after the
    timeout, and every error of it is reported as an unreachable scheduler.
    """
    outcome: dict[str, Any] = {}

    def attempt() -> None:
        try:
            outcome["client"] = dist.Client(address, timeout=timeout)
        except BaseException as exc:  # reported below, whatever it is
            outcome["error"] = exc

    thread = threading.Thread(target=attempt, name="schock-sim-connect", daemon=True)
    thread.start()
    thread.join(timeout + GRACE)
    if "client" in outcome:
        return outcome["client"]
    error = outcome.get("error")
    if error is None:
        reason = "no answer (is it a Dask scheduler?)"
    elif isinstance(error, MemoryError):
        reason = "the answer is not Dask's (is it a Dask scheduler?)"
    else:
        text = str(error).splitlines()[0] if str(error) else type(error).__name__
        reason = text[:200]
    raise InvalidInputError(
        Msg("sim.unreachable", {"address": address, "timeout": f"{timeout:g}", "reason": reason})
    )


def run_on_cluster(
    address: str,
    spec: Spec,
    seed: int,
    work: Sequence[tuple[int, int]],
    collect: Callable[[Chunk], None],
    *,
    timeout: float = CONNECT_TIMEOUT,
    record: str = "game",
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
    client_: Any = connect(dist, address, timeout)
    with client_:
        try:
            client_.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, OSError) as exc:
            raise InvalidInputError(
                Msg("sim.no_workers", {"address": address, "timeout": f"{timeout:g}"})
            ) from exc
        shared = client_.scatter(spec, broadcast=True)
        job = uuid.uuid4().hex  # keys unique to this job
        futures = [
            client_.submit(
                run_chunk,
                shared,
                seed,
                index,
                count,
                record,
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
