"""Bésigue's drawings from a seat's view: the winner's combinations say which of their
cards lie on the table already, identical cards are one button, and the refusals and
typed moves read as players write them."""

from __future__ import annotations

import dataclasses
import re
from types import SimpleNamespace

import pytest

from bot.errors import UserError
from bot.games.besigue import GAME
from bot.games.besigue.codec import action_arg, action_of, parse_move
from bot.games.besigue.drawing import BesigueRenderer, phase_prompt
from bot.games.besigue.shared_drawing import play_buttons
from bot.games.besigue_haiti.drawing import HaitiRenderer
from bot.ids import ComponentId
from bot.texts.i18n import t
from games.besigue import Action, DealState, Kind, Phase, Rules, Session
from games.besigue.haiti.count import UNDER_MARQUE
from games.besigue.haiti.session import HaitiSession
from games.besigue.refusals import Refused
from games.besigue.rules import Variant, deck_for
from games.besigue.score import FEW_BRISQUES, Outcome
from games.besigue.session import SettledDeal
from games.cards import Suit, cards_of
from games.refusals import Refusal
from tests.bot.offered import offered_games, positions
from tests.games.besigue.haiti.helpers import deal as haiti_deal
from tests.games.besigue.haiti.helpers import do as haiti_do

LEADER = ["AS", "AS", "QS", "JS", "JH", "JD", "JC", "KH"]
DEALER = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "8D"]
TABLE = SimpleNamespace(id=4, moves=9, names=["Anne", "Marc"])


def deal(
    leader: list[str] = LEADER, turned: str = "9C", dealer: list[str] = DEALER, **rules: object
) -> DealState:
    """Marc deals (seat 0), Anne (seat 1) leads; clubs are trumps."""
    rest = [str(c) for c in cards_of(deck_for(2).mask)]
    for code in [*leader, *dealer, turned]:
        rest.remove(code)
    hands, cards = deck_for(2).parse_deal([dealer, leader], [turned, *rest])
    return DealState(Rules(**rules), 0, hands, cards[0], cards[1:])  # type: ignore[arg-type]


DECLARING = (Kind.SEVEN_EXCHANGE, Kind.SEVEN_SHOW, Kind.MELD, Kind.DRAW)


def play_until(state: DealState, phase: Phase) -> None:
    """Play on (every 7 of trump called, every combination laid) until ``phase``."""
    while state.phase is not phase:
        legal = state.view(state.turn).legal
        if state.phase is Phase.DECLARE:
            legal = sorted(legal, key=lambda a: DECLARING.index(a.kind))
        state.apply(legal[0])


def hand_table() -> SimpleNamespace:
    return SimpleNamespace(id=4, moves=9, names=["Anne", "Marc"], hand_no=1, session=None,
                           row=SimpleNamespace(game=GAME.id), between_hands=False)  # fmt: skip


def labels(items) -> list[str]:
    return [item.label for item in items]


def test_a_combination_names_the_cards_it_takes_from_the_table():
    state = deal()
    for words in ("play AS", "play 7S"):
        state.apply(Action.parse(words))
    assert state.phase is Phase.DECLARE
    first = labels(BesigueRenderer().declare_buttons(TABLE, state.view(1), "en"))
    assert "four jacks J♠ J♥ J♦ J♣ (40)" in first and "the bésigue Q♠ J♦ (40)" in first
    assert first[-2:] == ["Nothing more: draw", "❔"]
    state.apply(Action.parse("meld jacks JS JH JD JC"))
    for words in ("play AS", "play 8S"):
        state.apply(Action.parse(words))
    assert state.phase is Phase.DECLARE and state.turn == 1
    second = labels(BesigueRenderer().declare_buttons(TABLE, state.view(1), "en"))
    assert "the bésigue Q♠ + J♦ laid (40)" in second  # the jack served in the jacks
    assert not any("four jacks" in label for label in second)  # never twice in a kind
    buttons = BesigueRenderer().declare_buttons(TABLE, state.view(1), "fr")
    assert "le bésigue D♠ + V♦ posée (40)" in labels(buttons)
    assert all(len(item.custom_id) <= 100 for item in buttons)


