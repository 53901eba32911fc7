"""What La Bête Hombrée's table, hands and summaries say, from tables built from their
events (example 1's cards, RULES.md §1.9): when a new bête is paid (§1.6), the calls a
face-down hand is offered (§1.3), the hands left in the tour des gueux (§1.8), and the
money of a hand with its unit."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime

import pytest

import bot.games
from bot.drawing.render import hand_panel, table_embed
from bot.drawing.summary import settlement_embed
from bot.errors import MoveRefused
from bot.games.bete_hombree import GAME as HOMBREE
from bot.games.bete_hombree.codec import call_arg
from bot.games.bete_hombree.drawing import (
    declare_prompt,
    discard_placeholder,
    offered_moves,
    result_text,
)
from bot.ids import ComponentId
from bot.tables.guild_register import GuildRegister, Holdings
from bot.tables.readings import RegisterView
from bot.tables.table import LiveTable, apply_event
from bot.texts.i18n import LANGS, t
from bot.texts.refusals import error_text, refusal_error
from db.models import RegisterEntry
from games.ai.teacher.hint import hint, offers_hint
from games.bete_hombree import Action, Kind, Phase
from tests.bot.example import example1
from tests.bot.test_hombree_words import act, actions, dm, example_table, field, play_until

OLD_BETES = [[1, "102", 24], [2, "101", 40]]  # Anne Marie's 24, then François Dernier's 40


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    bot.games.load()


def play_out(table: LiveTable) -> None:
    """Each player to act makes his first legal move until the hand is over."""
    while not table.state.is_over:
        state = table.state
        act(table, state.turn, str(state.view(state.turn).legal[0]))


def fail_three_in_spades(table: LiveTable) -> None:
    """Anne Marie (first hand: J♠ A♠ A♦ 9♦ A♣) bids 3 alone and declares it in spades:
    with one trump she cannot take 3 tricks."""
    act(table, 1, "bid 3")
    for seat in (2, 3, 0):
        act(table, seat, "pass")
    act(table, 1, "declare 3 S")
    play_out(table)
    assert table.last is not None and table.last.outcome.made is False


def stake_field(table: LiveTable, lang: str) -> str:
    embed = settlement_embed(table, table.last, lang)
    return next(f.value or "" for f in embed.fields if f.name == t(lang, "summary.stake"))


# ---- when a new bête is paid (RULES.md §1.6: oldest first) ---------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_bete_behind_older_ones_says_it_waits_for_them(lang):
    table = example_table(lang, OLD_BETES)
    fail_three_in_spades(table)
    stake = stake_field(table, lang)
    # her own 24 stays in play and François Dernier's 40 comes next: two before hers
    assert t(lang, "summary.bete_waits", name="Anne Marie", ahead=2) in stake
    assert t(lang, "summary.bete_next", name="Anne Marie") not in stake


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_bete_in_an_empty_register_is_in_play_next(lang):
    table = example_table(lang, [])
    fail_three_in_spades(table)
    stake = stake_field(table, lang)
    assert t(lang, "summary.bete_next", name="Anne Marie") in stake
    assert t(lang, "summary.bete_waits", name="Anne Marie", ahead=1) not in stake


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("pinandele", "ahead"), [("queue", 3), ("with_next_bete", 2)])
def test_a_new_bete_counts_the_servers_older_betes_ahead_of_it(lang, pinandele, ahead):
    """A pinandèle made at another table of the server is older than the bêtes this
    table was dealt with: it comes before the new bête too (RULES.md §1.8), as the table
    keeps the server's register after the settlement, the new bête in it as written;
    unless the pinandèle goes with the next bête, out of the queue (§1.6)."""
    table = example_table(lang, OLD_BETES, options={"pinandele": pinandele})
    fail_three_in_spades(table)
    new = table.last.new_entries[0]
    when = datetime(2026, 1, 1, tzinfo=UTC)
    written = [(3, None, 8), (7, "102", 24), (8, "101", 40), (12, new.owner, new.amount)]
    entries = [
        RegisterEntry(i, 10, "bete-hombree", owner, "", amount, when, None, None, None, None, None)
        for i, owner, amount in written
    ]
    table.guild_register = GuildRegister(RegisterView(entries, {"": 8}), Holdings())
    stake = stake_field(table, lang)
    # the pinandèle (in the queue), her own 24 and François Dernier's 40
    assert t(lang, "summary.bete_waits", name="Anne Marie", ahead=ahead) in stake, stake


def test_a_new_bete_larger_than_all_is_in_play_next_when_the_largest_is():
    """``bete_order=largest``: the new bête (4 × stake + the one in play) is the largest."""
    table = example_table("en", OLD_BETES, options={"bete_order": "largest"})
    fail_three_in_spades(table)
    assert t("en", "summary.bete_next", name="Anne Marie") in stake_field(table, "en")


# ---- a face-down hand is offered the same calls everywhere (RULES.md §1.3) -----------


def calls_of(items) -> list[str]:
    """The calls that components offer, in their short form (``pass``, ``sp``, ``b3``)."""
    ids = [ComponentId.parse(str(i.custom_id)) for i in items if getattr(i, "custom_id", None)]
    return [cid.arg for cid in ids if cid.verb == "call"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_face_down_first_hand_is_offered_the_same_calls_in_his_hand_and_on_the_table(lang):
    table = example_table(lang, OLD_BETES, look=False)
    view = table.state.view(1)
    assert view.face_down and view.turn == 1
    assert any(a.kind is Kind.BID for a in view.legal)  # the engine would take a bid
    _, panel = hand_panel(table, 1, lang)
    in_hand = calls_of(panel.children)
    assert calls_of(HOMBREE.renderer.table_buttons(table, view, lang)) == in_hand
    offered = offered_moves(view)
    assert {a.kind for a in offered} == {Kind.PASS, Kind.SANS_PREJUDICE}
    blind = [call_arg(a) for a in offered]
    assert in_hand == blind
    assert HOMBREE.renderer.offered(view) == offered  # what /play offers
    # once he looks, every legal call is offered, in his hand and on the table alike
    apply_event(table, table.seq + 1, "look", {"seat": 1})
    view = table.state.view(1)
    every = [call_arg(a) for a in view.legal]
    assert len(every) > len(blind)
    _, panel = hand_panel(table, 1, lang)
    assert calls_of(panel.children) == every
    assert calls_of(HOMBREE.renderer.table_buttons(table, view, lang)) == every
    assert HOMBREE.renderer.offered(view) == list(view.legal)


def test_a_face_down_hand_is_offered_no_hint_until_its_seat_looks():
    """A hint would be read from the hand its seat has not seen (RULES.md §1.3: the
    blind calls are made without looking)."""
    table = example_table("en", OLD_BETES, look=False)
    for seat in (1, 2):  # first hand; second hand after sans préjudice (je retiens open)
        view = table.state.view(seat)
        assert view.face_down and view.turn == seat and len(view.legal) > 2
        assert not offers_hint(HOMBREE.id, view)
        assert hint(HOMBREE.id, view, budget=8, seed=1) is None
        if seat == 1:
            act(table, 1, "sans-prejudice")
    apply_event(table, table.seq + 1, "look", {"seat": 2})
    assert offers_hint(HOMBREE.id, table.state.view(2))


@pytest.mark.parametrize("lang", LANGS)
def test_a_face_down_second_hand_after_sans_prejudice_is_offered_je_retiens_and_pass(lang):
    table = example_table(lang, OLD_BETES, look=False)
    act(table, 1, "sans-prejudice")
    view = table.state.view(2)
    assert view.face_down and view.turn == 2
    offered = offered_moves(view)
    assert {a.kind for a in offered} == {Kind.PASS, Kind.RETIENS}
    _, panel = hand_panel(table, 2, lang)
    assert calls_of(panel.children) == [call_arg(a) for a in offered]
    assert calls_of(HOMBREE.renderer.table_buttons(table, view, lang)) == calls_of(panel.children)


# ---- the hands left in the tour des gueux (RULES.md §1.8) -----------------------------


def deal_again(table: LiveTable, carried: bool = False) -> None:
    """The next hand, dealt example 1's cards again by the session's dealer, with no
    bête waiting and an empty pot, or (``carried``) the session's register and pot."""
    data, session = example1(), table.session
    entries = session.register.entries if carried else []
    deal = {
        "hand_no": table.hand_no + 1,
        "dealer": session.dealer,
        "belle": session.belle.name,
        "hands": data["hands"],
        "cagnot": data["cagnot"],
        "register": [[e.id, e.owner, e.amount] for e in entries],
        "pot": session.pot if carried else 0,
    }
    apply_event(table, table.seq + 1, "deal", deal)


