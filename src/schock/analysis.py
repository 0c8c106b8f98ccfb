"""Analyse a game: every decision of every seat rated by the exact solver.

:func:`analyse` replays a game record and, at every decision a seat made,
asks the solver what each choice was worth *from that seat's view* (a
:class:`~schock.engine.View`: dice under other cups stay unknown, results
before it are conditioned on the table exactly as :mod:`schock.solver.hints`
does for hints). A decision is everything a seat does between two looks at
its dice: after a throw, which dice to set aside or take back, whether to
turn sixes, and whether to stand or throw again; before lifting the cup
(the round's first player), lift, stand covered (zu), declare blind or throw
again unseen; and Einkaufen.

Values are chances in [0, 1]:

* objective ``round`` (the default): the chance not to lose the round, for
  the seat playing on optimally and the players after it answering as the
  solver's reference player;
* objective ``half`` (two-player games): the chance not to lose the half,
  and so the game, under the exact equilibrium of two-player Schocken
  (:func:`schock.solver.equilibrium.equilibrium_half`). Where the half
  table does not apply (the opening round), the decision is rated under
  ``round`` and says so in its ``objective``.

The loss of a decision is the value of the best choice minus the value of
the choice played; its mark (:data:`MARKS`): ``ok`` below 0.02, ``ungenau``
below 0.08, ``fehler`` below 0.20, ``patzer`` from 0.20. Decisions with one
legal choice are forced and not rated. Einkaufen is listed but not rated:
neither objective values buying into a round (not buying in is never a
loss of the round, and the half tables know no Einkaufen).

>>> from schock import load_rules
>>> from schock.engine import Game, ScriptedDice
>>> from schock.engine.record import dumps, loads
>>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
...          dice=ScriptedDice([1, 3, 5, 1, 4, 6, 1, 1, 2]))
>>> for seat, move in [(0, "throw"), (0, "lift"), (0, "aside 1"), (0, "throw"),
...                    (0, "aside 1"), (0, "throw"), (0, "stop"), (1, "throw"), (1, "stop")]:
...     _ = g.apply(seat, parse_action(f"{seat} {move}")[1])
>>> a = analyse(loads(dumps(g)))
>>> last = a.decisions[-1]
>>> last.name, last.mark, last.played.describe("en"), last.best.describe("en")
('Ben', 'patzer', 'stop', 'keep 1-1, throw 1 die')
>>> round(last.loss, 2) >= 0.44
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from schock.bots.solver_bots import _duel
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
from schock.engine.views import TurnView, View
from schock.errors import InvalidInputError, RecordError, SchockError
from schock.messages import Msg
from schock.results import evaluation_table
from schock.solver.half import HalfTable, blind_value
from schock.solver.hints import Hint, hints, situation
from schock.solver.turn import _PROBS, Move, Objective, Stakes, _Problem, _problem

#: Marks by loss: a decision whose loss is below the bound gets the mark.
MARKS: tuple[tuple[str, float], ...] = (
    ("ok", 0.02),
    ("ungenau", 0.08),
    ("fehler", 0.20),
    ("patzer", float("inf")),
)

#: Losses below this are rounding noise of the solver (equal choices).
EPSILON = 1e-9

OBJECTIVES = ("round", "half")


def mark(loss: float) -> str:
    """The mark of a decision that lost ``loss`` (see :data:`MARKS`).

    >>> [mark(x) for x in (0.0, 0.02, 0.079, 0.2, 0.5)]
    ['ok', 'ungenau', 'ungenau', 'patzer', 'patzer']
    """
    for name, bound in MARKS:
        if loss < bound:
            return name
    raise ValueError(f"loss must be a number, got {loss!r}")  # pragma: no cover - NaN only


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a decision with its worth."""

    kind: str
    """``move`` (after a look at the dice) or ``lift``, ``zu``, ``stop``, ``blind``, ``rethrow``."""
    move: Move | None
    value: float
    """The objective's value: a chance in [0, 1]."""
    expected_deckel: float
    """Expected Deckel received in this round under this choice and best play after it."""

    def describe(self, lang: str = "de") -> str:
        """The choice in words (the solver's own phrases)."""
        return Hint(self.kind, self.move, 0.0, 0.0, 0.0, ()).describe(lang)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat, rated (or listed as not rated, with the reason)."""

    start: int
    """Index of the decision's first action in the record."""
    end: int
    """Index after its last action."""
    seat: int
    name: str
    half: int
    round: int
    kind: str
    """``turn`` (after a look), ``cup`` (before lifting the cup) or ``einkaufen``."""
    throws: int
    """Throws of the seat's turn so far."""
    holding: str | None
    """The seat's dice as a result (``Schock doof``), where it has seen them."""
    view: View
    """What the seat saw when it decided."""
    objective: str
    played: Choice | None
    best: Choice | None
    choices: tuple[Choice, ...] = ()
    actions: tuple[str, ...] = ()
    """The decision's actions as the record writes them."""
    note: str | None = None
    """Why a decision is not rated (then ``played``/``best`` are None)."""

    @property
    def rated(self) -> bool:
        return self.played is not None and self.best is not None

    @property
    def loss(self) -> float:
        if self.played is None or self.best is None:
            return 0.0
        gap = self.best.value - self.played.value
        return gap if gap > EPSILON else 0.0

    @property
    def mark(self) -> str | None:
        return mark(self.loss) if self.rated else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "name": self.name,
            "half": self.half,
            "round": self.round,
            "action": self.start,
            "actions": list(self.actions),
            "kind": self.kind,
            "throws": self.throws,
            "holding": self.holding,
            "objective": self.objective,
            "played": self.played.describe("en") if self.played else None,
            "best": self.best.describe("en") if self.best else None,
            "value_played": _r(self.played.value) if self.played else None,
            "value_best": _r(self.best.value) if self.best else None,
            "loss": _r(self.loss) if self.rated else None,
            "mark": self.mark,
            "choices": [{"choice": c.describe("en"), "value": _r(c.value)} for c in self.choices],
        }
        if self.note is not None:
            out["note"] = self.note
        return out


