"""Tournament formats as data: one frozen, self-validating record per format.

A format says how a tournament evening runs: the table size, how many
tournament rounds (Irmgarteich: "Halbzeiten") and games per round, how a game
scores (points per place, or chips/lives lost by the game's loser), the
Trinkrunden, team scoring, the tie-break chain and the side prizes. The game
played at each table follows a rule set (``rules``: any rules preset or a
house-rules file). Nothing in the tournament code branches on a format's
name, only on these fields.

The presets ship as TOML (``presets/*.toml``); a user's format file
``extends`` a preset (or another format file, by a path relative to itself)
and overrides fields::

    extends = "irmgarteich"
    id = "dorfmeisterschaft"
    name = "Dorfmeisterschaft"
    table_size = 4
    points = [7, 5, 3, 1]
    team_scoring = "best"
    team_best = 3

>>> f = load_format("irmgarteich")
>>> f.table_size, f.points, f.games_per_round, f.rounds
(3, (6, 4, 2), 30, 2)
>>> [str(p) for p in f.place_points(4)]
['7', '5', '3', '1']
>>> load_format("porz").chips, load_format("mosel").reopen_after_leave
(3, True)
>>> load_format("skat")
Traceback (most recent call last):
...
schock.tournament.format.FormatError: unknown tournament format 'skat'; allowed: a preset (irmgarteich, porz, mosel) or the path of a format TOML file

Points per table size
---------------------
``points`` gives the points per place (best first) at a table of
``table_size``. Tables of another size ``n`` (13 players at tables of 3: one
table of 4) get points with the **same mean and the same step**, so that the
average points per player and game are equal at every table size::

    m = sum(points) / len(points)                 # mean points per player and game
    d = (points[0] - points[-1]) / (len(points) - 1)   # step between places
    p_k(n) = m + d * ((n + 1) / 2 - k)            # place k = 1 (best) .. n

For 6/4/2 (m = 4, d = 2): tables of 2 get 5/3, of 4 get 7/5/3/1, of 5 get
8/6/4/2/0. The value is exact (a :class:`~fractions.Fraction`); it is a whole
number whenever ``d`` is even or ``n`` is odd. At the format's own table size
``points`` is used exactly as written (it need not be evenly spaced).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from schock.engine.game import MAX_SEATS, MIN_SEATS
from schock.errors import DataFileError, SchockError
from schock.loading import DataFiles, FieldTypes, labels
from schock.messages import Msg
from schock.rules import PRESETS as RULES_PRESETS
from schock.rules import Rules, load_rules

#: The shipped formats.
PRESETS: tuple[str, ...] = ("irmgarteich", "porz", "mosel")

_ALIASES = {"irmgarteicher": "irmgarteich", "porzer": "porz", "moselschock": "mosel"}


class FormatError(DataFileError):
    """A format that is not valid: names the file, the key, the value and what is allowed.

    >>> str(FormatError("bad value", key="chips", value="-1", allowed="0 to 99", file="f.toml"))
    'f.toml: chips = -1: bad value; allowed: 0 to 99'
    """


class Scoring(StrEnum):
    """How a game at a table scores."""

    POINTS = "points"
    """Points per place in the order of going out (Irmgarteich)."""
    CHIPS = "chips"
    """The game's loser gives up a chip (a life); at 0 he is eliminated (Porz, Mosel)."""


class DrawMode(StrEnum):
    """How tables are drawn."""

    PLANNED = "planned"
    """All rounds drawn in advance, few repeat opponents over the whole event."""
    DYNAMIC = "dynamic"
    """Each round drawn anew from the players still in, using the meetings so far."""


class TeamScoring(StrEnum):
    """How a team's score is formed from its players' scores."""

    NONE = "none"
    SUM = "sum"
    BEST = "best"
    """The sum of the best ``team_best`` players."""


class TieBreak(StrEnum):
    """One link of the tie-break chain."""

    LOST_GAMES = "lost_games"
    """Fewer lost games first."""
    SCHOCK_AUS = "schock_aus"
    """More Schock Aus first."""
    HEAD_TO_HEAD = "head_to_head"
    """Better placed against the tied players in the games they played together."""
    LOT = "lot"
    """A lot, fixed by the tournament's seed and the start numbers."""


class SidePrize(StrEnum):
    """Side prizes beside the ranking."""

    SCHOCK_AUS_KOENIG = "schock_aus_koenig"
    """Most Schock Aus thrown."""
    ROTE_LATERNE = "rote_laterne"
    """The last place."""
    DURSTIGSTER = "durstigster"
    """Most drinks bought."""


