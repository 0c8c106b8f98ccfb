"""The :class:`Scorekeeper`: every entry checked by rebuilding the game, a revealed
result turned into engine actions, and the kept game's file (``loads_keep``)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from schock.dice import format_dice
from schock.engine import Game, Phase, Seat, TableDice
from schock.engine.actions import (
    Action,
    StrafdeckelAction,
    ThrowAction,
    VoidThrowAction,
    parse_action,
)
from schock.engine.record import rules_from_json, rules_to_json, to_json
from schock.errors import (
    IllegalActionError,
    InvalidInputError,
    RecordError,
)
from schock.errors import short_repr as _short
from schock.i18n import Count
from schock.keep.entries import (
    Entry,
    Result,
    _result_plan,
    format_entry,
    parse_entry,
)
from schock.keep.words import (
    FILLER,
    FORMAT,
    MAX_ENTRIES,
    R_BLIND,
    R_COMPOSED,
    R_LADEN,
    R_LIMIT,
    R_OPENING,
    VERSION,
    KeepMsg,
    _fail,
)
from schock.results import Kind
from schock.rules import Rules


@dataclass(frozen=True, slots=True)
class Expecting:
    """What the keeper waits for: ``kind`` is ``roll_off`` (one die), ``einkaufen``,
    ``result`` (or the turn throw by throw), ``throw`` (a turn begun throw by throw
    goes on) or ``over``; ``seat`` whose."""

    kind: str
    seat: int | None


class Scorekeeper:
    """A kept game: the entries so far and the game they make.

    ``seats`` in clockwise order; ``starter`` as for :class:`~schock.engine.Game`.
    """

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[str | Seat],
        *,
        starter: int | None = None,
        entries: Iterable[tuple[int, Entry]] = (),
    ) -> None:
        if not isinstance(rules, Rules):
            raise InvalidInputError(f"rules must be a Rules object, got {type(rules).__name__}")
        self.rules = rules
        probe = Game(rules, seats=seats, dice=TableDice(), starter=starter)  # checks seats
        self.seats = probe.seats
        self.starter = starter
        self.entries: list[tuple[int, Entry]] = []
        self.game = probe
        self._committed = probe  # the game without the results of an incomplete laden round
        self._pending: list[tuple[int, Result]] = []
        for i, (seat, entry) in enumerate(entries):
            try:
                self.enter(seat, entry)
            except (IllegalActionError, InvalidInputError) as exc:
                raise RecordError(f"entries[{i}] {format_entry(seat, entry)!r}: {exc}") from exc

    # ------------------------------------------------------------------ entering
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def enter(self, seat: int, entry: Entry) -> None:
        """Add an entry; one the rules forbid raises and changes nothing."""
        if len(self.entries) >= MAX_ENTRIES:
            raise InvalidInputError(f"a kept game holds at most {MAX_ENTRIES} entries")
        if seat.__class__ is not int or not 0 <= seat < len(self.seats):
            raise InvalidInputError(
                f"seat must be a seat number from 0 to {len(self.seats) - 1}, got {_short(seat)}"
            )
        if not isinstance(entry, Result | Action):
            raise InvalidInputError(f"not an entry: {_short(entry)}")
        committed = self._committed
        try:
            pending = self._step(committed, self._pending, seat, entry)
            game = self._shown(committed, pending)  # checks an incomplete laden round
        except BaseException:
            self._restore(self.entries)  # the step may have changed the game halfway
            raise
        self.entries.append((seat, entry))
        self.game, self._pending = game, pending

    def result(
        self,
        seat: int,
        dice: Sequence[int],
        throws: int = 1,
        kept: Sequence[int] = (),
        *,
        turned: int = 0,
        blind: bool = False,
        claim: Kind | str | None = None,
    ) -> None:
        """Enter ``seat``'s revealed result (see :class:`Result`)."""
        if isinstance(claim, str) and not isinstance(claim, Kind):
            try:
                claim = Kind(claim)
            except ValueError:
                raise InvalidInputError(
                    f"unknown kind {claim[:20]!r} (allowed: {', '.join(k.value for k in Kind)})"
                ) from None
        if not isinstance(kept, tuple | list):
            raise InvalidInputError(f"kept must be a list of dice, got {_short(kept)}")
        self.enter(seat, Result(tuple(dice), throws, tuple(kept), turned, blind, claim))

    def act(self, seat: int, action: Action | str) -> None:
        """Enter an engine action (throw by throw, a roll-off die, Einkaufen ...); text
        without the seat (``"throw 1-1-4"``) is read as record notation."""
        if isinstance(action, str):
            action = parse_action(f"{seat} {action}")[1]
        self.enter(seat, action)

    def strafdeckel(self, seat: int, items: int = 1) -> None:
        """``items`` dice or cups of ``seat`` fell off the table."""
        self.enter(seat, StrafdeckelAction(items))

    def void(self, seat: int) -> None:
        """``seat``'s last throw was a Türmchen or Kippe (entered throw by throw)."""
        self.enter(seat, VoidThrowAction())

    def undo(self) -> tuple[int, Entry]:
        """Drop the last entry (nothing else is lost); return it."""
        if not self.entries:
            raise IllegalActionError(KeepMsg("keep.nothing_to_undo"))
        last = self.entries[-1]
        self._restore(self.entries[:-1])
        self.entries.pop()
        return last

    # ------------------------------------------------------------------ reading
    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def pending(self) -> tuple[tuple[int, Result], ...]:
        """Results of a laden round entered but not yet played (the round is not complete)."""
        return tuple(self._pending)

    def expecting(self) -> Expecting:
        """What the next entry is."""
        g = self.game
        if g.over:
            return Expecting("over", None)
        if self._pending:
            order = self.game.round_order
            return Expecting("result", order[len(self._pending)])
        if g.phase is Phase.ROLL_OFF:
            return Expecting("roll_off", g.actor)
        if g.phase is Phase.EINKAUFEN:
            return Expecting("einkaufen", g.actor)
        v = g.view(None)
        if g.phase is Phase.LOADING:
            fresh = v.opening_round or all(t.throws == 0 for t in v.turns)
            return Expecting("result" if fresh else "throw", g.actor)
        t = next(t for t in v.turns if t.seat == g.actor)
        return Expecting("throw" if t.throws else "result", g.actor)

    def record(self) -> dict[str, Any]:
        """The game record so far (``schock-record``): the proof once the game is over.
        Results of an incomplete laden round are not in it yet."""
        return to_json(self._committed)

    def state(self) -> dict[str, Any]:
        """The running state as plain data: Deckel, Stock, who is out, who lost, what next.

        >>> from schock import load_rules
        >>> k = Scorekeeper(load_rules("porz"), ["Anna", "Ben"], starter=0)
        >>> k.result(0, (2, 3, 5), 1); k.result(1, (1, 1, 6), 1)
        >>> st = k.state()
        >>> st["deckel"], st["stock"], st["expecting"], st["last_deckel"]
        ([6, 0], 7, {'kind': 'result', 'seat': 0}, {'loser': 0, 'giver': None, 'count': 6})
        """
        g = self.game
        exp = self.expecting()
        show = g.last_showdown
        last: list[dict[str, Any]] = []
        if show is not None:
            for seat, o in show.results:
                e = g.evaluation(o)
                last.append(
                    {
                        "seat": seat,
                        "dice": list(o.dice),
                        "throws": o.throws,
                        "on_hand": o.on_hand,
                        "kind": e.kind.value,
                        "kind_de": e.kind.german,
                    }
                )
        d = g.last_deckel
        return {
            "names": list(self.names),
            "half": g.half_number,
            "half_kind": g.half_kind.value,
            "players": list(g.players),
            "stock": g.stock,
            "deckel": list(g.deckel),
            "out": [s for s in g.players if not g.over and not g.in_half(s)],
            "round": g.round_number,
            "starter": g.round_starter,
            "limit": g.throw_limit,
            "half_losers": list(g.half_losers),
            "loser": g.loser,
            "durchmarsch": g.durchmarsch,
            "over": g.over,
            "expecting": {"kind": exp.kind, "seat": exp.seat},
            "last_showdown": last,
            "last_deckel": None
            if d is None
            else {"loser": d.loser, "giver": d.giver, "count": d.count},
            "entries": len(self.entries),
            "pending": len(self._pending),
        }

    def to_json(self) -> dict[str, Any]:
        """The kept game (rules, seats, entries) as a JSON-ready dict: what save writes."""
        seats: list[dict[str, Any]] = []
        for s in self.seats:
            seats.append({"name": s.name} if s.age is None else {"name": s.name, "age": s.age})
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": rules_to_json(self.rules),
            "seats": seats,
            "starter": self.starter,
            "entries": [format_entry(s, e) for s, e in self.entries],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=2) + "\n"

    # ------------------------------------------------------------------ building
    def _new_game(self) -> Game:
        return Game(self.rules, seats=self.seats, dice=TableDice(), starter=self.starter)

    def _restore(self, entries: Sequence[tuple[int, Entry]]) -> None:
        """Rebuild the game from ``entries`` (all entered and checked before)."""
        game = self._new_game()
        pending: list[tuple[int, Result]] = []
        for seat, entry in entries:
            pending = self._step(game, pending, seat, entry)
        self._committed, self._pending = game, pending
        self.game = self._shown(game, pending)

    def _step(
        self, game: Game, pending: list[tuple[int, Result]], seat: int, entry: Entry
    ) -> list[tuple[int, Result]]:
        """Apply one entry to ``game`` (the committed game, without a pending laden round)."""
        if pending or (isinstance(entry, Result) and _laden_round(game)):
            if not isinstance(entry, Result):
                left = len(game.round_order) - len(pending)
                raise _fail("keep.pending", R_LADEN, left=left)
            pending = [*pending, (seat, entry)]
            if len(pending) == len(game.round_order):
                _play_laden(game, pending)
                return []
            return pending
        if isinstance(entry, Result):
            _play_result(game, seat, entry)
        else:
            game.apply(seat, entry)
        return pending

    def _shown(self, game: Game, pending: Sequence[tuple[int, Result]]) -> Game:
        """The game as the table sees it: a laden round as far as entered, with fillers
        under the cups of the players not entered yet."""
        if not pending:
            return game
        trial = self._new_game()
        for s, a in game.actions:
            trial.apply(s, a)
        _play_laden(trial, pending)
        return trial


