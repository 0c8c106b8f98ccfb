"""What one seat may see (docs/rules.md, "What each player may see").

A :class:`View` is built from the game state and holds no die its seat may
not see: a hidden die is simply absent (``cup`` is None or shorter, and
``hidden`` counts the dice under the cup). Bots and front ends receive
only views.

>>> from schock import load_rules
>>> from schock.engine import Game, ScriptedDice
>>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
...          dice=ScriptedDice([1, 1, 4, 2, 3, 5]))
>>> _ = g.throw()
>>> g.view(0).turns[0].cup is None     # not even Anna has lifted her cup yet
True
>>> _ = g.lift()
>>> g.view(1).turns[0].cup             # lifted: the table sees it
(1, 1, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from schock.dice import Outcome
from schock.engine.actions import Action
from schock.engine.events import DeckelGiven, Showdown, _quick_init
from schock.rules.model import Rules

if TYPE_CHECKING:
    from schock.engine.game import Game


@_quick_init
@dataclass(frozen=True, slots=True)
class TurnView:
    """One player's turn in the current round, as the viewer sees it."""

    seat: int
    throws: int
    aside: tuple[int, ...]
    """Dice on the table (everybody sees them)."""
    turned: int
    """How many of the dice on the table are 1s made by turning sixes."""
    cup: tuple[int, ...] | None
    """The viewer's sight of the dice not on the table, or None when they are all hidden."""
    hidden: int
    """How many dice the viewer cannot see."""
    history: tuple[tuple[int, ...], ...]
    """Earlier throws of this turn (public: the cup was lifted to throw again)."""
    done: bool
    result: Outcome | None
    """The result, where the viewer may know it."""
    must_throw: bool
    looked: bool
    """Whether the owner has seen his current throw."""
    kept: tuple[int, ...] = ()
    """The dice that were on the table when the latest throw was made (public)."""
    last_throw: tuple[int, ...] | None = None
    """The latest throw as it fell (turned 1s still 6s), where the viewer may see it."""
    turned_now: int = 0
    """How many 1s were made by turning sixes of the latest throw."""
    settable: tuple[int, ...] = ()
    """The dice in the cup that may still be set aside: of the latest throw, not
    set aside and not bound to be thrown again (a die taken back from an earlier
    throw, or a 6 left over from turning sixes, must be thrown); where the viewer sees them."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "throws": self.throws,
            "aside": list(self.aside),
            "turned": self.turned,
            "cup": None if self.cup is None else list(self.cup),
            "hidden": self.hidden,
            "history": [list(h) for h in self.history],
            "done": self.done,
            "result": None if self.result is None else str(self.result),
            "must_throw": self.must_throw,
            "looked": self.looked,
            "kept": list(self.kept),
            "last_throw": None if self.last_throw is None else list(self.last_throw),
            "turned_now": self.turned_now,
            "settable": list(self.settable),
        }


@_quick_init
@dataclass(frozen=True, slots=True)
class View:
    """The table as one seat sees it (``seat`` None: a spectator)."""

    seat: int | None
    rules: Rules
    names: tuple[str, ...]
    phase: str
    actor: int | None
    half_number: int
    half_kind: str
    players: tuple[int, ...]
    stock: int
    deckel: tuple[int, ...]
    half_losers: tuple[int, ...]
    round_number: int
    round_starter: int | None
    round_order: tuple[int, ...]
    opening_round: bool
    throw_limit: int | None
    blind: bool
    turns: tuple[TurnView, ...]
    roll_off: tuple[tuple[int, int], ...]
    last_showdown: Showdown | None
    last_deckel: DeckelGiven | None
    loser: int | None
    durchmarsch: bool
    legal: tuple[Action, ...]
    """The viewer's legal moves, if it is his turn (else empty)."""

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.actor

    def turn_of(self, seat: int) -> TurnView | None:
        for t in self.turns:
            if t.seat == seat:
                return t
        return None

    def visible_dice(self) -> list[int]:
        """Every die value in this view (used to check that nothing leaks)."""
        out: list[int] = []
        for t in self.turns:
            out.extend(t.aside)
            out.extend(t.cup or ())
            for h in t.history:
                out.extend(h)
            out.extend(t.kept)
            out.extend(t.last_throw or ())
            if t.result is not None:
                out.extend(t.result.dice)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rules": self.rules.id,
            "names": list(self.names),
            "phase": self.phase,
            "actor": self.actor,
            "half": {
                "number": self.half_number,
                "kind": self.half_kind,
                "players": list(self.players),
            },
            "stock": self.stock,
            "deckel": list(self.deckel),
            "half_losers": list(self.half_losers),
            "round": {
                "number": self.round_number,
                "starter": self.round_starter,
                "order": list(self.round_order),
                "opening": self.opening_round,
                "limit": self.throw_limit,
                "blind": self.blind,
                "turns": [t.to_dict() for t in self.turns],
            },
            "roll_off": [list(p) for p in self.roll_off],
            "last_showdown": None if self.last_showdown is None else self.last_showdown.to_dict(),
            "last_deckel": None if self.last_deckel is None else self.last_deckel.to_dict(),
            "loser": self.loser,
            "durchmarsch": self.durchmarsch,
        }


