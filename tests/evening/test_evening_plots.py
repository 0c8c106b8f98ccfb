"""The group's statistics plot: labelled counts, the legends under their panels,
a footer naming the group, the evening, the games and the version."""

from __future__ import annotations

from schock import __version__
from schock.evening.domain import Stammtisch
from schock.evening.plots import stats_svg


def group(games: int) -> Stammtisch:
    st = Stammtisch("Dienstagsrunde")
    names = ["Anna", "Ben", "Franziska Müller-Lüdenscheidt"]
    for n in names:
        st.add_member(n)
    st.start_evening("2026-11-20")
    for i in range(games):
        st.add_game(loser=names[i % 3], players=names, schock_aus=[names[0]] if i % 4 else [])
    return st


def test_footer_and_labels_in_both_languages() -> None:
    svg = stats_svg(group(7), None, lang="de")
    assert f"<!-- Dienstagsrunde · alle Abende · 7 Spiele · schock {__version__} -->" in svg
    for label in ("Spiele", "Verluste", "Spiel", "verlorene Spiele", "Franziska Müller-Lüdenscheidt"):
        assert f"<!-- {label} -->" in svg
    en = stats_svg(group(1), 1, lang="en")
    assert f"<!-- Dienstagsrunde · evening 1 · 1 game · schock {__version__} -->" in en
    assert "<!-- games -->" in en and "<!-- lost games -->" in en


def test_no_game_yet_has_whole_number_axes() -> None:
    svg = stats_svg(group(0), None, lang="de")
    assert "<!-- 0 Spiele" not in svg and "· 0 Spiele ·" in svg
    assert "<!-- 0.5 -->" not in svg and "<!-- 0.01 -->" not in svg
