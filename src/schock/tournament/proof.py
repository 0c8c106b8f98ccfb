"""A table's game taken from an engine game record: the record is the result's proof.

The record (``schock-record``, see docs/records.md) is replayed; its seats are
matched to the table's players by name (``"Anna"``) or label (``"7 Anna"``).
From the replayed game come the loser, the order of going out (players who
leave the half after the same showdown went out together; whoever still
holds no Deckel when the half ends goes out at that moment) and each player's
Schock Aus. In a game of halves and final the order is: players who did not
reach the final (together), the other finalist, the loser.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from schock.engine import events as ev
from schock.engine.game import Game
from schock.engine.record import from_json, replay, rules_to_json
from schock.errors import SchockError
from schock.results import Kind, evaluate
from schock.rules import Structure
from schock.tournament.errors import Refused

if TYPE_CHECKING:
    from schock.tournament.log import TournamentLog


def _refuse(where: tuple[str, str], en: str, de: str) -> Exception:
    return Refused(f"{where[0]}: {en}", f"{where[1]}: {de}")


def seat_players(
    game: Game, t: TournamentLog, players: Sequence[int], where: tuple[str, str]
) -> list[int]:
    """The start number of each seat of ``game``, matched by name or label."""
    by_name: dict[str, int] = {}
    for p in players:
        player = t.players[p]
        by_name[player.name.casefold()] = p
        by_name[player.label.casefold()] = p
    seats = []
    for seat in game.seats:
        found = by_name.get(seat.name.strip().casefold())
        if found is None:
            raise _refuse(
                where,
                f"the record's seat {seat.name!r} is no player of this game "
                f"(allowed: {', '.join(t.players[q].label for q in players)})",
                f"Platz {seat.name!r} des Protokolls ist kein Spieler dieses Spiels "
                f"(erlaubt: {', '.join(t.players[q].label for q in players)})",
            )
        seats.append(found)
    if sorted(seats) != sorted(players):
        raise _refuse(
            where,
            f"the record's seats are not the players of this game ({', '.join(map(str, players))})",
            f"Die Plätze des Protokolls sind nicht die Spieler dieses Spiels ({', '.join(map(str, players))})",
        )
    return seats


def ranking_from_game(game: Game) -> tuple[int, tuple[tuple[int, ...], ...], dict[int, int]]:
    """Seat of the loser, groups of seats in the order of going out, Schock Aus per seat.

    >>> from schock import load_rules
    >>> from schock.engine import Automation, SeededDice
    >>> from schock.bots import make_bot, play_game
    >>> g = Game(load_rules("irmgarteich"), seats=["A", "B", "C"], dice=SeededDice(5),
    ...          automations=set(Automation))
    >>> loser = play_game(g, [make_bot("heuristic") for _ in range(3)])
    >>> lost, out, _ = ranking_from_game(g)
    >>> lost == loser and sorted([*[s for grp in out for s in grp], lost]) == [0, 1, 2]
    True
    """
    if not game.over or game.loser is None:
        raise ValueError("the game is not over")
    loser = game.loser
    schock_aus: dict[int, int] = {}
    for e in game.log:
        if isinstance(e, ev.Stopped):
            kind = evaluate(game.rules, e.result).kind
            if kind in (Kind.SCHOCK_AUS, Kind.SCHOCK_HAND):
                schock_aus[e.seat] = schock_aus.get(e.seat, 0) + 1
    n = len(game.seats)
    if game.rules.structure is Structure.HALVES_AND_FINAL:
        finalists = set(game.half_losers)
        others = tuple(s for s in range(n) if s not in finalists)
        groups = [others] if others else []
        other = tuple(s for s in finalists if s != loser)
        if other:
            groups.append(other)
        return loser, tuple(groups), schock_aus
    step = 0
    when: dict[int, int] = {}
    for e in game.log:
        if isinstance(e, ev.DeckelGiven):
            step += 1
        elif isinstance(e, ev.PlayerOut):
            when[e.seat] = step
        elif isinstance(e, ev.Einkauf) and e.join:
            when.pop(e.seat, None)
    last = step + 1
    for s in range(n):
        if s != loser and s not in when:
            when[s] = last
    order = sorted(set(when.values()))
    groups = [tuple(s for s in range(n) if s != loser and when[s] == k) for k in order]
    return loser, tuple(g for g in groups if g), schock_aus


def ranking_from_record(
    record: dict[str, Any], t: TournamentLog, players: Sequence[int], where: tuple[str, str]
) -> tuple[int, tuple[tuple[int, ...], ...], dict[int, int]]:
    """Replay ``record`` and give loser, going-out groups and Schock Aus by start number."""
    try:
        game = replay(from_json(record))
    except SchockError as exc:
        raise _refuse(
            where, f"not a valid game record: {exc}", f"kein gültiges Spielprotokoll: {exc}"
        ) from None
    if not game.over:
        raise _refuse(
            where, "the recorded game is not over", "Das protokollierte Spiel ist nicht zu Ende"
        )
    if rules_to_json(game.rules) != rules_to_json(t.rules):
        raise _refuse(
            where,
            f"the record plays the rules {game.rules.id!r}, the tournament {t.rules.id!r}",
            f"Das Protokoll spielt nach {game.rules.id!r}, das Turnier nach {t.rules.id!r}",
        )
    seats = seat_players(game, t, players, where)
    loser, out, schock_aus = ranking_from_game(game)
    return (
        seats[loser],
        tuple(tuple(seats[s] for s in grp) for grp in out),
        {seats[s]: c for s, c in schock_aus.items()},
    )
