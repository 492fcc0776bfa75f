"""Breadth-first layers by rank (one byte a board): against the layers of tiles, the rank's
bijection, the cache, and `at_distance` drawing from them."""

from __future__ import annotations

import itertools
import json
import math
import random
import warnings

import numpy as np
import pytest

import slidingtiles as st
import slidingtiles.data as data
from slidingtiles import Board
from slidingtiles._heuristics.exact import exact_distances
from slidingtiles._heuristics.layers import LayerBuildWarning, board_layers, forget
from tests.conftest import IMPLEMENTATIONS, goals, kernels_of

# Published layer counts (The On-Line Encyclopedia of Integer Sequences): the 8-puzzle from a
# corner blank (A089473, first given by Reinefeld, IJCAI 1993) and from the centre (A089474),
# and the 3x2 from a corner (A090034, from Karlemo and Ostergard 2000).
EIGHT_PUZZLE = (1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485)
EIGHT_PUZZLE += (5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274)
EIGHT_PUZZLE += (3910, 760, 221, 2)
EIGHT_PUZZLE_CENTRE = (1, 4, 8, 8, 16, 32, 60, 72, 136, 200, 376, 512, 964, 1296, 2368, 3084)
EIGHT_PUZZLE_CENTRE += (5482, 6736, 11132, 12208, 18612, 18444, 24968, 19632, 22289, 13600)
EIGHT_PUZZLE_CENTRE += (11842, 4340, 2398, 472, 148)
THREE_BY_TWO = (1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1)

pytestmark = pytest.mark.filterwarnings("ignore::slidingtiles._heuristics.layers.LayerBuildWarning")


@pytest.fixture(autouse=True)
def _fresh() -> None:
    forget()


def _built(goal: Board, where: object) -> data.LayerBuildWarning | None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        board_layers(goal, cache_dir=where)  # type: ignore[arg-type]
    told = [w.message for w in caught if isinstance(w.message, LayerBuildWarning)]
    return told[0] if told else None


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (3, 3), (2, 4), (2, 5)])
def test_the_layer_counts_equal_the_layers_of_tiles(shape: tuple[int, int], tmp_path) -> None:
    for goal in goals(*shape):
        exact = exact_distances(goal)
        layers = board_layers(goal, cache_dir=tmp_path)
        assert layers.counts == tuple(len(exact.layer(d)) for d in range(exact.diameter + 1))
        assert sum(layers.counts) == math.factorial(goal.size) // 2 == len(layers.distances)
        # every board's byte (3x3 and 2x5: a sample) is its distance
        rows = range(len(exact.tiles)) if goal.size <= 8 else range(0, len(exact.tiles), 997)
        for row in rows:
            tiles = tuple(int(t) for t in exact.tiles[row])
            assert layers.distance(tiles) == int(exact.distances[row])


def test_the_layers_are_the_published_ones(tmp_path) -> None:
    assert board_layers(Board.goal(3, 3), cache_dir=tmp_path).counts == EIGHT_PUZZLE
    centre = Board((1, 2, 3, 4, 0, 5, 6, 7, 8), shape=(3, 3))
    assert board_layers(centre, cache_dir=tmp_path).counts == EIGHT_PUZZLE_CENTRE
    assert board_layers(Board.goal(3, 2), cache_dir=tmp_path).counts == THREE_BY_TWO


@pytest.mark.parametrize("shape", [(2, 3), (3, 4), (2, 6)])
def test_the_rank_numbers_the_boards_without_gap_or_repeat(shape: tuple[int, int]) -> None:
    from slidingtiles._engine.python.layers import board_of, index_of, parities

    goal = Board.goal(*shape)
    parity = parities(goal.tiles, *shape)
    total = math.factorial(goal.size) // 2
    rng = random.Random(5)
    indices = range(total) if total < 1000 else [rng.randrange(total) for _ in range(300)]
    seen = set()
    for index in indices:
        tiles = board_of(index, goal.size, parity)
        assert st.solvability(Board(tiles, shape=shape), goal).solvable
        assert index_of(tiles, cols=shape[1], parity=parity) == index
        seen.add(tiles)
    assert len(seen) == len(indices)
    for _ in range(200):  # and a board reaching the goal has an index in range
        tiles = st.random_board(*shape, goal=goal, seed=rng).tiles
        assert 0 <= index_of(tiles, cols=shape[1], parity=parity) < total


