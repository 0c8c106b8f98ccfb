"""A game told as it goes: the account kept up to date for a live table
(:class:`Chronicle`), and one event told as it happens (:func:`event_line`).
"""

from __future__ import annotations

from typing import Any

from schock.dice import format_dice
from schock.engine import events as ev
from schock.engine.game import Game
from schock.narrate.data import Account, _Builder
from schock.narrate.text import _HALF_LOST_DE, _HALF_LOST_EN, _WORDS, _Renderer, _throws


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
        # per language: lines and story as last told; kept while only quiet events came
        self._lines: dict[str, tuple[int, list[str]]] = {}
        self._stories: dict[str, dict[str, Any]] = {}

    def update(self) -> None:
        """Read the events the game logged since the last call. What is told is told
        again only after an event that can change it: the steps of a turn in a round
        not yet revealed change no line and no story (a round is told by its head
        until its showdown: :meth:`_quiet`)."""
        log = self.game.log
        for e in log[self._seen:]:
            if not self._quiet(e):
                self._lines.clear()
                self._stories.clear()
            self._builder._event(e)
        self._seen = len(log)

    def _quiet(self, e: ev.Event) -> bool:
        """Whether ``e`` (not read yet) leaves every line and the story as they are: a
        step of a turn in a round not revealed yet, and a stop but the first stop of
        the round's starter (which sets the round's throw limit, told in its head)."""
        r = self._builder.round
        if r is None or self._builder.closed or r["showdown"] is not None:
            return False
        if isinstance(e, ev.Stopped):
            return r["limit"] is not None or e.seat != r["starter"]
        return type(e) in _QUIET and not getattr(e, "loading", False)

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
        ``frozen`` lines never change again for this game. The same list as long as
        nothing told changed (do not change it)."""
        self.update()
        if lang in self._lines:
            return self._lines[lang]
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
        told_now = self._lines[lang] = (len(frozen), frozen + tail)
        return told_now

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
        (the half under way: "1. Hälfte", "Finale"; None where the game is one half).
        The same dict as long as nothing told changed (do not change it)."""
        self.update()
        if lang in self._stories:
            return self._stories[lang]
        renderer = _Renderer(self._data(), lang)
        b = self._builder
        out: list[int] = []
        if b.half is not None:
            for r in b.half["rounds"]:
                out.extend(r["out"])
        half = None
        if b.half is not None and not renderer.one_half:
            half = renderer.half_title(b.half)
        story = self._stories[lang] = {"half": half, "showdown": self._showdown(renderer),
                                       "roll_off": self._roll_off(renderer), "out": out}
        return story

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


#: Events that change nothing a :class:`Chronicle` tells while the round they belong to
#: is not revealed (a throw that is not a loading throw, lifting, setting aside, taking
#: back, turning sixes): its turns are told at its showdown.
_QUIET = frozenset({ev.Thrown, ev.Lifted, ev.SetAside, ev.TakenBack, ev.SixesTurned})


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
