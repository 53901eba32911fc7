"""L'Hombre's exchange as a player reads it in his private hand: the prompt says the
same bounds as the menu under it (one card at least: discarding none is the separate
*keep my hand* button, which the prompt names when it is there), and both are the
engine's; a refused discard says them too.  The rest of the talon is said hidden
only when someone drew and hid it.  And the order of speaking, told during the
auction, is not repeated once the auction is over."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import discord
import pytest

from bot.drawing.render import hand_panel
from bot.errors import MoveRefused
from bot.games.hombre import GAME
from bot.games.hombre.drawing import exchanges_text
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import t
from bot.texts.refusals import refusal_error
from db import Database
from games.cards import bits_of
from games.hombre import Action, DealState, Kind, Phase

PLAYERS = ("100", "101", "102")
LANGS = ("fr", "en")
RANGE = re.compile(r"(\d+) (?:à|to) (\d+)")


@pytest.fixture
async def seated(database_target: str) -> AsyncIterator[tuple[TableService, LiveTable]]:
    """Three people at a table of L'Hombre, its first deal dealt."""
    db = await Database.open(database_target)
    service = TableService(db, seed_source=lambda: 3, decider=inline_decider, ai_pause=0)
    await service.load()
    table = await service.open_table(
        guild_id=10,
        channel_id=20,
        player=PLAYERS[0],
        name="Sud",
        game=GAME,
        rules=GAME.spec.options_from({}),
    )
    for player, name in zip(PLAYERS[1:], ("Est", "Nord"), strict=True):
        await service.join(table.id, player, name, "fr")
    await service.start(table.id, PLAYERS[0])
    yield service, table
    await service.close()
    await db.close()


def state_of(table: LiveTable) -> DealState:
    assert isinstance(table.state, DealState)
    return table.state


def lines_of(table: LiveTable, seat: int, lang: str) -> list[str]:
    embed, _ = hand_panel(table, seat, lang)
    return str(embed.description).split("\n")


def exchange_shown(table: LiveTable, seat: int, lang: str) -> tuple[str, discord.ui.View]:
    """The prompt of the seat to exchange (its bold line) and its components."""
    embed, view = hand_panel(table, seat, lang)
    [prompt] = [line for line in str(embed.description).split("\n") if line.startswith("**")]
    return prompt, view


async def test_the_exchange_prompt_says_what_the_menu_and_the_button_offer(seated):
    service, table = seated
    state = state_of(table)
    # the first to speak takes (en prenant), the others pass; he names a trump
    while state.phase is Phase.AUCTION:
        kinds = {a.kind: a for a in state.legal_actions()}
        call = (
            kinds[Kind.PRENDRE] if Kind.PRENDRE in kinds and state.hombre < 0 else kinds[Kind.PASS]
        )
        await service.act(table.id, PLAYERS[state.turn], call)
    await service.act(table.id, PLAYERS[state.turn], state.legal_actions()[0])
    exchangers = 0
    while state.phase is Phase.EXCHANGE:
        seat = state.turn
        least, most = state.exchange_range()
        for lang in LANGS:
            prompt, view = exchange_shown(table, seat, lang)
            [menu] = [i for i in view.children if isinstance(i, discord.ui.Select)]
            keep = t(lang, "hombre.btn.keep")
            keeping = any(getattr(i, "label", None) == keep for i in view.children)
            # the prompt, the menu's placeholder and the menu itself: the same bounds
            assert RANGE.findall(prompt) == [(str(menu.min_values), str(menu.max_values))]
            assert RANGE.findall(str(menu.placeholder)) == RANGE.findall(prompt)
            assert (menu.min_values, menu.max_values) == (max(least, 1), most)
            # none is the button, named by the prompt exactly when it is there
            assert keeping == (least == 0) == (keep in prompt)
        # a discard refused (a card of another hand) is answered in the same words
        other = state.hands[(seat + 1) % 3]
        with pytest.raises(MoveRefused) as refused:
            await service.act(table.id, PLAYERS[seat], Action(Kind.DISCARD, other & -other))
        words = refusal_error(refused.value)
        said = t("fr", words.key, **words.args_)
        assert RANGE.findall(said) == [(str(max(least, 1)), str(most))]
        first = bits_of(state.hands[seat])[0]
        await service.act(table.id, PLAYERS[seat], Action(Kind.DISCARD, 1 << first))
        exchangers += 1
    assert exchangers == 3  # the hombre (one card at least), then both defenders


@pytest.mark.parametrize("call", [Kind.SANS_PRENDRE, Kind.PRENDRE], ids=lambda k: k.name)
async def test_the_talon_is_said_hidden_only_when_someone_drew_and_hid_it(seated, call):
    service, table = seated
    state = state_of(table)
    names = ["Sud", "Est", "Nord"]
    # the first to speak calls, the others pass; he names a trump.  Sans prendre both
    # defenders keep their hands; en prenant each exchanges one card, the last hides
    await service.act(table.id, PLAYERS[state.turn], Action(call))
    while state.phase is Phase.AUCTION:
        await service.act(table.id, PLAYERS[state.turn], Action(Kind.PASS))
    await service.act(table.id, PLAYERS[state.turn], state.legal_actions()[0])
    while state.phase is Phase.EXCHANGE:
        seat = state.turn
        card = 0 if call is Kind.SANS_PRENDRE else 1 << bits_of(state.hands[seat])[0]
        await service.act(table.id, PLAYERS[seat], Action(Kind.DISCARD, card))
    if state.phase is Phase.TALON:
        await service.act(table.id, PLAYERS[state.turn], Action(Kind.HIDE))
    assert state.phase is Phase.PLAY
    for seat in range(3):
        for lang in LANGS:
            text = exchanges_text(state.view(seat), names, lang)
            assert (t(lang, "hombre.talon_hidden") in text) == (call is Kind.PRENDRE), text


async def test_the_order_of_speaking_is_told_during_the_auction_only(seated):
    service, table = seated
    state = state_of(table)
    positions = {t(lang, f"hombre.position.{n}") for n in range(3) for lang in LANGS}
    for seat in range(3):
        assert any(line in positions for line in lines_of(table, seat, "fr"))
    while not state.is_over:
        action = await inline_decider(GAME.id, GAME.spec.fair, state.view(state.turn), 1)
        await service.act(table.id, PLAYERS[state.turn], action)
        if state.phase is not Phase.AUCTION:
            for seat in range(3):
                for lang in LANGS:
                    stale = [line for line in lines_of(table, seat, lang) if line in positions]
                    assert not stale, f"{state.phase.name}: {stale}"
