"""The benchmarks' command lines refuse bad input as every command line of the project
does: a message naming the option and exit status 2, before anything is measured
(before, a count of 0 or a game that is not registered ended in a traceback, a
negative budget or no workers ran as if nothing were wrong, and the load benchmark with
a negative rate of play or no bot process went on to fail half-way)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

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
    ("bench.hints", ["--budget", "100001"], "--budget"),  # a hint then takes hours
    ("bench.hint_review", ["--games", "nogame"], "no game 'nogame'"),
    ("bench.hint_review", ["--decisions", "0"], "--decisions"),
    ("bench.hint_review", ["--against", "-1"], "--against"),
    ("bench.load", ["--rate", "-1"], "--rate"),
    ("bench.load", ["--processes", "0"], "--processes"),
    ("bench.load", ["--duration", "-3"], "--duration"),
    ("bench.load", ["--ladder", "0.1,nan"], "--ladder"),  # rates as --rate takes them
    ("bench.load", ["--ladder", "inf"], "--ladder"),
    ("bench.load", ["--ladder", "0.1,1000"], "--ladder"),
    ("bench.render", ["--hands", "0"], "--hands"),
    ("bench.render", ["--rate", "0"], "--rate"),
    ("bench.render", ["--save", __file__], "is a file, not a folder"),
    ("bench.load", ["--workdir", __file__], "is a file, not a folder"),
    ("bench.solver", ["--deals", "many"], "--deals"),
    ("bench.teacher", ["--games", "nogame"], "no game 'nogame'"),
    ("bench.teacher", ["--play-budget", "nan"], "--play-budget"),
    ("bench.teacher", ["--budget", "100001"], "--budget"),
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


@pytest.mark.parametrize(
    ("module", "option"), [("bench.render", "--save"), ("bench.load", "--workdir")]
)
def test_a_folder_that_cannot_be_made_is_one_line(
    module: str,
    option: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A folder the benchmark may not make (no access, a read-only disk): a line and a
    non-zero exit, before anything is measured, not the traceback of ``mkdir``."""
    loaded = importlib.import_module(module)

    def refused(self: Path, *args: Any, **kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    def measured(*args: Any) -> None:
        raise AssertionError("measured")

    monkeypatch.setattr(Path, "mkdir", refused)
    monkeypatch.setattr(loaded, "run" if module == "bench.load" else "draw_hands", measured)
    try:
        code = loaded.main([option, str(tmp_path / "figures")])
    except SystemExit as exit:
        code = exit.code
    out, err = capsys.readouterr()
    assert code == 1 and not out
    assert err.startswith("error: ") and "Permission denied" in err and err.count("\n") == 1
