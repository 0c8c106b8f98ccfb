"""The rule model: one frozen, self-validating record per rule set.

Every row of the preset table in docs/rules.md is one field of :class:`Rules`.
A preset only fixes field values; nothing in the engine branches on a
preset's name.

>>> from schock.rules import load_rules
>>> porz = load_rules("porz")
>>> porz.set_aside
<SetAside.ONES: 'ones'>
>>> porz.replace(einkaufen=False).einkaufen
False
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from schock.errors import RulesError, short_repr
from schock.loading import FieldTypes, labels
from schock.messages import Msg


class SetAside(StrEnum):
    """Which dice may be set aside between throws."""

    ONES = "ones"
    ANY = "any"


class Opening(StrEnum):
    """How the first half of a game is opened when no starter is set."""

    ONE_DIE_HIGH = "one_die_high"
    ONE_DIE_LOW = "one_die_low"
    OPENING_ROUND = "opening_round"
    OPENING_ROUND_YOUNGEST = "opening_round_youngest"


class StarterAfterStock(StrEnum):
    """Who starts a round once the Stock is empty."""

    ROUND_LOSER = "round_loser"
    MOST_DECKEL = "most_deckel"


class Structure(StrEnum):
    """What a game consists of."""

    HALVES_AND_FINAL = "halves_and_final"
    ONE_HALF = "one_half"


class FinalStarter(StrEnum):
    """Who starts the final."""

    FIRST_HALF_LOSER = "first_half_loser"
    RANDOM = "random"


class Strafdeckel(StrEnum):
    """Penalty Deckel for a die or cup that falls off the table."""

    NONE = "none"
    STOCK = "stock"
    STOCK_THEN_RIGHT = "stock_then_right"


#: The special results a ladder orders (einfacher Wurf is always last; Schock Hand
#: always sits directly above Schock Aus; Schock doof may sit below General).
LADDER_KINDS: tuple[str, ...] = ("schock_aus", "jule", "schock", "general", "strasse")
DEFAULT_LADDER = ">".join(LADDER_KINDS)


def parse_ladder(text: str) -> tuple[str, ...]:
    """The kinds of a ladder text, high to low; RulesError unless it orders each kind once.

    >>> parse_ladder("schock_aus>schock>jule>general>strasse")
    ('schock_aus', 'schock', 'jule', 'general', 'strasse')
    >>> parse_ladder("schock > general")
    Traceback (most recent call last):
    ...
    schock.errors.RulesError: ladder = 'schock > general': the ladder must name each special result once; missing: schock_aus, jule, strasse; allowed: the names schock_aus, jule, schock, general, strasse, each once, separated by '>'
    """
    parts = tuple(p.strip().lower() for p in text.split(">"))
    unknown = [p for p in parts if p not in LADDER_KINDS]
    missing = [k for k in LADDER_KINDS if k not in parts]
    if unknown or missing or len(parts) != len(LADDER_KINDS):
        why = (
            f"unknown: {', '.join(repr(u) for u in unknown)}"
            if unknown
            else f"missing: {', '.join(missing)}"
            if missing
            else "a name appears twice"
        )
        raise RulesError(
            f"the ladder must name each special result once; {why}",
            key="ladder",
            value=short_repr(text),
            allowed=_LADDER_ALLOWED,
        )
    return parts


_LADDER_ALLOWED = f"the names {', '.join(LADDER_KINDS)}, each once, separated by '>'"


@dataclass(frozen=True, kw_only=True)
class Rules:
    """A complete rule set. Create it with :func:`schock.load_rules`.

    All fields are keyword-only; the record checks its own invariants when
    it is created and raises :class:`~schock.errors.RulesError` otherwise.
    """

    id: str = field(metadata=labels("Kennung", "identifier of the rule set"))
    name: str = field(metadata=labels("Name", "name of the rule set"))
    source: str = field(default="", metadata=labels("Quelle", "where the rules come from"))
    base: str = field(
        default="",
        metadata=labels("Grundlage", "the preset these rules extend (itself for a preset)"),
    )
    deckel: int = field(default=13, metadata=labels("Deckel je Hälfte", "Deckel in play per half"))
    max_throws: int = field(
        default=3, metadata=labels("Würfe je Runde (höchstens)", "most throws in a round")
    )
    set_aside: SetAside = field(
        default=SetAside.ANY,
        metadata=labels("Herauslegen", "which dice may be set aside between throws"),
    )
    sixes_turning: bool = field(
        default=True,
        metadata=labels("Sechsen drehen", "2 sixes of one throw give a 1, 3 sixes give two 1s"),
    )
    strasse_on_hand: bool = field(
        default=True,
        metadata=labels("Straße nur auf die Hand", "a composed Straße counts as einfacher Wurf"),
    )
    general_on_hand: bool = field(
        default=True,
        metadata=labels("General nur auf die Hand", "a composed General counts as einfacher Wurf"),
    )
    schock_doof_above_general: bool = field(
        default=True,
        metadata=labels("Schock doof über General", "Schock doof (1-1-2) ranks above every General"),
    )
    fewer_throws_better: bool = field(
        default=True,
        metadata=labels(
            "Weniger Würfe besser",
            "between equal results fewer throws is better (before Mit ist Shit)",
        ),
    )
    schock_hand: bool = field(
        default=False,
        metadata=labels(
            "Schock Hand", "1-1-1 auf die Hand beats every composed Schock Aus regardless of seat"
        ),
    )
    blind: bool = field(
        default=False,
        metadata=labels(
            "Blind", "the first player may declare blind: one throw for all, Deckel doubled"
        ),
    )
    einkaufen: bool = field(
        default=False,
        metadata=labels(
            "Einkaufen", "once the Stock is empty a player without Deckel may opt into a round"
        ),
    )
    simultaneous_first_throw: bool = field(
        default=False,
        metadata=labels("Laden (gleichzeitiger erster Wurf)", "all first throws before play"),
    )
    opening: Opening = field(
        default=Opening.ONE_DIE_HIGH,
        metadata=labels("Eröffnung der ersten Hälfte", "how the first half is opened"),
    )
    starter_after_stock: StarterAfterStock = field(
        default=StarterAfterStock.ROUND_LOSER,
        metadata=labels("Beginner nach leerem Stock", "who starts once the Stock is empty"),
    )
    structure: Structure = field(
        default=Structure.HALVES_AND_FINAL,
        metadata=labels("Spielaufbau", "halves and final, or one half"),
    )
    final_starter: FinalStarter = field(
        default=FinalStarter.FIRST_HALF_LOSER,
        metadata=labels("Beginner des Finales", "who starts the final"),
    )
    strafdeckel: Strafdeckel = field(
        default=Strafdeckel.NONE,
        metadata=labels("Strafdeckel", "penalty Deckel for a die or cup off the table"),
    )
    # House-rule options (docs/house-rules.md); the defaults keep every preset as it was.
    general: bool = field(
        default=True,
        metadata=labels("Mit General", "a triple (2-2-2..6-6-6) is a General; off: einfacher Wurf"),
    )
    jule: bool = field(
        default=False,
        metadata=labels("Mit Jule", "1-2-4 is the special result Jule (rank: ladder)"),
    )
    jule_deckel: int = field(default=7, metadata=labels("Deckel für Jule", "Deckel a Jule gives"))
    jule_on_hand: bool = field(
        default=False,
        metadata=labels("Jule nur auf die Hand", "a composed Jule counts as einfacher Wurf"),
    )
    ladder: str = field(
        default=DEFAULT_LADDER,
        metadata=labels(
            "Rangfolge der Sonderwürfe",
            "the special results from high to low, e.g. 'schock_aus>jule>schock>general>strasse'",
        ),
    )
    take_back: bool = field(
        default=True,
        metadata=labels(
            "Herausgelegte Würfel zurücknehmen",
            "dice set aside after an earlier throw may go back into the cup",
        ),
    )
    last_throw_covered: bool = field(
        default=True,
        metadata=labels(
            "Letzter Wurf verdeckt",
            "a player's last throw stays under the cup until the showdown; off: shown at once",
        ),
    )
    schock_aus_keeps: bool = field(
        default=False,
        metadata=labels(
            "Schock-Aus-Werfer behält seine Deckel",
            "on Schock Aus the loser gets every Deckel but the thrower's; the half goes on"
            " unless the loser then holds all",
        ),
    )

    def __post_init__(self) -> None:
        if not self.base:
            object.__setattr__(self, "base", self.id)
        for name in FIELD_NAMES:
            value = getattr(self, name)
            checked = FIELDS.coerce(name, value)
            if checked is not value:  # "any" as well as SetAside.ANY, as rule files write it
                object.__setattr__(self, name, checked)
        if self.structure is Structure.ONE_HALF and self.final_starter is FinalStarter.RANDOM:
            raise RulesError(
                "final_starter = 'random' needs a final, but structure = 'one_half' has none",
                key="final_starter",
                value=str(self.final_starter),
                allowed="'first_half_loser' with structure = 'one_half'",
            )
        object.__setattr__(self, "ladder", ">".join(parse_ladder(self.ladder)))
        self._check_ladder()

    def ladder_kinds(self) -> tuple[str, ...]:
        """The special results in play, high to low (Jule and General only when on)."""
        off = {"jule"} if not self.jule else set()
        if not self.general:
            off.add("general")
        return tuple(k for k in self.ladder.split(">") if k not in off)

    def _check_ladder(self) -> None:
        kinds = self.ladder_kinds()
        if kinds[0] != "schock_aus" and not self.schock_aus_keeps:
            above = kinds[: kinds.index("schock_aus")]
            raise RulesError(
                f"ladder ranks {', '.join(above)} above schock_aus, but schock_aus_keeps = "
                "false: a Schock Aus gives every Deckel and ends the half, so no result "
                "can beat it",
                key="ladder",
                value=short_repr(self.ladder),
                allowed="schock_aus first in the ladder, or schock_aus_keeps = true",
            )

    def __hash__(self) -> int:
        # rules key many caches (evaluation tables, solver tables), which hash them on
        # every call: hash the fields once (as the generated hash would) and keep it
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, name) for name in FIELD_NAMES))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict[str, Any]:
        # the cached hash is per process (str hashes are salted): never pickle it
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

    def replace(self, **changes: Any) -> Rules:
        """Return a copy with some fields changed (validated again)."""
        for key in changes:
            if key not in FIELD_NAMES:
                raise FIELDS.unknown(key, changes[key], "unknown rules field")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every field as a plain value (enums as their string values)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = str(value) if isinstance(value, StrEnum) else value
        return out


_ENUMS: dict[str, type[StrEnum]] = {
    "set_aside": SetAside,
    "opening": Opening,
    "starter_after_stock": StarterAfterStock,
    "structure": Structure,
    "final_starter": FinalStarter,
    "strafdeckel": Strafdeckel,
}
_INT_RANGES: dict[str, tuple[int, int]] = {
    "deckel": (1, 99),
    "max_throws": (1, 9),
    "jule_deckel": (1, 99),
}
#: A rule set's id names files (saved games, docs pages): a short slug.
_ID_RE = re.compile(r"[^\W_][\w.-]{0,63}")
_TEXT_LIMITS = {"name": 100, "source": 300}


def _check_text(name: str, value: str) -> None:
    """The rules' own checks of a text field (an id is a slug, a name a short line)."""
    if name in ("id", "base") and value and not _ID_RE.fullmatch(value):
        raise RulesError(Msg("rules.bad_id"), key=name, value=short_repr(value),
                         allowed=Msg("rules.id_allowed"))
    if name == "ladder":
        parse_ladder(value)
    if name == "id" and not value:
        raise RulesError(Msg("rules.empty_id"), key=name, value=short_repr(value),
                         allowed=Msg("rules.id_allowed"))
    limit = _TEXT_LIMITS.get(name, 0)
    if limit and (len(value) > limit or not value.isprintable()):
        raise RulesError(
            Msg("rules.bad_text"),
            key=name,
            value=short_repr(value),
            allowed=Msg("rules.text_allowed", {"limit": limit}),
        )


