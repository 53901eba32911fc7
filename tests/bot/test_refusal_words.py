"""A refusal is worded by its code (``bot.texts.refusals``), in both languages, for every
code of every game the bot offers."""

from __future__ import annotations

import pytest

from bot.game import TableGame
from bot.texts.i18n import LANGS, MESSAGES
from tests.bot.offered import offered_games


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
def test_each_refusal_code_has_words_in_french_and_english(game: TableGame) -> None:
    keys = game.renderer.refusals
    for code in game.spec.refusal_codes():
        assert code in keys, f"{game.id}: no words for the refusal {code!r}"
        entry = MESSAGES.get(keys[code])
        assert entry is not None, f"{game.id}: {code!r} is worded by an unknown key {keys[code]}"
        for lang in LANGS:
            assert entry.get(lang, "").strip(), f"{keys[code]} has no {lang} text"
