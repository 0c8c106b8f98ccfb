"""Lookup tables for the batch path, derived from the rules and the bots.

Everything the compiled kernel knows about the rules comes from here, and
everything here comes from :class:`~schock.rules.Rules` through the code the
engine itself uses: the evaluation of results from
:func:`schock.results.evaluation_table` and :func:`schock.results.sort_key`,
the risk profiles' moves from the turn solver (:mod:`schock.solver.turn`)
as :class:`~schock.bots.RiskBot` builds it. A rules change flows through
without touching the kernel.

A turn is a walk over *states*: the dice kept on the table for a throw (0 to
2 dice, turned 1s included) and the dice that throw showed. A policy maps
``(cap, throws used, state)`` to "stop" or to the dice to keep for the next
throw.

>>> from schock import load_rules
>>> porz = load_rules("porz")
>>> t = eval_tables(porz)
>>> t.strength.shape, int(t.deckel[MULTISET3[(1, 1, 4)], 0])
((56, 2), 4)
>>> move = heuristic_move(porz, (), (1, 6, 6), 1, 3)    # turn 6-6 into a 1, keep both 1s
>>> move
(1, 1)
>>> heuristic_move(porz, (1,), (1, 5), 2, 3) is STOP     # a Schock: stop
True
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from schock.bots import RiskBot, available_bots, make_bot
from schock.bots.base import stands_on
from schock.bots.solver_bots import DIFFICULTIES
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.results import Kind, evaluation_table, sort_key
from schock.rules.model import (
    FIELD_NAMES,
    FinalStarter,
    Opening,
    Rules,
    StarterAfterStock,
    Structure,
)

Dice = tuple[int, ...]
I32 = npt.NDArray[np.int32]
I16 = npt.NDArray[np.int16]

#: The kinds in a fixed order (the kernel counts results per kind by this index).
KINDS: tuple[Kind, ...] = tuple(Kind)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}

#: Largest throw limit a rule set may have (``max_throws`` is 1 to 9).
MAX_CAP = 9


def _multisets(size: int) -> list[Dice]:
    return list(itertools.combinations_with_replacement(range(1, 7), size))


#: The 56 sorted three-dice results, and their indices.
RESULTS3: tuple[Dice, ...] = tuple(_multisets(3))
MULTISET3 = {d: i for i, d in enumerate(RESULTS3)}

#: The 28 ways to keep dice for a throw (0 to 2 dice, sorted), and their indices.
KEEPS: tuple[Dice, ...] = tuple(k for size in (0, 1, 2) for k in _multisets(size))
KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}

#: Every state after a throw: (kept, thrown), with at least one die thrown.
STATES: tuple[tuple[Dice, Dice], ...] = tuple((k, t) for k in KEEPS for t in _multisets(3 - len(k)))
STATE_INDEX = {s: i for i, s in enumerate(STATES)}

#: The keep (index in :data:`KEEPS`) each state was thrown with.
STATE_KEEP = np.array([KEEP_INDEX[k] for k, _t in STATES], dtype=np.int16)

#: A policy's answer "stop".
STOP: Dice | None = None


def state_arrays() -> tuple[I16, I16, I16]:
    """``state_of[keep, roll]``: the state after throwing ``roll`` (the dice as they
    fell, coded ``sum(d_i * 6**i)`` with faces 0 to 5) with ``keep`` on the table;
    ``state_dice[state]``: the index in :data:`RESULTS3` of all three dice;
    ``keep_len[keep]``: how many dice a keep holds. (``STATE_KEEP[state]``: the
    keep a state was thrown with.)"""
    state_of = np.full((len(KEEPS), 216), -1, dtype=np.int16)
    for ki, keep in enumerate(KEEPS):
        m = 3 - len(keep)
        for roll in itertools.product(range(6), repeat=m):
            code = sum(d * 6**i for i, d in enumerate(roll))
            thrown = tuple(sorted(d + 1 for d in roll))
            state_of[ki, code] = STATE_INDEX[(keep, thrown)]
    state_dice = np.array([MULTISET3[tuple(sorted(k + t))] for k, t in STATES], dtype=np.int16)
    keep_len = np.array([len(k) for k in KEEPS], dtype=np.int16)
    return state_of, state_dice, keep_len


@dataclass(frozen=True)
class EvalTables:
    """Per result (index in :data:`RESULTS3`) and auf die Hand (0/1): what the
    engine's evaluation says. ``grade`` orders the results of a round like
    :func:`schock.results.sort_key` (higher is better; equal grades go by seat
    order): it folds the strength and, where the rules count them, the throws."""

    strength: I32
    deckel: I32
    all_deckel: I32
    by_throws: I32
    kind: I32


def eval_tables(rules: Rules) -> EvalTables:
    """The evaluation of every result under ``rules`` as arrays."""
    table = evaluation_table(rules)
    shape = (len(RESULTS3), 2)
    strength = np.zeros(shape, np.int32)
    deckel = np.zeros(shape, np.int32)
    all_deckel = np.zeros(shape, np.int32)
    by_throws = np.zeros(shape, np.int32)
    kind = np.zeros(shape, np.int32)
    for i, dice in enumerate(RESULTS3):
        for hand in (0, 1):
            e = table[(dice, bool(hand))]
            strength[i, hand] = e.strength
            deckel[i, hand] = e.deckel
            all_deckel[i, hand] = e.all_deckel
            # sort_key puts the throws second exactly where they count
            a = sort_key(rules, e, 1, 0)[1]
            b = sort_key(rules, e, 2, 0)[1]
            by_throws[i, hand] = a != b
            kind[i, hand] = KIND_INDEX[e.kind]
    return EvalTables(strength, deckel, all_deckel, by_throws, kind)


# ------------------------------------------------------------------ policies
#: A turn policy: (rules, kept, thrown, throws used, cap) -> STOP or the dice to keep.
MoveFn = Callable[[Rules, Dice, Dice, int, int], "Dice | None"]


def heuristic_move(rules: Rules, kept: Dice, thrown: Dice, used: int, cap: int) -> Dice | None:
    """What :class:`~schock.bots.HeuristicBot` does after a throw: stop on a special
    result that counts under the rules (:func:`~schock.bots.base.stands_on`) or when
    no throw is left; else turn sixes (as many as it can), set aside fresh 1s up to
    two dice on the table, and throw again."""
    on_hand = not kept and len(thrown) == 3
    if used >= cap or stands_on(rules, kept + thrown, used, on_hand):
        return STOP
    aside = list(kept)
    rest = list(thrown)
    sixes = thrown.count(6)
    if rules.sixes_turning and sixes >= 2:
        aside += [1] * (2 if sixes == 3 else 1)
        rest = [d for d in rest if d != 6]  # every 6 of the throw is turned or thrown again
    for d in rest:
        if d == 1 and len(aside) < 2:
            aside.append(1)
    return tuple(sorted(aside))


def _risk_move(bot: RiskBot) -> MoveFn:
    solvers: dict[tuple[Rules, int], Any] = {}

    def move(rules: Rules, kept: Dice, thrown: Dice, used: int, cap: int) -> Dice | None:
        key = (rules, cap)
        solver = solvers.get(key)
        if solver is None:
            # the very solver the bot builds for itself (it only reads view.rules)
            solver = solvers[key] = bot._solver(cast(Any, SimpleNamespace(rules=rules)), cap)
        best = solver.choices(kept, thrown, used)[0][0]  # the bot's pick: the best choice
        return STOP if best.stop else tuple(best.keep)

    return move


def supported_bots() -> tuple[str, ...]:
    """The bots the batch path can play: fixed policies that look only at their own
    dice (any number of seats), and the two-player solver bots (two seats).

    >>> supported_bots()
    ('heuristic', 'cautious', 'bold', 'optimal', 'equilibrium')
    """
    return fixed_bots() + DUEL_ONLY


#: Bots the batch path plays at two seats only (:mod:`schock.sim.duel`).
DUEL_ONLY: tuple[str, ...] = ("optimal", "equilibrium")


def fixed_bots() -> tuple[str, ...]:
    """The bots whose moves depend only on their own dice and the throw limit."""
    return tuple(b for b in available_bots() if _move_fn(b, check=False) is not None)


def check_bots(bots: tuple[Any, ...]) -> None:
    """Refuse a table of bots the batch path cannot play, saying which and why."""
    for bot in bots:
        if isinstance(bot, str) and bot in DUEL_ONLY:
            if len(bots) != 2:
                raise InvalidInputError(Msg("sim.duel_seats", {"bot": bot, "n": len(bots)}))
        else:
            _move_fn(bot)


def _move_fn(bot: Any, *, check: bool = True) -> MoveFn | None:
    """A bot's moves by name, or ``bot`` itself where it is a move function (one's
    own policy: :func:`schock.sim.policy.move_source`)."""
    if callable(bot):
        return cast(MoveFn, bot)
    if not isinstance(bot, str):
        raise InvalidInputError(
            f"a seat's bot is a name or a schock.sim.policy.Policy, got {type(bot).__name__}"
        )
    if bot == "heuristic":
        return heuristic_move
    if bot in available_bots():
        made = make_bot(bot)
        if isinstance(made, RiskBot):
            return _risk_move(made)
    if check:
        known = available_bots()
        raise InvalidInputError(Msg("sim.bot", {
            "bot": bot,
            "why": Msg("sim.bot_why_level" if bot in DIFFICULTY_NAMES else "sim.bot_why")
            if bot in known
            else "",
            "allowed": ", ".join(supported_bots()),
            "unknown": "" if bot in known else Msg("sim.bot_unknown", {"known": ", ".join(known)}),
        }))
    return None


def policy_table(rules: Rules, bot: Any) -> I16:
    """``table[cap, used, state]``: -1 to stop, else the index in :data:`KEEPS`
    of the dice to keep for the next throw, for every cap up to ``rules.max_throws``."""
    fn = _move_fn(bot)
    assert fn is not None
    out = np.full((MAX_CAP + 1, MAX_CAP + 1, len(STATES)), -1, dtype=np.int16)
    for cap in range(1, rules.max_throws + 1):
        for used in range(1, cap + 1):
            for si, (kept, thrown) in enumerate(STATES):
                if used == 1 and kept:
                    continue  # nothing is kept before the first throw
                move = fn(rules, kept, thrown, used, cap)
                if move is None or used >= cap:
                    continue
                if len(move) > 2:  # pragma: no cover - a policy always throws a die
                    raise AssertionError(f"{bot} keeps three dice: {move}")
                out[cap, used, si] = KEEP_INDEX[move]
    return out


# ------------------------------------------------------------------ the rules fields
#: How the batch path honours each field of :class:`Rules`. ``table``: through the
#: lookup tables above (and the duel bots' slots); ``kernel``: a parameter of the
#: kernel; ``inert``: the field changes nothing for the fixed bots (with the reason;
#: what the duel bots make of it: :data:`DUEL_FIELDS`); ``default``: only the default
#: value is simulated (none now). A field missing here (a new one) makes
#: :func:`rule_params` refuse.
FIELDS: dict[str, tuple[str, str]] = {
    "id": ("inert", "a name"),
    "name": ("inert", "a name"),
    "source": ("inert", "a note"),
    "base": ("inert", "a note"),
    "deckel": ("kernel", "Deckel per half"),
    "max_throws": ("kernel", "the first player's throw limit; policy tables per cap"),
    "set_aside": ("table", "which keeps the risk profiles' solver may choose"),
    "sixes_turning": ("table", "whether the policies may turn sixes"),
    "strasse_on_hand": ("table", "evaluation"),
    "general_on_hand": ("table", "evaluation"),
    "schock_doof_above_general": ("table", "evaluation"),
    "fewer_throws_better": ("table", "ranking (sort_key)"),
    "schock_hand": ("table", "evaluation and ranking"),
    "blind": ("inert", "only the first player may declare blind; these bots always lift"),
    "einkaufen": ("inert", "these bots never buy into a round"),
    "simultaneous_first_throw": (
        "inert",
        "a loaded first throw is an independent throw like any other; no policy looks at others",
    ),
    "opening": ("kernel", "one die high/low, or the opening round (ties: roll-off; no ages)"),
    "starter_after_stock": ("kernel", "who starts once the Stock is empty"),
    "structure": ("kernel", "halves and final, or one half"),
    "final_starter": ("kernel", "first half loser or a roll-off"),
    "strafdeckel": ("inert", "scorekeeping at a real table; nothing falls off in a simulation"),
    "general": ("table", "evaluation (a triple is a General or an einfacher Wurf)"),
    "jule": ("table", "evaluation and ranking (1-2-4 as Jule)"),
    "jule_deckel": ("table", "evaluation (the Deckel a Jule gives)"),
    "jule_on_hand": ("table", "evaluation (a composed Jule)"),
    "ladder": ("table", "ranking of the special results"),
    "take_back": ("table", "which keeps the solver bots may choose; the heuristic never takes back"),
    "last_throw_covered": (
        "kernel",
        "what the second of two players sees of the first one's result (only the duel "
        "bots look at it)",
    ),
    "schock_aus_keeps": ("kernel", "on Schock Aus the thrower keeps his Deckel"),
}

#: Fields the duel bots (``optimal``, ``equilibrium``: :mod:`schock.sim.duel`) play
#: differently from the fixed bots, and how the batch path honours them for them.
DUEL_FIELDS: dict[str, str] = {
    "blind": "the round's first player declares blind where the half's values say so "
    "(its slot's first move); the kernel then plays one throw each and doubles the Deckel",
    "last_throw_covered": "the second player's slot depends on the first player's result "
    "as he sees it: shown (the grade and the throw limit) or covered (the dice on the table)",
    "einkaufen": "they never buy into a round (in two seats nobody can)",
    "simultaneous_first_throw": "a loaded throw is looked at when the turn comes: the same "
    "throw, the same decisions",
}

#: The house-rule fields of issue 16 (docs/house-rules.md): honoured and checked
#: against the engine (tests/sim), not swept on the findings page of the presets.
HOUSE_RULE_FIELDS: tuple[str, ...] = (
    "general",
    "jule",
    "jule_deckel",
    "jule_on_hand",
    "ladder",
    "take_back",
    "last_throw_covered",
    "schock_aus_keeps",
)

OPENING_HIGH, OPENING_LOW, OPENING_ROUND = 0, 1, 2

#: The bots that draw their moves at random (the solver bots that err on purpose too).
DIFFICULTY_NAMES = frozenset({"random"} | {n for n, t in DIFFICULTIES.items() if t > 0})


@dataclass(frozen=True)
class RuleParams:
    """The kernel's scalar parameters, read from a :class:`Rules`."""

    deckel: int
    max_throws: int
    opening: int
    most_deckel: bool
    halves: bool
    final_random: bool
    schock_aus_keeps: bool
    last_throw_covered: bool


