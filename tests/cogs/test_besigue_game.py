"""Bésigue played by two users through the cogs: a whole deal with combinations laid
from the winner's DM (exactly the combinations he may lay, nobody else offered any),
cards played from the hand and from the table, the count; a draw or a declaring
typed out of turn refused with its reason (the 7 named only while one may score); a
match stopped, kept at its scores and taken up again by its own players only (its lobby
seats no one else, says the options typed with it are not taken, and any of its players
closes it, the match still kept); partnerships said to play at four only; a match
won at once by a combination, stood on ``/scoreboard`` (en bas table counting
double); ``/history`` showing each deal's points and the scores after it (partners
named together), and ``/scoreboard`` the matches not won yet; and no message ever
names a card its readers may not see (laid cards and the turned card are public, the
hand and the stock are not)."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.errors import UserError
from bot.games.besigue import GAME
from bot.games.besigue.codec import action_arg
from bot.ids import ComponentId
from games.besigue import Action, DealState, Kind, Phase, Rules, Session
from games.besigue.rules import deck_for
from games.cards import cards_of
from tests.cogs.helpers import custom_ids, disabled, kept_match, labels, last_dm, live, message_text
from tests.cogs.test_hombre_game import cards_named
from tests.cogs.test_moderation import moderator
from tests.cogs.test_refusals import refused

LEADER = ["AS", "KH", "QH", "JS", "JH", "JD", "JC", "10S"]  # four jacks and a marriage
OTHER = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "8D"]  # nothing to take the A♠ with
TURNED = "9C"  # clubs are trumps


def codes(cards) -> set[str]:
    return {str(c.face) for c in cards}


def public_codes(state: DealState) -> set[str]:
    """Cards every player has seen: played, laid on the table, the turned card."""
    view = state.view(0)
    seen = {str(c.face) for trick in state.history for _, c in trick.cards}
    seen |= {str(c.face) for _, c in view.trick}
    seen |= {str(laid.card.face) for seat in view.laid for laid in seat}
    seen |= {str(c) for seat in view.melds for m in seat for c in m.faces}
    if view.turned is not None:
        seen.add(str(view.turned.face))
    return seen


def check_no_hidden_card(world) -> None:
    """The table message names only public cards; each DM only those and its own."""
    table = world.bot.service.in_channel(world.channel.id)
    state = None if table is None else table.state
    if not isinstance(state, DealState) or state.is_over:
        return
    public = public_codes(state)
    named = {str(c) for c in cards_named(message_text(world.table_message()))}
    assert named <= public, f"the table shows {named - public}"
    for seat in (s for s in range(len(table.seats)) if table.seats[s].human):
        own = codes(cards_of(state.view(seat).hand))
        named = {str(c) for c in cards_named(message_text(last_dm(world, seat)))}
        assert named <= public | own, f"seat {seat} is shown {named - public - own}"


def rigged(leader_cards=LEADER, other_cards=OTHER, turned=TURNED, dealer=None):
    """A deal source for two: the first leader (the dealer's right) holds
    ``leader_cards``, the dealer ``other_cards``, then the turned card and the stock;
    the dealer is the new session's, unless given (a match taken up again)."""

    def source(table, hand_no):
        if hand_no != 1:
            return None
        first = Session.start(table.players, table.row.seed).dealer
        dealer_seat = first if dealer is None else dealer
        leader = (dealer_seat + 1) % 2
        rest = [str(c) for c in cards_of(deck_for(2).mask)]
        for code in [*leader_cards, *other_cards, turned]:
            rest.remove(code)
        hands = [[], []]
        hands[leader], hands[dealer_seat] = list(leader_cards), list(other_cards)
        return hands, [turned, *rest]

    return source


async def open_besigue(world, *members, **options):
    first = members[0]
    result = await first.slash(world.channel, "table new besigue", **options)
    assert not result.ephemeral
    for member in members[1:]:
        await member.click(world.table_message(), label="Join")
    await first.click(world.table_message(), label="Start")
    return live(world)


async def act(world, action: Action, way: int = 1):
    """``action`` by the player to act: a button of his DM, or ``/play``."""
    table = live(world)
    state = table.state
    seat = state.turn
    member = world.members[seat]
    moves = table.moves
    cursor = world.env.error_cursor
    if way % 4 == 0 and action.kind is Kind.PLAY:
        typed = str(action.card) + (" laid" if action.laid else "")
        result = await member.slash(world.channel, "play", move=typed)
    else:
        verb = {Kind.PLAY: "play", Kind.MELD: "meld"}.get(action.kind, "call")
        cid = str(ComponentId(table.id, moves, verb, action_arg(action)))
        dm = last_dm(world, seat)
        assert cid in custom_ids(dm), (str(action), custom_ids(dm))
        result = await member.user.click(dm, custom_id=cid)
    assert result.acknowledged
    assert not world.env.errors_since(cursor)
    assert table.moves > moves or table.status == "ended", f"{action} by {seat} not played"
    check_no_hidden_card(world)
    return result


def meld_ids(message) -> list[str]:
    return [cid for cid in custom_ids(message) if ":meld:" in cid]


async def test_a_deal_with_combinations_laid_from_the_dm_and_cards_played_from_the_table(world):
    world.bot.service.deal_source = rigged()
    table = await open_besigue(world, *world.members[:2])
    state = table.state
    assert isinstance(state, DealState) and state.phase is Phase.PLAY1
    leader, dealer = state.turn, state.dealer
    text = message_text(world.table_message())
    assert "Trump: ♣ clubs" in text and "turned card: 9♣" in text and "stock: 47 cards" in text
    assert "Scores:" in text and "to 1000" in text
    check_no_hidden_card(world)
    await act(world, Action.parse("play AS"))
    await act(world, Action.parse("play 7S"), way=0)  # by /play
    # the leader took the trick: his DM offers exactly his combinations, nobody else any
    assert state.phase is Phase.DECLARE and state.turn == leader
    offered = meld_ids(last_dm(world, leader))
    legal = [str(ComponentId(table.id, table.moves, "meld", action_arg(a))) for a in
             state.legal_actions() if a.kind is Kind.MELD]  # fmt: skip
    assert offered == legal and len(offered) >= 2
    assert any("jacks" in cid for cid in offered) and any("marriage" in cid for cid in offered)
    assert "Nothing more: draw" in labels(last_dm(world, leader))
    assert not meld_ids(world.table_message()) and not meld_ids(last_dm(world, dealer))
    await act(world, Action.parse("meld jacks JS JH JD JC"))
    # laid: public on the table, 40 to the leader; then everyone drew, the leader leads
    text = message_text(world.table_message())
    assert "four jacks" in text and "40" in text
    assert state.phase is Phase.PLAY1 and state.turn == leader and state.stock_left == 45
    assert state.view(leader).deal_points[leader] == 40
    # a laid jack is played from the table (named "laid" only beside a copy in hand)
    dm = last_dm(world, leader)
    assert "J♠ (laid)" in labels(dm)
    assert str(ComponentId(table.id, table.moves, "play", "JS")) in custom_ids(dm)
    await act(world, Action.parse("play JS"))
    assert "JS" not in {str(laid.card) for laid in state.view(leader).laid[leader]}
    # the rest of the deal, every way a player can: buttons, /play, melds, the seven
    rng = random.Random(3)
    way = 0
    while not state.is_over:
        legal = state.legal_actions()
        melds = [a for a in legal if a.kind in (Kind.MELD, Kind.SEVEN_SHOW, Kind.SEVEN_EXCHANGE)]
        action = melds[0] if melds and rng.random() < 0.7 else rng.choice(legal)
        way += 1
        await act(world, action, way)
    # the count: in the summary, and the scores carried to the next deal
    summary = world.summary()
    text = message_text(summary)
    assert "Deal 1 — the count" in text and "last trick 10" in text
    assert "bêtes" not in text and "Register" not in text  # Bésigue keeps none
    session = table.session
    assert isinstance(session, Session) and sum(session.scores) == sum(state.outcome.points)
    assert session.dealer == leader  # the deal passes
    assert "Scores:" in message_text(world.table_message())
    # /history: the deal, its record (which replays) and its tricks as a picture
    # (a manager who did not play it: the record holds every card dealt)
    shown = await moderator(world).slash(world.channel, "history", game="besigue")
    assert shown.ephemeral
    files = shown.response.attachments
    assert files[0].filename.endswith("-besigue.json") and files[1].filename.endswith(".png")
    record = json.loads(await files[0].read())
    assert GAME.spec.replay(record)[-1]["scores"] == list(session.scores)
    text = message_text(shown.response)
    assert "Bésigue" in text and "Deal counted · Sud +" in text  # points, no money
    assert f"(score {session.scores[0]}) · Est " in text


async def typed(world, seat: int, move: str) -> str:
    """``move`` typed with ``/play`` by ``seat``: refused, nothing changed; its answer."""
    table = live(world)
    moves = table.moves
    result = await world.members[seat].slash(world.channel, "play", move=move)
    refused(world, result)
    assert table.moves == moves
    return result.response.content


async def test_a_refused_draw_or_declaring_says_why_without_a_7_that_cannot_be_shown(world):
    world.bot.service.deal_source = rigged()  # no 7 of clubs for the leader
    table = await open_besigue(world, *world.members[:2])
    state = table.state
    leader = state.turn
    await act(world, Action.parse("play AS"))
    assert "Nothing to draw now" in await typed(world, 1 - leader, "draw")
    assert "only right after a trick you won" in await typed(world, 1 - leader, "seven show")
    assert "no such card laid" in await typed(world, 1 - leader, "7S laid")
    await act(world, Action.parse("play 7S"))
    assert state.phase is Phase.DECLARE and state.turn == leader
    answer = await typed(world, leader, "show the 7")
    assert "no 7 of trump that has not scored" in answer and "Possible:" in answer
    answer = await typed(world, leader, "play KH laid")  # declare or draw before playing
    assert "lay a combination or draw" in answer and "7" not in answer.split("Possible")[0]
    # a card not held is refused as such, not as a card played before declaring
    assert "You do not hold 7♣." in await typed(world, leader, "play 7C")


async def test_a_7_of_trump_in_hand_is_named_until_it_has_scored_for_the_trick(world):
    world.bot.service.deal_source = rigged([*LEADER[:7], "7C"])
    table = await open_besigue(world, *world.members[:2])
    state = table.state
    leader = state.turn
    await act(world, Action.parse("play AS"))
    await act(world, Action.parse("play 7S"))
    assert "show the 7" in await typed(world, leader, "play KH laid")
    await act(world, Action.parse("seven show"))
    assert "One 7 of trump per trick won" in await typed(world, leader, "exchange the 7")
    answer = await typed(world, leader, "play KH laid")
    assert "lay a combination or draw" in answer and "7" not in answer.split("Possible")[0]


async def test_a_match_stopped_is_kept_and_taken_up_again_by_its_players(world):
    world.bot.service.deal_source = rigged()
    anne, marc, zoe = world.members[:3]
    table = await open_besigue(world, anne, marc, target=1500)
    await act(world, Action.parse("play AS"))
    await act(world, Action.parse("play 7S"))
    await act(world, Action.parse("meld marriage KH QH"))
    result = await anne.slash(world.channel, "table stop")
    assert result.ephemeral
    assert "Don't keep the match" in labels(world.table_message())
    await marc.click(world.table_message(), label="Don't keep the match")
    assert not table.keep and "Keep for later" in labels(world.table_message())
    await anne.click(world.table_message(), label="Keep for later")
    assert table.keep
    for member in (anne, marc):  # both agree to stop at once: the deal is not counted
        stop_now = next(label for label in labels(world.table_message()) if "Stop now" in label)
        await member.click(world.table_message(), label=stop_now)
    assert table.status == "ended"
    async with world.bot.db.reading() as store:
        [kept] = await store.matches.kept_matches(world.guild.id, GAME.id)
    assert [name for _, name, _ in kept.seats] == [anne.user.name, marc.user.name]
    assert kept.state["scores"] == [0, 0] and kept.options["target"] == 1500
    assert kept.state["deals"] == 1  # the deal stopped was dealt: the next is the second
    ended = next(m for m in world.channel.history() if m.id == table.row.message_id)
    assert "kept for later" in message_text(ended)
    # the autocomplete offers it to its players only
    choices = await marc.autocomplete(world.channel, "table new besigue", "resume", "")
    assert [c["value"] for c in choices] == [str(kept.id)]
    assert await zoe.autocomplete(world.channel, "table new besigue", "resume", "") == []
    refused(
        world,
        await zoe.slash(world.channel, "table new besigue", resume=str(kept.id)),
        "kept for its players",
    )
    # Marc takes it up: both seats back in their order, the options the kept ones
    world.bot.service.deal_source = None
    result = await marc.slash(world.channel, "table new besigue", resume=str(kept.id), target=2000)
    assert not result.ephemeral
    again = live(world)
    assert again.players == [p for p, _, _ in kept.seats]
    assert isinstance(again.rules, Rules) and again.rules.target == 1500
    refused(world, await anne.click(world.table_message(), label="Leave"), "keeps its players")
    await anne.click(world.table_message(), label="Start")
    session = again.session
    assert isinstance(session, Session) and session.scores == [0, 0]
    assert session.dealer == kept.state["dealer"]
    # the match goes on at its second deal, not at "Deal 1" again
    text = message_text(world.table_message())
    assert again.hand_no == 2 and "'description': 'Deal 2\\n" in text
    assert "Deal 2: Sud deals the cards." in text
    async with world.bot.db.reading() as store:
        assert await store.matches.kept_matches(world.guild.id, GAME.id) == []  # taken up once


async def test_a_combination_that_reaches_the_target_wins_the_match_at_once(world):
    anne, marc = world.members[:2]
    # a match kept at 990 to 0, Anne dealing next: Marc leads, Anne holds the marriage
    kept_id = await kept_match(world, GAME.id, [anne, marc], [990, 0])
    world.bot.service.deal_source = rigged(leader_cards=OTHER, other_cards=LEADER, dealer=0)
    await anne.slash(world.channel, "table new besigue", resume=str(kept_id))
    await anne.click(world.table_message(), label="Start")
    table = live(world)
    state = table.state
    assert isinstance(state, DealState) and state.turn == 1  # Marc leads
    await act(world, Action.parse("play 7S"))
    await act(world, Action.parse("play AS"))  # Anne takes it, and lays her marriage
    await act(world, Action.parse("meld marriage KH QH"))
    assert table.status == "ended" and state.is_over and state.outcome.ended_at_once
    summary = message_text(world.summary())
    assert "wins the match" in summary and "en bas table" in summary
    result = await anne.slash(world.channel, "scoreboard", game="besigue")
    text = message_text(result.response)
    assert anne.user.name in text and "2 (won 1 of 1, 1 en bas table)" in text
    assert "1010 points" in text and "best: a marriage (20)" in text
    assert text.index(anne.user.name) < text.index(marc.user.name)
    assert "0 (won 0 of 1" in text


async def test_a_match_stopped_after_its_deal_is_kept_at_the_scores_counted(world):
    world.bot.service.deal_source = rigged()
    anne, marc = world.members[:2]
    table = await open_besigue(world, anne, marc)
    await marc.slash(world.channel, "table stop")
    text = message_text(world.table_message())
    assert "the match stops after this deal" in text
    state = table.state
    while not state.is_over:  # the deal in progress is played out and counted
        await act(world, state.legal_actions()[0])
    assert table.status == "ended"
    session = table.session
    assert isinstance(session, Session) and sum(session.scores) > 0
    async with world.bot.db.reading() as store:
        [kept] = await store.matches.kept_matches(world.guild.id, GAME.id)
        assert await store.matches.match_scoreboard(world.guild.id, GAME.id) == []  # not won
    assert kept.state == {"scores": list(session.scores), "dealer": session.dealer, "deals": 1}
    ended = message_text(next(m for m in world.channel.history() if m.id == table.row.message_id))
    assert "The match stops here." in ended and "kept for later" in ended
    assert "The match is over" not in ended
    # its latest events too: stopped between deals, not "the end of the game"
    assert "Stopped between deals." in ended and "End of the game." not in ended


async def test_scoreboard_and_history_show_deals_and_the_match_kept(world):
    """A deal played and the match kept: ``/history`` shows the deal's points and the
    scores after it, ``/scoreboard`` the match in progress (no match is won yet)."""
    world.bot.service.deal_source = rigged()
    anne, marc = world.members[:2]
    table = await open_besigue(world, anne, marc)
    result = await anne.slash(world.channel, "scoreboard", game="besigue")
    text = message_text(result.response)
    assert "No match finished yet." in text and "Matches in progress" in text
    assert f"{anne.user.name} 0 · {marc.user.name} 0 — at table #{table.id}" in text
    await marc.slash(world.channel, "table stop")
    state = table.state
    while not state.is_over:
        await act(world, state.legal_actions()[0])
    assert table.status == "ended"
    points, scores = state.outcome.points, state.outcome.scores
    assert sum(points) > 0
    shown = await anne.slash(world.channel, "history", game="besigue")
    text = message_text(shown.response)
    names = [anne.user.name, marc.user.name]
    sides = " · ".join(
        f"{name} +{p} pts (score {s})" if p else f"{name} 0 pts (score {s})"
        for name, p, s in zip(names, points, scores, strict=True)
    )
    assert f"Deal counted · {sides}" in text
    result = await marc.slash(world.channel, "scoreboard", game="besigue")
    text = message_text(result.response)
    assert "No hand played yet." not in text and "No match finished yet." in text
    kept = f"{anne.user.name} {scores[0]} · {marc.user.name} {scores[1]} — kept on"
    assert kept in text and "`/table new besigue resume:` takes it up" in text


def rigged_four(hands: list[list[str]], turned: str):
    """A deal source for four: each seat's cards, then the turned card and the stock."""

    def source(table, hand_no):
        if hand_no != 1:
            return None
        rest = [str(c) for c in cards_of(deck_for(4).mask)]
        for code in [*(c for hand in hands for c in hand), turned]:
            rest.remove(code)
        return [list(hand) for hand in hands], [turned, *rest]

    return source


async def test_a_match_won_by_partners_names_both_in_history_and_on_the_scoreboard(world):
    names = [m.user.name for m in world.members]
    # a match in partnerships kept at 590 to 0 (Sud and Nord, Est and Ouest), Sud dealing
    kept_id = await kept_match(world, GAME.id, world.members, [590, 0], {"partnerships": True})
    # Est leads the 7♠, Nord and Ouest follow low, Sud takes with the A♠ and lays a
    # marriage: 610, past the 600 of four players, the match is won at once
    world.bot.service.deal_source = rigged_four(
        [
            ["AS", "KH", "QH", "JD", "10D", "AD", "8C", "7C"],
            ["7S", "8H", "9H", "7H", "8D", "9D", "7D", "10C"],
            ["8S", "JH", "10H", "AH", "KD", "QD", "KC", "QC"],
            ["9S", "KS", "QS", "JS", "10S", "JC", "AC", "9D"],
        ],
        "9C",
    )
    await world.members[0].slash(world.channel, "table new besigue", resume=str(kept_id))
    await world.members[0].click(world.table_message(), label="Start")
    table = live(world)
    state = table.state
    assert isinstance(state, DealState) and state.turn == 1
    for card in ("7S", "8S", "9S", "AS"):
        await act(world, Action.parse(f"play {card}"))
    await act(world, Action.parse("meld marriage KH QH"))
    assert table.status == "ended" and state.outcome.over and state.outcome.winner == 0
    shown = await world.members[1].slash(world.channel, "history", game="besigue")
    text = message_text(shown.response)
    winners, losers = f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"
    assert f"{winners}: match won en bas table · {winners} +20 pts (score 610)" in text
    assert f"{losers} 0 pts (score 0)" in text
    result = await world.members[3].slash(world.channel, "scoreboard", game="besigue")
    text = message_text(result.response)
    for name in names[0], names[2]:
        assert f"**{name}** — 2 (won 1 of 1, 1 en bas table) · 610 points" in text
    assert "Matches in progress" not in text  # the kept match was taken up and won


def embed_text(message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.description or "", *(f.value for f in embed.fields)])


