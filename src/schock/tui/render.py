"""What the screen shows, as Rich renderables built from a seat's view.

Every function takes what one seat may see (a :class:`~schock.engine.View`)
and the language; none reads the game itself, so nothing hidden can leak,
except :func:`log_text`, which tells only finished rounds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from schock.bots.names import bot_label
from schock.dice import Outcome
from schock.engine.views import TurnView, View
from schock.errors import IllegalActionError
from schock.messages import YOU, rule_label, value_label
from schock.results import evaluate, rank
from schock.rules import Rules, field_label
from schock.rules.model import Structure
from schock.tui.faces import DIE_WIDTH, die_lines, face
from schock.tui.session import Player, bot_kind_of, slots
from schock.tui.texts import say, throws_text

ASIDE_STYLE = "bold green"
ASIDE_FACE_STYLE = "bold green underline"  # small faces: underlined, seen without colours
HIDDEN_STYLE = "dim"
ACTOR_STYLE = "bold yellow"
LOSER_STYLE = "bold red"
WINNER_STYLE = "bold green"


def half_title(view: View, lang: str) -> str:
    """``1. Hälfte``, ``2. Hälfte``, ``Finale: Anna gegen Ben``, or ``Hälfte`` in a one-half game."""
    if view.rules.structure is Structure.ONE_HALF:
        return say(lang, "half.only")
    title = say(lang, f"half.{view.half_kind}")
    if view.half_kind == "final" and len(view.players) == 2:
        a, b = (view.names[s] for s in view.players)
        title += ": " + say(lang, "final.vs", a=a, b=b)
    return title


def cap_of(view: View, seat: int) -> int | None:
    """How many throws ``seat`` may use in this round (None: not set yet)."""
    if view.opening_round or view.blind:
        return 1
    if seat == view.round_starter:
        return view.rules.max_throws
    return view.throw_limit


def header(view: View, lang: str) -> Text:
    """One line: rules, half, round, Stock and the round's throw limit."""
    parts = [view.rules.id, half_title(view, lang)]
    if view.round_number:
        parts.append(
            say(lang, "opening") if view.opening_round else say(lang, "round", n=view.round_number)
        )
    parts.append(say(lang, "stock", n=view.stock))
    if view.blind:
        parts.append(say(lang, "blind"))
    elif view.phase == "turn" and not view.opening_round:
        if view.throw_limit is None:
            parts.append(say(lang, "limit.open"))
        else:
            parts.append(say(lang, "limit", n=throws_text(lang, view.throw_limit)))
    text = Text(" · ".join(parts), style="bold")
    if view.half_losers:
        names = ", ".join(view.names[s] for s in view.half_losers)
        text.append("  ·  " + say(lang, "half_losers", names=names), style="italic")
    return text


def turn_dice(turn: TurnView) -> Text:
    """A turn's dice as small faces: set aside in green, under the cup as ■."""
    out = Text()
    for i, slot in enumerate(slots(turn)):
        if i:
            out.append(" ")
        if slot.value is None:
            out.append(face(None), style=HIDDEN_STYLE)
        else:
            out.append(face(slot.value), style=ASIDE_FACE_STYLE if slot.aside else "")
    return out


def turn_state(view: View, turn: TurnView, lang: str) -> Text:
    """The column "Stand": the result where the viewer may see it, covered, or to move."""
    if turn.done:
        if turn.result is not None:
            return Text(evaluate(view.rules, turn.result).label(lang))
        starter_zu = turn.seat == view.round_starter and turn.throws == 1
        return Text(say(lang, "state.zu" if starter_zu else "state.covered"), style="dim")
    if turn.seat == view.actor:
        return Text(say(lang, "state.turn"), style=ACTOR_STYLE)
    return Text(say(lang, "state.waits"), style="dim")


def bot_marked(player: Player, name: str) -> bool:
    """Whether the seat's name gets "(Bot)": a bot under a person's name."""
    return player.bot is not None and bot_kind_of(name) != player.bot


