"""A replayed game told round by round: first as data, then as text.

:func:`account` reads a game's event log (:attr:`schock.engine.Game.log`)
and returns plain, JSON-ready data: the halves, their rounds, each round's
turns, showdown and Deckel, and the final state. :func:`render_text` turns
that data into a German (or English) account for people, so ``schock replay``
and ``schock replay --json`` say the same thing.

Seats are numbers in the data (``seats`` holds their names); dice are written
``1-1-4``; results carry their label under the game's rules (``Schock 4``,
``Straße 4-5-6``, ``652``).

>>> from schock import load_rules
>>> from schock.engine import Game, ScriptedDice
>>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
...          dice=ScriptedDice([1, 1, 4, 2, 3, 5]))
>>> for call in (g.throw, g.lift, g.stop, g.throw, g.stop):
...     _ = call()
>>> data = account(g)
>>> data["halves"][0]["rounds"][0]["showdown"][0]["label"]
'Schock 4'
>>> print(render_text(data).splitlines()[4])
  Runde 1 · beginnt: Anna · höchstens 1 Wurf
"""

from __future__ import annotations

from typing import Any

from schock.dice import Outcome, format_dice
from schock.engine import events as ev
from schock.engine.actions import ThrowAction
from schock.engine.game import Game
from schock.keep import FILLER
from schock.results import Kind
from schock.rules.model import Opening, Structure

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