def _laden_round(game: Game) -> bool:
    """A normal round with simultaneous first throws, none thrown yet."""
    return game.phase is Phase.LOADING and game.throw_limit is None


def _check_count(game: Game, seat: int, res: Result, first: bool) -> None:
    name = game.seats[seat].name
    if res.blind and res.throws != 1:
        raise _fail("keep.blind_one", R_BLIND, "blind", name=name, throws=res.throws)
    if first:
        cap = game.rules.max_throws
        if res.throws > cap:
            raise _fail(
                "keep.max_throws",
                R_LIMIT,
                "max_throws",
                name=name,
                cap=cap,
                rules=game.rules.id,
                throws=res.throws,
            )
    else:
        limit = game.throw_limit
        if limit is not None and res.throws > limit:
            raise _fail("keep.over_limit", R_LIMIT, name=name, cap=limit)


def _check_claim(game: Game, res: Result) -> None:
    if res.claim is None:
        return
    e = game.evaluation(res.outcome())
    if e.kind is res.claim:
        return
    field = None
    if res.claim is Kind.STRASSE and not res.on_hand:
        field = "strasse_on_hand"
    elif res.claim is Kind.GENERAL and not res.on_hand:
        field = "general_on_hand"
    how = KeepMsg("keep.hand" if res.on_hand else "keep.composed")
    raise _fail(
        "keep.claim",
        R_COMPOSED,
        field,
        dice=format_dice(res.dice),
        how=how,
        throws=Count("after_throws", res.throws),
        kind=e.kind.german,
        rules=game.rules.id,
        claim=res.claim.german,
    )


