"""The two house-rule fields the two-player model once ignored, checked against
an independent computation (docs/equilibrium.md, "Fields").

* ``last_throw_covered = false``: the round's first player's last allowed throw
  is shown, so the second player answers what he sees; the old model had him
  answer a covered throw and so overvalued throwing again.
* ``schock_aus_keeps = true``: a Schock Aus thrower keeps his Deckel and the half
  goes on unless he held none; the old model ended the half.

The independent side is a brute-force expectimax of a small two-player round
written here from docs/rules.md alone (the engine's ``sort_key`` ranks results;
nothing of ``schock.solver`` is used), and the half's Bellman equations with
the Deckel moved as docs/rules.md says. Small rule sets keep it fast: two
throws, no Sechsen drehen, 2 Deckel.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from schock import load_rules
from schock.bots import OptimalBot
from schock.cli import main
from schock.dice import Outcome
from schock.engine import Game, ScriptedDice
from schock.engine.actions import Action, LiftAction, StopAction, ThrowAction
from schock.errors import InvalidInputError
from schock.results import evaluation_table, rank, sort_key
from schock.rules import Rules
from schock.rules.model import FIELD_NAMES
from schock.solver import equilibrium
from schock.solver.half import duel_half, round_value
from schock.solver.turn import Objective, Result, Stakes, Table, TurnState, solve, strengths

Dice = tuple[int, ...]
Key = tuple[int, int]


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))


def _rolls(m: int) -> list[tuple[Dice, float]]:
    counts = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=m))
    return [(d, c / 6**m) for d, c in sorted(counts.items())]


ROLLS = {m: _rolls(m) for m in range(4)}


class Brute:
    """A two-player round by brute force, for rules without Sechsen drehen.

    ``pay(first_wins, strength)`` is the first player's worth of the round's end.
    The second player minimizes it, answering what he sees: the first player's
    result, or, for a covered last throw, the distribution of its hidden dice.
    """

    def __init__(self, rules: Rules, pay: Callable[[bool, int], float]) -> None:
        assert not rules.sixes_turning
        self.rules = rules
        self.pay = pay
        self.top = rules.max_throws
        self.table = evaluation_table(rules)
        self._answers: dict[tuple[int, tuple[tuple[Key, float], ...]], float] = {}
        self._keys: dict[tuple[Dice, bool, int], Key] = {}

    def key(self, dice: Dice, hand: bool, throws: int) -> Key:
        """The engine's ranking key (lower is better; equal keys: the earlier seat wins)."""
        memo = (dice, hand, throws)
        k = self._keys.get(memo)
        if k is None:
            full = sort_key(self.rules, self.table[(tuple(sorted(dice)), hand)], throws, 0)
            k = self._keys[memo] = (full[0], full[1])
        return k

    def keeps(self, kept: Dice, thrown: Dice) -> set[Dice]:
        pool = kept + tuple(d for d in thrown if self.rules.set_aside == "any" or d == 1)
        out = set()
        for n in range(3):  # at least one die goes back into the cup
            for combo in itertools.combinations(pool, n):
                if not self.rules.take_back and Counter(kept) - Counter(combo):
                    continue
                out.add(tuple(sorted(combo)))
        return out

    def turn(self, limit: int, worth: Callable[[Dice, bool, int], float], sign: float) -> float:
        """The worth of a whole turn of at most ``limit`` throws; the player
        maximizes ``sign * worth`` of the result (dice, auf die Hand, throws)
        (the values inside are signed)."""

        def before(kept: Dice, used: int) -> float:
            return sum(p * after(kept, roll, used + 1) for roll, p in ROLLS[3 - len(kept)])

        def after(kept: Dice, thrown: Dice, used: int) -> float:
            best = sign * worth(kept + thrown, not kept, used)
            if used < limit:
                for k in self.keeps(kept, thrown):
                    best = max(best, before(k, used))
            return best

        return sign * before((), 0)

    def answer(self, limit: int, earlier: dict[Key, float]) -> float:
        """The first player's worth when the second answers ``earlier`` within ``limit``."""
        frozen = (limit, tuple(sorted(earlier.items())))
        v = self._answers.get(frozen)
        if v is None:
            memo: dict[Key, float] = {}

            def worth(dice: Dice, hand: bool, used: int) -> float:
                hk = self.key(dice, hand, used)
                if hk not in memo:
                    memo[hk] = sum(
                        p * (self.pay(True, -ek[0]) if ek <= hk else self.pay(False, -hk[0]))
                        for ek, p in earlier.items()
                    )
                return memo[hk]

            v = self._answers[frozen] = self.turn(limit, worth, -1.0)
        return v

    def stop_value(self, kept: Dice, thrown: Dice, used: int) -> float:
        """The first player's worth of stopping here (his result shown, or his last
        allowed throw covered where the rules say so)."""
        if used == self.top and self.rules.last_throw_covered:
            earlier: dict[Key, float] = Counter()
            for roll, p in ROLLS[len(thrown)]:
                earlier[self.key(kept + roll, not kept, used)] += p
            return self.answer(used, dict(earlier))
        return self.answer(used, {self.key(kept + thrown, not kept, used): 1.0})

    def choices(self, kept: Dice, thrown: Dice, used: int) -> dict[Dice | None, float]:
        """The first player's worth of each choice after a throw (None: stop)."""

        def before(k: Dice, u: int) -> float:
            return sum(p * best(k, roll, u + 1) for roll, p in ROLLS[3 - len(k)])

        def best(k: Dice, t: Dice, u: int) -> float:
            return max(self._choices(k, t, u, before).values())

        return self._choices(kept, thrown, used, before)

    def _choices(
        self, kept: Dice, thrown: Dice, used: int, before: Callable[[Dice, int], float]
    ) -> dict[Dice | None, float]:
        out: dict[Dice | None, float] = {None: self.stop_value(kept, thrown, used)}
        if used < self.top:
            out.update({k: before(k, used) for k in self.keeps(kept, thrown)})
        return out

    def round(self) -> float:
        return sum(p * max(self.choices((), roll, 1).values()) for roll, p in ROLLS[3])


