"""Figures of simulation results, fit to publish (matplotlib, Agg backend: no display needed).

:func:`plot_compare` puts several rule sets side by side (loss rate by seat,
rounds per half, Deckel per round, result kinds); :func:`plot_sweep` shows
how the headline figures move as one rules field takes each of its values;
:func:`plot_panels` is the general form (one panel per figure, one series per
rule set or bot, one point per x value) that both the sweep and the
findings page ``docs/sim`` use.

Every figure is 7 inches wide (a journal's two-column width; panels stay
readable at one column), with 8-point type; legends sit outside the axes so
they never cover data; every axis is labelled; rates, shares and counts start
at zero (the result kinds, which span several powers of ten, are on a log
axis that says so); a categorical x axis (a field's named values) shows
points with their 95 % intervals, never lines between them, and only a
numeric x axis (Deckel, throws, players) joins its points. Each figure carries
a footer (:func:`caption`) with the schock version, the rules, the bots, the
games and the seed, also written into the file's metadata. The file's suffix
picks the format: ``.png`` (200 dpi), ``.svg`` or ``.pdf`` (vector).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from schock import __version__
from schock.i18n import number
from schock.sim.core import SimResult, Stat
from schock.sim.tables import KINDS

_TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "seat": "Platz",
        "loss": "(a) Verlorene Spiele je Platz",
        "loss_y": "Verlustquote",
        "fair": "fair (1/Spieler)",
        "rounds": "(b) Länge einer Hälfte",
        "rounds_x": "Runden in der Hälfte",
        "rounds_y": "Anteil der Hälften",
        "deckel": "(c) Deckel je Runde",
        "deckel_x": "Deckel, die der Verlierer der Runde bekommt",
        "deckel_y": "Anteil der Runden",
        "kinds": "(d) Ergebnisse nach Art",
        "kinds_y": "Anteil der Ergebnisse (log. Achse)",
        "starter": "Beginner",
        "seat1": "Platz 1",
        "rates": "(a) Verlustquote",
        "starter_rate": "(a) Verlustquote des Beginners",
        "series": "Reihen: {series}",
        "mean_rounds": "(b) Runden je Hälfte (Mittel)",
        "rounds_short": "Runden",
        "schock_aus": "(c) Hälften mit Schock-Aus-Ende",
        "halves_y": "Anteil der Hälften",
        "mean_deckel": "(d) Deckel je Runde (Mittel)",
        "deckel_short": "Deckel",
        "sweep": "{rules}: Wirkung von {field}",
        "ci": "Fehlerbalken: 95-%-Intervalle",
        "version": "schock {version}",
        "rules": "Regeln: {rules}",
        "swept": "{rules} mit {field} = {values}",
        "bots": "Bots (Platz 1–{n}): {bots}",
        "bots_same": "Bots: {n}\u00a0×\u00a0{bot}",
        "games": "je {games} Spiele",
        "games_each": "Spiele: {games}",
        "seed": "Seed {seed}",
    },
    "en": {
        "seat": "seat",
        "loss": "(a) Games lost by seat",
        "loss_y": "loss rate",
        "fair": "fair (1/players)",
        "rounds": "(b) Length of a half",
        "rounds_x": "rounds in the half",
        "rounds_y": "share of halves",
        "deckel": "(c) Deckel per round",
        "deckel_x": "Deckel the round's loser receives",
        "deckel_y": "share of rounds",
        "kinds": "(d) Results by kind",
        "kinds_y": "share of results (log axis)",
        "starter": "starter",
        "seat1": "seat 1",
        "rates": "(a) Loss rate",
        "starter_rate": "(a) Loss rate of the starter",
        "series": "series: {series}",
        "mean_rounds": "(b) Rounds per half (mean)",
        "rounds_short": "rounds",
        "schock_aus": "(c) Halves ended by Schock Aus",
        "halves_y": "share of halves",
        "mean_deckel": "(d) Deckel per round (mean)",
        "deckel_short": "Deckel",
        "sweep": "{rules}: effect of {field}",
        "ci": "error bars: 95\u00a0% intervals",
        "version": "schock {version}",
        "rules": "rules: {rules}",
        "swept": "{rules} with {field} = {values}",
        "bots": "bots (seats 1–{n}): {bots}",
        "bots_same": "bots: {n}\u00a0×\u00a0{bot}",
        "games": "{games} games each",
        "games_each": "games: {games}",
        "seed": "seed {seed}",
    },
}

FORMATS = (".png", ".svg", ".pdf")

#: Figure width in inches: a journal's two-column width (about 180 mm).
WIDTH = 7.0
#: Base type size in points (tick labels one point smaller, the footer 6.5).
FONT = 8.0
FOOTER_FONT = 6.5
DPI = 200
#: Characters per footer line at :data:`FOOTER_FONT` over :data:`WIDTH`.
_FOOTER_CHARS = 125

_STYLE: dict[str, Any] = {
    "font.size": FONT,
    "axes.titlesize": FONT + 1,
    "axes.labelsize": FONT,
    "xtick.labelsize": FONT - 1,
    "ytick.labelsize": FONT - 1,
    "legend.fontsize": FONT - 0.5,
    "figure.titlesize": FONT + 2,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "text.parse_math": False,
    "text.usetex": False,
    "svg.fonttype": "none",  # text stays text: searchable, editable in a journal's tools
    "pdf.fonttype": 42,  # TrueType, as journals ask
    "savefig.dpi": DPI,
}


@contextmanager
def _style() -> Iterator[None]:
    from matplotlib import rc_context

    with rc_context(_STYLE):  # type: ignore[arg-type]
        yield


def _stat(result: SimResult, name: str) -> Stat | None:
    for s in result.summary():
        if s.name == name:
            return s
    return None


# ------------------------------------------------------------------ the footer
def _same(values: Sequence[object]) -> bool:
    return len(set(values)) <= 1


def caption(
    results: Sequence[SimResult],
    lang: str = "de",
    *,
    rules: str | None = None,
    bots: str | None = None,
) -> str:
    """The footer of a figure of ``results``: version, rules, bots, games, seed.

    ``rules`` replaces the rule sets' names (a sweep names its field and
    values), ``bots`` the bots' part.
    """
    t = _TEXTS[lang]
    parts = [t["version"].format(version=__version__)]
    names = list(dict.fromkeys(r.rules for r in results))
    parts.append(rules if rules is not None else t["rules"].format(rules=", ".join(names)))
    if bots is not None:
        parts.append(bots)
    for seats in dict.fromkeys(r.bots for r in results) if bots is None else ():
        if _same(seats):
            parts.append(t["bots_same"].format(n=len(seats), bot=seats[0]))
        else:
            parts.append(t["bots"].format(n=len(seats), bots=", ".join(seats)))
    games = [r.games for r in results]
    if len(results) > 1 and _same(games):
        parts.append(t["games"].format(games=number(games[0], lang)))
    else:
        parts.append(t["games_each"].format(games=", ".join(number(g, lang) for g in games)))
    parts.append(", ".join(t["seed"].format(seed=s) for s in dict.fromkeys(r.seed for r in results)))
    parts.append(t["ci"])
    return " · ".join(parts)


def swept_rules(rules: str, field_name: str, values: Sequence[object], lang: str = "de") -> str:
    """The rules part of a sweep's footer: ``porz with deckel = 5, 9, 13``."""
    shown = ", ".join(str(v) for v in values)
    return _TEXTS[lang]["swept"].format(rules=rules, field=field_name, values=shown)


