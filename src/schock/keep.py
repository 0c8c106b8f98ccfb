"""Scorekeeping a game at a real table: the engine checks every entry.

The dice are real (:class:`~schock.engine.TableDice`); the scorekeeper types
what the table does, one **entry** at a time:

* a :class:`Result` as it is revealed: the three faces, the number of throws,
  auf die Hand or composed (which dice were kept on the table before the last
  throw, how many of the kept 1s were made by Sechsen drehen), blind;
* or, when the table wants every throw checked, the engine's own actions one
  by one (``throw 1-1-4``, ``lift``, ``aside 1-1``, ``stop`` ... as in a record);
* roll-off dice and Einkaufen answers (engine actions as well);
* a Strafdeckel (a die or cup fell off the table) and a void throw
  (Türmchen, Kippe) where the rules have them.

**From a revealed result to engine actions** (:func:`result_actions`). A
revealed result does not show the dice that were thrown and picked up again,
so the keeper writes for them the placeholder faces :data:`FILLER` (2, 4, 5:
no 1, no 6, so they never make a Schock or a Sechsen drehen). What the rules
need to tell results apart is asked for and checked: the throw count (the
round's limit), auf die Hand or composed (Straße and General need the hand in
most presets; under ``set_aside = "ones"`` only 1s can be kept), the 1s made
by turning sixes (they need two 6s in one throw and a throw left), blind. A
kept die is set aside after the first throw; where it was kept later the
result, its worth and its legality are the same.

Every entry is checked by rebuilding the game from all entries (an entry the
rules forbid raises :class:`~schock.errors.IllegalActionError` naming the
rule, in German and English, and changes nothing). Undo drops the last entry
and rebuilds. The finished game's record (:mod:`schock.engine.record`) is the
proof; ``schock replay`` tells it.

>>> from schock import load_rules
>>> k = Scorekeeper(load_rules("porz"), ["Anna", "Ben"], starter=0)
>>> k.result(0, (1, 1, 4), throws=2, kept=(1, 1))
>>> k.game.throw_limit
2
>>> k.result(1, (4, 5, 6), throws=3)
Traceback (most recent call last):
...
schock.errors.IllegalActionError: Ben may throw at most 2 times: the round's first player set the limit at 2 (rule: docs/rules.md, A turn 1: the round's throw limit)
>>> k.result(1, (4, 5, 6), throws=2, kept=(5,))
Traceback (most recent call last):
...
schock.errors.IllegalActionError: may set aside only 1s under porz, not [5] (rule: docs/rules.md, A turn 2: setting dice aside; rules field: set_aside)
>>> k.result(1, (4, 5, 6), throws=2)
>>> k.game.deckel, k.game.stock
((0, 4), 9)
>>> k.undo()[0], k.game.stock
(1, 13)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from schock.dice import Outcome, check_dice, format_dice, parse_dice, small_int
from schock.engine import Game, Phase, Seat, TableDice
from schock.engine.actions import (
    Action,
    BlindAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    StrafdeckelAction,
    ThrowAction,
    TurnSixesAction,
    VoidThrowAction,
    format_action,
    parse_action,
)
from schock.engine.record import rules_from_json, rules_to_json, to_json
from schock.errors import (
    IllegalActionError,
    InvalidInputError,
    NotationError,
    RecordError,
    SchockError,
)
from schock.errors import short_repr as _short
from schock.i18n import Count
from schock.messages import Msg, _show, rule_label
from schock.results import Kind
from schock.rules import Rules

FORMAT = "schock-keep"
VERSION = 1
#: The faces written for dice that were thrown and picked up again (not part of the result).
FILLER = (2, 4, 5)
MAX_ENTRIES = 5000

R_LIMIT = "docs/rules.md, A turn 1: the round's throw limit"
R_SIXES = "docs/rules.md, A turn 3: Sechsen drehen"
R_COMPOSED = "docs/rules.md, A turn 5: composed results"
R_BLIND = "docs/rules.md, Blind"
R_OPENING = "docs/rules.md, Opening round"
R_LADEN = "docs/rules.md, Simultaneous first throw (laden)"

_MESSAGES = {
    "en": {
        "keep.max_throws": "{name} may throw at most {cap} times under {rules}, not {throws}",
        "keep.over_limit": (
            "{name} may throw at most {cap} times: the round's first player set the limit at {cap}"
        ),
        "keep.one_throw_hand": "a result of one throw is auf die Hand: nothing can be kept",
        "keep.kept_all": "at least one die comes from the last throw: keep at most 2 dice",
        "keep.turned_ones": "{turned}: as many 1s must be among the dice kept (kept: {kept})",
        "keep.blind_one": "a blind round is one throw: {name} cannot have {throws} throws",
        "keep.opening": "the opening round is one throw each, auf die Hand",
        "keep.claim": (
            "{dice} {how} {throws} counts as {kind} under {rules}, not as {claim}"
        ),
        "keep.mid_turn": (
            "{name} has already thrown in this turn: go on throw by throw "
            "(throw, aside, stop ...) or undo"
        ),
        "keep.pending": (
            "the first throws of this round are under the cups (laden): "
            "enter the results of the round in order first ({left} left) or undo"
        ),
        "keep.turn_six": (
            "kept {kept} with one 1 made by turning two 6s takes at least 3 throws, not {throws}: "
            "the third 6 of the turning throw goes back into the cup"
        ),
        "keep.hand": "thrown auf die Hand",
        "keep.composed": "composed",
        "keep.nothing_to_undo": "nothing to undo: no entry yet",
        "keep.result_form": (
            "a result needs its dice and its throw count, e.g. '1-1-4 2' (or '1-1-4 2 kept 1-1')"
        ),
        "keep.turned_count": "bad number of turned 1s {text!r} (allowed: 0 to 2)",
        "keep.kind": "unknown kind {text!r} (allowed: {allowed})",
        "keep.unexpected": "unexpected {text!r} (allowed: kept DICE, turned N, blind, as KIND)",
        "keep.step_unknown": (
            "unknown step {word!r}; allowed: wurf 1-1-4, heben, raus 1-1, zurück 1, drehen 1, steht, blind"
        ),
        # issue 27 item 6 (cli27): every refusal of an entry in the table's language
        "keep.step_form": "{word!r} is entered as {form}",
        "keep.result_throws": "throws must be a whole number from 1 to 9, got {got}",
        "keep.result_turned": "turned must be 0, 1 or 2, got {got}",
        "keep.kept_not_in": "the kept dice {kept} are not all among the result {dice}",
        "keepfile.object": "a kept game is a JSON object",
        "keep.bad_seat": "bad seat {got!r} (allowed: a seat number from 0)",
        "keepfile.table_dice": (
            "dice: only a record of a game at a real table (dice source 'table') can be kept on"
        ),
        "keepfile.format": "format: expected 'schock-keep' or 'schock-record', got {got}",
        "keepfile.version": "version: this schock reads version {version}, got {got}",
        "keepfile.keys": "unknown keys {keys}; allowed: {allowed}",
        "keepfile.seats": "seats: expected a list of {{'name': ...}}",
        "keepfile.seat": "seats[{i}]: expected {{'name': ..., 'age': ...}}",
        "keepfile.at": "{where}: {reason}",
        "keepfile.starter": "starter: expected a seat number or null, got {got}",
        "keepfile.entries": 'entries: expected a list of strings like "0 result 1-1-4 2 kept 1-1"',
        "keepfile.too_many": "entries: at most {most}, got {n}",
        "keepfile.start": "cannot start the game: {reason}",
    },
    "de": {
        "keep.max_throws": "{name} darf bei {rules} höchstens {cap}-mal werfen, nicht {throws}-mal",
        "keep.over_limit": (
            "{name} darf höchstens {cap}-mal werfen: Der Beginner der Runde hat {cap} vorgelegt"
        ),
        "keep.one_throw_hand": (
            "Ein Ergebnis aus einem Wurf ist auf die Hand: Da kann nichts herausgelegt sein"
        ),
        "keep.kept_all": (
            "Mindestens ein Würfel kommt aus dem letzten Wurf: höchstens 2 Würfel herauslegen"
        ),
        "keep.turned_ones": (
            "{turned}: Genauso viele Einsen müssen unter den herausgelegten Würfeln sein "
            "(herausgelegt: {kept})"
        ),
        "keep.blind_one": "Eine blinde Runde hat einen Wurf: {name} kann nicht {throws}-mal werfen",
        "keep.opening": "In der Eröffnungsrunde wirft jeder einmal, auf die Hand",
        "keep.claim": (
            "{dice} {how} {throws} zählt bei {rules} als {kind}, nicht als {claim}"
        ),
        "keep.mid_turn": (
            "{name} hat in diesem Zug schon geworfen: Wurf für Wurf weiter "
            "(werfen, herauslegen, stehen lassen ...) oder zurücknehmen"
        ),
        "keep.pending": (
            "Die ersten Würfe dieser Runde liegen unter den Bechern (laden): erst die "
            "Ergebnisse der Runde der Reihe nach eingeben (noch {left}) oder zurücknehmen"
        ),
        "keep.turn_six": (
            "{kept} herausgelegt, davon eine 1 aus zwei gedrehten 6en, braucht mindestens "
            "3 Würfe, nicht {throws}: Die dritte 6 des Drehwurfs muss zurück in den Becher"
        ),
        "keep.hand": "auf die Hand",
        "keep.composed": "zusammengesetzt",
        "keep.nothing_to_undo": "Nichts zurückzunehmen: Es gibt noch keinen Eintrag",
        "keep.result_form": (
            "Ein Ergebnis braucht seine Würfel und die Zahl der Würfe, z. B. '1-1-4 2' "
            "(oder '1-1-4 2 raus 1-1')"
        ),
        "keep.turned_count": "ungültige Zahl gedrehter Einsen {text!r} (erlaubt: 0 bis 2)",
        "keep.kind": "unbekannte Art {text!r} (erlaubt: {allowed})",
        "keep.unexpected": "unerwartet: {text!r} (erlaubt: raus WÜRFEL, gedreht N, blind, als ART)",
        "keep.step_unknown": (
            "unbekannter Schritt {word!r}; erlaubt: wurf 1-1-4, heben, raus 1-1, zurück 1, drehen 1, "
            "steht, blind"
        ),
        # issue 27 item 6 (cli27): every refusal of an entry in the table's language
        "keep.step_form": "{word!r} wird so eingegeben: {form}",
        "keep.result_throws": "Die Wurfzahl ist eine ganze Zahl von 1 bis 9, nicht {got}",
        "keep.result_turned": "Gedrehte Einsen: 0, 1 oder 2, nicht {got}",
        "keep.kept_not_in": "Die herausgelegten Würfel {kept} sind nicht alle im Ergebnis {dice}",
        "keepfile.object": "Ein mitgeschriebenes Spiel ist ein JSON-Objekt",
        "keep.bad_seat": "ungültiger Platz {got!r} (erlaubt: eine Platznummer ab 0)",
        "keepfile.table_dice": (
            "dice: nur die Aufzeichnung eines Spiels an einem echten Tisch (Würfelquelle 'table') "
            "kann weiter mitgeschrieben werden"
        ),
        "keepfile.format": "format: erwartet 'schock-keep' oder 'schock-record', nicht {got}",
        "keepfile.version": "version: dieses schock liest Version {version}, nicht {got}",
        "keepfile.keys": "unbekannte Schlüssel {keys}; erlaubt: {allowed}",
        "keepfile.seats": "seats: erwartet eine Liste von {{'name': ...}}",
        "keepfile.seat": "seats[{i}]: erwartet {{'name': ..., 'age': ...}}",
        "keepfile.at": "{where}: {reason}",
        "keepfile.starter": "starter: erwartet eine Platznummer oder null, nicht {got}",
        "keepfile.entries": 'entries: erwartet eine Liste von Texten wie "0 result 1-1-4 2 kept 1-1"',
        "keepfile.too_many": "entries: höchstens {most}, nicht {n}",
        "keepfile.start": "Das Spiel kann nicht beginnen: {reason}",
    },
}


@dataclass(frozen=True, slots=True)
class KeepMsg(Msg):
    """A message of the scorekeeper (its own catalog, next to the engine's)."""

    def text(self, lang: str = "en") -> str:
        words = _MESSAGES.get(lang, _MESSAGES["en"])
        if self.key not in words:
            return Msg.text(self, lang)
        return words[self.key].format_map({k: _show(v, lang) for k, v in self.params.items()})


def _fail(key: str, rule: str, field: str | None = None, **params: object) -> IllegalActionError:
    return IllegalActionError(KeepMsg(key, params), rule=rule, field=field)


def refusal(exc: Exception, lang: str) -> str:
    """A refusal as the table reads it: the reason and the rule, in ``lang``.

    >>> e = IllegalActionError(KeepMsg("keep.opening"), rule=R_OPENING)
    >>> refusal(e, "de")
    'In der Eröffnungsrunde wirft jeder einmal, auf die Hand (Regeln: Eröffnungsrunde)'
    """
    if isinstance(exc, IllegalActionError):
        text = exc.message(lang)
        extra = []
        if exc.rule:
            extra.append(rule_label(exc.rule, lang))
        if exc.field:
            extra.append(("Regelfeld: " if lang == "de" else "rules field: ") + exc.field)
        return text + (f" ({'; '.join(extra)})" if extra else "")
    if isinstance(exc, SchockError):
        return exc.localized(lang)
    return str(exc)


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


__all__ = [
    "FILLER",
    "Entry",
    "Expecting",
    "Result",
    "Scorekeeper",
    "format_entry",
    "from_json",
    "loads_keep",
    "parse_entry",
    "parse_result",
    "refusal",
    "result_actions",
]
