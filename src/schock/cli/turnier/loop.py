"""``eintragen`` without a game: the entry loop, game after game with one start-up.

A line is a result in the score card's notation (``2+3 4 / 1 / 1:1``) or the
one-shot command's options; ``t 3``, ``s 2``, ``r 1`` jump; each accepted
entry is saved at once.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Any

import click

from schock.cli.common import BadInputError
from schock.cli.turnier.entry import _enter_one, _options_entry
from schock.cli.turnier.group import _STATE, _db, _echo, _numbers, error_text, tr
from schock.errors import InvalidInputError, SchockError
from schock.i18n import plural
from schock.messages import Msg
from schock.tournament import storage
from schock.tournament.card import FIELDS_CHIPS, FIELDS_POINTS, entry_from_fields
from schock.tournament.domain import Tournament
from schock.tournament.format import Scoring

_LOOP_OPTIONS = {"--raus": "out", "--out": "out", "--verlierer": "losers", "--loser": "losers",
                 "--schock-aus": "schock_aus", "--punkte": "points", "--points": "points",
                 "--korrigieren": "correct", "--correct": "correct"}
_JUMP = re.compile(r"(?i)(t|tisch|table|s|spiel|game|r|runde|round)\s*(\d{1,6})")


def _line_entry(line: str, points: bool) -> tuple[dict[str, Any], bool]:
    """A result typed in the loop: the card's ``raus / Verlierer / Schock Aus / Punkte``
    or the one-shot command's options; returns the entry and whether to correct."""
    if not line.startswith("--"):
        names = FIELDS_POINTS if points else FIELDS_CHIPS
        fields = [f.strip() for f in line.split("/")]
        if len(fields) > len(names) or (points and len(fields) < 2):
            what = Msg("web.card_fields_points" if points else "web.card_fields_chips")
            raise BadInputError(tr("loop_fields", line=line, fields=what.text(_STATE.lang)))
        return entry_from_fields(dict(zip(names, fields, strict=False))), False
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise BadInputError(f"{line!r}: {exc}") from None
    got: dict[str, list[str]] = {"out": [], "losers": [], "schock_aus": [], "points": []}
    correct = False
    i = 0
    while i < len(words):
        word, _, value = words[i].partition("=")
        key = _LOOP_OPTIONS.get(word)
        if key is None:
            raise BadInputError(tr("loop_option", word=words[i],
                                   allowed=", ".join(sorted(_LOOP_OPTIONS))))
        i += 1
        if key == "correct":
            correct = True
            continue
        if not value:
            if i >= len(words):
                raise BadInputError(tr("loop_option_value", word=word))
            value, i = words[i], i + 1
        got[key].append(value)
    return _options_entry(got["out"], [_number(x, word) for x in got["losers"]],
                          [_number(x, "--schock-aus") for x in got["schock_aus"]],
                          ",".join(got["points"]) or None), correct


def _number(text: str, what: str) -> int:
    found = _numbers(text, what)
    if len(found) != 1:
        raise BadInputError(tr("bad_numbers", what=what, text=text))
    return found[0]


@dataclass
class _Cursor:
    """Where the loop enters next: a round, a table, and a game chosen by hand (else
    the table's next open game)."""

    rnd: int
    table: int
    game: int | None = None

    def target(self, t: Tournament) -> int | None:
        return self.game if self.game is not None else t.next_game(self.rnd, self.table)

    def next_open(self, t: Tournament) -> None:
        """Stay at this table while it has games open, else the next table with one."""
        self.game = None
        n = len(t.rounds[self.rnd - 1].tables)
        for k in range(n):
            tb = (self.table - 1 + k) % n + 1
            if t.next_game(self.rnd, tb) is not None:
                self.table = tb
                return


def _open_games(t: Tournament, rnd: int) -> str:
    games = [tr("loop_open_table", t=tb, g=g)
             for tb in range(1, len(t.rounds[rnd - 1].tables) + 1)
             if (g := t.next_game(rnd, tb)) is not None]
    return tr("loop_open", tables=", ".join(games)) if games else tr("loop_all_done")