#: Below this width the names lose their "(Bot)" once the Striche column is shown
#: (the caption under the table still names every bot): names are never cut.
ROOM_FOR_BOT_MARKS = 54


def seats_table(
    view: View,
    players: Sequence[Player],
    lang: str,
    tally: Mapping[str, int] | None = None,
    width: int | None = None,
) -> Table:
    """Every seat: name (▶ to move, B began the round; bot kind), Deckel, dice,
    throws of the round's cap, and state; with ``tally`` (once a game of the
    evening is lost) the Striche: games lost by each player. ``width``: the room
    the table gets (an 80-column terminal gives about 50)."""
    striche = tally is not None and any(tally.values())
    marks = not (striche and width is not None and width < ROOM_FOR_BOT_MARKS)
    table = Table(box=box.SIMPLE_HEAD, expand=True, pad_edge=False, padding=(0, 1, 0, 0))
    # the names themselves are not cut where there is room (two "heuristic …" look alike)
    longest = max(
        (
            len(name)
            + (len(say(lang, "bot.short")) + 3 if marks and bot_marked(players[seat], name) else 0)
            for seat, name in enumerate(view.names)
        ),
        default=0,
    ) + 2
    table.add_column(
        say(lang, "col.seat"), ratio=1, min_width=longest, no_wrap=True, overflow="ellipsis"
    )
    table.add_column(say(lang, "col.deckel"), justify="right", no_wrap=True)
    table.add_column(say(lang, "col.dice"), no_wrap=True)
    table.add_column(say(lang, "col.throws"), justify="center", no_wrap=True)
    table.add_column(say(lang, "col.state"), overflow="fold")  # wraps first when narrow
    if striche:
        table.add_column(say(lang, "col.striche"), justify="right", no_wrap=True)
    kinds: dict[str, list[str]] = {}  # the bots' kinds, told under the table
    for seat, name in enumerate(view.names):
        kind = players[seat].bot
        if kind is not None and bot_kind_of(name) != kind:
            kinds.setdefault(bot_label(kind, lang), []).append(name)
    if kinds:
        told = "; ".join(f"{', '.join(names)}: {kind}" for kind, names in kinds.items())
        table.caption = say(lang, "bot", kind=told)
        table.caption_justify = "left"
        table.caption_style = "dim"
    for seat, name in enumerate(view.names):
        extra = [str(tally.get(name, 0))] if striche and tally is not None else []
        player = players[seat]
        marker = "▶ " if seat == view.actor else ("B " if seat == view.round_starter else "  ")
        who = Text(marker + name, style=ACTOR_STYLE if seat == view.actor else "")
        if marks and bot_marked(player, name):  # "heuristic 2" says it
            who.append(" (" + say(lang, "bot.short") + ")", style="dim")
        deckel = str(view.deckel[seat])
        turn = view.turn_of(seat)
        if turn is not None:
            cap = cap_of(view, seat)
            throws = f"{turn.throws}/{cap}" if cap is not None else f"{turn.throws}/?"
            table.add_row(
                who, deckel, turn_dice(turn), throws, turn_state(view, turn, lang), *extra
            )
            continue
        if seat not in view.players:
            state = Text(say(lang, "state.watch"), style="dim")
        elif view.stock == 0 and view.deckel[seat] == 0 and view.round_order:
            state = Text(say(lang, "state.out"), style="dim")
        else:
            state = Text("")
        table.add_row(who, deckel, "", "", state, *extra)
    return table


