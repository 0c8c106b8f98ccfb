"""Figures of simulation results (matplotlib, Agg backend: no display needed).

:func:`plot_compare` puts several rule sets side by side (loss rate by seat,
rounds per half, Deckel per round, result kinds); :func:`plot_sweep` shows
how the headline figures move as one rules field takes each of its values.
The file's suffix picks the format (``.png``, ``.svg``, ``.pdf``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from schock.sim.core import SimResult, Stat
from schock.sim.tables import KINDS

_TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "seat": "Platz",
        "loss": "Verlustquote je Platz (95-%-Intervall)",
        "rounds": "Runden je Hälfte",
        "share": "Anteil",
        "deckel": "Deckel je Runde",
        "kinds": "Ergebnisse nach Art",
        "starter": "Verlustquote des Beginners",
        "rates": "Verlustquoten",
        "seat1": "Verlustquote Platz 1",
        "mean_rounds": "Runden je Hälfte (Mittel)",
        "schock_aus": "Hälften mit Schock-Aus-Ende",
        "mean_deckel": "Deckel je Runde (Mittel)",
        "sweep": "{rules}: Wirkung von {field}",
    },
    "en": {
        "seat": "seat",
        "loss": "loss rate by seat (95 % interval)",
        "rounds": "rounds per half",
        "share": "share",
        "deckel": "Deckel per round",
        "kinds": "results by kind",
        "starter": "loss rate of the starter",
        "rates": "loss rates",
        "seat1": "loss rate of seat 1",
        "mean_rounds": "rounds per half (mean)",
        "schock_aus": "halves ended by Schock Aus",
        "mean_deckel": "Deckel per round (mean)",
        "sweep": "{rules}: effect of {field}",
    },
}

FORMATS = (".png", ".svg", ".pdf")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _stat(result: SimResult, name: str) -> Stat | None:
    for s in result.summary():
        if s.name == name:
            return s
    return None


def plot_compare(
    results: Sequence[SimResult], path: Path, lang: str = "de", labels: Sequence[str] | None = None
) -> Path:
    """Loss rate by seat, rounds per half, Deckel per round and result kinds, one
    colour per result (rule set)."""
    t = _TEXTS[lang]
    plt = _pyplot()
    names = list(labels) if labels is not None else [r.rules for r in results]
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    width = 0.8 / max(1, len(results))
    ax = axes[0][0]
    for k, r in enumerate(results):
        stats = [s for s in r.summary() if s.name.startswith("loss_seat")]
        x = np.arange(len(stats)) + k * width
        values = [s.value for s in stats]
        err = [[s.value - s.low for s in stats], [s.high - s.value for s in stats]]
        ax.bar(x, values, width, yerr=err, capsize=3, label=names[k])
    seats = max(r.seats for r in results)
    ax.set_xticks(np.arange(seats) + width * (len(results) - 1) / 2)
    ax.set_xticklabels([f"{t['seat']} {i + 1}" for i in range(seats)])
    ax.axhline(1 / seats, color="grey", linewidth=0.8, linestyle=":")
    ax.set_title(t["loss"])
    top = max(s.high for r in results for s in r.summary() if s.name.startswith("loss_seat"))
    ax.set_ylim(0, top * 1.3)
    ax.legend(fontsize="small", loc="upper center", ncol=min(5, len(results)))
    ax = axes[0][1]
    for k, r in enumerate(results):
        lengths = np.bincount(r.half_lengths())
        ax.plot(
            np.arange(len(lengths)), lengths / lengths.sum(), drawstyle="steps-mid", label=names[k]
        )
    longest = max(int(np.quantile(r.half_lengths(), 0.999)) for r in results)
    ax.set_xlim(0, longest + 1)
    ax.set_title(t["rounds"])
    ax.set_ylabel(t["share"])
    ax = axes[1][0]
    for k, r in enumerate(results):
        d = r.deckel / max(1, r.deckel.sum())
        ax.bar(np.arange(len(d)) + k * width, d, width, label=names[k])
    ax.set_title(t["deckel"])
    ax.set_ylabel(t["share"])
    ax = axes[1][1]
    for k, r in enumerate(results):
        share = r.kinds / max(1, r.kinds.sum())
        ax.bar(np.arange(len(KINDS)) + k * width, share, width, label=names[k])
    ax.set_xticks(np.arange(len(KINDS)) + width * (len(results) - 1) / 2)
    ax.set_xticklabels([k.german for k in KINDS], rotation=20, fontsize="small")
    ax.set_yscale("log")
    ax.set_title(t["kinds"])
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


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
    lines_of = list(series) if series is not None else [("", results)]
    plt = _pyplot()
    fig, axes = plt.subplots(2, 2, figsize=(11, 7))
    x = np.arange(len(values))
    panels = [
        (axes[0][0], [("loss_starter", t["starter"]), ("loss_seat1", t["seat1"])]),
        (axes[0][1], [("rounds_per_half", t["mean_rounds"])]),
        (axes[1][0], [("schock_aus_halves", t["schock_aus"])]),
        (axes[1][1], [("deckel_per_round", t["mean_deckel"])]),
    ]
    for ax, lines in panels:
        for name, label in lines:
            for tag, row in lines_of:
                stats = [_stat(r, name) for r in row]
                v = [s.value if s else np.nan for s in stats]
                lo = [s.value - s.low if s else 0 for s in stats]
                hi = [s.high - s.value if s else 0 for s in stats]
                shown = label if not tag else (f"{tag}: {label}" if len(lines) > 1 else tag)
                ax.errorbar(x, v, yerr=[lo, hi], marker="o", capsize=3, label=shown)
        ax.set_xticks(x)
        ax.set_xticklabels([str(v) for v in values], rotation=15, fontsize="small")
        ax.set_title(lines[0][1] if len(lines) == 1 else t["rates"])
        if len(lines) > 1 or len(lines_of) > 1:
            ax.legend(fontsize="small")
    fig.suptitle(t["sweep"].format(rules=rules, field=field))
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path
