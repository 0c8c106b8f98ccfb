"""The batch path: millions of games for fixed bots, compiled with numba.

``schock.sim`` plays whole games (halves, final, Durchmarsch, opening,
Einkaufen, every rules field) for bots whose moves depend only on their own
dice: the heuristic and the risk profiles (``cautious``, ``bold``), and, at
two seats, the exact ``optimal`` and ``equilibrium`` bots through policy
slots solved on demand (:mod:`schock.sim.duel`). Their moves, the evaluation
and the ranking of results are lookup tables derived from the rules and the
bots themselves (:mod:`schock.sim.tables`), so the kernel
(:mod:`schock.sim.kernel`) has no rule of its own. The reference
engine playing the same bots gives the same distributions
(:mod:`schock.sim.reference`, ``tests/sim``).

It needs the optional extra ``sim`` (``pip install 'schock[sim]'``: numpy,
numba, scipy, matplotlib, dask[distributed]); the rest of schock does not.

>>> from schock.sim import simulate
>>> r = simulate("mosel", ["heuristic", "bold", "cautious"], games=2000, seed=7)
>>> r.games, len(r.losses_by_seat())
(2000, 3)
"""

from __future__ import annotations

from schock.sim.core import CHUNK, SimResult, Stat, simulate
from schock.sim.tables import supported_bots

__all__ = ["CHUNK", "SimResult", "Stat", "simulate", "supported_bots"]