def rule_params(rules: Rules) -> RuleParams:
    """Read every field the kernel needs; refuse a rule set with a field the
    batch path does not know (so nothing is simulated wrongly).

    >>> from schock import load_rules
    >>> rule_params(load_rules("mosel")).opening == OPENING_LOW
    True
    """
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"rules must be a Rules object, got {type(rules).__name__}")
    defaults = {f.name: f.default for f in dataclasses.fields(Rules)}
    for name in FIELD_NAMES:
        if name not in FIELDS:
            raise InvalidInputError(Msg("sim.field", {"name": name, "fields": ", ".join(FIELDS)}))
        if FIELDS[name][0] == "default" and getattr(rules, name) != defaults[name]:
            raise InvalidInputError(Msg("sim.field_default", {
                "name": name, "value": getattr(rules, name), "default": defaults[name]}))
    opening = {
        Opening.ONE_DIE_HIGH: OPENING_HIGH,
        Opening.ONE_DIE_LOW: OPENING_LOW,
        Opening.OPENING_ROUND: OPENING_ROUND,
        # the youngest loses a tie: the simulated seats have no ages, so a roll-off decides
        Opening.OPENING_ROUND_YOUNGEST: OPENING_ROUND,
    }[rules.opening]
    return RuleParams(
        deckel=rules.deckel,
        max_throws=rules.max_throws,
        opening=opening,
        most_deckel=rules.starter_after_stock is StarterAfterStock.MOST_DECKEL,
        halves=rules.structure is Structure.HALVES_AND_FINAL,
        final_random=rules.final_starter is FinalStarter.RANDOM,
        schock_aus_keeps=rules.schock_aus_keeps,
        last_throw_covered=rules.last_throw_covered,
    )


