"""Statistics plots of a group as SVG text (matplotlib, rendered on the server)."""

from __future__ import annotations

import io

from schock.evening.domain import Stammtisch


def stats_svg(st: Stammtisch, evening: int | None = None, *, lang: str = "de") -> str:
    """Two panels: losses and Schock Aus per member, and each member's losses over the games."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    en = lang == "en"
    stats = st.stats(evening)
    names = [s.name for s in stats]
    fig = Figure(figsize=(6, 6.4), layout="constrained")
    ax1, ax2 = fig.subplots(2, 1)
    xs = range(len(names))
    ax1.bar([x - 0.2 for x in xs], [s.losses for s in stats], 0.4,
            label="lost games" if en else "verlorene Spiele", color="#b03a2e")
    ax1.bar([x + 0.2 for x in xs], [s.schock_aus for s in stats], 0.4,
            label="Schock Aus received" if en else "Schock Aus kassiert", color="#1f618d")
    ax1.set_xticks(list(xs), names, rotation=30, ha="right")
    ax1.set_title("Losses per member" if en else "Verluste je Mitglied")
    ax1.yaxis.get_major_locator().set_params(integer=True)
    ax1.legend(loc="upper right", fontsize="small")
    games = st.valid_games(evening)
    for name in names:
        running, ys = 0, []
        for g in games:
            running += g.loser == name
            ys.append(running)
        ax2.step(range(1, len(games) + 1), ys, where="post", label=name)
    ax2.set_xlabel("game" if en else "Spiel")
    ax2.set_ylabel("losses" if en else "Verluste")
    ax2.set_title("Losses over the games" if en else "Verluste im Lauf der Spiele")
    ax2.yaxis.get_major_locator().set_params(integer=True)
    if names and games:
        ax2.legend(loc="upper left", fontsize="small")
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    return svg[svg.index("<svg"):]
