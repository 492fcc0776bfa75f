"""Data for learning: exact cost-to-go labels, boards to label, and the published benchmark sets.

>>> import slidingtiles.data as data
>>> labels = data.cost_to_go(data.random_walks(2, (3, 3), 10, seed=1))
>>> bool((labels.distances[labels.sources == 0] == range(labels.distances[0], -1, -1)).all())
True
>>> len(data.korf100()), len(data.korf50())
(100, 50)

Imported on purpose (``import slidingtiles.data``; ``import slidingtiles``
does not load it). It stands above the solver and uses the public API
(`slidingtiles.solve`, `slidingtiles.solve_many`); the breadth-first layers
of `at_distance` come from the exhaustive search ``heuristics.check`` uses, and
on 11-12 cells from layers one byte a board (`slidingtiles._heuristics.layers`).

Modules: `_labels` (`cost_to_go`, `Labels`, `load`: ``.npz``, ``.parquet``
with pyarrow), `_draw` (`random_boards`, `random_walks`, `at_distance`),
`_sets` (`korf100`, `korf50`: the text files ``korf100.txt`` and
``korf50_24.txt`` beside them), `_read` (boards read in bulk and checked,
`MissingDependencyError`). docs/data.md is the guide.
"""

from slidingtiles._heuristics.layers import LayerBuildWarning
from slidingtiles.data._draw import (
    BFS_MAX_CELLS,
    LAYERS_MAX_CELLS,
    at_distance,
    random_boards,
    random_walks,
)
from slidingtiles.data._labels import LabelError, Labels, cost_to_go, load
from slidingtiles.data._read import MissingDependencyError
from slidingtiles.data._sets import BenchmarkSet, korf50, korf100

__all__ = [
    "BFS_MAX_CELLS",
    "LAYERS_MAX_CELLS",
    "BenchmarkSet",
    "LabelError",
    "Labels",
    "LayerBuildWarning",
    "MissingDependencyError",
    "at_distance",
    "cost_to_go",
    "korf50",
    "korf100",
    "load",
    "random_boards",
    "random_walks",
]
