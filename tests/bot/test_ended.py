"""Ended means ended, in every game offered, at every moment the bot may draw a table:
after each change and inside every write of one (where another task may draw it while
the write waits, as the summary of a match's last deal was drawn before the table's
end was written).

Once a session is finished (a game stopped, a match won), no summary, table message or
button offers or announces a next deal; once a deal is over nobody's turn is marked and
no trick picture shows an empty trick; an ended table shows nothing of the deal it
ended on.  And the calls on the shared table message are there only when a person is to
make them (a computer's calls would answer everyone "not your turn").
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest

from bot.drawing.render import hand_panel, table_embed
from bot.drawing.summary import settlement_embed
from bot.drawing.table_buttons import table_view
from bot.game import TableGame
from bot.games import table_game, table_games
from bot.ids import ComponentId
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import game_text, t
from db import Database
from tests.vocabulary import next_deal_phrases

LANGS = ("fr", "en")
GUILD, CHANNEL = 10, 20
DEALS_AFTER_STOP = 6  # then everyone agrees to stop (a bête in play may last long)


@pytest.fixture
async def make_service(
    database_target: str,
) -> AsyncIterator[Callable[[], Awaitable[TableService]]]:
    opened: list[TableService] = []

    async def make() -> TableService:
        db = await Database.open(database_target)
        service = TableService(db, seed_source=lambda: 7, decider=inline_decider, ai_pause=0)
        await service.load()
        opened.append(service)
        return service

    yield make
    for service in opened:
        await service.close()
        await service.db.close()


def in_deal(table: LiveTable) -> bool:
    """A deal is being played at the table."""
    return table.status == "playing" and table.state is not None and not table.state.is_over


def deal_coming(table: LiveTable) -> bool:
    """Another deal will be dealt at the table (asked between deals)."""
    session = table.session
    return table.status == "playing" and session is not None and not session.finished


def labels(view: discord.ui.View) -> list[str]:
    return [str(getattr(item, "label", "")) for item in view.children]


def calls(view: discord.ui.View) -> list[str]:
    """The game's calls among a view's components (a ❔ beside them included)."""
    out = []
    for item in view.children:
        custom_id = getattr(item, "custom_id", None)
        if custom_id is None:
            continue
        cid = ComponentId.parse(custom_id)
        if cid.game_verb or (cid.verb == "rules" and cid.arg):
            out.append(custom_id)
    return out


def next_deal_words(table: LiveTable, lang: str) -> list[str]:
    """Every way a text offers or announces the next deal."""
    words = [game_text(table.game.id, lang, "summary.next", name=name) for name in table.names]
    words += [
        game_text(table.game.id, lang, "table.next_dealer", name=name) for name in table.names
    ]
    words.append(game_text(table.game.id, lang, "table.between", hand=table.hand_no))
    return words + next_deal_phrases(table.game, lang)


class Watcher:
    """Draws the table as every reader would see it, at every moment asked, and checks
    what each drawing may show."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.moments = 0
        self.next_offered = 0  # summaries that announced a next deal that came
        self.ended_seen = 0  # drawings of a table whose session was finished

    async def fence(self, store: Any, table: LiveTable) -> None:
        """Called inside every write of a table (the service's fence)."""
        if table is self.table:
            self.look()

    def look(self) -> None:
        table = self.table
        self.moments += 1
        finished = table.status == "ended" or (table.between_hands and not deal_coming(table))
        self.ended_seen += finished
        for lang in LANGS:
            embed, view = table_embed(table, lang), table_view(table, lang)
            texts = [str(embed.to_dict())]
            if table.last is not None and table.state is not None and table.state.is_over:
                summary = settlement_embed(table, table.last, lang).to_dict()
                texts.append(str(summary))
                if deal_coming(table):
                    assert table.session is not None
                    coming = game_text(
                        table.game.id, lang, "summary.next", name=table.names[table.session.dealer]
                    )
                    assert summary["footer"]["text"] == coming
                    self.next_offered += 1
            hands = [hand_panel(table, seat, lang) for seat in range(len(table.seats))]
            texts += [str(hand.to_dict()) for hand, _ in hands]
            seats = str(embed.fields[0].value)
            if table.between_hands and deal_coming(table):  # the next deal is offered
                assert table.session is not None
                dealer = table.names[table.session.dealer]
                assert game_text(table.game.id, lang, "table.next_dealer", name=dealer) in str(
                    embed.description
                )
                assert game_text(table.game.id, lang, "btn.next") in labels(view)
            if finished:
                said = [w for w in next_deal_words(table, lang) for text in texts if w in text]
                assert not said, f"a next deal announced once the session is finished: {said}"
                assert game_text(table.game.id, lang, "btn.next") not in labels(view)
            if not in_deal(table):
                assert "▶" not in seats, f"a turn marked once play has ended: {seats}"
                assert embed.image.url is None, "a trick picture once the deal is over"
                assert not calls(view)
                for _, controls in hands:
                    assert not calls(controls), "a private hand offers a move once play ended"
            if table.status == "ended":
                bare = table_embed(dataclasses.replace(table, state=None, last=None), lang)
                # the one thing it says of the deal: one cut short is not settled
                cut = table.state is not None and not table.state.is_over
                unsettled = game_text(table.game.id, lang, "table.ended.unsettled")
                shown = embed.to_dict()
                assert (unsettled in shown["description"]) == cut
                lines = shown["description"].split("\n")
                shown["description"] = "\n".join(line for line in lines if line != unsettled)
                assert shown == bare.to_dict(), "an ended table shows its last deal"
                for hand, controls in hands:  # says so, shows no cards, offers nothing
                    assert t(lang, "hand.closed", id=table.id) in str(hand.description)
                    assert hand.image.url is None and not controls.children
            if in_deal(table):
                assert table.state is not None
                turn = table.state.turn
                if table.seats[turn].human:
                    own = table.game.renderer.table_buttons(table, table.state.view(turn), lang)
                    assert calls(view) == [str(b.custom_id) for b in own]
                else:
                    assert not calls(view), f"a computer's calls offered to everyone: {calls(view)}"


