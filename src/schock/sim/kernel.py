"""The compiled kernel: whole games for fixed turn policies, numba-compiled.

It knows nothing about a preset: the evaluation, the ranking and the moves
come as lookup tables (:mod:`schock.sim.tables`), the structure of a game
as a few numbers read from the rules. Dice come from a xorshift64* generator
seeded per chunk of games, so a chunk gives the same games wherever it runs.

Per game it writes one row of :data:`COLUMNS`; per chunk it counts the kind
of every result shown down and the Deckel that changed hands per round; on
request it records every round (:data:`ROUND_COLUMNS`) and every turn
(:data:`TURN_COLUMNS`).

Dice are drawn for common random numbers: every turn has a stream of its own,
keyed by (chunk seed, game, half, ordinary round, seat), and every roll-off one
keyed by its round (the roll-off or opening round that picks a half's first
starter: round 0). So two rule sets played with the same seed give each seat the
same dice in the same round of the same game for as long as their games run
alike, and the difference of their figures has a far smaller variance than
that of two independent runs (:mod:`schock.sim.stats`).

A seat plays a fixed policy (``policy[p, cap, used, state]``) or, in a
two-player game, a duel bot whose policy slot depends on the Deckel and on
what it sees of the first player's result (:mod:`schock.sim.duel`). A slot
not solved yet stops the kernel (status 1, its key in ``ctl[2]``); the caller
solves it and calls again from the game it stopped in (``ctl[0]``): its dice
are keyed, so it is the same game. A game's counts and records are kept only
once it is over, so a game played again counts once.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

#: The columns of a game row (int32); -1 where a half was not played.
COLUMNS: tuple[str, ...] = (
    "loser",
    "durchmarsch",
    "half1_loser",
    "half2_loser",
    "final_loser",
    "half1_rounds",
    "half2_rounds",
    "final_rounds",
    "half1_schock_aus",
    "half2_schock_aus",
    "final_schock_aus",
    "starter",
    "deckel",
)
NCOL = len(COLUMNS)

#: The columns of a recorded round (int32). ``half``: 0, 1, 2 (the Finale);
#: ``round``: from 1 within the half (the opening round included); ``starter``:
#: -1 in an opening round (all throw at once); ``deckel``: what changed hands
#: (at a Schock Aus: what the loser received); ``win_result``: index in
#: :data:`schock.sim.tables.RESULTS3`; ``limit``: the round's throw limit.
ROUND_COLUMNS: tuple[str, ...] = (
    "game",
    "half",
    "round",
    "opening",
    "players",
    "starter",
    "limit",
    "loser",
    "winner",
    "win_result",
    "win_on_hand",
    "deckel",
    "schock_aus",
    "stock",
    "loser_deckel",
)
#: The columns of a recorded turn (int32); ``position``: from 0 in the round's order.
TURN_COLUMNS: tuple[str, ...] = (
    "game",
    "half",
    "round",
    "position",
    "seat",
    "cap",
    "throws",
    "result",
    "on_hand",
    "lost",
)

_MUL = np.uint64(2685821657736338717)
_S12 = np.uint64(12)
_S25 = np.uint64(25)
_S27 = np.uint64(27)
_S32 = np.uint64(32)
_SIX = np.uint64(6)
#: Throws a policy table holds (``schock.sim.tables.MAX_CAP`` + 1).
MAX_CAP1 = 10
_S30 = np.uint64(30)
_S31 = np.uint64(31)
_GOLD = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_ONE = np.uint64(1)
#: The key of a round's roll-off (turns are keyed by the seat, from 0).
ROLL_OFF_KEY = 1000


@njit(cache=True, inline="always")
def _key(base: Any, a: int) -> Any:
    """A stream key derived from ``base`` and the number ``a`` (splitmix64's
    finaliser; never 0, which xorshift cannot leave)."""
    x = base + np.uint64(a + 1) * _GOLD
    x = (x ^ (x >> _S30)) * _MIX1
    x = (x ^ (x >> _S27)) * _MIX2
    return (x ^ (x >> _S31)) | _ONE


@njit(cache=True, inline="always")
def _die(s: Any) -> Any:
    """The next die (1 to 6) and the generator's new state (xorshift64*)."""
    s ^= s >> _S12
    s ^= s << _S25
    s ^= s >> _S27
    r = s * _MUL
    return s, np.int64(((r >> _S32) * _SIX) >> _S32) + 1


