"""What La Bête's table and hands say, drawn from tables built from their events: its
money in the reader's plural, its own words for speaking, prompts that offer what the
buttons offer, the goal of who plays, the rounds of speaking, and the deals left."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import discord
import pytest

import bot.games
from bot.drawing.render import hand_panel, table_embed
from bot.drawing.summary import settlement_embed
from bot.game import DealInputs
from bot.games.bete import GAME as BETE
from bot.games.bete.drawing import SPEAKING
from bot.tables.table import LiveTable, apply_event, new_table
from bot.texts.i18n import LANGS, t
from games.bete import DealState, Kind, Phase
from games.duties import Must
from games.register import Register
from tests.bot.example import example_row


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    bot.games.load()


@pytest.mark.parametrize(
    ("lang", "jetons", "said"),
    [
        ("en", 0, "0 jetons"),
        ("fr", 0, "0 jeton"),
        ("en", 1, "1 jeton"),
        ("en", 11, "1 fiche 1 jeton"),
        ("en", 43, "4 fiches 3 jetons"),
        ("fr", 20, "2 fiches"),
    ],
)
def test_amounts_in_fiches_and_jetons_follow_the_readers_plural(lang, jetons, said):
    assert BETE.renderer.amount(jetons, lang) == said
    assert BETE.renderer.money(-jetons, lang) == ("±0" if not jetons else "−" + said)


# ---- a table of La Bête built from its events ------------------------------------

NAMES = ("🤖 Jean Pierre", "Arthur", "Anne Marie")


def bete_table(lang: str, seed: int = 1, names: tuple[str, ...] = NAMES) -> LiveTable:
    row = replace(example_row("lobby"), game="bete", seed=seed)
    table = new_table(row, BETE)
    apply_event(table, 1, "open", {"by": "101", "name": names[0], "lang": lang, "carried": []})
    for i, name in enumerate(names):
        apply_event(table, table.seq + 1, "join", {"player": str(101 + i), "name": name})
    apply_event(table, table.seq + 1, "start", {"by": "101", "seed": seed})
    return table


def deal(table: LiveTable, seed: int, betes: tuple[tuple[str, int], ...] = ()) -> None:
    """The next deal, the guild's register holding ``betes`` (owner, amount)."""
    session = table.session
    pot = {"reserve": 0, "stake": 0, "kings": 0}
    register = Register.of(betes)
    cards = BETE.port.deal(session, DealInputs(seed, register, pot))
    entries = [[e.id, e.owner, e.amount] for e in register.entries]
    payload = {"hand_no": table.hand_no + 1, **cards, "register": entries, "pot": pot}
    apply_event(table, table.seq + 1, "deal", payload)


def say(table: LiveTable, words: str) -> None:
    """The player to act says ``words`` (a call or a card, in the engine's notation)."""
    state = table.state
    assert isinstance(state, DealState)
    apply_event(table, table.seq + 1, "action", {"seat": state.turn, "action": words})


def description(table: LiveTable, lang: str) -> str:
    return table_embed(table, lang).description or ""


def field(table: LiveTable, lang: str, key: str) -> str:
    embed = table_embed(table, lang)
    return next(f.value or "" for f in embed.fields if f.name == t(lang, key))


def dm(table: LiveTable, seat: int, lang: str) -> tuple[str, list[str]]:
    """A seat's private hand: its text, and the labels of its buttons that act."""
    embed, view = hand_panel(table, seat, lang)
    labels = [
        str(item.label)
        for item in view.children
        if isinstance(item, discord.ui.Button) and item.custom_id and item.label != "❔"
    ]
    return embed.description or "", labels


def prompt_of(text: str) -> str:
    """The bold line that asks the player to act."""
    asked = [line for line in text.splitlines() if line.startswith("**") and "{" not in line]
    assert asked, text
    return asked[-1].strip("*")


@pytest.mark.parametrize("lang", LANGS)
def test_a_prompt_offers_exactly_the_calls_of_its_buttons(lang):
    """RULES.md §2: pass or play; once one plays, pass or contre; when all passed,
    pass or go en curieuse: the prompt says what the buttons offer, nothing else."""
    seen = set()
    for seed in range(1, 25):
        table = bete_table(lang, seed)
        deal(table, seed)
        rng = random.Random(seed)
        while isinstance(table.state, DealState) and table.state.phase in SPEAKING:
            state = table.state
            seat = state.turn
            view = state.view(seat)
            text, labels = dm(table, seat, lang)
            prompt = prompt_of(text)
            declarer = table.names[view.declarer] if view.declarer >= 0 else "?"
            offered = {a.kind for a in view.legal}
            assert labels == [BETE.renderer.action_text(a, lang) for a in view.legal]
            for kind, key in OFFERS.items():
                phrase = t(lang, key, name=declarer)
                said = re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", prompt) is not None
                assert said == (kind in offered), (prompt, kind)
            seen.add(frozenset(offered))
            say(table, str(rng.choice(view.legal)))
    kinds = {Kind.PASS, Kind.PLAY_CONTRACT}, {Kind.PASS, Kind.CONTRE}, {Kind.PASS, Kind.CURIEUSE}
    assert {frozenset(k) for k in kinds} <= seen


OFFERS = {
    Kind.PASS: "bete.offer.pass",
    Kind.PLAY_CONTRACT: "bete.offer.play",
    Kind.CONTRE: "bete.offer.contre",
    Kind.CURIEUSE: "bete.offer.curieuse",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_says_la_bete_speaks_and_does_not_bid(lang):
    table = bete_table(lang)
    deal(table, 1)
    first = table.names[table.state.turn]
    assert f"**{t(lang, 'bete.phase.speak', name=first)}**" in description(table, lang)
    assert "bid" not in description(table, "en").lower()  # the auction's word


def play_to_cards(table: LiveTable, contre: bool) -> tuple[int, int]:
    """First speaker plays, the next contres (or passes), the rest pass."""
    first = table.state.turn
    say(table, "play-contract")
    say(table, "contre" if contre else "pass")
    while table.state.phase is not Phase.PLAY:
        say(table, "pass")
    return first, table.state.contreur


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("contre", [False, True])
def test_during_play_the_table_and_every_hand_state_the_goal(lang, contre):
    """RULES.md §2 "Winning": 3 tricks, or exactly the first two if nobody takes 3."""
    table = bete_table(lang)
    deal(table, 1)
    declarer, contreur = play_to_cards(table, contre)
    assert (contreur >= 0) == contre
    names = table.names
    goals = [t(lang, "bete.goal", name=names[declarer])]
    if contre:
        goals.append(t(lang, "bete.goal.contre", name=names[contreur]))
    while not table.state.is_over:
        text = description(table, lang)
        assert all(goal in text for goal in goals), text
        for seat in range(len(names)):
            own, _ = dm(table, seat, lang)
            for who, key in ((declarer, "bete.goal"), (contreur, "bete.goal.contre")):
                if who < 0:
                    continue
                mine = t(lang, key + ".you", name=names[who])
                theirs = t(lang, key, name=names[who])
                assert (mine if seat == who else theirs) in own, own
        say(table, str(table.state.legal_actions()[0]))
    assert "3" in goals[0] and ("2" in goals[0] or "two" in goals[0])


@pytest.mark.parametrize("lang", LANGS)
def test_the_calls_show_where_each_round_of_speaking_begins(lang):
    table = bete_table(lang)
    deal(table, 1)
    names, seats = table.names, len(table.names)
    order = [(table.state.turn + i) % seats for i in range(seats)]

    def said(seat: int, call: str) -> str:
        return t(lang, "labelled", label=names[seat], text=t(lang, call))

    first_round = [said(seat, "call.pass") for seat in order]
    for _ in order:
        say(table, "pass")
    curieuse = f"*{t(lang, 'bete.round.curieuse')}*"
    assert field(table, lang, "bete.speaking").splitlines() == [*first_round, curieuse]
    say(table, "curieuse")
    say(table, "pass")
    say(table, "curieuse")
    offers = [
        said(order[0], "bete.call.curieuse"),
        said(order[1], "call.pass"),
        said(order[2], "bete.call.curieuse"),
    ]
    again = f"*{t(lang, 'bete.round.again')}*"
    lines = field(table, lang, "bete.speaking").splitlines()
    assert lines == [*first_round, curieuse, *offers, again]
    # a name with spaces and emoji stays whole, its call after it
    assert lines[0].startswith(names[order[0]] + (" : " if lang == "fr" else ": "))
    # the player to speak again reads the rounds in his hand too
    text, _ = dm(table, order[0], lang)
    assert t(lang, "bete.round.curieuse") in text and t(lang, "bete.round.again") in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_stop_during_the_first_deal_of_a_round_counts_the_whole_round(lang):
    table = bete_table(lang)
    deal(table, 1)
    apply_event(table, table.seq + 1, "stop", {"by": "101"})
    # the deal in progress counts (Session.deals_left): "3 left, this one included"
    assert t(lang, "bete.stopping", count=3) in description(table, lang)
    while not table.state.is_over:
        say(table, "pass")
    assert table.between_hands
    assert t(lang, "bete.stopping_next", count=2) in description(table, lang)
    deal(table, 2)
    assert t(lang, "bete.stopping", count=2) in description(table, lang)
    while not table.state.is_over:
        say(table, "pass")
    assert t(lang, "bete.stopping_next", count=1) in description(table, lang)
    deal(table, 3)  # the round's last: said so, not "1 more"
    assert t(lang, "bete.stopping_last") in description(table, lang)
    assert t(lang, "bete.stopping", count=1) not in description(table, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_an_agreed_stop_names_the_betes_carried_over(lang):
    table = bete_table(lang)
    deal(table, 1, betes=(("102", 16), ("103", 40)))  # Arthur's and Anne Marie's
    say(table, "pass")
    apply_event(table, table.seq + 1, "stop", {"by": "101"})
    for player in ("101", "102", "103"):
        apply_event(table, table.seq + 1, "vote", {"player": player})
    apply_event(table, table.seq + 1, "end", {"reason": "agreed"})
    # the deal was not settled: both still wait, the 40 that entered its stake included
    amounts = [BETE.renderer.amount(n, lang) for n in (16, 40)]
    entries = f"{amounts[0]} (Arthur), {amounts[1]} (Anne Marie)"
    assert t(lang, "table.carried_over", entries=entries) in description(table, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_of_a_void_deal_shows_no_tricks(lang):
    table = bete_table(lang)
    deal(table, 1)
    while not table.state.is_over:  # nobody plays, nobody goes en curieuse
        say(table, "pass")
    assert table.last is not None and table.last.outcome.void
    names = [f.name for f in settlement_embed(table, table.last, lang).fields]
    assert t(lang, "summary.tricks") not in names and t(lang, "summary.payments") in names


@pytest.mark.parametrize("lang", LANGS)
def test_a_bete_entering_the_stake_is_said_paid_in_not_crossed_out(lang):
    """RULES.md §2: the largest waiting bête enters the stake, its owner paying it in.
    The summary's register says so: "crossed out" is what La Bête Hombrée says of a
    bête, even one forgiven, and would not tell that it was paid."""
    table = bete_table(lang)
    deal(table, 1, betes=(("102", 16), ("103", 40)))  # Anne Marie's 40 enters
    while not table.state.is_over:
        say(table, "pass")
    summary = settlement_embed(table, table.last, lang)
    register = next(f.value or "" for f in summary.fields if f.name == t(lang, "table.register"))
    amount = BETE.renderer.amount(40, lang)
    assert t(lang, "summary.crossed", owner="Anne Marie", amount=amount) not in register
    assert t(lang, "summary.paid_in.bete", owner="Anne Marie", amount=amount) in register


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_names_the_bete_in_the_stake_until_a_hand_is_won(lang):
    """RULES.md §2: the bête put in play is paid into the stake and stops the game
    jetons until a deal is won; the table says whose it was and how much, from the deal
    it entered (no longer among those waiting) to the deal that wins the stake."""
    table = bete_table(lang)
    deal(table, 1, betes=(("102", 16), ("103", 40)))  # Anne Marie's 40 enters
    said = t(lang, "bete.in_play.owned", name="Anne Marie", amount=BETE.renderer.amount(40, lang))
    assert said in field(table, lang, "bete.betes")
    while not table.state.is_over:  # nobody plays: the stake, her bête in it, stays
        say(table, "pass")
    assert said in field(table, lang, "bete.betes")
    deal(table, 2, betes=(("102", 16),))
    assert not table.state.view(0).entered  # none enters while hers is in play
    assert said in field(table, lang, "bete.betes")


@pytest.mark.parametrize("lang", LANGS)
def test_a_field_titled_pot_does_not_say_pot_again(lang):
    """``/betes`` and the summary title the pot's field; the table names it on its line."""
    pot = {"reserve": 30, "stake": 12, "kings": 3}
    [(title, parts, _)] = BETE.renderer.register_fields(pot, lang)
    assert title == t(lang, "register.pot")
    assert not parts.lower().startswith(t(lang, "register.pot").lower()), parts
    for amount in (30, 12, 3):
        assert BETE.renderer.amount(amount, lang) in parts
    table = bete_table(lang)
    deal(table, 1)
    assert t(lang, "bete.pot", parts="") in description(table, lang)  # "Pot: " on its line
    while not table.state.is_over:
        say(table, "pass")
    summary = settlement_embed(table, table.last, lang)
    pot_field = next(f.value or "" for f in summary.fields if f.name == t(lang, "bete.pot_title"))
    assert not pot_field.lower().startswith(t(lang, "register.pot").lower()), pot_field


@pytest.mark.parametrize("lang", LANGS)
def test_a_summary_says_why_two_tricks_won_a_devole_s_betes_and_a_king_turned_up(lang):
    """Random deals of a fresh table (no bête waiting): a win with two tricks says they
    were the first two and nobody took three (RULES.md §2); a dévole speaks of no
    waiting bête when there is none, and of its tricks once; the dealer who turned up
    the king is said to have turned it up, not held it."""
    rng = random.Random(4)
    seen = set()
    for seed in range(200):
        table = bete_table(lang, seed)
        deal(table, seed)
        state = table.state
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions()]
            say(table, "play-contract" if "play-contract" in legal else rng.choice(legal))
        outcome = table.last.outcome
        summary = settlement_embed(table, table.last, lang)
        text = summary.description or ""
        winner = outcome.stake_winner
        two = winner >= 0 and outcome.tricks[winner] == 2
        first_two = t(lang, "bete.summary.first_two", name=table.names[max(winner, 0)])
        assert (first_two in text) == two, text
        seen.add("two" if two else "more")
        if outcome.devole:
            alone = t(lang, "bete.summary.devole_alone", name=table.names[outcome.declarer])
            assert alone in text, text
            # said once: no "takes 0 tricks" line before "takes no trick"
            zero = t(lang, "bete.summary.tricks", name=table.names[outcome.declarer], count=0)
            assert zero not in text, text
            history = BETE.renderer.history_result(state, table.names, lang)
            assert alone in history and "(0 " not in history, history
            seen.add("devole")
        king = next(f.value or "" for f in summary.fields if f.name == t(lang, "bete.king"))
        if state.king_turned():
            holder = table.names[state.dealer]
            said = {t(lang, f"bete.king.{k}.turned", name=holder) for k in ("takes", "stays")}
            assert king in said, king
            seen.add("turned")
    assert seen == {"two", "more", "devole", "turned"}, seen


def shown_words(table: LiveTable, lang: str) -> str:
    """Everything the table and every private hand say now, as one text."""
    embed = table_embed(table, lang)
    parts = [embed.description or "", *(f"{f.name} {f.value}" for f in embed.fields)]
    parts += [dm(table, seat, lang)[0] for seat in range(len(table.names))]
    return "\n".join(parts)


def test_trump_is_the_triomphe_at_the_table_in_the_hands_and_the_summaries():
    """RULES.md §2 and its source (the 1792 dictionary) call La Bête's trump *triomphe*:
    the duty a hand is told (trump, or trump lower), the king of trump and the summary
    say so, never *atout* (L'Hombre's, Bésigue's and La Bête Hombrée's word)."""
    rng = random.Random(7)
    duties = set()
    kings = 0
    for seed in range(40):
        table = bete_table("fr", seed)
        deal(table, seed)
        while not table.state.is_over:
            state = table.state
            said = shown_words(table, "fr")
            assert "atout" not in said.lower(), said
            duty = state.view(state.turn).duty
            if duty is not None and duty.must in (Must.TRUMP, Must.UNDERTRUMP):
                own, _ = dm(table, state.turn, "fr")
                assert "triomphe" in own, own  # why the other cards are greyed out
                duties.add(duty.must)
            legal = [str(a) for a in state.legal_actions()]
            say(table, "play-contract" if "play-contract" in legal else rng.choice(legal))
        summary = settlement_embed(table, table.last, "fr").to_dict()
        assert "atout" not in str(summary).lower(), summary
        kings += "Roi de triomphe" in str(summary)
    assert duties and kings, (duties, kings)