@dataclass(frozen=True, kw_only=True)
class TournamentFormat:
    """A complete tournament format. Create it with :func:`load_format`."""

    id: str = field(metadata=labels("Kennung", "identifier of the format"))
    name: str = field(metadata=labels("Name", "name of the format"))
    source: str = field(default="", metadata=labels("Quelle", "where the format comes from"))
    base: str = field(default="", metadata=labels("Grundlage", "the preset this format extends"))
    rules: str = field(
        default="porz",
        metadata=labels("Spielregeln", "the rules at the tables: a rules preset or a rules file"),
    )
    scoring: Scoring = field(
        default=Scoring.POINTS, metadata=labels("Wertung", "points per place, or chips/lives")
    )
    draws: DrawMode = field(
        default=DrawMode.PLANNED,
        metadata=labels("Auslosung", "all rounds in advance, or each round anew"),
    )
    table_size: int = field(default=3, metadata=labels("Spieler je Tisch", "players per table"))
    rounds: int = field(
        default=2,
        metadata=labels(
            "Turnierrunden (Halbzeiten)", "tournament rounds; 0: until one player is left"
        ),
    )
    games_per_round: int = field(
        default=30,
        metadata=labels(
            "Spiele je Runde",
            "games per table and round; 0: until advance_per_table players keep chips",
        ),
    )
    points: tuple[int, ...] = field(
        default=(6, 4, 2),
        metadata=labels("Punkte je Platz", "points per place at a table of table_size, best first"),
    )
    ties_share_higher: bool = field(
        default=True,
        metadata=labels(
            "Gleichzeitig raus: höhere Punkte",
            "players going out at the same moment share the higher points",
        ),
    )
    chips: int = field(
        default=0, metadata=labels("Chips/Leben je Spieler", "chips (lives) per player; 0: none")
    )
    chips_reset_each_round: bool = field(
        default=False,
        metadata=labels("Chips jede Runde neu", "every player gets his chips anew each round"),
    )
    advance_per_table: int = field(
        default=1,
        metadata=labels("Weiter je Tisch", "a table's round ends when this many players keep chips"),
    )
    eliminated_buys_drinks: bool = field(
        default=False,
        metadata=labels(
            "Ausgeschiedener gibt aus", "an eliminated player buys each remaining table-mate"
        ),
    )
    reopen_after_leave: bool = field(
        default=False,
        metadata=labels(
            "Neue Eröffnung nach Ausscheiden",
            "when a player leaves a table, its next game opens with the rules' opening",
        ),
    )
    trinkrunden: int = field(
        default=0, metadata=labels("Trinkrunden je Runde", "drinking games per round")
    )
    trinkrunden_games: tuple[int, ...] = field(
        default=(),
        metadata=labels(
            "Trinkrunden (Spielnummern)", "which games are Trinkrunden; empty: drawn in advance"
        ),
    )
    team_scoring: TeamScoring = field(
        default=TeamScoring.NONE, metadata=labels("Mannschaftswertung", "none, sum or best N")
    )
    team_best: int = field(
        default=3, metadata=labels("Beste je Mannschaft", "players counted with team_scoring=best")
    )
    tie_breaks: tuple[TieBreak, ...] = field(
        default=(TieBreak.LOST_GAMES, TieBreak.SCHOCK_AUS, TieBreak.HEAD_TO_HEAD, TieBreak.LOT),
        metadata=labels("Gleichstand", "the tie-break chain, in order"),
    )
    side_prizes: tuple[SidePrize, ...] = field(
        default=(SidePrize.SCHOCK_AUS_KOENIG, SidePrize.ROTE_LATERNE),
        metadata=labels("Sonderpreise", "side prizes"),
    )

    def __post_init__(self) -> None:
        if not self.base:
            object.__setattr__(self, "base", self.id)
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            object.__setattr__(self, f.name, coerce_field(f.name, value))
        self._check()

    def _check(self) -> None:
        if self.scoring is Scoring.POINTS:
            if len(self.points) != self.table_size:
                raise FormatError(
                    f"one value per place at a table of {self.table_size}",
                    key="points",
                    value=repr(list(self.points)),
                    allowed=f"{self.table_size} whole numbers, best place first",
                )
            if list(self.points) != sorted(self.points, reverse=True) or (
                self.points[0] == self.points[-1]
            ):
                raise FormatError(
                    "points must fall from the best place to the worst",
                    key="points",
                    value=repr(list(self.points)),
                    allowed="whole numbers, best place first, first > last",
                )
            if self.games_per_round == 0 or self.rounds == 0:
                key = "games_per_round" if self.games_per_round == 0 else "rounds"
                raise FormatError(
                    "a points format needs a fixed number",
                    key=key,
                    value="0",
                    allowed="a whole number from 1 (0 only with scoring = 'chips')",
                )
        else:
            if self.chips < 1:
                raise FormatError(
                    "a chips format needs chips",
                    key="chips",
                    value=str(self.chips),
                    allowed="a whole number from 1 to 99",
                )
            if self.advance_per_table >= self.table_size:
                raise FormatError(
                    "a table's round would never end",
                    key="advance_per_table",
                    value=str(self.advance_per_table),
                    allowed=f"1 to {self.table_size - 1} (below table_size)",
                )
        bad = [g for g in self.trinkrunden_games if g > self.games_per_round > 0]
        if bad:
            raise FormatError(
                "no such game in a round",
                key="trinkrunden_games",
                value=repr(list(self.trinkrunden_games)),
                allowed=f"game numbers 1 to {self.games_per_round}",
            )
        if self.trinkrunden_games and len(self.trinkrunden_games) != self.trinkrunden:
            raise FormatError(
                f"trinkrunden = {self.trinkrunden} but {len(self.trinkrunden_games)} games named",
                key="trinkrunden_games",
                value=repr(list(self.trinkrunden_games)),
                allowed=f"exactly {self.trinkrunden} game numbers, or none (drawn)",
            )
        if 0 < self.games_per_round < self.trinkrunden:
            raise FormatError(
                "more Trinkrunden than games",
                key="trinkrunden",
                value=str(self.trinkrunden),
                allowed=f"0 to {self.games_per_round}",
            )
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise FormatError(
                "a tie-break twice",
                key="tie_breaks",
                value=repr([str(t) for t in self.tie_breaks]),
                allowed="each of " + ", ".join(repr(str(t)) for t in TieBreak) + " at most once",
            )

    def game_rules(self, base_dir: Path | None = None) -> Rules:
        """The rule set played at the tables."""
        return load_rules(self.rules if base_dir is None else _rules_path(self.rules, base_dir))

    def place_points(self, size: int) -> tuple[Fraction, ...]:
        """Points per place (best first) at a table of ``size``; see the module doc.

        >>> f = load_format("irmgarteich")
        >>> [str(p) for p in f.place_points(2)], [str(p) for p in f.place_points(3)]
        (['5', '3'], ['6', '4', '2'])
        >>> sum(f.place_points(5)) / 5 == sum(f.place_points(3)) / 3
        True
        """
        if not MIN_SEATS <= size <= MAX_SEATS:
            raise FormatError(
                "no such table size",
                key="size",
                value=str(size),
                allowed=f"{MIN_SEATS} to {MAX_SEATS}",
            )
        if size == len(self.points):
            return tuple(Fraction(p) for p in self.points)
        mean = Fraction(sum(self.points), len(self.points))
        step = Fraction(self.points[0] - self.points[-1], len(self.points) - 1)
        return tuple(mean + step * (Fraction(size + 1, 2) - k) for k in range(1, size + 1))

    def replace(self, **changes: Any) -> TournamentFormat:
        """A copy with some fields changed (validated again)."""
        for key in changes:
            if key not in FIELD_NAMES:
                raise FIELDS.unknown(key, changes[key], "unknown format field")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every field as a plain JSON/TOML value."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = [str(v) if isinstance(v, StrEnum) else v for v in value]
            elif isinstance(value, StrEnum):
                value = str(value)
            out[f.name] = value
        return out