#: The catalog message of each refusal :mod:`schock.loading` names for rules: its checks
#: of the fields (here) and of the files (:mod:`schock.rules.loader`).
_SAY = {
    "bad_value": "rules.bad_value", "unknown_key": "rules.unknown_key",
    "wrong_type": "rules.wrong_type", "one_of": "rules.one_of", "bool": "rules.bool",
    "int_range": "rules.int_range", "text": "rules.text", "unknown": "rules.unknown",
    "allowed_names": "rules.allowed_names", "no_file": "rules.no_file",
    "not_utf8": "rules.not_utf8", "cannot_read": "rules.cannot_read",
    "not_toml": "rules.not_toml", "too_deep": "rules.too_deep",
    "huge_number": "rules.huge_number", "tables": "rules.tables", "need_all": "rules.need_all",
    "need_all_allowed": "rules.need_all_allowed", "preset_or_path": "rules.preset_or_path",
}


def rules_msg(key: str, **params: object) -> Msg:
    """The message of the refusal :mod:`schock.loading` calls ``key``, for rules.

    >>> rules_msg("bool").text("de")
    'true oder false'
    """
    return Msg(_SAY[key], params)


#: The fields of :class:`Rules` and what each accepts (in the catalog's ``rules.*`` words).
FIELDS = FieldTypes(
    record=Rules,
    error=RulesError,
    say=rules_msg,
    enums=_ENUMS,
    int_ranges=_INT_RANGES,
    allowed_texts={"ladder": Msg("rules.ladder_names", {"names": ", ".join(LADDER_KINDS)})},
    check_text=_check_text,
)
FIELD_NAMES: tuple[str, ...] = FIELDS.names
_BOOLS = FIELDS.bools


def field_label(name: str, lang: str = "de") -> str:
    """The German (or English) label of a field."""
    return FIELDS.label(name, lang)


def allowed_values(name: str, lang: str = "en") -> str:
    """A human description of what a field accepts, in ``lang``.

    >>> allowed_values("deckel"), allowed_values("deckel", "de")
    ('a whole number from 1 to 99', 'eine ganze Zahl von 1 bis 99')
    """
    allowed = FIELDS.allowed(name)
    return allowed.text(lang) if isinstance(allowed, Msg) else allowed


def coerce_field(name: str, value: Any) -> Any:
    """Turn a raw (TOML) value into the field's type, or raise RulesError."""
    return FIELDS.coerce(name, value)