def test_identical_cards_are_one_button_and_laid_cards_open_from_the_table():
    state = deal()
    view = state.view(1)
    items = play_buttons(TABLE, view, True, "en", "besigue")
    assert "A♠ ×2" in labels(items)
    ids = [item.custom_id for item in items]
    assert len(ids) == len(set(ids)) and "tb:4:9:play:AS" in ids  # one id per button
    for words in ("play AS", "play 7S", "meld jacks JS JH JD JC"):
        state.apply(Action.parse(words))
    view = state.view(1)
    items = {item.label: item for item in play_buttons(TABLE, view, True, "en", "besigue")}
    assert items["J♠ (laid)"].custom_id == "tb:4:9:play:JS" and not items["J♠ (laid)"].disabled
    others = play_buttons(TABLE, state.view(0), False, "en", "besigue")  # not his turn: all greyed
    assert all(item.disabled for item in others)


def test_laid_cards_stand_in_a_row_of_their_own_open_when_they_may_be_played():
    state = deal()
    for words in ("play AS", "play 7S", "meld jacks JS JH JD JC"):
        state.apply(Action.parse(words))
    view = state.view(1)
    assert view.phase is Phase.PLAY1 and view.turn == 1  # Anne leads: any card, laid or not
    hand, laid = BesigueRenderer().hand_rows(view, "en")
    assert laid.label == "Laid on the table" and not hand.label
    assert sorted(str(c) for c in laid.cards) == ["JC", "JD", "JH", "JS"]
    assert not set(laid.cards) & set(hand.cards)  # apart from the hand, never twice
    assert laid.playable is not None and set(laid.cards) <= laid.playable  # none greyed
    assert hand.playable is not None and set(hand.cards) <= hand.playable
    assert BesigueRenderer().hand_rows(view, "fr")[1].label == "Posées sur la table"
    # Marc sees his own hand, and no row of Anne's: her laid cards are on the table message
    (marc,) = BesigueRenderer().hand_rows(state.view(0), "en")
    assert marc.playable is None and not {str(c) for c in marc.cards} & {"JS", "JH", "JD", "JC"}


@pytest.mark.parametrize(
    "typed, words",
    [
        ("meld marriage KH QH", "meld marriage KH QH"),
        ("seven show", "seven show"),
        ("montrer le 7", "seven show"),
        ("échanger le 7", "seven exchange"),
        ("rien", "draw"),
        ("R♥", "play KH"),
        ("JS laid", "play JS laid"),
        ("V♠ posée", "play JS laid"),
    ],
)
def test_typed_moves(typed, words):
    assert str(parse_move(typed)) == words


def test_component_arguments_round_trip_and_refuse_forgeries():
    for words in ("play QS", "play QS laid", "meld double-besigue QS QS JD JD", "seven show"):
        action = Action.parse(words)
        verb = {"play": "play", "meld": "meld"}.get(words.split()[0], "call")
        assert action_of(verb, action_arg(action)) == action
    with pytest.raises(ValueError):
        action_of("play", "QS:hidden")
    with pytest.raises(ValueError):
        action_of("meld", "nonsense:QS")
    with pytest.raises(UserError):
        parse_move("the queen, please")


@pytest.mark.parametrize(("seated", "target"), [(1, 1000), (2, 1000), (3, 600), (4, 600)])
def test_the_lobby_says_the_target_and_the_cards_dealt_for_the_players_seated(
    seated: int, target: int
) -> None:
    """A lobby lists the target as it stands for the players seated (the rules': 1000
    with two, 600 with more) and the cards each is dealt, even when nobody changed them;
    and nothing of a game with bêtes.  Partnerships, as they stand too: at four only."""
    players = [str(n) for n in range(seated)]
    lobby = SimpleNamespace(rules=Rules(), players=players)
    for lang, points, cards in (("fr", "but : {} points", "cartes par joueur : 8"),
                                ("en", "target: {} points", "cards each: 8")):  # fmt: skip
        lines = GAME.renderer.options_lines(lobby, lang)
        assert lines == [points.format(target), cards]
    rules = Rules(target=1500, hand_size=9, partnerships=True)
    chosen = SimpleNamespace(rules=rules, players=players)
    alone = "partnerships: at four only (with fewer, each plays for himself)"
    assert GAME.renderer.options_lines(chosen, "en") == [
        "target: 1500 points",
        "cards each: 9",
        "partnerships: yes" if seated == 4 else alone,
    ]


