"""L'Hombre's exchange as a player reads it in his private hand: the prompt says the
same bounds as the menu under it (one card at least: discarding none is the separate
*keep my hand* button, which the prompt names when it is there), and both are the
engine's; a refused discard says them too; when only the talon's last card is left,
all three say so instead of "1 to 1".  The rest of the talon is said hidden only
when someone drew and hid it, and something was left of it.  And the order of
speaking, told during the auction, is not repeated once the auction is over."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import replace

import discord
import pytest

from bot.drawing.render import hand_panel, table_embed
from bot.drawing.wording import card_text
from bot.errors import MoveRefused
from bot.games.hombre import GAME
from bot.games.hombre.drawing import in_hand_order
from bot.games.hombre.exchange import exchanges_text
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import t
from bot.texts.refusals import error_text, refusal_error
from db import Database
from games.cards import Card, bits_of, cards_of
from games.hombre import Action, DealState, Kind, Phase

PLAYERS = ("100", "101", "102")
LANGS = ("fr", "en")
RANGE = re.compile(r"(\d+) (?:à|to) (\d+)")
LAST = re.compile(r"dernière carte du talon|last card of the talon")


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


async def to_the_exchange(service: TableService, table: LiveTable) -> DealState:
    """The first to speak takes (en prenant), the others pass; he names a trump."""
    state = state_of(table)
    while state.phase is Phase.AUCTION:
        kinds = {a.kind: a for a in state.legal_actions()}
        call = (
            kinds[Kind.PRENDRE] if Kind.PRENDRE in kinds and state.hombre < 0 else kinds[Kind.PASS]
        )
        await service.act(table.id, PLAYERS[state.turn], call)
    await service.act(table.id, PLAYERS[state.turn], state.legal_actions()[0])
    return state


# how many cards each exchanger discards: one each, or the talon used up by the last
# (13 = 9 + 3 + 1), who is offered its last card alone
DISCARDS = {"one_each": (1, 1, 1), "talon_used_up": (9, 3, 1)}


@pytest.mark.parametrize("discards", DISCARDS.values(), ids=DISCARDS.keys())
async def test_the_exchange_prompt_says_what_the_menu_and_the_button_offer(seated, discards):
    service, table = seated
    state = await to_the_exchange(service, table)
    bounded = 0
    for count in discards:
        assert state.phase is Phase.EXCHANGE
        seat = state.turn
        least, most = state.exchange_range()
        last = (least, most) == (0, 1)  # the talon's last card, or none
        for lang in LANGS:
            prompt, view = exchange_shown(table, seat, lang)
            [menu] = [i for i in view.children if isinstance(i, discord.ui.Select)]
            keep = t(lang, "hombre.btn.keep")
            keeping = any(getattr(i, "label", None) == keep for i in view.children)
            assert (menu.min_values, menu.max_values) == (max(least, 1), most)
            # the prompt, the menu's placeholder and the menu itself: the same bounds,
            # or, for the last card, the same words
            if last:
                assert not RANGE.findall(prompt) and LAST.search(prompt), prompt
                assert not RANGE.findall(str(menu.placeholder)), menu.placeholder
                assert LAST.search(str(menu.placeholder)), menu.placeholder
            else:
                assert RANGE.findall(prompt) == [(str(menu.min_values), str(menu.max_values))]
                assert RANGE.findall(str(menu.placeholder)) == RANGE.findall(prompt)
            # none is the button, named by the prompt exactly when it is there
            assert keeping == (least == 0) == (keep in prompt)
        # a card of another hand is refused by its name, not by the bounds it keeps to
        other = state.hands[(seat + 1) % 3]
        foreign = Card.from_index(bits_of(other)[0])
        with pytest.raises(MoveRefused) as refused:
            await service.act(table.id, PLAYERS[seat], Action(Kind.DISCARD, foreign.bit))
        words = refusal_error(refused.value)
        for lang in LANGS:
            said = error_text(words, lang)
            assert card_text(foreign, lang) in said and not RANGE.findall(said), said
        # too few or too many cards of one's own hand: answered in the prompt's words
        own = bits_of(state.hands[seat])
        wrong = [] if least else own[: most + 1] if most < len(own) else None
        if wrong is not None:
            with pytest.raises(MoveRefused) as refused:
                move = Action(Kind.DISCARD, sum(1 << c for c in wrong))
                await service.act(table.id, PLAYERS[seat], move)
            words = refusal_error(refused.value)
            for lang in LANGS:
                said = error_text(words, lang)
                if last:
                    assert not RANGE.findall(said) and LAST.search(said), said
                else:
                    assert RANGE.findall(said) == [(str(max(least, 1)), str(most))]
            bounded += 1
        cards = bits_of(state.hands[seat])[:count]
        await service.act(table.id, PLAYERS[seat], Action(Kind.DISCARD, sum(1 << c for c in cards)))
    assert state.phase is not Phase.EXCHANGE  # the hombre (one card at least), both defenders
    assert bounded  # the hombre's empty discard at least (a defender may take all nine)
    assert state.talon_left == 13 - sum(discards)


async def test_a_talon_used_up_is_neither_shown_nor_hidden(seated):
    service, table = seated
    state = await to_the_exchange(service, table)
    for count in DISCARDS["talon_used_up"]:
        cards = bits_of(state.hands[state.turn])[:count]
        await service.act(
            table.id, PLAYERS[state.turn], Action(Kind.DISCARD, sum(1 << c for c in cards))
        )
    # the engine asks the last who drew all the same (the record says it, RULES.md §5):
    # he is told nothing is left, and the table that he ends the exchange
    assert state.phase is Phase.TALON and state.talon_left == 0
    names = ["Sud", "Est", "Nord"]
    for lang in LANGS:
        prompt, _ = exchange_shown(table, state.turn, lang)
        assert prompt == f"**{t(lang, 'hombre.your_turn.talon_empty')}**"
        said = t(lang, "hombre.phase.talon_empty", name=names[state.turn])
        assert said in str(table_embed(table, lang).description)
    line = GAME.port.action_line(state, state.turn, Action(Kind.HIDE), False)
    assert line is not None and line.key == "log.hombre.talon_used"
    await service.act(table.id, PLAYERS[state.turn], Action(Kind.HIDE))
    assert state.phase is Phase.PLAY
    for seat in range(3):
        for lang in LANGS:
            text = exchanges_text(state.view(seat), names, lang)
            assert t(lang, "hombre.talon_hidden") not in text, text
            assert t(lang, "hombre.talon_shown", cards="") not in text, text


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


async def test_the_discards_and_a_partners_hand_are_shown_as_one_holds_cards(seated):
    """Trumps first, then each suit strongest first, as the hand itself: a defender
    reading his partner's hand during a vole, or his own discards, reads them so."""
    service, table = seated
    state = await to_the_exchange(service, table)
    seat = state.turn
    view = state.view(seat)
    assert view.trump >= 0
    others = state.hands[(seat + 1) % 3]
    shown = replace(view, discarded=others, partner_hand=others)
    lines, _ = GAME.renderer.hand_body(table, shown, seat, "en", "")
    ordered = " ".join(card_text(c, "en") for c in in_hand_order(shown, others))
    said = [line for line in lines if ordered in line]
    assert len(said) == 2, lines  # "Your discards" and "Your partner's hand"
    assert ordered != " ".join(card_text(c, "en") for c in cards_of(others))  # order matters


