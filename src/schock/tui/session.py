"""The game behind the screen: who sits where, bots, keys to actions, the record.

Nothing here knows Textual, so all of it is tested directly.

>>> from schock import load_rules
>>> s = Session.new(load_rules("porz"), [Player("Anna"), Player("Ben", "heuristic")], seed=7)
>>> s.step()              # porz opens with a round everybody throws at once: Anna her own dice
'human'
>>> s.run_until_human()
>>> s.step(), s.viewer() == s.game.actor == 0, s.key_action("space")
('human', True, ThrowAction(dice=None))
>>> parse_seat("Ben=heuristic")
Player(name='Ben', bot='heuristic')
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from schock.bots import Bot, available_bots, check_seats, make_bot
from schock.bots.names import bot_names as bot_names
from schock.engine.actions import (
    Action,
    BlindAction,
    EinkaufenAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
)
from schock.engine.dice_sources import SeededDice, ThrownDice
from schock.engine.events import Event
from schock.engine.game import Game, Phase
from schock.engine.record import Record, dice_source, dumps, replay
from schock.engine.views import TurnView, View
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.narrate import account, render_text
from schock.rules import Rules

Step = Literal["over", "human", "bot", "auto"]


@dataclass(frozen=True, slots=True)
class Player:
    """A seat at the table: a human, or a bot of kind ``bot``."""

    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


def parse_seat(spec: str) -> Player:
    """``NAME`` (a human) or ``NAME=BOT`` (a bot of kind BOT, see ``available_bots()``).

    >>> parse_seat("Anna"), parse_seat(" Ben = random ")
    (Player(name='Anna', bot=None), Player(name='Ben', bot='random'))
    >>> parse_seat("Ben=genius")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: seat 'Ben=genius': unknown bot 'genius' (allowed: ...)
    """
    name, sep, kind = spec.partition("=")
    name, kind = name.strip(), kind.strip()
    if not name:
        raise InvalidInputError(Msg("input.seat_name", {"spec": spec}))
    if not sep:
        return Player(name)
    check_bot(kind, where=Msg("input.seat", {"spec": spec}))
    return Player(name, kind)


def check_bot(kind: str, *, where: str | Msg) -> None:
    """Raise :class:`InvalidInputError` unless ``kind`` is a known bot."""
    known = available_bots()
    if kind not in known:
        allowed = ", ".join(sorted(known))
        raise InvalidInputError(
            Msg("input.unknown_bot", {"where": where, "kind": kind, "allowed": allowed})
        )


def bot_kind_of(name: str) -> str | None:
    """The bot kind a seat name was made from (``heuristic``, ``heuristic 2``), or None.

    >>> bot_kind_of("heuristic 2"), bot_kind_of("Anna")
    ('heuristic', None)
    """
    m = re.fullmatch(r"(.+?)(?: \d+)?", name)
    assert m is not None
    kind = m.group(1)
    return kind if kind in available_bots() else None


def recorded_players(record: Record) -> list[Player]:
    """Who played each seat of ``record``: its bot kinds where it keeps them
    (``seats[i].bot``), else a seat named after a bot kind is that bot."""
    if record.bots:
        return [Player(s.name, b) for s, b in zip(record.seats, record.bots, strict=True)]
    return [Player(s.name, bot_kind_of(s.name)) for s in record.seats]


def default_bot() -> str:
    """The bot that fills empty seats: ``heuristic`` where there is one."""
    known = available_bots()
    return "heuristic" if "heuristic" in known else known[0]


@dataclass(frozen=True, slots=True)
class Slot:
    """One of the three dice of a turn as shown: its value (None: under the cup),
    whether it is set aside, and whether it is a 1 made by turning sixes."""

    value: int | None
    aside: bool
    turned: bool = False


def slots(turn: TurnView) -> list[Slot]:
    """A turn's dice in the order the screen numbers them (keys 1, 2, 3).

    Sorted by value, a die on the table before an equal die in the cup, dice
    under the cup last; so setting a die aside or taking it back does not
    move any die to another number.

    >>> from schock.engine.views import TurnView
    >>> tv = TurnView(seat=0, throws=2, aside=(1,), turned=0, cup=(1, 4), hidden=0,
    ...               history=(), done=False, result=None, must_throw=False, looked=True)
    >>> [(s.value, s.aside) for s in slots(tv)]
    [(1, True), (1, False), (4, False)]
    """
    out = [Slot(v, True, i < turn.turned) for i, v in enumerate(turn.aside)]
    out += [Slot(v, False) for v in turn.cup or ()]
    out.sort(key=lambda s: (s.value or 0, not s.aside))
    out += [Slot(None, False)] * turn.hidden
    return out


@dataclass(frozen=True, slots=True)
class Plan:
    """How to make a solver's move with the keys: the keys in order, and which of
    the turn's dice (indices of :func:`slots` before the keys) lie on the table after it."""

    keys: tuple[str, ...]
    kept: frozenset[int]