@pytest.mark.parametrize("must_win", [False, True])
def test_phase_2_is_worded_after_the_table_s_rule_to_beat_the_card(must_win: bool) -> None:
    """With ``phase2_must_win`` the stock's line and the prompt say to beat the card led
    (the engine refuses a card that follows without beating it); without, they do not."""
    state = deal(phase2_must_win=must_win)
    play_until(state, Phase.PLAY2)
    view, renderer = state.view(state.turn), BesigueRenderer()
    for lang, beat in (("en", "follow suit and beat"), ("fr", "fournir et monter")):
        stock = renderer.stock_line(view, ["Marc", "Anne"], lang)
        assert (beat in stock) is must_win
        lines, _ = renderer.hand_body(hand_table(), view, view.seat, lang, "")
        prompt = lines[-1]
        assert prompt.startswith("**") and ("beat" in prompt or "montant" in prompt) is must_win


@pytest.mark.parametrize(("leader", "turned", "seven"), [
    (["AS", "AS", "QS", "JS", "JH", "JD", "7C", "KH"], "9C", "7 of trump exchanged (10)"),
    (LEADER, "7C", "turned 7 to the dealer (10)"),
])  # fmt: skip
def test_the_count_s_combinations_and_7s_add_up_to_the_list_under_it(
    leader: list[str], turned: str, seven: str
) -> None:
    """Each seat's "combinations and 7s" in the count is the sum of what the field of
    the deal's combinations lists for it: the 7s of trump are named there too."""
    session = Session(["Marc", "Anne"])
    rest = [str(c) for c in cards_of(deck_for(2).mask)]
    for code in [*leader, *DEALER, turned]:
        rest.remove(code)
    hands, cards = deck_for(2).parse_deal([DEALER, leader], [turned, *rest])
    state = session.deal_hands(hands, cards[1:], cards[0])
    play_until(state, Phase.DONE)
    table = SimpleNamespace(names=["Marc", "Anne"], hand_no=1, state=state)
    settled = session.settle(state)
    _, count, [(heading, listed, _)] = BesigueRenderer().settlement(table, settled, "en")
    assert heading == "Combinations of the deal" and seven in listed
    for seat, name in enumerate(table.names):
        line = next((ln for ln in listed.splitlines() if ln.startswith(f"**{name}**")), "")
        points = sum(int(n) for n in re.findall(r"\((\d+)\)", line))
        assert f"**{name}**: combinations and 7s of trump {settled.outcome.melds[seat]} ·" in count
        assert points == settled.outcome.melds[seat]
    _, count, _ = BesigueRenderer().settlement(table, settled, "fr")
    assert "combinaisons et 7 d'atout " in count and "7 d'atout :" not in count


def test_in_phase_2_the_table_lists_the_deal_s_combinations_not_cards_on_the_table() -> None:
    state = deal()
    renderer, table = BesigueRenderer(), hand_table()
    for words in ("play AS", "play 7S"):
        state.apply(Action.parse(words))
    play_until(state, Phase.PLAY1)  # Anne laid her four jacks
    [(heading, _, _)] = renderer.public_fields(table, renderer.public_view(state.view(0)), "en")
    assert heading == "On the table"
    play_until(state, Phase.PLAY2)  # the laid cards are back in the hands
    for lang, words in (("en", "Combinations of the deal"), ("fr", "Combinaisons de la donne")):
        [(heading, _, _)] = renderer.public_fields(table, state.view(0), lang)
        assert heading == words


