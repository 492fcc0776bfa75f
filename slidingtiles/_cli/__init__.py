"""The ``slidingtiles`` command line: argparse front end over the library (parse, call, format).

>>> main(["random", "2x3", "--moves", "0"])
1 2 3/4 5 0
0

Modules: `common` (exit codes, parser classes, argument types, board input, ``--format``,
the one error printer), `output` (the text report, the JSON objects, HTML, the one progress
display), `solve` (the
solve, check, random and heuristics commands), `trace` (``solve --trace``: the
options and the files, drawn by `TraceView`), `tables` (pdb), `batch` (batch), `data`
(data: labels, loading `slidingtiles.data` and numpy by name when run) and
`main` (the table of registrars, the parser, `main`), `play` (the play command).
The command line imports the library only through its public façade:
``slidingtiles``, ``slidingtiles.pdb``, ``slidingtiles.heuristics`` and
``slidingtiles.search``.

Handlers raise the library's errors; `main` turns them into exit codes and
one-line messages, all spelled ``slidingtiles: error: ...``:

* 0: done (solved, solvable, listed);
* 1: no answer: the board is unsolvable or a search limit was reached;
* 2: bad input or usage (malformed board, bad option, unknown heuristic, unreadable
  file, unusable cache directory);
* 130: interrupted with Ctrl-C;
* 143: terminated by SIGTERM (``batch``; other commands simply end, as the signal says).

docs/errors.md lists every failure with its exit code and what is kept.
"""

from slidingtiles._cli.batch import add_batch_command, batch_command
from slidingtiles._cli.common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_NO_ANSWER,
    EXIT_OK,
    EXIT_TERMINATED,
    CommandError,
    Registrar,
)
from slidingtiles._cli.main import SUBCOMMANDS, build_parser, main
from slidingtiles._cli.output import report_text, solution_json

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_NO_ANSWER",
    "EXIT_OK",
    "EXIT_TERMINATED",
    "SUBCOMMANDS",
    "CommandError",
    "Registrar",
    "add_batch_command",
    "batch_command",
    "build_parser",
    "main",
    "report_text",
    "solution_json",
]