async def test_trump_and_the_talon_awaited_are_refused_in_their_own_words(seated):
    """A move typed while trump is to be named is no "call": the answer says what the
    deal waits for (as it does while the talon is to be shown or hidden)."""
    service, table = seated
    state = state_of(table)
    card = Card.from_index(bits_of(state.hands[state.turn])[0])
    with pytest.raises(MoveRefused) as refused:  # a card during the auction: none yet
        await service.act(table.id, PLAYERS[state.turn], Action(Kind.PLAY, card.bit))
    assert refusal_error(refused.value).key == "error.calls_first"
    while state.phase is Phase.AUCTION:
        kinds = {a.kind: a for a in state.legal_actions()}
        take = Kind.PRENDRE in kinds and state.hombre < 0
        await service.act(table.id, PLAYERS[state.turn], kinds[Kind.PRENDRE if take else Kind.PASS])
    assert state.phase is Phase.TRUMP
    with pytest.raises(MoveRefused) as refused:
        await service.act(table.id, PLAYERS[state.turn], Action(Kind.PASS))
    english, french = (error_text(refusal_error(refused.value), lang) for lang in ("en", "fr"))
    assert "names trump first" in english and "call" not in english, english
    assert "nomme d'abord l'atout" in french and "annonce" not in french, french