def _apply(game: Game, seat: int, action: Action, filled: int = 0) -> None:
    """Apply a result's action; a throw with ``filled`` placeholder dice is noted for
    the record (its dice source's ``placeholders``)."""
    if filled:
        assert isinstance(game.dice, TableDice)
        game.dice.placeholders[len(game.actions)] = filled
    game.apply(seat, action)


def _mid_turn(game: Game, seat: int) -> bool:
    v = game.view(None)
    return any(t.seat == seat and t.throws > 0 for t in v.turns)


def _play_result(game: Game, seat: int, res: Result) -> None:
    """Play a revealed result in a round without laden (or the opening round)."""
    phase = game.phase
    if phase is Phase.LOADING:  # the opening round: one throw each, auf die Hand
        if not game.view(None).opening_round:  # laden begun throw by throw
            actor = game.actor
            assert actor is not None
            raise _fail("keep.mid_turn", "scorekeeping", name=game.seats[actor].name)
        if res.throws != 1 or res.kept or res.blind:
            raise _fail("keep.opening", R_OPENING)
        game.throw(res.dice, seat=seat)
        _check_claim(game, res)
        return
    if phase is not Phase.TURN:
        game.stop(seat=seat)  # raises: says what the game waits for
    if game.actor == seat and _mid_turn(game, seat):
        raise _fail("keep.mid_turn", "scorekeeping", name=game.seats[seat].name)
    first = game.actor == seat and game.round_order[0] == seat
    if game.actor == seat:
        _check_count(game, seat, res, first)
    for action, filled in _result_plan(res, first=first, loaded=False):
        _apply(game, seat, action, filled)
    _check_claim(game, res)


