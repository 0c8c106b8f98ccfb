"""Running jobs: validation, seeding per chunk, a process pool and a Dask cluster."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import numpy as np
import pytest

from schock import InvalidInputError, load_rules
from schock.sim import CHUNK, simulate
from schock.sim.core import chunks, make_spec, run_chunk


def test_same_seed_same_games_other_seed_other_games() -> None:
    a = simulate("porz", ["heuristic"] * 3, games=3000, seed=5)
    b = simulate("porz", ["heuristic"] * 3, games=3000, seed=5)
    c = simulate("porz", ["heuristic"] * 3, games=3000, seed=6)
    assert (a.rows == b.rows).all() and a.rounds == b.rounds
    assert not (a.rows == c.rows).all()


def test_a_longer_job_starts_with_the_same_games() -> None:
    """Chunk c depends on (seed, c) alone: the first chunk of a longer job is the same."""
    a = simulate("mosel", ["heuristic"] * 3, games=CHUNK + 10, seed=3)
    b = simulate("mosel", ["heuristic"] * 3, games=CHUNK, seed=3)
    assert (a.rows[:CHUNK] == b.rows).all()


def test_chunks_are_fixed() -> None:
    assert chunks(1) == [(0, 1)]
    assert chunks(2 * CHUNK) == [(0, CHUNK), (1, CHUNK)]


def test_a_process_pool_gives_the_same_numbers() -> None:
    games = CHUNK + 500
    here = simulate("ferschweiler", ["heuristic", "bold"], games=games, seed=9, jobs=1,
                    record="turn")
    pool = simulate("ferschweiler", ["heuristic", "bold"], games=games, seed=9, jobs=2,
                    record="turn")
    assert (here.rows == pool.rows).all()
    assert (here.kinds == pool.kinds).all() and (here.deckel == pool.deckel).all()
    assert here.round_rows is not None and pool.round_rows is not None
    assert here.turn_rows is not None and pool.turn_rows is not None
    assert (here.round_rows == pool.round_rows).all()
    assert (here.turn_rows == pool.turn_rows).all()
    # games are counted through the job, the second chunk's from CHUNK on
    assert pool.round_rows[-1, 0] == pool.turn_rows[-1, 0] == games - 1
    assert len(pool.round_rows) == pool.rounds


def test_a_chunk_short_of_room_plays_again_with_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    from schock.sim import chunks as chunks_module

    spec = make_spec(load_rules("mosel"), ["heuristic"] * 3)
    roomy = run_chunk(spec, 4, 0, 50, "turn")
    monkeypatch.setattr(chunks_module, "ROOM_ROUNDS", 1)
    tight = run_chunk(spec, 4, 0, 50, "turn")
    assert tight.round_rows is not None and roomy.round_rows is not None
    assert tight.turn_rows is not None and roomy.turn_rows is not None
    assert (tight.round_rows == roomy.round_rows).all()
    assert (tight.turn_rows == roomy.turn_rows).all()
    assert (tight.rows == roomy.rows).all()
    with pytest.raises(InvalidInputError, match="record must be one of"):
        run_chunk(spec, 4, 0, 5, "hand")


def test_a_dask_cluster_gives_the_same_numbers_for_any_number_of_workers() -> None:
    distributed = pytest.importorskip("distributed")
    games = 2 * CHUNK + 300
    here = simulate("niederrhein", ["heuristic"] * 4, games=games, seed=2)
    for workers in (1, 3):
        with distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster:
            there = simulate(
                "niederrhein",
                ["heuristic"] * 4,
                games=games,
                seed=2,
                cluster=cluster.scheduler_address,
            )
        assert (here.rows == there.rows).all()
        assert (here.round_losers == there.round_losers).all()


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:1", "nonsense"])
def test_an_unreachable_cluster_is_bad_input(address: str) -> None:
    with pytest.raises(InvalidInputError, match="cannot reach the Dask scheduler"):
        simulate("porz", ["heuristic"] * 3, games=10, cluster=address, cluster_timeout=0.5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "games must be a whole number from 1 on, got 0"),
        ({"games": -5}, "games must be a whole number from 1 on, got -5"),
        ({"games": 10, "seed": "x"}, "seed must be a whole number"),
        ({"games": 10, "jobs": 0}, "jobs must be a whole number from 1 on"),
        ({"games": 10, "bots": ["heuristic"]}, "2 to 12 seats"),
        ({"games": 10, "bots": ["heuristic"] * 13}, "2 to 12 seats"),
        ({"games": 10, "bots": ["heuristic", "random"]}, "'random' cannot play in the batch path"),
        ({"games": 10, "bots": ["heuristic", "nobody"]}, "unknown bot"),
        ({"games": 10, "record": "hand"}, "the rows to keep must be one of game, round, turn"),
    ],
)
def test_bad_input(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"bots": ["heuristic"] * 3, **kwargs}
    bots = args.pop("bots")
    with pytest.raises(InvalidInputError, match=message):
        simulate("porz", bots, **args)  # type: ignore[arg-type]


def test_every_game_has_a_loser_and_the_halves_add_up() -> None:
    r = simulate("mosel", ["heuristic", "cautious", "bold"], games=5000, seed=1)
    assert int(r.losses_by_seat().sum()) == 5000
    final = r.column("final_loser")
    assert ((final >= 0) ^ (r.column("durchmarsch") == 1)).all()
    assert (r.column("loser")[final >= 0] == final[final >= 0]).all()
    assert int(r.deckel.sum()) == int(r.round_losers.sum()) == r.rounds


def test_small_deckel_and_one_throw() -> None:
    rules = load_rules("porz").replace(deckel=1, max_throws=1)
    r = simulate(rules, ["heuristic"] * 2, games=2000, seed=1)
    assert set(np.unique(r.half_lengths())) <= {1, 2}  # the opening round may already end it
    assert len(r.deckel) == 2


def test_a_cluster_without_dask_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(InvalidInputError, match=r"--cluster needs Dask distributed: pip install"):
        simulate("porz", ["heuristic"] * 3, games=10, cluster="tcp://127.0.0.1:8786")


def _peer(greeting: bytes | None) -> tuple[socket.socket, threading.Thread, list[socket.socket]]:
    """A loopback server that accepts connections and then says nothing (or
    ``greeting``, garbage to Dask, first); closed by the caller."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    accepted: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                accepted.append(conn)
                if greeting is not None:
                    conn.sendall(greeting)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return server, thread, accepted


@pytest.mark.parametrize(
    "greeting", [None, b"HTTP/1.1 200 OK\r\n\r\n" + b"\xff" * 64], ids=["silent", "greets"]
)
def test_a_peer_that_is_no_dask_scheduler_is_bad_input_within_the_timeout(
    greeting: bytes | None,
) -> None:
    """Issue 28 item 5: a port that is not a scheduler (silent, or greeting first with
    bytes Dask reads as a huge frame) ends in one clear error, not a hang or a traceback."""
    server, thread, accepted = _peer(greeting)
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    started = time.monotonic()
    try:
        with pytest.raises(InvalidInputError, match="cannot reach the Dask scheduler"):
            simulate("porz", ["heuristic"] * 3, games=10, cluster=address, cluster_timeout=1)
        assert time.monotonic() - started < 60  # the bug hung for good
    finally:
        server.close()
        for conn in accepted:
            conn.close()
        thread.join(10)


def test_a_scheduler_without_workers_is_bad_input() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=0, processes=False, dashboard_address=None, scheduler_port=0
    ) as cluster, pytest.raises(InvalidInputError, match="has no workers"):
        simulate("porz", ["heuristic"] * 3, games=10, cluster=cluster.scheduler_address,
                 cluster_timeout=1)