def test_the_lead_offers_laid_cards_only_to_one_who_has_some() -> None:
    """In phase 1 a card may be played from the hand or from those laid: the prompt
    speaks of laid cards only to a player who has laid some."""
    renderer, table = BesigueRenderer(), hand_table()
    state = deal()
    lines, _ = renderer.hand_body(table, state.view(1), 1, "en", "")  # Anne leads the first
    assert lines[-1] == "**Your turn: any card.**"
    for words in ("play AS", "play 7S", "meld jacks JS JH JD JC"):
        state.apply(Action.parse(words))
    assert state.phase is Phase.PLAY1 and state.turn == 1
    lines, _ = renderer.hand_body(table, state.view(1), 1, "fr", "")
    assert lines[-1] == "**À vous de jouer : n'importe quelle carte, de la main ou posée.**"


@pytest.mark.parametrize("renderer", [BesigueRenderer(), HaitiRenderer()], ids=["classic", "haiti"])
def test_the_others_are_told_what_the_tricks_winner_is_choosing(renderer) -> None:
    """While the trick's winner chooses a combination (or the 7, or to draw), the
    others' hands say so, as the table does, not only whose turn it is."""
    table = hand_table()
    if isinstance(renderer, HaitiRenderer):
        state = haiti_deal(["7S 8S 9S 8D 9D 8C 9C JH 10H", "AS KH QH 7C 10D JC QC KC JK"])
        haiti_do(state, "1 play 10D", "0 play 8D")  # a marriage to lay, or none
    else:
        state = deal()
        for words in ("play AS", "play 7S"):
            state.apply(Action.parse(words))
    winner = state.turn
    other = (winner + 1) % 2
    lines, _ = renderer.hand_body(table, state.view(other), other, "en", "")
    said = renderer.phase_line(renderer.public_view(state.view(other)), table.names, "en")
    assert lines[-1] == said and "took the trick" in said
    assert t("en", "hand.turn_of", name=table.names[winner]) not in lines


def test_the_winner_is_offered_the_7_only_when_he_may_call_it() -> None:
    """The hand's prompt follows the calls open; the table's, which cannot see the hand,
    drops the 7 once the winner has called his for the trick."""
    names, renderer, table = ["Marc", "Anne"], BesigueRenderer(), hand_table()
    state = deal()  # Anne holds no 7 of trump
    for words in ("play AS", "play 7S"):
        state.apply(Action.parse(words))
    lines, _ = renderer.hand_body(table, state.view(1), 1, "en", "")
    assert lines[-1] == "**You took the trick: a combination, or nothing more.**"
    public = renderer.public_view(state.view(1))
    assert "shows the 7" in phase_prompt(public, names, "en")  # her hand is not seen
    state = deal(["AS", "AS", "QS", "JS", "JH", "JD", "7C", "KH"])
    for words in ("play AS", "play 7S"):
        state.apply(Action.parse(words))
    lines, _ = renderer.hand_body(table, state.view(1), 1, "fr", "")
    assert "7 d'atout" in lines[-1]
    state.apply(Action.parse("seven show"))
    assert state.phase is Phase.DECLARE  # a combination may follow
    lines, _ = renderer.hand_body(table, state.view(1), 1, "fr", "")
    assert lines[-1] == "**Vous avez fait le pli : une combinaison, ou rien de plus.**"
    public = renderer.public_view(state.view(1))
    assert phase_prompt(public, names, "en") == "Anne took the trick: lays a combination or draws"


def test_the_table_drops_the_7_once_no_7_of_trump_may_be_in_a_hand() -> None:
    """The table cannot see the winner's hand: it offers the 7 while a pack's 7 of trump
    may be in a hand without having scored, and no longer once each is accounted for:
    the turned one under the stock, the other shown, or played without scoring."""
    names, renderer = ["Marc", "Anne"], BesigueRenderer()
    anne = ["AS", "AS", "KC", "QC", "10S", "10D", "JH", "JD"]
    marc = ["7H", "8H", "9H", "KD", "QD", "JS", "8S", "9S"]  # the other 7♥, a marriage

    def public_prompt(state: DealState) -> str:
        return phase_prompt(renderer.public_view(state.view(1)), names, "en")

    state = deal(anne, turned="7H", dealer=marc)  # hearts are trumps, the turned card a 7
    for words in ("play 10S", "play 8H"):
        state.apply(Action.parse(words))
    assert state.phase is Phase.DECLARE and state.turn == 0
    assert "shows the 7" in public_prompt(state)
    for words in ("seven show", "draw", "play 9H", "play 10D"):
        state.apply(Action.parse(words))
    assert state.phase is Phase.DECLARE and state.turn == 0  # the marriage may be laid
    assert public_prompt(state) == "Marc took the trick: lays a combination or draws"
    state = deal(anne, turned="7H", dealer=marc)
    for words in ("play AS", "play 7H"):  # Marc's 7 played without scoring
        state.apply(Action.parse(words))
    assert state.phase is Phase.DECLARE and state.turn == 0
    assert public_prompt(state) == "Marc took the trick: lays a combination or draws"


