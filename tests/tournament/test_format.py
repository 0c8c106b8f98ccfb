"""Tournament formats as data: presets from the seeds, user files, validation, points scaling."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from schock.tournament.format import (
    FIELD_NAMES,
    PRESETS,
    DrawMode,
    FormatError,
    Scoring,
    TeamScoring,
    field_label,
    load_format,
    loads_format,
)

# (preset, field, value): each from the seeds (shared/seeds) or docs/rules.md "Tournament formats".
SEED_TABLE = [
    ("irmgarteich", "table_size", 3),  # "gegen zwei Mitspieler"
    ("irmgarteich", "rounds", 2),  # "2 Halbzeiten"
    ("irmgarteich", "games_per_round", 30),  # "In jeder Halbzeit werden 30 Spiele gemacht"
    ("irmgarteich", "points", (6, 4, 2)),  # "6, 4 und 2 Punkte"
    ("irmgarteich", "trinkrunden", 5),  # "Je Halbzeit werden 5 Spielerunden festgelegt"
    ("irmgarteich", "scoring", Scoring.POINTS),
    ("irmgarteich", "draws", DrawMode.PLANNED),  # "im Vorfeld ausgelost"
    ("irmgarteich", "ties_share_higher", True),
    ("irmgarteich", "rules", "irmgarteich"),
    ("porz", "scoring", Scoring.CHIPS),
    ("porz", "chips", 3),  # "zu Beginn einer jeden Runde 3 Chips"
    ("porz", "chips_reset_each_round", True),
    ("porz", "eliminated_buys_drinks", True),  # "jedem verbliebenen Spieler ... ausgeben"
    ("porz", "draws", DrawMode.DYNAMIC),
    ("porz", "rules", "porz"),
    ("mosel", "scoring", Scoring.CHIPS),
    ("mosel", "chips_reset_each_round", False),  # lives over the whole event
    ("mosel", "reopen_after_leave", True),  # "Ebenso ist zu verfahren, wenn ... ausscheidet"
    ("mosel", "rules", "mosel"),
]


@pytest.mark.parametrize(("preset", "key", "value"), SEED_TABLE)
def test_presets_follow_the_seeds(preset: str, key: str, value: object) -> None:
    assert getattr(load_format(preset), key) == value


def test_every_preset_plays_its_rules_and_labels_every_field() -> None:
    for p in PRESETS:
        f = load_format(p)
        assert f.game_rules().id == p
        assert f.base == p
    for name in FIELD_NAMES:
        assert field_label(name, "de") and field_label(name, "en")


@pytest.mark.parametrize("size", range(2, 13))
@pytest.mark.parametrize("points", [(6, 4, 2), (10, 5, 3, 1), (3, 0), (9, 6, 4, 2, 1)])
def test_mean_points_per_player_and_game_are_equal_at_every_table_size(
    points: tuple[int, ...], size: int
) -> None:
    f = load_format("irmgarteich").replace(table_size=len(points), points=points)
    per_place = f.place_points(size)
    assert len(per_place) == size
    assert Fraction(sum(per_place), size) == Fraction(sum(points), len(points))
    assert list(per_place) == sorted(per_place, reverse=True)


def test_the_formula_gives_the_documented_values() -> None:
    f = load_format("irmgarteich")
    assert f.place_points(4) == (7, 5, 3, 1)
    assert f.place_points(2) == (5, 3)
    assert f.place_points(5) == (8, 6, 4, 2, 0)
    odd = f.replace(points=(5, 4, 2))  # mean 11/3, step 3/2: fractions where needed
    assert odd.place_points(3) == (5, 4, 2)
    assert odd.place_points(4)[0] == Fraction(11, 3) + Fraction(3, 2) * Fraction(3, 2)


def test_a_user_file_extends_a_preset(tmp_path: Path) -> None:
    (tmp_path / "haus.toml").write_text('extends = "porz"\nblind = true\n', "utf-8")
    path = tmp_path / "dorf.toml"
    path.write_text(
        'extends = "irmgarteich"\nname = "Dorfmeisterschaft"\ntable_size = 4\n'
        'points = [7, 5, 3, 1]\nteam_scoring = "best"\nteam_best = 2\nrules = "haus.toml"\n'
        "trinkrunden = 2\ntrinkrunden_games = [10, 20]\n",
        "utf-8",
    )
    f = load_format(str(path))
    assert (f.id, f.name, f.base, f.table_size) == ("dorf", "Dorfmeisterschaft", "irmgarteich", 4)
    assert f.team_scoring is TeamScoring.BEST and f.team_best == 2
    assert f.trinkrunden_games == (10, 20)
    assert f.game_rules().blind is True
    chained = tmp_path / "chain.toml"
    chained.write_text('extends = "dorf.toml"\ngames_per_round = 20\n', "utf-8")
    g = load_format(str(chained))
    assert (g.games_per_round, g.table_size, g.base) == (20, 4, "irmgarteich")


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        (
            "extends = 'porz'\nchips = -1",
            "chips = -1: bad value; allowed: a whole number from 0 to 99",
        ),
        ("extends = 'porz'\nchips = 0", "chips = 0: a chips format needs chips"),
        ("extends = 'irmgarteich'\npoints = [6, 4]", "points = [6, 4]: one value per place"),
        ("extends = 'irmgarteich'\npoints = [2, 4, 6]", "points must fall"),
        (
            "extends = 'irmgarteich'\nscoring = 'goals'",
            "scoring = 'goals': bad value; allowed: one of 'points', 'chips'",
        ),
        (
            "extends = 'irmgarteich'\ntie_breaks = ['lot', 'age']",
            "tie_breaks = ['lot', 'age']: bad value",
        ),
        ("extends = 'irmgarteich'\ntie_breaks = ['lot', 'lot']", "a tie-break twice"),
        ("extends = 'irmgarteich'\ncolour = 'red'", "colour = 'red': unknown key"),
        (
            "extends = 'irmgarteich'\ntrinkrunden_games = [31, 1, 2, 3, 4]",
            "no such game in a round",
        ),
        (
            "extends = 'irmgarteich'\ntrinkrunden_games = [1, 2]",
            "trinkrunden = 5 but 2 games named",
        ),
        ("extends = 'irmgarteich'\nrules = 'skat'", "rules = 'skat': not a rule set"),
        (
            "extends = 'irmgarteich'\ntable_size = 13",
            "table_size = 13: bad value; allowed: a whole number from 2 to 12",
        ),
        (
            "extends = 'porz'\nadvance_per_table = 4",
            "advance_per_table = 4: a table's round would never end",
        ),
        ("extends = 'kegeln'", "extends = 'kegeln': neither a format preset nor"),
        ("extends = 'porz'\n[x]\ny = 1", "tables are not used"),
        ("id = 'x'", "must give every field; missing: name"),
        ("extends = ", "not valid TOML"),
    ],
)
def test_bad_format_files_name_the_file_key_value_and_what_is_allowed(
    text: str, expect: str
) -> None:
    with pytest.raises(FormatError) as info:
        loads_format(text, name="f.toml")
    assert str(info.value).startswith("f.toml: ")
    assert expect in str(info.value)


def test_unknown_names_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="unknown tournament format 'skat'"):
        load_format("skat")
    with pytest.raises(FormatError, match="no such format file"):
        load_format(str(tmp_path / "nope.toml"))
    loop = tmp_path / "loop.toml"
    loop.write_text('extends = "loop.toml"\n', "utf-8")
    with pytest.raises(FormatError, match="goes round in a circle"):
        load_format(str(loop))


def test_to_dict_round_trips() -> None:
    for p in PRESETS:
        f = load_format(p)
        data = f.to_dict()
        assert type(f)(**data) == f
