"""The Analyse pages: every decision of a game rated by the exact solver (issue 26).

* ``/t/{table}/analyse?game=N`` — a finished (or ended) game of a table;
* ``/keep/{game}/analyse`` — a game kept at a real table: the turns entered
  throw by throw are rated, turns typed as whole results are not (their
  thrown-away dice are placeholders, :mod:`schock.keep`);
* ``/analyse`` — upload any game record (a file or pasted text).

``?objective=half`` rates a two-player game for the half (exact
equilibrium); ``?lang=en`` English. The page steps through the decisions
(the table as the deciding player saw it, the dice drawn, the mark, the
best alternative with its chance), filters by player with a few lines of
script (without script every decision is listed), and ends with the
per-player summary.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from schock.analysis import (
    MARKS,
    Analysis,
    Decision,
    analyse,
    check_objective,
    decision_text,
    holding_text,
    mark_label,
    number,
    percent,
)
from schock.engine.record import Record, from_json, loads
from schock.engine.views import TurnView
from schock.errors import InvalidInputError, RecordError
from schock.keep import Result as KeptResult
from schock.keep import Scorekeeper
from schock.messages import Msg
from schock.results import evaluate
from schock.web import offload
from schock.web.evening import _open as open_group
from schock.web.keep import NotFound, load_kept_game
from schock.web.pages import _lang
from schock.web.pages import _render as render_page
from schock.web.session import Refused
from schock.web.tables_api import kept_game, table_or_404
from schock.web.texts import text

router = APIRouter()

#: Largest record accepted by upload (a long game is some 20 KB).
MAX_RECORD = 400_000


def _objective(request: Request) -> str:
    return "half" if request.query_params.get("objective") == "half" else "round"


def _render(request: Request, status: int = 200, **context: Any) -> Response:
    base: dict[str, Any] = {
        "error": None,
        "page": None,
        "back": None,
        "objective": _objective(request),
        "upload": False,
    }
    return render_page(request, "analyse.html", status, **{**base, **context})


def _turn(view_turn: TurnView, names: tuple[str, ...], rules: Any, lang: str) -> dict[str, Any]:
    result = None
    if view_turn.result is not None:
        result = evaluate(rules, view_turn.result).label(lang)
    return {
        "name": names[view_turn.seat],
        "seat": view_turn.seat,
        "aside": list(view_turn.aside),
        "cup": list(view_turn.cup or ()),
        "hidden": view_turn.hidden,
        "throws": view_turn.throws,
        "done": view_turn.done,
        "result": result,
    }


def _decision(d: Decision, n: int, lang: str) -> dict[str, Any]:
    line, better = decision_text(d, lang)
    view = d.view
    names = view.names
    turns = [_turn(t, names, view.rules, lang) for t in view.turns]
    me = view.turn_of(d.seat)
    if me is not None and me.last_throw is not None:
        # the decider's dice as he saw them when deciding: kept on the table, the throw
        for t in turns:
            if t["seat"] == d.seat:
                t["aside"], t["cup"], t["hidden"] = list(me.kept), list(me.last_throw), 0
    choices = [
        {
            "text": c.describe(lang),
            "value": c.value,
            "percent": percent(c.value, lang),
            "played": d.played is not None and (c.kind, c.move) == (d.played.kind, d.played.move),
            "best": i == 0,
        }
        for i, c in enumerate(d.choices)
    ]
    return {
        "n": n,
        "seat": d.seat,
        "name": d.name,
        "half": d.half,
        "round": d.round,
        "mark": d.mark,
        "mark_label": mark_label(d.mark, lang) if d.mark else None,
        "rated": d.rated,
        "loss": d.loss,
        "line": line,
        "better": better,
        "holding": holding_text(d, lang) if d.rated else None,
        "turns": turns,
        "stock": view.stock,
        "deckel": [(names[s], view.deckel[s]) for s in view.players],
        "limit": view.throw_limit,
        "blind": view.blind,
        "choices": choices,
        "objective": d.objective,
    }


def _page(a: Analysis, lang: str) -> dict[str, Any]:
    decisions = [_decision(d, i + 1, lang) for i, d in enumerate(a.decisions)]
    players = [
        {
            **p.to_json(),
            "marks_list": [(m, mark_label(m, lang), p.marks[m]) for m, _ in MARKS],
            "loss_text": number(p.total_loss, lang),
            "mean_text": number(p.mean_loss, lang, 3),
            "own_text": number(p.expected_own, lang, 1),
            "best_text": number(p.expected_best, lang, 1),
            "luck_text": ("+" if p.luck > 0 else "") + number(p.luck, lang, 1),
        }
        for p in a.players
    ]
    key = "analyse.objective.half" if a.objective == "half" else "analyse.objective.round"
    return {
        "title": Msg(
            "analyse.title", {"rules": a.record.rules.name, "names": ", ".join(a.names)}
        ).text(lang),
        "meaning": Msg(key).text(lang),
        "unfinished": None
        if a.finished
        else Msg("analyse.unfinished", {"actions": a.actions}).text(lang),
        "names": list(a.names),
        "decisions": decisions,
        "marked": sum(1 for d in decisions if d["rated"] and d["loss"] > 0),
        "players": players,
        "duel": len(a.names) == 2,
        "loser": None if a.loser is None else a.names[a.loser],
    }


async def _analysed(
    request: Request, record: Record, skip: frozenset[int] = frozenset(), **context: Any
) -> Response:
    lang = _lang(request)
    try:
        # the solver is pure Python: in the process pool, the event loop serves the tables
        a = await offload.in_process(request.app, analysis_job, record, _objective(request),
                                     skip, lang)
    except offload.Refusal as exc:
        return _render(request, 400, error=str(exc), **context)
    return _render(request, page=_page(a, lang), **context)


def analysis_job(record: Record, objective: str, skip: frozenset[int], lang: str) -> Analysis:
    """The analysis of a record (a process pool job); a record that does not replay or an
    objective that cannot value it is refused in ``lang``."""
    try:
        check_objective(record, objective)
        return analyse(record, objective=objective, skip=skip)
    except RecordError as exc:  # the record does not replay
        where = "record" if lang == "en" else "Spielprotokoll"
        raise offload.Refusal(
            Msg("analyse.bad_record", {"where": where, "reason": str(exc)}).text(lang)) from None
    except InvalidInputError as exc:
        raise offload.Refusal(exc.localized(lang)) from None


@router.get("/t/{table_id}/analyse", response_class=HTMLResponse)
async def table_analyse(table_id: str, request: Request, game: str | None = None) -> Response:
    """A kept game of a table (``?game=N``; default: the latest)."""
    session = table_or_404(request, table_id)
    lang = _lang(request)
    back = f"/t/{session.id}/replay" + (f"?game={game}" if game else "")
    try:
        number, record_text = kept_game(session, game)
    except Refused as exc:
        status = 409 if exc.key == "not_kept" else 404
        return _render(request, status, error=exc.en if lang == "en" else exc.de, back=back)
    back = f"/t/{session.id}/replay?game={number}"
    return await _analysed(request, loads(record_text), back=back, number=number)


def _results_entered(keeper: Scorekeeper) -> frozenset[int]:
    """The record's actions that come from whole results typed in (not decisions)."""
    again = Scorekeeper(keeper.rules, keeper.seats, starter=keeper.starter)
    skip: set[int] = set()
    done = 0
    for seat, entry in keeper.entries:
        again.enter(seat, entry)
        now = len(again.record()["actions"])
        if isinstance(entry, KeptResult):
            skip.update(range(done, now))
        done = now
    return frozenset(skip)


