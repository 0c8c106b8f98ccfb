"""Your own turn policy in the batch path: a table file, or a Python function.

A policy answers, after each throw of a turn, "stop" or which dice stay on
the table for the next throw. It looks only at its own turn: the dice kept
for the throw, the dice thrown, the throws used and the most throws this
player may use (its *cap*: the rules' ``max_throws`` for the round's first
player, the first player's count for the others). Such a policy is a table
over every turn state, which is what the batch kernel plays, at the speed of
the built-in bots.

A **policy file** is JSON (``docs/sim.md``, "Your own policy")::

    {
      "schock_policy": 1,
      "name": "einsen",
      "otherwise": "heuristic",
      "moves": {"2-3-5 1/3": "keep none", "1-1+4 2/3": "stop", "6-6-2 1/3": "keep 1"}
    }

Keys are turn states in the notation of ``schock hint`` (``[KEPT+]THROWN
USED/CAP``), values ``stop``, ``keep none`` or ``keep D-D`` (the dice on the
table for the next throw, 1s from turned sixes included). ``otherwise`` plays
every state the table does not list: ``stop`` or a fixed bot (``heuristic``,
``cautious``, ``bold``).

A **function** ``move(kept, thrown, used, cap)`` returns the dice to keep (a
tuple) or None to stop; it is called once per state and rule set and its
answers become the table. A numba-compiled function (``@numba.njit``) gets
``kept`` and ``thrown`` as int64 arrays and may return an array.

>>> from schock import load_rules
>>> p = Policy.from_function("stop-at-once", lambda kept, thrown, used, cap: None)
>>> p.move(load_rules("porz"), (), (2, 3, 5), 1, 3) is None
True
>>> Policy.from_dict({"schock_policy": 1, "name": "x", "moves": {"2-3-5 1/3": "keep 4"}})
Traceback (most recent call last):
...
schock.errors.InvalidInputError: policy 'x': move 'keep 4' at '2-3-5 1/3': the dice to keep must come from the table (kept) and the throw; allowed: stop, keep none, or keep some of 2-3-5
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from schock.bots.solver_bots import _SolverBot
from schock.dice import parse_dice
from schock.engine.actions import Action, LiftAction, StopAction
from schock.engine.views import View
from schock.errors import InvalidInputError, NotationError, short_repr
from schock.messages import Msg
from schock.rules.model import Rules, SetAside
from schock.sim.tables import _move_fn
from schock.solver.hints import plan_actions
from schock.solver.turn_state import Move, _options, parse_state

Dice = tuple[int, ...]
#: ``move(kept, thrown, used, cap)``: the dice to keep, or None to stop.
PolicyFn = Callable[[Dice, Dice, int, int], "Dice | None"]
StateKey = tuple[Dice, Dice, int, int]

#: The file format's version.
VERSION = 1
FALLBACKS = ("stop", "heuristic", "cautious", "bold")
_MAX_BYTES = 4_000_000


@dataclass(frozen=True, eq=False)
class Policy:
    """A turn policy of one's own (see the module docs); ``name`` labels its seats."""

    name: str
    moves: Mapping[StateKey, Dice | None] = field(default_factory=dict)
    otherwise: str = "stop"
    fn: PolicyFn | None = None

    # ------------------------------------------------------------ making one
    @staticmethod
    def from_function(name: str, fn: PolicyFn) -> Policy:
        """A policy from a function ``move(kept, thrown, used, cap)``."""
        label = _name(name)
        if not callable(fn):
            raise InvalidInputError(
                Msg("policy.function", {"who": _who(label), "value": short_repr(fn)})
            )
        return Policy(label, fn=fn)

    @staticmethod
    def load(path: str | Path) -> Policy:
        """A policy from a JSON file (the format in the module docs)."""
        p = Path(path)
        try:
            if p.stat().st_size > _MAX_BYTES:
                raise InvalidInputError(Msg("policy.big", {"path": str(p), "limit": _MAX_BYTES}))
            data = json.loads(p.read_text("utf-8"))
        except OSError as exc:
            raise InvalidInputError(
                Msg("policy.read", {"path": str(p), "reason": exc.strerror or exc})
            ) from None
        except json.JSONDecodeError as exc:  # the place in the reader's language
            place = Msg("parse.at", {"line": exc.lineno, "col": exc.colno, "reason": exc.msg})
            raise InvalidInputError(Msg("policy.json", {"path": str(p), "reason": place})) from None
        except UnicodeDecodeError as exc:
            raise InvalidInputError(Msg("policy.json", {"path": str(p), "reason": exc})) from None
        return Policy.from_dict(data, where=Msg("policy.file", {"path": str(p)}))

    @staticmethod
    def from_dict(data: object, *, where: Msg | str = "policy") -> Policy:
        """A policy from the parsed JSON of a policy file."""
        if not isinstance(data, dict):
            raise InvalidInputError(
                Msg("policy.object", {"where": where, "kind": type(data).__name__})
            )
        unknown = sorted(set(data) - {"schock_policy", "name", "otherwise", "moves"})
        if unknown:
            keys = ", ".join(short_repr(k) for k in unknown)
            raise InvalidInputError(Msg("policy.keys", {"where": where, "keys": keys}))
        if data.get("schock_policy") != VERSION:
            raise InvalidInputError(Msg("policy.version", {
                "where": where, "version": VERSION, "value": short_repr(data.get("schock_policy"))}))
        name = _name(data.get("name"), where)
        who = _who(name)
        otherwise = data.get("otherwise", "stop")
        if otherwise not in FALLBACKS:
            raise InvalidInputError(Msg("policy.otherwise", {
                "who": who, "value": short_repr(otherwise), "allowed": ", ".join(FALLBACKS)}))
        raw = data.get("moves", {})
        if not isinstance(raw, dict):
            raise InvalidInputError(Msg("policy.moves", {"who": who}))
        moves: dict[StateKey, Dice | None] = {}
        for key, value in raw.items():
            state = _parse_key(who, key)
            moves[state] = _parse_move(who, key, value, state)
        return Policy(name, moves, otherwise)

    # ------------------------------------------------------------ playing it
    def _call(self, kept: Dice, thrown: Dice, used: int, cap: int) -> Dice | None:
        """The function's answer, read as the dice to keep (None: stop). A
        numba-compiled function gets the dice as int64 arrays (numba cannot
        iterate an empty tuple), a Python function as tuples."""
        fn: Any = self.fn
        assert fn is not None
        if hasattr(fn, "py_func"):  # a numba dispatcher
            got = fn(np.array(kept, np.int64), np.array(thrown, np.int64), used, cap)
        else:
            got = fn(kept, thrown, used, cap)
        if got is None:
            return None
        try:
            keep = tuple(sorted(int(d) for d in got))
        except (TypeError, ValueError):
            keep = None
        if keep is None or any(not 1 <= d <= 6 for d in keep):
            state = _format_key((kept, thrown, used, cap))
            raise InvalidInputError(Msg("policy.returned", {
                "who": _who(self.name), "value": short_repr(got), "key": state}))
        return keep

    def move(self, rules: Rules, kept: Dice, thrown: Dice, used: int, cap: int) -> Dice | None:
        """The dice to keep after a throw (None: stop), checked under ``rules``."""
        if used >= cap:
            return None
        key = (kept, thrown, used, cap)
        if self.fn is not None:
            keep = self._call(kept, thrown, used, cap)
        elif key in self.moves:
            keep = self.moves[key]
        elif self.otherwise == "stop":
            return None
        else:
            return _fallback(self.otherwise)(rules, kept, thrown, used, cap)
        if keep is not None:
            option(rules, kept, thrown, keep, who=_who(self.name), at=key)
        return keep


