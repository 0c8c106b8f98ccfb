"""A game replayed decision by decision: where each decision starts and ends, what
was played against what was best, and each player's figures (:func:`analyse`).
"""

from __future__ import annotations

from dataclasses import dataclass

from schock.analysis.ratings import Analysis, Choice, Decision, PlayerSummary
from schock.analysis.solving import (
    _half_table,
    _holding,
    _start_deckel,
    _value_choices,
    _with_deckel,
    check_objective,
)
from schock.engine.actions import (
    Action,
    BlindAction,
    EinkaufenAction,
    LiftAction,
    StopAction,
    StrafdeckelAction,
    ThrowAction,
    VoidThrowAction,
    parse_action,
)
from schock.engine.events import DeckelGiven
from schock.engine.game import Game
from schock.engine.record import Record, dice_source
from schock.engine.views import View
from schock.errors import InvalidInputError, RecordError, SchockError
from schock.messages import Msg
from schock.solver.turn import Move, Stakes


def _match(choices: list[Choice], kind: str, move: Move | None) -> Choice | None:
    for c in choices:
        if kind != "move":
            if c.kind == kind:
                return c
        elif c.move is not None and move is not None:
            if move.stop and c.move.stop:
                return c
            if not move.stop and not c.move.stop and c.move.keep == move.keep:
                return c
    return None


def _cup_kind(action: Action, first: bool) -> str:
    if isinstance(action, LiftAction):
        return "lift"
    if isinstance(action, BlindAction):
        return "blind"
    if isinstance(action, StopAction):
        return "zu" if first else "stop"
    return "rethrow"


@dataclass
class _Open:
    """A decision under way: its view and choices, waiting for its last action."""

    start: int
    seat: int
    view: View
    objective: str
    choices: list[Choice] | None
    note: str | None
    stakes: Stakes | None = None


