"""The bot arena: many seeded games between bots, loss rates and ratings.

:func:`run_arena` plays ``games`` complete games under one rule set with one
bot per seat and returns an :class:`ArenaResult`: per bot the games, the
losses, the loss rate with a 95 % Wilson interval, and a rating table
(openskill, Plackett-Luce).

Everything is fixed by ``seed``. Game ``i`` gets its dice and its bots' seeds
from ``(seed, i)`` alone (:func:`derive_seed`), and its seating from ``i``
(:func:`seating`), so the result is the same whether the games run in one
process or in many (``jobs``), and in whatever order they finish.

Seating: bot ``k`` of the list sits at seat :func:`seating`. Every block of
``len(bots)`` consecutive games puts each bot once in every seat; across
``len(bots)!`` games every seating occurs equally often (so who sits after
whom is balanced too). The starter of each half is left to the rules (the
preset's opening, a roll-off or the loser of the previous half).

Ranking for the ratings: in each game the bots are ranked by the halves they
lost (the final counts as a half), fewest first, equal counts tied. The loser
of the game always lost the most, so he is last; in a one-half game the
others tie ahead of him. Ratings are updated game by game in the order of
``i``.

>>> result = run_arena("porz", ["heuristic", "random"], games=4, seed=1, jobs=1)
>>> [(r.name, r.games) for r in result.results]
[('heuristic', 4), ('random', 4)]
>>> sum(r.losses for r in result.results)
4
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from schock.bots import available_bots, check_seats, make_bot, play_game
from schock.engine.dice_sources import SeededDice
from schock.engine.game import MAX_SEATS, MIN_SEATS, Automation, Game
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import Rules, load_rules

#: z for a two-sided 95 % interval (the 0.975 quantile of the standard normal).
Z95 = 1.959963984540054

#: What a rating table is computed with (for output).
RATING_MODEL = "openskill PlackettLuce"

#: How a game ranks the bots for the ratings (for output).
RANKING = "per game by halves lost (the final counts), fewest first, ties equal; the loser last"

#: A callback that hears ``(games done, games in all)``.
Progress = Callable[[int, int], None]

# A prime above MAX_SEATS - 1, so it shares no factor with (seats - 1)!: multiplying
# by it permutes the circular seatings, spreading consecutive blocks far apart.
_STRIDE = 1_000_003

#: Games per task: small enough for a lively progress bar with slow bots.
_MAX_CHUNK = 10

#: Tasks handed out ahead per worker process: enough to keep it busy, few enough
#: that memory does not depend on the number of games.
_CHUNKS_PER_WORKER = 2

#: The most games one run may ask for (a run can be stopped with Ctrl-C at any time).
MAX_GAMES = 1_000_000_000

#: The most worker processes.
MAX_JOBS = 256


# ------------------------------------------------------------------ small pure helpers
def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials`` (95 % by default).

    >>> lo, hi = wilson_interval(81, 263)
    >>> round(lo, 4), round(hi, 4)
    (0.2553, 0.3662)
    >>> wilson_interval(0, 20)[0], round(wilson_interval(0, 20)[1], 4)
    (0.0, 0.1611)
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials and trials >= 1, got {successes}/{trials}")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def derive_seed(seed: int, index: int, *salt: object) -> int:
    """A 64-bit seed for game ``index`` of an arena run (and ``salt``, e.g. a bot).

    It depends only on its arguments (not on the process or on ``PYTHONHASHSEED``).

    >>> derive_seed(0, 1) == derive_seed(0, 1) != derive_seed(0, 2)
    True
    >>> derive_seed(0, 1, "bot", 0) != derive_seed(0, 1)
    True
    """
    text = ":".join(str(part) for part in ("schock-arena", seed, index, *salt))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _nth_permutation(items: Sequence[int], n: int) -> list[int]:
    """Permutation number ``n`` (0 <= n < len(items)!) of ``items``, one for each n."""
    pool = list(items)
    out = []
    for size in range(len(pool), 0, -1):
        n, i = divmod(n, size)
        out.append(pool.pop(i))
    return out


def seating(bots: int, index: int) -> tuple[int, ...]:
    """Which bot (by its place in the list) sits at each seat in game ``index``.

    Each block of ``bots`` games rotates one circular order through every
    seat; consecutive blocks take different circular orders, all of them
    equally often.

    >>> [seating(2, i) for i in range(4)]
    [(0, 1), (1, 0), (0, 1), (1, 0)]
    >>> [seating(3, i) for i in range(6)]
    [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (2, 1, 0), (1, 0, 2)]
    """
    block, shift = divmod(index, bots)
    circles = math.factorial(bots - 1)
    order = [0, *_nth_permutation(range(1, bots), block * _STRIDE % circles)]
    return tuple(order[(seat + shift) % bots] for seat in range(bots))


def entry_names(bots: Sequence[str]) -> tuple[str, ...]:
    """Labels for the bots of a run: the bot's name, numbered where it occurs twice.

    >>> entry_names(["random", "heuristic", "random"])
    ('random#1', 'heuristic', 'random#2')
    """
    seen: dict[str, int] = {}
    names = []
    for bot in bots:
        seen[bot] = seen.get(bot, 0) + 1
        names.append(f"{bot}#{seen[bot]}" if bots.count(bot) > 1 else bot)
    return tuple(names)


# ------------------------------------------------------------------ one game
@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one arena game gives: bots are numbered by their place in the list."""

    index: int
    seating: tuple[int, ...]
    """The bot at each seat."""
    loser: int
    """The bot that lost the game."""
    halves_lost: tuple[int, ...]
    """Per bot, the halves it lost (the final counts): its rank in this game, lower is better."""