@functools.cache
def _fallback(bot: str) -> Callable[[Rules, Dice, Dice, int, int], Dice | None]:
    """A fixed bot's moves, made once per process (its solvers are kept)."""
    fn = _move_fn(bot)
    assert fn is not None
    return fn


def bot_label(bot: Any) -> str:
    """The name a seat's bot goes by: a bot's name, a policy's name, a policy file's path."""
    return bot.name if isinstance(bot, Policy) else str(bot)


def move_source(bot: Any) -> Any:
    """What :mod:`schock.sim.tables` builds a seat's table from: a bot's name as it
    is, one's own policy (a :class:`Policy` or a policy file's path) as its move
    function."""
    if isinstance(bot, str) and bot.endswith(".json"):
        bot = Policy.load(bot)  # a policy file (docs/sim.md, "Your own policy")
    return bot.move if isinstance(bot, Policy) else bot


def option(
    rules: Rules, kept: Dice, thrown: Dice, keep: Dice, *, who: Msg | str, at: StateKey
) -> Move:
    """The move that leaves ``keep`` on the table after this throw, or a clear error."""
    any_ = rules.set_aside is SetAside.ANY
    for m in _options(any_, rules.sixes_turning, kept, thrown, rules.take_back):
        if m.keep == keep:
            return m
    allowed = sorted({"-".join(map(str, m.keep)) or "none" for m in
                      _options(any_, rules.sixes_turning, kept, thrown, rules.take_back)})
    raise InvalidInputError(Msg("policy.illegal", {
        "who": who,
        "keep": "-".join(map(str, keep)) or "none",
        "key": _format_key(at),
        "rules": rules.id,
        "set_aside": str(rules.set_aside),
        "sixes": rules.sixes_turning,
        "back": rules.take_back,
        "allowed": ", ".join(f"keep {a}" for a in allowed),
    }))


