"""A replayed game as data: halves, rounds, turns, showdowns and Deckel (JSON-ready).

:func:`account` reads a game's event log; :mod:`schock.narrate.text` tells it.
"""

from __future__ import annotations

from typing import Any

from schock.dice import Outcome, format_dice
from schock.engine import events as ev
from schock.engine.actions import ThrowAction
from schock.engine.game import Game
from schock.keep import FILLER
from schock.results import Kind
from schock.rules.model import Opening

Account = dict[str, Any]
"""The data of :func:`account`: JSON-ready dicts, lists, strings, numbers, bools and None."""

LANGS = ("de", "en")


# ---------------------------------------------------------------------------------- the data
def account(game: Game) -> Account:
    """The game's events as a structured, round-by-round account (JSON-ready data).

    Top level: ``rules`` (id and name), ``structure``, ``deckel_per_half``,
    ``seats`` (names), ``starter``, ``halves``, and the final state:
    ``over``, ``half_losers``, ``loser``, ``durchmarsch``, and ``deckel``
    (per seat) and ``stock`` of the last half; ``placeholders``: how many throws
    hold dice a scorekeeper did not enter (written ``?`` in their ``dice``: ``1-1-?``).

    Each half: ``number``, ``kind`` (first, second, final), ``players``,
    ``stock`` at its start, ``rounds``, ``loser``, and ``deckel`` (per seat)
    and ``stock_end`` when it was lost. Each round: ``number``, ``starter``, ``order``,
    ``opening``, ``blind``, ``limit`` (the throws the first player set),
    ``roll_offs``, ``einkaufen``, ``turns`` (per seat a list of ``steps``
    and the ``stop``), ``strafdeckel``, ``showdown`` (best first),
    ``deckel`` (the winner and his result, who received how many, from the
    Stock or from whom, and how many were owed), ``out``, ``half_lost`` and
    ``after`` (Stock and Deckel per seat after the round).
    """
    return _Builder(game).build()


def _entered(dice: tuple[int, ...], unseen: int) -> str:
    """A throw's dice with the ``unseen`` placeholder faces (:data:`schock.keep.FILLER`)
    written ``?``: the dice the scorekeeper did not enter.

    >>> _entered((1, 1, 2), 1), _entered((2, 4), 2), _entered((1, 2, 4), 0)
    ('1-1-?', '?-?', '1-2-4')
    """
    if not unseen:
        return format_dice(dice)
    rest = list(dice)
    for face in FILLER[:unseen]:
        rest.remove(face)
    return "-".join([*map(str, rest), *"?" * unseen])


def _new_round(
    number: int | None, starter: int | None, order: tuple[int, ...], opening: bool
) -> dict[str, Any]:
    return {
        "number": number,
        "starter": starter,
        "order": list(order),
        "opening": opening,
        "blind": False,
        "limit": None,
        "roll_offs": [],
        "einkaufen": [],
        "turns": [{"seat": s, "steps": [], "stop": None} for s in order],
        "strafdeckel": [],
        "showdown": None,
        "deckel": None,
        "out": [],
        "half_lost": None,
        "after": None,
    }


