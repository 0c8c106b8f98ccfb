"""A game's account told as text for people, in German or English (:func:`render_text`)."""

from __future__ import annotations

from typing import Any

from schock.narrate.data import LANGS, Account
from schock.rules.model import Structure

# ---------------------------------------------------------------------------------- the text
_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "title": "Schocken nach den Regeln „{name}“ ({id})",
        "table": "Am Tisch: {names}",
        "placeholders": "? = nicht eingetragen: am Tisch wurde nur das Ergebnis aufgedeckt",
        "half.first": "1. Hälfte",
        "half.second": "2. Hälfte",
        "half.final": "Finale",
        "half.only": "Hälfte (wer sie verliert, verliert das Spiel)",
        "half.head": "{title}: {players}; {stock} Deckel im Stock",
        "vs": " gegen ",
        "round": "Runde {n}",
        "starter": "beginnt: {name}",
        "opening": "Eröffnungsrunde: jeder wirft einmal",
        "limit": "höchstens {n}",
        "blind.head": "blind: ein Wurf für alle, Deckel doppelt",
        "throw": "Wurf {k}: {dice}",
        "loaded": " (geladen)",
        "void": " – ungültig (Türmchen/Kippe), neu geworfen",
        "lift": "hebt den Becher",
        "aside": "legt {dice} raus",
        "back": "nimmt {dice} zurück in den Becher",
        "turn.1": "dreht 6-6 zu einer 1",
        "turn.2": "dreht 6-6-6 zu 1-1",
        "blind": "sagt blind an",
        "stop": "steht nach {throws} mit {dice}",
        "covered": " (zu, ungesehen)",
        "showdown": "Aufdecken:",
        "tie.equal": "gleich",
        "tie.more_throws": "gleich, aber mehr Würfe",
        "tie.mit_ist_shit": "Mit ist Shit",
        "not_on_hand": "nicht auf die Hand",
        "on_hand": "auf die Hand",
        "from_stock": "{loser} bekommt {count} Deckel aus dem Stock",
        "from_player": "{giver} gibt {loser} {count} Deckel",
        "all": "{label} von {winner}: {loser} bekommt {sources} – alle {owed} Deckel der Hälfte",
        "all.keeps": "{label} von {winner}: {loser} bekommt {sources}; {winner} behält {kept}",
        "src.stock": "{count} Deckel aus dem Stock",
        "src.first": "{count} Deckel von {giver}",
        "src.player": "{count} von {giver}",
        "src.and": " und ",
        "src.none": "keine weiteren Deckel",
        "short.stock": "fällig wären {owed}, mehr war nicht im Stock",
        "short.player": "fällig wären {owed}, {giver} hatte nicht mehr",
        "doubled": "blind: doppelt",
        "state": "Stand: Stock {stock}; {deckel}",
        "out": "{name} hat keine Deckel und ist raus",
        "half_lost": "{name} hat alle {total} Deckel: {half} verloren",
        "einkauf.yes": "Einkaufen: {name} kauft sich ein",
        "einkauf.no": "Einkaufen: {name} kauft sich nicht ein",
        "straf.stock": "Strafdeckel für {name} (vom Tisch gefallen): 1 Deckel aus dem Stock",
        "straf.player": "Strafdeckel für {name} (vom Tisch gefallen): 1 Deckel von {giver}",
        "straf.none": "Strafdeckel für {name} (vom Tisch gefallen): kein Deckel mehr zu holen",
        "ro.opening": "Auswürfeln, wer beginnt ({rule})",
        "ro.final": "Auswürfeln, wer das Finale beginnt ({rule})",
        "ro.opening_tie": "Gleichstand beim schlechtesten Wurf, Stechen ({rule})",
        "ro.high": "höchste Zahl beginnt",
        "ro.low": "niedrigste Zahl beginnt",
        "ro.low_loses": "niedrigste Zahl verliert",
        "ro.again": "nochmal",
        "ro.void": " (ungültig)",
        "ro.starts": "{name} beginnt",
        "ro.loses": "{name} verliert",
        "ro.age": "Gleichstand beim schlechtesten Wurf: {name} ist am jüngsten und verliert",
        "half_losers": "Verlierer der Hälften: {names}",
        "lost": "{name} hat das Spiel verloren.",
        "durchmarsch": "Durchmarsch! {name} hat beide Hälften und damit das Spiel verloren,"
        " ohne Finale.",
        "not_over": "Das Spiel ist noch nicht zu Ende: noch kein Verlierer.",
        "final_state": "Stand am Ende: Stock {stock}; {deckel}",
    },
    "en": {
        "title": "Schocken under the rules “{name}” ({id})",
        "table": "At the table: {names}",
        "placeholders": "? = not entered: at the table only the result was revealed",
        "half.first": "Half 1",
        "half.second": "Half 2",
        "half.final": "Final",
        "half.only": "Half (who loses it loses the game)",
        "half.head": "{title}: {players}; {stock} Deckel in the Stock",
        "vs": " against ",
        "round": "Round {n}",
        "starter": "starts: {name}",
        "opening": "opening round: everybody throws once",
        "limit": "at most {n}",
        "blind.head": "blind: one throw for everybody, Deckel doubled",
        "throw": "throw {k}: {dice}",
        "loaded": " (loaded)",
        "void": " – void (Türmchen/Kippe), thrown again",
        "lift": "lifts the cup",
        "aside": "sets aside {dice}",
        "back": "puts {dice} back into the cup",
        "turn.1": "turns 6-6 into a 1",
        "turn.2": "turns 6-6-6 into 1-1",
        "blind": "declares blind",
        "stop": "stops after {throws} with {dice}",
        "covered": " (zu, unseen)",
        "showdown": "Showdown:",
        "tie.equal": "equal",
        "tie.more_throws": "equal, but more throws",
        "tie.mit_ist_shit": "Mit ist Shit",
        "not_on_hand": "not auf die Hand",
        "on_hand": "auf die Hand",
        "from_stock": "{loser} receives {count} Deckel from the Stock",
        "from_player": "{giver} gives {loser} {count} Deckel",
        "all": "{label} by {winner}: {loser} receives {sources} – every Deckel of the half"
        " ({owed})",
        "all.keeps": "{label} by {winner}: {loser} receives {sources}; {winner} keeps {kept}",
        "src.stock": "{count} Deckel from the Stock",
        "src.first": "{count} Deckel from {giver}",
        "src.player": "{count} from {giver}",
        "src.and": " and ",
        "src.none": "no further Deckel",
        "short.stock": "{owed} owed, the Stock had no more",
        "short.player": "{owed} owed, {giver} had no more",
        "doubled": "blind: doubled",
        "state": "Score: Stock {stock}; {deckel}",
        "out": "{name} holds no Deckel and is out",
        "half_lost": "{name} holds all {total} Deckel: loses {half}",
        "einkauf.yes": "Einkaufen: {name} buys in",
        "einkauf.no": "Einkaufen: {name} does not buy in",
        "straf.stock": "Strafdeckel for {name} (fell off the table): 1 Deckel from the Stock",
        "straf.player": "Strafdeckel for {name} (fell off the table): 1 Deckel from {giver}",
        "straf.none": "Strafdeckel for {name} (fell off the table): no Deckel left to take",
        "ro.opening": "Roll-off for who starts ({rule})",
        "ro.final": "Roll-off for who starts the final ({rule})",
        "ro.opening_tie": "Tie for the worst throw, roll-off ({rule})",
        "ro.high": "highest starts",
        "ro.low": "lowest starts",
        "ro.low_loses": "lowest loses",
        "ro.again": "again",
        "ro.void": " (void)",
        "ro.starts": "{name} starts",
        "ro.loses": "{name} loses",
        "ro.age": "Tie for the worst throw: {name} is the youngest and loses",
        "half_losers": "Half losers: {names}",
        "lost": "{name} has lost the game.",
        "durchmarsch": "Durchmarsch! {name} has lost both halves and so the game, without a final.",
        "not_over": "The game is not over yet: no loser so far.",
        "final_state": "Score at the end: Stock {stock}; {deckel}",
    },
}