#: The errors of format files and their fields (schock.loading's keys), in English.
_WORDS = {
    "unknown": "unknown tournament format {name}",
    "allowed_names": f"a preset ({', '.join(PRESETS)}) or the path of a format TOML file",
    "no_file": "no such format file",
    "not_utf8": "not UTF-8 text (byte {byte})",
    "cannot_read": "cannot read the file: {reason}",
    "not_toml": "not valid TOML: {reason}",
    "too_deep": "not a valid format: nested too deeply",
    "huge_number": "not a valid format: a number with thousands of digits",
    "tables": "tables are not used in format files; write every key at the top level",
    "need_all": "a format file without 'extends' must give every field; missing: {missing}",
    "need_all_allowed": "extends = a preset id, or all fields",
    "wrong_type": "wrong type",
    "unknown_key": "unknown key",
    "bad_value": "bad value",
    "one_of": "one of {values}",
    "list_of": "a list of {values}",
    "bool": "true or false",
    "int_range": "a whole number from {lo} to {hi}",
    "int_list": "a list of whole numbers from {lo} to {hi}",
    "text": "a text",
    "preset_or_path": "a preset id or a path",
    "no_extends": "neither a format preset nor an existing format file",
}


def _say(key: str, **params: object) -> str:
    """Format files are told in English."""
    return _WORDS[key].format(**{k: v.text("en") if isinstance(v, Msg) else v for k, v in params.items()})


