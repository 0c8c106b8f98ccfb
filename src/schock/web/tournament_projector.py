"""The tournament projector (``/turnier/{id}/projektor``, public, read-only) and the
state it polls.

The state answers ``304 Not Modified`` while its ``ETag`` is the one the projector sent
(``If-None-Match``): the tag is made of the log's version
(:func:`schock.tournament.storage.stored_version`) and the projector settings, two
small queries in a thread. What changed is built in the process pool
(:mod:`schock.web.offload`: the standings of a big tournament take a while) and kept
by its tag, so several projectors of one tournament cost one build. The clock's seconds
left are not in the tag: the page counts down from the last state it got.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from schock.errors import InvalidInputError
from schock.store import Database
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
from schock.web import offload
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
def projector_page(tid: str, request: Request, turn: str = "12") -> Response:
    """The projector: ``turn`` is the seconds a page stays up (0: pages turn only by hand)."""
    _access(_db(request), tid)
    t = storage.current(_db(request), tid)
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


def projector_body(db: Database, tid: str, mode: str, frozen: str | None) -> dict[str, Any]:
    """What the projector shows but the clock, for the standings mode ``mode`` (and the
    standings ``frozen`` by the organizer): a process pool job."""
    t = storage.current(db, tid)
    rnd = t.current_round
    plan = []
    if rnd is not None:
        for i, tb in enumerate(rnd.tables, start=1):
            plan.append({"table": i, "players": [asdict(t.players[p]) for p in tb],
                         "done": t.next_game(rnd.number, i) is None,
                         "games": len(rnd.games.get(i, {}))})
    table: list[dict[str, Any]] | None
    koenig: list[dict[str, Any]] | None = None
    if _hidden_now(t, mode):
        table = None
    elif mode == "frozen" and frozen:
        table = json.loads(frozen)
    else:
        table = _standings_json(t)
    if table is not None and SidePrize.SCHOCK_AUS_KOENIG in t.format.side_prizes:
        counted = sorted((s for s in standings(t) if s.schock_aus), key=lambda s: -s.schock_aus)
        koenig = [{"rank": 1 + sum(o.schock_aus > s.schock_aus for o in counted),
                   "number": s.number, "name": s.name, "count": s.schock_aus} for s in counted]
    drinks = sorted(drinks_totals(t).items(), key=lambda x: (-x[1][0], -x[1][1], x[0]))
    return {
        "name": t.name, "round": rnd.number if rnd else None, "plan": plan,
        "rounds": t.format.rounds or None, "chips": t.format.scoring is Scoring.CHIPS,
        "standings": table, "mode": mode, "koenig": koenig,
        "drinks": [{"number": p, "name": t.players[p].name, "buys": b, "gets": g}
                   for p, (b, g) in drinks],
        "finished": t.finished,
    }


def _tagged(db: Database, tid: str) -> tuple[str, Any]:
    """The state's ``ETag`` and the access row it was made from (blocking: a thread)."""
    access = _access(db, tid)
    made = json.dumps([tid, storage.stored_version(db, tid), access.standings_mode,
                       access.frozen_json, access.clock_started, access.clock_minutes])
    return '"' + hashlib.sha256(made.encode()).hexdigest()[:32] + '"', access


def _built(app: Any) -> OrderedDict[str, dict[str, Any]]:
    """The projector states this app built last, by their ``ETag`` (a few tournaments'
    worth)."""
    built: OrderedDict[str, dict[str, Any]] | None = getattr(app.state, "projector_built", None)
    if built is None:
        built = app.state.projector_built = OrderedDict()
    return built


@router.get("/api/turnier/{tid}/projector")
async def projector_state(tid: str, request: Request) -> Response:
    """The projector's state; ``304`` while the ``ETag`` sent in ``If-None-Match`` is
    still the state's."""
    etag, access = await offload.in_thread(_tagged, _db(request), tid)
    headers = {"ETag": etag, "Cache-Control": "no-store"}
    if etag in {x.strip() for x in request.headers.get("if-none-match", "").split(",")}:
        return Response(status_code=304, headers=headers)
    built = _built(request.app)
    body = built.get(etag)
    if body is None:
        body = await offload.with_database(request.app, projector_body, tid,
                                           access.standings_mode, access.frozen_json)
        built[etag] = body
        while len(built) > 8:
            built.popitem(last=False)
    remaining = None
    if access.clock_started is not None:
        remaining = int(access.clock_started + access.clock_minutes * 60 - time.time())
    clock = {"running": access.clock_started is not None, "remaining": remaining,
             "minutes": access.clock_minutes,
             "warning": remaining is not None and remaining <= 300}
    return Response(json.dumps({**body, "clock": clock}, ensure_ascii=False),
                    media_type="application/json", headers=headers)