#: The sentences told to the viewer about himself (second person), by language and
#: ``key@role``: the template of ``key`` when the seat in ``role`` is the viewer.
_YOU_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "you": "du",
        "from_stock@loser": "Du bekommst {count} Deckel aus dem Stock",
        "from_player@loser": "{giver} gibt dir {count} Deckel",
        "from_player@giver": "Du gibst {loser} {count} Deckel",
        "src.first@giver": "{count} Deckel von dir",
        "src.player@giver": "{count} von dir",
        "all@winner": "{label} von dir: {loser} bekommt {sources} – alle {owed} Deckel der Hälfte",
        "all@loser": "{label} von {winner}: Du bekommst {sources} – alle {owed} Deckel der Hälfte",
        "all.keeps@winner": "{label} von dir: {loser} bekommt {sources}; du behältst {kept}",
        "all.keeps@loser": "{label} von {winner}: Du bekommst {sources}; {winner} behält {kept}",
        "short.player@giver": "fällig wären {owed}, du hattest nicht mehr",
        "out@name": "Du hast keine Deckel und bist raus",
        "half_lost@name": "Du hast alle {total} Deckel: {half} verloren",
        "einkauf.yes@name": "Einkaufen: Du kaufst dich ein",
        "einkauf.no@name": "Einkaufen: Du kaufst dich nicht ein",
        "straf.stock@name": "Strafdeckel für dich (vom Tisch gefallen): 1 Deckel aus dem Stock",
        "straf.player@name": "Strafdeckel für dich (vom Tisch gefallen): 1 Deckel von {giver}",
        "straf.player@giver": "Strafdeckel für {name} (vom Tisch gefallen): 1 Deckel von dir",
        "straf.none@name": "Strafdeckel für dich (vom Tisch gefallen): kein Deckel mehr zu holen",
        "ro.starts@name": "Du beginnst",
        "ro.loses@name": "Du verlierst",
        "ro.age@name": "Gleichstand beim schlechtesten Wurf: Du bist am jüngsten und verlierst",
        "lost@name": "Du hast das Spiel verloren.",
        "durchmarsch@name": "Durchmarsch! Du hast beide Hälften und damit das Spiel verloren,"
        " ohne Finale.",
    },
    "en": {
        "you": "you",
        "from_stock@loser": "You receive {count} Deckel from the Stock",
        "from_player@loser": "{giver} gives you {count} Deckel",
        "from_player@giver": "You give {loser} {count} Deckel",
        "all@winner": "{label} by you: {loser} receives {sources} – every Deckel of the half"
        " ({owed})",
        "all@loser": "{label} by {winner}: you receive {sources} – every Deckel of the half"
        " ({owed})",
        "all.keeps@winner": "{label} by you: {loser} receives {sources}; you keep {kept}",
        "all.keeps@loser": "{label} by {winner}: you receive {sources}; {winner} keeps {kept}",
        "short.player@giver": "{owed} owed, you had no more",
        "out@name": "You hold no Deckel and are out",
        "half_lost@name": "You hold all {total} Deckel: you lose {half}",
        "einkauf.yes@name": "Einkaufen: you buy in",
        "einkauf.no@name": "Einkaufen: you do not buy in",
        "straf.stock@name": "Strafdeckel for you (fell off the table): 1 Deckel from the Stock",
        "straf.player@name": "Strafdeckel for you (fell off the table): 1 Deckel from {giver}",
        "straf.player@giver": "Strafdeckel for {name} (fell off the table): 1 Deckel from you",
        "straf.none@name": "Strafdeckel for you (fell off the table): no Deckel left to take",
        "ro.starts@name": "You start",
        "ro.loses@name": "You lose",
        "ro.age@name": "Tie for the worst throw: you are the youngest and lose",
        "lost@name": "You have lost the game.",
        "durchmarsch@name": "Durchmarsch! You have lost both halves and so the game, "
        "without a final.",
    },
}

