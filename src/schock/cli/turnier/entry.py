"""One game's result as the commands enter it: from the options, checked by the
domain, and a game entered already replaced only when asked (a correction)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from schock.cli.common import BadInputError
from schock.cli.turnier.group import _label, _numbers, tr
from schock.tournament.card import enter_entry
from schock.tournament.domain import GameEntered, Tournament, format_out
from schock.tournament.format import Scoring


def _options_entry(out: Sequence[str], losers: Sequence[int], schock_aus: Sequence[int],
                   points: str | None) -> dict[str, Any]:
    """A game's entry from the one-shot command's options (``--raus 2+3 --verlierer 4``)."""
    if len(losers) > 1:
        raise BadInputError(tr("two_losers", losers=", ".join(map(str, losers))))
    if not losers:
        raise BadInputError(tr("no_loser"))
    entry: dict[str, Any] = {"loser": losers[0], "out": [_numbers(x, "--raus") for x in out]}
    if schock_aus:
        entry["schock_aus"] = {str(p): str(schock_aus.count(p)) for p in schock_aus}
    if points:
        pts = {}
        for part in points.split(","):
            key, _, value = part.partition("=")
            try:
                pts[str(int(key))] = str(int(value))
            except ValueError:
                raise BadInputError(tr("bad_points", part=part)) from None
        entry["points"] = pts
    return entry


def _enter_one(t: Tournament, rnd: int, table: int, game: int, entry: dict[str, Any],
               correct: bool) -> str:
    """Enter one game into ``t`` (checked by the domain) and say what happened; a game
    entered already is replaced only with ``correct``, the same result again changes
    nothing."""
    if t.format.scoring is not Scoring.POINTS:
        if entry.get("out"):
            raise BadInputError(tr("no_out_chips"))
        if entry.get("points"):
            raise BadInputError(tr("no_points_chips"))
    if entry.get("record") is not None:
        entry = {"record": entry["record"]}
    have = _entered(t, rnd, table, game)
    # an entered game: try on a copy first, the same result again changes nothing
    event = enter_entry(t if have is None else t.copy(), rnd, table, game, entry)
    if have is None:
        return tr("entered", r=rnd, t=table, g=game, loser=_label(t, event.loser))
    if _result_of(have) == _result_of(event):
        return tr("unchanged", r=rnd, t=table, g=game, was=_result_text(t, have))
    if not correct:
        raise BadInputError(tr("is_entered", r=rnd, t=table, g=game,
                               was=_result_text(t, have), now=_result_text(t, event)))
    enter_entry(t, rnd, table, game, entry)
    return tr("corrected", r=rnd, t=table, g=game, was=_result_text(t, have),
              now=_result_text(t, event))


def _entered(t: Tournament, rnd: int, table: int, game: int) -> GameEntered | None:
    """The result entered for a game already, if any."""
    if not 1 <= rnd <= len(t.rounds):
        return None
    return t.rounds[rnd - 1].games.get(table, {}).get(game)


def _result_of(e: GameEntered) -> tuple[object, ...]:
    return (e.loser, tuple(frozenset(g) for g in e.out),
            tuple((p, n) for p, n in e.schock_aus if n), e.record)


def _result_text(t: Tournament, e: GameEntered) -> str:
    """``Verlierer 3 Carl, raus 1, 2+4, Schock Aus 3: 1×``."""
    parts = [tr("w_loser", p=_label(t, e.loser))]
    if e.out:
        parts.append(tr("w_out", order=format_out(e.out)))
    parts += [f"Schock Aus {p}: {n}×" for p, n in e.schock_aus if n]
    return ", ".join(parts)