class _Builder:
    """Walks the event log once, keeping the Deckel count as it goes."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules
        self.n = len(game.seats)
        self.halves: list[dict[str, Any]] = []
        self.half: dict[str, Any] | None = None
        self.round: dict[str, Any] | None = None  # the round events go to
        self.closed = True  # Deckel given: the next events are new
        self.pending = _new_round(None, None, (), False)  # roll-offs etc. before a round
        self.roll_off: dict[str, Any] | None = None
        self.last_throw: dict[str, Any] | None = None
        self.stock = 0
        self.deckel = [0] * self.n
        self.starter: int | None = None
        # a game kept at a table from revealed results: dice not entered, per throw action
        self.placeholders: dict[int, int] = dict(getattr(game.dice, "placeholders", {}) or {})
        self.throw_action = -1  # the action index of the last throw (or roll-off die)
        self.unseen_throws = 0

    # ------------------------------------------------------------------ helpers
    def _next_throw(self) -> int:
        """How many dice of the throw just logged were not entered (placeholders)."""
        if not self.placeholders:
            return 0
        actions = self.game.actions
        i = self.throw_action + 1
        while i < len(actions) and not isinstance(actions[i][1], ThrowAction):
            i += 1
        self.throw_action = i
        return self.placeholders.get(i, 0)

    def _state(self) -> dict[str, Any]:
        return {"stock": self.stock, "deckel": list(self.deckel)}

    def _target(self) -> dict[str, Any]:
        """The round that scorekeeping events (Einkaufen, Strafdeckel) belong to."""
        if self.round is not None and not self.closed:
            return self.round
        return self.pending

    def _turn(self, seat: int) -> dict[str, Any]:
        r = self.round
        assert r is not None
        turn: dict[str, Any] = next(t for t in r["turns"] if t["seat"] == seat)
        return turn

    def _result(self, outcome: Any) -> dict[str, Any]:
        e = self.game.evaluation(outcome)
        out: dict[str, Any] = {
            "dice": format_dice(outcome.dice),
            "throws": outcome.throws,
            "on_hand": outcome.on_hand,
            "label": e.label(),
            "kind": str(e.kind),
            "deckel": e.deckel,
        }
        # an einfacher Wurf that would be special auf die Hand (composed Straße, General, Jule)
        hand = self.game.evaluation(Outcome(outcome.dice, outcome.throws, True))
        out["not_on_hand"] = e.kind is Kind.EINFACH and hand.kind is not Kind.EINFACH
        return out

    def _flush_pending(self) -> None:
        """Keep what happened before a round that never began: the half ended during
        Einkaufen (a Strafdeckel), or the record ends before the round."""
        p, h = self.pending, self.half
        if h is not None and (p["einkaufen"] or p["strafdeckel"] or p["roll_offs"]):
            p["number"] = h["rounds"][-1]["number"] + 1 if h["rounds"] else 1
            h["rounds"].append(p)
            self.round = p
            self.closed = False
        self.pending = _new_round(None, None, (), False)

    # ------------------------------------------------------------------ the walk
    def build(self) -> Account:
        for e in self.game.log:
            self._event(e)
        self._flush_pending()
        g = self.game
        return {
            "rules": {"id": self.rules.id, "name": self.rules.name},
            "structure": str(self.rules.structure),
            "deckel_per_half": self.rules.deckel,
            "seats": [s.name for s in g.seats],
            "starter": self.starter,
            "halves": self.halves,
            "over": g.over,
            "half_losers": list(g.half_losers),
            "loser": g.loser,
            "durchmarsch": g.durchmarsch,
            "deckel": list(g.deckel),
            "stock": g.stock,
            "placeholders": self.unseen_throws,
        }

    def _event(self, e: ev.Event) -> None:
        match e:
            case ev.GameStarted(starter=starter):
                self.starter = starter
            case ev.HalfStarted():
                self._half_started(e)
            case ev.RolledOff():
                self._rolled_off(e)
            case ev.RollOffDecided():
                self._roll_off_decided(e)
            case ev.Einkauf(seat=seat, join=join):
                self._target()["einkaufen"].append({"seat": seat, "join": join})
            case ev.RoundStarted():
                self._round_started(e)
            case ev.Thrown(seat=seat, dice=dice, throw=k, loading=loading):
                unseen = self._next_throw()
                self.unseen_throws += bool(unseen)
                step = {
                    "type": "throw",
                    "throw": k,
                    "dice": _entered(dice, unseen),
                    "loading": loading,
                    "void": False,
                }
                self._turn(seat)["steps"].append(step)
                self.last_throw = step
            case ev.Lifted(seat=seat):
                self._turn(seat)["steps"].append({"type": "lift"})
            case ev.SetAside(seat=seat, dice=dice):
                self._turn(seat)["steps"].append({"type": "aside", "dice": format_dice(dice)})
            case ev.TakenBack(seat=seat, dice=dice):
                self._turn(seat)["steps"].append({"type": "back", "dice": format_dice(dice)})
            case ev.SixesTurned(seat=seat, ones=ones):
                self._turn(seat)["steps"].append({"type": "turn", "ones": ones})
            case ev.BlindDeclared(seat=seat):
                assert self.round is not None
                self.round["blind"] = True
                self._turn(seat)["steps"].append({"type": "blind"})
            case ev.Stopped():
                self._stopped(e)
            case ev.ThrowVoided():
                if self.last_throw is not None:
                    self.last_throw["void"] = True
                    self.last_throw = None
            case ev.Showdown():
                self._showdown(e)
            case ev.DeckelGiven():
                self._deckel_given(e)
            case ev.PlayerOut(seat=seat):
                assert self.round is not None
                self.round["out"].append(seat)
            case ev.StrafdeckelGiven():
                self._strafdeckel(e)
            case ev.HalfLost():
                self._half_lost(e)
            case _:
                pass  # GameLost: the final state comes from the game itself

    def _half_started(self, e: ev.HalfStarted) -> None:
        self.half = {
            "number": e.number,
            "kind": e.kind,
            "players": list(e.players),
            "stock": e.stock,
            "rounds": [],
            "loser": None,
            "deckel": None,
            "stock_end": None,
        }
        self.halves.append(self.half)
        self.stock = e.stock
        self.deckel = [0] * self.n
        self.round = None
        self.closed = True
        self.pending = _new_round(None, None, (), False)

    def _rolled_off(self, e: ev.RolledOff) -> None:
        self._next_throw()
        ro = self.roll_off
        if ro is None or ro["purpose"] != e.purpose or ro["decided"] is not None:
            ro = self.roll_off = self._new_roll_off(e.purpose)
        rolls: list[list[dict[str, Any]]] = ro["rolls"]
        if any(r["seat"] == e.seat and not r["void"] for r in rolls[-1]):
            rolls.append([])
        entry = {"seat": e.seat, "die": e.die, "void": False}
        rolls[-1].append(entry)
        self.last_throw = entry

    def _new_roll_off(self, purpose: str) -> dict[str, Any]:
        low = purpose == "opening_tie" or (
            purpose == "opening" and self.rules.opening is Opening.ONE_DIE_LOW
        )
        ro: dict[str, Any] = {
            "purpose": purpose,
            "low": low,
            "rolls": [[]],
            "decided": None,
            "by": None,
        }
        if purpose == "opening_tie" and self.round is not None:
            self.round["roll_offs"].append(ro)
        else:
            self.pending["roll_offs"].append(ro)
        return ro

    def _roll_off_decided(self, e: ev.RollOffDecided) -> None:
        ro = self.roll_off
        if ro is None or ro["purpose"] != e.purpose or ro["decided"] is not None:
            ro = self._new_roll_off(e.purpose)
            ro["rolls"] = []
        ro["decided"] = e.seat
        ro["by"] = e.by
        self.roll_off = None

    def _round_started(self, e: ev.RoundStarted) -> None:
        assert self.half is not None
        r = _new_round(e.number, e.starter, e.order, e.opening)
        p = self.pending
        for key in ("roll_offs", "einkaufen", "strafdeckel"):
            r[key] = p[key]
        if e.opening:
            r["limit"] = 1
        self.pending = _new_round(None, None, (), False)
        self.half["rounds"].append(r)
        self.round = r
        self.closed = False

    def _stopped(self, e: ev.Stopped) -> None:
        r = self.round
        assert r is not None
        result = self._result(e.result)
        self._turn(e.seat)["stop"] = {
            "throws": e.throws,
            "result": result["dice"],
            "covered": e.covered,
        }
        if e.seat == r["starter"] and r["limit"] is None:
            r["limit"] = e.throws
        self.last_throw = None

    def _showdown(self, e: ev.Showdown) -> None:
        r = self.round
        assert r is not None
        results = dict(e.results)
        by_throws = self.rules.fewer_throws_better
        rows: list[dict[str, Any]] = []
        prev: dict[str, Any] | None = None
        for place, seat in enumerate(e.ranking, start=1):
            o = results[seat]
            row = {"place": place, "seat": seat, **self._result(o), "tie": None}
            strength = self.game.evaluation(o).strength
            if prev is not None and prev["strength"] == strength:
                if r["opening"]:
                    row["tie"] = "equal"
                elif (by_throws or row["kind"] == str(Kind.SCHOCK_HAND)) and (
                    prev["throws"] != o.throws
                ):
                    row["tie"] = "more_throws"
                else:
                    row["tie"] = "mit_ist_shit"
            prev = {"strength": strength, "throws": o.throws}
            rows.append(row)
        r["showdown"] = rows
        self.last_throw = None

    def _deckel_given(self, e: ev.DeckelGiven) -> None:
        r = self.round
        assert r is not None
        best = r["showdown"][0]
        kept = 0
        sources: list[dict[str, Any]] = []
        if e.all_deckel:
            if self.game.rules.schock_aus_keeps:  # the thrower keeps his own Deckel
                kept = self.deckel[best["seat"]]
            # where the loser's new Deckel come from: the Stock, then each other seat
            if self.stock:
                sources.append({"giver": None, "count": self.stock})
            for s, n in enumerate(self.deckel):
                if n and s != e.loser and not (kept and s == best["seat"]):
                    sources.append({"giver": s, "count": n})
            self.stock = 0
            self.deckel = [0] * self.n
            self.deckel[e.loser] = e.owed - kept
            self.deckel[best["seat"]] += kept
        elif e.giver is None:
            self.stock -= e.count
            self.deckel[e.loser] += e.count
        else:
            self.deckel[e.giver] -= e.count
            self.deckel[e.loser] += e.count
        r["deckel"] = {
            "winner": best["seat"],
            "result": best["label"],
            "loser": e.loser,
            "giver": e.giver,
            "count": e.count,
            "owed": e.owed,
            "all": e.all_deckel,
        }
        if e.all_deckel:
            r["deckel"]["sources"] = sources
        if kept:  # house rule schock_aus_keeps: what the thrower kept
            r["deckel"]["kept"] = kept
        r["after"] = self._state()
        self.closed = True

    def _strafdeckel(self, e: ev.StrafdeckelGiven) -> None:
        if e.count:
            if e.giver is None:
                self.stock -= e.count
            else:
                self.deckel[e.giver] -= e.count
            self.deckel[e.seat] += e.count
        target = self._target()
        target["strafdeckel"].append({"seat": e.seat, "giver": e.giver, "count": e.count})
        target["after"] = self._state()

    def _half_lost(self, e: ev.HalfLost) -> None:
        h = self.half
        assert h is not None
        self._flush_pending()
        if self.round is not None:
            self.round["half_lost"] = e.seat
        h["loser"] = e.seat
        h["deckel"] = list(self.deckel)
        h["stock_end"] = self.stock