_HALF_LOST_DE = {
    "first": "die 1. Hälfte",
    "second": "die 2. Hälfte",
    "final": "das Finale",
    "only": "die Hälfte und damit das Spiel",
}
_HALF_LOST_EN = {
    "first": "half 1",
    "second": "half 2",
    "final": "the final",
    "only": "the half and so the game",
}


def _throws(n: int, lang: str, dative: bool = False) -> str:
    if lang == "en":
        return f"{n} throw" if n == 1 else f"{n} throws"
    if n == 1:
        return "1 Wurf"
    return f"{n} Würfen" if dative else f"{n} Würfe"


def render_text(data: Account, lang: str = "de", viewer: int | None = None) -> str:
    """The account of :func:`account` as text for people, German or English.

    With ``viewer`` (a seat) the text speaks to that player in the second
    person: "Du bekommst 4 Deckel", "Anna gibt dir 1 Deckel", "You lose".
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    seats = len(data["seats"])
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < seats
    ):
        raise ValueError(f"viewer must be a seat 0 to {seats - 1} or None, got {viewer!r}")
    return "\n".join(_Renderer(data, lang, viewer).lines()) + "\n"


class _Renderer:
    def __init__(self, data: Account, lang: str, viewer: int | None = None) -> None:
        self.data = data
        self.lang = lang
        self.w = _WORDS[lang]
        self.you_words = _YOU_WORDS[lang]
        self.viewer = viewer
        self.names: list[str] = data["seats"]
        self.one_half = data["structure"] == str(Structure.ONE_HALF)
        self.out: list[str] = []

    def name(self, seat: int) -> str:
        """A seat's name; the viewer is "du" / "you"."""
        return self.you_words["you"] if seat == self.viewer else self.names[seat]

    def label(self, seat: int) -> str:
        """A seat's name at the start of a line (capitalized for the viewer)."""
        name = self.name(seat)
        return name[:1].upper() + name[1:] if seat == self.viewer else name

    def text(self, key: str, seats: dict[str, int | None], **kw: Any) -> str:
        """The template ``key`` filled in; where a seat in ``seats`` (by role) is
        the viewer, the second-person sentence told to him."""
        template = self.w[key]
        for role, seat in seats.items():
            if seat is not None and seat == self.viewer:
                template = self.you_words.get(f"{key}@{role}", template)
                break
        names = {role: self.name(seat) if seat is not None else "" for role, seat in seats.items()}
        return template.format(**names, **kw)

    def say(
        self, indent: int, key: str, seats: dict[str, int | None] | None = None, **kw: Any
    ) -> None:
        self.out.append("  " * indent + self.text(key, seats or {}, **kw))

    def deckel_list(self, deckel: list[int], players: list[int]) -> str:
        return ", ".join(f"{self.name(s)} {deckel[s]}" for s in players)

    def lines(self) -> list[str]:
        d = self.data
        self.say(0, "title", name=d["rules"]["name"], id=d["rules"]["id"])
        self.say(0, "table", names=", ".join(self.names))
        if d.get("placeholders"):
            self.say(0, "placeholders")
        for half in d["halves"]:
            self.half(half)
        self.closing()
        return self.out

    def closing(self) -> None:
        """How the game ended (or that it has not)."""
        d = self.data
        self.out.append("")
        if len(d["half_losers"]) > 1:
            self.say(0, "half_losers", names=", ".join(self.name(s) for s in d["half_losers"]))
        if d["loser"] is None:
            self.say(0, "not_over")
            players = d["halves"][-1]["players"] if d["halves"] else []
            self.say(
                0, "final_state", stock=d["stock"], deckel=self.deckel_list(d["deckel"], players)
            )
        elif d["durchmarsch"]:
            self.say(0, "durchmarsch", {"name": d["loser"]})
        else:
            self.say(0, "lost", {"name": d["loser"]})

    def half_title(self, half: dict[str, Any]) -> str:
        if self.one_half:
            return self.w["half.only"]
        return self.w[f"half.{half['kind']}"]

    def half(self, half: dict[str, Any]) -> None:
        self.half_head(half)
        for r in half["rounds"]:
            self.round(r, half)

    def half_head(self, half: dict[str, Any]) -> None:
        self.out.append("")
        players = half["players"]
        joiner = self.w["vs"] if half["kind"] == "final" else ", "
        self.say(
            0,
            "half.head",
            title=self.half_title(half),
            stock=half["stock"],
            players=joiner.join(self.name(s) for s in players),
        )

    def round(self, r: dict[str, Any], half: dict[str, Any]) -> None:
        w = self.w
        head = [w["round"].format(n=r["number"])]
        if r["opening"]:
            head.append(w["opening"])
        elif r["starter"] is not None:
            head.append(w["starter"].format(name=self.name(r["starter"])))
        if r["blind"]:
            head.append(w["blind.head"])
        elif r["limit"] is not None and not r["opening"]:
            head.append(w["limit"].format(n=_throws(r["limit"], self.lang)))
        for ro in r["roll_offs"]:
            if ro["purpose"] != "opening_tie":
                self.roll_off(ro, 1)
        self.out.append("  " + " · ".join(head))
        for e in r["einkaufen"]:
            self.say(2, "einkauf.yes" if e["join"] else "einkauf.no", {"name": e["seat"]})
        width = max((len(self.name(t["seat"])) for t in r["turns"]), default=0)
        for t in r["turns"]:
            if t["steps"]:
                self.turn(t, r, width)
        for s in r["strafdeckel"]:
            key = (
                "straf.none"
                if not s["count"]
                else ("straf.stock" if s["giver"] is None else "straf.player")
            )
            self.say(2, key, {"name": s["seat"], "giver": s["giver"]})
        if r["showdown"] is not None:
            self.showdown(r["showdown"], width)
        for ro in r["roll_offs"]:
            if ro["purpose"] == "opening_tie":
                self.roll_off(ro, 2)
        if r["deckel"] is not None:
            self.deckel(r)
        if r["after"] is not None:
            self.say(
                2,
                "state",
                stock=r["after"]["stock"],
                deckel=self.deckel_list(r["after"]["deckel"], half["players"]),
            )
        for s in r["out"]:
            self.say(2, "out", {"name": s})
        if r["half_lost"] is not None:
            kind = "only" if self.one_half else half["kind"]
            words = _HALF_LOST_DE if self.lang == "de" else _HALF_LOST_EN
            self.say(
                2,
                "half_lost",
                {"name": r["half_lost"]},
                total=self.data["deckel_per_half"],
                half=words[kind],
            )

    def turn(self, t: dict[str, Any], r: dict[str, Any], width: int) -> None:
        w = self.w
        name = self.label(t["seat"]) + ":"
        if r["opening"]:  # one throw each, nothing else: just the dice
            text = ", ".join(
                step["dice"] + (w["void"] if step["void"] else "") for step in t["steps"]
            )
            self.out.append(f"    {name:<{width + 1}}  {text}")
            return
        groups: list[list[str]] = []  # one group per throw: the throw and what follows it
        for step in t["steps"]:
            kind = step["type"]
            if kind == "throw":
                text = w["throw"].format(k=step["throw"], dice=step["dice"])
                if step["loading"]:
                    text += w["loaded"]
                if step["void"]:
                    text += w["void"]
                groups.append([text])
                continue
            if kind == "turn":
                text = w[f"turn.{step['ones']}"]
            elif kind in ("aside", "back"):
                text = w[kind].format(dice=step["dice"])
            else:
                text = w[kind]
            groups[-1].append(text)  # every turn begins with a throw
        stop = t["stop"]
        if stop is not None:
            text = w["stop"].format(
                throws=_throws(stop["throws"], self.lang, dative=True), dice=stop["result"]
            )
            if stop["covered"] and stop["throws"] == 1 and t["seat"] == r["starter"]:
                text += w["covered"]
            groups.append([text])
        self.out.append(f"    {name:<{width + 1}}  " + "; ".join(", ".join(g) for g in groups))

    def row_notes(self, row: dict[str, Any], dice: bool = True) -> list[str]:
        """What is said after a showdown row's result: dice, throws, auf die Hand, a tie."""
        w = self.w
        notes = [row["dice"]] if dice else []
        notes.append(_throws(row["throws"], self.lang))
        if row["not_on_hand"]:
            notes.append(w["not_on_hand"])
        elif row["on_hand"] and row["kind"] in ("general", "strasse", "jule", "schock_hand"):
            notes.append(w["on_hand"])
        if row["tie"] is not None:
            notes.append(w[f"tie.{row['tie']}"])
        return notes

    def showdown(self, rows: list[dict[str, Any]], width: int) -> None:
        self.say(2, "showdown")
        label_width = max(len(row["label"]) for row in rows)
        for row in rows:
            name = self.label(row["seat"])
            self.out.append(
                f"      {row['place']}. {name:<{width}}  {row['label']:<{label_width}}  "
                f"({', '.join(self.row_notes(row))})"
            )

    def sources(self, d: dict[str, Any]) -> str:
        """Where the Deckel of a Schock Aus come from: "8 Deckel aus dem Stock und 3 von Ben"."""
        parts = []
        for src in d.get("sources", ()):
            if src["giver"] is None:
                parts.append(self.w["src.stock"].format(count=src["count"]))
            else:
                key = "src.player" if parts else "src.first"
                parts.append(self.text(key, {"giver": src["giver"]}, count=src["count"]))
        if not parts:
            return self.w["src.none"]
        if len(parts) == 1:
            return parts[0]
        return ", ".join(parts[:-1]) + self.w["src.and"] + parts[-1]

    def deckel_text(self, r: dict[str, Any]) -> str:
        """Who received how many Deckel in round ``r``, and from where (with notes)."""
        d = r["deckel"]
        winner = self.name(d["winner"])
        if d["all"]:
            seats = {"winner": d["winner"], "loser": d["loser"]}
            if d.get("kept"):  # house rule schock_aus_keeps
                return self.text("all.keeps", seats, label=d["result"], sources=self.sources(d),
                                 kept=d["kept"])
            return self.text("all", seats, label=d["result"], owed=d["owed"],
                             sources=self.sources(d))
        if d["giver"] is None:
            text = self.text("from_stock", {"loser": d["loser"]}, count=d["count"])
        else:
            seats = {"loser": d["loser"], "giver": d["giver"]}
            text = self.text("from_player", seats, count=d["count"])
        notes = [d["result"] if d["giver"] == d["winner"] else f"{winner}: {d['result']}"]
        if r["blind"]:
            notes.append(self.w["doubled"])
        if d["count"] < d["owed"]:
            key = "short.stock" if d["giver"] is None else "short.player"
            notes.append(self.text(key, {"giver": d["giver"]}, owed=d["owed"]))
        return f"{text} ({'; '.join(notes)})"

    def deckel(self, r: dict[str, Any]) -> None:
        self.out.append("    " + self.deckel_text(r))

    def roll_off_parts(self, ro: dict[str, Any]) -> tuple[str, list[str], str | None]:
        """A roll-off as its heading, its rounds of dice and its outcome."""
        w = self.w
        if ro["purpose"] == "opening_tie":
            rule = w["ro.low_loses"]
        else:
            rule = w["ro.low"] if ro["low"] else w["ro.high"]
        rounds = []
        for i, rolls in enumerate(ro["rolls"]):
            text = ", ".join(
                f"{self.name(x['seat'])} {x['die']}" + (w["ro.void"] if x["void"] else "")
                for x in rolls
            )
            rounds.append(text if i == 0 else f"{w['ro.again']}: {text}")
        outcome = None
        if ro["decided"] is not None:
            key = "ro.loses" if ro["purpose"] == "opening_tie" else "ro.starts"
            outcome = self.text(key, {"name": ro["decided"]})
        return w[f"ro.{ro['purpose']}"].format(rule=rule), rounds, outcome

    def roll_off(self, ro: dict[str, Any], indent: int) -> None:
        if ro["by"] == "age":
            self.say(indent, "ro.age", {"name": ro["decided"]})
            return
        head, rounds, outcome = self.roll_off_parts(ro)
        line = head + ": " + "; ".join(rounds)
        if outcome is not None:
            line += " → " + outcome
        self.out.append("  " * indent + line)
