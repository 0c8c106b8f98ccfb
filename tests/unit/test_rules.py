"""The rule model and its loading: presets against the docs/rules.md table,
aliases, validation, house-rules files."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

import schock
from schock import Rules, RulesError, load_rules
from schock.rules import (
    FIELD_NAMES,
    PRESETS,
    FinalStarter,
    Opening,
    SetAside,
    StarterAfterStock,
    Strafdeckel,
    Structure,
    loads_rules,
    preset_id,
)

ORDER = ("ferschweiler", "porz", "mosel", "irmgarteich", "niederrhein")

# docs/rules.md, "Preset differences", row by row:
#              field                       ferschweiler  porz  mosel  irmgarteich  niederrhein
EXPECTED: dict[str, tuple[Any, Any, Any, Any, Any]] = {
    # which dice may be set aside between throws
    "set_aside": (SetAside.ONES, SetAside.ONES, SetAside.ANY, SetAside.ANY, SetAside.ANY),
    # Straße must be auf die Hand
    "strasse_on_hand": (True, True, True, False, True),
    # General must be auf die Hand
    "general_on_hand": (True, True, True, False, True),
    # Schock doof (1-1-2) ranks above every General
    "schock_doof_above_general": (True, True, True, True, False),
    # equal results: fewer throws is better, before Mit ist Shit
    "fewer_throws_better": (False, True, True, True, True),
    # Schock Hand
    "schock_hand": (True, False, False, False, False),
    # blind
    "blind": (False, False, False, True, False),
    # Einkaufen
    "einkaufen": (False, True, False, False, True),
    # simultaneous first throw ("laden")
    "simultaneous_first_throw": (True, False, True, True, False),
    # opening of the first half: one die each highest / opening round / one die lowest
    "opening": (
        Opening.ONE_DIE_HIGH,
        Opening.OPENING_ROUND_YOUNGEST,  # opening round; porz: the youngest of the tied loses
        Opening.ONE_DIE_LOW,
        Opening.ONE_DIE_HIGH,
        Opening.OPENING_ROUND,
    ),
    # who starts a round once the Stock is empty
    "starter_after_stock": (
        StarterAfterStock.ROUND_LOSER,
        StarterAfterStock.ROUND_LOSER,
        StarterAfterStock.MOST_DECKEL,
        StarterAfterStock.ROUND_LOSER,
        StarterAfterStock.ROUND_LOSER,
    ),
    # game structure
    "structure": (
        Structure.HALVES_AND_FINAL,
        Structure.ONE_HALF,
        Structure.HALVES_AND_FINAL,
        Structure.ONE_HALF,
        Structure.HALVES_AND_FINAL,
    ),
    # Fields fixed elsewhere in docs/rules.md:
    # "Deckel: penalty tokens, 13 per half"
    "deckel": (13, 13, 13, 13, 13),
    # "A player has up to 3 throws per round"
    "max_throws": (3, 3, 3, 3, 3),
    # "Sechsen drehen (all presets)"
    "sixes_turning": (True, True, True, True, True),
    # "Final: the loser of the first half (ferschweiler: an uninvolved player decides)"
    "final_starter": (
        FinalStarter.RANDOM,
        FinalStarter.FIRST_HALF_LOSER,
        FinalStarter.FIRST_HALF_LOSER,
        FinalStarter.FIRST_HALF_LOSER,
        FinalStarter.FIRST_HALF_LOSER,
    ),
    # "Strafdeckel (porz, mosel ...): if the Stock is empty, mosel takes it from the right"
    "strafdeckel": (
        Strafdeckel.NONE,
        Strafdeckel.STOCK,
        Strafdeckel.STOCK_THEN_RIGHT,
        Strafdeckel.NONE,
        Strafdeckel.NONE,
    ),
    # House-rule options (issue 16, docs/house-rules.md): docs/rules.md's results table
    # and turn, the same in every preset.
    "general": (True,) * 5,
    "jule": (False,) * 5,
    "jule_deckel": (7,) * 5,
    "jule_on_hand": (False,) * 5,
    "ladder": ("schock_aus>jule>schock>general>strasse",) * 5,
    "take_back": (True,) * 5,
    "last_throw_covered": (True,) * 5,
    "schock_aus_keeps": (False,) * 5,
}

PRESET_FIELD_CASES = [
    pytest.param(preset, name, values[i], id=f"{preset}-{name}")
    for name, values in EXPECTED.items()
    for i, preset in enumerate(ORDER)
]


def test_presets_in_rules_md_order() -> None:
    assert PRESETS == ORDER
    assert schock.PRESETS == ORDER


def test_expected_table_covers_every_rule_field() -> None:
    """A new field must get a row here (and in docs/rules.md)."""
    assert set(EXPECTED) == set(FIELD_NAMES) - {"id", "name", "source", "base"}


@pytest.mark.parametrize(("preset", "name", "expected"), PRESET_FIELD_CASES)
def test_preset_field(preset: str, name: str, expected: Any) -> None:
    value = getattr(load_rules(preset), name)
    assert value == expected
    assert type(value) is type(expected)


@pytest.mark.parametrize("preset", ORDER)
def test_preset_identity(preset: str) -> None:
    r = load_rules(preset)
    assert r.id == preset
    assert r.base == preset
    assert r.name.strip()
    assert r.source.strip()


@pytest.mark.parametrize("preset", ORDER)
def test_to_dict_plain_values(preset: str) -> None:
    d = load_rules(preset).to_dict()
    assert list(d) == list(FIELD_NAMES)
    for value in d.values():
        assert type(value) in (str, bool, int)
    assert d["set_aside"] == str(EXPECTED["set_aside"][ORDER.index(preset)])


# --------------------------------------------------------------------------
# Names and aliases
# --------------------------------------------------------------------------

_NAMES = [
    ("ferschweiler", "ferschweiler"),
    ("Ferschweiler", "ferschweiler"),
    ("FERSCHWEILER", "ferschweiler"),
    ("plateau", "ferschweiler"),
    ("Plateau-Schocken", "ferschweiler"),
    ("porz", "porz"),
    ("Porzer", "porz"),
    ("  PORZ  ", "porz"),
    ("Mosel", "mosel"),
    ("moselschock", "mosel"),
    ("Irmgarteich", "irmgarteich"),
    ("IRMGARTEICHER", "irmgarteich"),
    ("niederrhein", "niederrhein"),
    ("NRW", "niederrhein"),
    ("nrw", "niederrhein"),
]


@pytest.mark.parametrize(("name", "pid"), [pytest.param(n, p, id=n.strip()) for n, p in _NAMES])
def test_names_and_aliases(name: str, pid: str) -> None:
    assert preset_id(name) == pid
    assert load_rules(name) == load_rules(pid)
    assert load_rules(name).id == pid


@pytest.mark.parametrize("name", ["skat", "", "porz2", "mosel-schock", "köln"])
def test_unknown_name(name: str) -> None:
    assert preset_id(name) is None


def test_load_unknown_rule_set_error_lists_presets() -> None:
    with pytest.raises(RulesError) as info:
        load_rules("skat")
    msg = str(info.value)
    assert "'skat'" in msg
    for p in ORDER:
        assert p in msg


# --------------------------------------------------------------------------
# Rules.replace validates
# --------------------------------------------------------------------------


def test_replace_changes_one_field_only() -> None:
    porz = load_rules("porz")
    r = porz.replace(einkaufen=False, deckel=15)
    assert (r.einkaufen, r.deckel) == (False, 15)
    assert porz.einkaufen is True and porz.deckel == 13  # original untouched
    for name in FIELD_NAMES:
        if name not in ("einkaufen", "deckel"):
            assert getattr(r, name) == getattr(porz, name)


@pytest.mark.parametrize(
    ("name", "value", "member"),
    [
        ("set_aside", "any", SetAside.ANY),
        ("set_aside", SetAside.ANY, SetAside.ANY),
        ("opening", "one_die_low", Opening.ONE_DIE_LOW),
        ("strafdeckel", "stock_then_right", Strafdeckel.STOCK_THEN_RIGHT),
        ("starter_after_stock", "most_deckel", StarterAfterStock.MOST_DECKEL),
    ],
    ids=["set_aside-str", "set_aside-enum", "opening-str", "strafdeckel-str", "starter-str"],
)
def test_replace_accepts_enum_values(name: str, value: Any, member: Any) -> None:
    """A valid value given as its string (as to_dict and TOML write it) is accepted
    and stored as the enum member."""
    r = load_rules("porz").replace(**{name: value})
    assert getattr(r, name) is member


_BAD_REPLACE = [
    # (field, bad value, fragments the message must contain)
    ("set_aside", "sixes", ["set_aside", "'sixes'", "'ones'", "'any'"]),
    ("opening", "coin_toss", ["opening", "'coin_toss'", "'one_die_high'", "'opening_round'"]),
    ("structure", 2, ["structure", "2", "'one_half'", "'halves_and_final'"]),
    ("einkaufen", "yes", ["einkaufen", "'yes'", "true or false"]),
    ("blind", 1, ["blind", "1", "true or false"]),
    ("schock_hand", None, ["schock_hand", "None", "true or false"]),
    ("deckel", 0, ["deckel", "0", "1 to 99"]),
    ("deckel", 100, ["deckel", "100", "1 to 99"]),
    ("deckel", "13", ["deckel", "'13'", "1 to 99"]),
    ("deckel", True, ["deckel", "True", "1 to 99"]),
    ("deckel", 13.0, ["deckel", "13.0", "1 to 99"]),
    ("max_throws", 0, ["max_throws", "0", "1 to 9"]),
    ("max_throws", 10, ["max_throws", "10", "1 to 9"]),
    ("name", 5, ["name", "5", "text"]),
    ("id", "  ", ["id", "'  '"]),
    ("no_such_field", 1, ["no_such_field", "unknown", "einkaufen", "set_aside"]),
    ("Einkaufen", False, ["Einkaufen", "unknown"]),
]


@pytest.mark.parametrize(
    ("name", "value", "fragments"),
    [pytest.param(n, v, f, id=f"{n}={v!r}") for n, v, f in _BAD_REPLACE],
)
def test_replace_rejects(name: str, value: Any, fragments: list[str]) -> None:
    porz = load_rules("porz")
    with pytest.raises(RulesError) as info:
        porz.replace(**{name: value})
    err = info.value
    assert err.key == name
    msg = str(err)
    for fragment in fragments:
        assert fragment in msg, (fragment, msg)
    assert isinstance(err, schock.InvalidInputError)
    assert isinstance(err, ValueError)


def test_final_starter_random_needs_a_final() -> None:
    with pytest.raises(RulesError) as info:
        load_rules("ferschweiler").replace(structure=Structure.ONE_HALF)
    assert info.value.key == "final_starter"
    assert "one_half" in str(info.value)
    # and it is fine once the final starter fits
    r = load_rules("ferschweiler").replace(
        structure=Structure.ONE_HALF, final_starter=FinalStarter.FIRST_HALF_LOSER
    )
    assert r.structure is Structure.ONE_HALF


# --------------------------------------------------------------------------
# Frozen and hashable
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["einkaufen", "deckel", "set_aside", "id"])
def test_rules_are_frozen(name: str) -> None:
    r = load_rules("mosel")
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(r, name, getattr(r, name))


def test_rules_are_hashable() -> None:
    a = load_rules("porz")
    b = loads_rules(
        f'extends = "porz"\nid = "porz"\nname = "{a.name}"\nsource = "{a.source}"\n'
    )
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, load_rules("mosel")}) == 2
    assert {a: 1}[b] == 1
    c = a.replace(einkaufen=False)
    assert c != a
    assert len({a, c}) == 2


# --------------------------------------------------------------------------
# House-rules files
# --------------------------------------------------------------------------


def test_loads_rules_extends_preset() -> None:
    text = """