# ---------------------------------------------------------------------------------- the text
_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "title": "Schocken nach den Regeln „{name}“ ({id})",
        "table": "Am Tisch: {names}",
        "placeholders": "? = nicht eingetragen: am Tisch wurde nur das Ergebnis aufgedeckt",
        "half.first": "1. Hälfte",
        "half.second": "2. Hälfte",
        "half.final": "Finale",
        "half.only": "Hälfte (wer sie verliert, verliert das Spiel)",
        "half.head": "{title}: {players}; {stock} Deckel im Stock",
        "vs": " gegen ",
        "round": "Runde {n}",
        "starter": "beginnt: {name}",
        "opening": "Eröffnungsrunde: jeder wirft einmal",
        "limit": "höchstens {n}",
        "blind.head": "blind: ein Wurf für alle, Deckel doppelt",
        "throw": "Wurf {k}: {dice}",
        "loaded": " (geladen)",
        "void": " – ungültig (Türmchen/Kippe), neu geworfen",
        "lift": "hebt den Becher",
        "aside": "legt {dice} raus",
        "back": "nimmt {dice} zurück in den Becher",
        "turn.1": "dreht 6-6 zu einer 1",
        "turn.2": "dreht 6-6-6 zu 1-1",
        "blind": "sagt blind an",
        "stop": "steht nach {throws} mit {dice}",
        "covered": " (zu, ungesehen)",
        "showdown": "Aufdecken:",
        "tie.equal": "gleich",
        "tie.more_throws": "gleich, aber mehr Würfe",
        "tie.mit_ist_shit": "Mit ist Shit",
        "not_on_hand": "nicht auf die Hand",
        "on_hand": "auf die Hand",
        "from_stock": "{loser} bekommt {count} Deckel aus dem Stock",
        "from_player": "{giver} gibt {loser} {count} Deckel",
        "all": "{label} von {winner}: {loser} bekommt {sources} – alle {owed} Deckel der Hälfte",
        "all.keeps": "{label} von {winner}: {loser} bekommt {sources}; {winner} behält {kept}",
        "src.stock": "{count} Deckel aus dem Stock",
        "src.first": "{count} Deckel von {giver}",
        "src.player": "{count} von {giver}",
        "src.and": " und ",
        "src.none": "keine weiteren Deckel",
        "short.stock": "fällig wären {owed}, mehr war nicht im Stock",
        "short.player": "fällig wären {owed}, {giver} hatte nicht mehr",
        "doubled": "blind: doppelt",
        "state": "Stand: Stock {stock}; {deckel}",
        "out": "{name} hat keine Deckel und ist raus",
        "half_lost": "{name} hat alle {total} Deckel: {half} verloren",
        "einkauf.yes": "Einkaufen: {name} kauft sich ein",
        "einkauf.no": "Einkaufen: {name} kauft sich nicht ein",
        "straf.stock": "Strafdeckel für {name} (vom Tisch gefallen): 1 Deckel aus dem Stock",
        "straf.player": "Strafdeckel für {name} (vom Tisch gefallen): 1 Deckel von {giver}",
        "straf.none": "Strafdeckel für {name} (vom Tisch gefallen): kein Deckel mehr zu holen",
        "ro.opening": "Auswürfeln, wer beginnt ({rule})",
        "ro.final": "Auswürfeln, wer das Finale beginnt ({rule})",
        "ro.opening_tie": "Gleichstand beim schlechtesten Wurf, Stechen ({rule})",
        "ro.high": "höchste Zahl beginnt",
        "ro.low": "niedrigste Zahl beginnt",
        "ro.low_loses": "niedrigste Zahl verliert",
        "ro.again": "nochmal",
        "ro.void": " (ungültig)",
        "ro.starts": "{name} beginnt",
        "ro.loses": "{name} verliert",
        "ro.age": "Gleichstand beim schlechtesten Wurf: {name} ist am jüngsten und verliert",
        "half_losers": "Verlierer der Hälften: {names}",
        "lost": "{name} hat das Spiel verloren.",
        "durchmarsch": "Durchmarsch! {name} hat beide Hälften und damit das Spiel verloren,"
        " ohne Finale.",
        "not_over": "Das Spiel ist noch nicht zu Ende: noch kein Verlierer.",
        "final_state": "Stand am Ende: Stock {stock}; {deckel}",
    },
    "en": {
        "title": "Schocken under the rules “{name}” ({id})",
        "table": "At the table: {names}",
        "placeholders": "? = not entered: at the table only the result was revealed",
        "half.first": "Half 1",
        "half.second": "Half 2",
        "half.final": "Final",
        "half.only": "Half (who loses it loses the game)",
        "half.head": "{title}: {players}; {stock} Deckel in the Stock",
        "vs": " against ",
        "round": "Round {n}",
        "starter": "starts: {name}",
        "opening": "opening round: everybody throws once",
        "limit": "at most {n}",
        "blind.head": "blind: one throw for everybody, Deckel doubled",
        "throw": "throw {k}: {dice}",
        "loaded": " (loaded)",
        "void": " – void (Türmchen/Kippe), thrown again",
        "lift": "lifts the cup",
        "aside": "sets aside {dice}",
        "back": "puts {dice} back into the cup",
        "turn.1": "turns 6-6 into a 1",
        "turn.2": "turns 6-6-6 into 1-1",
        "blind": "declares blind",
        "stop": "stops after {throws} with {dice}",
        "covered": " (zu, unseen)",
        "showdown": "Showdown:",
        "tie.equal": "equal",
        "tie.more_throws": "equal, but more throws",
        "tie.mit_ist_shit": "Mit ist Shit",
        "not_on_hand": "not auf die Hand",
        "on_hand": "auf die Hand",
        "from_stock": "{loser} receives {count} Deckel from the Stock",
        "from_player": "{giver} gives {loser} {count} Deckel",
        "all": "{label} by {winner}: {loser} receives {sources} – every Deckel of the half"
        " ({owed})",
        "all.keeps": "{label} by {winner}: {loser} receives {sources}; {winner} keeps {kept}",
        "src.stock": "{count} Deckel from the Stock",
        "src.first": "{count} Deckel from {giver}",
        "src.player": "{count} from {giver}",
        "src.and": " and ",
        "src.none": "no further Deckel",
        "short.stock": "{owed} owed, the Stock had no more",
        "short.player": "{owed} owed, {giver} had no more",
        "doubled": "blind: doubled",
        "state": "Score: Stock {stock}; {deckel}",
        "out": "{name} holds no Deckel and is out",
        "half_lost": "{name} holds all {total} Deckel: loses {half}",
        "einkauf.yes": "Einkaufen: {name} buys in",
        "einkauf.no": "Einkaufen: {name} does not buy in",
        "straf.stock": "Strafdeckel for {name} (fell off the table): 1 Deckel from the Stock",
        "straf.player": "Strafdeckel for {name} (fell off the table): 1 Deckel from {giver}",
        "straf.none": "Strafdeckel for {name} (fell off the table): no Deckel left to take",
        "ro.opening": "Roll-off for who starts ({rule})",
        "ro.final": "Roll-off for who starts the final ({rule})",
        "ro.opening_tie": "Tie for the worst throw, roll-off ({rule})",
        "ro.high": "highest starts",
        "ro.low": "lowest starts",
        "ro.low_loses": "lowest loses",
        "ro.again": "again",
        "ro.void": " (void)",
        "ro.starts": "{name} starts",
        "ro.loses": "{name} loses",
        "ro.age": "Tie for the worst throw: {name} is the youngest and loses",
        "half_losers": "Half losers: {names}",
        "lost": "{name} has lost the game.",
        "durchmarsch": "Durchmarsch! {name} has lost both halves and so the game, without a final.",
        "not_over": "The game is not over yet: no loser so far.",
        "final_state": "Score at the end: Stock {stock}; {deckel}",
    },
}

