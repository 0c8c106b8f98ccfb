"""Evaluation and ranking of results, per preset (docs/rules.md "Results" and
"Comparing results in a round", and the seeds' own examples)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import schock
from schock import Kind, Outcome, evaluate, load_rules, rank

PRESETS = ("ferschweiler", "porz", "mosel", "irmgarteich", "niederrhein")
FEWER_THROWS = ("porz", "mosel", "irmgarteich", "niederrhein")
NOT_IRMGARTEICH = ("ferschweiler", "porz", "mosel", "niederrhein")
NOT_FERSCHWEILER = ("porz", "mosel", "irmgarteich", "niederrhein")
NOT_NIEDERRHEIN = ("ferschweiler", "porz", "mosel", "irmgarteich")

ALL_DICE = [(a, b, c) for a in range(1, 7) for b in range(a, 7) for c in range(b, 7)]


def o(text: str) -> Outcome:
    return Outcome.parse(text)


def rules(preset: str) -> schock.Rules:
    return load_rules(preset)


# --------------------------------------------------------------------------
# Evaluation: (presets, notation, kind, value, deckel)
# --------------------------------------------------------------------------

_EVAL_TABLE: list[tuple[tuple[str, ...], str, Kind, int, int, str]] = [
    # Schock x: Deckel = x, composed or auf die Hand, every preset.
    (PRESETS, "1-1-6/1h", Kind.SCHOCK, 6, 6, "schock6-hand"),
    (PRESETS, "6-1-1/3", Kind.SCHOCK, 6, 6, "schock6-composed"),
    (PRESETS, "1-1-5/2", Kind.SCHOCK, 5, 5, "schock5"),
    (PRESETS, "1-1-4/2", Kind.SCHOCK, 4, 4, "schock4"),
    (PRESETS, "1-1-3/1h", Kind.SCHOCK, 3, 3, "schock3"),
    (PRESETS, "1-1-2/1h", Kind.SCHOCK, 2, 2, "schock-doof-hand"),
    (PRESETS, "2-1-1/3", Kind.SCHOCK, 2, 2, "schock-doof-composed"),
    # Schock Aus: every Deckel of the half (13).
    (PRESETS, "1-1-1/2", Kind.SCHOCK_AUS, 1, 13, "schock-aus-composed"),
    (PRESETS, "1-1-1/3", Kind.SCHOCK_AUS, 1, 13, "schock-aus-composed-3"),
    # Schock Hand only in ferschweiler (Rg 5, Besonderheit 3).
    (("ferschweiler",), "1-1-1/1h", Kind.SCHOCK_HAND, 1, 13, "schock-hand"),
    (("ferschweiler",), "1-1-1/3h", Kind.SCHOCK_HAND, 1, 13, "schock-hand-3"),
    (NOT_FERSCHWEILER, "1-1-1/1h", Kind.SCHOCK_AUS, 1, 13, "no-schock-hand"),
    (NOT_FERSCHWEILER, "1-1-1/3h", Kind.SCHOCK_AUS, 1, 13, "no-schock-hand-3"),
    # General auf die Hand: 3 Deckel everywhere.
    (PRESETS, "6-6-6/1h", Kind.GENERAL, 6, 3, "general6-hand"),
    (PRESETS, "5-5-5/2h", Kind.GENERAL, 5, 3, "general5-hand"),
    (PRESETS, "3-3-3/3h", Kind.GENERAL, 3, 3, "general3-hand"),
    (PRESETS, "2-2-2/1h", Kind.GENERAL, 2, 3, "general2-hand"),
    # General composed: irmgarteich counts it, the others read a number.
    (("irmgarteich",), "5-5-5/3", Kind.GENERAL, 5, 3, "general5-composed"),
    (("irmgarteich",), "6-6-6/2", Kind.GENERAL, 6, 3, "general6-composed"),
    (("irmgarteich",), "2-2-2/2", Kind.GENERAL, 2, 3, "general2-composed"),
    (NOT_IRMGARTEICH, "5-5-5/3", Kind.EINFACH, 555, 1, "general5-composed"),
    (NOT_IRMGARTEICH, "6-6-6/2", Kind.EINFACH, 666, 1, "general6-composed"),
    (NOT_IRMGARTEICH, "2-2-2/2", Kind.EINFACH, 222, 1, "general2-composed"),
    # Straße auf die Hand: 2 Deckel; value = its highest die.
    (PRESETS, "4-5-6/1h", Kind.STRASSE, 6, 2, "strasse456-hand"),
    (PRESETS, "6-5-4/3h", Kind.STRASSE, 6, 2, "strasse654-hand"),
    (PRESETS, "3-4-5/2h", Kind.STRASSE, 5, 2, "strasse345-hand"),
    (PRESETS, "2-3-4/1h", Kind.STRASSE, 4, 2, "strasse234-hand"),
    (PRESETS, "1-2-3/1h", Kind.STRASSE, 3, 2, "strasse123-hand"),
    # Straße composed.
    (("irmgarteich",), "1-2-3/2", Kind.STRASSE, 3, 2, "strasse123-composed"),
    (("irmgarteich",), "4-5-6/3", Kind.STRASSE, 6, 2, "strasse456-composed"),
    (NOT_IRMGARTEICH, "1-2-3/2", Kind.EINFACH, 321, 1, "strasse123-composed"),
    (NOT_IRMGARTEICH, "4-5-6/3", Kind.EINFACH, 654, 1, "strasse456-composed"),
    (NOT_IRMGARTEICH, "2-3-4/2", Kind.EINFACH, 432, 1, "strasse234-composed"),
    # einfacher Wurf: digits descending, 1 Deckel (seed examples 652, 421, 322, 5-4-2, 4-3-3).
    (PRESETS, "6-6-5/1h", Kind.EINFACH, 665, 1, "einfach665"),
    (PRESETS, "2-5-6/2", Kind.EINFACH, 652, 1, "einfach652"),
    (PRESETS, "1-2-4/3", Kind.EINFACH, 421, 1, "einfach421"),
    (PRESETS, "2-3-2/1h", Kind.EINFACH, 322, 1, "einfach322"),
    (PRESETS, "5-4-2/1h", Kind.EINFACH, 542, 1, "einfach542"),
    (PRESETS, "4-3-3/2", Kind.EINFACH, 433, 1, "einfach433"),
    (PRESETS, "6-6-1/1h", Kind.EINFACH, 661, 1, "einfach661"),
    (PRESETS, "1-5-6/1h", Kind.EINFACH, 651, 1, "einfach651"),
    (PRESETS, "1-2-2/1h", Kind.EINFACH, 221, 1, "einfach221"),
]

EVAL_CASES = [
    pytest.param(p, text, kind, value, deckel, id=f"{p}-{name}")
    for presets, text, kind, value, deckel, name in _EVAL_TABLE
    for p in presets
]


@pytest.mark.parametrize(("preset", "text", "kind", "value", "deckel"), EVAL_CASES)
def test_evaluate(preset: str, text: str, kind: Kind, value: int, deckel: int) -> None:
    e = evaluate(rules(preset), o(text))
    assert (e.kind, e.value, e.deckel) == (kind, value, deckel)


@pytest.mark.parametrize("preset", PRESETS)
def test_evaluation_does_not_depend_on_throw_count(preset: str) -> None:
    r = rules(preset)
    for dice in ALL_DICE:
        for hand in (False, True):
            base = evaluate(r, Outcome(dice, throws=1, on_hand=hand))
            for throws in (2, 3):
                assert evaluate(r, Outcome(dice, throws=throws, on_hand=hand)) == base


@pytest.mark.parametrize("preset", PRESETS)
def test_deckel_follow_kind(preset: str) -> None:
    """Einfach 1, Straße 2, General 3, Schock x, Schock Aus/Hand all (docs/rules.md table)."""
    r = rules(preset)
    for dice in ALL_DICE:
        for hand in (False, True):
            e = evaluate(r, Outcome(dice, throws=2, on_hand=hand))
            expected = {
                Kind.EINFACH: 1,
                Kind.STRASSE: 2,
                Kind.GENERAL: 3,
                Kind.SCHOCK: e.value,
                Kind.SCHOCK_AUS: r.deckel,
                Kind.SCHOCK_HAND: r.deckel,
            }[e.kind]
            assert e.deckel == expected, (dice, hand, e)
            assert e.all_deckel == (e.kind in (Kind.SCHOCK_AUS, Kind.SCHOCK_HAND))


@pytest.mark.parametrize("preset", PRESETS)
def test_schock_aus_deckel_follow_rules_deckel(preset: str) -> None:
    r = rules(preset).replace(deckel=21)
    assert evaluate(r, o("1-1-1/2")).deckel == 21


@pytest.mark.parametrize("preset", PRESETS)
def test_schock_hand_only_for_one_one_one_on_hand_in_ferschweiler(preset: str) -> None:
    r = rules(preset)
    for dice in ALL_DICE:
        for hand in (False, True):
            for throws in (1, 2, 3):
                kind = evaluate(r, Outcome(dice, throws=throws, on_hand=hand)).kind
                is_hand = preset == "ferschweiler" and dice == (1, 1, 1) and hand
                assert (kind is Kind.SCHOCK_HAND) == is_hand, (dice, hand, throws)


@pytest.mark.parametrize("preset", PRESETS)
def test_einfach_on_hand_best_665_worst_221(preset: str) -> None:
    r = rules(preset)
    einfach = [evaluate(r, Outcome(d, on_hand=True)) for d in ALL_DICE]
    einfach = [e for e in einfach if e.kind is Kind.EINFACH]
    values = sorted(e.value for e in einfach)
    assert values[0] == 221
    assert values[-1] == 665
    # strength follows the number
    by_strength = sorted(einfach, key=lambda e: e.strength)
    assert [e.value for e in by_strength] == values
    assert len(set(values)) == len(values)


@pytest.mark.parametrize("preset", NOT_IRMGARTEICH)
def test_composed_general_is_the_number(preset: str) -> None:
    """5-5-5 composed = 555 (docs/rules.md, A turn 5): between 554 and 655; 666 composed beats 665."""
    r = rules(preset)
    s = {t: evaluate(r, o(t)).strength for t in ("5-5-5/2", "4-5-5/1h", "5-5-6/1h", "6-6-6/2")}
    assert s["4-5-5/1h"] < s["5-5-5/2"] < s["5-5-6/1h"]
    assert s["6-6-6/2"] > evaluate(r, o("5-6-6/1h")).strength  # 666 > 665


_LABELS = [
    ("porz", "1-1-2/1h", "Schock doof"),
    ("porz", "1-1-4/2", "Schock 4"),
    ("porz", "5-5-5/1h", "General 5"),
    ("porz", "5-5-5/2", "555"),
    ("porz", "4-5-6/1h", "Straße 4-5-6"),
    ("porz", "1-2-3/1h", "Straße 1-2-3"),
    ("porz", "2-5-6/1h", "652"),
    ("porz", "1-1-1/1h", "Schock Aus"),
    ("ferschweiler", "1-1-1/1h", "Schock Hand"),
    ("ferschweiler", "1-1-1/2", "Schock Aus"),
]


@pytest.mark.parametrize(
    ("preset", "text", "label"), [pytest.param(*c, id=f"{c[0]}-{c[1]}") for c in _LABELS]
)
def test_label(preset: str, text: str, label: str) -> None:
    assert evaluate(rules(preset), o(text)).label() == label


# --------------------------------------------------------------------------
# The full order, best first (all auf die Hand, one throw each)
# --------------------------------------------------------------------------

_SCHOCKS = ["1-1-6", "1-1-5", "1-1-4", "1-1-3"]
_GENERALS = ["6-6-6", "5-5-5", "4-4-4", "3-3-3", "2-2-2"]
_STRASSEN = ["4-5-6", "3-4-5", "2-3-4", "1-2-3"]
# 665 663 655 652 641 622 554 533 522 441 431 332 322 221
_EINFACH = "5-6-6 3-6-6 5-5-6 2-5-6 1-4-6 2-2-6 4-5-5 3-3-5 2-2-5 1-4-4 1-3-4 2-3-3 2-2-3 1-2-2"
_EINFACH_LIST = _EINFACH.split()

# Porz seed, Wertung: Schock-Aus, Schock-6..2, 3x6er..3x2er, 4-5-6..1-2-3, 665..221.
LADDER_STANDARD = ["1-1-1", *_SCHOCKS, "1-1-2", *_GENERALS, *_STRASSEN, *_EINFACH_LIST]
# Niederrhein: Schock 6..3 > General > Schock doof > Straße.
LADDER_NIEDERRHEIN = ["1-1-1", *_SCHOCKS, *_GENERALS, "1-1-2", *_STRASSEN, *_EINFACH_LIST]

LADDERS = {p: LADDER_STANDARD for p in NOT_NIEDERRHEIN} | {"niederrhein": LADDER_NIEDERRHEIN}


@pytest.mark.parametrize("preset", PRESETS)
def test_strength_strictly_decreasing_along_ladder(preset: str) -> None:
    r = rules(preset)
    strengths = [evaluate(r, o(t + "/1h")).strength for t in LADDERS[preset]]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)


@pytest.mark.parametrize("preset", PRESETS)
@given(data=st.data())
def test_rank_sorts_any_permutation_of_ladder(preset: str, data: st.DataObject) -> None:
    ladder = LADDERS[preset]
    perm = data.draw(st.permutations(ladder))
    order = rank(rules(preset), [o(t + "/1h") for t in perm])
    assert [perm[i] for i in order] == ladder


def test_porz_seed_wertung_complete_einfach_order() -> None:
    """Porz: 'dann die Zahlen 665 bis 221' - every on-hand number, in numeric order."""
    r = rules("porz")
    numbers = [
        Outcome(d, on_hand=True)
        for d in ALL_DICE
        if evaluate(r, Outcome(d, on_hand=True)).kind is Kind.EINFACH
    ]
    order = rank(r, numbers)
    values = [evaluate(r, numbers[i]).value for i in order]
    assert values == sorted(values, reverse=True)
    assert values[0] == 665 and values[-1] == 221


# --------------------------------------------------------------------------
# Rankings: (presets, outcomes in seat order from the starter, expected order)
# --------------------------------------------------------------------------

_RANK_TABLE: list[tuple[tuple[str, ...], list[str], list[int], str]] = [
    # Equal results: fewer throws is better ...
    (FEWER_THROWS, ["1-1-3/3", "1-1-3/2", "1-1-3/1h"], [2, 1, 0], "schock3-fewer-throws"),
    (FEWER_THROWS, ["2-5-6/3", "2-5-6/2"], [1, 0], "einfach-fewer-throws"),
    (FEWER_THROWS, ["3-4-5/3h", "3-4-5/1h"], [1, 0], "strasse-fewer-throws"),
    # ... except in ferschweiler: pure seat order.
    (("ferschweiler",), ["1-1-3/3", "1-1-3/2", "1-1-3/1h"], [0, 1, 2], "schock3-seat-order"),
    (("ferschweiler",), ["2-5-6/3", "2-5-6/2"], [0, 1], "einfach-seat-order"),
    # Ferschweiler Rg 6: player 1 Schock 4 in the 3rd throw beats player 2 in the 2nd.
    (("ferschweiler",), ["1-1-4/3", "1-1-4/2"], [0, 1], "seed-rg6-schock4"),
    (("ferschweiler",), ["1-1-4/3h", "1-1-4/2"], [0, 1], "seed-rg6-schock4-hand"),
    (FEWER_THROWS, ["1-1-4/3", "1-1-4/2"], [1, 0], "rg6-example-fewer-throws"),
    # Mit ist Shit: equal result and throws, earlier seat is better (all presets).
    (PRESETS, ["1-1-3/2", "1-1-3/2", "1-1-3/2"], [0, 1, 2], "mit-ist-shit-schock"),
    (PRESETS, ["2-2-1/1h", "2-2-1/1h"], [0, 1], "mit-ist-shit-221"),
    (PRESETS, ["6-5-2/3", "1-1-3/2", "1-1-3/2"], [1, 2, 0], "mit-ist-shit-after-better"),
    (PRESETS, ["6-6-6/2h", "3-3-2/1h", "6-6-6/2h"], [0, 2, 1], "mit-ist-shit-general"),
    # Mosel seed, Weitere Regeln 5: Schock 3 in the 1st throw beats 2nd or 3rd.
    (("mosel",), ["1-1-3/2", "1-1-3/3", "1-1-3/1h"], [2, 0, 1], "seed-schock3-first-throw"),
    # Fewer throws never beats a better result (porz seed: 456 in 3rd beats 345 in 2nd).
    (PRESETS, ["3-4-5/2h", "4-5-6/3h"], [1, 0], "seed-strasse456-3rd-beats-345-2nd"),
    (PRESETS, ["4-5-6/3h", "3-4-5/2h"], [0, 1], "strasse456-3rd-first-seat"),
    (PRESETS, ["2-2-1/1h", "1-1-2/3"], [1, 0], "schock-doof-3rd-beats-221-1st"),
    # Schock Aus between themselves: fewer throws (irmgarteich seed), else seat.
    (("irmgarteich",), ["1-1-1/3", "1-1-1/2"], [1, 0], "seed-schock-aus-overbid"),
    (("irmgarteich",), ["1-1-1/2", "1-1-1/1h"], [1, 0], "seed-schock-aus-overbid-1st"),
    (FEWER_THROWS, ["1-1-1/3", "1-1-1/2"], [1, 0], "schock-aus-fewer-throws"),
    (PRESETS, ["1-1-1/2", "1-1-1/2"], [0, 1], "schock-aus-mit-ist-shit"),
    (("ferschweiler",), ["1-1-1/3", "1-1-1/2"], [0, 1], "schock-aus-seat-order"),
    (PRESETS, ["1-1-6/1h", "1-1-1/3"], [1, 0], "schock-aus-beats-schock6"),
    # Ferschweiler Schock Hand: beats composed Schock Aus regardless of seat and throws.
    (("ferschweiler",), ["1-1-1/2", "1-1-1/2h"], [1, 0], "seed-rg6-hand-beats-aus"),
    (("ferschweiler",), ["1-1-1/2", "1-1-1/3h"], [1, 0], "hand-3rd-beats-aus-2nd"),
    (("ferschweiler",), ["1-1-1/3h", "1-1-1/2", "1-1-1/3"], [0, 1, 2], "hand-first-seat"),
    # Schock Hand vs Schock Hand: fewer throws, then Mit ist Shit.
    (("ferschweiler",), ["1-1-1/2h", "1-1-1/1h"], [1, 0], "seed-rg6-hand-vs-hand-fewer"),
    (("ferschweiler",), ["1-1-1/3h", "1-1-1/2h", "1-1-1/2h"], [1, 2, 0], "hand-vs-hand-seat"),
    (("ferschweiler",), ["1-1-1/2h", "1-1-1/2h"], [0, 1], "seed-rg6-hand-vs-hand-mit"),
    (
        ("ferschweiler",),
        ["1-1-1/3h", "1-1-1/2", "1-1-1/1h", "1-1-6/1h"],
        [2, 0, 1, 3],
        "hand-aus-mixed",
    ),
    # Other presets: no Schock Hand, 1-1-1 on hand is just a Schock Aus.
    (NOT_FERSCHWEILER, ["1-1-1/2", "1-1-1/2h"], [0, 1], "no-hand-seat"),
    (NOT_FERSCHWEILER, ["1-1-1/2", "1-1-1/3h"], [0, 1], "no-hand-fewer-throws"),
    # Niederrhein seed, Wertung Reihenfolge 1-4.
    (("niederrhein",), ["4-5-6/1h", "3-3-3/1h"], [1, 0], "seed-general333-beats-strasse456"),
    (("niederrhein",), ["2-2-2/1h", "3-3-3/1h"], [1, 0], "seed-general333-beats-222"),
    (("niederrhein",), ["3-3-3/3h", "3-3-3/2h"], [1, 0], "seed-general333-2nd-beats-3rd"),
    (
        ("niederrhein",),
        ["6-5-2/1h", "3-3-3/2h", "3-3-3/2h"],
        [1, 2, 0],
        "seed-general333-2nd-player-beats-3rd",
    ),
    # Niederrhein: every General beats Schock doof; Schock doof still beats Straße.
    (("niederrhein",), ["1-1-2/1h", "2-2-2/3h"], [1, 0], "seed-general-beats-schock-doof"),
    (("niederrhein",), ["4-5-6/1h", "1-1-2/3"], [1, 0], "schock-doof-beats-strasse"),
    (("niederrhein",), ["6-6-6/1h", "1-1-3/3"], [1, 0], "schock3-beats-general6"),
    # Elsewhere Schock doof beats every General.
    (NOT_NIEDERRHEIN, ["1-1-2/3", "6-6-6/1h"], [0, 1], "schock-doof-beats-general6"),
    (NOT_NIEDERRHEIN, ["6-6-6/1h", "1-1-2/3"], [1, 0], "schock-doof-beats-general6-seat2"),
    # Composed General / Straße: irmgarteich counts them, elsewhere a number.
    (("irmgarteich",), ["3-4-5/1h", "4-5-6/3"], [1, 0], "composed-strasse456-beats-345"),
    (NOT_IRMGARTEICH, ["3-4-5/1h", "4-5-6/3"], [0, 1], "composed-654-loses-to-strasse"),
    (("irmgarteich",), ["2-3-4/2", "2-3-4/2h"], [0, 1], "composed-equals-hand-strasse"),
    (("irmgarteich",), ["6-6-5/1h", "1-2-3/3"], [1, 0], "composed-strasse123-beats-665"),
    (NOT_IRMGARTEICH, ["6-6-5/1h", "1-2-3/3"], [0, 1], "composed-321-loses-to-665"),
    (NOT_IRMGARTEICH, ["3-2-1/2", "2-2-1/1h"], [0, 1], "composed-321-beats-221"),
    (("irmgarteich",), ["1-2-3/1h", "5-5-5/2"], [1, 0], "composed-general-beats-strasse"),
    (NOT_IRMGARTEICH, ["1-2-3/1h", "5-5-5/2"], [0, 1], "composed-555-loses-to-strasse"),
    # Trivial sizes.
    (PRESETS, [], [], "empty"),
    (PRESETS, ["2-2-1/3"], [0], "single"),
]

RANK_CASES = [
    pytest.param(p, outcomes, expected, id=f"{p}-{name}")
    for presets, outcomes, expected, name in _RANK_TABLE
    for p in presets
]


@pytest.mark.parametrize(("preset", "outcomes", "expected"), RANK_CASES)
def test_rank(preset: str, outcomes: list[str], expected: list[int]) -> None:
    assert rank(rules(preset), [o(t) for t in outcomes]) == expected


# --------------------------------------------------------------------------
# Deckel given by a round: the best result's Deckel value, to the worst.
# --------------------------------------------------------------------------

_ROUND_TABLE: list[tuple[tuple[str, ...], list[str], int, int, str]] = [
    # (presets, outcomes, loser index, Deckel given)
    (NOT_NIEDERRHEIN, ["3-3-3/1h", "1-1-2/2", "2-2-1/1h"], 2, 2, "schock-doof-best-gives-2"),
    (("niederrhein",), ["3-3-3/1h", "1-1-2/2", "2-2-1/1h"], 2, 3, "general-best-gives-3"),
    (PRESETS, ["4-5-6/1h", "2-2-1/1h", "2-2-1/1h"], 2, 2, "strasse-gives-2-mit-ist-shit"),
    (PRESETS, ["6-4-2/1h", "1-1-5/3", "4-3-1/2"], 2, 5, "schock5-gives-5"),
    (PRESETS, ["6-4-2/1h", "1-1-1/3", "4-3-1/2"], 2, 13, "schock-aus-gives-all"),
    (("irmgarteich",), ["5-5-5/3", "6-4-2/1h"], 1, 3, "composed-general-gives-3"),
    (NOT_IRMGARTEICH, ["5-5-5/3", "6-4-2/1h"], 0, 1, "composed-555-loses-to-642"),
    (FEWER_THROWS, ["5-4-2/1h", "6-6-5/3", "6-6-5/2"], 0, 1, "einfach-gives-1"),
]


@pytest.mark.parametrize(
    ("preset", "outcomes", "loser", "deckel"),
    [
        pytest.param(p, outs, loser, deckel, id=f"{p}-{name}")
        for presets, outs, loser, deckel, name in _ROUND_TABLE
        for p in presets
    ],
)
def test_round_deckel(preset: str, outcomes: list[str], loser: int, deckel: int) -> None:
    r = rules(preset)
    outs = [o(t) for t in outcomes]
    order = rank(r, outs)
    assert order[-1] == loser
    assert evaluate(r, outs[order[0]]).deckel == deckel


# --------------------------------------------------------------------------
# Properties of rank
# --------------------------------------------------------------------------

outcomes_st = st.builds(
    Outcome,
    dice=st.tuples(*[st.integers(1, 6)] * 3),
    throws=st.integers(1, 3),
    on_hand=st.booleans(),
)


@given(preset=st.sampled_from(PRESETS), outs=st.lists(outcomes_st, max_size=8))
def test_rank_properties(preset: str, outs: list[Outcome]) -> None:
    r = rules(preset)
    order = rank(r, outs)
    assert sorted(order) == list(range(len(outs)))
    for i, j in itertools.pairwise(order):
        ei, ej = evaluate(r, outs[i]), evaluate(r, outs[j])
        assert ei.strength >= ej.strength
        if ei.strength == ej.strength:
            by_throws = r.fewer_throws_better or ei.kind is Kind.SCHOCK_HAND
            if by_throws and outs[i].throws != outs[j].throws:
                assert outs[i].throws < outs[j].throws
            else:
                assert i < j  # Mit ist Shit


@given(preset=st.sampled_from(PRESETS), outs=st.lists(outcomes_st, min_size=1, max_size=6))
def test_rank_input_not_changed(preset: str, outs: list[Outcome]) -> None:
    before = list(outs)
    rank(rules(preset), outs)
    assert outs == before