def _r(x: float) -> float:
    return round(x, 6)


@dataclass
class PlayerSummary:
    """One player's figures over the game (see docs/analysis.md)."""

    seat: int
    name: str
    decisions: int = 0
    total_loss: float = 0.0
    marks: dict[str, int] = field(default_factory=lambda: {m: 0 for m, _ in MARKS})
    deckel: int = 0
    """Deckel received in the rounds the player threw in."""
    expected_own: float = 0.0
    """Deckel expected under the player's own decisions (and best play after each)."""
    expected_best: float = 0.0
    """Deckel expected under best play from the start of each of his turns."""

    @property
    def mean_loss(self) -> float:
        return self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def luck(self) -> float:
        """Deckel expected under own decisions minus Deckel received: above 0 the
        dice (his and the others') were kind to him, below 0 they went against him."""
        return self.expected_own - self.deckel

    @property
    def skill(self) -> float:
        """Deckel expected under own decisions minus under best play: what his
        decisions cost him (0 at best)."""
        return self.expected_own - self.expected_best

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "total_loss": _r(self.total_loss),
            "mean_loss": _r(self.mean_loss),
            "marks": dict(self.marks),
            "deckel": self.deckel,
            "deckel_expected_own": _r(self.expected_own),
            "deckel_expected_best": _r(self.expected_best),
            "luck": _r(self.luck),
            "skill": _r(self.skill),
        }


@dataclass
class Analysis:
    """The analysis of one game (see :func:`analyse`)."""

    record: Record
    objective: str
    names: tuple[str, ...]
    decisions: list[Decision]
    players: list[PlayerSummary]
    finished: bool
    loser: int | None
    actions: int

    def rated(self, seat: int | None = None) -> list[Decision]:
        return [d for d in self.decisions if d.rated and (seat is None or d.seat == seat)]

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        """The analysis as JSON (``seat``: only that seat's decisions and summary)."""
        return {
            "objective": self.objective,
            "finished": self.finished,
            "loser": self.loser,
            "actions": self.actions,
            "marks": {name: (None if bound == float("inf") else bound) for name, bound in MARKS},
            "decisions": [d.to_json() for d in self.decisions if seat is None or d.seat == seat],
            "players": [p.to_json() for p in self.players if seat is None or p.seat == seat],
        }