def _win_pay(first_wins: bool, strength: int) -> float:
    return 1.0 if first_wins else 0.0


def _round_stakes(rules: Rules) -> Stakes:
    k = len(strengths(rules))
    return Stakes((1.0,) * k, (0.0,) * k)


def _solver_choice(rules: Rules, stakes: Stakes, dice: Dice) -> Dice | None:
    table = Table(after=1, stakes=stakes)
    best = solve(rules, TurnState((), dice, 1, None), table, Objective.HALF)[0].move
    return None if best.stop else best.keep


SMALL = load_rules("porz").replace(max_throws=2, sixes_turning=False, deckel=2)


def test_a_shown_last_throw_is_answered_as_seen() -> None:
    shown = SMALL.replace(last_throw_covered=False)
    brute = Brute(shown, _win_pay)
    value = round_value(shown, _round_stakes(shown))
    assert value == pytest.approx(brute.round(), abs=1e-12)
    # the old model (the last throw covered) overvalues the round under these rules
    old = round_value(SMALL, _round_stakes(SMALL))
    assert old > value + 0.005
    assert Brute(SMALL, _win_pay).round() == pytest.approx(old, abs=1e-12)
    # and decides differently where it matters: every first throw where the old
    # model throws again but the new one stands, and the new choice is better
    wrong = []
    for dice, _ in ROLLS[3]:
        new_move = _solver_choice(shown, _round_stakes(shown), dice)
        old_move = _solver_choice(SMALL, _round_stakes(SMALL), dice)
        exact = brute.choices((), dice, 1)
        assert exact[new_move] == pytest.approx(max(exact.values()), abs=1e-12)
        if old_move != new_move:
            wrong.append(dice)
            assert exact[new_move] > exact[old_move] + 1e-9
    assert wrong  # e.g. 1-5-5: stand on it, do not keep the 1 and throw again


