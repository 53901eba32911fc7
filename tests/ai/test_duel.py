"""The duplicate duel, generic over the registered games, and the shared parts of
``games.ai`` naming no game."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import games.ai
from games import offered, registry
from games.ai import decide
from games.ai.__main__ import main
from games.ai.duel import (
    SPLIT,
    DealResult,
    DuelConfig,
    SeatRecord,
    arena_of,
    contract_split,
    format_summary,
    run,
    summarize,
)
from games.bete_hombree import HandState


@pytest.mark.parametrize(("game", "seats"), [("bete-hombree", 0), ("bete", 2), ("bete", 5)])
def test_a_player_against_itself_differs_by_nothing(game: str, seats: int) -> None:
    config = DuelConfig(game, "heuristic", "heuristic", deals=3, seed=7, seats=seats)
    results = run(config)
    assert [r.diff for r in results] == [0.0, 0.0, 0.0]
    summary = summarize(config, results)
    assert summary["mean_diff_per_deal"] == 0.0
    assert summary["seats"] == (seats or 4)


def test_the_candidate_in_every_seat_against_the_baseline() -> None:
    config = DuelConfig("bete", "heuristic", "random", deals=6, seed=3, seats=3)
    results = run(config)
    for result in results:
        assert len(result.a) == len(result.b) == 3 and result.ref is None
        # the baseline table is one deal: its worths sum to zero
        assert abs(sum(r.score for r in result.b)) < 1e-9
    summary = summarize(config, results)
    assert summary["unit"] == "jetons"
    side = summary["a_side"]
    assert side["declared"] + side["contres"] > 0
    assert side["latency_ms"]["decisions"] > 0


def test_la_bete_hombree_measures_a_reference_and_its_contracts() -> None:
    config = DuelConfig(
        "bete-hombree", "heuristic", "random", deals=2, seed=1, budget=0.02, ref="cheater"
    )
    results = run(config)
    assert all(r.ref is not None and len(r.ref) == 4 for r in results)
    summary = summarize(config, results)
    ref = summary["ref"]["ref_side"]
    assert ref["contracts"] > 0 and ref["contract_accuracy"] == 1.0  # it sees every card
    assert summary["a_side"]["contracts"] >= 0 and "make_rate_by_level" in summary["a_side"]


def test_the_arena_deals_the_same_deal_to_every_table() -> None:
    arena = arena_of("bete-hombree", settings={"entry": "0"})
    first, again = arena.deal(4, 2), arena.deal(4, 2)
    assert isinstance(first, HandState) and first.hands == again.hands
    assert first.entry is None  # no pinandèle in play
    assert arena.deal(4, 3).hands != first.hands


def test_the_command_line_takes_any_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["duel", "--game", "bete", "--seats", "2", "--a", "heuristic", "--b", "random"]
    assert main([*argv, "--deals", "2", "--set", "bete=4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "bete" and summary["seats"] == 2 and summary["deals"] == 2
    assert summary["settings"] == "a bête of 4 in play"
    assert main([*argv, "--deals", "1"]) == 0
    assert "La Bête, 2 players: heuristic vs random" in capsys.readouterr().out


ONE_DEAL = ["--a", "random", "--b", "random", "--deals", "1"]  # were it accepted


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "bete", "--a", "cheater", "--b", "random"],  # no such player of La Bête
        ["--game", "bete", "--seats", "6", "--a", "random", "--b", "random"],
        ["--a", "random", "--b", "random", "--set", "nonsense=1"],
        ["--a", "random", "--b", "random", "--set", "entry"],
        ["--a", "random", "--b", "random", "--set", "entry=2", "--set", "entry =3"],
        ["--game", "nogame", "--a", "random", "--b", "random"],
        ["--a", "random", "--b", "random", "--deals", "0"],
        ["--a", "random", "--b", "random", "--workers", "0"],
        ["--a", "random", "--b", "random", "--workers", "-2"],
        ["--a", "random", "--b", "random", "--budget", "0"],
        ["--a", "random", "--b", "random", "--budget", "-1"],
        ["--a", "random", "--b", "random", "--budget", "nan"],
        ["--a", "random", "--b", "random", "--budget", "inf"],
        ["--a", "random", "--b", "random", "--deals", "100000000000"],
        ["--a", "random", "--b", "random", "--set", "entry=-5"],
        ["--a", "random", "--b", "random", "--set", "entry=x"],
        ["--a", "random", "--b", "random", "--set", "bete_weight=nan"],
        ["--a", "random", "--b", "random", "--set", "bete_weight=1e400"],
        ["--game", "hombre", "--a", "random", "--b", "random", "--set", "bete=-3"],
        ["--game", "bete", "--a", "random", "--b", "random", "--set", "bete=-3"],
        # more than a record holds: the scores, floats, would lose their units
        ["--game", "bete", *ONE_DEAL, "--set", f"bete={10**20}"],
        ["--game", "hombre", *ONE_DEAL, "--set", "bete=1000000001"],
        [*ONE_DEAL, "--set", f"entry={10**20}"],
        [
            "--game",
            "besigue-haiti",
            "--a",
            "random",
            "--b",
            "random",
            "--set",
            "partnerships=maybe",
        ],
    ],
)
def test_the_command_line_refuses_bad_input(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """What the game lacks, and numbers out of range, are refused with a message and
    exit status 2, before any deal is played."""
    with pytest.raises(SystemExit) as exit:
        main(["duel", *args])
    out, err = capsys.readouterr()
    assert exit.value.code == 2 and "error:" in err and not out


def test_a_player_that_sees_every_card_does_not_decide_from_a_view() -> None:
    state = arena_of("bete-hombree").deal(1, 0)
    view = state.view(state.turn)
    with pytest.raises(ValueError, match="cannot play from a view"):
        decide("bete-hombree", "cheater", view)
    assert decide("bete-hombree", "heuristic", view) in view.legal


def test_every_offered_game_has_its_players_and_a_duel() -> None:
    games_offered = [g for g in registry.games() if g.id.replace("-", "_") in offered.PACKAGES]
    assert len(games_offered) == len(offered.PACKAGES)
    for spec in games_offered:
        players = spec.players()
        assert spec.fair in players and spec.strong in players
        assert arena_of(spec.id).seats >= spec.min_seats


OFFERED = [g.id for g in registry.games() if g.id.replace("-", "_") in offered.PACKAGES]


@pytest.mark.parametrize("game", OFFERED)
def test_the_difference_is_split_by_who_played_the_contract(game: str) -> None:
    config = DuelConfig(game, "heuristic", "random", deals=4, seed=5, budget=0.02)
    results = run(config)
    summary = summarize(config, results)
    split = summary["split"]
    text = format_summary(summary, arena_of(game))
    if split is None:  # a game without a contract
        assert "played the contract" not in text
        return
    assert sum(part["seats"] for part in split.values()) == 4 * summary["seats"]
    total = sum(part["per_deal"] for part in split.values())
    assert abs(total - summary["mean_diff_per_deal"]) < 1e-9
    assert "heuristic's difference by who played the contract" in text
    for part in split.values():
        low, high = part["ci95"]
        assert low <= part["per_deal"] <= high
        if not part["seats"]:
            assert low == high == 0.0  # no seat, no difference, no spread
        assert f"({low:+.3f} .. {high:+.3f})" in text


def test_a_part_of_the_split_is_as_uncertain_as_its_deals_make_it() -> None:
    """A part's interval is the spread of its own per-deal values: a part whose
    differences alternate in sign is wide around nothing, a part the same in every
    deal has none."""

    class Took:
        def took(self, facts: dict[str, object]) -> bool | None:
            return bool(facts["took"])

    def seat(score: float, took: bool) -> SeatRecord:
        return SeatRecord(score=score, facts={"took": took})

    results = [
        DealResult(
            index=i,
            a=[seat(4.0 if i % 2 else -4.0, True), seat(1.0, False)],
            b=[seat(0.0, True), seat(0.0, False)],
            ref=None,
        )
        for i in range(40)
    ]
    split = contract_split(Took(), results, seed=1)  # type: ignore[arg-type]
    assert split is not None
    both, neither = split["both"], split["neither"]
    assert both["seats"] == neither["seats"] == 40
    assert both["per_deal"] == 0.0 and neither["per_deal"] == 0.5
    assert both["ci95"][0] < -0.3 and both["ci95"][1] > 0.3  # noise, not a lead
    assert neither["ci95"] == [0.5, 0.5]  # +1 over two seats in every deal


def test_l_hombre_split_counts_the_hombres_of_each_table() -> None:
    config = DuelConfig("hombre", "random", "heuristic", deals=6, seed=2, budget=0.02)
    summary = summarize(config, run(config))
    split = summary["split"]
    assert list(split) == list(SPLIT)
    assert split["both"]["seats"] + split["candidate only"]["seats"] == summary["a_side"]["hombre"]
    assert split["both"]["seats"] + split["baseline only"]["seats"] == summary["b_side"]["hombre"]
    assert summary["a_side"]["hombre"] > 0 and summary["b_side"]["hombre"] > 0


def test_the_shared_parts_name_no_game() -> None:
    folder = Path(games.ai.__file__).parent
    offered = {spec.id.replace("-", "_") for spec in registry.games()} | {"bete", "bete_hombree"}
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert not set(name.split(".")) & offered, (path.name, name)