@router.get("/keep/{game_id}/analyse", response_class=HTMLResponse)
async def keep_analyse(game_id: str, request: Request) -> Response:
    """A game kept at a real table: the turns entered throw by throw are rated."""
    lang = _lang(request)
    try:
        keeper = await offload.in_thread(load_kept_game, request.app.state.db, game_id)
    except (NotFound, InvalidInputError):
        return _render(request, 404, error=text("analyse_no_kept", lang))
    record = from_json(keeper.record())
    skip = _results_entered(keeper)
    return await _analysed(
        request,
        record,
        skip,
        back=f"/keep/{game_id}",
        typed=len(skip) > 0,
    )


@router.get("/analyse", response_class=HTMLResponse)
async def upload_form(request: Request) -> Response:
    return _render(request, upload=True)


@router.post("/analyse", response_class=HTMLResponse)
async def upload(request: Request) -> Response:
    """Analyse an uploaded record (file ``record`` or text ``text``)."""
    lang = _lang(request)
    form = await request.form()
    data: bytes = b""
    item = form.get("record")
    if item is not None and not isinstance(item, str) and item.filename:
        data = await item.read(MAX_RECORD + 1)
    else:
        data = str(form.get("text", "")).encode("utf-8")
    if not data.strip():
        return _render(request, 400, error=text("analyse_no_record", lang), upload=True)
    if len(data) > MAX_RECORD:
        error = text("analyse_too_large", lang, limit=MAX_RECORD)
        return _render(request, 400, error=error, upload=True)
    try:
        record = loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        return _render(request, 400, error=text("analyse_not_utf8", lang), upload=True)
    except InvalidInputError as exc:
        error = text("analyse_bad_record", lang, reason=str(exc))
        return _render(request, 400, error=error, upload=True)
    return await _analysed(request, record, upload=True)