@pytest.mark.parametrize("game_id", [game.id for game in table_games()])
async def test_a_table_stopped_in_the_middle_of_a_deal_marks_no_turn(make_service, game_id):
    """Everyone agrees to stop at once during a deal: the table, its message and every
    private hand show nothing of that deal, nobody to act, nothing to click."""
    service = await make_service()
    table = await seated(service, table_game(game_id), {})
    watcher = Watcher(table)
    service.fence = watcher.fence
    await service.start(table.id, "100")
    for _ in range(3):
        state = table.state
        assert state is not None
        await service.act(table.id, table.seats[state.turn].player, await choose(table, state.turn))
    await service.stop(table.id, "100")
    for seat in table.seats:
        assert in_deal(table)
        watcher.look()
        await service.vote_stop(table.id, seat.player)
    assert table.status == "ended" and table.ended_reason == "agreed"
    watcher.look()
    assert watcher.ended_seen >= 1


async def choose(table: LiveTable, seat: int) -> Any:
    """The move of the game's fair computer player for ``seat``."""
    assert table.state is not None
    game = table.game
    return await inline_decider(game.id, game.spec.fair, table.state.view(seat), table.moves)


async def seated(service: TableService, game: TableGame, options: dict[str, Any]) -> LiveTable:
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        player="100",
        name="Sud",
        game=game,
        rules=game.spec.options_from(options),
    )
    for seat in range(1, game.min_seats):
        await service.join(table.id, str(100 + seat), f"Joueur {seat}", "fr")
    return table


async def play_until_ended(
    service: TableService, table: LiveTable, watcher: Watcher, stop_after: int | None
) -> None:
    """People play every seat; ``/table stop`` after deal ``stop_after`` (None: never),
    and all agree to stop at once if the table has not ended some deals later."""
    deals = 1
    while table.status != "ended":
        state = table.state
        assert state is not None
        if table.between_hands:
            assert table.session is not None
            if deals == stop_after and not table.session.stop_requested:
                await service.stop(table.id, "100")
            elif stop_after is not None and deals > stop_after + DEALS_AFTER_STOP:
                for seat in table.seats:
                    await service.vote_stop(table.id, seat.player)
                    watcher.look()
            if table.status != "ended":
                await service.next_hand(table.id, "100")
                deals += 1
        else:
            player = table.seats[state.turn].player
            await service.act(table.id, player, await choose(table, state.turn))
        watcher.look()


@pytest.mark.parametrize("game_id", [game.id for game in table_games()])
async def test_once_a_game_is_stopped_no_message_offers_a_next_deal(make_service, game_id):
    service = await make_service()
    table = await seated(service, table_game(game_id), {})
    watcher = Watcher(table)
    service.fence = watcher.fence
    await service.start(table.id, "100")
    await play_until_ended(service, table, watcher, stop_after=2)
    assert table.status == "ended"
    assert watcher.next_offered >= 1  # the first deal's summary did name the next dealer
    assert watcher.ended_seen >= 1


async def test_a_besigue_match_won_announces_no_next_deal(make_service):
    service = await make_service()
    table = await seated(service, table_game("besigue"), {"target": 600})
    watcher = Watcher(table)
    service.fence = watcher.fence
    await service.start(table.id, "100")
    await play_until_ended(service, table, watcher, stop_after=None)
    assert table.ended_reason == "finished"
    assert table.game.match is not None and table.session is not None
    assert table.game.match.standings(table.session) is not None  # won, not stopped
    assert watcher.ended_seen >= 1 and watcher.next_offered >= 1


@pytest.mark.parametrize("game_id", [game.id for game in table_games()])
async def test_calls_on_the_table_are_offered_only_when_a_person_makes_them(make_service, game_id):
    """One person and computer players: while a computer is to act the table message
    carries none of the game's calls; while the person is, exactly the game's own."""
    game = table_game(game_id)
    service = await make_service()
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        player="100",
        name="Sud",
        game=game,
        rules=game.spec.options_from({}),
    )
    for _ in range(1, game.min_seats):
        await service.add_computer(table.id, "100", game.spec.fair)
    watcher = Watcher(table)
    service.fence = watcher.fence
    await service.start(table.id, "100")
    computer_turns = 0
    for _ in range(400):
        state = table.state
        assert state is not None
        if state.is_over:
            break
        watcher.look()
        if table.seats[state.turn].human:
            await service.act(table.id, "100", await choose(table, state.turn))
        else:
            computer_turns += 1
            await computer_moved(table)
    assert table.state is not None and table.state.is_over
    assert computer_turns and watcher.moments > computer_turns


async def computer_moved(table: LiveTable) -> None:
    """Let the computer to act move (the service plays it in a task of its own)."""
    moves = table.moves
    for _ in range(2000):
        if table.moves != moves:
            async with table.lock:  # its write is done
                return
        await asyncio.sleep(0.001)
    raise AssertionError("the computer player did not move")