def _after_round(
    rules: Rules, all_deckel: bool, owed: int, stock: int, winner: int, loser: int
) -> tuple[int, int, int] | None:
    """(Stock, winner's, loser's Deckel) after a round, None when the loser lost
    the half (docs/rules.md, "Deckel"; the loser starts the next round)."""
    n = rules.deckel
    if all_deckel:
        if not rules.schock_aus_keeps or winner == 0:
            return None
        return 0, winner, n - winner  # the loser receives all but the thrower's
    take = min(owed, stock if stock else winner)
    if stock:
        stock -= take
    else:
        winner -= take
    return None if loser + take == n else (stock, winner, loser + take)


def _half_pay(rules: Rules, value: Callable[[int, int, int, bool], float], sit: tuple[int, int, int]) -> Callable[[bool, int], float]:
    """The first player's worth of each end of the round at ``sit``, from the
    half's values ``value(stock, mine, other, first)``."""
    by = {e.strength: e for e in evaluation_table(rules).values()}
    stock, x, y = sit

    def pay(first_wins: bool, strength: int) -> float:
        e = by[strength]
        w, lo = (x, y) if first_wins else (y, x)
        nxt = _after_round(rules, e.all_deckel, e.deckel, stock, w, lo)
        if nxt is None:
            return 1.0 if first_wins else 0.0
        s, w2, l2 = nxt  # the loser starts the next round
        if first_wins:
            return 1.0 - value(s, l2, w2, True)
        return value(s, l2, w2, True)

    return pay


KEEPS = SMALL.replace(schock_aus_keeps=True)
SITUATIONS = [(0, 1, 1), (1, 1, 0), (1, 0, 1), (2, 0, 0)]


def _residual(
    rules: Rules, value: Callable[[int, int, int, bool], float], situations: list[tuple[int, int, int]]
) -> float:
    """The largest gap of the half's Bellman equations under ``rules``, by brute force."""
    return max(
        abs(Brute(rules, _half_pay(rules, value, sit)).round() - value(*sit, True))
        for sit in situations
    )


def _values(table: object) -> Callable[[int, int, int, bool], float]:
    def value(stock: int, mine: int, other: int, first: bool) -> float:
        return table.value(stock, mine, other, first=first)  # type: ignore[attr-defined]

    return value


def test_schock_aus_keeps_goes_on_with_the_half() -> None:
    new = duel_half(KEEPS)
    assert _residual(KEEPS, _values(new), SITUATIONS) < 1e-8
    # the old model ended the half on Schock Aus: its values break these equations
    # (they solve those of the rules without the house rule)
    old = duel_half(SMALL)
    assert _residual(KEEPS, _values(old), [(1, 1, 0)]) > 5e-3
    assert _residual(SMALL, _values(old), [(1, 1, 0)]) < 1e-8
    # at 1 Deckel each a Schock Aus no longer wins the half (the thrower keeps his
    # one Deckel, the other gets the other one, and he begins): the old model chases
    # it, the new one stands; the brute force agrees with the new choice
    sit = (0, 1, 1)
    brute = Brute(KEEPS, _half_pay(KEEPS, _values(new), sit))
    wrong = []
    for dice, _ in ROLLS[3]:
        new_move = _solver_choice(KEEPS, new.stakes(*sit, first=True), dice)
        old_move = _solver_choice(KEEPS, old.stakes(*sit, first=True), dice)
        exact = brute.choices((), dice, 1)
        assert exact[new_move] == pytest.approx(max(exact.values()), abs=1e-9)
        if old_move != new_move:
            wrong.append(dice)
            assert exact[new_move] > exact[old_move] + 1e-9
    assert wrong


# ---------------------------------------------------------------- a house-rules file, end to end