def check_objective(record: Record, objective: str) -> None:
    """Raise :class:`~schock.errors.InvalidInputError` when ``objective`` cannot
    value ``record``'s game, saying why (and which rules field)."""
    if objective not in OBJECTIVES:
        raise InvalidInputError(Msg("analyse.objective_unknown", {"objective": objective}))
    if objective == "half":
        if len(record.seats) != 2:
            raise InvalidInputError(Msg("analyse.half_seats", {"n": len(record.seats)}))
        from schock.solver.equilibrium import check_supported

        try:
            check_supported(record.rules)
        except InvalidInputError as exc:
            found = re.search(r"handle (\w+) = .*allowed: (.*)$", str(exc))
            field_, allowed = found.groups() if found else ("?", str(exc))
            raise InvalidInputError(
                Msg("analyse.half_rules", {"field": field_, "allowed": allowed})
            ) from None


def _half_table(record: Record, objective: str) -> HalfTable | None:
    if objective != "half":
        return None
    from schock.solver.equilibrium import equilibrium_half

    return equilibrium_half(record.rules)


def _value_choices(view: View, table: HalfTable | None) -> tuple[str, list[Choice], Stakes | None]:
    """Every choice of the seat to move with its value, best first, and the objective used.

    Expected Deckel are worked out for the best choice only here (the played
    one is filled in by :func:`_with_deckel` when the decision ends).
    """
    stakes = _stakes(view, table)
    me = view.turn_of(view.seat) if view.seat is not None else None
    looked = me is not None and me.looked and me.throws > 0
    objective = Objective.LOSS if stakes is None else Objective.HALF
    found = hints(view, objective=objective, stakes=stakes, metrics=not looked)
    out: list[Choice] = []
    for h in found:
        value = h.value
        if stakes is not None and h.actions == (BlindAction(),):
            # a blind round doubles the Deckel: valued by its own stakes (as the
            # equilibrium does), not by the normal round's
            assert table is not None and view.seat is not None
            other = next(s for s in view.round_order if s != view.seat)
            sit = (view.stock, view.deckel[view.seat], view.deckel[other])
            value = blind_value(view.rules, table.blind_stakes(*sit))
        out.append(Choice(h.kind, h.move, value, h.expected_deckel))
    out = _sorted(out)
    if looked and out:
        out[0] = _with_deckel(view, out[0], stakes)
    return ("round" if stakes is None else "half"), out, stakes


def _stakes(view: View, table: HalfTable | None) -> Stakes | None:
    """What each end of the round is worth to the seat under the half table,
    where it applies (the optimal bot's own reading of a two-player half)."""
    duel = _duel(view, lambda rules: table) if table is not None else None
    if duel is None:
        return None
    half, (stock, mine, other), first = duel
    return half.stakes(stock, mine, other, first=first)


def _problem_of(view: View, stakes: Stakes | None) -> tuple[_Problem, TurnView]:
    """The solver's problem of the seat's turn (as :func:`~schock.solver.hints.hints`
    builds it) and the seat's turn."""
    sit = situation(view)
    objective = Objective.LOSS if stakes is None else Objective.HALF
    return _problem(view.rules, replace(sit.table, stakes=stakes), sit.limit, objective), sit.me


def _start_deckel(view: View, table: HalfTable | None) -> float:
    """Expected Deckel received from the seat's turn, before its first throw,
    under best play for the objective."""
    problem, _ = _problem_of(view, _stakes(view, table))
    solver = problem.solver
    return sum(
        p * solver.follow(problem.received, (), roll, 1, solver.after((), roll, 1)[1])
        for roll, p in _PROBS[3]
    )


