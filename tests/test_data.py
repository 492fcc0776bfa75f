"""slidingtiles.data: exact labels against breadth-first truth, save/load, the drawing helpers,
the shipped benchmark sets, and the documented errors."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import slidingtiles as st
import slidingtiles.data as data

# The library's numpy BFS (what heuristics.check uses; tests/test_heuristic_kit.py checks it
# against the test suite's oracle): the truth for 2x5, whose 1.8 million boards the pure-Python
# oracle would take too long over.
from slidingtiles._heuristics.exact import exact_distances
from tests.conftest import examples, goals, oracle_for


def _check_paths(labels: data.Labels) -> None:
    """Each source's rows: one move apart, each label one less than the one before, ending at 0."""
    goal = labels.goal_board
    for source in np.unique(labels.sources):
        rows = labels.boards[labels.sources == source]
        dist = labels.distances[labels.sources == source]
        assert dist.tolist() == list(range(int(dist[0]), -1, -1))
        assert tuple(rows[-1].tolist()) == goal.tiles
        for a, b in itertools.pairwise(rows):
            changed = np.flatnonzero(a != b)
            assert len(changed) == 2
            assert 0 in a[changed]
            assert 0 in b[changed]
            ra, ca = divmod(int(changed[0]), goal.cols)
            rb, cb = divmod(int(changed[1]), goal.cols)
            assert abs(ra - rb) + abs(ca - cb) == 1


@pytest.mark.parametrize("goal", goals(3, 3), ids=lambda g: g.to_text())
def test_labels_are_the_breadth_first_distances_on_3x3(goal: st.Board) -> None:
    truth = oracle_for(goal).distance
    boards = data.random_boards(12, (3, 3), goal=goal, seed=5)
    labels = data.cost_to_go(boards, goal)
    assert len(labels) == sum(truth[tuple(b)] + 1 for b in boards.tolist())
    for row, distance in zip(labels.boards.tolist(), labels.distances.tolist()):
        assert truth[tuple(row)] == distance
    _check_paths(labels)
    assert labels.sources[labels.distances == labels.distances.max()].size >= 1


def test_labels_are_the_breadth_first_distances_on_2x5() -> None:
    goal = st.Board.goal(2, 5)
    exact = exact_distances(goal)
    boards = data.random_boards(6, (2, 5), seed=2)
    labels = data.cost_to_go(boards, shape=(2, 5))
    rows = exact.rows_of(labels.boards)
    assert (rows >= 0).all()
    assert exact.distances[rows].tolist() == labels.distances.tolist()
    _check_paths(labels)


@settings(max_examples=examples(30), deadline=None)
@given(seed=hs.integers(0, 2**32), moves=hs.integers(0, 30))
def test_a_walk_is_labelled_with_its_true_distance(seed: int, moves: int) -> None:
    truth = oracle_for(st.Board.goal(3, 3)).distance
    board = data.random_walks(1, (3, 3), moves, seed=seed)
    labels = data.cost_to_go(board)
    assert labels.distances[0] == truth[tuple(board[0].tolist())] <= moves
    _check_paths(labels)


def test_every_input_form_gives_the_same_labels() -> None:
    boards = data.random_boards(3, (3, 3), seed=9)
    flat = data.cost_to_go(boards)
    for other in (
        data.cost_to_go(boards.reshape(3, 3, 3)),
        data.cost_to_go([st.Board(tuple(b), shape=(3, 3)) for b in boards.tolist()]),
        data.cost_to_go([st.Board(tuple(b), shape=(3, 3)).to_text() for b in boards.tolist()]),
        data.cost_to_go(boards.astype(np.int64), goal="last"),
    ):
        assert (other.boards == flat.boards).all()
        assert (other.distances == flat.distances).all()
        assert (other.sources == flat.sources).all()


def test_workers_give_the_labels_of_one_process() -> None:
    boards = data.random_boards(6, (3, 3), seed=4)
    alone = data.cost_to_go(boards)
    pooled = data.cost_to_go(boards, workers=2)
    assert (alone.boards == pooled.boards).all()
    assert (alone.sources == pooled.sources).all()