extends = "porz"
id = "zum-goldenen-becher"
name = "Zum Goldenen Becher"
einkaufen = false
fewer_throws_better = false
set_aside = "any"
"""
    r = loads_rules(text)
    porz = load_rules("porz")
    assert r.id == "zum-goldenen-becher"
    assert r.name == "Zum Goldenen Becher"
    assert r.base == "porz"
    assert r.source == ""  # house rules are not the rulebook they extend (issue 15)
    assert porz.source
    assert r.einkaufen is False
    assert r.fewer_throws_better is False
    assert r.set_aside is SetAside.ANY
    for name in set(FIELD_NAMES) - {
        "id",
        "name",
        "source",
        "einkaufen",
        "fewer_throws_better",
        "set_aside",
    }:
        assert getattr(r, name) == getattr(porz, name), name


def test_loads_rules_extends_alias_any_case_and_defaults() -> None:
    r = loads_rules('extends = "NRW"\nblind = true\n')
    nrw = load_rules("niederrhein")
    assert r.base == "niederrhein"
    assert r.blind is True
    assert r.id == "niederrhein-custom"
    assert nrw.name in r.name
    assert r.source == ""
    assert r.replace(id=nrw.id, name=nrw.name, source=nrw.source, blind=False) == nrw


def test_extends_another_file_relative(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "base.toml").write_text('extends = "mosel"\nid = "base"\neinkaufen = true\n')
    (tmp_path / "sub" / "child.toml").write_text('extends = "../base.toml"\ndeckel = 15\n')
    r = load_rules(tmp_path / "sub" / "child.toml")
    assert r.id == "child"  # from the file name
    assert r.base == "mosel"
    assert r.einkaufen is True  # from base.toml
    assert r.deckel == 15
    assert r.opening is Opening.ONE_DIE_LOW  # from mosel
    # loads_rules resolves relative to base_dir
    r2 = loads_rules('extends = "base.toml"\nid = "x"\n', base_dir=tmp_path)
    assert (r2.base, r2.einkaufen, r2.deckel) == ("mosel", True, 13)
    # and load_rules takes a str path too
    assert load_rules(str(tmp_path / "sub" / "child.toml")) == r


def test_extends_cycle(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('extends = "b.toml"\n')
    (tmp_path / "b.toml").write_text('extends = "a.toml"\n')
    with pytest.raises(RulesError) as info:
        load_rules(tmp_path / "a.toml")
    assert info.value.key == "extends"
    assert "circle" in str(info.value)


def test_extends_unknown(tmp_path: Path) -> None:
    with pytest.raises(RulesError) as info:
        loads_rules('extends = "skat"\n', base_dir=tmp_path)
    assert info.value.key == "extends"
    assert "'skat'" in str(info.value)
    assert "porz" in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RulesError) as info:
        load_rules(tmp_path / "nope.toml")
    assert "nope.toml" in str(info.value)


def _toml(values: dict[str, Any]) -> str:
    lines = []
    for key, value in values.items():
        if isinstance(value, bool):
            lines.append(f"{key} = {'true' if value else 'false'}")
        elif isinstance(value, int):
            lines.append(f"{key} = {value}")
        else:
            lines.append(f"{key} = {json.dumps(value)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("preset", ORDER)
def test_file_without_extends_giving_every_field(preset: str) -> None:
    r = load_rules(preset)
    assert loads_rules(_toml(r.to_dict())) == r


def test_file_without_extends_missing_fields_lists_them() -> None:
    text = 'id = "bare"\nname = "Bare"\ndeckel = 13\nblind = true\n'
    with pytest.raises(RulesError) as info:
        loads_rules(text, name="bare.toml")
    msg = str(info.value)
    assert "bare.toml" in msg
    missing = msg.split("missing: ", 1)[1].split(";")[0].split(", ")
    expected = [
        f for f in FIELD_NAMES if f not in ("id", "name", "deckel", "blind", "source", "base")
    ]
    assert missing == expected


def test_file_without_extends_one_missing_field() -> None:
    values = load_rules("mosel").to_dict()
    del values["strafdeckel"]
    with pytest.raises(RulesError) as info:
        loads_rules(_toml(values))
    assert "strafdeckel" in str(info.value).split("missing:", 1)[1]


_BAD_FILES = [
    # (text, key, fragments)
    ('extends = "porz"\nset_aside = "sixes"\n', "set_aside", ["'sixes'", "'ones'", "'any'"]),
    ('extends = "porz"\nopening = "highest"\n', "opening", ["'highest'", "'one_die_low'"]),
    ('extends = "porz"\nblind = "yes"\n', "blind", ["'yes'", "true or false"]),
    ('extends = "porz"\ndeckel = 0\n', "deckel", ["0", "1 to 99"]),
    ('extends = "porz"\nmax_throws = "3"\n', "max_throws", ["'3'", "1 to 9"]),
    ('extends = "porz"\nfoo = 1\n', "foo", ["unknown", "einkaufen"]),
    ('extends = "porz"\n[deckel]\nn = 3\n', "deckel", ["table"]),
    ("extends = 3\n", "extends", ["3"]),
    (
        'extends = "ferschweiler"\nstructure = "one_half"\n',
        "final_starter",
        ["random", "one_half"],
    ),
]


@pytest.mark.parametrize(
    ("text", "key", "fragments"), [pytest.param(*c, id=c[1]) for c in _BAD_FILES]
)
def test_bad_rules_file(text: str, key: str, fragments: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        loads_rules(text, name="house.toml")
    err = info.value
    assert err.key == key
    assert err.file == "house.toml"
    msg = str(err)
    assert msg.startswith("house.toml: ")
    assert key in msg
    for fragment in fragments:
        assert fragment in msg, (fragment, msg)


def test_invalid_toml() -> None:
    with pytest.raises(RulesError) as info:
        loads_rules("extends = porz\n", name="broken.toml")
    assert "broken.toml" in str(info.value)
    assert "TOML" in str(info.value)


def test_bad_file_on_disk_names_path(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "mosel"\neinkaufen = "ja"\n')
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert info.value.file is not None and "house.toml" in info.value.file
    assert "einkaufen" in str(info.value) and "'ja'" in str(info.value)


def test_rules_constructor_validates() -> None:
    values = load_rules("porz").to_dict()
    assert Rules(**values) == load_rules("porz")
    values["deckel"] = -1
    with pytest.raises(RulesError) as info:
        Rules(**values)
    assert info.value.key == "deckel"
