"""The words and rule references of scorekeeping, German and English, and the
constants of a kept game's file."""

from __future__ import annotations

from dataclasses import dataclass

from schock.errors import (
    IllegalActionError,
    SchockError,
)
from schock.messages import Msg, _show, rule_label

FORMAT = "schock-keep"
VERSION = 1
#: The faces written for dice that were thrown and picked up again (not part of the result).
FILLER = (2, 4, 5)
MAX_ENTRIES = 5000

R_LIMIT = "docs/rules.md, A turn 1: the round's throw limit"
R_SIXES = "docs/rules.md, A turn 3: Sechsen drehen"
R_COMPOSED = "docs/rules.md, A turn 5: composed results"
R_BLIND = "docs/rules.md, Blind"
R_OPENING = "docs/rules.md, Opening round"
R_LADEN = "docs/rules.md, Simultaneous first throw (laden)"

_MESSAGES = {
    "en": {
        "keep.max_throws": "{name} may throw at most {cap} times under {rules}, not {throws}",
        "keep.over_limit": (
            "{name} may throw at most {cap} times: the round's first player set the limit at {cap}"
        ),
        "keep.one_throw_hand": "a result of one throw is auf die Hand: nothing can be kept",
        "keep.kept_all": "at least one die comes from the last throw: keep at most 2 dice",
        "keep.turned_ones": "{turned}: as many 1s must be among the dice kept (kept: {kept})",
        "keep.blind_one": "a blind round is one throw: {name} cannot have {throws} throws",
        "keep.opening": "the opening round is one throw each, auf die Hand",
        "keep.claim": (
            "{dice} {how} {throws} counts as {kind} under {rules}, not as {claim}"
        ),
        "keep.mid_turn": (
            "{name} has already thrown in this turn: go on throw by throw "
            "(throw, aside, stop ...) or undo"
        ),
        "keep.pending": (
            "the first throws of this round are under the cups (laden): "
            "enter the results of the round in order first ({left} left) or undo"
        ),
        "keep.turn_six": (
            "kept {kept} with one 1 made by turning two 6s takes at least 3 throws, not {throws}: "
            "the third 6 of the turning throw goes back into the cup"
        ),
        "keep.hand": "thrown auf die Hand",
        "keep.composed": "composed",
        "keep.nothing_to_undo": "nothing to undo: no entry yet",
        "keep.result_form": (
            "a result needs its dice and its throw count, e.g. '1-1-4 2' (or '1-1-4 2 kept 1-1')"
        ),
        "keep.turned_count": "bad number of turned 1s {text!r} (allowed: 0 to 2)",
        "keep.kind": "unknown kind {text!r} (allowed: {allowed})",
        "keep.unexpected": "unexpected {text!r} (allowed: kept DICE, turned N, blind, as KIND)",
        "keep.step_unknown": (
            "unknown step {word!r}; allowed: wurf 1-1-4, heben, raus 1-1, zurück 1, drehen 1, steht, blind"
        ),
        # issue 27 item 6 (cli27): every refusal of an entry in the table's language
        "keep.step_form": "{word!r} is entered as {form}",
        "keep.result_throws": "throws must be a whole number from 1 to 9, got {got}",
        "keep.result_turned": "turned must be 0, 1 or 2, got {got}",
        "keep.kept_not_in": "the kept dice {kept} are not all among the result {dice}",
        "keepfile.object": "a kept game is a JSON object",
        "keep.bad_seat": "bad seat {got!r} (allowed: a seat number from 0)",
        "keepfile.table_dice": (
            "dice: only a record of a game at a real table (dice source 'table') can be kept on"
        ),
        "keepfile.format": "format: expected 'schock-keep' or 'schock-record', got {got}",
        "keepfile.version": "version: this schock reads version {version}, got {got}",
        "keepfile.keys": "unknown keys {keys}; allowed: {allowed}",
        "keepfile.seats": "seats: expected a list of {{'name': ...}}",
        "keepfile.seat": "seats[{i}]: expected {{'name': ..., 'age': ...}}",
        "keepfile.at": "{where}: {reason}",
        "keepfile.starter": "starter: expected a seat number or null, got {got}",
        "keepfile.entries": 'entries: expected a list of strings like "0 result 1-1-4 2 kept 1-1"',
        "keepfile.too_many": "entries: at most {most}, got {n}",
        "keepfile.start": "cannot start the game: {reason}",
    },
    "de": {
        "keep.max_throws": "{name} darf bei {rules} höchstens {cap}-mal werfen, nicht {throws}-mal",
        "keep.over_limit": (
            "{name} darf höchstens {cap}-mal werfen: Der Beginner der Runde hat {cap} vorgelegt"
        ),
        "keep.one_throw_hand": (
            "Ein Ergebnis aus einem Wurf ist auf die Hand: Da kann nichts herausgelegt sein"
        ),
        "keep.kept_all": (
            "Mindestens ein Würfel kommt aus dem letzten Wurf: höchstens 2 Würfel herauslegen"
        ),
        "keep.turned_ones": (
            "{turned}: Genauso viele Einsen müssen unter den herausgelegten Würfeln sein "
            "(herausgelegt: {kept})"
        ),
        "keep.blind_one": "Eine blinde Runde hat einen Wurf: {name} kann nicht {throws}-mal werfen",
        "keep.opening": "In der Eröffnungsrunde wirft jeder einmal, auf die Hand",
        "keep.claim": (
            "{dice} {how} {throws} zählt bei {rules} als {kind}, nicht als {claim}"
        ),
        "keep.mid_turn": (
            "{name} hat in diesem Zug schon geworfen: Wurf für Wurf weiter "
            "(werfen, herauslegen, stehen lassen ...) oder zurücknehmen"
        ),
        "keep.pending": (
            "Die ersten Würfe dieser Runde liegen unter den Bechern (laden): erst die "
            "Ergebnisse der Runde der Reihe nach eingeben (noch {left}) oder zurücknehmen"
        ),
        "keep.turn_six": (
            "{kept} herausgelegt, davon eine 1 aus zwei gedrehten 6en, braucht mindestens "
            "3 Würfe, nicht {throws}: Die dritte 6 des Drehwurfs muss zurück in den Becher"
        ),
        "keep.hand": "auf die Hand",
        "keep.composed": "zusammengesetzt",
        "keep.nothing_to_undo": "Nichts zurückzunehmen: Es gibt noch keinen Eintrag",
        "keep.result_form": (
            "Ein Ergebnis braucht seine Würfel und die Zahl der Würfe, z. B. '1-1-4 2' "
            "(oder '1-1-4 2 raus 1-1')"
        ),
        "keep.turned_count": "ungültige Zahl gedrehter Einsen {text!r} (erlaubt: 0 bis 2)",
        "keep.kind": "unbekannte Art {text!r} (erlaubt: {allowed})",
        "keep.unexpected": "unerwartet: {text!r} (erlaubt: raus WÜRFEL, gedreht N, blind, als ART)",
        "keep.step_unknown": (
            "unbekannter Schritt {word!r}; erlaubt: wurf 1-1-4, heben, raus 1-1, zurück 1, drehen 1, "
            "steht, blind"
        ),
        # issue 27 item 6 (cli27): every refusal of an entry in the table's language
        "keep.step_form": "{word!r} wird so eingegeben: {form}",
        "keep.result_throws": "Die Wurfzahl ist eine ganze Zahl von 1 bis 9, nicht {got}",
        "keep.result_turned": "Gedrehte Einsen: 0, 1 oder 2, nicht {got}",
        "keep.kept_not_in": "Die herausgelegten Würfel {kept} sind nicht alle im Ergebnis {dice}",
        "keepfile.object": "Ein mitgeschriebenes Spiel ist ein JSON-Objekt",
        "keep.bad_seat": "ungültiger Platz {got!r} (erlaubt: eine Platznummer ab 0)",
        "keepfile.table_dice": (
            "dice: nur die Aufzeichnung eines Spiels an einem echten Tisch (Würfelquelle 'table') "
            "kann weiter mitgeschrieben werden"
        ),
        "keepfile.format": "format: erwartet 'schock-keep' oder 'schock-record', nicht {got}",
        "keepfile.version": "version: dieses schock liest Version {version}, nicht {got}",
        "keepfile.keys": "unbekannte Schlüssel {keys}; erlaubt: {allowed}",
        "keepfile.seats": "seats: erwartet eine Liste von {{'name': ...}}",
        "keepfile.seat": "seats[{i}]: erwartet {{'name': ..., 'age': ...}}",
        "keepfile.at": "{where}: {reason}",
        "keepfile.starter": "starter: erwartet eine Platznummer oder null, nicht {got}",
        "keepfile.entries": 'entries: erwartet eine Liste von Texten wie "0 result 1-1-4 2 kept 1-1"',
        "keepfile.too_many": "entries: höchstens {most}, nicht {n}",
        "keepfile.start": "Das Spiel kann nicht beginnen: {reason}",
    },
}