def test_progress_is_called_after_each_board() -> None:
    calls: list[tuple[int, int]] = []
    data.cost_to_go(
        data.random_boards(3, (2, 3), seed=1),
        shape=(2, 3),
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls == [(1, 3), (2, 3), (3, 3)]


def test_no_boards_give_empty_labels() -> None:
    labels = data.cost_to_go(np.empty((0, 9), dtype=np.uint8))
    assert labels.boards.shape == (0, 9)
    assert len(labels) == 0


def test_unique_keeps_the_first_of_each_board() -> None:
    labels = data.cost_to_go(["1 2 3/4 5 6/0 7 8", "1 2 3/4 5 6/7 0 8"])
    assert len(labels) == 5
    once = labels.unique()
    assert len(once) == 3
    assert once.distances.tolist() == [2, 1, 0]


def test_labels_iterate_as_boards() -> None:
    labels = data.cost_to_go(["1 2 3/4 5 6/7 0 8"])
    assert [(b.to_text(), d) for b, d in labels] == [
        ("1 2 3/4 5 6/7 0 8", 1),
        ("1 2 3/4 5 6/7 8 0", 0),
    ]


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    labels = data.cost_to_go(data.random_boards(4, (3, 3), goal="first", seed=3), goal="first")
    path = labels.save(tmp_path / "labels.npz")
    back = data.load(path)
    assert back.goal == labels.goal == tuple(range(9))
    assert back.shape == (3, 3)
    for name in ("boards", "distances", "sources"):
        assert (getattr(back, name) == getattr(labels, name)).all()
        assert getattr(back, name).dtype == getattr(labels, name).dtype
    assert labels.save(tmp_path / "plain").name == "plain.npz"


def test_parquet_round_trips_or_names_pyarrow(tmp_path: Path) -> None:
    labels = data.cost_to_go(["1 2 3/4 5 6/0 7 8"])
    if importlib.util.find_spec("pyarrow") is None:
        with pytest.raises(data.MissingDependencyError, match="pip install pyarrow") as info:
            labels.save(tmp_path / "labels.parquet")
        assert isinstance(info.value, ImportError)
        assert info.value.value == "pyarrow"
        return
    back = data.load(labels.save(tmp_path / "labels.parquet"))
    assert (back.boards == labels.boards).all()
    assert back.distances.tolist() == [2, 1, 0]


def test_load_refuses_what_is_not_labels(tmp_path: Path) -> None:
    other = tmp_path / "other.npz"
    np.savez(other, x=np.arange(3))
    with pytest.raises(st.InvalidOptionError, match="not a labels file"):
        data.load(other)
    junk = tmp_path / "junk.npz"
    junk.write_text("not numpy")
    with pytest.raises(st.InvalidOptionError, match="not a labels file"):
        data.load(junk)
    with pytest.raises(FileNotFoundError):
        data.load(tmp_path / "missing.npz")


def test_bad_input_raises_documented_errors() -> None:
    with pytest.raises(st.UnsolvableError, match="board 1"):
        data.cost_to_go(["1 2 3/4 5 6/7 0 8", "1 2 3/4 5 6/8 7 0"])
    with pytest.raises(st.InvalidBoardError, match="board 0 of the 1 given"):
        data.cost_to_go(np.array([[1, 2, 3, 4, 5, 6, 7, 8, 8]]))
    with pytest.raises(st.GoalMismatchError, match="board 1 of the 2 given"):
        data.cost_to_go(["1 2 3/4 5 6/7 0 8", "1 2/3 0"])
    with pytest.raises(st.OptionTypeError):
        data.cost_to_go("1 2 3/4 5 6/7 0 8")  # one board, not many
    with pytest.raises(st.InvalidOptionError, match="not square"):
        data.cost_to_go(np.array([[1, 2, 3, 4, 5, 0]]))
    with pytest.raises(st.InvalidBoardError, match="do not fit"):
        data.cost_to_go(np.array([[1, 2, 3, 0]]), goal="1 2 3/4 5 6/7 8 0")
    with pytest.raises(st.OptionTypeError):
        data.cost_to_go(np.array([[0.5, 1.0]]))
    for workers in ("2", 0, True):
        with pytest.raises(st.InvalidOptionError):
            data.cost_to_go(["1 2 3/4 5 6/7 0 8"], workers=workers)  # type: ignore[arg-type]
    with pytest.raises(st.OptionTypeError):
        data.cost_to_go(["1 2 3/4 5 6/7 0 8"], progress="yes")
    with pytest.raises(st.OptionTypeError):
        data.cost_to_go(12)


def test_an_optimal_search_out_of_reach_is_refused() -> None:
    board = data.random_boards(1, (7, 7), seed=1)
    with pytest.raises(st.OutOfReachError):
        data.cost_to_go(board)


@pytest.mark.parametrize("goal", goals(3, 3), ids=lambda g: g.to_text())
def test_at_distance_on_small_boards_is_exact(goal: st.Board) -> None:
    truth = oracle_for(goal).distance
    farthest = max(truth.values())
    for distance in (0, 1, 17, farthest):
        boards = data.at_distance(5, (3, 3), distance, goal=goal, seed=distance)
        assert [truth[tuple(b)] for b in boards.tolist()] == [distance] * 5
    with pytest.raises(st.InvalidOptionError, match=f"farthest are {farthest}"):
        data.at_distance(1, (3, 3), farthest + 1, goal=goal)


def test_at_distance_on_the_15_puzzle_is_confirmed_by_the_solver() -> None:
    boards = data.at_distance(3, (4, 4), 18, seed=7)
    assert [len(st.solve(b.tolist()).moves) for b in boards] == [18, 18, 18]
    assert (
        data.at_distance(2, (4, 4), 18, seed=7) == data.at_distance(2, (4, 4), 18, seed=7)
    ).all()


def test_the_drawing_helpers_check_their_options() -> None:
    with pytest.raises(st.OptionTypeError):
        data.random_boards(1.5, (3, 3))  # type: ignore[arg-type]
    with pytest.raises(st.InvalidOptionError):
        data.random_boards(-1, (3, 3))
    with pytest.raises(st.InvalidOptionError):
        data.random_boards(1, (1, 1))
    with pytest.raises(st.OptionTypeError):
        data.random_boards(1, "big")
    with pytest.raises(st.InvalidOptionError):
        data.random_walks(1, (3, 3), (5, 2))
    with pytest.raises(st.InvalidOptionError):
        data.at_distance(1, (3, 3), -1)
    with pytest.raises(st.OptionTypeError):
        data.random_boards(1, (3, 3), seed="x")


def test_drawn_boards_reach_the_goal_and_repeat_with_a_seed() -> None:
    boards = data.random_boards(20, "3x4", goal="first", seed=np.random.default_rng(1))
    goal = st.Board.goal(3, 4, blank="first")
    assert all(st.is_solvable(st.Board(tuple(b), shape=(3, 4)), goal) for b in boards.tolist())
    assert (
        data.random_walks(5, (4, 4), (3, 9), seed=2) == data.random_walks(5, (4, 4), (3, 9), seed=2)
    ).all()
    assert data.random_boards(0, (3, 3)).shape == (0, 9)


def test_korf100_loads_with_its_lengths() -> None:
    korf = data.korf100()
    assert korf.boards.shape == (100, 16)
    assert korf.lengths.shape == (100,)
    assert int(korf.lengths.sum()) == 5305
    assert korf.lengths.min() == 41
    assert korf.lengths.max() == 66
    assert korf.goal == st.Board.goal(4, 4, blank="first")
    assert "Korf" in korf.source
    for board, length in korf:
        assert st.is_solvable(board, korf.goal)
        assert board.manhattan(korf.goal) <= length
        assert (length - board.manhattan(korf.goal)) % 2 == 0
    assert not korf.boards.flags.writeable
    # The shortest instances, solved here: their published lengths are the optimal ones.
    for index in np.argsort(korf.lengths, kind="stable")[:2]:
        board, length = korf[int(index)]
        assert len(st.solve(board, korf.goal).moves) == length


def test_korf50_loads_with_its_lengths() -> None:
    sets = data.korf50()
    assert sets.boards.shape == (50, 25)
    assert sets.shape == (5, 5)
    assert int(sets.lengths.sum()) == 5039
    for board, length in sets:
        assert st.is_solvable(board, sets.goal)
        assert board.manhattan(sets.goal) <= length
        assert (length - board.manhattan(sets.goal)) % 2 == 0


def test_the_data_command_labels_shows_and_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from slidingtiles._cli import main

    out = tmp_path / "walks.npz"
    assert (
        main(
            [
                "data",
                "label",
                "--walks",
                "5",
                "--moves",
                "3-9",
                "--shape",
                "3x3",
                "--seed",
                "2",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    labels = data.load(out)
    assert set(labels.sources.tolist()) == {0, 1, 2, 3, 4}
    _check_paths(labels)
    assert main(["data", "show", str(out)]) == 0
    assert f"{len(labels):,} boards 3x3 from 5 solutions" in capsys.readouterr().out
    boards = tmp_path / "boards.txt"
    boards.write_text("# two boards\n1 2 3/4 5 6/0 7 8\n\n0 1/2 3\n")
    assert main(["data", "label", str(boards), "-o", str(tmp_path / "x.npz")]) == 2
    assert "board 1" in capsys.readouterr().err
    boards.write_text("1 2 3/4 5 6/0 7 8\n")
    assert main(["data", "label", str(boards), "-o", str(tmp_path / "x.npz")]) == 0
    assert data.load(tmp_path / "x.npz").distances.tolist() == [2, 1, 0]
    assert main(["data", "label", "-o", str(tmp_path / "y.npz")]) == 2
    capsys.readouterr()
    assert main(["data", "korf50"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 50


def test_the_shortest_of_korfs_100_are_labelled_with_their_published_lengths() -> None:
    """The issue's check in small: published boards labelled, each path consistent."""
    korf = data.korf100()
    shortest = np.argsort(korf.lengths, kind="stable")[:3]
    labels = data.cost_to_go(korf.boards[shortest], goal=korf.goal)
    _check_paths(labels)
    firsts = [int(labels.distances[labels.sources == s][0]) for s in range(3)]
    assert firsts == korf.lengths[shortest].tolist()