def dice_panel(view: View, lang: str) -> RenderableType:
    """The actor's dice drawn large, numbered 1 to 3 for the dice keys."""
    actor = view.actor
    turn = view.turn_of(actor) if actor is not None else None
    if actor is None or turn is None:
        return Text(say(lang, "dice.none"), style="dim")
    name = view.names[actor]
    if not turn.throws:
        return Text(say(lang, "dice.title.start", name=name), style="bold")
    cap = cap_of(view, actor)
    title = say(lang, "dice.title", name=name, k=turn.throws, cap=cap if cap is not None else "?")
    now = current_result(view, turn, lang)
    if now is not None:
        title += " · " + now
    shown = slots(turn)
    rows = [Text() for _ in range(7)]
    for i, slot in enumerate(shown):
        style = ASIDE_STYLE if slot.aside else (HIDDEN_STYLE if slot.value is None else "")
        for r, line in enumerate(die_lines(slot.value)):
            rows[r].append(line, style=style)
            rows[r].append("  ")
        if slot.value is None:
            label = say(lang, "dice.hidden")
        elif slot.aside:
            label = say(lang, "dice.turned" if slot.turned else "dice.aside")
        else:
            label = say(lang, "dice.cup")
        rows[5].append(f"[{i + 1}]".center(9) + "  ", style="bold")
        rows[6].append(label.center(DIE_WIDTH) + "  ", style=style)
    standing = round_standing(view, lang)
    extra = [Text(standing, style="italic")] if standing else []
    return Group(Text(title, style="bold"), *rows, *extra)


def current_result(view: View, turn: TurnView, lang: str) -> str | None:
    """The result a turn's dice make now (``Straße 2-3-4``, ``Schock 5``, ``665``),
    where the viewer sees all three; None while a die is under the cup."""
    cup = turn.cup
    if turn.hidden or cup is None or not turn.throws or len(turn.aside) + len(cup) != 3:
        return None
    dice = tuple(sorted(turn.aside + cup))
    on_hand = not turn.aside  # all three dice from the last throw
    outcome = Outcome(dice=dice, throws=turn.throws, on_hand=on_hand)
    return evaluate(view.rules, outcome).label(lang)


def round_standing(view: View, lang: str) -> str | None:
    """Who is losing the round so far and what has to be beaten: the lowest of the
    results the viewer has seen (results still under a cup are not counted)."""
    seen: list[tuple[int, Outcome]] = []
    covered = 0
    for seat in view.round_order:
        t = view.turn_of(seat)
        if t is None or not t.done:
            continue
        if t.result is None:
            covered += 1
        else:
            seen.append((seat, t.result))
    if not seen:
        return None
    worst_seat, worst = seen[rank(view.rules, [o for _, o in seen])[-1]]
    text = say(
        lang,
        "standing",
        name=view.names[worst_seat],
        label=evaluate(view.rules, worst).label(lang),
    )
    if covered:
        text += say(lang, "standing.covered", n=covered)
    return text


def showdown_panel(view: View, lang: str, deckel: str | None = None) -> RenderableType:
    """The last showdown, best first, and who received how many Deckel: ``deckel`` is
    that sentence as :class:`schock.narrate.Chronicle` tells it (the browser table's
    words, with where a Schock Aus's Deckel came from); without it a shorter one."""
    sd = view.last_showdown
    title = Text(say(lang, "showdown.title"), style="bold underline")
    if sd is None:
        return Group(title, Text(say(lang, "showdown.none"), style="dim"))
    results = dict(sd.results)
    dg = view.last_deckel
    lines: list[RenderableType] = [title]
    for place, seat in enumerate(sd.ranking, start=1):
        o = results[seat]
        e = evaluate(view.rules, o)
        style = ""
        if dg is not None and seat == dg.loser:
            style = LOSER_STYLE
        elif place == 1:
            style = WINNER_STYLE
        lines.append(
            Text(
                f"{place}. {view.names[seat]}: {e.label(lang)} ({throws_text(lang, o.throws)})",
                style=style,
            )
        )
    if dg is not None and deckel is not None:
        lines.append(Text("→ " + deckel, style="bold"))
    elif dg is not None:
        loser = view.names[dg.loser]
        to_you = "@you" if is_you(loser) else ""
        if dg.all_deckel:
            best = evaluate(view.rules, results[sd.ranking[0]]).label(lang)
            text = say(lang, "deckel.all" + to_you, label=best, loser=loser)
        elif dg.giver is None:
            text = say(lang, "deckel.stock" + to_you, loser=loser, count=dg.count)
        else:
            giver = view.names[dg.giver]
            key = "deckel.player" + (to_you or (".giver@you" if is_you(giver) else ""))
            text = say(lang, key, giver=giver, loser=loser, count=dg.count)
        lines.append(Text("→ " + text, style="bold"))
    return Group(*lines)


