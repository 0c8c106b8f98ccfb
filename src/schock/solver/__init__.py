"""Exact analysis of Schocken turns (standard library only).

>>> from schock import load_rules
>>> from schock.solver import probability
>>> from schock.results import Kind
>>> probability(load_rules("porz"), lambda e: e.kind is Kind.SCHOCK_AUS, 2)
Fraction(379, 11664)
"""

from schock.solver.odds import ROW_KEYS, clear_caches, odds_table, probability, row_targets

__all__ = ["ROW_KEYS", "clear_caches", "odds_table", "probability", "row_targets"]