def sweep_values(field: str) -> list[Any]:
    """Every value a rules field may take, for ``schock sim --sweep`` (ints: a
    spread over their range).

    >>> sweep_values("opening")
    ['one_die_high', 'one_die_low', 'opening_round', 'opening_round_youngest']
    >>> sweep_values("max_throws")
    [1, 2, 3, 4, 5]
    >>> sweep_values("name")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: cannot sweep rules field 'name' (allowed: deckel, max_throws, set_aside, sixes_turning, strasse_on_hand, general_on_hand, schock_doof_above_general, fewer_throws_better, schock_hand, blind, einkaufen, simultaneous_first_throw, opening, starter_after_stock, structure, final_starter, strafdeckel, general, jule, jule_on_hand, take_back, last_throw_covered, schock_aus_keeps)
    """
    from schock.rules.model import _BOOLS, _ENUMS

    if field in _ENUMS:
        return [str(m) for m in _ENUMS[field]]
    if field in _BOOLS:
        return [False, True]
    if field in _INT_SWEEPS:
        return list(_INT_SWEEPS[field])
    sweepable = [
        name for name in FIELD_NAMES if name in _ENUMS or name in _BOOLS or name in _INT_SWEEPS
    ]
    raise InvalidInputError(Msg("sim.sweep", {"field": field, "allowed": ", ".join(sweepable)}))


_INT_SWEEPS: dict[str, tuple[int, ...]] = {
    "deckel": (5, 9, 13, 17, 21),
    "max_throws": (1, 2, 3, 4, 5),
}