def _house(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "haus.toml"
    path.write_text(
        'extends = "porz"\nid = "haus"\nname = "Haus"\n'
        f"max_throws = 2\nsixes_turning = false\ndeckel = 2\n{extra}\n",
        encoding="utf-8",
    )
    return path


def _hint(path: Path, state: str, stock: int, mine: int) -> list[dict[str, object]]:
    args = ["hint", state, "--rules", str(path), "--objective", "half"]
    r = CliRunner().invoke(main, [*args, "--stock", str(stock), "--deckel", str(mine), "--json"])
    assert r.exit_code == 0, r.output
    choices: list[dict[str, object]] = json.loads(r.output)["choices"]
    return choices


def _bot_move(game: Game, seat: int) -> Action:
    """The optimal bot's decision once it has thrown and looked (not applied)."""
    bot = OptimalBot()
    while True:
        view = game.view(seat)
        action = bot.act(view)
        me = view.turn_of(seat)
        assert me is not None
        if me.throws and me.looked:
            return action
        game.apply(seat, action)


def _play(game: Game, seat: int) -> None:
    """One turn of one throw, stood on (lifting first where that is legal)."""
    game.apply(seat, ThrowAction())
    if LiftAction() in game.view(seat).legal:
        game.apply(seat, LiftAction())
    game.apply(seat, StopAction())


def test_shown_last_throw_house_file_through_hint_and_bot(tmp_path: Path) -> None:
    shown = _house(tmp_path, "last_throw_covered = false")
    rules = load_rules(str(shown))
    assert not rules.last_throw_covered
    # the half's first round, 2-5-5 first: stand (the second player would see a
    # second throw and answer it); the old model threw all three dice again
    assert _hint(shown, "2-5-5 1/*", 2, 0)[0]["move"] == "stop"
    exact = Brute(rules, _half_pay(rules, _values(duel_half(rules)), (2, 0, 0))).choices(
        (), (2, 5, 5), 1
    )
    assert exact[None] > exact[()] + 1e-9
    covered = _house(tmp_path, "last_throw_covered = true")
    assert _hint(covered, "2-5-5 1/*", 2, 0)[0]["move"] == "throw 3 dice"
    game = Game(rules, seats=["Bot", "Anna"], starter=0, dice=ScriptedDice([2, 5, 5]))
    assert _bot_move(game, 0) == StopAction()


def test_schock_aus_keeps_house_file_through_hint_and_bot(tmp_path: Path) -> None:
    keeps = _house(tmp_path, "schock_aus_keeps = true")
    rules = load_rules(str(keeps))
    # Stock 1, the bot 1 Deckel, Anna none: a Schock Aus would leave the bot its
    # Deckel and Anna the other one, so 1-1-4 is worth standing on (the old model
    # kept 1-1 and threw for the Schock Aus that ended the half)
    assert _hint(keeps, "1-1-4 1/*", 1, 1)[0]["move"] == "stop"
    exact = Brute(rules, _half_pay(rules, _values(duel_half(rules)), (1, 1, 0))).choices(
        (), (1, 1, 4), 1
    )
    assert exact[None] > exact[(1, 1)] + 1e-9
    # in the engine: the bot loses the first round (2-3-5 against 6-6-5: one Deckel
    # from the Stock), begins the second and throws 1-1-4
    game = Game(rules, seats=["Bot", "Anna"], starter=0,
                dice=ScriptedDice([2, 3, 5, 6, 6, 5, 1, 1, 4]))
    _play(game, 0)
    _play(game, 1)
    view = game.view(0)
    assert (view.stock, view.deckel, view.round_order[0]) == (1, (1, 0), 0)
    assert _bot_move(game, 0) == StopAction()


# ---------------------------------------------------------------- every field audited


def test_every_rules_field_is_audited_and_documented(monkeypatch: pytest.MonkeyPatch) -> None:
    # a new field of the rule model fails here until the solver's audit names it
    assert set(FIELD_NAMES) == equilibrium.AUDITED_FIELDS
    doc = (Path(__file__).parents[2] / "docs" / "equilibrium.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Which rules the solver models"):]
    assert all(f"`{name}`" in section for name in FIELD_NAMES)
    # and until then the solver refuses it by name where it is not at its default
    monkeypatch.setattr(equilibrium, "AUDITED_FIELDS", equilibrium.AUDITED_FIELDS - {"jule"})
    equilibrium.check_supported(load_rules("porz"))
    with pytest.raises(InvalidInputError, match=r"handle jule = True .*allowed: jule = False"):
        equilibrium.check_supported(load_rules("porz").replace(jule=True))