def play_arena_game(rules: Rules, bots: Sequence[str], seed: int, index: int) -> GameRecord:
    """Play game ``index`` of an arena run: every chore automated, seeded dice and bots.

    >>> from schock import load_rules
    >>> r = play_arena_game(load_rules("porz"), ["heuristic", "random"], 1, 0)
    >>> r == play_arena_game(load_rules("porz"), ["heuristic", "random"], 1, 0)
    True
    """
    seats = seating(len(bots), index)
    names = entry_names(bots)
    game = Game(
        rules,
        seats=[names[b] for b in seats],
        dice=SeededDice(derive_seed(seed, index)),
        automations=set(Automation),
    )
    players = [make_bot(bots[b], seed=derive_seed(seed, index, "bot", b)) for b in seats]
    loser_seat = play_game(game, players)
    halves = [0] * len(bots)
    for seat in game.half_losers:
        halves[seats[seat]] += 1
    return GameRecord(index, seats, seats[loser_seat], tuple(halves))


def _play_range(
    rules: Rules, bots: tuple[str, ...], seed: int, start: int, stop: int
) -> list[GameRecord]:
    """Games ``start .. stop-1``: one task of a run."""
    return [play_arena_game(rules, bots, seed, i) for i in range(start, stop)]


# ------------------------------------------------------------------ results
@dataclass(frozen=True, slots=True)
class BotResult:
    """One bot's record over an arena run."""

    name: str
    """Its label in this run (``random#2`` where a bot plays twice)."""
    bot: str
    """The bot's registry name."""
    games: int
    losses: int
    losses_by_seat: tuple[int, ...]
    """Its losses by the seat it sat at."""

    @property
    def loss_rate(self) -> float:
        return self.losses / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the loss rate."""
        return wilson_interval(self.losses, self.games)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.ci95
        return {
            "name": self.name,
            "bot": self.bot,
            "games": self.games,
            "losses": self.losses,
            "loss_rate": self.loss_rate,
            "ci95": [low, high],
            "losses_by_seat": list(self.losses_by_seat),
        }


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's openskill rating after the run; ``ordinal`` is mu - 3 sigma."""

    name: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """The outcome of :func:`run_arena`; equal runs give equal results."""

    rules: str
    bots: tuple[str, ...]
    """The registry names, in the order given (bot ``k`` of :attr:`GameRecord`)."""
    games: int
    seed: int
    results: tuple[BotResult, ...]
    """Per bot, in the order given."""
    ratings: tuple[Rating, ...]
    """Best first (by ordinal)."""
    records: tuple[GameRecord, ...] = field(repr=False, default=())
    """Every game, by index (empty when the run did not keep them)."""
    requested: int = field(repr=False, default=0)
    """The games asked for; more than :attr:`games` when the run was stopped."""

    @property
    def stopped(self) -> bool:
        """Whether the run was stopped (Ctrl-C) before all games asked for were played."""
        return self.games < self.requested

    def result(self, name: str) -> BotResult:
        """The record of the bot labelled ``name``."""
        for r in self.results:
            if r.name == name:
                return r
        raise InvalidInputError(
            f"no bot {name!r} in this run (allowed: {', '.join(r.name for r in self.results)})"
        )

    def fewer_losses(self, better: str, worse: str) -> bool:
        """Whether ``better`` lost significantly less often than ``worse``: the upper
        end of its 95 % interval lies below the lower end of the other's."""
        return self.result(better).ci95[1] < self.result(worse).ci95[0]

    def to_dict(self) -> dict[str, Any]:
        """Everything but the per-game records, ready for JSON."""
        return {
            "rules": self.rules,
            "bots": list(self.bots),
            "games": self.games,
            **({"requested": self.requested, "stopped": True} if self.stopped else {}),
            "seed": self.seed,
            "results": [r.to_dict() for r in self.results],
            "rating_model": RATING_MODEL,
            "ranking": RANKING,
            "ratings": [r.to_dict() for r in self.ratings],
        }