@njit(cache=True)
def _roll_off(s: Any, cand: Any, m: int, low: bool) -> Any:
    """One die each among ``cand[:m]`` (in this order), the highest (``low``: the
    lowest) wins, ties throw again among the tied; returns (state, seat)."""
    while True:
        target = -1
        for i in range(m):
            s, d = _die(s)
            cand[m + i] = d  # the dice after the candidates in the buffer
            if target < 0 or (d < target if low else d > target):
                target = d
        k = 0
        for i in range(m):
            if cand[m + i] == target:
                cand[k] = cand[i]
                k += 1
        if k == 1:
            return s, cand[0]
        m = k


@njit(cache=True)
def _throw(s: Any, keep: int, state_of: Any, keep_len: Any) -> Any:
    """Throw the dice not kept: (generator state, the state after the throw)."""
    m = 3 - keep_len[keep]
    code = 0
    mult = 1
    for _ in range(m):
        s, d = _die(s)
        code += (d - 1) * mult
        mult *= 6
    return s, state_of[keep, code]


@njit(cache=True)
def _follow(s: Any, tab: Any, cap: int, used: int, st: int, state_of: Any, keep_len: Any) -> Any:
    """Play on from ``st`` after ``used`` throws by ``tab[used, state]`` (-1: stop)
    up to ``cap`` throws: (generator state, final state, throws used)."""
    while True:
        a = tab[used, st]
        if a < 0 or used >= cap:
            return s, st, used
        s, st = _throw(s, a, state_of, keep_len)
        used += 1


@njit(cache=True)
def _slot(keys: Any, slots: Any, key: int) -> int:
    """The duel slot of ``key`` in the open-addressing table, -1 if not solved yet."""
    mask = keys.shape[0] - 1
    h = np.int64(((np.uint64(key) * _GOLD) >> _S32) & np.uint64(mask))
    while True:
        k = keys[h]
        if k == key:
            return int(slots[h])
        if k < 0:
            return -1
        h = (h + 1) & mask


@njit(cache=True)
def _give(
    deck: Any, loser: int, giver: int, all_d: bool, owed: int, stock: int, total: int,
    keeps: bool,
) -> Any:
    """Give the Deckel of a round: (new Stock, 1 if all Deckel went, the Deckel
    that changed hands: at a Schock Aus what the loser received)."""
    if all_d:
        kept = deck[giver] if keeps else 0  # schock_aus_keeps: the thrower keeps his own
        amount = total - deck[loser] - kept
        for i in range(deck.shape[0]):
            deck[i] = 0
        deck[loser] = total - kept
        deck[giver] += kept
        return 0, 1, amount
    if stock > 0:
        amount = min(owed, stock)
        stock -= amount
    else:
        # the winner plays, so he holds Deckel (nobody buys in: Einkaufen)
        amount = min(owed, deck[giver])
        deck[giver] -= amount
    deck[loser] += amount
    return stock, 0, amount


LIFT, ZU, BLIND, RETHROW = 0, 1, 2, 3