#: The sentences told to the viewer about himself (second person), by language and
#: ``key@role``: the template of ``key`` when the seat in ``role`` is the viewer.
_YOU_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "you": "du",
        "from_stock@loser": "Du bekommst {count} Deckel aus dem Stock",
        "from_player@loser": "{giver} gibt dir {count} Deckel",
        "from_player@giver": "Du gibst {loser} {count} Deckel",
        "src.first@giver": "{count} Deckel von dir",
        "src.player@giver": "{count} von dir",
        "all@winner": "{label} von dir: {loser} bekommt {sources} – alle {owed} Deckel der Hälfte",
        "all@loser": "{label} von {winner}: Du bekommst {sources} – alle {owed} Deckel der Hälfte",
        "all.keeps@winner": "{label} von dir: {loser} bekommt {sources}; du behältst {kept}",
        "all.keeps@loser": "{label} von {winner}: Du bekommst {sources}; {winner} behält {kept}",
        "short.player@giver": "fällig wären {owed}, du hattest nicht mehr",
        "out@name": "Du hast keine Deckel und bist raus",
        "half_lost@name": "Du hast alle {total} Deckel: {half} verloren",
        "einkauf.yes@name": "Einkaufen: Du kaufst dich ein",
        "einkauf.no@name": "Einkaufen: Du kaufst dich nicht ein",
        "straf.stock@name": "Strafdeckel für dich (vom Tisch gefallen): 1 Deckel aus dem Stock",
        "straf.player@name": "Strafdeckel für dich (vom Tisch gefallen): 1 Deckel von {giver}",
        "straf.player@giver": "Strafdeckel für {name} (vom Tisch gefallen): 1 Deckel von dir",
        "straf.none@name": "Strafdeckel für dich (vom Tisch gefallen): kein Deckel mehr zu holen",
        "ro.starts@name": "Du beginnst",
        "ro.loses@name": "Du verlierst",
        "ro.age@name": "Gleichstand beim schlechtesten Wurf: Du bist am jüngsten und verlierst",
        "lost@name": "Du hast das Spiel verloren.",
        "durchmarsch@name": "Durchmarsch! Du hast beide Hälften und damit das Spiel verloren,"
        " ohne Finale.",
    },
    "en": {
        "you": "you",
        "from_stock@loser": "You receive {count} Deckel from the Stock",
        "from_player@loser": "{giver} gives you {count} Deckel",
        "from_player@giver": "You give {loser} {count} Deckel",
        "all@winner": "{label} by you: {loser} receives {sources} – every Deckel of the half"
        " ({owed})",
        "all@loser": "{label} by {winner}: you receive {sources} – every Deckel of the half"
        " ({owed})",
        "all.keeps@winner": "{label} by you: {loser} receives {sources}; you keep {kept}",
        "all.keeps@loser": "{label} by {winner}: you receive {sources}; {winner} keeps {kept}",
        "short.player@giver": "{owed} owed, you had no more",
        "out@name": "You hold no Deckel and are out",
        "half_lost@name": "You hold all {total} Deckel: you lose {half}",
        "einkauf.yes@name": "Einkaufen: you buy in",
        "einkauf.no@name": "Einkaufen: you do not buy in",
        "straf.stock@name": "Strafdeckel for you (fell off the table): 1 Deckel from the Stock",
        "straf.player@name": "Strafdeckel for you (fell off the table): 1 Deckel from {giver}",
        "straf.player@giver": "Strafdeckel for {name} (fell off the table): 1 Deckel from you",
        "straf.none@name": "Strafdeckel for you (fell off the table): no Deckel left to take",
        "ro.starts@name": "You start",
        "ro.loses@name": "You lose",
        "ro.age@name": "Tie for the worst throw: you are the youngest and lose",
        "lost@name": "You have lost the game.",
        "durchmarsch@name": "Durchmarsch! You have lost both halves and so the game, "
        "without a final.",
    },
}