def _entry_loop(db_path: str | None, tid: str | None) -> None:
    """Game after game with one start-up: each accepted entry is saved at once; the
    tournament is read again before each so entries made meanwhile elsewhere count."""
    entered = 0
    with _db(db_path) as db:
        t = storage.load(db, tid)
        if t.current_round is None:
            raise InvalidInputError(Msg("turnier.no_round"))
        points = t.format.scoring is Scoring.POINTS
        cur = _Cursor(t.current_round.number, 1)
        cur.next_open(t)
        _echo(tr("loop_start", name=t.name, r=cur.rnd))
        _echo(_open_games(t, cur.rnd))
        while True:
            g = cur.target(t)
            prompt = (tr("loop_prompt", r=cur.rnd, t=cur.table, g=g) if g is not None
                      else tr("loop_prompt_done", r=cur.rnd, t=cur.table))
            try:
                line = input(prompt).strip()
            except EOFError:
                _echo("")
                break
            except KeyboardInterrupt:
                _echo("")
                _echo(tr("loop_interrupted", n=plural("games", entered, _STATE.lang)))
                click.get_current_context().exit(130)
            word = line.casefold()
            if not line:
                continue
            if word in ("ende", "end", "exit", "quit", "q"):
                break
            if word in ("?", "hilfe", "help"):
                kind = "points" if points else "chips"
                fields = Msg(f"web.card_fields_{kind}").text(_STATE.lang)
                _echo(tr("loop_help", fields=fields, example=tr(f"loop_example_{kind}"),
                         options=tr(f"loop_options_{kind}")))
                continue
            if word in ("offen", "open"):
                _echo(_open_games(t, cur.rnd))
                continue
            try:
                jump = _JUMP.fullmatch(line)
                if jump:
                    _jump(t, cur, jump.group(1).casefold()[0], int(jump.group(2)), line)
                    continue
                t = storage.load(db, t.id)
                g = cur.target(t)
                if g is None:
                    raise BadInputError(tr("loop_no_game", r=cur.rnd, t=cur.table))
                entry, correct = _line_entry(line, points)
                seen = len(t.log)
                said = _enter_one(t, cur.rnd, cur.table, g, entry, correct)
                storage.save(db, t)
            except (BadInputError, SchockError) as exc:
                why = (exc.msg.text(_STATE.lang) if isinstance(exc, BadInputError) and exc.msg
                       else exc.format_message() if isinstance(exc, BadInputError)
                       else error_text(exc))
                _echo(tr("loop_refused", why=why))
                continue
            entered += len(t.log) > seen
            _echo(said)
            cur.next_open(t)
    _echo(tr("loop_end", n=plural("games", entered, _STATE.lang)))


def _jump(t: Tournament, cur: _Cursor, kind: str, n: int, line: str) -> None:
    """``t 3``, ``s 2``, ``r 1``: move the loop's cursor."""
    if kind == "r":
        if not 1 <= n <= len(t.rounds):
            raise BadInputError(tr("loop_jump", line=line, what=tr("loop_r"),
                                   n=len(t.rounds)))
        cur.rnd, cur.table = n, 1
        cur.next_open(t)
        _echo(_open_games(t, n))
        return
    tables = len(t.rounds[cur.rnd - 1].tables)
    if kind == "t":
        if not 1 <= n <= tables:
            raise BadInputError(tr("loop_jump", line=line, what=tr("loop_t"),
                                   n=tables))
        cur.table, cur.game = n, None
        return
    last = t.next_game(cur.rnd, cur.table) or len(t.rounds[cur.rnd - 1].games.get(cur.table, {}))
    if not 1 <= n <= last:
        raise BadInputError(tr("loop_jump", line=line, what=tr("loop_s"), n=last))
    cur.game = n