def test_layers_are_built_once_then_read_from_the_cache(tmp_path) -> None:
    goal = Board.goal(2, 5, blank="first")
    told = _built(goal, tmp_path)
    assert told is not None  # 1.8 million bytes: announced
    for said in ("2x5", "1,814,400 boards", "MiB", "about"):
        assert said in str(told)
    first = board_layers(goal, cache_dir=tmp_path)
    forget()
    assert _built(goal, tmp_path) is None  # read back, not built
    again = board_layers(goal, cache_dir=tmp_path)
    assert again.counts == first.counts
    assert isinstance(again.distances, np.memmap)  # mapped, not loaded
    assert again.path is not None
    assert again.path.parent == tmp_path
    # a description that does not match (a damaged or foreign file) is built again
    meta = again.path.with_suffix(".json")
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "goal": [0]}))
    forget()
    assert _built(goal, tmp_path) is not None


def test_layers_refuse_shapes_they_are_not_for() -> None:
    with pytest.raises(st.InvalidOptionError, match="1x12"):
        board_layers(Board.goal(1, 12))
    with pytest.raises(st.InvalidOptionError, match="4x4"):
        board_layers(Board.goal(4, 4))


def test_at_distance_draws_uniformly_from_the_ranked_layers(monkeypatch, tmp_path) -> None:
    """The path of 11-12 cells, on the 3x3 (the layers of tiles made to stop below it)."""
    import slidingtiles.data._draw as draw

    monkeypatch.setattr(draw, "BFS_MAX_CELLS", 8)
    monkeypatch.setenv("SLIDINGTILES_CACHE_DIR", str(tmp_path))
    goal = Board.goal(3, 3)
    truth = exact_distances(goal)
    for distance in (0, 1, 20, 31):
        boards = data.at_distance(40, (3, 3), distance, seed=distance)
        found = [truth.distance(tuple(b)) for b in boards.tolist()]
        assert found == [distance] * 40
    # uniform over the layer: both boards 31 moves out, about half the time each
    far = data.at_distance(400, (3, 3), 31, seed=1)
    assert len({tuple(b) for b in far.tolist()}) == 2
    assert 120 < sum(tuple(b) == tuple(far[0]) for b in far.tolist()) < 280
    assert (
        data.at_distance(5, (3, 3), 12, seed=3) == data.at_distance(5, (3, 3), 12, seed=3)
    ).all()
    with pytest.raises(st.InvalidOptionError, match="farthest are 31"):
        data.at_distance(1, (3, 3), 32)
    reports: list[tuple[int, int]] = []
    forget()
    monkeypatch.setenv("SLIDINGTILES_CACHE_DIR", str(tmp_path / "other"))
    data.at_distance(1, (3, 3), 5, progress=lambda done, total: reports.append((done, total)))
    assert reports[-1] == (181_440, 181_440)
    assert [done for done, _ in reports] == sorted(done for done, _ in reports)


@pytest.mark.parametrize("name", IMPLEMENTATIONS)
def test_each_implementations_sweeps_give_the_same_bytes(name: str) -> None:
    """The kernels of each implementation, swept by hand over a 2x4 (and a 3x3's ranks in
    uneven pieces): the bytes the dispatcher's kernels give."""
    from slidingtiles._board.geometry import neighbour_table
    from slidingtiles._engine.python.layers import UNSEEN, index_of, parities

    kernels = kernels_of(name)
    for goal in (Board.goal(2, 4), Board.goal(3, 3, blank="first")):
        parity = parities(goal.tiles, goal.rows, goal.cols)
        neighbours = np.array(neighbour_table(goal.rows, goal.cols), dtype=np.int64)
        dist = np.full(math.factorial(goal.size) // 2, UNSEEN, dtype=np.uint8)
        dist[index_of(goal.tiles, cols=goal.cols, parity=parity)] = 0
        depth, cuts = 0, [0, 7, 1000, min(65_537, len(dist)), len(dist)]
        while True:
            found = sum(
                kernels.layer_sweep(dist, depth, goal.rows, goal.cols, neighbours, parity, a, b)
                for a, b in itertools.pairwise(cuts)
            )
            if not found:
                break
            depth += 1
        forget()
        assert (dist == np.asarray(board_layers(goal, cache_dir=None).distances)).all()
