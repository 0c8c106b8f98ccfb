"""Entering a whole tournament evening on the command line: the entry loop against
one ``schock turnier eintragen`` call per game.

A bot evening is simulated (``--format``, ``--players``, ``--seed``); its draws are
stored in a fresh SQLite database, and each round's games are typed into one
``schock turnier eintragen`` loop (card notation, in the loop's own table order). The
loop's standings are compared with the simulation's. Printed: games, the loop's wall
time and milliseconds per game, the median time of a one-shot ``eintragen`` call (a
game entered again with the same result), and what the evening costs one call per game.

Run: ``python benchmarks/turnier_entry.py [--format irmgarteich] [--players 24]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from schock.store import open_database
from schock.tournament import storage
from schock.tournament.domain import GameEntered, RoundDrawn, Tournament, format_out
from schock.tournament.format import load_format
from schock.tournament.simulate import bot_tournament, simulate
from schock.tournament.standings import standings

SCHOCK = [sys.executable, "-m", "schock"]


def line(e: GameEntered, points: bool) -> str:
    """A game in the loop's card notation."""
    schock = ", ".join(f"{p}:{n}" for p, n in e.schock_aus if n)
    fields = [format_out(e.out), str(e.loser), schock] if points else [str(e.loser), schock]
    return " / ".join(fields)


def loop(db: Path, lines: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([*SCHOCK, "turnier", "eintragen", "--db", str(db)], check=True,
                   input="\n".join([*lines, "ende"]) + "\n", text=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="irmgarteich")
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--calls", type=int, default=5, help="one-shot calls timed")
    args = parser.parse_args()
    fmt = load_format(args.format)
    points = fmt.scoring.value == "points"
    sim = bot_tournament(fmt, args.players, seed=args.seed)
    simulate(sim)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "t.db"
        database = open_database(str(db))
        t = Tournament(id=sim.id, name=sim.name, fmt=sim.format, rules=sim.rules,
                       seed=sim.seed, created=sim.created)
        typed: list[GameEntered] = []
        seconds = 0.0
        games = 0

        def flush(t: Tournament) -> Tournament:
            nonlocal seconds, games, typed
            storage.save(database, t)
            if typed:
                order = sorted(typed, key=lambda e: (e.table, e.game))
                seconds += loop(db, [line(e, points) for e in order])
                games += len(order)
                typed = []
            return storage.load(database, t.id)

        for entry in sim.log:
            if entry.undone:
                continue
            if isinstance(entry.event, GameEntered):
                typed.append(entry.event)
                continue
            if isinstance(entry.event, RoundDrawn):
                t = flush(t)
            t.replay_event(entry.event, at=entry.at)
        t = flush(t)
        same = [(s.number, s.points, s.chips) for s in standings(t)] == [
            (s.number, s.points, s.chips) for s in standings(sim)]
        last = sim.results()[-1]
        one = [*SCHOCK, "turnier", "eintragen", str(last.round), str(last.table),
               str(last.game), "--db", str(db), "--verlierer", str(last.loser)]
        one += [f"--raus={'+'.join(map(str, g))}" for g in last.out] if points else []
        one += [f"--schock-aus={p}" for p, n in last.schock_aus for _ in range(n)]
        calls = []
        for _ in range(args.calls):
            start = time.perf_counter()
            subprocess.run(one, check=True, stdout=subprocess.DEVNULL)
            calls.append(time.perf_counter() - start)
        database.close()
    call = statistics.median(calls)
    print(f"format {args.format}, {args.players} players, seed {args.seed}: {games} games")
    print(f"entry loop: {seconds:.1f} s in all, {1000 * seconds / games:.0f} ms per game "
          f"(one start-up per round), standings equal the simulation's: {same}")
    print(f"one-shot eintragen: {call:.2f} s per call (median of {len(calls)}); "
          f"{games} calls: {games * call / 60:.1f} min")
    print(f"cpus {os.cpu_count()}")


if __name__ == "__main__":
    main()