class _Tally:
    """Loss counts and ratings, updated game by game in the order of the index.

    Its memory does not grow with the number of games (unless it keeps the
    records for :attr:`ArenaResult.records`).
    """

    def __init__(self, bots: Sequence[str], *, keep_records: bool = True) -> None:
        self.names = entry_names(bots)
        n = len(bots)
        self.losses = [[0] * n for _ in range(n)]  # [bot][seat]
        self.model = PlackettLuce()
        self.ratings = [self.model.rating(name=name) for name in self.names]
        self.games = 0
        self.records: list[GameRecord] | None = [] if keep_records else None

    def add(self, rec: GameRecord) -> None:
        self.losses[rec.loser][rec.seating.index(rec.loser)] += 1
        teams = self.model.rate(
            [[r] for r in self.ratings], ranks=[float(h) for h in rec.halves_lost]
        )
        self.ratings = [team[0] for team in teams]
        self.games += 1
        if self.records is not None:
            self.records.append(rec)

    def result(
        self, rules: str, bots: Sequence[str], seed: int, requested: int | None = None
    ) -> ArenaResult:
        n = len(bots)
        names = self.names
        results = tuple(
            BotResult(names[b], bots[b], self.games, sum(self.losses[b]), tuple(self.losses[b]))
            for b in range(n)
        )
        table = sorted(
            (Rating(names[b], self.ratings[b].mu, self.ratings[b].sigma) for b in range(n)),
            key=lambda r: -r.ordinal,
        )
        return ArenaResult(
            rules,
            tuple(bots),
            self.games,
            seed,
            results,
            tuple(table),
            tuple(self.records or ()),
            requested if requested is not None else self.games,
        )


def summarize(
    rules: str, bots: Sequence[str], seed: int, records: Sequence[GameRecord]
) -> ArenaResult:
    """Loss counts and ratings from the games of a run (in the order of their index)."""
    tally = _Tally(bots)
    for rec in sorted(records, key=lambda r: r.index):
        tally.add(rec)
    return tally.result(rules, bots, seed)


# ------------------------------------------------------------------ the run
def _whole(name: str, value: object, low: int | None, high: int | None = None) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        if low is not None and high is not None:
            allowed = f"a whole number from {low} to {high}"
        else:
            allowed = "a whole number" + (f" from {low} on" if low is not None else "")
        raise InvalidInputError(f"{name} must be {allowed}, got {value!r}")


def validate_run(bots: Sequence[str], games: int, seed: int, jobs: int | None) -> int:
    """Validate the arguments of :func:`run_arena`; return the number of jobs."""
    known = available_bots()
    for bot in bots:
        if bot not in known:
            allowed = ", ".join(sorted(known))
            raise InvalidInputError(Msg("input.bot", {"kind": bot, "allowed": allowed}))
    if not MIN_SEATS <= len(bots) <= MAX_SEATS:
        raise InvalidInputError(
            Msg(
                "input.arena_seats",
                {
                    "low": MIN_SEATS,
                    "high": MAX_SEATS,
                    "n": len(bots),
                    "allowed": ", ".join(sorted(known)),
                },
            )
        )
    for bot in bots:
        check_seats(bot, len(bots))
    _whole("games", games, 1, MAX_GAMES)
    _whole("seed", seed, None)
    if jobs is not None:
        _whole("jobs", jobs, 1, MAX_JOBS)
    return jobs if jobs is not None else (os.cpu_count() or 1)


