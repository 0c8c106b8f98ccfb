"""Statistics plots of a group as SVG text (matplotlib, rendered on the server).

Names are shown as typed: matplotlib never reads them as mathtext (``$\\foo$``)
and a name starting with ``_`` still gets its legend entry.
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
        fig = Figure(figsize=(6, 6.4), layout="constrained")
        ax1, ax2 = fig.subplots(2, 1)
        xs = range(len(names))
        lost = ax1.bar([x - 0.2 for x in xs], [s.losses for s in stats], 0.4, color="#b03a2e")
        aus = ax1.bar([x + 0.2 for x in xs], [s.schock_aus for s in stats], 0.4, color="#1f618d")
        ax1.set_xticks(list(xs), names, rotation=30, ha="right")
        ax1.set_title("Losses per member" if en else "Verluste je Mitglied")
        ax1.yaxis.get_major_locator().set_params(integer=True)
        ax1.legend([lost, aus], ["lost games" if en else "verlorene Spiele",
                                 "Schock Aus received" if en else "Schock Aus kassiert"],
                   loc="upper right", fontsize="small")
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
        if names and games:
            ax2.legend(lines, names, loc="upper left", fontsize="small")  # labels as given, "_x" too
        buf = io.StringIO()
        fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    return svg[svg.index("<svg"):]
