"""Game records: a documented, versioned JSON format with dumps / loads / replay.

Format ``schock-record``, version 1 (see docs/records.md)::

    {
      "format": "schock-record",
      "version": 1,
      "rules": {"preset": "porz", "overrides": {"einkaufen": false}},
      "seats": [{"name": "Anna", "age": 31}, {"name": "Ben"}],
      "starter": null,
      "dice": {"source": "seeded", "seed": 42},
      "actions": ["0 throw", "1 throw", "0 lift", "0 stop", "..."],
      "result": {"loser": 1, "durchmarsch": false}
    }

``dice`` is ``{"source": "seeded", "seed": N}``, ``{"source": "scripted",
"values": [...]}`` or ``{"source": "table"}`` (every throw then carries its
dice, ``"2 throw 1-1-4"``; ``"placeholders": [[i, n], ...]`` says that ``n`` dice of
the throw ``actions[i]`` were not entered, kept at a table from revealed results). ``result`` is optional; when present, replay
checks it.

>>> from schock import load_rules
>>> from schock.engine import Game, SeededDice
>>> g = Game(load_rules("mosel"), seats=["Anna", "Ben", "Cem"], dice=SeededDice(3))
>>> while not g.over:
...     _ = g.apply(g.actor, g.legal_actions()[0])
>>> text = dumps(g)
>>> again = replay(loads(text))
>>> again.log == g.log and again.loser == g.loser
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from schock.engine.actions import format_action, parse_action
from schock.engine.dice_sources import DiceSource, ScriptedDice, SeededDice, TableDice
from schock.engine.game import Game
from schock.engine.seat import Seat
from schock.errors import InvalidInputError, RecordError, SchockError
from schock.messages import Msg
from schock.rules import PRESETS, Rules, load_rules
from schock.rules.model import coerce_field
from schock.safejson import loads_json

FORMAT = "schock-record"
VERSION = 1


@dataclass(frozen=True)
class Record:
    """A parsed game record."""

    rules: Rules
    seats: tuple[Seat, ...]
    starter: int | None
    dice: dict[str, Any]
    actions: tuple[str, ...]
    result: dict[str, Any] | None = field(default=None)
    bots: tuple[str | None, ...] = ()
    """Per seat, the kind of bot that played it (None: a person); empty when not recorded."""


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The rules as ``{"preset": id, "overrides": {...}}``."""
    base = load_rules(rules.base)
    mine, theirs = rules.to_dict(), base.to_dict()
    overrides = {k: v for k, v in mine.items() if k != "base" and v != theirs[k]}
    return {"preset": base.id, "overrides": overrides}


def rules_from_json(data: Any, where: str = "rules") -> Rules:
    """Inverse of :func:`rules_to_json`."""
    if not isinstance(data, dict):
        raise RecordError(Msg("rec.rules", {"where": where}))
    preset = data.get("preset")
    if preset not in PRESETS:
        raise RecordError(
            Msg("rec.preset", {"where": where, "got": repr(preset)[:60], "allowed": ", ".join(PRESETS)})
        )
    overrides = data.get("overrides", {})
    if not isinstance(overrides, dict):
        raise RecordError(f"{where}.overrides: expected an object")
    extra = set(data) - {"preset", "overrides"}
    if extra:
        raise RecordError(f"{where}: unknown keys {sorted(extra)}; allowed: preset, overrides")
    try:
        values = {k: coerce_field(k, v) for k, v in overrides.items()}
        return load_rules(preset).replace(**values)
    except SchockError as exc:
        raise RecordError(Msg("rec.at", {"where": f"{where}.overrides", "reason": exc})) from None


def _placeholders(pairs: Any, where: str) -> dict[int, int]:
    """A table game's ``placeholders``: [[action index, dice not entered (1-3)], ...]."""
    ok = isinstance(pairs, list) and all(
        isinstance(p, list) and len(p) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in p)
        and p[0] >= 0 and 1 <= p[1] <= 3 for p in pairs)
    if not ok:
        raise RecordError(
            f"{where}.placeholders: expected [[action index, 1 to 3 dice not entered], ...]")
    return {p[0]: p[1] for p in pairs}


def dice_source(desc: Any, where: str = "dice") -> DiceSource:
    """Build the dice source a record describes."""
    if not isinstance(desc, dict):
        raise RecordError(f"{where}: expected an object with 'source'")
    kind = desc.get("source")
    try:
        if kind == "seeded":
            seed = desc.get("seed")
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise RecordError(f"{where}.seed: expected a whole number, got {seed!r}")
            return SeededDice(seed)
        if kind == "scripted":
            values = desc.get("values")
            if not isinstance(values, list):
                raise RecordError(f"{where}.values: expected a list of dice")
            return ScriptedDice(values)
        if kind == "table":
            return TableDice(_placeholders(desc.get("placeholders", []), where))
    except InvalidInputError as exc:
        raise RecordError(Msg("rec.at", {"where": where, "reason": exc})) from None
    raise RecordError(f"{where}.source: {kind!r}; allowed: 'seeded', 'scripted', 'table'")