def _save(fig: Any, path: Path, title: str, footer: str) -> Path:
    """Write ``path`` with the title and footer in its metadata."""
    suffix = path.suffix.lower()
    software = f"schock {__version__} (matplotlib)"
    meta: dict[str, str | None]
    if suffix == ".png":
        meta = {"Title": title, "Description": footer, "Software": software}
    elif suffix == ".svg":
        meta = {"Title": title, "Description": footer, "Creator": software, "Date": None}
    else:  # no creation date: the same figures give the same file
        meta = {"Title": title, "Subject": footer, "Creator": software, "CreationDate": None}
    fig.savefig(path, metadata=meta)
    return path


def _new_figure(
    height: float, nrows: int, ncols: int, footer: str, *, sharex: bool = False
) -> tuple[Any, Any, Any]:
    """A figure of ``nrows`` × ``ncols`` panels ``height`` inches high, with
    ``footer`` in a strip of its own under them: (figure, panels' subfigure, axes)."""
    from matplotlib.figure import Figure

    lines = textwrap.wrap(footer, _FOOTER_CHARS)
    strip = (len(lines) * FOOTER_FONT * 1.3 + 4) / 72
    fig = Figure(figsize=(WIDTH, height + strip), layout="constrained")
    top, bottom = fig.subfigures(2, 1, height_ratios=[height, strip])  # type: ignore[misc]
    bottom.text(
        0.01, 0.5, "\n".join(lines), ha="left", va="center",
        fontsize=FOOTER_FONT, color="#444444", gid="footer",
    )  # fmt: skip
    axes = top.subplots(nrows, ncols, squeeze=False, sharex=sharex)
    return fig, top, axes


