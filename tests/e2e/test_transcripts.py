"""The transcripts the suites over every game read (``tests.e2e.transcripts``) are whole
games: each configuration of each offered game, in each language, played by persons
through ``/play`` and the table's buttons to the table's end, the boards asked after,
and the bot running clean throughout."""

from __future__ import annotations

import pytest

from bot.texts.i18n import t
from tests.e2e.transcripts import BOARDS, Key, keys, played


@pytest.mark.parametrize("key", keys(), ids=str)
async def test_a_whole_game_is_played_and_kept(key: Key) -> None:
    transcript = await played(key)
    lang, game = transcript.lang, transcript.game
    sent = transcript.sent
    # the table spoke the language asked for, to everyone
    table = next(s for s in sent if s.message_id == transcript.table_message)
    title = t(lang, "table.title", game=game.spec.name(lang), id="")
    assert str(table.payload["embeds"][0]["title"]).startswith(title)
    # the persons played by /play, as its autocomplete offered their moves
    assert any(s.kind == "interaction.autocomplete" for s in sent)
    assert transcript.deals >= 2 and transcript.ended_at < transcript.commands_at
    # the boards answered in both channels, after the end
    for channel in (transcript.table_channel, transcript.other_channel):
        answered = [
            s
            for s in sent
            if s.channel_id == channel
            and s.seq >= transcript.commands_at
            and s.kind in ("message.create", "message.edit")
        ]
        assert len({s.message_id for s in answered}) >= len(BOARDS), (channel, answered)
    run = transcript.run
    assert run is not None
    assert "Traceback" not in run.output, run.output[-3000:]
    assert run.problems == []