_HALF_LOST_DE = {
    "first": "die 1. Hälfte",
    "second": "die 2. Hälfte",
    "final": "das Finale",
    "only": "die Hälfte und damit das Spiel",
}
_HALF_LOST_EN = {
    "first": "half 1",
    "second": "half 2",
    "final": "the final",
    "only": "the half and so the game",
}


def _throws(n: int, lang: str, dative: bool = False) -> str:
    if lang == "en":
        return f"{n} throw" if n == 1 else f"{n} throws"
    if n == 1:
        return "1 Wurf"
    return f"{n} Würfen" if dative else f"{n} Würfe"


def render_text(data: Account, lang: str = "de", viewer: int | None = None) -> str:
    """The account of :func:`account` as text for people, German or English.

    With ``viewer`` (a seat) the text speaks to that player in the second
    person: "Du bekommst 4 Deckel", "Anna gibt dir 1 Deckel", "You lose".
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    seats = len(data["seats"])
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < seats
    ):
        raise ValueError(f"viewer must be a seat 0 to {seats - 1} or None, got {viewer!r}")
    return "\n".join(_Renderer(data, lang, viewer).lines()) + "\n"


class _Renderer:
    def __init__(self, data: Account, lang: str, viewer: int | None = None) -> None:
        self.data = data
        self.lang = lang
        self.w = _WORDS[lang]
        self.you_words = _YOU_WORDS[lang]
        self.viewer = viewer
        self.names: list[str] = data["seats"]
        self.one_half = data["structure"] == str(Structure.ONE_HALF)
        self.out: list[str] = []

    def name(self, seat: int) -> str:
        """A seat's name; the viewer is "du" / "you"."""
        return self.you_words["you"] if seat == self.viewer else self.names[seat]

    def label(self, seat: int) -> str:
        """A seat's name at the start of a line (capitalized for the viewer)."""
        name = self.name(seat)
        return name[:1].upper() + name[1:] if seat == self.viewer else name

    def text(self, key: str, seats: dict[str, int | None], **kw: Any) -> str:
        """The template ``key`` filled in; where a seat in ``seats`` (by role) is
        the viewer, the second-person sentence told to him."""
        template = self.w[key]
        for role, seat in seats.items():
            if seat is not None and seat == self.viewer:
                template = self.you_words.get(f"{key}@{role}", template)
                break
        names = {role: self.name(seat) if seat is not None else "" for role, seat in seats.items()}
        return template.format(**names, **kw)

    def say(
        self, indent: int, key: str, seats: dict[str, int | None] | None = None, **kw: Any
    ) -> None:
        self.out.append("  " * indent + self.text(key, seats or {}, **kw))

    def deckel_list(self, deckel: list[int], players: list[int]) -> str:
        return ", ".join(f"{self.name(s)} {deckel[s]}" for s in players)

    def lines(self) -> list[str]:
        d = self.data
        self.say(0, "title", name=d["rules"]["name"], id=d["rules"]["id"])
        self.say(0, "table", names=", ".join(self.names))
        if d.get("placeholders"):
            self.say(0, "placeholders")
        for half in d["halves"]:
            self.half(half)
        self.closing()
        return self.out

    def closing(self) -> None:
        """How the game ended (or that it has not)."""
        d = self.data
        self.out.append("")
        if len(d["half_losers"]) > 1:
            self.say(0, "half_losers", names=", ".join(self.name(s) for s in d["half_losers"]))
        if d["loser"] is None:
            self.say(0, "not_over")
            players = d["halves"][-1]["players"] if d["halves"] else []
            self.say(
                0, "final_state", stock=d["stock"], deckel=self.deckel_list(d["deckel"], players)
            )
        elif d["durchmarsch"]:
            self.say(0, "durchmarsch", {"name": d["loser"]})
        else:
            self.say(0, "lost", {"name": d["loser"]})

    def half_title(self, half: dict[str, Any]) -> str:
        if self.one_half:
            return self.w["half.only"]
        return self.w[f"half.{half['kind']}"]

    def half(self, half: dict[str, Any]) -> None:
        self.half_head(half)
        for r in half["rounds"]:
            self.round(r, half)

    def half_head(self, half: dict[str, Any]) -> None:
        self.out.append("")
        players = half["players"]
        joiner = self.w["vs"] if half["kind"] == "final" else ", "
        self.say(
            0,
            "half.head",
            title=self.half_title(half),
            stock=half["stock"],
            players=joiner.join(self.name(s) for s in players),
        )

    def round(self, r: dict[str, Any], half: dict[str, Any]) -> None:
        w = self.w
        head = [w["round"].format(n=r["number"])]
        if r["opening"]:
            head.append(w["opening"])
        elif r["starter"] is not None:
            head.append(w["starter"].format(name=self.name(r["starter"])))
        if r["blind"]:
            head.append(w["blind.head"])
        elif r["limit"] is not None and not r["opening"]:
            head.append(w["limit"].format(n=_throws(r["limit"], self.lang)))
        for ro in r["roll_offs"]:
            if ro["purpose"] != "opening_tie":
                self.roll_off(ro, 1)
        self.out.append("  " + " · ".join(head))
        for e in r["einkaufen"]:
            self.say(2, "einkauf.yes" if e["join"] else "einkauf.no", {"name": e["seat"]})
        width = max((len(self.name(t["seat"])) for t in r["turns"]), default=0)
        for t in r["turns"]:
            if t["steps"]:
                self.turn(t, r, width)
        for s in r["strafdeckel"]:
            key = (
                "straf.none"
                if not s["count"]
                else ("straf.stock" if s["giver"] is None else "straf.player")
            )
            self.say(2, key, {"name": s["seat"], "giver": s["giver"]})
        if r["showdown"] is not None:
            self.showdown(r["showdown"], width)
        for ro in r["roll_offs"]:
            if ro["purpose"] == "opening_tie":
                self.roll_off(ro, 2)
        if r["deckel"] is not None:
            self.deckel(r)
        if r["after"] is not None:
            self.say(
                2,
                "state",
                stock=r["after"]["stock"],
                deckel=self.deckel_list(r["after"]["deckel"], half["players"]),
            )
        for s in r["out"]:
            self.say(2, "out", {"name": s})
        if r["half_lost"] is not None:
            kind = "only" if self.one_half else half["kind"]
            words = _HALF_LOST_DE if self.lang == "de" else _HALF_LOST_EN
            self.say(
                2,
                "half_lost",
                {"name": r["half_lost"]},
                total=self.data["deckel_per_half"],
                half=words[kind],
            )

    def turn(self, t: dict[str, Any], r: dict[str, Any], width: int) -> None:
        w = self.w
        name = self.label(t["seat"]) + ":"
        if r["opening"]:  # one throw each, nothing else: just the dice
            text = ", ".join(
                step["dice"] + (w["void"] if step["void"] else "") for step in t["steps"]
            )
            self.out.append(f"    {name:<{width + 1}}  {text}")
            return
        groups: list[list[str]] = []  # one group per throw: the throw and what follows it
        for step in t["steps"]:
            kind = step["type"]
            if kind == "throw":
                text = w["throw"].format(k=step["throw"], dice=step["dice"])
                if step["loading"]:
                    text += w["loaded"]
                if step["void"]:
                    text += w["void"]
                groups.append([text])
                continue
            if kind == "turn":
                text = w[f"turn.{step['ones']}"]
            elif kind in ("aside", "back"):
                text = w[kind].format(dice=step["dice"])
            else:
                text = w[kind]
            groups[-1].append(text)  # every turn begins with a throw
        stop = t["stop"]
        if stop is not None:
            text = w["stop"].format(
                throws=_throws(stop["throws"], self.lang, dative=True), dice=stop["result"]
            )
            if stop["covered"] and stop["throws"] == 1 and t["seat"] == r["starter"]:
                text += w["covered"]
            groups.append([text])
        self.out.append(f"    {name:<{width + 1}}  " + "; ".join(", ".join(g) for g in groups))

    def row_notes(self, row: dict[str, Any], dice: bool = True) -> list[str]:
        """What is said after a showdown row's result: dice, throws, auf die Hand, a tie."""
        w = self.w
        notes = [row["dice"]] if dice else []
        notes.append(_throws(row["throws"], self.lang))
        if row["not_on_hand"]:
            notes.append(w["not_on_hand"])
        elif row["on_hand"] and row["kind"] in ("general", "strasse", "jule", "schock_hand"):
            notes.append(w["on_hand"])
        if row["tie"] is not None:
            notes.append(w[f"tie.{row['tie']}"])
        return notes

    def showdown(self, rows: list[dict[str, Any]], width: int) -> None:
        self.say(2, "showdown")
        label_width = max(len(row["label"]) for row in rows)
        for row in rows:
            name = self.label(row["seat"])
            self.out.append(
                f"      {row['place']}. {name:<{width}}  {row['label']:<{label_width}}  "
                f"({', '.join(self.row_notes(row))})"
            )

    def sources(self, d: dict[str, Any]) -> str:
        """Where the Deckel of a Schock Aus come from: "8 Deckel aus dem Stock und 3 von Ben"."""
        parts = []
        for src in d.get("sources", ()):
            if src["giver"] is None:
                parts.append(self.w["src.stock"].format(count=src["count"]))
            else:
                key = "src.player" if parts else "src.first"
                parts.append(self.text(key, {"giver": src["giver"]}, count=src["count"]))
        if not parts:
            return self.w["src.none"]
        if len(parts) == 1:
            return parts[0]
        return ", ".join(parts[:-1]) + self.w["src.and"] + parts[-1]

    def deckel_text(self, r: dict[str, Any]) -> str:
        """Who received how many Deckel in round ``r``, and from where (with notes)."""
        d = r["deckel"]
        winner = self.name(d["winner"])
        if d["all"]:
            seats = {"winner": d["winner"], "loser": d["loser"]}
            if d.get("kept"):  # house rule schock_aus_keeps
                return self.text("all.keeps", seats, label=d["result"], sources=self.sources(d),
                                 kept=d["kept"])
            return self.text("all", seats, label=d["result"], owed=d["owed"],
                             sources=self.sources(d))
        if d["giver"] is None:
            text = self.text("from_stock", {"loser": d["loser"]}, count=d["count"])
        else:
            seats = {"loser": d["loser"], "giver": d["giver"]}
            text = self.text("from_player", seats, count=d["count"])
        notes = [d["result"] if d["giver"] == d["winner"] else f"{winner}: {d['result']}"]
        if r["blind"]:
            notes.append(self.w["doubled"])
        if d["count"] < d["owed"]:
            key = "short.stock" if d["giver"] is None else "short.player"
            notes.append(self.text(key, {"giver": d["giver"]}, owed=d["owed"]))
        return f"{text} ({'; '.join(notes)})"

    def deckel(self, r: dict[str, Any]) -> None:
        self.out.append("    " + self.deckel_text(r))

    def roll_off_parts(self, ro: dict[str, Any]) -> tuple[str, list[str], str | None]:
        """A roll-off as its heading, its rounds of dice and its outcome."""
        w = self.w
        if ro["purpose"] == "opening_tie":
            rule = w["ro.low_loses"]
        else:
            rule = w["ro.low"] if ro["low"] else w["ro.high"]
        rounds = []
        for i, rolls in enumerate(ro["rolls"]):
            text = ", ".join(
                f"{self.name(x['seat'])} {x['die']}" + (w["ro.void"] if x["void"] else "")
                for x in rolls
            )
            rounds.append(text if i == 0 else f"{w['ro.again']}: {text}")
        outcome = None
        if ro["decided"] is not None:
            key = "ro.loses" if ro["purpose"] == "opening_tie" else "ro.starts"
            outcome = self.text(key, {"name": ro["decided"]})
        return w[f"ro.{ro['purpose']}"].format(rule=rule), rounds, outcome

    def roll_off(self, ro: dict[str, Any], indent: int) -> None:
        if ro["by"] == "age":
            self.say(indent, "ro.age", {"name": ro["decided"]})
            return
        head, rounds, outcome = self.roll_off_parts(ro)
        line = head + ": " + "; ".join(rounds)
        if outcome is not None:
            line += " → " + outcome
        self.out.append("  " * indent + line)