def _play_laden(game: Game, pending: Sequence[tuple[int, Result]]) -> None:
    """Play the results of a laden round entered so far: every first throw (fillers
    under the cups of players not entered yet), then the turns in order."""
    order = game.round_order
    for i, (seat, _) in enumerate(pending):
        if seat != order[i]:
            game.stop(seat=seat)  # raises: it is order[i]'s turn
    first_res = pending[0][1]
    _check_count(game, order[0], first_res, True)
    by_seat = dict(pending)
    for s in order:
        res = by_seat.get(s)
        if res is None:
            _apply(game, s, ThrowAction(FILLER), 3)
        else:
            _apply(game, s, *_result_plan(res, first=True, loaded=False)[0])
    for i, (seat, res) in enumerate(pending):
        if i:
            _check_count(game, seat, res, False)
        for action, filled in _result_plan(res, first=i == 0, loaded=True):
            _apply(game, seat, action, filled)
        _check_claim(game, res)


# ---------------------------------------------------------------------- files
def loads_keep(text: str) -> Scorekeeper:
    """Read a kept game saved by :meth:`Scorekeeper.dumps`, or a game record with table
    dice (its actions become the entries, throw by throw)."""
    from schock.safejson import loads_json

    try:
        data = loads_json(text, "kept game")
    except InvalidInputError as exc:
        raise RecordError(exc.msg if exc.msg is not None else str(exc)) from None
    return from_json(data)


def from_json(data: Any) -> Scorekeeper:
    """The kept game of a ``schock-keep`` dict, or of a ``schock-record`` with table dice."""
    from schock.engine.record import from_json as record_from_json

    if not isinstance(data, dict):
        raise RecordError(KeepMsg("keepfile.object"))
    if data.get("format") == "schock-record":
        rec = record_from_json(data)
        if rec.dice.get("source") != "table":
            raise RecordError(KeepMsg("keepfile.table_dice"))
        acts = [parse_action(a) for a in rec.actions]
        return Scorekeeper(rec.rules, rec.seats, starter=rec.starter, entries=acts)
    if data.get("format") != FORMAT:
        raise RecordError(KeepMsg("keepfile.format", {"got": _short(data.get("format"))}))
    if data.get("version") != VERSION or data.get("version").__class__ is not int:
        raise RecordError(
            KeepMsg("keepfile.version", {"version": VERSION, "got": _short(data.get("version"))})
        )
    allowed = {"format", "version", "rules", "seats", "starter", "entries"}
    extra = set(data) - allowed
    if extra:
        raise RecordError(KeepMsg("keepfile.keys", {"keys": ", ".join(sorted(extra))[:200],
                                                    "allowed": ", ".join(sorted(allowed))}))
    rules = rules_from_json(data.get("rules"))
    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list):
        raise RecordError(KeepMsg("keepfile.seats"))
    seats = []
    for i, s in enumerate(seats_raw):
        if not isinstance(s, dict) or set(s) - {"name", "age"}:
            raise RecordError(KeepMsg("keepfile.seat", {"i": i}))
        try:
            seats.append(Seat(s.get("name"), s.get("age")))  # type: ignore[arg-type]
        except InvalidInputError as exc:
            raise RecordError(KeepMsg("keepfile.at", {"where": f"seats[{i}]", "reason": exc})) from None
    starter = data.get("starter")
    if starter is not None and starter.__class__ is not int:
        raise RecordError(KeepMsg("keepfile.starter", {"got": _short(starter)}))
    raw = data.get("entries")
    if not isinstance(raw, list) or not all(isinstance(e, str) for e in raw):
        raise RecordError(KeepMsg("keepfile.entries"))
    if len(raw) > MAX_ENTRIES:
        raise RecordError(KeepMsg("keepfile.too_many", {"most": MAX_ENTRIES, "n": len(raw)}))
    entries: list[tuple[int, Entry]] = []
    for i, text in enumerate(raw):
        try:
            entries.append(parse_entry(text))
        except InvalidInputError as exc:
            raise RecordError(KeepMsg("keepfile.at", {"where": f"entries[{i}]", "reason": exc})) from None
    try:
        return Scorekeeper(rules, seats, starter=starter, entries=entries)
    except RecordError:
        raise
    except InvalidInputError as exc:
        raise RecordError(KeepMsg("keepfile.start", {"reason": exc})) from None
