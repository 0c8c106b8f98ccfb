"""``schock analyse``: every decision of a game record rated by the exact solver.

German by default (``--lang en`` for English). A record that cannot be
read or replayed, an unknown ``--seat`` or an objective that cannot value
the game exits with 2 and says what is wrong; an unfinished game is
analysed as far as it was played, with a note.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from schock.analysis import (
    OBJECTIVES,
    Analysis,
    PlayerSummary,
    analyse,
    check_objective,
    decision_text,
    number,
    seat_of,
)
from schock.cli.common import BadInputError, SafePath, lang_option, read_record
from schock.errors import InvalidInputError, RecordError
from schock.messages import Msg


@click.command("analyse")
@click.argument("record", type=SafePath(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option("--seat", "seat_name", metavar="NAME", help="Only this player's decisions.")
@click.option(
    "--objective",
    type=click.Choice(OBJECTIVES),
    default="round",
    show_default=True,
    help="round: the chance not to lose the round; half: the chance not to lose "
    "the half and the game (two-player games, exact equilibrium).",
)
@click.option("--all", "show_all", is_flag=True, help="Also list the decisions marked ok.")
@lang_option("Language of the account.")
def analyse_cmd(
    record: Path, as_json: bool, seat_name: str | None, objective: str, show_all: bool, lang: str
) -> None:
    """Rate every decision of the game in RECORD with the exact solver.

    Each decision (stand or throw again, which dice to keep, turning sixes,
    lifting or standing covered, blind) is valued from what the player saw
    then; the loss is the chance given away against the best choice, marked
    ok (< 0.02), ungenau (< 0.08), fehler (< 0.20) or patzer. Per player:
    decisions, loss, marks, and Deckel received against expected (luck
    against skill). See docs/analysis.md.
    """
    where = str(record)
    rec = read_record(record)
    if not rec.actions:
        raise BadInputError(Msg("analyse.empty", {"where": where}))
    seat = seat_of(rec, seat_name) if seat_name is not None else None
    check_objective(rec, objective)
    try:
        result = analyse(rec, objective=objective)
    except RecordError as exc:
        raise BadInputError(
            Msg("analyse.bad_record", {"where": where, "reason": str(exc)})
        ) from None
    except InvalidInputError as exc:  # pragma: no cover - checked above
        raise BadInputError(Msg("input.where", {"where": where, "reason": exc})) from None
    if as_json:
        click.echo(json.dumps(result.to_json(seat), ensure_ascii=False, indent=2))
        return
    click.echo(render(result, lang, seat=seat, show_all=show_all), nl=False)


def render(
    a: Analysis, lang: str = "de", *, seat: int | None = None, show_all: bool = False
) -> str:
    """The analysis as text for people."""
    out: list[str] = []
    rules = a.record.rules
    out.append(Msg("analyse.title", {"rules": rules.name, "names": ", ".join(a.names)}).text(lang))
    key = "analyse.objective.half" if a.objective == "half" else "analyse.objective.round"
    out.append(Msg(key).text(lang))
    if not a.finished:
        out.append(Msg("analyse.unfinished", {"actions": a.actions}).text(lang))
    shown = 0
    heading: tuple[int, int] | None = None
    for d in a.decisions:
        if seat is not None and d.seat != seat:
            continue
        if d.rated and d.loss <= 0 and not show_all:
            continue
        if (d.half, d.round) != heading:
            heading = (d.half, d.round)
            out.append("")
            out.append(Msg("analyse.round", {"half": d.half, "round": d.round}).text(lang))
        line, better = decision_text(d, lang)
        out.append("  " + line)
        if better is not None:
            out.append("    " + better)
        shown += 1
    if not shown:
        out.append("")
        rated = a.rated(seat)
        if rated:
            out.append(Msg("analyse.all_ok").text(lang))
        else:
            who = a.names[seat] if seat is not None else ", ".join(a.names)
            out.append(Msg("analyse.none", {"who": who}).text(lang))
    out.append("")
    out.append(Msg("analyse.players").text(lang))
    players = [p for p in a.players if seat is None or p.seat == seat]
    out.extend(_table(players, lang))
    out.append(Msg("analyse.explain").text(lang))
    return "\n".join(out) + "\n"


def _table(players: list[PlayerSummary], lang: str) -> list[str]:
    head = Msg("analyse.head").text(lang).split("|")
    rows = [head]
    for p in players:
        rows.append(
            [
                p.name,
                str(p.decisions),
                number(p.total_loss, lang),
                number(p.mean_loss, lang, 3),
                *(str(p.marks[m]) for m in ("ok", "ungenau", "fehler", "patzer")),
                str(p.deckel),
                number(p.expected_own, lang, 1),
                number(p.expected_best, lang, 1),
                ("+" if p.luck > 0 else "") + number(p.luck, lang, 1),
            ]
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = []
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines
