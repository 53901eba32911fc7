"""Haitian Bésigue played by users through the cogs: the table shows the marque, no
trump until the first marriage and then whose marriage fixed it; the trick
winner's DM offers exactly the combinations he may lay, jokers standing in said
as such; a partie won at once in a match kept at three parties to none gives a
hundred, stands on ``/scoreboard`` (anbatab counting double, the hundreds given)
and the table goes on with the next partie at the head start; the match stopped
is kept with its counters; ``/rules`` explains the variant and its options."""

from __future__ import annotations

from bot.games.besigue.codec import action_arg
from bot.games.besigue_haiti import GAME
from bot.ids import ComponentId
from games.besigue import Action, Kind
from games.besigue.flow import Phase
from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.session import HaitiSession
from games.besigue.rules import Variant, deck_for
from games.cards import cards_of
from tests.cogs.helpers import custom_ids, kept_match, labels, last_dm, live, message_text
from tests.cogs.test_besigue_game import meld_ids, typed

LEADER = ["AS", "AH", "AD", "JK", "KH", "QH", "10D", "9D", "8D"]  # three aces, a joker, K Q
OTHER = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "7C", "8C"]  # nothing to take with


def rigged(leader_cards=LEADER, other_cards=OTHER, dealer=None, turned=None):
    """A deal source for two: the first leader holds ``leader_cards``, the dealer
    ``other_cards``, then the rest of the 132 cards as the stock (``turned`` first, for
    the option that turns a card for trump)."""

    def source(table, hand_no):
        if hand_no != 1:
            return None
        first = HaitiSession.start(table.players, table.row.seed).dealer
        dealer_seat = first if dealer is None else dealer
        leader = (dealer_seat + 1) % 2
        rest = [str(c) for c in cards_of(deck_for(2, Variant.HAITI).mask)]
        for code in [*leader_cards, *other_cards]:
            rest.remove(code)
        hands = [[], []]
        hands[leader], hands[dealer_seat] = list(leader_cards), list(other_cards)
        if turned is not None:
            rest.remove(turned)
            rest.insert(0, turned)
        return hands, rest

    return source


async def act(world, action: Action) -> None:
    """``action`` by the player to act, from a button of his DM."""
    table = live(world)
    state = table.state
    seat = state.turn
    verb = {Kind.PLAY: "play", Kind.MELD: "meld"}.get(action.kind, "call")
    cid = str(ComponentId(table.id, table.moves, verb, action_arg(action)))
    dm = last_dm(world, seat)
    assert cid in custom_ids(dm), (str(action), custom_ids(dm))
    moves = table.moves
    cursor = world.env.error_cursor
    result = await world.members[seat].user.click(dm, custom_id=cid)
    assert result.acknowledged and not world.env.errors_since(cursor)
    assert table.moves > moves or table.status == "ended"
    check_jokers(world)


def check_jokers(world) -> None:
    """The table message names a joker only once one was played or laid."""
    table = live(world)
    state = table.state
    if not isinstance(state, HaitiDeal) or state.is_over:
        return
    view = state.view(0)
    public = any(c.is_joker for t in view.tricks_played for _, c in t.cards)
    public |= any(c.is_joker for _, c in view.trick)
    public |= any(c.is_joker for seat in view.melds for m in seat for c in m.cards)
    if not public:
        assert "Joker" not in message_text(world.table_message())


async def open_haiti(world, *members, **options):
    first = members[0]
    result = await first.slash(world.channel, "table new besigue-haiti", **options)
    assert not result.ephemeral
    for member in members[1:]:
        await member.click(world.table_message(), label="Join")
    await first.click(world.table_message(), label="Start")
    return live(world)


async def test_the_first_marriage_fixes_trump_and_a_joker_stands_in(world):
    world.bot.service.deal_source = rigged()
    table = await open_haiti(world, *world.members[:2])
    state = table.state
    assert isinstance(state, HaitiDeal) and state.phase is Phase.PLAY1
    leader = state.turn
    text = message_text(world.table_message())
    assert "No trump yet" in text and "Marque:" in text and "partie to 1000" in text
    assert "stock: 114 cards" in text and "Toward a hundred" in text
    dm = message_text(last_dm(world, leader))
    assert "Joker" in dm  # the hand names its joker, to its holder only
    never = "the 7 of trump is never shown nor exchanged"
    assert never in await typed(world, leader, "show the 7")  # his turn to play a card
    await act(world, Action.parse("play 10D"))
    await act(world, Action.parse("play 7D"))
    assert state.phase is Phase.DECLARE and state.turn == leader
    assert never in await typed(world, leader, "seven exchange")
    offered = meld_ids(last_dm(world, leader))
    assert offered == [str(ComponentId(table.id, table.moves, "meld", "trump-marriage:KH.QH"))]
    assert "Nothing more: draw" in labels(last_dm(world, leader))
    await act(world, Action.parse("meld trump-marriage KH QH"))
    text = message_text(world.table_message())
    assert "Trump: ♥ hearts" in text and "marriage)" in text and "the trump marriage" in text
    # the next trick: the carré of aces, the joker standing in for the fourth
    await act(world, Action.parse("play 9D"))
    await act(world, Action.parse("play 7S"))
    dm = last_dm(world, leader)
    carré = [label for label in labels(dm) if "carré of aces" in label]
    assert carré == ["a carré of aces A♠ A♥ A♦ + 1 joker standing in (100)"], labels(dm)
    await act(world, Action.parse("meld aces AS AH AD JK"))
    assert "Joker" in message_text(world.table_message())  # laid: public now
    assert state.view(leader).deal_points[leader] == 140


async def test_a_partie_won_gives_a_hundred_and_the_table_goes_on(world):
    anne, marc = world.members[:2]
    # Marc leads three parties to none: one more and he gives a hundred
    match = {"parties": [0, 3], "head_start": [0, 0]}
    kept_id = await kept_match(world, GAME.id, [anne, marc], [300, 980], match=match)
    world.bot.service.deal_source = rigged(dealer=0)
    await marc.slash(world.channel, "table new besigue-haiti", resume=str(kept_id))
    await marc.click(world.table_message(), label="Start")
    table = live(world)
    state = table.state
    assert isinstance(state, HaitiDeal) and state.turn == 1 and state.scores_before == (300, 980)
    assert "Toward a hundred" in message_text(world.table_message())
    await act(world, Action.parse("play 10D"))
    await act(world, Action.parse("play 7D"))
    await act(world, Action.parse("meld trump-marriage KH QH"))  # 1020: the partie, at once
    assert state.is_over and state.outcome is not None and state.outcome.ended_at_once
    assert table.status != "ended"  # the next partie follows
    summary = message_text(world.channel.history()[-1])
    assert "wins the partie anbatab" in summary
    assert f"{marc.user.name} gives a hundred to {anne.user.name}" in summary
    session = table.session
    assert isinstance(session, HaitiSession) and session.scores == [100, 0]
    text = message_text(world.table_message())
    assert f"{anne.user.name} starts every partie with 100" in text
    result = await anne.slash(world.channel, "scoreboard", game="besigue-haiti")
    board = message_text(result.response)
    assert "2 (parties won 1 of 1, 1 anbatab) · hundreds given: 1" in board
    assert board.index(f"**{marc.user.name}**") < board.index(f"**{anne.user.name}**")
    # the table plays on: its match is in progress, the partie just won or not
    assert f"{anne.user.name} 100 · {marc.user.name} 0 — at table #{table.id}" in board
    # stopped between deals: the match is kept with its counters and head start
    stopped = await marc.slash(world.channel, "table stop")  # between deals: ends at once
    assert table.status == "ended"
    # the answer says what the table message says: what ended, what is kept (not "closed")
    answer = stopped.response.content
    assert "Play stops here for tonight." in answer and "kept for later" in answer, answer
    ended = message_text(next(m for m in world.channel.history() if m.id == table.row.message_id))
    assert "Play stops here for tonight." in ended and "kept for later" in ended
    assert "The marque, the parties and the hundred are kept" in ended  # not "the match"
    async with world.bot.db.reading() as store:
        [kept] = await store.matches.kept_matches(world.guild.id, GAME.id)
    assert kept.state == {
        "scores": [100, 0],
        "dealer": session.dealer,
        "match": {"parties": [0, 0], "head_start": [100, 0]},
        "deals": table.hand_no,
    }