# ------------------------------------------------------------------------ told as it goes
class Chronicle:
    """The account of a game kept up to date action by action, for a live table.

    :func:`account` and :func:`render_text` read the whole game each time; a
    Chronicle reads each event once (:meth:`update`) and tells each round once it
    is closed: its :meth:`lines` are a frozen part that only grows, told once per
    language, and a short tail (the round under way, what follows it). A round
    whose cups are not revealed yet is told by its head only.

    >>> from schock import load_rules
    >>> from schock.engine import Game, ScriptedDice
    >>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
    ...          dice=ScriptedDice([1, 1, 4, 2, 3, 5]))
    >>> c = Chronicle(g)
    >>> for call in (g.throw, g.lift, g.stop, g.throw, g.stop):
    ...     _ = call()
    >>> frozen, lines = c.lines("de")
    >>> lines[1], lines[-2], lines[-1]
    ('Runde 1 · beginnt: Anna · höchstens 1 Wurf', 'Stand: Stock 9; Anna 0, Ben 4', 'Runde 2 · beginnt: Ben')
    >>> frozen == len(lines) - 1  # all but the round under way is told for good
    True
    >>> c.last_showdown()["deckel"]["loser"]
    1
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._builder = _Builder(game)
        self._seen = 0
        # per language: the frozen lines and how many blocks (half heads, rounds) they hold
        self._frozen: dict[str, tuple[int, list[str]]] = {}

    def update(self) -> None:
        """Read the events the game logged since the last call."""
        log = self.game.log
        for e in log[self._seen:]:
            self._builder._event(e)
        self._seen = len(log)

    def _blocks(self) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
        """The account in reading order: (half, None) for a half's head, (half, round)."""
        out: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
        for half in self._builder.halves:
            out.append((half, None))
            out.extend((half, r) for r in half["rounds"])
        return out

    def _data(self) -> Account:
        g = self.game
        return {"seats": [s.name for s in g.seats], "structure": str(g.rules.structure),
                "deckel_per_half": g.rules.deckel, "rules": {"id": g.rules.id,
                                                             "name": g.rules.name}}

    def lines(self, lang: str) -> tuple[int, list[str]]:
        """``(frozen, lines)``: the game told so far (without the title lines); the first
        ``frozen`` lines never change again for this game."""
        self.update()
        blocks = self._blocks()
        last_round = max((i for i, (_, r) in enumerate(blocks) if r is not None), default=-1)
        told, frozen = self._frozen.get(lang, (0, []))
        renderer = _Renderer(self._data(), lang)
        if told < last_round:
            renderer.out = []
            for half, r in blocks[told:last_round]:
                self._tell(renderer, half, r)
            frozen = frozen + [line.strip() for line in renderer.out if line.strip()]
            told = last_round
            self._frozen[lang] = (told, frozen)
        renderer.out = []
        for half, r in blocks[told:]:
            self._tell(renderer, half, r)
        pending = self._builder.pending
        if self._builder.half is not None and (
            pending["einkaufen"] or pending["strafdeckel"] or pending["roll_offs"]
        ):
            rounds = self._builder.half["rounds"]
            number = rounds[-1]["number"] + 1 if rounds else 1
            self._tell(renderer, self._builder.half, {**pending, "number": number})
        if self.game.over:
            renderer.data = {**renderer.data, "half_losers": list(self.game.half_losers),
                             "loser": self.game.loser, "durchmarsch": self.game.durchmarsch}
            renderer.closing()
        tail = [line.strip() for line in renderer.out if line.strip()]
        return len(frozen), frozen + tail

    @staticmethod
    def _tell(renderer: _Renderer, half: dict[str, Any], r: dict[str, Any] | None) -> None:
        if r is None:
            renderer.half_head(half)
            return
        if r["showdown"] is None and r["turns"]:
            r = {**r, "turns": []}  # cups not yet revealed are not told
        renderer.round(r, half)

    def last_showdown(self) -> dict[str, Any] | None:
        """The latest round that had a showdown (the account's round data), or None."""
        self.update()
        for half in reversed(self._builder.halves):
            for r in reversed(half["rounds"]):
                if r["showdown"] is not None:
                    return r  # type: ignore[no-any-return]
        return None

    def story(self, lang: str) -> dict[str, Any]:
        """What everybody at the table may know, told in ``lang`` for a live table:
        ``showdown`` (the latest, best first, results named, where the Deckel came
        from, who is out or lost the half), ``roll_off`` (the one of the round under
        way or about to begin, with its dice), ``out`` (seats out of this half) and ``half``
        (the half under way: "1. Hälfte", "Finale"; None where the game is one half)."""
        self.update()
        renderer = _Renderer(self._data(), lang)
        b = self._builder
        out: list[int] = []
        if b.half is not None:
            for r in b.half["rounds"]:
                out.extend(r["out"])
        half = None
        if b.half is not None and not renderer.one_half:
            half = renderer.half_title(b.half)
        return {"half": half, "showdown": self._showdown(renderer),
                "roll_off": self._roll_off(renderer), "out": out}

    def _showdown(self, renderer: _Renderer) -> dict[str, Any] | None:
        r = self.last_showdown()
        if r is None:
            return None
        half = next(h for h in self._builder.halves if any(x is r for x in h["rounds"]))
        rows = [{"place": row["place"], "seat": row["seat"],
                 "dice": [int(x) for x in row["dice"].split("-")], "label": row["label"],
                 "kind": row["kind"], "notes": renderer.row_notes(row, dice=False)}
                for row in r["showdown"]]
        d = r["deckel"]
        told: list[str] = []
        for ro in r["roll_offs"]:
            if ro["purpose"] == "opening_tie":
                renderer.out = []
                renderer.roll_off(ro, 0)
                told.extend(renderer.out)
        for s in r["out"]:
            told.append(renderer.text("out", {"name": s}))
        if r["half_lost"] is not None:
            renderer.out = []
            kind = "only" if renderer.one_half else half["kind"]
            words = _HALF_LOST_DE if renderer.lang == "de" else _HALF_LOST_EN
            renderer.say(0, "half_lost", {"name": r["half_lost"]},
                         total=self.game.rules.deckel, half=words[kind])
            told.extend(renderer.out)
        return {
            "half": None if renderer.one_half else renderer.half_title(half),
            "round": r["number"],
            "opening": r["opening"],
            "blind": r["blind"],
            "rows": rows,
            "deckel": None if d is None else renderer.deckel_text(r),
            "loser": None if d is None else d["loser"],
            "winner": None if d is None else d["winner"],
            "then": told,
        }

    def _roll_off(self, renderer: _Renderer) -> dict[str, Any] | None:
        b, r = self._builder, self._builder.round
        found = list(b.pending["roll_offs"])
        if not found and r is not None:
            if r["showdown"] is None:  # the roll-off that decided who begins this round
                found = [ro for ro in r["roll_offs"] if ro["purpose"] != "opening_tie"]
            elif r["showdown"] is not None and r["deckel"] is None:
                found = [ro for ro in r["roll_offs"] if ro["purpose"] == "opening_tie"]
        if not found or found[-1]["by"] == "age":
            return None
        ro = found[-1]
        head, _, outcome = renderer.roll_off_parts(ro)
        return {"text": head, "rolls": ro["rolls"], "result": outcome}