def _legend(fig: Any, handles: Sequence[Any], labels: Sequence[str]) -> None:
    """One legend for the whole figure, under the panels (never over data)."""
    longest = max(len(label) for label in labels)
    ncol = max(1, min(len(labels), 6, 100 // (longest + 6)))
    fig.legend(handles, labels, loc="outside lower center", ncol=ncol, frameon=False)


# ------------------------------------------------------------ rule sets side by side
def plot_compare(
    results: Sequence[SimResult], path: Path, lang: str = "de", labels: Sequence[str] | None = None
) -> Path:
    """Loss rate by seat, the distribution of a half's length, Deckel per round
    and result kinds, one colour per result (rule set)."""
    with _style():
        fig = figure_compare(results, lang, labels)
        return _save(fig, path, "schock sim", caption(results, lang))


def figure_compare(
    results: Sequence[SimResult], lang: str = "de", labels: Sequence[str] | None = None
) -> Any:
    """The figure of :func:`plot_compare` (a matplotlib ``Figure``, not saved)."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    t = _TEXTS[lang]
    names = list(labels) if labels is not None else [r.rules for r in results]
    fig, top, axes = _new_figure(5.6, 2, 2, caption(results, lang))
    width = 0.8 / max(1, len(results))
    offsets = [(k - (len(results) - 1) / 2) * width for k in range(len(results))]
    colors = [f"C{k % 10}" for k in range(len(results))]
    # (a) loss rate by seat
    ax = axes[0][0]
    handles = []
    for k, r in enumerate(results):
        stats = [s for s in r.summary() if s.name.startswith("loss_seat")]
        x = np.arange(len(stats)) + offsets[k]
        values = [s.value for s in stats]
        err = [[s.value - s.low for s in stats], [s.high - s.value for s in stats]]
        handles.append(
            ax.bar(x, values, width, yerr=err, capsize=2, color=colors[k], error_kw={"lw": 0.8})
        )
    seats = max(r.seats for r in results)
    ax.set_xticks(np.arange(seats), [f"{t['seat']} {i + 1}" for i in range(seats)])
    fair = ax.axhline(1 / seats, color="black", linewidth=0.8, linestyle=":")
    ymax = max(s.high for r in results for s in r.summary() if s.name.startswith("loss_seat"))
    ax.set_ylim(0, ymax * 1.1)
    ax.set_title(t["loss"])
    ax.set_xlabel(t["seat"])
    ax.set_ylabel(t["loss_y"])
    # (b) length of a half: a histogram per rule set, drawn as steps so they overlap readably
    ax = axes[0][1]
    longest = max(int(np.quantile(r.half_lengths(), 0.999)) for r in results)
    for k, r in enumerate(results):
        lengths = np.bincount(r.half_lengths(), minlength=longest + 2)[: longest + 2]
        share = lengths / max(1, len(r.half_lengths()))
        ax.step(np.arange(len(share)), share, where="mid", color=colors[k], linewidth=1)
    ax.set_xlim(0, longest + 1)
    ax.set_ylim(bottom=0)
    ax.set_title(t["rounds"])
    ax.set_xlabel(t["rounds_x"])
    ax.set_ylabel(t["rounds_y"])
    # (c) Deckel per round
    ax = axes[1][0]
    most = max(int(np.flatnonzero(r.deckel).max()) if r.deckel.any() else 1 for r in results)
    for k, r in enumerate(results):
        d = r.deckel[: most + 1] / max(1, r.deckel.sum())
        ax.bar(np.arange(len(d)) + offsets[k], d, width, color=colors[k])
    ax.set_xlim(0.5 - 0.5 * width, most + 0.5)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_ylim(bottom=0)
    ax.set_title(t["deckel"])
    ax.set_xlabel(t["deckel_x"])
    ax.set_ylabel(t["deckel_y"])
    # (d) result kinds: shares from a few in ten thousand to a half, so a log axis
    ax = axes[1][1]
    for k, r in enumerate(results):
        share = r.kinds / max(1, r.kinds.sum())
        ax.bar(np.arange(len(KINDS)) + offsets[k], np.where(share > 0, share, np.nan), width,
               color=colors[k])  # fmt: skip
    ax.set_xticks(np.arange(len(KINDS)), [k.german for k in KINDS], rotation=30, ha="right")
    ax.set_yscale("log")
    ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_title(t["kinds"])
    ax.set_ylabel(t["kinds_y"])
    _legend(top, [*handles, fair], [*names, t["fair"]])
    return fig


# ------------------------------------------------------------ one figure per panel, series over x
@dataclass(frozen=True)
class Panel:
    """One panel of :func:`plot_panels`: per series, one figure (or None: no
    such value) per x value; ``reference`` draws a dotted line (one value, or
    one per x value) named ``reference_label``."""

    title: str
    ylabel: str
    series: dict[str, Sequence[Stat | None]]
    reference: float | Sequence[float] | None = None
    reference_label: str = ""
    zero: bool = True
    colors: dict[str, str] = field(default_factory=dict)


def is_numeric(values: Sequence[object]) -> bool:
    """Whether x values are numbers (joined by lines) rather than categories.

    >>> is_numeric([5, 9, 13]), is_numeric([False, True]), is_numeric(["a", "b"])
    (True, False, False)
    """
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def plot_panels(
    panels: Sequence[Panel],
    x_values: Sequence[object],
    xlabel: str,
    path: Path,
    *,
    title: str,
    footer: str,
    ncols: int = 2,
) -> Path:
    """One panel per figure, one colour per series, x: the values of a field (or
    the number of players); written to ``path`` with ``footer`` under it."""
    with _style():
        fig = figure_panels(panels, x_values, xlabel, title=title, footer=footer, ncols=ncols)
        return _save(fig, path, title, footer)


def figure_panels(
    panels: Sequence[Panel],
    x_values: Sequence[object],
    xlabel: str,
    *,
    title: str,
    footer: str,
    ncols: int = 2,
) -> Any:
    """The figure of :func:`plot_panels` (a matplotlib ``Figure``, not saved)."""
    numeric = is_numeric(x_values)
    nrows = math.ceil(len(panels) / ncols)
    fig, top, axes = _new_figure(1.2 + 2.3 * nrows, nrows, ncols, footer, sharex=True)
    top.suptitle(title)
    x = np.array([float(v) for v in x_values]) if numeric else np.arange(len(x_values))  # type: ignore[arg-type]
    names = list(dict.fromkeys(name for p in panels for name in p.series))
    colors = {name: f"C{k % 10}" for k, name in enumerate(names)}
    handles: dict[str, Any] = {}
    flat = [ax for row in axes for ax in row]
    for ax, panel in zip(flat, panels, strict=False):
        k_series = len(panel.series)
        # side by side around each x: categories by a fraction of a slot; numbers by a
        # hair, so that two series with the very same values both stay visible
        width = float(x[-1] - x[0]) if numeric and len(x) > 1 else 1.0
        spread = (0.012 * width if numeric else 0.15) * (k_series - 1)
        spread = min(spread, 0.45) if not numeric else spread
        for k, (name, stats) in enumerate(panel.series.items()):
            shift = (k - (k_series - 1) / 2) * (spread / max(1, k_series - 1))
            v = np.array([s.value if s else np.nan for s in stats])
            lo = np.array([s.value - s.low if s else 0.0 for s in stats])
            hi = np.array([s.high - s.value if s else 0.0 for s in stats])
            color = panel.colors.get(name, colors[name])
            drawn = ax.errorbar(
                x + shift, v, yerr=[lo, hi], marker="o", markersize=3.5, capsize=2,
                linestyle="-" if numeric else "none", linewidth=1, elinewidth=0.8, color=color,
            )  # fmt: skip
            if not name.startswith("_"):  # "_name": a panel's only series, not in the legend
                handles.setdefault(name, drawn)
        if isinstance(panel.reference, float | int):
            line = ax.axhline(panel.reference, color="black", linewidth=0.8, linestyle=":")
            handles.setdefault(panel.reference_label, line)
        elif panel.reference is not None:
            ref = np.asarray(panel.reference, dtype=float)
            line = ax.plot(x, ref, color="black", linewidth=0.8, linestyle=":")[0]
            handles.setdefault(panel.reference_label, line)
        ax.set_title(panel.title)
        ax.set_ylabel(panel.ylabel)
        if panel.zero:
            ymax = max(
                (s.high for stats in panel.series.values() for s in stats if s is not None),
                default=1.0,
            )
            if panel.reference is not None:
                ymax = max(ymax, float(np.max(panel.reference)))
            ax.set_ylim(0, ymax * 1.08 if ymax > 0 else 1)
    for ax in flat[len(panels) :]:
        ax.set_visible(False)
    for ax in flat[len(panels) - ncols : len(panels)]:
        ax.set_xlabel(xlabel)
        ax.xaxis.set_tick_params(labelbottom=True)
        if numeric:
            ax.set_xticks(x, [str(v) for v in x_values])
        else:
            ax.set_xticks(x, [str(v) for v in x_values], rotation=20 if len(x) > 3 else 0,
                          ha="right" if len(x) > 3 else "center")  # fmt: skip
            ax.set_xlim(x[0] - 0.5, x[-1] + 0.5)
    if len(handles) > 1:
        _legend(top, list(handles.values()), list(handles))
    return fig


# ------------------------------------------------------------ a sweep of one field
def plot_sweep(
    rules: str,
    field: str,
    values: Sequence[object],
    results: Sequence[SimResult],
    path: Path,
    lang: str = "de",
    *,
    series: Sequence[tuple[str, Sequence[SimResult]]] | None = None,
) -> Path:
    """How the loss rates, the half length, Schock Aus endings and the Deckel per
    round change with ``field`` (one result per value); with ``series`` (a label
    and one result per value each: other rule sets, a second swept field) one
    line per series instead of ``results``."""
    t = _TEXTS[lang]
    everything = [r for _, row in series for r in row] if series else list(results)
    seats = max(r.seats for r in everything)
    fair = {"reference": 1 / seats, "reference_label": t["fair"]}

    def stats(row: Sequence[SimResult], name: str) -> list[Stat | None]:
        return [_stat(r, name) for r in row]

    if series:  # one colour per series (the same in every panel), the starter's loss rate
        def by_tag(name: str) -> dict[str, Sequence[Stat | None]]:
            return {tag: stats(row, name) for tag, row in series}

        panels = [
            Panel(t["starter_rate"], t["loss_y"], by_tag("loss_starter"), **fair),  # type: ignore[arg-type]
            Panel(t["mean_rounds"], t["rounds_short"], by_tag("rounds_per_half")),
            Panel(t["schock_aus"], t["halves_y"], by_tag("schock_aus_halves")),
            Panel(t["mean_deckel"], t["deckel_short"], by_tag("deckel_per_round")),
        ]
    else:
        black = {"colors": {"_one": "black"}}
        panels = [
            Panel(t["rates"], t["loss_y"], {t["starter"]: stats(results, "loss_starter"),
                                             t["seat1"]: stats(results, "loss_seat1")},
                  **fair),  # type: ignore[arg-type]
            Panel(t["mean_rounds"], t["rounds_short"],
                  {"_one": stats(results, "rounds_per_half")}, **black),  # type: ignore[arg-type]
            Panel(t["schock_aus"], t["halves_y"],
                  {"_one": stats(results, "schock_aus_halves")}, **black),  # type: ignore[arg-type]
            Panel(t["mean_deckel"], t["deckel_short"],
                  {"_one": stats(results, "deckel_per_round")}, **black),  # type: ignore[arg-type]
        ]
    axis = field.split(" × ")[0]  # a grid of two fields: the first along the axis
    where = swept_rules(rules, axis, values, lang)
    if series:
        where += " · " + t["series"].format(series=", ".join(tag for tag, _ in series))
    footer = caption(everything, lang, rules=where)
    return plot_panels(
        panels, values, axis, path, title=t["sweep"].format(rules=rules, field=field),
        footer=footer,
    )  # fmt: skip