KEPT_LOBBY = {
    "en": {
        "not_taken": (
            "A match taken up again keeps its own options and seats; these options were not taken:"
        ),
        "target": "`target`",
        "computers": "`computers`",
        "lobby": "The kept match's players are back in their seats: click *Start*",
        "join": "Join",
        "ai": "Add computer player",
        "kept": "The match is kept for later",
        "start": "Start",
    },
    "fr": {
        "not_taken": "garde ses options et ses places ; options non prises en compte :",
        "target": "`but`",
        "computers": "`ordinateurs`",
        "lobby": "Les joueurs de la partie gardée ont repris leurs places : cliquez sur",
        "join": "S'asseoir",
        "ai": "Ajouter un joueur ordinateur",
        "kept": "La partie est gardée pour plus tard",
        "start": "Commencer",
    },
}


async def kept_lobby(world, words: dict[str, str]) -> None:
    """A kept match taken up again seats its own players only, with its own options (those
    given with ``resume:`` said not taken); any of its players may close its lobby, the
    match staying kept; its start takes it up as it was kept."""
    anne, marc, zoe = world.members[:3]
    kept_id = await kept_match(world, GAME.id, [anne, marc], [120, 80], {"target": 1500})
    resume = str(kept_id)
    result = await marc.slash(
        world.channel, "table new besigue", resume=resume, target=2000, computers=1
    )
    assert not result.ephemeral  # the table opens all the same
    [said] = result.followups
    assert said.ephemeral and words["not_taken"] in said.content
    assert words["target"] in said.content and words["computers"] in said.content
    table = live(world)
    assert table.players == [str(anne.id), str(marc.id)]
    assert isinstance(table.rules, Rules) and table.rules.target == 1500
    message = world.table_message()
    assert words["lobby"] in embed_text(message)
    assert disabled(message, words["join"]) and disabled(message, words["ai"])
    service = world.bot.service  # an older message's buttons, say: refused all the same
    with pytest.raises(UserError) as refusal:
        await service.join(table.id, str(zoe.id), zoe.user.name, "en")
    assert refusal.value.key == "error.kept_not_yours"
    with pytest.raises(UserError) as refusal:
        await service.add_computer(table.id, str(anne.id), "heuristic")
    assert refusal.value.key == "error.kept_seats"
    assert table.players == [str(anne.id), str(marc.id)]
    # Anne, who did not take it up, closes the lobby: the match stays kept
    closed = await anne.slash(world.channel, "table stop")
    assert closed.ephemeral and table.status == "ended"
    ended = next(m for m in world.channel.history() if m.id == table.row.message_id)
    assert words["kept"] in embed_text(ended)
    kept = await service.kept_matches(world.guild.id, GAME.id)
    assert [k.id for k in kept] == [kept_id]
    await anne.slash(world.channel, "table new besigue", resume=resume)
    await marc.click(world.table_message(), label=words["start"])
    session = live(world).session
    assert isinstance(session, Session) and session.scores == [120, 80]
    assert session.target == 1500


async def test_a_kept_match_seats_its_players_only_and_any_of_them_closes_it(world):
    await kept_lobby(world, KEPT_LOBBY["en"])


async def test_a_kept_match_seats_its_players_only_and_any_of_them_closes_it_in_french(
    world, french
):
    await kept_lobby(world, KEPT_LOBBY["fr"])


PARTNERSHIPS = {
    "en": {
        "join": "Join",
        "start": "Start",
        "fewer": "partnerships: at four only (with fewer, each plays for himself)",
        "alone": "Partnerships play at four only: with {count}, each plays for himself.",
        "four": "partnerships: yes",
    },
    "fr": {
        "join": "S'asseoir",
        "start": "Commencer",
        "fewer": "en équipes : à quatre seulement (à moins, chacun pour soi)",
        "alone": "Les équipes ne se jouent qu'à quatre : à {count}, chacun joue pour soi.",
        "four": "en équipes : oui",
    },
}


async def partnerships_at_four(world, words: dict[str, str]) -> None:
    """``partnerships`` plays with four players only (RULES.md §4): with fewer the lobby
    says each will play for himself, and the start says it again; at four, as chosen."""
    anne, marc, zoe = world.members[:3]
    await anne.slash(world.channel, "table new besigue", partnerships=True)
    await marc.click(world.table_message(), label=words["join"])
    assert words["fewer"] in embed_text(world.table_message())
    await anne.click(world.table_message(), label=words["start"])
    session = live(world).session
    assert isinstance(session, Session) and session.teams == (0, 1)
    assert words["alone"].format(count=2) in embed_text(world.table_message())
    autre = world.guild.create_text_channel("autre")

    def shown():
        table = world.bot.service.in_channel(autre.id)
        return next(m for m in autre.history() if m.id == table.row.message_id)

    for game in ("besigue", "besigue-haiti"):  # four seated: as chosen
        await zoe.slash(autre, f"table new {game}", partnerships=True, computers=3)
        assert words["four"] in embed_text(shown()) and words["fewer"] not in embed_text(shown())
        await zoe.slash(autre, "table stop")
    await zoe.slash(autre, "table new besigue-haiti", partnerships=True, computers=2)
    assert words["fewer"] in embed_text(shown())
    await zoe.click(shown(), label=words["start"])
    assert words["alone"].format(count=3) in embed_text(shown())


async def test_partnerships_play_at_four_only_and_the_table_says_so(world):
    await partnerships_at_four(world, PARTNERSHIPS["en"])


async def test_partnerships_play_at_four_only_and_the_table_says_so_in_french(world, french):
    await partnerships_at_four(world, PARTNERSHIPS["fr"])


async def test_a_kept_match_of_long_names_is_offered_with_every_player_and_its_day(world):
    """``resume:`` offers a kept match in a choice's 100 characters: the day it was
    kept, then every player and score, each name cut to its share (before, four long
    names pushed the last player and the day out of the label)."""
    long = [
        "Marie-Amélie de La Rochefoucauld",
        "Jean-Baptiste de Montmorency-Lav",
        "Anne-Charlotte de Clermont-Tonne",
        "Louis-Philippe d'Orléans-Bragance",
    ]
    members = [world.guild.add_member(world.env.create_user(name)) for name in long]
    await kept_match(world, GAME.id, members, [120, 2000, 640, 10])
    choices = await members[3].autocomplete(world.channel, "table new besigue", "resume", "")
    (label,) = [c["name"] for c in choices]
    assert len(label) <= 100 and re.match(r"\d{4}-\d{2}-\d{2} · ", label), label
    for name, score in zip(long, [120, 2000, 640, 10], strict=True):
        assert f"{name[:6]}" in label and f" {score}" in label, label
    typed = await members[3].autocomplete(world.channel, "table new besigue", "resume", "Louis")
    assert [c["name"] for c in typed] == [label]  # a name's start finds it


async def test_each_private_hand_says_the_scores_and_the_others_laid_cards(world):
    """Near the target the scores decide the play, and a card laid is one its owner may
    play: each hand says them, as the table does, without the channel."""
    world.bot.service.deal_source = rigged()
    table = await open_besigue(world, *world.members[:2])
    leader = table.state.turn
    await act(world, Action.parse("play AS"))
    await act(world, Action.parse("play 7S"))
    await act(world, Action.parse("meld jacks JS JH JD JC"))
    for seat in (0, 1):
        text = last_dm(world, seat).embeds[0].description
        scores = " · ".join(
            f"{world.members[s].name} **{40 if s == leader else 0}**" for s in (0, 1)
        )
        assert f"Scores: {scores} — to 1000" in text, text
    other = last_dm(world, 1 - leader).embeds[0].description
    assert f"{world.members[leader].name}'s laid cards: J♣ J♠ J♥ J♦" in other, other
    assert "'s laid cards" not in last_dm(world, leader).embeds[0].description