# ------------------------------------------------------------------ one event as it happens
def event_line(game: Game, e: ev.Event, lang: str) -> str | None:
    """One event told as it happens (the confirmation a scorekeeper sees after a turn
    step, a void throw or a Strafdeckel), in the account's words; None for the events
    a round's account tells as a whole (showdown, Deckel, roll-offs).

    >>> from schock import load_rules
    >>> from schock.engine import Game, ScriptedDice
    >>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
    ...          dice=ScriptedDice([1, 1, 4]))
    >>> _ = g.throw(); _ = g.lift(); _ = g.set_aside((1, 1))
    >>> [event_line(g, e, "de") for e in g.log[-3:]]
    ['Anna: Wurf 1: 1-1-4', 'Anna hebt den Becher', 'Anna legt 1-1 raus']
    """
    w = _WORDS[lang]
    names = [s.name for s in game.seats]
    if isinstance(e, ev.Thrown):
        return f"{names[e.seat]}: " + w["throw"].format(k=e.throw, dice=format_dice(e.dice))
    if isinstance(e, ev.Lifted | ev.BlindDeclared):
        return f"{names[e.seat]} " + w["lift" if isinstance(e, ev.Lifted) else "blind"]
    if isinstance(e, ev.SetAside | ev.TakenBack):
        key = "aside" if isinstance(e, ev.SetAside) else "back"
        return f"{names[e.seat]} " + w[key].format(dice=format_dice(e.dice))
    if isinstance(e, ev.SixesTurned):
        return f"{names[e.seat]} " + w[f"turn.{e.ones}"]
    if isinstance(e, ev.Stopped):
        return f"{names[e.seat]} " + w["stop"].format(
            throws=_throws(e.throws, lang, dative=True), dice=format_dice(e.result.dice))
    if isinstance(e, ev.ThrowVoided):
        return f"{names[e.seat]}: " + w["void"].lstrip(" –-")
    if isinstance(e, ev.Einkauf):
        return w["einkauf.yes" if e.join else "einkauf.no"].format(name=names[e.seat])
    if isinstance(e, ev.StrafdeckelGiven):
        key = "straf.none" if not e.count else (
            "straf.stock" if e.giver is None else "straf.player")
        giver = "" if e.giver is None else names[e.giver]
        text = w[key].format(name=names[e.seat], giver=giver)
        return text if e.count <= 1 else text.replace("1 Deckel", f"{e.count} Deckel")
    return None