def is_you(name: str) -> bool:
    """Whether a seat is the one called "Du"/"You" (the default human): told in the second
    person ("Du hast das Spiel verloren", "Du bekommst 5 Deckel").

    >>> is_you("Du"), is_you("You"), is_you("Anna")
    (True, True, False)
    """
    return name in YOU


def status_line(view: View, players: Sequence[Player], lang: str) -> Text:
    """Whose turn it is, or how the game ended."""
    if view.loser is not None:
        key = "over.durchmarsch" if view.durchmarsch else "over.lost"
        name = view.names[view.loser]
        return Text(say(lang, key + ("@you" if is_you(name) else ""), name=name), style=LOSER_STYLE)
    actor = view.actor
    if actor is None:  # pragma: no cover - only when the game is over
        return Text("")
    name = view.names[actor]
    if view.phase == "einkaufen":
        return Text(say(lang, "turn.einkaufen", name=name), style=ACTOR_STYLE)
    text = say(lang, "turn.bot" if players[actor].bot else ("turn@you" if is_you(name) else "turn"),
               name=name)
    if view.phase == "loading" and view.opening_round:
        # one throw for everybody, as if at once: each throws his own cup in turn here
        text += say(lang, "turn.opening" if players[actor].bot is None else "turn.opening.bot")
    elif view.phase == "loading":
        text += say(lang, "turn.loading")
    if actor == view.round_starter and view.throw_limit is None and not view.opening_round:
        turn = view.turn_of(actor)
        if turn is not None and not turn.done:
            text += say(lang, "turn.first")
    return Text(text, style=ACTOR_STYLE)


def illegal_text(exc: IllegalActionError, rules: Rules, lang: str) -> str:
    """The message for a move the rules forbid, naming the rule and the rules field.

    >>> from schock import load_rules
    >>> from schock.messages import Msg
    >>> e = IllegalActionError(Msg("set_aside.ones", {"rules": "porz", "bad": [4, 5]}),
    ...                        rule="docs/rules.md, A turn 2: setting dice aside", field="set_aside")
    >>> print(illegal_text(e, load_rules("porz"), "de"))
    Nicht erlaubt: Bei porz dürfen nur Einsen herausgelegt werden, nicht 4 und 5 · Regeln: Ein Zug, 2. Herauslegen · Hier gilt: Herauslegen: nur Einsen
    >>> print(illegal_text(e, load_rules("porz"), "en"))
    Not allowed: may set aside only 1s under porz, not [4, 5] · rule: docs/rules.md, A turn 2: setting dice aside · rules field: set_aside = ones (which dice may be set aside between throws)
    """
    parts = [say(lang, "illegal", reason=exc.message(lang))]
    if exc.rule:
        parts.append(say(lang, "illegal.rule", rule=rule_label(exc.rule, lang)))
    if exc.field:
        try:
            label = field_label(exc.field, lang)
            raw = getattr(rules, exc.field)
            value = display_value(raw) if lang == "en" else value_label(exc.field, raw, lang)
        except (KeyError, AttributeError):
            label, value = exc.field, "?"
        parts.append(say(lang, "illegal.field", label=label, field=exc.field, value=value))
    return " · ".join(parts)


def display_value(value: object) -> str:
    """A rules value as rule files write it (``true``, ``ones``, ``3``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def key_bar(keys: Sequence[tuple[str, str]]) -> Text:
    """Keys and what they do, on one line."""
    out = Text()
    for i, (key, what) in enumerate(keys):
        if i:
            out.append("  ")
        out.append(f" {key} ", style="reverse bold")
        out.append(" " + what)
    return out