class _Analyser:
    def __init__(self, record: Record, objective: str, skip: frozenset[int]) -> None:
        self.record = record
        self.skip = skip
        self.objective = objective
        self.table = _half_table(record, objective)
        self.names = tuple(s.name for s in record.seats)
        self.players = [PlayerSummary(i, n) for i, n in enumerate(self.names)]
        self.decisions: list[Decision] = []
        self.open: _Open | None = None
        self.turn_starts: dict[tuple[int, int], set[int]] = {}
        self.current_round: tuple[int, int] = (0, 0)

    def run(self) -> Game:
        record = self.record
        try:
            game = Game(
                record.rules,
                seats=record.seats,
                dice=dice_source(record.dice),
                starter=record.starter,
            )
        except InvalidInputError as exc:
            raise RecordError(f"cannot start the game: {exc}") from None
        for i, text in enumerate(record.actions):
            seat, action = parse_action(text)
            self.before(game, i, seat, action)
            seen = len(game.log)
            try:
                game.apply(seat, action)
            except SchockError as exc:
                raise RecordError(f"actions[{i}] {text!r}: {exc}") from exc
            self.after(game, i, seat, action, seen)
        want = None if record.result is None else record.result.get("loser")
        if record.result is not None and (not game.over or game.loser != want):
            got = game.loser if game.over else "none (the game is not over)"
            raise RecordError(f"result.loser: the record says {want!r}, the replay gives {got}")
        return game

    # -- before an action: does a decision start here?
    def before(self, game: Game, i: int, seat: int, action: Action) -> None:
        if isinstance(action, StrafdeckelAction | VoidThrowAction):
            if isinstance(action, VoidThrowAction):
                self.open = None  # the throw is void: the decision starts again
            return
        if self.open is not None:
            return
        if game.actor != seat or i in self.skip:
            return
        legal = [
            a
            for a in game.legal_actions()
            if not isinstance(a, StrafdeckelAction | VoidThrowAction)
        ]
        view = game.view(seat)
        if isinstance(action, EinkaufenAction):
            if len(legal) > 1:
                self._einkaufen(i, seat, view, action)
            return
        if view.phase != "turn":
            return
        me = view.turn_of(seat)
        if me is None:
            return
        if me.throws == 0:
            self._turn_start(seat, view)
            return
        if len(legal) <= 1:
            return  # forced
        self.open = self._open(i, seat, view)

    def _open(self, i: int, seat: int, view: View) -> _Open:
        try:
            objective, choices, stakes = _value_choices(view, self.table)
        except InvalidInputError as exc:
            return _Open(i, seat, view, self.objective, None, str(exc))
        key = (view.half_number, view.round_number)
        if choices and seat not in self.turn_starts.get(key, ()):
            # the first throw came before the turn (laden): expectations start here
            self.current_round = key
            self.turn_starts.setdefault(key, set()).add(seat)
            self.players[seat].expected_best += choices[0].expected_deckel
            self.players[seat].expected_own += choices[0].expected_deckel
        return _Open(i, seat, view, objective, choices, None, stakes)

    def _turn_start(self, seat: int, view: View) -> None:
        """The Deckel this seat may expect from its turn under best play (luck against skill)."""
        key = (view.half_number, view.round_number)
        self.current_round = key
        try:
            start = _start_deckel(view, self.table)
        except InvalidInputError:  # pragma: no cover - a turn always starts
            return
        self.turn_starts.setdefault(key, set()).add(seat)
        self.players[seat].expected_best += start
        self.players[seat].expected_own += start

    def _einkaufen(self, i: int, seat: int, view: View, action: Action) -> None:
        self.decisions.append(
            Decision(
                start=i,
                end=i + 1,
                seat=seat,
                name=self.names[seat],
                half=view.half_number,
                round=view.round_number + 1,
                kind="einkaufen",
                throws=0,
                holding=None,
                view=view,
                objective=self.objective,
                played=None,
                best=None,
                actions=(self.record.actions[i],),
                note="einkaufen",
            )
        )

    # -- after an action: does the open decision end here?
    def after(self, game: Game, i: int, seat: int, action: Action, seen: int) -> None:
        for e in game.log[seen:]:
            if isinstance(e, DeckelGiven) and e.loser in self.turn_starts.get(
                self.current_round, ()
            ):
                self.players[e.loser].deckel += e.count
        o = self.open
        if o is None or seat != o.seat:
            return
        me = o.view.turn_of(seat)
        assert me is not None
        if not me.looked:  # one action before lifting the cup
            kind, move = _cup_kind(action, o.view.round_order[0] == seat), None
        elif isinstance(action, ThrowAction | StopAction):
            kind, move = "move", _played_move_after(game, seat, action, o)
        else:
            return  # setting aside, taking back, turning: the decision goes on
        self.open = None
        self._close(o, i, kind, move)

    def _close(self, o: _Open, i: int, kind: str, move: Move | None) -> None:
        view = o.view
        me = view.turn_of(o.seat)
        assert me is not None
        played = best = None
        note = o.note
        if o.choices is not None:
            played = _match(o.choices, kind, move)
            if played is not None:
                played = _with_deckel(view, played, o.stakes)
            best = o.choices[0] if o.choices else None
            if played is None:  # pragma: no cover - every legal play is a choice
                note = "not a choice the solver knows"
                best = None
        d = Decision(
            start=o.start,
            end=i + 1,
            seat=o.seat,
            name=self.names[o.seat],
            half=view.half_number,
            round=view.round_number,
            kind="turn" if me.looked else "cup",
            throws=me.throws,
            holding=_holding(view),
            view=view,
            objective=o.objective,
            played=played,
            best=best,
            choices=tuple(o.choices or ()),
            actions=self.record.actions[o.start : i + 1],
            note=note,
        )
        self.decisions.append(d)
        if d.rated:
            assert played is not None and best is not None
            p = self.players[o.seat]
            p.decisions += 1
            p.total_loss += d.loss
            p.marks[d.mark or "ok"] += 1
            p.expected_own += played.expected_deckel - best.expected_deckel


def _played_move_after(game: Game, seat: int, action: Action, o: _Open) -> Move:
    """The move of a decision that just ended with ``action`` (Throw or Stop)."""
    if isinstance(action, StopAction):
        return Move(True)
    # the dice that stayed on the table for this throw are the new throw's ``kept``
    me = game.view(seat).turn_of(seat)
    assert me is not None
    return Move(False, me.kept, 0)


def analyse(
    record: Record, *, objective: str = "round", skip: frozenset[int] = frozenset()
) -> Analysis:
    """Rate every decision of ``record``'s game (see the module docs).

    ``skip`` holds indices of actions that are no decisions of a player (a
    scorekeeper typed a whole result, :mod:`schock.keep`, and its dice were
    filled in): no decision, and no turn for luck against skill, starts there.

    Raises :class:`~schock.errors.RecordError` when the record does not
    replay and :class:`~schock.errors.InvalidInputError` when the objective
    cannot value the game (naming the rules field).
    """
    check_objective(record, objective)
    a = _Analyser(record, objective, skip)
    game = a.run()
    return Analysis(
        record=record,
        objective=objective,
        names=a.names,
        decisions=a.decisions,
        players=a.players,
        finished=game.over,
        loser=game.loser,
        actions=len(record.actions),
    )


def seat_of(record: Record, name: str) -> int:
    """The seat of the player called ``name`` (exactly, else ignoring case)."""
    names = [seat.name for seat in record.seats]
    if name in names:
        return names.index(name)
    folded = [n.casefold() for n in names]
    if name.casefold() in folded:
        return folded.index(name.casefold())
    raise InvalidInputError(Msg("analyse.no_seat", {"name": name, "names": ", ".join(names)}))