def test_a_7_that_reaches_the_target_leaves_it_to_the_count_and_says_so() -> None:
    """A 7 of trump is no combination (RULES.md §4): the match goes on, and the table
    says why; the deal's count then decides, not "during the deal"."""
    session = Session(["Marc", "Anne"], scores=[0, 995])
    leader = ["AS", "AS", "QS", "JS", "JH", "JD", "7C", "KH"]  # Anne: the 7 of clubs
    rest = [str(c) for c in cards_of(deck_for(2).mask)]
    for code in [*leader, *DEALER, "9C"]:
        rest.remove(code)
    hands, cards = deck_for(2).parse_deal([DEALER, leader], ["9C", *rest])
    state = session.deal_hands(hands, cards[1:], cards[0])
    for words in ("play AS", "play 7S", "seven show"):
        state.apply(Action.parse(words))
    assert not state.is_over
    table = SimpleNamespace(
        names=["Marc", "Anne"], hand_no=1, state=state, session=session, status="playing"
    )
    for lang, words in (("en", "ends nothing at once"), ("fr", "ne finit rien aussitôt")):
        lines = BesigueRenderer().session_lines(table, state.view(0), lang)
        assert "1005" in lines[0] and words in lines[1]
    before = BesigueRenderer().session_lines(table, None, "en")  # between deals: no note
    assert len(before) == 1
    draw = Action.parse("draw")
    while not state.is_over:  # no combination laid: only the count can end it
        legal = state.legal_actions()
        state.apply(draw if draw in legal else legal[0])
    _, count, _ = BesigueRenderer().settlement(table, session.settle(state), "en")
    assert "during the deal" not in count and session.winner == 1


def test_a_seat_that_took_no_brisque_is_not_told_its_brisques_did_not_count() -> None:
    """At three, a side under 8 brisques has them not counted; a seat that took none
    lost nothing, and its count says "0 brisques 0" as at two."""
    outcome = Outcome(
        trump=Suit.C, melds=(40, 0, 250), last_trick=2, brisque_cards=(3, 0, 10),
        brisques=(0, 0, 100), brisques_lost=(FEW_BRISQUES, FEW_BRISQUES, None),
        points=(40, 0, 360), tricks=(9, 3, 20), teams=(0, 1, 2), scores_before=(0, 0, 0),
        scores=(40, 0, 360), target=1000, over=False, winner=None, en_bas_table=False,
        ended_at_once=False, best=(None, None, None), net=(0, 0, 0),
    )  # fmt: skip
    for lang, lost, none in (
        ("en", "3 brisques not counted (fewer than 8)", "0 brisques 0"),
        ("fr", "3 brisques non comptées (moins de 8)", "0 brisque 0"),
    ):
        anne, marc, paul = BesigueRenderer().count_lines(outcome, ["Anne", "Marc", "Paul"], lang)
        assert lost in anne and "100" not in anne
        assert none in marc and ("not counted" not in marc and "non compt" not in marc)
        assert "10 brisques 100" in paul


