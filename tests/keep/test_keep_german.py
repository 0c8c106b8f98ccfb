"""Issue 27 item 6 for schock keep: refusals without English inside German, plural forms
("nach 1 Wurf", "nach 2 Würfen"), halves as players say them, game words in English output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from schock.cli.keep import apply_line, half_name, state_text
from schock.errors import SchockError
from schock.keep import Scorekeeper, refusal
from schock.rules import load_rules


def keeper() -> Scorekeeper:
    return Scorekeeper(load_rules("porz"), ["Anna", "Ben"], starter=0)


@pytest.mark.parametrize(
    ("line", "de", "en"),
    [
        ("1-1-4", "Ein Ergebnis braucht seine Würfel und die Zahl der Würfe",
         "a result needs its dice and its throw count"),
        ("undo", "Nichts zurückzunehmen: Es gibt noch keinen Eintrag", "nothing to undo"),
        ("1-1-4 2 gedreht 1", "1 Eins aus gedrehten Sechsen: Genauso viele Einsen müssen unter "
         "den herausgelegten Würfeln sein (herausgelegt: nichts)", "1 1 from turned sixes"),
        ("1-1-4 3 raus 1 gedreht 2", "2 Einsen aus gedrehten Sechsen", "2 1s from turned sixes"),
        ("1-2-4 2 als jule", "1-2-4 auf die Hand nach 2 Würfen zählt bei porz als einfacher Wurf",
         "after 2 throws counts as einfacher Wurf"),
        ("1-1-4 2 foo", "unerwartet: 'foo' (erlaubt: raus WÜRFEL", "unexpected 'foo'"),
        ("1-1-4 x", "ungültige Wurfzahl 'x' (erlaubt: 1 bis 9)", "bad throw count 'x'"),
        ("1-1-4 2 gedreht x", "ungültige Zahl gedrehter Einsen 'x'", "bad number of turned 1s 'x'"),
        ("1-1-4 2 als x", "unbekannte Art 'x'", "unknown kind 'x'"),
    ],
)
def test_refusals_in_german_and_english(line: str, de: str, en: str) -> None:
    k = keeper()
    with pytest.raises(SchockError) as info:
        apply_line(k, line, "de")
    assert de in refusal(info.value, "de")
    assert en in refusal(info.value, "en")
    assert not k.entries


def test_one_throw_is_singular() -> None:
    k = keeper()
    with pytest.raises(SchockError) as info:
        apply_line(k, "4-5-6 1 als general", "de")
    assert "nach 1 Wurf zählt" in refusal(info.value, "de")
    assert "after 1 throw counts" in refusal(info.value, "en")


def test_the_state_speaks_as_players_do() -> None:
    k = keeper()
    apply_line(k, "1-1-4 2 raus 1-1", "de")
    apply_line(k, "6-6-5 1", "de")
    de, en = state_text(k, "de"), state_text(k, "en")
    assert "1. Hälfte, Runde 2: Stock 9" in de and "Hälfte 1, round 2: Stock 9" in en
    assert "(einfacher Wurf)" in en and "einfach)" not in en  # a game word, not an id
    assert half_name("final", 3, "de") == "das Finale" and half_name("final", 3, "en") == "the Finale"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_step_and_einkaufen_gets_a_confirmation_line(lang: str) -> None:
    from schock import load_rules
    from schock.engine import events as ev
    from schock.engine.dice_sources import TableDice
    from schock.engine.game import Game
    from schock.narrate import event_line

    g = Game(load_rules("irmgarteich"), seats=["Anna", "Ben"], starter=0, dice=TableDice())
    cases = [ev.TakenBack(0, (1,)), ev.SixesTurned(0, 2), ev.BlindDeclared(0),
             ev.Einkauf(1, True), ev.Einkauf(1, False), ev.StrafdeckelGiven(1, 0, 1),
             ev.StrafdeckelGiven(1, None, 0), ev.StrafdeckelGiven(1, None, 2)]
    lines = [event_line(g, e, lang) for e in cases]
    assert all(lines) and len(set(lines)) == len(lines), lines
    assert event_line(g, ev.PlayerOut(1), lang) is None
    if lang == "de":
        assert lines[0] == "Anna nimmt 1 zurück in den Becher"
        assert lines[3] == "Einkaufen: Ben kauft sich ein"
        assert "1 Deckel von Anna" in lines[5] and "2 Deckel aus dem Stock" in lines[7]


def test_einkaufen_is_confirmed_in_both_languages() -> None:
    from schock import load_rules
    from schock.keep import Scorekeeper

    k = Scorekeeper(load_rules("porz").replace(deckel=3), ["Anna", "Ben", "Cem"], starter=0)
    for line in ["4-5-6 1", "2-3-6 1", "2-4-5 1", "2-3-6 1", "2-4-5 1", "2-2-4 1"]:
        assert apply_line(k, line, "de") is None  # results are told by the showdown
    assert k.expecting().kind == "einkaufen" and k.expecting().seat == 0
    assert apply_line(k, "nein", "de") == "Einkaufen: Anna kauft sich nicht ein"
    apply_line(k, "undo", "de")
    assert apply_line(k, "ja", "en") == "Einkaufen: Anna buys in"


#: English words that have no place in a German refusal (quoted input is left out).
ENGLISH = re.compile(
    r"\b(got|need|needs|allowed|must|bad|expected|cannot|unknown|unexpected|nothing|only|not|"
    r"takes|argument|items|throws?|dice|seat|entered|whole|number)\b"
)
BAD_LINES = [
    "1-1", "1-1-4-5 2", "1-1-7 2", "a-b-c 1", "1-1-4 0", "1-1-4 10", "1-1-4 2 raus", "1-1-4 2 raus 7",
    "1-1-4 2 raus 1-1-1-1", "1-1-4 2 raus 2", "1-1-4 2 als", "raus", "raus x", "raus 1-1-1-1",
    "zurück", "zurück 7", "drehen", "drehen 3", "drehen x", "blind x", "steht x", "heben 2",
    "werfen", "werfen 1-2", "wurf 1-1-4-4", "straf", "straf X", "straf Anna x", "straf Anna 99",
    "1-1-4 2 raus 1-1 gedreht 3", "0 result 1", "x" * 300, "1-1-4 99999999999999999999",
]


@pytest.mark.parametrize("line", BAD_LINES)
@pytest.mark.parametrize("preset", ["porz", "irmgarteich"])
def test_every_refusal_of_keep_is_german_in_german(line: str, preset: str) -> None:
    k = Scorekeeper(load_rules(preset), ["Anna", "Ben"], starter=0)
    before = list(k.game.log)
    with pytest.raises(SchockError) as info:
        apply_line(k, line, "de")
    text = refusal(info.value, "de")
    assert not ENGLISH.search(re.sub(r"'[^']*'", "", text)), text
    assert refusal(info.value, "en") != text
    assert not k.entries and k.game.log == before


@pytest.mark.parametrize(
    ("content", "de", "en"),
    [
        ('{"x": 1}', "format: erwartet 'schock-keep' oder 'schock-record', nicht None",
         "format: expected 'schock-keep' or 'schock-record', got None"),
        ("[1]", "Ein mitgeschriebenes Spiel ist ein JSON-Objekt", "a kept game is a JSON object"),
        ('{"format": "schock-keep", "version": 7}', "dieses schock liest Version 1, nicht 7",
         "this schock reads version 1, got 7"),
        ('{"format": "schock-keep", "version": 1, "rules": {"preset": "porz", "overrides": {}}, '
         '"seats": [{"name": "A"}, {"name": "B"}], "entries": ["0 result 1-1 2"]}',
         "entries[0]: 3 Würfel nötig, nicht 2", "entries[0]: need 3 dice, got 2"),
    ],
)
def test_a_bad_resume_file_is_refused_in_the_command_language(
    tmp_path: Path, content: str, de: str, en: str
) -> None:
    from click.testing import CliRunner

    from schock.cli import main

    file = tmp_path / "abend.json"
    file.write_text(content, encoding="utf-8")
    for lang, words in (("de", de), ("en", en)):
        result = CliRunner().invoke(main, ["keep", "--resume", str(file), "--lang", lang])
        assert result.exit_code == 2 and words in result.output, result.output
    assert file.read_text(encoding="utf-8") == content
    result = CliRunner().invoke(main, ["keep", "--resume", str(file), "--seat", "A"])
    assert result.exit_code == 2 and "--seat/--starter weglassen" in result.output


def test_the_keepers_catalog_has_both_languages_with_the_same_placeholders() -> None:
    from schock.keep import _MESSAGES
    from schock.messages import placeholders

    assert set(_MESSAGES["de"]) == set(_MESSAGES["en"])
    for key, en in _MESSAGES["en"].items():
        assert placeholders(_MESSAGES["de"][key]) == placeholders(en), key
