"""The tournament projector (``/turnier/{id}/projektor``, public, read-only) and the
state it polls."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from schock.errors import InvalidInputError
from schock.tournament import storage
from schock.tournament.card import whole_number as _int
from schock.tournament.domain import (
    Tournament,
)
from schock.tournament.format import (
    Scoring,
    SidePrize,
)
from schock.tournament.standings import drinks_totals, standings
from schock.web.tournament_common import (
    _access,
    _db,
    _lang,
    _msg,
    _render,
    _standings_json,
)

router = APIRouter()


@router.get("/turnier/{tid}/projektor", response_class=HTMLResponse)
async def projector_page(tid: str, request: Request, turn: str = "12") -> Response:
    """The projector: ``turn`` is the seconds a page stays up (0: pages turn only by hand)."""
    _access(_db(request), tid)
    t = storage.load(_db(request), tid)
    try:
        seconds = _int(turn, "turn") if turn.strip() else 12
    except InvalidInputError as exc:
        raise HTTPException(400, _msg(exc, _lang(request))) from None
    return _render(request, "turnier_projector.html", t=t, turn=min(seconds, 3600))


def _hidden_now(t: Tournament, mode: str) -> bool:
    """Whether the projector hides the standings: always (``hidden``), or from the drawing
    of the format's last round until the tournament is over (``last``)."""
    if mode == "hidden":
        return True
    rnd = t.current_round
    return (mode == "last" and rnd is not None and t.format.rounds > 0
            and rnd.number >= t.format.rounds and not t.finished)


@router.get("/api/turnier/{tid}/projector")
async def projector_state(tid: str, request: Request) -> JSONResponse:
    access = _access(_db(request), tid)
    t = storage.load(_db(request), tid)
    rnd = t.current_round
    plan = []
    if rnd is not None:
        for i, tb in enumerate(rnd.tables, start=1):
            plan.append({"table": i, "players": [asdict(t.players[p]) for p in tb],
                         "done": t.next_game(rnd.number, i) is None,
                         "games": len(rnd.games.get(i, {}))})
    table: list[dict[str, Any]] | None
    koenig: list[dict[str, Any]] | None = None
    if _hidden_now(t, access.standings_mode):
        table = None
    elif access.standings_mode == "frozen" and access.frozen_json:
        table = json.loads(access.frozen_json)
    else:
        table = _standings_json(t)
    if table is not None and SidePrize.SCHOCK_AUS_KOENIG in t.format.side_prizes:
        counted = sorted((s for s in standings(t) if s.schock_aus), key=lambda s: -s.schock_aus)
        koenig = [{"rank": 1 + sum(o.schock_aus > s.schock_aus for o in counted),
                   "number": s.number, "name": s.name, "count": s.schock_aus} for s in counted]
    drinks = sorted(drinks_totals(t).items(), key=lambda x: (-x[1][0], -x[1][1], x[0]))
    remaining = None
    if access.clock_started is not None:
        remaining = int(access.clock_started + access.clock_minutes * 60 - time.time())
    return JSONResponse({
        "name": t.name, "round": rnd.number if rnd else None, "plan": plan,
        "rounds": t.format.rounds or None, "chips": t.format.scoring is Scoring.CHIPS,
        "standings": table, "mode": access.standings_mode, "koenig": koenig,
        "drinks": [{"number": p, "name": t.players[p].name, "buys": b, "gets": g}
                   for p, (b, g) in drinks],
        "clock": {"running": access.clock_started is not None, "remaining": remaining,
                  "minutes": access.clock_minutes, "warning": remaining is not None
                  and remaining <= 300},
        "finished": t.finished,
    })