def _check_text(name: str, value: str) -> None:
    if name == "id" and not value.strip():
        raise FormatError("empty id", key=name, value=repr(value), allowed=allowed_values(name))


def _show(value: object) -> str:
    return repr([str(v) for v in value] if isinstance(value, tuple) else value)


#: The fields of :class:`TournamentFormat` and what each accepts (format files are told
#: in English).
FIELDS = FieldTypes(
    record=TournamentFormat,
    error=FormatError,
    say=_say,
    enums={"scoring": Scoring, "draws": DrawMode, "team_scoring": TeamScoring},
    enum_lists={"tie_breaks": TieBreak, "side_prizes": SidePrize},
    int_ranges={
        "table_size": (MIN_SEATS, MAX_SEATS),
        "rounds": (0, 99),
        "games_per_round": (0, 999),
        "chips": (0, 99),
        "advance_per_table": (1, MAX_SEATS - 1),
        "trinkrunden": (0, 999),
        "team_best": (1, 99),
    },
    int_lists={"points": (0, 999), "trinkrunden_games": (1, 999)},
    check_text=_check_text,
    show=_show,
)
FIELD_NAMES: tuple[str, ...] = FIELDS.names


def field_label(name: str, lang: str = "de") -> str:
    """The German (or English) label of a field.

    >>> field_label("trinkrunden"), field_label("chips", "en")
    ('Trinkrunden je Runde', 'chips (lives) per player; 0: none')
    """
    return FIELDS.label(name, lang)


def allowed_values(name: str) -> str:
    """A human description of what a field accepts."""
    return str(FIELDS.allowed(name))


def coerce_field(name: str, value: Any) -> Any:
    """Turn a raw (TOML/JSON) value into the field's type, or raise FormatError."""
    return FIELDS.coerce(name, value)


# ------------------------------------------------------------------ loading

def _rules_path(rules: str, base_dir: Path) -> str:
    if rules.strip().lower() in RULES_PRESETS or not rules.endswith(".toml"):
        return rules
    path = Path(rules)
    return str(path if path.is_absolute() else (base_dir / path).resolve())


def _prepare(values: dict[str, Any], base_dir: Path | None) -> None:
    """A format's rules: a path relative to its file, and a rule set that loads."""
    if "rules" in values and base_dir is not None:
        values["rules"] = _rules_path(values["rules"], base_dir)
    if "rules" in values:
        try:
            load_rules(values["rules"])
        except SchockError as exc:
            raise FormatError(
                f"not a rule set: {exc}",
                key="rules",
                value=repr(values["rules"]),
                allowed="a rules preset (" + ", ".join(RULES_PRESETS) + ") or a rules file",
            ) from None


def _extend(parent: TournamentFormat, values: dict[str, Any], label: str) -> TournamentFormat:
    """A format file: the fields it gives on the format it extends."""
    stem = Path(label).stem if not label.startswith("<") else ""
    values.setdefault("id", stem or f"{parent.id}-custom")
    values.setdefault("name", f"{parent.name} ({values['id']})")
    values["base"] = parent.base
    values.setdefault("source", parent.source)
    return parent.replace(**values)


_FILES: DataFiles[TournamentFormat] = DataFiles(
    noun="format",
    error=FormatError,
    presets=PRESETS,
    aliases=_ALIASES,
    package="schock.tournament",
    preset_label="<format preset {}>",
    fields=FIELDS,
    make=lambda values: TournamentFormat(**values),
    extend=_extend,
    say=_say,
    prepare=_prepare,
)


def preset_id(name: str) -> str | None:
    """The preset id for a name or alias (any case), or None."""
    return _FILES.preset_id(name)


def load_format(name_or_path: str | Path) -> TournamentFormat:
    """A preset by id or alias, or a format TOML file by path."""
    return _FILES.load(name_or_path)


def loads_format(
    text: str, *, name: str = "<string>", base_dir: Path | None = None
) -> TournamentFormat:
    """A format from TOML text (``extends`` and ``rules`` paths relative to ``base_dir``)."""
    return _FILES.loads(text, name=name, base_dir=base_dir)