def all_pass(table: LiveTable) -> None:
    while not table.state.is_over:
        act(table, table.state.turn, "pass")


def description(table: LiveTable, lang: str) -> str:
    return table_embed(table, lang).description or ""


@pytest.mark.parametrize("lang", LANGS)
def test_the_tour_des_gueux_counts_the_hand_in_play_and_names_its_last(lang):
    table = example_table(lang, [])
    apply_event(table, table.seq + 1, "stop", {"by": "101"})
    # the first dealer is dealing, a hand dealt before anyone asked: its round is played
    # out, then he deals once more (RULES §1.8) and his left's is the last; eight hands
    assert t(lang, "table.stopping", count=8) in description(table, lang)
    all_pass(table)
    assert t(lang, "table.stopping_next", count=7) in description(table, lang)
    for left in (7, 6, 5, 4, 3, 2):
        deal_again(table)
        assert t(lang, "table.stopping", count=left) in description(table, lang)
        all_pass(table)
    deal_again(table)
    assert t(lang, "table.stopping_last") in description(table, lang)
    assert t(lang, "table.stopping", count=1) not in description(table, lang)
    all_pass(table)  # a pinandèle more: play goes on until it is paid
    assert table.status == "playing" and table.deal_coming
    over = t(lang, "table.stopping_over")
    assert over in description(table, lang)
    deal_again(table)
    assert over in description(table, lang)