def make_view(game: Game, seat: object) -> View:
    """Build the view of ``seat`` (see :meth:`schock.engine.Game.view`)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(game.seats)):
        from schock.errors import InvalidInputError

        raise InvalidInputError(
            f"seat must be from 0 to {len(game.seats) - 1} or None, got {seat!r}"
        )
    r = game._round
    turns: list[TurnView] = []
    blind = False
    if r is not None:
        blind = r.blind
        for s in r.order:
            turns.append(_turn_view(r.turns[s], seat))
    ro = game._rolloff
    roll_off = tuple(ro.rolled.items()) if ro is not None else ()
    actor = game.actor
    legal = tuple(game.legal_actions()) if seat is not None and seat == actor else ()
    return View(
        seat=seat,
        rules=game.rules,
        names=tuple([s.name for s in game.seats]),
        phase=str(game.phase),
        actor=actor,
        half_number=game.half_number,
        half_kind=str(game.half_kind),
        players=game.players,
        stock=game.stock,
        deckel=game.deckel,
        half_losers=tuple(game.half_losers),
        round_number=game.round_number,
        round_starter=game.round_starter,
        round_order=game.round_order,
        opening_round=bool(r is not None and r.opening),
        throw_limit=game.throw_limit,
        blind=blind,
        turns=tuple(turns),
        roll_off=roll_off,
        last_showdown=game.last_showdown,
        last_deckel=game.last_deckel,
        loser=game.loser,
        durchmarsch=game.durchmarsch,
        legal=legal,
    )


def own_turn(game: Game, seat: int) -> tuple[int, TurnView] | None:
    """Where ``seat``'s turn stands among the current round's turns (:attr:`View.turns`)
    and ``seat``'s sight of it; None when it has no turn there, or sees it as everybody
    does (it has not looked under its cup, or the cup is lifted). A turn looks the same
    to everybody but its owner, so a seat's view is a spectator's with this one turn
    in its place (what a server that tells many seats at once builds per seat)."""
    r = game._round
    if r is None:
        return None
    for i, s in enumerate(r.order):
        if s == seat:
            t = r.turns[s]
            return (i, _turn_view(t, seat)) if t.seen and not t.shown else None
    return None


def _turn_view(t: Any, viewer: int | None) -> TurnView:
    mine = viewer == t.seat
    current_visible = t.shown or (mine and t.seen)
    values, on_table, origin, is_turned = t.values, t.aside, t.origin, t.turned
    k = t.throws
    aside: list[int] = []
    cup_vals: list[int] = []
    kept: list[int] = []
    last: list[int] = []
    settable: list[int] = []
    turned = hidden = turned_now = 0
    for i in range(len(values)):
        v = values[i]
        if on_table[i]:
            aside.append(v)
            if is_turned[i]:
                turned += 1
        elif origin[i] < k or is_turned[i] or current_visible:
            cup_vals.append(v)
            if origin[i] == k and current_visible and not t.locked[i]:
                settable.append(v)
        else:
            hidden += 1
        if origin[i] < k:
            kept.append(v)
        elif is_turned[i]:
            turned_now += 1
            last.append(6)
        else:
            last.append(v)
    cup: tuple[int, ...] | None = tuple(sorted(cup_vals)) if cup_vals or not hidden else None
    if not values:
        cup = None
    aside.sort()
    kept.sort()
    last.sort()
    return TurnView(
        seat=t.seat,
        throws=k,
        aside=tuple(aside),
        turned=turned,
        cup=cup,
        hidden=hidden,
        history=tuple(t.history[:-1]) if t.history else (),
        done=t.done,
        result=t.result if (t.done and current_visible) else None,
        must_throw=t.must_throw,
        looked=t.seen,
        kept=tuple(kept),
        last_throw=tuple(last) if current_visible and last else None,
        turned_now=turned_now,
        settable=tuple(sorted(settable)),
    )