def move_plan(turn: TurnView, stop: bool, keep: Sequence[int], turn_ones: int = 0) -> Plan:
    """The keys that make a move (stop; or turn ``turn_ones`` sixes, leave ``keep`` on
    the table and throw again), for dice numbered as :func:`slots` numbers them.

    >>> from schock.engine.views import TurnView
    >>> tv = TurnView(seat=0, throws=1, aside=(), turned=0, cup=(1, 5, 1), hidden=0,
    ...               history=(), done=False, result=None, must_throw=False, looked=True)
    >>> move_plan(tv, False, (1, 1))
    Plan(keys=('1', '2', 'space'), kept=frozenset({0, 1}))
    >>> move_plan(tv, True, ()).keys
    ('s',)
    >>> six = TurnView(seat=0, throws=1, aside=(), turned=0, cup=(6, 6, 3), hidden=0,
    ...                history=(), done=False, result=None, must_throw=False, looked=True)
    >>> move_plan(six, False, (1,), 1).keys
    ('d', 'space')
    """
    before = slots(turn)
    if stop:
        return Plan(("s",), frozenset(i for i, s in enumerate(before) if s.aside))
    keys: list[str] = []
    kept: set[int] = set()
    shown = before
    if turn_ones:
        keys.append("D" if turn_ones == 2 else "d")
        sixes = [i for i, s in enumerate(before) if s.value == 6 and not s.aside]
        kept.update(sixes[: turn_ones + 1])  # the sixes turned into 1s
        cup = list(turn.cup or ())
        for _ in range(turn_ones + 1):
            cup.remove(6)
        after = dataclasses.replace(
            turn, aside=(1,) * turn_ones + turn.aside, turned=turn.turned + turn_ones, cup=tuple(cup)
        )
        shown = slots(after)
    have = Counter([s.value for s in shown if s.aside and s.value is not None])
    want = Counter(keep)
    back: set[int] = set()
    for value in sorted((have - want).elements()):
        i = _find(shown, value, aside=True, skip=back)
        back.add(i)
    aside: set[int] = set()
    for value in sorted((want - have).elements()):
        i = _find(shown, value, aside=False, skip=aside)
        aside.add(i)
        keys.append(str(i + 1))
        kept.add(_find(before, value, aside=False, skip=kept))
    keys += [str(i + 1) for i in sorted(back)]
    keys.append("space")
    gone = Counter([shown[i].value for i in back])
    for i, s in enumerate(before):
        if s.aside and not gone[s.value]:
            kept.add(i)
        elif s.aside:
            gone[s.value] -= 1
    return Plan(tuple(keys), frozenset(kept))


def _find(shown: Sequence[Slot], value: int, *, aside: bool, skip: set[int]) -> int:
    """The first die of ``value`` on the table (``aside``) or in the cup, not in ``skip``."""
    for i, s in enumerate(shown):
        if s.value == value and s.aside == aside and i not in skip and not (aside and s.turned):
            return i
    raise ValueError(f"no die {value} {'on the table' if aside else 'in the cup'}")