# ---- the pot and what of it is in play (RULES.md §1.6) -------------------------------


def sous(amount: int, lang: str) -> str:
    return HOMBREE.renderer.amount(amount, lang)


def seat_money(table: LiveTable, lang: str) -> list[str]:
    """Each seat's balance, as the end of its line on the table shows it."""
    seats = next(
        f.value or "" for f in table_embed(table, lang).fields if f.name == t(lang, "table.seats")
    )
    return [re.split(" — | · ", line)[-1] for line in seats.splitlines()]


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_shows_the_pot_and_the_part_a_made_contract_takes_from_it(lang):
    """Two pinandèles in the pot, the older in play: a declarer who makes his contract
    takes that one from the pot, the other stays (``pinandele=queue``)."""
    table = example_table(lang, [[1, None, 8], [2, None, 8], [3, "102", 24]], pot=16)
    line = t(lang, "table.pot_in_play", amount=sous(16, lang), stake=sous(8, lang))
    assert line in description(table, lang).splitlines()
    assert t(lang, "table.entry_pinandele", amount=8) in field(table, lang, "table.register")


@pytest.mark.parametrize("lang", LANGS)
def test_the_pot_going_with_the_bete_in_play_is_shown_all_in_play_and_taken_by_it(lang):
    """``pinandele=with_next_bete``: the whole pot goes to the declarer who makes his
    contract with a bête in play, as example 1's dealer does (RULES.md §1.9)."""
    table = example_table(lang, [[1, "102", 24]], options={"pinandele": "with_next_bete"}, pot=16)
    line = t(lang, "table.pot_all_in_play", amount=sous(16, lang))
    assert line in description(table, lang).splitlines()
    play_until(table, Phase.DONE)
    outcome = table.last.outcome
    assert outcome.made and outcome.pot_delta == -16  # what the table said was in play
    # settled, the pot is empty, nothing of it in play
    assert t(lang, "table.pot", amount=sous(0, lang)) in description(table, lang).splitlines()


@pytest.mark.parametrize("lang", LANGS)
def test_a_pinandele_is_on_the_table_in_the_pot_then_in_play_at_the_next_hand(lang):
    table = example_table(lang, [])
    assert t(lang, "table.pot", amount=sous(0, lang)) in description(table, lang).splitlines()
    all_pass(table)  # each pays 2 into the pot: the pot shown holds what the seats paid
    assert t(lang, "table.pot", amount=sous(8, lang)) in description(table, lang).splitlines()
    assert seat_money(table, lang) == ["−" + sous(2, lang)] * 4
    deal_again(table, carried=True)
    line = t(lang, "table.pot_all_in_play", amount=sous(8, lang))
    assert line in description(table, lang).splitlines()
    assert seat_money(table, lang) == ["−" + sous(2, lang)] * 4