def test_with_partners_brisques_not_counted_name_the_side_s_threshold() -> None:
    """At four in partnerships the 8 brisques are the side's: a seat with 5 of them
    (its partner 2) reads that the side had fewer than 8, not that it did itself."""
    outcome = Outcome(
        trump=Suit.C, melds=(40, 0, 250, 0), last_trick=1, brisque_cards=(5, 4, 2, 5),
        brisques=(0, 40, 0, 50), brisques_lost=(FEW_BRISQUES, None, FEW_BRISQUES, None),
        points=(40, 50, 250, 50), tricks=(9, 3, 10, 10), teams=(0, 1, 0, 1),
        scores_before=(0, 0), scores=(290, 100), target=1000, over=False, winner=None,
        en_bas_table=False, ended_at_once=False, best=(None,) * 4, net=(0,) * 4,
    )  # fmt: skip
    names = ["Anne", "Marc", "Paul", "Zoé"]
    for lang, lost in (
        ("en", "5 brisques not counted (fewer than 8 for the side)"),
        ("fr", "5 brisques non comptées (moins de 8 pour le camp)"),
    ):
        anne, marc, _, _ = BesigueRenderer().count_lines(outcome, names, lang)
        assert lost in anne, anne
        assert "4 brisques 40" in marc, marc
    haitian = dataclasses.replace(outcome, brisques_lost=(UNDER_MARQUE, None, UNDER_MARQUE, None))
    anne, _, _, _ = HaitiRenderer().count_lines(haitian, names, "en")
    assert "5 brisques not counted (the side's marque under 200)" in anne, anne


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_combinations_beyond_discord_s_buttons_are_said_and_typed(lang):
    """More combinations than buttons (a hand set up for it, never seen in play): the
    first fit Discord's 25 buttons with the calls, ❔, 💡 and the link to the table, the
    hand says how many more."""
    state = deal()
    for words in ("play AS", "play 7S"):
        state.apply(Action.parse(words))
    view = state.view(1)
    melds = [a for a in view.legal if a.kind is Kind.MELD]
    many = dataclasses.replace(
        view, legal=tuple(melds * 20 + [a for a in view.legal if a not in melds])
    )
    renderer = BesigueRenderer()
    lines, items = renderer.hand_body(hand_table(), many, 1, lang, "")
    assert len(items) == 23 and items[-1].label == "❔"  # the hint and the link: two more
    unshown = len(melds) * 20 - 21  # the draw and ❔ take two buttons
    said = t(lang, "besigue.more_melds", count=unshown)
    assert said in lines and str(unshown) in said
    assert ("/jouer" if lang == "fr" else "/play") in said  # the command as its reader sees it
    lines, items = renderer.hand_body(hand_table(), view, 1, lang, "")
    assert not any("/play" in line for line in lines)  # as few as in play: nothing said


@pytest.mark.parametrize(("lang", "said"), [("en", "at most 2 jokers"), ("fr", "au plus 2 jokers")])
def test_too_many_jokers_is_said_with_the_tables_number(lang, said):
    rules = Rules(variant=Variant.HAITI, jokers_per_quartet=2)
    view = SimpleNamespace(rules=rules, phase=Phase.DECLARE, turn=1, seat=1)  # its declaring
    action = Action.parse("meld aces AS JK JK JK")
    key, args = HaitiRenderer().refusal(view, action, Refusal(Refused.JOKERS_MANY, ""))
    assert key == "haiti.error.jokers_many" and said in t(lang, key, **args, legal="")


@pytest.mark.parametrize(("lang", "said"), [("en", "higher one of its family"), ("fr", "famille")])
def test_a_card_that_has_served_is_refused_after_the_table_s_rule_of_reuse(lang, said):
    """Under ``reuse=class`` a trump marriage out of a declared trump sequence is refused
    for the sequence, a combination of another kind: the words say a card may not serve
    in a lower combination of its family either; by default, only the same kind."""
    action = Action.parse("meld trump-marriage KC QC")
    refused = Refusal(Refused.MELD_SERVED, "")
    for reuse, family in (("class", True), ("kind", False)):
        view = SimpleNamespace(rules=Rules(reuse=reuse), phase=Phase.DECLARE, turn=1, seat=1)
        key, args = BesigueRenderer().refusal(view, action, refused)
        assert (said in t(lang, key, **args, legal="")) is family, key