def _seat_json(seat: Seat, bot: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": seat.name}
    if seat.age is not None:
        out["age"] = seat.age
    if bot is not None:
        out["bot"] = bot
    return out


def to_json(game: Game, *, bots: Sequence[str | None] = ()) -> dict[str, Any]:
    """The record of ``game`` as a JSON-ready dict; ``bots`` names the bot
    kind of each seat a bot played (None for a person), if it should be kept."""
    if bots and len(bots) != len(game.seats):
        raise InvalidInputError(f"bots: one entry per seat ({len(game.seats)}), got {len(bots)}")
    kinds = list(bots) or [None] * len(game.seats)
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules_to_json(game.rules),
        "seats": [_seat_json(s, b) for s, b in zip(game.seats, kinds, strict=True)],
        "starter": game.starter,
        "dice": game.dice.describe(),
        "actions": [format_action(seat, a) for seat, a in game.actions],
    }
    if game.over:
        out["result"] = {"loser": game.loser, "durchmarsch": game.durchmarsch}
    return out


def dumps(game: Game, *, bots: Sequence[str | None] = ()) -> str:
    """The record of ``game`` as JSON text (one action per line); see :func:`to_json`."""
    data = to_json(game, bots=bots)
    actions = data.pop("actions")
    result = data.pop("result", None)
    head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]
    lines = ",\n    ".join(json.dumps(a, ensure_ascii=False) for a in actions)
    text = (
        head + ',\n  "actions": [\n    ' + lines + "\n  ]"
        if actions
        else head + ',\n  "actions": []'
    )
    if result is not None:
        text += ',\n  "result": ' + json.dumps(result)
    return text + "\n}\n"


def loads(text: str) -> Record:
    """Parse record text; a malformed record raises :class:`RecordError` saying where."""
    try:
        data = loads_json(text, "record")
    except InvalidInputError as exc:
        plain = {"json.bad": "json.bad_plain", "json.deep": "json.deep_plain"}
        if exc.msg is not None and exc.msg.key in plain:  # "record:" is said by the caller
            raise RecordError(Msg(plain[exc.msg.key], exc.msg.params)) from None
        raise RecordError(str(exc).removeprefix("record: ")) from None
    return from_json(data)


def from_json(data: Any) -> Record:
    """Check and read a record dict."""
    if not isinstance(data, dict):
        raise RecordError(Msg("rec.object"))
    if data.get("format") != FORMAT:
        raise RecordError(Msg("rec.format", {"got": repr(data.get("format"))[:60]}))
    version = data.get("version")
    if version.__class__ is not int or version != VERSION:
        raise RecordError(
            Msg("rec.version", {"version": VERSION, "got": repr(data.get("version"))[:60]})
        )
    allowed = {"format", "version", "rules", "seats", "starter", "dice", "actions", "result"}
    extra = set(data) - allowed
    if extra:
        raise RecordError(Msg("rec.keys", {"keys": str(sorted(extra))[:200],
                                           "allowed": ", ".join(sorted(allowed))}))
    for key in ("rules", "seats", "dice", "actions"):
        if key not in data:
            raise RecordError(Msg("rec.missing", {"key": key}))
    rules = rules_from_json(data["rules"])
    seats_raw = data["seats"]
    if not isinstance(seats_raw, list):
        raise RecordError(Msg("rec.seats"))
    seats = []
    bots: list[str | None] = []
    for i, s in enumerate(seats_raw):
        if not isinstance(s, dict) or set(s) - {"name", "age", "bot"}:
            raise RecordError(Msg("rec.seat", {"i": i}))
        bot = s.get("bot")
        if bot is not None and (not isinstance(bot, str) or not bot):
            raise RecordError(f"seats[{i}].bot: expected the name of a bot kind, got {bot!r}")
        bots.append(bot)
        try:
            seats.append(Seat(s.get("name"), s.get("age")))  # type: ignore[arg-type]
        except InvalidInputError as exc:
            raise RecordError(Msg("rec.at", {"where": f"seats[{i}]", "reason": exc})) from None
    starter = data.get("starter")
    if starter is not None and (isinstance(starter, bool) or not isinstance(starter, int)):
        raise RecordError(Msg("rec.starter", {"got": repr(starter)[:60]}))
    dice = data["dice"]
    dice_source(dice)  # checks it
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(Msg("rec.actions"))
    for i, a in enumerate(actions):
        try:
            parse_action(a)
        except InvalidInputError as exc:
            raise RecordError(Msg("rec.at", {"where": f"actions[{i}]", "reason": exc})) from None
    result = data.get("result")
    if result is not None and (not isinstance(result, dict) or "loser" not in result):
        raise RecordError('result: expected {"loser": seat, "durchmarsch": bool}')
    kinds = tuple(bots) if any(b is not None for b in bots) else ()
    return Record(rules, tuple(seats), starter, dice, tuple(actions), result, kinds)


def replay(record: Record, *, upto: int | None = None, dice: DiceSource | None = None) -> Game:
    """Play the record's actions again; the game is reproduced exactly.

    ``upto`` stops after that many actions. An action the state forbids
    raises :class:`RecordError` naming its index. ``dice`` replaces the
    record's own dice source (it must give the same dice).
    """
    try:
        game = Game(
            record.rules,
            seats=record.seats,
            dice=dice_source(record.dice) if dice is None else dice,
            starter=record.starter,
        )
    except InvalidInputError as exc:
        raise RecordError(Msg("rec.start", {"reason": exc})) from None
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        seat, action = parse_action(text)
        try:
            game.apply(seat, action)
        except SchockError as exc:
            where = f"actions[{i}] {text!r}"
            raise RecordError(Msg("rec.at", {"where": where, "reason": exc})) from exc
    if upto is None and record.result is not None:
        want = record.result.get("loser")
        if not game.over or game.loser != want:
            got = game.loser if game.over else "none (the game is not over)"
            raise RecordError(f"result.loser: the record says {want!r}, the replay gives {got}")
    return game
