"""What the terminal game's boxes and log say: the log, hints, the rules and one event
in words (:func:`describe_event`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from schock.engine import events as ev
from schock.engine.actions import (
    Action,
    BlindAction,
    LiftAction,
    StopAction,
    ThrowAction,
)
from schock.engine.views import TurnView
from schock.messages import ranking_ladder, value_label
from schock.rules import FIELD_NAMES, field_label
from schock.tui.faces import face
from schock.tui.render import (
    is_you,
)
from schock.tui.session import Plan, Session, move_plan, slots
from schock.tui.texts import number, percent, say, throws_text


class Choice(Protocol):
    """What the turn solver's ``hints`` returns for each choice (best first)."""

    @property
    def p_not_lose(self) -> float: ...

    @property
    def expected_deckel(self) -> float: ...

    def describe(self, lang: str = "de") -> str: ...


def log_body(lines: Sequence[str]) -> RenderableType:
    r"""The log, each line wrapped under its own indentation rather than at the left edge.

    >>> from rich.console import Console
    >>> c = Console(width=24, color_system=None)
    >>> with c.capture() as out:
    ...     c.print(log_body(["Runde 1", "  Anna: Schock 5 (2 Würfe), bekommt 5 Deckel"]))
    >>> print("\n".join(line.rstrip() for line in out.get().splitlines()))
    Runde 1
      Anna: Schock 5 (2
      Würfe), bekommt 5
      Deckel
    """
    rows: list[RenderableType] = []
    for line in lines:
        text = line.lstrip(" ")
        rows.append(Padding(Text(text), (0, 0, 0, len(line) - len(text))))
    return Group(*rows)


def hint_title(name: str, lang: str) -> str:
    """``Hinweis für Anna``; for the seat called "Du" (the default human): ``Hinweis für dich``.

    >>> hint_title("Anna", "de"), hint_title("Du", "de"), hint_title("You", "en")
    ('Hinweis für Anna', 'Hinweis für dich', 'Hint for you')
    """
    if is_you(name):
        return say(lang, "hint.title.you")
    return say(lang, "hint.title", name=name)


def hint_body(
    choices: Sequence[Choice], lang: str, turn: TurnView | None = None
) -> RenderableType:
    """The solver's choices, best first, each with its odds and the keys that make
    it; the dice the best choice keeps are highlighted, and what "best" means is said."""
    rows: list[RenderableType] = [Text(say(lang, "hint.best"), style="italic")]
    plans = [_plan(c, turn) for c in choices]
    best = plans[0] if plans else None
    if turn is not None and best is not None:
        faces = Text(say(lang, "hint.keep") + " ")
        for i, slot in enumerate(slots(turn)):
            style = "bold reverse green" if i in best.kept else ""
            faces.append(f" {face(slot.value)} [{i + 1}] ", style=style)
        rows.append(faces)
    for i, (c, plan) in enumerate(zip(choices, plans, strict=True), start=1):
        text = say(lang, "hint.row", i=i, text=c.describe(lang))
        keys = plan.keys if plan is not None else _unseen_keys(c)
        if keys:
            text += " · " + say(lang, "hint.keys", keys=key_names(keys, lang))
        rows.append(Text(text, style="bold" if i == 1 else ""))
        odds = say(
            lang, "hint.odds", p=percent(c.p_not_lose, lang), d=number(c.expected_deckel, lang)
        )
        rows.append(Text("   " + odds, style="dim"))
    return Group(*rows)


#: The key of each choice made before a look at the dice (lift, zu, blind, throw again).
_UNSEEN_KEYS: dict[Action, str] = {LiftAction(): "a", StopAction(): "s", BlindAction(): "b", ThrowAction(): "space"}


