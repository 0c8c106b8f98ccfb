"""Statistics plots of a group as SVG text (matplotlib, rendered on the server).

Names are shown as typed: matplotlib never reads them as mathtext (``$\\foo$``)
and a name starting with ``_`` still gets its legend entry. Legends sit under
their panel (never over a bar or a line); a footer names the group, the
evening (or all of them), the games counted and the schock version.
"""

from __future__ import annotations

import io

from schock.evening.domain import Stammtisch


def stats_svg(st: Stammtisch, evening: int | None = None, *, lang: str = "de") -> str:
    """Two panels: losses and Schock Aus per member, and each member's losses over the games."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    en = lang == "en"
    stats = st.stats(evening)
    names = [s.name for s in stats]
    with rc_context({"text.parse_math": False, "text.usetex": False, "svg.fonttype": "path"}):
        fig = Figure(figsize=(6, 7.4), layout="constrained")
        # each panel a subfigure with its legend under it; the footer in a strip of its own
        top, bottom, strip = fig.subfigures(3, 1, height_ratios=[3.6, 3.5, 0.3])  # type: ignore[misc]
        ax1, ax2 = top.subplots(), bottom.subplots()
        xs = range(len(names))
        lost = ax1.bar([x - 0.2 for x in xs], [s.losses for s in stats], 0.4, color="#b03a2e")
        aus = ax1.bar([x + 0.2 for x in xs], [s.schock_aus for s in stats], 0.4, color="#1f618d")
        ax1.set_xticks(list(xs), names, rotation=30, ha="right")
        ax1.set_title("Losses per member" if en else "Verluste je Mitglied")
        ax1.yaxis.get_major_locator().set_params(integer=True)
        ax1.set_ylabel("games" if en else "Spiele")
        most = max([1, *(s.losses for s in stats), *(s.schock_aus for s in stats)])
        ax1.set_ylim(0, most * 1.05)  # counts from zero; whole numbers even with no game yet
        top.legend([lost, aus], ["lost games" if en else "verlorene Spiele",
                                 "Schock Aus received" if en else "Schock Aus kassiert"],
                   loc="outside lower center", ncol=2, fontsize="small", frameon=False)
        games = st.valid_games(evening)
        lines = []
        for name in names:
            running, ys = 0, []
            for g in games:
                running += g.loser == name
                ys.append(running)
            lines.extend(ax2.step(range(1, len(games) + 1), ys, where="post"))
        ax2.set_xlabel("game" if en else "Spiel")
        ax2.set_ylabel("losses" if en else "Verluste")
        ax2.set_title("Losses over the games" if en else "Verluste im Lauf der Spiele")
        ax2.yaxis.get_major_locator().set_params(integer=True)
        ax2.xaxis.get_major_locator().set_params(integer=True)
        ax2.set_ylim(0, max([1, *(s.losses for s in stats)]) * 1.05)
        ax2.set_xlim(0.5, max(2, len(games)) + 0.5)
        if names and games:  # labels as given, "_x" too
            bottom.legend(lines, names, loc="outside lower center", ncol=min(4, len(names)),
                          fontsize="small", frameon=False)
        strip.text(0.01, 0.5, footer(st, evening, len(games), en), fontsize="x-small",
                   color="#444444", ha="left", va="center", gid="footer")
        buf = io.StringIO()
        fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    return svg[svg.index("<svg"):]


def footer(st: Stammtisch, evening: int | None, games: int, en: bool) -> str:
    """What a plot shows: the group, the evening (or all), the games, the version.

    >>> footer(Stammtisch("Dienstag"), 2, 5, en=False).rsplit(" ", 1)[0]
    'Dienstag · Abend 2 · 5 Spiele · schock'
    >>> footer(Stammtisch("Dienstag"), None, 1, en=True).rsplit(" ", 1)[0]
    'Dienstag · all evenings · 1 game · schock'
    """
    from schock import __version__

    if en:
        when = "all evenings" if evening is None else f"evening {evening}"
        count = f"{games} game" + ("" if games == 1 else "s")
    else:
        when = "alle Abende" if evening is None else f"Abend {evening}"
        count = f"{games} Spiel" + ("" if games == 1 else "e")
    return f"{st.name} · {when} · {count} · schock {__version__}"
