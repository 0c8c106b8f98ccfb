"""The figures of ``schock.sim.plots`` are fit to publish: labelled axes, legends
off the data, rates from zero, categories not joined by lines, a footer with the
version, rules, bots, games and seed (also in the file's metadata), 7 inches wide."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image  # matplotlib's own dependency

from schock import __version__, load_rules
from schock.sim import SimResult, plots, simulate

GAMES = 400
SEED = 5


@pytest.fixture(scope="module")
def pair() -> list[SimResult]:
    bots = ["heuristic", "bold", "cautious"]
    return [simulate(load_rules(p), bots, games=GAMES, seed=SEED, jobs=1) for p in ("porz", "mosel")]


@pytest.fixture(scope="module")
def sweep() -> dict[str, tuple[list[object], list[SimResult]]]:
    out = {}
    for name, values in (("opening", ["one_die_high", "opening_round"]), ("deckel", [5, 9, 13])):
        base = load_rules("porz")
        results = [
            simulate(base.replace(**{name: v}), ["heuristic"] * 3, games=GAMES, seed=SEED, jobs=1)
            for v in values
        ]
        out[name] = (values, results)
    return out


def footer_of(fig: Any) -> str:
    texts = [t for sub in fig.subfigs for t in sub.texts if t.get_gid() == "footer"]
    assert len(texts) == 1
    return str(texts[0].get_text())


def panels(fig: Any) -> list[Any]:
    return [ax for ax in fig.get_axes() if ax.get_visible()]


def assert_publishable(fig: Any) -> None:
    """7 inches wide, no type under 6.5 pt, every panel labelled on both axes,
    a legend that overlaps no panel."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    assert fig.get_figwidth() == pytest.approx(plots.WIDTH)
    FigureCanvasAgg(fig).draw()
    renderer = fig.canvas.get_renderer()
    for text in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text")):
        if text.get_text() and text.get_visible():
            assert text.get_fontsize() >= plots.FOOTER_FONT, text.get_text()
    for ax in panels(fig):
        assert ax.get_ylabel(), ax.get_title()
        assert ax.get_title()
    boxes = [ax.get_window_extent(renderer) for ax in panels(fig)]
    legends = [leg for sub in fig.subfigs for leg in sub.legends]
    for legend in legends:
        box = legend.get_window_extent(renderer)
        assert not any(box.overlaps(b) for b in boxes), "a legend covers a panel"
    footer = next(t for sub in fig.subfigs for t in sub.texts if t.get_gid() == "footer")
    fbox = footer.get_window_extent(renderer)
    assert not any(fbox.overlaps(b) for b in boxes)
    assert not any(fbox.overlaps(leg.get_window_extent(renderer)) for leg in legends)


def test_caption_names_everything(pair: list[SimResult]) -> None:
    text = plots.caption(pair, "en")
    assert text.startswith(f"schock {__version__} · rules: porz, mosel · ")
    assert "bots (seats 1–3): heuristic, bold, cautious" in text
    assert "400 games each" in text and "seed 5" in text and "95\u00a0% intervals" in text
    de = plots.caption(pair[:1], "de")
    assert "Regeln: porz" in de and "Spiele: 400" in de and "Seed 5" in de
    same = plots.caption([simulate(load_rules("porz"), ["heuristic"] * 2, games=10, seed=1)])
    assert "Bots: 2\u00a0×\u00a0heuristic" in same
    assert "Spiele: 10" in same


def test_compare_figure(pair: list[SimResult]) -> None:
    with plots._style():
        fig = plots.figure_compare(pair, "en")
        assert_publishable(fig)
    assert footer_of(fig).replace("\n", " ") == plots.caption(pair, "en")
    loss, length, deckel, kinds = panels(fig)
    for ax in (loss, length, deckel):  # rates and shares from zero
        assert ax.get_ylim()[0] == 0
    for ax in (loss, length, deckel):  # histograms and the seat axis say what x is
        assert ax.get_xlabel()
    assert kinds.get_yscale() == "log" and "log" in kinds.get_ylabel()
    assert [t.get_text() for t in kinds.get_xticklabels()][:3] == [
        "Schock Hand", "Schock Aus", "Schock",
    ]  # fmt: skip
    legend = fig.subfigs[0].legends[0]
    assert [t.get_text() for t in legend.get_texts()] == ["porz", "mosel", "fair (1/players)"]


