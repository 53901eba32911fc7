"""A hint through the real bot process and its worker processes: a player clicks 💡 in
their hand, reads the best moves privately, plays on; the deal's record keeps the
count, the table's log says it, and no message showed a card to one who could not
see it."""

from __future__ import annotations

import json
from collections.abc import Callable

from bot.texts.i18n import t
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.leaks import game_knowledge, scan
from tests.e2e.outcome import reading
from tests.e2e.players import WAIT, Move, TablePlayers, find_button


async def test_a_player_takes_a_hint_and_the_record_keeps_it(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot(module="tests.e2e.seeded_bot", env={"BETE_TABLE_SEED": "1792"})
    await bot.start()
    users = [server.add_user(name) for name in ("arthur", "bertrand", "edmond")]
    users.append(server.add_user("gaston", locale="en-US"))
    players = TablePlayers(server, users)
    hinted: list[tuple[int, str]] = []

    async def hint_once(move: Move) -> None:
        """Before the first card a player may choose, that player asks for a hint."""
        hint = find_button(move.message, "hint")
        if hinted or move.verb != "play" or hint is None:
            return
        ix = await users[move.seat].click(move.message, hint, timeout=WAIT)
        await ix.wait_done(WAIT)
        if not ix.text():
            await ix.wait_followup(1, WAIT)
        assert ix.ephemeral or all(m.ephemeral for m in ix.followups), f"{ix!r} in public"
        hinted.append((move.seat, ix.text()))

    players.before_move = hint_once
    await players.play(1, hints=True)
    await players.finish()
    [(seat, text)] = hinted
    lang = "en" if seat == 3 else "fr"
    assert "1. **" in text and t(lang, "hint.best") in text, text

    with reading(bot.database_path) as con:
        [(record,)] = list(
            con.execute("SELECT record FROM hands WHERE table_id = ?", (players.table_id,))
        )
    kept = json.loads(record)
    assert kept["hints"] == {str(seat): 1}
    line = t("fr", "log.hints", hints=f"{kept['players_names'][seat]} 1")  # the table's words
    said = [m for m in server.messages() if line in json.dumps(m.embeds, ensure_ascii=False)]
    assert said, "the table's log does not say the hint taken"
    # the hint named no card its reader could not see (the scan of every message)
    leaks = scan(server.log, game_knowledge(players, bot.database_path)).leaks
    assert leaks == [], "\n".join(str(leak) for leak in leaks[:20])
    assert "Traceback" not in bot.output()
    assert server.problems() == []