@pytest.mark.parametrize("renderer", [HaitiRenderer, BesigueRenderer])
@pytest.mark.parametrize(("lang", "said"), [("en", "one more deal"), ("fr", "une donne de plus")])
def test_a_tie_past_the_target_says_what_comes_next(renderer, lang, said):
    """At both Bésigues (the classic game said only the scores, leaving the players to
    wonder why nobody won)."""
    outcome = Outcome(
        trump=Suit.C, melds=(40, 60), last_trick=None, brisque_cards=(10, 10),
        brisques=(100, 100), brisques_lost=(None, None), points=(140, 160),
        tricks=(20, 20), teams=(0, 1), scores_before=(880, 860), scores=(1020, 1020),
        target=1000, over=False, winner=None, en_bas_table=False, ended_at_once=False,
        best=(None, None), net=(0, 0),
    )  # fmt: skip
    lines = renderer().summary_lines(SettledDeal(0, outcome), ["Anne", "Marc"], lang)
    assert any(said in line for line in lines), lines
    past = dataclasses.replace(outcome, scores=(1020, 990), over=True, winner=0)
    assert not any(said in line for line in renderer().summary_lines(
        SettledDeal(0, past), ["Anne", "Marc"], lang))  # fmt: skip
    short = dataclasses.replace(outcome, scores=(980, 980))
    assert not any(said in line for line in renderer().summary_lines(
        SettledDeal(0, short), ["Anne", "Marc"], lang))  # fmt: skip


@pytest.mark.parametrize(("lang", "said"), [("en", "end of the deal"), ("fr", "fin de donne")])
def test_a_haitian_marque_at_the_target_by_its_sevens_says_why_play_goes_on(lang, said):
    """The 7 of trump is on the marque at once but counts toward the target at the end
    of the deal only: a marque that shows the target reached mid-deal says so."""
    state = haiti_deal(
        ["7S 8S 9S 8D 9D 8C 9C JH 10H", "AS KH QH 7C 10D JC QC KC JK"], scores=[0, 930]
    )
    haiti_do(state, "1 play 10D", "0 play 8D", "1 meld trump-marriage KC QC", "1 play 7C")
    haiti_do(state, "0 play 8S", "1 meld marriage KH QH")  # 1000 with the 7, not over
    assert not state.is_over and max(state.side_scores()) == 1000
    session = HaitiSession(["Anne", "Marc"], scores=[0, 930])
    table = SimpleNamespace(names=["Anne", "Marc"], session=session, status="playing")
    renderer = HaitiRenderer()
    assert said in "\n".join(renderer.session_lines(table, state.view(0), lang))
    early = haiti_deal(["7S 8S 9S 8D 9D 8C 9C JH 10H", "AS KH QH 7C 10D JC QC KC JK"])
    assert said not in "\n".join(renderer.session_lines(table, early.view(0), lang))
    # past the target without the 7s (a deal after a tie): not for the 7s it goes on
    tied = haiti_deal(
        ["7S 8S 9S 8D 9D 8C 9C JH 10H", "AS KH QH 7C 10D JC QC KC JK"], scores=[1020, 900]
    )
    haiti_do(tied, "1 play 10D", "0 play 8D", "1 meld trump-marriage KC QC", "1 play 7C")
    haiti_do(tied, "0 play 8S")  # the 7 scores as its trick is complete
    assert tied.view(0).sevens and not tied.is_over
    assert said not in "\n".join(renderer.session_lines(table, tied.view(0), lang))


@pytest.mark.parametrize("game", ["besigue", "besigue-haiti"])
def test_a_card_button_s_label_typed_with_play_is_its_card(game):
    """ "R♥ ×2", "D♣ (posée)": a card's button, as labelled, typed back with ``/play``
    plays that card, as the engine takes it."""
    table_game = next(g for g in offered_games() if g.id == game)
    words, typed = ("besigue" if game == "besigue" else "haiti"), 0
    for seed in range(3):
        for state in positions(table_game, seed):
            view = state.view(state.turn)
            for lang in ("fr", "en"):
                for item in play_buttons(SimpleNamespace(id=1, moves=3), view, True, lang, words):
                    if item.disabled:
                        continue
                    cid = ComponentId.parse(item.custom_id)
                    wanted = action_of(cid.verb, cid.arg)
                    read = table_game.renderer.parse_move(item.label)
                    assert read.card == wanted.card and state.check(read) is None, item.label
                    typed += 1
    assert typed