# ---------------------------------------------------------------------- the Stammtisch evening


@functools.lru_cache(maxsize=64)
def _analysis_of(text: str, objective: str) -> Analysis:
    """The analysis of a record text (cached: an evening's page analyses every game)."""
    return analyse(loads(text), objective=objective)


def evening_job(texts: list[str], objective: str, lang: str) -> list[Analysis | str]:
    """The analyses of an evening's records (a process pool job): each game's, or why it
    has none, in ``lang``."""
    out: list[Analysis | str] = []
    for record in texts:
        try:
            out.append(_analysis_of(record, objective))
        except InvalidInputError as exc:
            out.append(exc.localized(lang))
    return out


def _summed(analyses: list[Analysis], lang: str) -> list[dict[str, Any]]:
    """Per player name: the figures of every analysed game added up."""
    rows: dict[str, dict[str, Any]] = {}
    for a in analyses:
        for p in a.players:
            row = rows.setdefault(
                p.name,
                {
                    "name": p.name,
                    "games": 0,
                    "decisions": 0,
                    "loss": 0.0,
                    "deckel": 0,
                    "own": 0.0,
                    "best": 0.0,
                    "marks": {m: 0 for m, _ in MARKS},
                },
            )
            row["games"] += 1
            row["decisions"] += p.decisions
            row["loss"] += p.total_loss
            row["deckel"] += p.deckel
            row["own"] += p.expected_own
            row["best"] += p.expected_best
            for m, n in p.marks.items():
                row["marks"][m] += n
    out = []
    for row in sorted(rows.values(), key=lambda r: r["loss"] / max(1, r["decisions"])):
        luck = row["own"] - row["deckel"]
        out.append(
            {
                **row,
                "loss_text": number(row["loss"], lang),
                "mean_text": number(row["loss"] / max(1, row["decisions"]), lang, 3),
                "own_text": number(row["own"], lang, 1),
                "best_text": number(row["best"], lang, 1),
                "luck_text": ("+" if luck > 0 else "") + number(luck, lang, 1),
                "marks_list": [(m, mark_label(m, lang), row["marks"][m]) for m, _ in MARKS],
            }
        )
    return out


@router.get("/abend/g/{gid}/{key}/analyse", response_class=HTMLResponse)
async def evening_analyse(
    gid: str, key: str, request: Request, evening: str | None = None, game: str | None = None
) -> Response:
    """One game of the group (``?game=SEQ``), or the evening's summary per player
    over its games that carry a record (``?evening=N``; default: the latest)."""
    g = await offload.in_thread(open_group, request, gid, key)
    if isinstance(g, Response):
        return g
    lang = _lang(request)
    st = g.st
    if game is not None:
        entry = next((x for x in st.games if str(x.seq) == game and x.record), None)
        if entry is None or entry.record is None:
            return _render(
                request, 404, error=text("analyse_no_evening_game", lang, game=game), back=g.base
            )
        return await _analysed(request, loads(entry.record), back=g.base)
    numbers = [e.number for e in st.evenings]
    if not numbers:
        return _render(
            request,
            404,
            error=text("analyse_no_evening", lang, evening="-", allowed="-"),
            back=g.base,
        )
    n = numbers[-1] if evening is None else None
    if evening is not None and evening.isdigit() and int(evening) in numbers:
        n = int(evening)
    if n is None:
        error = text(
            "analyse_no_evening", lang, evening=evening, allowed=", ".join(map(str, numbers))
        )
        return _render(request, 404, error=error, back=g.base)
    games = [x for x in st.valid_games(n) if x.record]
    objective = _objective(request)
    analyses: list[Analysis] = []
    listed = []
    done = await offload.in_process(request.app, evening_job,
                                    [x.record or "" for x in games], objective, lang)
    for x, a in zip(games, done, strict=True):
        if isinstance(a, str):
            listed.append({"seq": x.seq, "loser": x.loser, "error": a})
            continue
        analyses.append(a)
        worst = max(a.rated(), key=lambda d: d.loss, default=None)
        listed.append(
            {
                "seq": x.seq,
                "loser": x.loser,
                "error": None,
                "players": ", ".join(a.names),
                "worst": None
                if worst is None or worst.loss <= 0
                else decision_text(worst, lang)[0],
            }
        )
    day = st.evenings[n - 1].day
    return render_page(
        request,
        "analyse_evening.html",
        st=st,
        base=g.base,
        q="?lang=en" if lang == "en" else "",
        number=n,
        day=day,
        numbers=numbers,
        games=listed,
        players=_summed(analyses, lang),
        without=len(st.valid_games(n)) - len(games),
    )
