"""What the scorekeeper types: a revealed :class:`Result`, engine actions one by
one, and their text forms (``parse_entry``, ``parse_step``, ``parse_result``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from schock.dice import Outcome, check_dice, format_dice, parse_dice, small_int
from schock.engine.actions import (
    Action,
    BlindAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    ThrowAction,
    TurnSixesAction,
    format_action,
    parse_action,
)
from schock.errors import (
    InvalidInputError,
    NotationError,
)
from schock.errors import short_repr as _short
from schock.i18n import Count
from schock.keep.words import (
    FILLER,
    R_COMPOSED,
    R_SIXES,
    KeepMsg,
    _fail,
)
from schock.messages import Msg
from schock.results import Kind


@dataclass(frozen=True, slots=True)
class Result:
    """A player's result as revealed at the table.

    ``kept``: the dice of the result that were set aside before the last throw
    (empty: auf die Hand); ``turned``: how many of the kept 1s were made by
    Sechsen drehen; ``claim``: the kind the table calls it, if said (checked).
    """

    dice: tuple[int, ...]
    throws: int = 1
    kept: tuple[int, ...] = ()
    turned: int = 0
    blind: bool = False
    claim: Kind | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", check_dice(self.dice, count=3))
        object.__setattr__(self, "kept", check_dice(self.kept, count=None))
        t = self.throws
        if t.__class__ is not int or not 1 <= t <= 9:
            raise InvalidInputError(KeepMsg("keep.result_throws", {"got": _short(t)}))
        if self.turned.__class__ is not int or self.turned not in (0, 1, 2):
            raise InvalidInputError(KeepMsg("keep.result_turned", {"got": _short(self.turned)}))
        if not isinstance(self.blind, bool):
            raise InvalidInputError(f"blind must be true or false, got {_short(self.blind)}")
        if self.claim is not None and not isinstance(self.claim, Kind):
            raise InvalidInputError(f"claim must be a Kind or None, got {_short(self.claim)}")
        left = list(self.dice)
        for v in self.kept:
            if v not in left:
                raise InvalidInputError(
                    KeepMsg("keep.kept_not_in", {"kept": list(self.kept), "dice": list(self.dice)})
                )
            left.remove(v)
        if self.turned > self.kept.count(1):
            raise _fail("keep.turned_ones", R_SIXES, turned=Count("turned_ones", self.turned),
                        kept=list(self.kept))
        if len(self.kept) > 2:
            raise _fail("keep.kept_all", R_COMPOSED)
        if self.throws == 1 and self.kept:
            raise _fail("keep.one_throw_hand", R_COMPOSED)

    @property
    def on_hand(self) -> bool:
        return not self.kept

    @property
    def last(self) -> tuple[int, ...]:
        """The dice of the last throw (the result without the kept dice)."""
        left = list(self.dice)
        for v in self.kept:
            left.remove(v)
        return tuple(left)

    def outcome(self) -> Outcome:
        return Outcome(self.dice, self.throws, self.on_hand)

    def first_throw(self) -> tuple[int, ...]:
        """The first throw this result needs (see :func:`result_actions`)."""
        first = result_actions(self, first=True, loaded=False)[0]
        assert isinstance(first, ThrowAction) and first.dice is not None
        return first.dice

    def to_text(self) -> str:
        """The entry text, e.g. ``result 1-1-4 2 kept 1-1``.

        >>> Result((4, 1, 1), 3, kept=(1, 1), turned=1).to_text()
        'result 1-1-4 3 kept 1-1 turned 1'
        >>> parse_entry("0 " + _).__eq__((0, Result((1, 1, 4), 3, (1, 1), 1)))
        True
        """
        parts = ["result", format_dice(self.dice), str(self.throws)]
        if self.kept:
            parts += ["kept", format_dice(self.kept)]
        if self.turned:
            parts += ["turned", str(self.turned)]
        if self.blind:
            parts.append("blind")
        if self.claim is not None:
            parts += ["as", self.claim.value]
        return " ".join(parts)


Entry = Result | Action


def format_entry(seat: int, entry: Entry) -> str:
    """``"<seat> result ..."`` or an engine action as in a record."""
    if isinstance(entry, Result):
        return f"{seat} {entry.to_text()}"
    return format_action(seat, entry)


def parse_entry(text: str) -> tuple[int, Entry]:
    """Read an entry: ``"0 result 1-1-4 2 kept 1-1 [turned N] [blind] [as KIND]"`` or a
    record action such as ``"1 throw 2-3-5"``.

    >>> parse_entry("1 result 6-5-4 1 as strasse")
    (1, Result(dice=(4, 5, 6), throws=1, kept=(), turned=0, blind=False, claim=<Kind.STRASSE: 'strasse'>))
    >>> parse_entry("0 result 1-1 2")
    Traceback (most recent call last):
    ...
    schock.errors.NotationError: need 3 dice, got 2 in '0 result 1-1 2'
    """
    if not isinstance(text, str):
        raise NotationError(f"an entry is text, got {_short(text)}")
    parts = text.split()
    if len(parts) < 2 or parts[1] != "result":
        return parse_action(text)
    seat = small_int(parts[0], max_digits=2)
    if seat is None:
        raise NotationError(KeepMsg("keep.bad_seat", {"got": parts[0][:20]}), text=text)
    args = parts[2:]
    try:
        return seat, parse_result(args)
    except NotationError as exc:
        reason = exc.msg if exc.msg is not None else exc.args[0].split(" in '")[0]
        raise NotationError(reason, text=text) from None
    except InvalidInputError as exc:
        raise NotationError(exc.msg if exc.msg is not None else str(exc), text=text) from None


def parse_result(args: list[str]) -> Result:
    """A result from the words after ``result``: ``["1-1-4", "2", "kept", "1-1"]``."""
    if len(args) < 2:
        raise NotationError(KeepMsg("keep.result_form"))
    dice = parse_dice(args[0], count=3)
    throws = small_int(args[1], max_digits=1)
    if throws is None:
        raise NotationError(Msg("notation.throw_count", {"n": args[1][:20]}))
    kept: tuple[int, ...] = ()
    turned = 0
    blind = False
    claim: Kind | None = None
    rest = args[2:]
    while rest:
        word = rest.pop(0)
        if word == "blind":
            blind = True
        elif word in ("kept", "turned", "as") and rest:
            arg = rest.pop(0)
            if word == "kept":
                kept = parse_dice(arg, count=None)
            elif word == "turned":
                n = small_int(arg, max_digits=1)
                if n is None:
                    raise NotationError(KeepMsg("keep.turned_count", {"text": arg[:20]}))
                turned = n
            else:
                try:
                    claim = Kind(arg)
                except ValueError:
                    raise NotationError(KeepMsg("keep.kind", {
                        "text": arg[:20], "allowed": ", ".join(k.value for k in Kind)})) from None
        else:
            raise NotationError(KeepMsg("keep.unexpected", {"text": word[:20]}))
    return Result(dice, throws, kept, turned, blind, claim)


#: German words of a turn step (the terminal's ``schock keep`` and the web page ``/keep``)
#: and the record verb each stands for.
STEP_WORDS = {
    "wurf": "throw",
    "werfen": "throw",
    "heben": "lift",
    "raus": "aside",
    "herauslegen": "aside",
    "zurück": "back",
    "zurücknehmen": "back",
    "drehen": "turn",
    "steht": "stop",
    "stehen": "stop",
    "blind": "blind",
}
#: German words inside a result line (``1-1-4 2 raus 1-1 gedreht 1 als schock``).
RESULT_WORDS = {"raus": "kept", "gedreht": "turned", "als": "as"}
STEP_VERBS = ("throw", "lift", "aside", "back", "turn", "stop", "blind")
_DICE = r"[1-6](-[1-6]){0,2}"
#: Per turn step: how it is typed (shown when it is typed otherwise) and what may follow.
STEP_FORMS = {
    "throw": ("wurf 1-1-4", _DICE),
    "lift": ("heben", ""),
    "aside": ("raus 1-1", _DICE),
    "back": ("zurück 1", _DICE),
    "turn": ("drehen 1 / drehen 2", "[12]"),
    "stop": ("steht", ""),
    "blind": ("blind", ""),
}


def entry_words(line: str) -> list[str]:
    """The words of a typed entry, German words as record words: the first word as a
    turn step (``raus 1-1`` sets aside), the later ones as parts of a result line.

    >>> entry_words("Raus 1-1"), entry_words("1-1-4 2 raus 1-1"), entry_words(" wurf  4 ")
    (['aside', '1-1'], ['1-1-4', '2', 'kept', '1-1'], ['throw', '4'])
    """
    words = [w.lower() for w in line.split()]
    if not words:
        return []
    return [STEP_WORDS.get(words[0], words[0])] + [RESULT_WORDS.get(w, w) for w in words[1:]]


def parse_step(line: str) -> Action:
    """A turn step as typed, in German or in record words: ``wurf 1-1-4``, ``heben``,
    ``raus 1-1``, ``zurück 1``, ``drehen 1``, ``steht``, ``blind`` (or ``throw 1-1-4`` ...).

    >>> parse_step("wurf 1-1-4"), parse_step("steht")
    (ThrowAction(dice=(1, 1, 4)), StopAction())
    >>> parse_step("würfeln 4")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: unknown step 'würfeln'; allowed: wurf 1-1-4, heben, raus 1-1, zurück 1, drehen 1, steht, blind
    """
    words = entry_words(line)
    if not words or words[0] not in STEP_VERBS:
        raise InvalidInputError(KeepMsg("keep.step_unknown", {"word": (words or [""])[0][:20]}))
    form, pattern = STEP_FORMS[words[0]]
    if re.fullmatch(pattern, " ".join(words[1:])) is None:
        typed = line.split()[0].lower()[:20]
        raise InvalidInputError(KeepMsg("keep.step_form", {"word": typed, "form": form}))
    return parse_action("0 " + " ".join(words))[1]


def result_actions(res: Result, *, first: bool, loaded: bool) -> list[Action]:
    """The engine actions a revealed result stands for, in order.

    ``first``: the round's first player (lifts his cup to decide); ``loaded``:
    the first throw was already thrown with the others (laden) and is not part
    of the list.

    >>> for a in result_actions(Result((1, 1, 4), 3, kept=(1, 1), turned=1), first=True, loaded=False):
    ...     print(format_action(0, a))
    0 throw 1-6-6
    0 lift
    0 aside 1
    0 turn 1
    0 throw 2
    0 throw 4
    0 stop
    """
    return [a for a, _ in _result_plan(res, first=first, loaded=loaded)]


def _result_plan(res: Result, *, first: bool, loaded: bool) -> list[tuple[Action, int]]:
    """:func:`result_actions`, each with how many of its dice are placeholders."""
    k, t = res.throws, res.turned
    if k == 1:
        head: list[tuple[Action, int]] = [] if loaded else [(ThrowAction(res.dice), 0)]
        return [*head, (BlindAction() if res.blind else StopAction(), 0)]
    thrown = list(res.kept)  # the kept dice that were thrown as they are
    for _ in range(t):
        thrown.remove(1)
    sixes = (6,) * (t + 1) if t else ()
    # Turning sixes sends the other 6 of that throw back into the cup, so a kept 6
    # cannot share a throw with the two turned sixes: it is kept a throw earlier.
    split = t == 1 and 6 in thrown and k >= 3
    if t == 1 and 6 in thrown and not split:
        raise _fail("keep.turn_six", R_SIXES, kept=list(res.kept), throws=k)
    steps: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []  # (thrown, aside, turn)
    if split:
        steps.append((tuple(thrown), tuple(thrown), 0))
        steps.append((sixes, (), t))
    else:
        steps.append((tuple(thrown) + sixes, tuple(thrown), t))
    out: list[tuple[Action, int]] = []
    on_table = 0
    for i, (dice, aside, turn) in enumerate(steps):
        fill = FILLER[: 3 - on_table - len(dice)]
        if not (i == 0 and loaded):
            out.append((ThrowAction(tuple(sorted(dice + fill))), len(fill)))
        if i == 0 and first:
            out.append((LiftAction(), 0))
        if aside:
            out.append((SetAsideAction(tuple(sorted(aside))), 0))
        if turn:
            out.append((TurnSixesAction(turn), 0))
        on_table += len(aside) + turn
    n = 3 - len(res.kept)
    for _ in range(len(steps) + 1, k):
        out.append((ThrowAction(FILLER[:n]), n))
    out.append((ThrowAction(res.last), 0))
    out.append((StopAction(), 0))
    return out