# ---------------------------------------------------------------- three players, counted Deckel


def _received_by_enumeration(rules: Rules, stock: int, mine: int, piles: tuple[int, int]) -> float:
    """The last of three players stops on 2-3-5 in a round of one throw; the two
    before him stood "zu" on one unseen throw each. His expected Deckel received,
    by every pair of their throws ranked by the engine (docs/rules.md, "Deckel")."""
    table = evaluation_table(rules)
    me = Outcome((2, 3, 5), 1, True)
    total = 0.0
    for a, pa in ROLLS[3]:
        for b, pb in ROLLS[3]:
            outcomes = [Outcome(a, 1, True), Outcome(b, 1, True), me]
            order = rank(rules, outcomes)
            if order[-1] != 2:
                continue
            winner = order[0]
            best = table[(outcomes[winner].dice, True)]
            if best.all_deckel:
                kept = piles[winner] if rules.schock_aus_keeps else 0
                got = rules.deckel - mine - kept
            elif stock:
                got = min(best.deckel, stock)
            else:  # from the winner, or the best-ranked other player holding Deckel
                giver = next((s for s in order[:2] if piles[s]), None)
                got = 0 if giver is None else min(best.deckel, piles[giver])
            total += pa * pb * got
    return total


def test_three_players_schock_aus_keeps_counts_the_winners_pile(tmp_path: Path) -> None:
    keeps = load_rules("porz").replace(schock_aus_keeps=True)
    stock, mine, piles = 3, 4, (4, 2)
    hidden = Result.parse(keeps, "?-?-?/1")
    table = Table(before=(hidden, hidden), stock=stock, mine=mine, piles=piles)
    stop = solve(keeps, TurnState((), (2, 3, 5), 1, 1), table)[0]
    exact = _received_by_enumeration(keeps, stock, mine, piles)
    assert stop.expected_deckel == pytest.approx(exact, abs=1e-12)
    # the old model gave the loser every Deckel the seat did not hold
    old = _received_by_enumeration(keeps.replace(schock_aus_keeps=False), stock, mine, piles)
    assert old > exact + 0.02
    # a round of three without the piles cannot be valued: named, in both languages
    with pytest.raises(InvalidInputError, match="schock_aus_keeps"):
        solve(keeps, TurnState((), (2, 3, 5), 1, 1), Table(before=(hidden, hidden), stock=3))
    path = tmp_path / "behalten.toml"
    path.write_text('extends = "porz"\nid = "b"\nname = "b"\nschock_aus_keeps = true\n')
    args = ["hint", "2-3-5 1/1", "--rules", str(path), "--before", "?-?-?/1",
            "--before", "?-?-?/1", "--stock", "3", "--deckel", "4"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and "Regelfeld schock_aus_keeps" in r.output and "--piles" in r.output
    r = CliRunner().invoke(main, [*args, "--lang", "en", "--piles", "1"])
    assert r.exit_code == 2 and "1 given for 2 other player(s)" in r.output
    r = CliRunner().invoke(main, [*args, "--piles", "4", "--piles", "2", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["choices"][0]["expected_deckel"] == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize("piles", [(1, 5), (0, 2)])
def test_three_players_empty_stock_deckel_come_from_the_winners_pile(
    piles: tuple[int, int],
) -> None:
    # once the Stock is empty a win takes Deckel from the winner's own pile (at most
    # what he holds; an Einkaufen winner holding none passes it to the best-ranked
    # player holding some); the old model capped it by what the seat does not hold
    porz = load_rules("porz")
    mine = porz.deckel - sum(piles)
    hidden = Result.parse(porz, "?-?-?/1")
    table = Table(before=(hidden, hidden), stock=0, mine=mine, piles=piles)
    stop = solve(porz, TurnState((), (2, 3, 5), 1, 1), table)[0]
    exact = _received_by_enumeration(porz, 0, mine, piles)
    assert stop.expected_deckel == pytest.approx(exact, abs=1e-12)
    # the old model: what is owed, capped only by the Deckel the seat does not hold
    # (with an Einkaufen winner and one other holder that cap is the holder's pile)
    old = _received_by_enumeration(porz, 0, mine, (porz.deckel - mine,) * 2)
    assert old > exact + 0.2 if piles[0] else old == pytest.approx(exact, abs=1e-12)
    with pytest.raises(InvalidInputError, match="Stock is empty"):
        solve(porz, TurnState((), (2, 3, 5), 1, 1), replace(table, piles=()))
    args = ["hint", "2-3-5 1/1", "--before", "?-?-?/1", "--before", "?-?-?/1",
            "--stock", "0", "--deckel", str(mine)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and "Der Stock ist leer" in r.output and "--piles" in r.output
    pile_args = [a for p in piles for a in ("--piles", str(p))]
    r = CliRunner().invoke(main, [*args, *pile_args, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["choices"][0]["expected_deckel"] == pytest.approx(exact, abs=1e-12)


def test_four_players_an_einkaufen_winner_passes_to_the_best_holder() -> None:
    # A bought in (no Deckel) and throws unseen; B showed 6-6-5 (1 Deckel); C throws
    # unseen (4 Deckel); the seat stops on 2-3-5 (the rest). When A wins, the
    # Deckel come from the better of B and C (docs/rules.md, "Deckel")
    porz = load_rules("porz")
    piles = (0, 1, 4)
    mine = porz.deckel - sum(piles)
    table = evaluation_table(porz)
    me = Outcome((2, 3, 5), 1, True)
    exact = 0.0
    for a, pa in ROLLS[3]:
        for c, pc in ROLLS[3]:
            outcomes = [Outcome(a, 1, True), Outcome((5, 6, 6), 1, True), Outcome(c, 1, True), me]
            order = rank(porz, outcomes)
            if order[-1] != 3:
                continue
            best = table[(outcomes[order[0]].dice, True)]
            giver = next(s for s in order[:3] if piles[s])
            owed = porz.deckel - mine if best.all_deckel else min(best.deckel, piles[giver])
            exact += pa * pc * owed
    hidden = Result.parse(porz, "?-?-?/1")
    before = (hidden, Result.known(porz, "6-6-5/1"), hidden)
    t = Table(before=before, stock=0, mine=mine, piles=piles)
    stop = solve(porz, TurnState((), (2, 3, 5), 1, 1), t)[0]
    assert stop.expected_deckel == pytest.approx(exact, abs=1e-12)
    assert exact > 0.2  # the seat loses often enough for this to mean something


def test_a_schock_aus_gives_away_the_throwers_own_pile_while_the_stock_holds_deckel() -> None:
    # the loser of a Schock Aus receives every Deckel of the half, the thrower's own
    # too, Stock or not (docs/rules.md, "Deckel: Schock Aus"); the net objective once
    # counted the thrower's pile only with the Stock empty. Under schock_aus_keeps he
    # keeps it, and the loser receives the Stock and the other piles
    porz = load_rules("porz")
    before = (Result.known(porz, "6-6-5/1"), Result.known(porz, "4-4-2/1"))
    state = TurnState((), (1, 1, 1), 1, 1)
    table = Table(before=before, stock=5, mine=3)
    assert solve(porz, state, table, "net")[0].value == 3.0
    keeps = porz.replace(schock_aus_keeps=True)
    assert solve(keeps, state, replace(table, piles=(4, 1)), "net")[0].value == 0.0
    # and the seat that loses to one: 13 - 3 = 10 Deckel, or 5 + 1 under keeps
    loses = TurnState((), (2, 3, 5), 1, 1)
    aus = (Result.known(porz, "1-1-1/1"), Result.known(porz, "6-6-5/1"))
    assert solve(porz, loses, Table(before=aus, stock=5, mine=3), "deckel")[0].value == -10.0
    got = solve(keeps, loses, Table(before=aus, stock=5, mine=3, piles=(4, 1)), "deckel")
    assert got[0].value == -6.0
