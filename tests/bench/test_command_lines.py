"""The benchmarks' command lines refuse bad input as every command line of the project
does: a message naming the option and exit status 2, before anything is measured
(before, a count of 0 or a game that is not registered ended in a traceback, a
negative budget or no workers ran as if nothing were wrong, and the load benchmark with
a negative rate of play or no bot process went on to fail half-way)."""

from __future__ import annotations

import importlib

import pytest

BAD = [
    ("bench.ai", ["--hands", "0"], "--hands"),
    ("bench.ai", ["--budget", "-1"], "--budget"),
    ("bench.ai", ["--workers", "0", "--loop"], "--workers"),
    ("bench.ai", ["--game", "hombre", "--player", "nobody"], "no player 'nobody'"),
    ("bench.engine", ["--hands", "-3"], "--hands"),
    ("bench.haiti", ["--repeat", "0"], "--repeat"),
    ("bench.haiti", ["--table-deals", "-1"], "--table-deals"),
    ("bench.hints", ["--games", "hombre,nogame"], "no game 'nogame'"),
    ("bench.hints", ["--positions", "0"], "--positions"),
    ("bench.load", ["--rate", "-1"], "--rate"),
    ("bench.load", ["--processes", "0"], "--processes"),
    ("bench.load", ["--duration", "-3"], "--duration"),
    ("bench.render", ["--hands", "0"], "--hands"),
    ("bench.render", ["--rate", "0"], "--rate"),
    ("bench.render", ["--save", __file__], "is a file, not a folder"),
    ("bench.load", ["--workdir", __file__], "is a file, not a folder"),
    ("bench.solver", ["--deals", "many"], "--deals"),
    ("bench.teacher", ["--games", "nogame"], "no game 'nogame'"),
    ("bench.teacher", ["--play-budget", "nan"], "--play-budget"),
]


@pytest.mark.parametrize(("module", "argv", "said"), BAD, ids=lambda x: str(x))
def test_a_benchmark_refuses_bad_input(
    module: str, argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as exit:
        main(argv)
    out, err = capsys.readouterr()
    assert exit.value.code == 2 and "error:" in err and said in err and not out