def _unseen_keys(choice: Choice) -> tuple[str, ...]:
    """The keys of a choice that does not say its move: its single action's key.

    >>> from types import SimpleNamespace
    >>> _unseen_keys(SimpleNamespace(actions=(BlindAction(),))), _unseen_keys(object())
    (('b',), ())
    """
    actions: tuple[Action, ...] = tuple(getattr(choice, "actions", ()))
    if len(actions) != 1 or actions[0] not in _UNSEEN_KEYS:
        return ()
    return (_UNSEEN_KEYS[actions[0]],)


def _plan(choice: Choice, turn: TurnView | None) -> Plan | None:
    """The keys of a solver's choice (None where the choice does not say its move)."""
    move = getattr(choice, "move", None)
    if turn is None or move is None:
        return None
    try:
        return move_plan(turn, bool(move.stop), tuple(move.keep), int(move.turn))
    except (ValueError, AttributeError):  # pragma: no cover - a move these dice cannot make
        return None


def key_names(keys: Sequence[str], lang: str) -> str:
    """Keys as a player reads them: ``1, 2, dann Leertaste``.

    >>> key_names(["1", "space"], "de"), key_names(["s"], "en")
    ('1, dann Leertaste', 's')
    """
    names = [say(lang, "key.space") if k == "space" else k for k in keys]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + say(lang, "key.then") + names[-1]


def rules_body(session: Session, lang: str) -> RenderableType:
    """The ranking of results, then every playing field of the game's rules: what it
    means and its value, in words (the field's name beside it, for rules files)."""
    rules = session.game.rules
    ladder = Text(say(lang, "rules.ladder") + " ", style="bold")
    ladder.append(ranking_ladder(rules, lang), style="")
    table = Table(box=box.SIMPLE_HEAD, title=f"{rules.id}: {rules.name}", title_justify="left")
    # the value is what a player reads: it keeps its room on a narrow (80 columns)
    # terminal, where the label wraps and the field name is cut first
    table.add_column(say(lang, "rules.field"), ratio=4, min_width=14)
    table.add_column(say(lang, "rules.value"), ratio=3, min_width=18)
    table.add_column(
        say(lang, "rules.key"), ratio=2, style="dim", overflow="ellipsis", no_wrap=True
    )
    for name in FIELD_NAMES:
        if name in ("id", "name", "source", "base"):
            continue
        table.add_row(field_label(name, lang), value_label(name, getattr(rules, name), lang), name)
    return Group(ladder, table)


def describe_event(event: ev.Event, session: Session, lang: str) -> str:
    """A bot's move in a few words, telling nothing its cup hides."""
    names = [s.name for s in session.game.seats]
    en = lang == "en"
    match event:
        case ev.Thrown(seat=seat, throw=k):
            return f"{names[seat]} " + (f"throws (throw {k})" if en else f"wirft (Wurf {k})")
        case ev.Lifted(seat=seat):
            return f"{names[seat]} " + ("lifts the cup" if en else "hebt den Becher")
        case ev.SetAside(seat=seat, dice=dice):
            d = "-".join(map(str, dice))
            return f"{names[seat]} " + (f"sets aside {d}" if en else f"legt {d} beiseite")
        case ev.TakenBack(seat=seat, dice=dice):
            d = "-".join(map(str, dice))
            return f"{names[seat]} " + (f"puts {d} back" if en else f"nimmt {d} zurück")
        case ev.SixesTurned(seat=seat):
            return f"{names[seat]} " + ("turns sixes" if en else "dreht Sechsen")
        case ev.Stopped(seat=seat, throws=n):
            verb = "stops" if en else "lässt stehen"
            return f"{names[seat]} {verb} ({throws_text(lang, n)})"
        case ev.BlindDeclared(seat=seat):
            return f"{names[seat]} " + ("declares blind" if en else "sagt blind an")
        case ev.Einkauf(seat=seat, join=join):
            if en:
                return f"{names[seat]} " + ("buys in" if join else "does not buy in")
            return f"{names[seat]} " + ("kauft sich ein" if join else "kauft sich nicht ein")
        case _:  # pragma: no cover - bots make only the moves above
            return ""