def _with_deckel(view: View, choice: Choice, stakes: Stakes | None) -> Choice:
    """``choice`` (after a look at the dice) with its expected Deckel received."""
    if choice.move is None or choice.expected_deckel == choice.expected_deckel:
        return choice  # already known (not NaN)
    problem, me = _problem_of(view, stakes)
    assert me.last_throw is not None
    deckel = problem.solver.follow(problem.received, me.kept, me.last_throw, me.throws, choice.move)
    return replace(choice, expected_deckel=deckel)


def _sorted(choices: list[Choice]) -> list[Choice]:
    return sorted(choices, key=lambda c: -c.value)


def _holding(view: View) -> str | None:
    me = view.turn_of(view.seat) if view.seat is not None else None
    if me is None or me.last_throw is None:
        return None
    dice = tuple(sorted(me.kept + me.last_throw))
    return evaluation_table(view.rules)[(dice, not me.kept)].label()


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


_MARK_KEYS = {
    "ok": "analyse.mark.ok",
    "ungenau": "analyse.mark.ungenau",
    "fehler": "analyse.mark.fehler",
    "patzer": "analyse.mark.patzer",
}


def mark_label(name: str, lang: str = "de") -> str:
    """A mark for people: ``Patzer`` / ``blunder``."""
    return Msg(_MARK_KEYS[name]).text(lang)


def percent(x: float, lang: str = "de") -> str:
    """A chance as a whole percentage, ``44 %`` (German) or ``44%``.

    >>> percent(0.444), percent(0.0051, "en")
    ('44\xa0%', '1%')
    """
    from schock import i18n

    return i18n.percent(x, lang)


def number(x: float, lang: str = "de", digits: int = 2) -> str:
    """A number for people: a decimal comma in German.

    >>> number(1.005, "de", 1), number(-0.25, "en")
    ('1,0', '-0.25')
    """
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "de" else text


def _throws(n: int, lang: str) -> str:
    if lang == "en":
        return f"{n} throw" if n == 1 else f"{n} throws"
    return "1 Wurf" if n == 1 else f"{n} Würfen"


def holding_text(d: Decision, lang: str = "de") -> str:
    """What the seat held when it decided: ``Schock doof nach 1 Wurf``."""
    if d.holding is None:
        return Msg("analyse.cup").text(lang)
    return Msg("analyse.holding", {"result": d.holding, "throws": _throws(d.throws, lang)}).text(
        lang
    )


def decision_text(d: Decision, lang: str = "de") -> tuple[str, str | None]:
    """A decision in words, and the better choice where it was not the best.

    >>> from schock.examples import load_example
    >>> a = analyse(load_example("porz"))
    >>> worst = max(a.rated(), key=lambda d: d.loss)
    >>> line, better = decision_text(worst)
    >>> "Patzer" in line and better.startswith("besser: ")
    True
    """
    if d.kind == "einkaufen":
        join = parse_action(d.actions[0])[1] if d.actions else None
        key = "analyse.einkaufen_yes" if join == EinkaufenAction(True) else "analyse.einkaufen_no"
        played = Msg(key).text(lang)
        why = Msg("analyse.einkaufen").text(lang)
        return Msg("analyse.unrated", {"name": d.name, "played": played, "why": why}).text(
            lang
        ), None
    if d.played is None or d.best is None:
        return Msg("analyse.unrated", {"name": d.name, "played": "?", "why": d.note or "?"}).text(
            lang
        ), None
    line = Msg(
        "analyse.line",
        {
            "name": d.name,
            "holding": holding_text(d, lang),
            "played": d.played.describe(lang),
            "mark": mark_label(d.mark or "ok", lang),
        },
    ).text(lang)
    if d.loss <= 0:
        return line, None
    better = Msg(
        "analyse.better",
        {
            "best": d.best.describe(lang),
            "value_best": percent(d.best.value, lang),
            "value_played": percent(d.played.value, lang),
        },
    ).text(lang)
    return line, better


__all__ = [
    "MARKS",
    "OBJECTIVES",
    "Analysis",
    "Choice",
    "Decision",
    "PlayerSummary",
    "analyse",
    "check_objective",
    "decision_text",
    "holding_text",
    "mark",
    "mark_label",
    "number",
    "percent",
    "seat_of",
]