@njit(cache=True)
def play_games(
    n_games: int,
    n: int,
    seed: Any,
    ctl: Any,
    policy: Any,
    seat_kind: Any,
    seat_policy: Any,
    state_of: Any,
    state_dice: Any,
    state_keep: Any,
    keep_len: Any,
    strength: Any,
    deckel_value: Any,
    all_deckel: Any,
    by_throws: Any,
    kind: Any,
    total: int,
    max_throws: int,
    opening: int,
    most_deckel: bool,
    halves: bool,
    final_random: bool,
    keeps_aus: bool,
    covered_last: bool,
    ht_keys: Any,
    ht_slots: Any,
    duel_tab: Any,
    duel_open: Any,
    nrkey: int,
    ng: int,
    rows: Any,
    kinds: Any,
    deckel_hist: Any,
    round_losers: Any,
    rec_rounds: Any,
    rec_turns: Any,
    rec_n: Any,
) -> int:
    """Play games ``ctl[0]`` to ``n_games - 1`` with ``n`` seats; fill ``rows``, add
    to ``kinds``, ``deckel_hist``, ``round_losers`` (per seat) and ``ctl[3]`` (the
    rounds played, opening rounds included). Return 0 when done, 1 at a duel slot
    not solved yet (see the module docs).

    ``rec_rounds`` and ``rec_turns`` (int32, columns :data:`ROUND_COLUMNS` and
    :data:`TURN_COLUMNS`) receive every round and turn while they have room;
    ``rec_n`` counts the rounds and turns played (a count past an array's
    length: it was too short, play the chunk again with a longer one)."""
    chunk_key = np.uint64(seed)
    deck = np.zeros(n, np.int64)
    member = np.zeros(n, np.bool_)
    order = np.zeros(n, np.int64)
    grade = np.zeros(n, np.int64)
    res = np.zeros(n, np.int64)
    hand = np.zeros(n, np.int64)
    used = np.zeros(n, np.int64)
    caps = np.zeros(n, np.int64)
    cand = np.zeros(2 * n, np.int64)
    kinds_g = np.zeros(kinds.shape[0], np.int64)
    deckel_g = np.zeros(deckel_hist.shape[0], np.int64)
    losers_g = np.zeros(n, np.int64)
    n_round_rows = rec_rounds.shape[0]
    n_turn_rows = rec_turns.shape[0]
    d1 = total + 1
    cap1 = MAX_CAP1
    for g in range(ctl[0], n_games):
        game_key = _key(chunk_key, g)
        ctl[0] = g
        rec0 = rec_n[0]
        rec1 = rec_n[1]
        kinds_g[:] = 0
        deckel_g[:] = 0
        losers_g[:] = 0
        game_rounds = 0
        for c in range(rows.shape[1]):
            rows[g, c] = -1
        rows[g, 1] = 0
        rows[g, 12] = 0
        half = 0  # 0 first, 1 second, 2 final
        first_loser = -1
        starter = -1
        for i in range(n):
            member[i] = True
        while True:  # one half
            half_key = _key(game_key, half)
            stock = total
            for i in range(n):
                deck[i] = 0
            rounds = 0
            opened = 0  # 1: this half began with an opening round
            ended_all = 0
            loser = -1
            if starter < 0:
                if half == 2:
                    k = 0
                    for i in range(n):
                        if member[i]:
                            cand[k] = i
                            k += 1
                    s = _key(_key(half_key, 0), ROLL_OFF_KEY)
                    s, starter = _roll_off(s, cand, k, False)
                elif opening == 2:
                    # the opening round: one throw each at once, the lowest receives
                    rounds += 1
                    opened = 1
                    round_key = _key(half_key, 0)  # the key of the half's opening
                    m = 0
                    for i in range(n):
                        if member[i]:
                            s = _key(round_key, i)
                            s, st = _throw(s, 0, state_of, keep_len)
                            r = state_dice[st]
                            order[m] = i
                            res[m] = r
                            hand[m] = 1
                            used[m] = 1
                            caps[m] = 1
                            grade[m] = strength[r, 1]
                            kinds_g[kind[r, 1]] += 1
                            m += 1
                    win = 0
                    worst = grade[0]
                    for j in range(1, m):
                        if grade[j] > grade[win]:
                            win = j
                        if grade[j] < worst:
                            worst = grade[j]
                    k = 0
                    for j in range(m):
                        if grade[j] == worst:
                            cand[k] = order[j]
                            k += 1
                    if k > 1:
                        s = _key(round_key, ROLL_OFF_KEY)
                        s, loser = _roll_off(s, cand, k, True)
                    else:
                        loser = cand[0]
                    wr = res[win]
                    wh = hand[win]
                    stock, ea, amount = _give(
                        deck, loser, order[win], all_deckel[wr, wh] != 0, deckel_value[wr, wh],
                        stock, total, keeps_aus,
                    )
                    ended_all |= ea
                    deckel_g[amount] += 1
                    rows[g, 12] += amount
                    losers_g[loser] += 1
                    _record(
                        rec_rounds, rec_turns, rec_n, n_round_rows, n_turn_rows, g, half,
                        rounds, 1, m, -1, 1, loser, order[win], wr, wh, amount, ea,
                        stock, deck[loser], order, caps, used, res, hand,
                    )
                    starter = loser
                else:
                    k = 0
                    for i in range(n):
                        if member[i]:
                            cand[k] = i
                            k += 1
                    s = _key(_key(half_key, 0), ROLL_OFF_KEY)
                    s, starter = _roll_off(s, cand, k, opening == 1)
            lost = loser >= 0 and deck[loser] == total
            while not lost:
                if loser >= 0:
                    # who starts the next round: the loser, or with an empty Stock
                    # (most_deckel) the first clockwise from him holding the most
                    starter = loser
                    if stock == 0 and most_deckel:
                        most = 0
                        for i in range(n):
                            most = max(most, deck[i])
                        if deck[loser] != most:
                            for step in range(n):
                                c = (loser + step) % n
                                if member[c] and deck[c] == most:
                                    starter = c
                                    break
                if half == 0 and rows[g, 11] < 0:
                    rows[g, 11] = starter
                rounds += 1
                # ordinary rounds are keyed from 1 with or without an opening round,
                # so rule sets that open differently still share their dice
                round_key = _key(half_key, rounds - opened)
                m = 0
                for step in range(n):
                    c = (starter + step) % n
                    if member[c] and (stock > 0 or deck[c] > 0):
                        order[m] = c
                        m += 1
                limit = max_throws
                blind = False
                rkey = 0
                win = 0
                lose = 0
                for j in range(m):
                    c = order[j]
                    cap = max_throws if j == 0 else limit
                    s = _key(round_key, c)
                    p = seat_policy[c]
                    unseen = False
                    if seat_kind[c] == 0 or cap == 1:
                        s, st = _throw(s, 0, state_of, keep_len)
                        if cap > 1:
                            s, st, u = _follow(s, policy[p, cap], cap, 1, st, state_of, keep_len)
                        else:
                            u = 1
                    else:
                        # a duel bot (two seats): the slot of its Deckel and what it sees
                        other = order[1 - j]
                        key = ((p * d1 + deck[c]) * d1 + deck[other]) * nrkey + rkey
                        sl = _slot(ht_keys, ht_slots, key)
                        if sl < 0:  # not solved yet: the caller solves it, this game again
                            rec_n[0] = rec0
                            rec_n[1] = rec1
                            ctl[1] = 1
                            ctl[2] = key
                            return 1
                        s, st = _throw(s, 0, state_of, keep_len)
                        a = duel_open[sl] if j == 0 else LIFT
                        if a == LIFT:
                            s, st, u = _follow(s, duel_tab[sl], cap, 1, st, state_of, keep_len)
                        elif a == RETHROW:
                            s, st = _throw(s, 0, state_of, keep_len)
                            s, st, u = _follow(s, duel_tab[sl], cap, 2, st, state_of, keep_len)
                        else:
                            u = 1
                            unseen = True
                            blind = a == BLIND
                    r = state_dice[st]
                    h = 1 if state_keep[st] == 0 else 0
                    res[j] = r
                    hand[j] = h
                    used[j] = u
                    caps[j] = cap
                    gr = strength[r, h] * 16
                    if by_throws[r, h]:
                        gr += 15 - u
                    grade[j] = gr
                    if j == 0:
                        limit = u
                        # what the second player sees: a covered result (the dice
                        # on the table) or a shown one
                        if covered_last and (u == max_throws or unseen):
                            rkey = 1 + (ng + np.int64(state_keep[st])) * cap1 + u
                        else:
                            rkey = 1 + gr * cap1 + u
                    kinds_g[kind[r, h]] += 1
                    if gr > grade[win]:
                        win = j
                    if gr <= grade[lose]:
                        lose = j
                loser = order[lose]
                losers_g[loser] += 1
                wr = res[win]
                wh = hand[win]
                owed = deckel_value[wr, wh] * (2 if blind else 1)
                stock, ea, amount = _give(
                    deck, loser, order[win], all_deckel[wr, wh] != 0, owed, stock, total,
                    keeps_aus,
                )
                ended_all |= ea
                deckel_g[amount] += 1
                rows[g, 12] += amount
                _record(
                    rec_rounds, rec_turns, rec_n, n_round_rows, n_turn_rows, g, half,
                    rounds, 0, m, starter, limit, loser, order[win], wr, wh, amount,
                    ea, stock, deck[loser], order, caps, used, res, hand,
                )
                lost = deck[loser] == total
            # the half is lost
            game_rounds += rounds
            rows[g, 2 + half] = loser
            rows[g, 5 + half] = rounds
            rows[g, 8 + half] = ended_all
            if not halves or half == 2:
                rows[g, 0] = loser
                break
            if half == 0:
                first_loser = loser
                starter = loser
                half = 1
                continue
            if loser == first_loser:
                rows[g, 0] = loser
                rows[g, 1] = 1
                break
            for i in range(n):
                member[i] = i in (loser, first_loser)
            starter = -1 if final_random else first_loser
            half = 2
        # the game is over: count it
        for i in range(kinds.shape[0]):
            kinds[i] += kinds_g[i]
        for i in range(deckel_hist.shape[0]):
            deckel_hist[i] += deckel_g[i]
        for i in range(n):
            round_losers[i] += losers_g[i]
        ctl[3] += game_rounds
    ctl[0] = n_games
    ctl[1] = 0
    return 0


