"""La Bête Hombrée's summary shows its arithmetic: the stake per opponent, and a new
bête as 4 × the stake (+ the bête in play), from the engine's own figures."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bot.games.bete_hombree import GAME
from bot.texts.i18n import t
from games.bete_hombree import HandRecord, replay

RECORDS = Path(__file__).resolve().parents[1] / "records"


@dataclass
class Table:  # what the renderer reads of a table (bot.game.TableLike), no more
    names: list[str]
    state: object = None  # the hand, as played
    hand_no: int = 1


def fields_of(name: str, lang: str, **changed: object) -> dict[str, str]:
    data = {**json.loads((RECORDS / name).read_text(encoding="utf-8")), **changed}
    result = replay(HandRecord.from_json(data))
    assert result.settled is not None
    table = Table(list(result.session.players), result.state)
    _, _, fields = GAME.renderer.settlement(table, result.settled, lang)  # type: ignore[arg-type]
    return {field: value for field, value, _ in fields}


def test_a_failed_contract_shows_how_its_bete_is_made() -> None:
    # example 2 of the seed: 3 en belle failed, stake 6, the bête in play 96: a bête of 120
    for lang in ("fr", "en"):
        stake = fields_of("example2.json", lang)[t(lang, "summary.stake")]
        assert t(lang, "summary.stake_each", stake=6) in stake
        assert "4 × 6 + 96" in stake and "**120**" in stake


def test_a_pinandele_in_play_is_named_as_such() -> None:
    # example 2 with a pinandèle of 8 in play instead of Sud's bête: a bête of 4 × 6 + 8
    register = [{"owner": None, "amount": 8}, {"owner": 2, "amount": 120}]
    for lang, words in (("en", "(the pinandèle in play)"), ("fr", "(la pinandèle en jeu)")):
        stake = fields_of("example2.json", lang, register=register)[t(lang, "summary.stake")]
        assert f"4 × 6 + 8 {words} = **32**" in stake, stake
    stake = fields_of("example2.json", "en")[t("en", "summary.stake")]
    assert "(the bête in play)" in stake and "pinandèle" not in stake


def test_a_made_contract_shows_its_stake_only() -> None:
    stake = fields_of("example1.json", "en")[t("en", "summary.stake")]
    assert stake == t("en", "summary.stake_each", stake=28)