# ---- money in sous (as the summary's payments say it) ---------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_hands_result_in_the_players_hand_says_sous(lang):
    table = example_table(lang, OLD_BETES)
    fail_three_in_spades(table)
    lost = table.last.outcome.net[1]
    assert lost < 0
    sous = "−" + HOMBREE.renderer.amount(-lost, lang)  # "−18 sous"
    text, _ = dm(table, 1, lang)
    assert t(lang, "hand.your_money", money=sous) in text
    # the scoreboard's net says its unit once
    net = t(lang, "score.net.bete-hombree", net=HOMBREE.renderer.money(20, lang))
    assert net == "+" + HOMBREE.renderer.amount(20, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_stopped_once_decided_says_why_its_other_tricks_were_not_played(lang):
    table = example_table(lang, OLD_BETES)
    fail_three_in_spades(table)
    whole = table.last.outcome
    assert sum(whole.tricks) == 5
    names = list(table.names)
    assert t(lang, "summary.cut_short", played=5) not in result_text(whole, names, lang)
    # the same hand as stop_when_decided ends it: after two tricks, both the defenders'
    cut = dataclasses.replace(whole, tricks=(1, 0, 1, 0))
    text = result_text(cut, names, lang)
    assert text.endswith(t(lang, "summary.cut_short", played=2))
    assert ("2 plis" if lang == "fr" else "2 tricks") in text


# ---- a refusal lists what may be done as the player is offered it ---------------------


def refused_words(table: LiveTable, words: str, lang: str = "en", seat: int | None = None) -> str:
    """The answer to ``seat`` (the seat to act) trying ``words`` (refused), as the bot
    words it."""
    state = table.state
    seat = state.turn if seat is None else seat
    view = state.view(seat)
    action = Action.parse(words)
    refused = MoveRefused(HOMBREE, view, action, state.check(action, seat), list(view.legal))
    error = refusal_error(refused)
    return error_text(error, lang)


def test_a_refusal_lists_the_calls_and_declarations_as_they_are_offered():
    table = example_table("en")
    for seat, words in actions()[:3]:  # pass, 2, 3: Sud may cagnote, standing as 4
        act(table, seat, words)
    view = table.state.view(table.state.turn)
    cagnote = next(a for a in view.legal if a.kind is Kind.CAGNOTE)
    offered = HOMBREE.renderer.move_text(view, cagnote, "en")
    assert "4" in offered and offered in refused_words(table, "bid 2")
    play_until(table, Phase.DECLARE)
    view = table.state.view(table.state.turn)
    in_belle = [a for a in view.legal if a.kind is Kind.DECLARE and a.suit == view.belle]
    answer = refused_words(table, "declare 2 S")
    assert in_belle and all(HOMBREE.renderer.move_text(view, a, "en") in answer for a in in_belle)
    assert "en belle" in answer


@pytest.mark.parametrize("lang", LANGS)
def test_the_declarer_is_told_which_level_only_the_belle_allows(lang):
    """After je retiens the declarer names his level: 2 only en belle (RULES.md §1.4)."""
    table = example_table(lang, look=False)
    act(table, 1, "sans-prejudice")
    act(table, 2, "retiens")
    while table.state.phase is Phase.AUCTION:
        act(table, table.state.turn, "pass")
    view = table.state.view(2)
    assert view.phase is Phase.DECLARE and view.turn == 2
    declarations = [a for a in view.legal if a.kind is Kind.DECLARE]
    assert {a.suit for a in declarations if a.level == 2} == {view.belle}
    prompt = declare_prompt(view, lang)
    assert (
        t(lang, "hand.declare.level_belle", levels="\0", belle_levels="2").split("\0")[1] in prompt
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_discard_menu_says_how_many_cards_as_a_range_or_a_number(lang):
    assert discard_placeholder([1, 2, 3], lang) == t(
        lang, "hand.discard_placeholder_range", least=1, most=3
    )
    assert "1/2/3" not in discard_placeholder([1, 2, 3], lang)
    assert discard_placeholder([3], lang) == t(lang, "hand.discard_placeholder", count=3)


@pytest.mark.parametrize("lang", LANGS)
def test_a_discard_tried_by_another_seat_is_refused_for_its_turn(lang):
    """Only the declarer's view has discards to count: another seat's refusal is its turn."""
    table = example_table(lang)
    play_until(table, Phase.DISCARD)
    other = (table.state.turn + 1) % 4
    answer = refused_words(table, "discard QS QD 10C", lang, other)
    assert answer == t(lang, "error.refused_turn"), answer


@pytest.mark.parametrize("lang", LANGS)
def test_a_pass_the_time_limit_made_is_said_a_pass_however_many_in_a_row(lang):
    """The time limit passes wherever a pass is open, whatever the cards: the hand says
    so, the first time and the next ones, never that the computer chose."""
    table = example_table(lang, [])

    def timed_out_pass(seat: int) -> None:
        payload = {"seat": seat, "action": "pass", "timeout": True}
        apply_event(table, table.seq + 1, "action", payload)

    timed_out_pass(1)
    assert t(lang, "hand.timed_out_passed", count=1) in hand_panel(table, 1, lang)[0].description
    all_pass(table)  # a pinandèle: the next hand, which Anne Marie deals, speaking last
    deal_again(table)
    for seat in range(4):
        apply_event(table, table.seq + 1, "look", {"seat": seat})
    while table.state.turn != 1:  # the others' passes, made by them
        act(table, table.state.turn, "pass")
    timed_out_pass(1)
    said = str(hand_panel(table, 1, lang)[0].description)
    assert t(lang, "hand.timed_out_again_passed", count=2) in said
    assert t(lang, "hand.timed_out_again", count=2) not in said