async def test_rules_explain_the_variant_and_its_options(world):
    anne, marc = world.members[:2]
    await open_haiti(world, anne, marc, brisques="majority", seven="winner")
    for topic, words in (
        ("overview", "gives a hundred"),
        ("melds", "quinte"),
        ("play", "A joker led wins the trick unless trumped"),
        ("scoring", "anbatab"),
        ("options", "jokers_per_quartet"),
    ):
        result = await anne.slash(world.channel, "rules", game="besigue-haiti", topic=topic)
        text = message_text(result.response)
        assert words in text, topic
        # and the options this channel's table plays with
        assert "This table's options" in text and "by majority" in text
        assert "the 7 of trump scores for" in text and "who takes the trick" in text


async def test_a_hand_with_more_combinations_than_buttons_keeps_its_hint_and_link(world):
    """Eight aces and a joker: 26 ways to lay the carré of aces, more than Discord's 25
    components.  The winner's hand still draws (and *My hand*), the hint and the way to
    the table on its last row, the combinations past them said to be typed."""
    leader = ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC", "JK"]
    other = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "8D", "9D"]
    world.bot.service.deal_source = rigged(leader, other, turned="9C")
    table = await open_haiti(world, *world.members[:2], trump="turned", hints=True)
    await act(world, Action.parse("play AS"))
    await act(world, Action.parse("play 7S"))
    state = table.state
    seat = state.turn
    melds = [a for a in state.legal_actions() if a.kind is Kind.MELD]
    assert len(melds) > 25
    dm = last_dm(world, seat)
    shown = labels(dm)
    assert len(shown) == 25 and "💡 Hint" in shown and "Go to the table" in shown, shown
    assert str(len(melds) - 20) in message_text(dm)  # 20 with buttons, the rest typed
    cursor = world.env.error_cursor
    mine = await world.members[seat].click(world.table_message(), label="My hand")
    assert mine.ephemeral and not world.env.errors_since(cursor)  # (before: "went wrong")


async def test_three_players_stopped_keep_their_marque_and_no_parties(world):
    """Three players each for himself count no parties toward a hundred: a stop says
    their marque is kept, never "the parties and the hundred"."""
    players = world.members[:3]
    table = await open_haiti(world, *players)
    stopped = await players[0].slash(world.channel, "table stop")
    asked = stopped.response.content
    assert "the marque is kept for later" in asked and "hundred" not in asked, asked
    assert asked.splitlines()[0] in message_text(world.table_message())
    for member in players:  # all agree to stop at once
        stop_now = next(label for label in labels(world.table_message()) if "Stop now" in label)
        await member.click(world.table_message(), label=stop_now)
    assert table.status == "ended"
    ended = message_text(next(m for m in world.channel.history() if m.id == table.row.message_id))
    assert "The marque is kept for later" in ended and "hundred" not in ended, ended


async def test_each_private_hand_says_the_marque_and_the_parties(world):
    """The marque decides the play near the target: each hand says it (and the parties
    toward a hundred), as the table does, without the channel."""
    world.bot.service.deal_source = rigged()
    table = await open_haiti(world, *world.members[:2])
    leader = table.state.turn
    await act(world, Action.parse("play 10D"))
    await act(world, Action.parse("play 7D"))
    await act(world, Action.parse("meld trump-marriage KH QH"))
    for seat in (0, 1):
        text = last_dm(world, seat).embeds[0].description
        marque = "Marque: " + " · ".join(
            f"{world.members[s].name} **{40 if s == leader else 0}**" for s in (0, 1)
        )
        assert marque in text and "Toward a hundred" in text, text
    other = last_dm(world, 1 - leader).embeds[0].description
    assert f"{world.members[leader].name}'s laid cards: K♥ Q♥" in other, other