@dataclass(frozen=True, slots=True)
class KeepMsg(Msg):
    """A message of the scorekeeper (its own catalog, next to the engine's)."""

    def text(self, lang: str = "en") -> str:
        words = _MESSAGES.get(lang, _MESSAGES["en"])
        if self.key not in words:
            return Msg.text(self, lang)
        return words[self.key].format_map({k: _show(v, lang) for k, v in self.params.items()})


def _fail(key: str, rule: str, field: str | None = None, **params: object) -> IllegalActionError:
    return IllegalActionError(KeepMsg(key, params), rule=rule, field=field)


def refusal(exc: Exception, lang: str) -> str:
    """A refusal as the table reads it: the reason and the rule, in ``lang``.

    >>> e = IllegalActionError(KeepMsg("keep.opening"), rule=R_OPENING)
    >>> refusal(e, "de")
    'In der Eröffnungsrunde wirft jeder einmal, auf die Hand (Regeln: Eröffnungsrunde)'
    """
    if isinstance(exc, IllegalActionError):
        text = exc.message(lang)
        extra = []
        if exc.rule:
            extra.append(rule_label(exc.rule, lang))
        if exc.field:
            extra.append(("Regelfeld: " if lang == "de" else "rules field: ") + exc.field)
        return text + (f" ({'; '.join(extra)})" if extra else "")
    if isinstance(exc, SchockError):
        return exc.localized(lang)
    return str(exc)
