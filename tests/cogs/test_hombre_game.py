"""L'Hombre played by three users through the cogs: the calls and trump on the table's
buttons and in DMs, the exchange by a menu of one's hand, the talon shown, a
defender's *Gaño*, the hombre's stop after five tricks, whole games played every
way a person can, the summaries, ``/betes``, ``/scoreboard`` and ``/rules``; and no
message ever names a card its readers may not see."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

from bot.drawing.render import card_text
from bot.games.hombre import GAME
from bot.games.hombre.codec import action_arg, play_arg
from bot.games.hombre.drawing import hand_in_order
from bot.ids import ComponentId
from games.cards import Card, Suit, card_mask, cards_of, parse_cards
from games.hombre import Action, DealState, Kind, Phase, Session, Signal
from games.hombre.ai.heuristic import HombreHeuristicPlayer
from games.hombre.ai.signals import signal_for
from games.hombre.rules import DECK_MASK
from tests.cogs.helpers import custom_ids, labels, last_dm, live, message_text
from tests.cogs.test_refusals import refused
from tests.e2e.leaks import cards_in


def cards_named(text: str) -> set[Card]:
    """Every card a text names, as players read it or in record notation."""
    return {Card.parse(card) for card in cards_in(text)}


def public_cards(state: DealState) -> set[Card]:
    played = {c for trick in state.history for _, c in trick.cards}
    played |= {c for _, c in state.view(0).trick}
    shown = state.view(0).talon_shown
    return played | set(cards_of(shown or 0))


def seen_by(state: DealState, seat: int) -> set[Card]:
    view = state.view(seat)
    own = set(cards_of(view.hand | view.discarded | (view.partner_hand or 0)))
    return own | public_cards(state)


def check_no_hidden_card(world) -> None:
    """The table message names only public cards; each DM only what its reader sees."""
    table = world.bot.service.in_channel(world.channel.id)
    state = None if table is None else table.state
    if not isinstance(state, DealState) or state.is_over:
        return
    everything = set(cards_of(DECK_MASK))
    hidden = cards_named(message_text(world.table_message())) - public_cards(state)
    assert not hidden, f"the table shows {hidden}"
    for seat in (s for s in range(3) if table.seats[s].human):
        hidden = cards_named(message_text(last_dm(world, seat))) - seen_by(state, seat)
        assert not hidden & everything, f"seat {seat} is shown {hidden}"


async def open_hombre_table(world, **options):
    sud = world.members[0]
    result = await sud.slash(world.channel, "table new hombre", **options)
    assert not result.ephemeral
    assert world.table_message().embeds[0].title == "L'Hombre (Ombre) — table #1"
    for member in world.members[1:3]:
        await member.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    return live(world)


async def act(world, action: Action, way: int = 1, step: str = ""):
    """``action`` by the player to act, by a button (on the table or in the DM), the menu
    of the exchange or ``/play``; a signal by the toggle beside the cards."""
    table = live(world)
    state = table.state
    seat = state.turn
    member = world.members[seat]
    moves = table.moves
    cursor = world.env.error_cursor
    kind = action.kind
    if kind is Kind.PLAY:
        if action.signal is not Signal.NONE:
            word = action.signal.name.lower()
            await member.user.click(
                last_dm(world, seat), custom_id=str(ComponentId(table.id, moves, "sig", word))
            )
            assert table.moves == moves  # a toggle plays nothing
        arg = play_arg(str(action.card), action.signal)
        if way % 3 == 0 and action.signal is Signal.NONE:
            result = await member.slash(world.channel, "play", move=str(action.card))
        else:
            cid = str(ComponentId(table.id, moves, "play", arg))
            assert cid in custom_ids(last_dm(world, seat))
            result = await member.user.click(last_dm(world, seat), custom_id=cid)
    elif kind is Kind.DISCARD and action.cards:
        if way % 3 == 0:
            typed = "écart " + " ".join(str(c) for c in cards_of(action.cards))
            result = await member.slash(world.channel, "play", move=typed)
        else:
            cid = str(ComponentId(table.id, moves, "discard", select=True))
            values = [str(c) for c in cards_of(action.cards)]
            result = await member.user.select(last_dm(world, seat), values, custom_id=cid)
    elif way % 3 == 0:
        result = await member.slash(world.channel, "play", move=str(action))
    elif way % 3 == 1 and kind in (Kind.PASS, Kind.PRENDRE, Kind.SANS_PRENDRE, Kind.TRUMP):
        cid = str(ComponentId(table.id, moves, "call", action_arg(action)))
        result = await member.click(world.table_message(), custom_id=cid)
    else:
        cid = str(ComponentId(table.id, moves, "call", action_arg(action)))
        assert cid in custom_ids(last_dm(world, seat)), (action, custom_ids(last_dm(world, seat)))
        result = await member.user.click(last_dm(world, seat), custom_id=cid)
    assert result.acknowledged
    assert not world.env.errors_since(cursor)
    assert table.moves > moves or table.status == "ended", f"{action} by {seat} not played"
    check_no_hidden_card(world)
    return result


def card(text: str) -> Card:
    return Card.parse(text)


def rigged(first_hand_cards: list[str]):
    """A deal source: the first hand holds ``first_hand_cards``, the rest in deck order."""

    def source(table, hand_no):
        if hand_no != 1:
            return None
        dealer = Session.start(table.players, table.row.seed).dealer  # the first deal's
        first = (dealer + 1) % 3
        mine = [card(c) for c in first_hand_cards]
        rest = [c for c in cards_of(DECK_MASK) if c not in mine]
        hands: list[list[str]] = [[], [], []]
        hands[first] = [str(c) for c in mine]
        for offset in (1, 2):
            seat = (first + offset) % 3
            hands[seat], rest = [str(c) for c in rest[:9]], rest[9:]
        return hands, [str(c) for c in rest]

    return source


SIGNALS = (Signal.GANO, Signal.KNOCK)
TOP_SPADES = ["AS", "2S", "AC", "KS", "QS", "JS", "7S", "6S", "5S"]


async def test_a_hombre_takes_exchanges_stops_after_five_tricks_and_wins_the_poule(world):
    world.bot.service.deal_source = rigged(TOP_SPADES)
    table = await open_hombre_table(world)
    state = table.state
    assert isinstance(state, DealState) and state.phase is Phase.AUCTION
    first = state.first
    right, other = (first + 1) % 3, (first + 2) % 3
    # the poule with each player's first ante of 3 in it
    assert "Poule: 9 jetons" in str(world.table_message().embeds[0].to_dict())
    # first hand speaks: the table offers exactly the legal calls
    calls = [cid.rsplit(":", 1)[1] for cid in custom_ids(world.table_message()) if ":call:" in cid]
    assert calls == ["pass", "pr", "sp", "spv"]
    await act(world, Action(Kind.PRENDRE), way=2)
    calls = [cid.rsplit(":", 1)[1] for cid in custom_ids(world.table_message()) if ":call:" in cid]
    assert calls == ["pass", "sp", "spv"]  # only higher calls now
    await act(world, Action(Kind.PASS), way=0)
    await act(world, Action(Kind.PASS), way=1)
    # the hombre names trump on the table's buttons
    assert state.phase is Phase.TRUMP and state.turn == first
    await act(world, Action(Kind.TRUMP, suit=int(Suit.S)), way=1)
    text = str(world.table_message().embeds[0].to_dict())
    assert "Trump: ♠ spades" in text and "hombre en prenant" in text
    fields = world.table_message().embeds[0].fields
    talon = next(f.value for f in fields if f.name == "Talon")
    assert talon == "13 cards left", talon  # under its name, not "Talon: Talon: …"
    # the exchange: a menu of the hombre's hand, one card at least, the talon's size shown
    dm = last_dm(world, first)
    menu = next(c for row in dm.components for c in row.children if hasattr(c, "options"))
    assert (menu.min_values, menu.max_values) == (1, 9)
    assert "talon: 13" in menu.placeholder
    assert "Keep my hand" not in labels(dm)  # en prenant, at least one card
    await act(world, Action(Kind.DISCARD, card("5S").bit), way=1)
    assert "Keep my hand" in labels(last_dm(world, right))  # a defender may keep his hand
    await act(world, Action(Kind.DISCARD, 0), way=2)
    hand = cards_of(state.hands[other])
    await act(world, Action(Kind.DISCARD, hand[0].bit | hand[1].bit), way=1)
    assert state.phase is Phase.TALON and state.turn == other
    assert set(labels(last_dm(world, other))) >= {"Show the talon", "Hide the talon"}
    rest = [c for c in state.talon[state.drawn :]]
    await act(world, Action(Kind.SHOW), way=2)
    shown = cards_named(message_text(world.table_message()))
    assert {Card.from_index(i) for i in rest} <= shown  # the rest of the talon, for all
    # five tricks: the hombre leads his five highest trumps; a defender says Gaño
    for number, lead in enumerate(["AS", "2S", "AC", "KS", "QS"]):
        await act(world, Action(Kind.PLAY, card(lead).bit))
        for seat in (right, other):
            legal = [a for a in state.legal_actions() if a.signal is Signal.NONE]
            play = legal[0]
            if number == 0 and seat == right:
                play = Action(Kind.PLAY, play.cards, signal=Signal.GANO)
            await act(world, play, way=1)
        if number == 0:
            said = str(world.table_message().embeds[0].to_dict())
            assert "says *Gaño*" in said
    assert state.tricks[first] == 5
    dm = last_dm(world, first)
    assert "Stop (won)" in labels(dm) and "Five tricks!" in dm.embeds[0].description
    shown = labels(dm)  # the ❔ right after the stop, not among the cards before it
    assert shown.index("❔") == shown.index("Stop (won)") + 1, shown
    await act(world, Action(Kind.STOP), way=2)
    assert state.is_over and state.outcome.result == "win"
    summary = world.summary().embeds[0]
    assert "wins the poule" in summary.title
    # five tricks of nine: the summary says why the deal ended there
    assert "takes the first five tricks and stops" in summary.description, summary.description
    payments = next(f.value for f in summary.fields if f.name == "Payments")
    assert "from the poule (won)" in payments and "in the poule (ante)" in payments
    assert "pot" not in payments  # L'Hombre's pot is the poule
    async with world.bot.db.reading() as store:
        pot = await store.ledger.pot_parts(world.guild.id, GAME.id)
        hands = await store.ledger.hands(world.guild.id, GAME.id)
    assert pot.get("poule", 0) == 0  # taken
    assert len(hands) == 1 and hands[0].record["game"] == "hombre"
    assert hands[0].record["deals"][0]["actions"][-1] == f"{first} stop"


async def test_whole_games_of_l_hombre_every_way_and_the_boards(world):
    table = await open_hombre_table(world, poules=1)
    rng = random.Random(7)
    player = HombreHeuristicPlayer()
    way, deals, service = 0, 0, world.bot.service
    while service.in_channel(world.channel.id) is not None and deals < 12:
        table = live(world)
        if table.between_hands:
            summary = world.summary().embeds[0]
            assert "Payments" in [f.name for f in summary.fields]
            await world.members[0].click(world.table_message(), label="Next deal")
            continue
        state = table.state
        action = player.act(state.view(state.turn), rng)  # sensible moves: poules are won
        signalling = action.kind is Kind.PLAY and state.view(state.turn).signal_asks()
        if signalling and rng.random() < 0.2:  # the toggles: while the partner is to play
            action = Action(Kind.PLAY, action.cards, signal=rng.choice(SIGNALS))
        await act(world, action, way)
        way += 1
        if state.is_over:
            deals += 1
    assert service.in_channel(world.channel.id) is None, "one poule won ends the game"
    session = table.session
    assert session.poules_won == 1
    async with world.bot.db.reading() as store:
        hands = await store.ledger.hands(world.guild.id, GAME.id)
        ledger = await store.ledger.payments(world.guild.id, GAME.id)
        pot = await store.ledger.pot_parts(world.guild.id, GAME.id)
        waiting = await store.ledger.unpaid_entries(world.guild.id, GAME.id)
    assert len(hands) == deals
    net: dict[str | None, int] = {}
    for p in ledger:
        net[p.payer] = net.get(p.payer, 0) - p.amount
        net[p.payee] = net.get(p.payee, 0) + p.amount
    assert net.get(None, 0) == pot.get("poule", 0)  # what the players paid in is the poule
    assert [e.amount for e in waiting] == [e.amount for e in session.waiting()]
    # the ended table says how much carries over, not only that it does
    shown = next(m for m in world.channel.history() if m.id == table.row.message_id)
    ended = shown.embeds[0]
    money = next(f.value for f in ended.fields if f.name == "Poule and bêtes")
    assert f"Poule: {pot.get('poule', 0)} jeton" in money, money
    sud = world.members[0]
    betes = (await sud.slash(world.channel, "betes", game="hombre")).response.embeds[0]
    assert betes.title == "Register of bêtes — L'Hombre (Ombre)"
    assert "Poule:" in str(betes.to_dict())
    board = (await sud.slash(world.channel, "scoreboard", game="hombre")).response.embeds[0]
    assert board.title.startswith("Scoreboard — L'Hombre (Ombre) · ")
    # each hombre's poules won, remises and codilles, as the stored deals say
    async with world.bot.db.reading() as store:
        past = await store.ledger.recent_hands(world.guild.id, GAME.id, None, 100)
    for name in ("Sud", "Est", "Nord"):
        mine = [h.result for h in past if h.declarers == (name,)]
        won = mine.count("win") + mine.count("vole")
        line = next(x for x in board.description.splitlines() if f"**{name}**" in x)
        assert f"{won} {'poule' if won == 1 else 'poules'} won" in line, line
        assert f"{mine.count('codille')} codille" in line and " j." not in line, line
    rules = await sud.slash(world.channel, "rules", game="hombre", topic="cards")
    assert rules.ephemeral and "matadors" in rules.response.embeds[0].description


async def to_the_exchange(world):
    """The first hand takes with the top spades, the others pass; spades are trumps: his
    exchange."""
    world.bot.service.deal_source = rigged(TOP_SPADES)
    table = await open_hombre_table(world)
    for action in (Action(Kind.PRENDRE), Action(Kind.PASS), Action(Kind.PASS)):
        await act(world, action, way=2)
    await act(world, Action(Kind.TRUMP, suit=int(Suit.S)), way=2)
    return table, table.state


async def to_the_play(world):
    """From ``to_the_exchange``: he discards the 5♠, both defenders keep their hands, he
    hides the talon: his lead."""
    table, state = await to_the_exchange(world)
    for cards in (card("5S").bit, 0, 0):
        await act(world, Action(Kind.DISCARD, cards), way=2)
    await act(world, Action(Kind.HIDE), way=2)
    assert state.phase is Phase.PLAY
    return table, state


async def test_play_builds_a_discard_of_several_cards_as_they_are_named(world):
    """The menu takes several cards at once; ``/play`` offers the cards typed so far as a
    discard, then each with one card more, the word being typed choosing among them."""
    _, state = await to_the_exchange(world)
    hombre = state.turn
    member, hand = world.members[hombre], hand_in_order(state.view(hombre))
    low, other, third = card("5S"), card("6S"), card("7S")

    async def offered(typed: str) -> list[dict]:
        return await member.autocomplete(world.channel, "play", "move", typed)

    def value(*cards: Card) -> str:
        return str(Action(Kind.DISCARD, card_mask(cards)))

    choices = await offered(f"écart {low}")
    assert [c["value"] for c in choices] == [
        value(low), *(value(low, c) for c in hand if c != low)
    ]  # fmt: skip
    assert card_text(low, "en") in choices[1]["name"] and choices[1]["name"].startswith("discard")
    choices = await offered(f"{low} {other} 7")  # the last word not yet a card: 7♠ only
    assert [c["value"] for c in choices] == [value(low, other, third)]
    assert [c["value"] for c in await offered(f"{low} {low}")] == []  # a card named twice
    held = state.hands[hombre]
    await member.slash(world.channel, "play", move=choices[0]["value"])
    assert not world.env.errors
    assert state.view(hombre).discarded == card_mask([low, other, third])
    assert state.hands[hombre] & card_mask([low, other, third]) == 0 != held
    # the defender after him: a card of his and one more, never a card he does not hold
    defender = world.members[state.turn]
    mine = hand_in_order(state.view(state.turn))[0]
    assert len(await defender.autocomplete(world.channel, "play", "move", f"{mine}")) == 9
    assert await defender.autocomplete(world.channel, "play", "move", f"{low} ") == []


async def test_a_forged_signal_or_a_hombre_s_signal_is_refused_and_changes_nothing(world):
    table, state = await to_the_play(world)  # the hombre drew last
    seq, hombre = table.seq, state.turn
    member = world.members[hombre]
    refused(world, await member.slash(world.channel, "play", move="AS gano"), "Only a defender")
    refused(world, await member.slash(world.channel, "play", move="AS shout"), "shout")
    assert live(world).seq == seq
    # no signal toggle is offered to the hombre, and his cards carry none
    ids = custom_ids(last_dm(world, hombre))
    assert not [c for c in ids if ":sig:" in c or c.endswith(("gano", "knock"))]
    # a defender's toggles are there once he is to play
    await act(world, Action(Kind.PLAY, card("AS").bit), way=2)
    ids = custom_ids(last_dm(world, state.turn))
    assert [c.rsplit(":", 1)[1] for c in ids if ":sig:" in c] == ["gano", "knock"]
    # a defender's card he may not play, with a signal, is refused as the card it is
    defender_seat = state.turn
    defender = world.members[defender_seat]
    refused(world, await defender.slash(world.channel, "play", move="2S gano"), "do not hold")
    # the second defender, his partner having played to the trick, is offered none
    plain = next(a for a in state.legal_actions() if a.signal is Signal.NONE)
    await act(world, plain, way=1)
    assert state.turn not in (hombre, defender_seat)
    ids = custom_ids(last_dm(world, state.turn))
    assert ids and not [c for c in ids if ":sig:" in c or c.endswith(("gano", "knock"))]


def test_a_hand_is_shown_as_a_player_holds_it():
    view = SimpleNamespace(hand=card_mask(parse_cards("AS 2S KS 7H 6H AH KH 5D 4D AC")))
    view.trump = -1  # before trump: each suit by its plain order, a black ace first
    assert " ".join(map(str, hand_in_order(view))) == "AS KS 2S KH AH 6H 7H 4D 5D AC"
    view.trump = int(Suit.H)  # hearts: espadille, manille (7), baste, ponte (A), then the rest
    assert " ".join(map(str, hand_in_order(view))) == "AS 7H AC AH KH 6H KS 2S 4D 5D"


async def test_play_offers_a_defender_every_card_in_hand_order_and_every_signal_by_typing(world):
    table = await open_hombre_table(world)
    state = table.state
    first = state.first
    await act(world, Action(Kind.PASS), way=2)  # the hombre the next: first hand defends
    await act(world, Action(Kind.PRENDRE), way=2)
    await act(world, Action(Kind.PASS), way=2)
    await act(world, Action(Kind.TRUMP, suit=int(Suit.S)), way=2)
    await act(world, Action(Kind.DISCARD, cards_of(state.hands[state.turn])[0].bit), way=2)
    await act(world, Action(Kind.DISCARD, 0), way=2)
    await act(world, Action(Kind.DISCARD, 0), way=2)
    await act(world, Action(Kind.SHOW), way=2)
    assert state.phase is Phase.PLAY and state.turn == first
    legal = [str(a) for a in state.legal_actions()]
    assert len(legal) == 27  # 9 cards, each plain, with Gaño or with Knock: 25 are shown
    member = world.members[first]
    values = [c["value"] for c in await member.autocomplete(world.channel, "play", "move", "")]
    plain = [f"play {c}" for c in hand_in_order(state.view(first))]
    assert values[:9] == plain, "every card, as the hand is drawn"
    assert len(values) == 25 and set(values) <= set(legal)
    # what is typed is looked for among all the moves: a card's three are offered
    for each in hand_in_order(state.view(first)):
        typed = str(each)
        offered = [
            c["value"] for c in await member.autocomplete(world.channel, "play", "move", typed)
        ]
        assert {f"play {each}", f"play {each} gano", f"play {each} knock"} <= set(offered), typed


async def signal_values(world, seat: int) -> list[str]:
    """The moves ``/play`` offers ``seat`` with a signal."""
    choices = await world.members[seat].autocomplete(world.channel, "play", "move", "")
    return [c["value"] for c in choices if c["value"].endswith((" gano", " knock"))]


def sig_ids(world, seat: int) -> list[str]:
    return [c for c in custom_ids(last_dm(world, seat)) if ":sig:" in c]


async def test_signals_are_offered_only_while_they_can_ask_the_partner_something(world):
    _, state = await to_the_play(world)
    hombre = state.turn
    await act(world, Action(Kind.PLAY, card("AS").bit), way=2)
    # the first defender, his partner to play: the toggles and /play say the signals
    assert sig_ids(world, state.turn) and await signal_values(world, state.turn)
    await act(world, next(a for a in state.legal_actions() if a.signal is Signal.NONE))
    # the second, his partner having played: neither the toggles nor /play
    assert not sig_ids(world, state.turn) and not await signal_values(world, state.turn)
    while len(state.history) < 8 or state.turn == hombre:  # to the last trick, plain cards
        await act(world, next(a for a in state.legal_actions() if a.signal is Signal.NONE))
    # the last trick: the partner plays his last card, a signal asks him nothing
    seat = state.turn
    view = state.view(seat)
    assert view.partner not in [s for s, _ in state.view(0).trick]
    assert not view.signal_asks()
    assert not sig_ids(world, seat) and not await signal_values(world, seat)
    # nor does the computer player say one: a Gaño over the hombre's card, not now
    over = replace(view, trick=((hombre, card("7H")),), hand=card("KH").bit)
    assert signal_for(over, card("KH").index) is Signal.NONE
    earlier = replace(over, hand_counts=(2, 2, 2))
    assert signal_for(earlier, card("KH").index) is Signal.GANO


async def test_a_call_typed_during_the_play_is_refused_in_its_own_words(world):
    table, state = await to_the_play(world)
    await act(world, Action(Kind.PLAY, card("AS").bit), way=2)
    seq, defender = table.seq, world.members[state.turn]
    playable = {a.card for a in state.legal_actions()}
    stop = await defender.slash(world.channel, "play", move="stop")
    refused(world, stop, "Only the hombre who won the first five tricks stops")
    show = await defender.slash(world.channel, "play", move="show")
    refused(world, show, "The cards are being played: play a card.")
    for result in (stop, show):
        text = result.response.content
        assert "not allowed" not in text
        # each playable card once, its signals not listed as more cards
        listed = text.split("Playable: ", 1)[1].rstrip(".").split(", ")
        assert sorted(listed) == sorted(card_text(c, "en") for c in playable), text
    assert live(world).seq == seq


async def test_a_signal_is_shown_in_every_private_hand_as_on_the_table(world):
    """A defender's *Gaño* asks his partner, who plays from his hand: his hand says it,
    as the table does (and so do the hombre's)."""
    _, state = await to_the_play(world)
    hombre = state.turn
    await act(world, Action(Kind.PLAY, card("AS").bit), way=2)
    first = state.turn
    plain = next(a for a in state.legal_actions() if a.signal is Signal.NONE)
    await act(world, Action(Kind.PLAY, plain.cards, signal=Signal.GANO), way=1)
    partner = state.turn
    said = f"{world.members[first].name} says *Gaño*"
    assert said in str(world.table_message().embeds[0].to_dict())
    for seat in (partner, hombre):
        assert said in last_dm(world, seat).embeds[0].description, seat


async def test_each_private_hand_says_the_exchange_during_the_play(world):
    """Who drew how many and whether the talon was shown decide the play: each hand
    says them, as the table does, without the channel."""
    _, state = await to_the_play(world)  # the hombre drew one; both defenders kept
    hombre = state.turn
    names = [m.name for m in world.members]
    for seat in range(3):
        text = last_dm(world, seat).embeds[0].description
        line = next(x for x in text.splitlines() if x.startswith("Talon: "))
        assert f"{names[hombre]} drew 1 card" in line and "kept his hand" in line, line
        assert "Rest of the talon: hidden" in line, line