def _who(name: str) -> Msg:
    return Msg("policy.who", {"name": name})


def _name(value: object, where: Msg | str = "policy") -> str:
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= 40:
        raise InvalidInputError(Msg("policy.name", {"where": where}))
    return value.strip()


def _format_key(key: StateKey) -> str:
    kept, thrown, used, cap = key
    k = "-".join(map(str, kept))
    return f"{k + '+' if k else ''}{'-'.join(map(str, thrown))} {used}/{cap}"


def _parse_key(who: Msg, key: str) -> StateKey:
    try:
        s = parse_state(key)
    except NotationError as exc:
        raise InvalidInputError(Msg("policy.state", {
            "who": who, "key": key[:40], "reason": exc.msg or str(exc)})) from None
    if s.limit is None:
        raise InvalidInputError(Msg("policy.cap", {"who": who, "key": key}))
    if not 1 <= s.throws <= s.limit or (s.kept and s.throws == 1):
        raise InvalidInputError(Msg("policy.never", {"who": who, "key": key}))
    return (s.kept, s.thrown, s.throws, s.limit)


def _parse_move(who: Msg, key: str, value: object, state: StateKey) -> Dice | None:
    kept, thrown, used, cap = state
    text = value.strip().lower() if isinstance(value, str) else None
    keep: Dice | None
    if text == "stop":
        keep = None
    elif text == "keep none":
        keep = ()
    elif text is not None and text.startswith("keep "):
        try:
            keep = tuple(sorted(parse_dice(text[5:].strip(), count=None)))
        except NotationError:
            keep = (0, 0, 0)  # not dice: refused below with what is allowed
    else:
        raise InvalidInputError(Msg("policy.move", {
            "who": who, "value": short_repr(value), "key": key}))
    if keep is not None:
        if used >= cap:
            raise InvalidInputError(Msg("policy.no_throw", {
                "who": who, "value": short_repr(value), "key": key}))
        pool = Counter(kept + thrown) + Counter({1: thrown.count(6) // 2 + thrown.count(6) // 3})
        if len(keep) > 2 or Counter(keep) - pool:
            raise InvalidInputError(Msg("policy.dice", {
                "who": who,
                "value": short_repr(value),
                "key": key,
                "dice": "-".join(map(str, kept + thrown)),
            }))
    return keep


# ------------------------------------------------------------------ the engine side
class TableBot(_SolverBot):
    """A :class:`Policy` as an engine bot (for the arena and the agreement tests):
    it lifts as the round's first player, never declares blind or buys in."""

    def __init__(self, policy: Policy) -> None:
        super().__init__()
        self._policy = policy
        self._label = policy.name

    def _choose(self, view: View) -> tuple[Action, ...]:
        assert view.seat is not None
        me = view.turn_of(view.seat)
        assert me is not None
        rules = view.rules
        first = view.round_order[0] == view.seat
        cap = rules.max_throws if first else (view.throw_limit or rules.max_throws)
        if not me.looked:  # the round's first player lifts (a single throw left: no choice)
            return (LiftAction() if LiftAction() in view.legal else StopAction(),)
        assert me.last_throw is not None
        kept, thrown = tuple(me.kept), tuple(sorted(me.last_throw))
        keep = self._policy.move(rules, kept, thrown, me.throws, cap)
        at = (kept, thrown, me.throws, cap)
        m = Move(True) if keep is None else option(rules, kept, thrown, keep, who=self.name, at=at)
        actions = plan_actions(me, m, rules.set_aside is SetAside.ANY)
        assert actions is not None, (m, me)
        return actions


def engine_bot(bot: Any, seed: int | None = None) -> Any:
    """The engine bot for a batch-path bot: a name, a :class:`Policy` or a policy file."""
    from schock.bots import make_bot

    if isinstance(bot, Policy):
        return TableBot(bot)
    if isinstance(bot, str) and bot.endswith(".json"):
        return TableBot(Policy.load(bot))
    return make_bot(bot, seed=seed)