def _ignore_interrupts() -> None:
    """Worker start: Ctrl-C reaches the whole process group; only the parent handles it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def spawning_without_interrupts() -> Iterator[None]:
    """Start worker processes that ignore Ctrl-C from their first instruction.

    A worker's ``initializer`` runs only after the worker has imported what the
    pool sends it, and a Ctrl-C during those imports printed the worker's
    traceback. A signal that is ignored at ``exec`` stays ignored, and Python
    keeps it so, so the parent ignores SIGINT while the pool spawns its workers
    (the first submissions) and restores its own handler at once.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers belong to the main thread; workers still ignore it soon
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """End a pool at once: drop the queued work and end its worker processes."""
    processes = list((pool._processes or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join()
    pool.shutdown(wait=True, cancel_futures=True)


def run_arena(
    rules: Rules | str,
    bots: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    progress: Progress | None = None,
    keep_records: bool = True,
    interruptible: bool = False,
) -> ArenaResult:
    """Play ``games`` seeded games between ``bots`` (registry names, one per seat).

    ``rules`` is a :class:`~schock.rules.Rules` or a preset name or rules file
    path; ``jobs`` processes play (default: one per core; 1 plays here, in
    this process); ``progress`` hears ``(done, total)`` as games finish.
    The result does not depend on ``jobs``.

    The games are handed out in small chunks, only a few more than there are
    workers at a time, and counted as they come back, so memory does not grow
    with ``games`` (``keep_records=False`` also drops the per-game records).
    A ``KeyboardInterrupt`` (Ctrl-C) ends every worker; with ``interruptible``
    the run then returns the result of the games ``0 .. n-1`` finished so far
    (:attr:`ArenaResult.stopped`), else the interrupt goes on.

    >>> run_arena("porz", ["heuristic", "random"], games=0)
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: games must be a whole number from 1 to 1000000000, got 0
    """
    loaded = load_rules(rules) if isinstance(rules, str) else rules
    if not isinstance(loaded, Rules):
        raise InvalidInputError(f"rules must be a Rules object or a name, got {rules!r}")
    bots = tuple(bots)
    workers = validate_run(bots, games, seed, jobs)
    size = max(1, min(_MAX_CHUNK, games // (workers * 4)))
    chunks = iter(range(0, games, size))
    tally = _Tally(bots, keep_records=keep_records)
    waiting: dict[int, list[GameRecord]] = {}  # finished chunks that wait for an earlier one

    def collect(start: int, done: list[GameRecord]) -> None:
        waiting[start] = done
        while tally.games in waiting:
            for rec in waiting.pop(tally.games):
                tally.add(rec)
        if progress is not None:
            progress(tally.games, games)

    try:
        if workers == 1:
            for start in chunks:
                collect(start, _play_range(loaded, bots, seed, start, min(games, start + size)))
        else:
            _run_pool(loaded, bots, seed, games, size, chunks, workers, collect)
    except KeyboardInterrupt:
        if not interruptible:
            raise
        return tally.result(loaded.id, bots, seed, games)
    return tally.result(loaded.id, bots, seed, games)


def _run_pool(
    rules: Rules,
    bots: tuple[str, ...],
    seed: int,
    games: int,
    size: int,
    chunks: Iterator[int],
    workers: int,
    collect: Callable[[int, list[GameRecord]], None],
) -> None:
    """Play the chunks in ``workers`` processes, at most a few chunks ahead."""
    # spawn: the same on every platform, and safe beside a progress bar's thread
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        max_workers=min(workers, -(-games // size)),
        mp_context=context,
        initializer=_ignore_interrupts,
    )
    running: dict[Future[list[GameRecord]], int] = {}

    def submit() -> None:
        start = next(chunks, None)
        if start is not None:
            future = pool.submit(_play_range, rules, bots, seed, start, min(games, start + size))
            running[future] = start

    try:
        with spawning_without_interrupts():
            for _ in range(workers * _CHUNKS_PER_WORKER):
                submit()
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=running.__getitem__):
                start = running.pop(future)
                collect(start, future.result())
                submit()
    except BaseException:
        _stop_pool(pool)
        raise
    pool.shutdown(wait=True)


__all__ = [
    "MAX_GAMES",
    "RANKING",
    "RATING_MODEL",
    "Z95",
    "ArenaResult",
    "BotResult",
    "GameRecord",
    "Progress",
    "Rating",
    "derive_seed",
    "entry_names",
    "play_arena_game",
    "run_arena",
    "seating",
    "summarize",
    "validate_run",
    "wilson_interval",
]