@njit(cache=True)
def _record(
    rec_rounds: Any,
    rec_turns: Any,
    rec_n: Any,
    n_round_rows: int,
    n_turn_rows: int,
    g: int,
    half: int,
    rnd: int,
    opening: int,
    m: int,
    starter: int,
    limit: int,
    loser: int,
    winner: int,
    wr: int,
    wh: int,
    amount: int,
    schock_aus: int,
    stock: int,
    loser_deckel: int,
    order: Any,
    caps: Any,
    used: Any,
    res: Any,
    hand: Any,
) -> None:
    """Count a round and its ``m`` turns in ``rec_n``; write them where there is room."""
    i = rec_n[0]
    rec_n[0] += 1
    if i < n_round_rows:
        row = rec_rounds[i]
        row[0] = g
        row[1] = half
        row[2] = rnd
        row[3] = opening
        row[4] = m
        row[5] = starter
        row[6] = limit
        row[7] = loser
        row[8] = winner
        row[9] = wr
        row[10] = wh
        row[11] = amount
        row[12] = schock_aus
        row[13] = stock
        row[14] = loser_deckel
    t = rec_n[1]
    rec_n[1] += m
    if t + m <= n_turn_rows:
        for j in range(m):
            row = rec_turns[t + j]
            row[0] = g
            row[1] = half
            row[2] = rnd
            row[3] = j
            row[4] = order[j]
            row[5] = caps[j]
            row[6] = used[j]
            row[7] = res[j]
            row[8] = hand[j]
            row[9] = 1 if order[j] == loser else 0