#: Keys and the actions they stand for (the dice keys 1, 2, 3 depend on the dice).
KEY_ACTIONS: dict[str, Action] = {
    "space": ThrowAction(),
    "w": ThrowAction(),
    "a": LiftAction(),
    "l": LiftAction(),
    "s": StopAction(),
    "b": BlindAction(),
    "d": TurnSixesAction(1),
    "D": TurnSixesAction(2),
    "shift+d": TurnSixesAction(2),
    "j": EinkaufenAction(True),
    "y": EinkaufenAction(True),
    "n": EinkaufenAction(False),
}
DICE_KEYS = ("1", "2", "3")


class NoSuchDie(Exception):
    """A dice key for a die that is not there (or still under the cup)."""

    def __init__(self, number: int, hidden: bool) -> None:
        super().__init__(number)
        self.number = number
        self.hidden = hidden


class Session:
    """A game with its players: the bots act through :meth:`step` and
    :meth:`bot_act`, the humans through :meth:`act`."""

    def __init__(self, game: Game, players: Sequence[Player], *, seed: int | None = None) -> None:
        names = [s.name for s in game.seats]
        if [p.name for p in players] != names:
            raise InvalidInputError(
                f"need one player per seat, in seat order: {names}, got {[p.name for p in players]}"
            )
        self.game = game
        self.players = tuple(players)
        self.bots: dict[int, Bot] = {}
        for seat, p in enumerate(self.players):
            if p.bot is not None:
                check_seats(p.bot, len(self.players))
                self.bots[seat] = make_bot(p.bot, seed=None if seed is None else seed + seat + 1)
        self.humans = tuple(s for s, p in enumerate(self.players) if p.human)

    @classmethod
    def new(cls, rules: Rules, players: Sequence[Player], *, seed: int) -> Session:
        """A new game of ``players`` with seeded dice; its record keeps only the dice
        thrown, never the seed (see :class:`~schock.engine.dice_sources.ThrownDice`)."""
        dice = ThrownDice(SeededDice(seed))
        game = Game(rules, seats=[p.name for p in players], dice=dice)
        return cls(game, players, seed=seed)

    @classmethod
    def resume(
        cls,
        record: Record,
        players: Sequence[Player] | None = None,
        *,
        seed: int | None = None,
    ) -> Session:
        """The game of ``record``, replayed to where it stopped; the dice still to
        come are new, from ``seed`` (default: a fresh secret one), after any dice
        a scripted record still holds. Without ``players``, the record's bots play
        their seats (else a seat named after a bot kind is that bot), the others
        are human."""
        dice = ThrownDice(dice_source(record.dice))
        game = replay(record, dice=dice)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        dice.continue_with(SeededDice(seed))
        if players is None:
            players = recorded_players(record)
        return cls(game, players, seed=seed)

    def rematch(self, *, seed: int | None = None) -> Session:
        """A new game of the same players and rules after this one is over: the
        loser starts it (docs/rules.md, Who starts: the loser of the previous game).

        >>> from schock import load_rules
        >>> s = Session.new(load_rules("porz").replace(deckel=1),
        ...                 [Player("Anna", "random"), Player("Ben", "random")], seed=3)
        >>> s.run_until_human()
        >>> again = s.rematch(seed=4)
        >>> again.game.starter == s.game.loser, again.game.over, again.players == s.players
        (True, False, True)
        """
        g = self.game
        if not g.over or g.loser is None:
            raise InvalidInputError("a rematch follows a game that is over")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        game = Game(g.rules, seats=g.seats, dice=ThrownDice(SeededDice(seed)), starter=g.loser)
        return Session(game, self.players, seed=seed)

    # ------------------------------------------------------------------ whose move
    def step(self) -> Step:
        """What comes next: the game is ``over``, a ``human`` or a ``bot`` acts,
        or an ``auto`` move (a bot's roll-off or loading throw, a forced stop unseen).
        A human's roll-off and loading throws are his own: ``human``."""
        g = self.game
        if g.over:
            return "over"
        actor = g.actor
        if g.phase is Phase.ROLL_OFF or g.phase is Phase.LOADING:
            # a human throws his own dice (a key press); a bot's are thrown for it
            return "human" if actor is not None and actor not in self.bots else "auto"
        assert actor is not None
        if actor in self.bots:
            return "bot"
        if g.phase is Phase.TURN:
            legal = g.legal_actions()
            if legal == [StopAction()]:
                me = g.view(actor).turn_of(actor)
                if me is not None and not me.looked:
                    return "auto"  # a loaded throw under the cup in a one-throw round
        return "human"

    def auto(self) -> Event:
        """Make the move nobody has to decide (see :meth:`step`)."""
        g = self.game
        if g.phase is Phase.TURN:
            return g.stop()
        return g.throw()

    def bot_act(self) -> Event:
        """The bot whose turn it is acts once."""
        g = self.game
        actor = g.actor
        assert actor is not None
        return g.apply(actor, self.bots[actor].act(g.view(actor)))

    def act(self, action: Action) -> Event:
        """The human whose turn it is acts (raises IllegalActionError if the state forbids it)."""
        g = self.game
        actor = g.actor
        assert actor is not None
        return g.apply(actor, action)

    def run_until_human(self) -> None:
        """Let bots and forced moves play until a human has to act (or the game is over)."""
        while True:
            step = self.step()
            if step == "auto":
                self.auto()
            elif step == "bot":
                self.bot_act()
            else:
                return

    # ------------------------------------------------------------------ what the screen shows
    def viewer(self) -> int | None:
        """Whose eyes the screen shows: the human to move; with one human always
        him; else (bots to move at a table of several humans) a spectator's."""
        actor = self.game.actor
        if actor is not None and actor not in self.bots:
            return actor
        if len(self.humans) == 1:
            return self.humans[0]
        return None

    def view(self) -> View:
        return self.game.view(self.viewer())

    def key_action(self, key: str) -> Action | None:
        """The action a key stands for now, or None for a key without one.

        Dice keys raise :class:`NoSuchDie` when that die is not there.
        """
        if key in KEY_ACTIONS:
            return KEY_ACTIONS[key]
        if key not in DICE_KEYS:
            return None
        n = int(key)
        g = self.game
        actor = g.actor
        turn = g.view(actor).turn_of(actor) if actor is not None else None
        shown = slots(turn) if turn is not None else []
        if n > len(shown):
            raise NoSuchDie(n, hidden=False)
        slot = shown[n - 1]
        if slot.value is None:
            raise NoSuchDie(n, hidden=True)
        if slot.aside:
            return TakeBackAction((slot.value,))
        return SetAsideAction((slot.value,))

    def record_text(self) -> str:
        """The game record so far (see :mod:`schock.engine.record`)."""
        return dumps(self.game, bots=[p.bot for p in self.players])


def log_lines(game: Game, lang: str = "de", viewer: int | None = None) -> list[str]:
    """The game told in the words of :mod:`schock.narrate`, without the title;
    with ``viewer`` told to that seat in the second person ("Du bekommst ...").

    A round still under way shows only its head (who starts, the limit):
    its throws are told once the showdown has revealed every cup.
    """
    data = account(game)
    for half in data["halves"]:
        for r in half["rounds"]:
            if r["showdown"] is None:
                r["turns"] = []  # still under way: what the cups hide is not told yet
    lines = render_text(data, lang, viewer).rstrip("\n").split("\n")
    cut = len(lines) - 1 - lines[::-1].index("")  # the closing summary follows the last blank
    body = [_halve_indent(line) for line in lines[2:cut] if line]
    return body + (lines[cut + 1 :] if game.over else [])


def _halve_indent(line: str) -> str:
    """Half the indentation: the log is a narrow column.

    >>> _halve_indent("    Anna: 1-1-4")
    '  Anna: 1-1-4'
    """
    text = line.lstrip(" ")
    return " " * ((len(line) - len(text)) // 2) + text