def test_categorical_sweep_is_points_numeric_is_lines(sweep: dict[str, Any]) -> None:
    for name, joined in (("opening", False), ("deckel", True)):
        values, results = sweep[name]
        t = plots._TEXTS["de"]
        with plots._style():
            fig = plots.figure_panels(
                [
                    plots.Panel(t["rates"], t["loss_y"], {
                        "a": [plots._stat(r, "loss_starter") for r in results],
                        "b": [plots._stat(r, "loss_seat1") for r in results],
                    }),
                    plots.Panel("x", "y", {"_c": [plots._stat(r, "rounds_per_half")
                                                  for r in results]}),
                ],
                values, name, title="t", footer="f",
            )
            assert_publishable(fig)
        for ax in panels(fig):
            assert ax.get_ylim()[0] == 0
            assert ax.get_xlabel() == name
            data = [line for line in ax.get_lines() if line.get_marker() == "o"]
            assert data
            styles = {line.get_linestyle() for line in data}
            assert styles == ({"-"} if joined else {"None"})
        legend = fig.subfigs[0].legends[0]
        assert [t.get_text() for t in legend.get_texts()] == ["a", "b"]  # "_c" is not listed


def test_files_carry_the_footer(
    pair: list[SimResult], sweep: dict[str, Any], tmp_path: Path
) -> None:
    text = plots.caption(pair, "de")
    png = plots.plot_compare(pair, tmp_path / "cmp.png", "de")
    with Image.open(png) as image:
        assert image.width == plots.WIDTH * plots.DPI
        assert image.text["Description"] == text
        assert image.text["Software"].startswith(f"schock {__version__}")
    svg = plots.plot_compare(pair, tmp_path / "cmp.svg", "de").read_text(encoding="utf-8")
    assert f"schock {__version__}" in svg and "Regeln: porz, mosel" in svg  # text stays text
    assert "<dc:description>" in svg
    pdf = plots.plot_compare(pair, tmp_path / "cmp.pdf", "de").read_bytes()
    assert pdf.startswith(b"%PDF") and b"/Subject" in pdf
    values, results = sweep["deckel"]
    swept = plots.plot_sweep("porz", "deckel", values, results, tmp_path / "s.png", "en")
    with Image.open(swept) as image:
        description = image.text["Description"]
    assert "porz with deckel = 5, 9, 13" in description
    assert "bots: 3\u00a0×\u00a0heuristic" in description and "seed 5" in description


def test_is_numeric() -> None:
    assert plots.is_numeric([1, 2.5])
    assert not plots.is_numeric([True, False])
    assert not plots.is_numeric(["1", "2"])


def test_sweep_with_series(sweep: dict[str, Any], tmp_path: Path) -> None:
    """Other rule sets or a second field: one colour per series in every panel,
    named in the legend and the footer; categories still unjoined."""
    values, results = sweep["opening"]
    path = plots.plot_sweep(
        "porz, mosel", "opening × deckel", values, [], tmp_path / "grid.png", "en",
        series=[("deckel=5", results), ("deckel=9", results[::-1])],
    )  # fmt: skip
    with Image.open(path) as image:
        description = image.text["Description"]
    assert "porz, mosel with opening = one_die_high, opening_round" in description
    assert "series: deckel=5, deckel=9" in description


def test_sweep_series_figure_is_points(sweep: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    values, results = sweep["opening"]
    drawn: list[Any] = []
    real = plots.figure_panels
    monkeypatch.setattr(plots, "figure_panels", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    monkeypatch.setattr(plots, "_save", lambda fig, path, title, footer: path)
    plots.plot_sweep("porz", "opening", values, [], Path("x.png"), "de",
                     series=[("a", results), ("b", results)])  # fmt: skip
    fig = drawn[0]
    assert [ax.get_xlabel() for ax in panels(fig)] == ["", "", "opening", "opening"]  # bottom row
    for ax in panels(fig):
        assert {line.get_linestyle() for line in ax.get_lines() if line.get_marker() == "o"} == {"None"}
    legend = fig.subfigs[0].legends[0]
    assert [t.get_text() for t in legend.get_texts()] == ["a", "b", "fair (1/Spieler)"]
