"""Haitian Bésigue's drawings from a seat's view: the marque and trump (not fixed
yet, then by whose marriage), the combinations offered with the jokers standing in
said as such and the cards already laid apart, in French and English, never more
buttons than a message holds, jokers last in the hand, a joker's own card, and a
partie won said in the Haitian players' words."""

from __future__ import annotations

import re
from types import SimpleNamespace

from bot.drawing.pictures.faces import JOKER_COLOUR, card_face
from bot.drawing.wording import card_text
from bot.games.besigue_haiti import GAME
from bot.games.besigue_haiti.drawing import HaitiRenderer
from bot.games.besigue_haiti.words import partie_lines, stock_text, trump_text
from bot.texts.i18n import t
from games.besigue import Action, Kind
from games.besigue.flow import Phase
from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.match import Match
from games.besigue.haiti.session import HaitiSession
from games.besigue.rules import Rules, Variant, deck_for
from games.cards import Card, cards_of

LEADER = ["AS", "AH", "AD", "JK", "KH", "QH", "10D", "9D", "8D"]
DEALER = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "7C", "8C"]


def dealt(leader: list[str] = LEADER) -> tuple[list[int], list[int]]:
    """The hands (Marc, the dealer, then Anne) and the stock of the 132 cards."""
    rest = [str(c) for c in cards_of(deck_for(2, Variant.HAITI).mask)]
    for code in [*leader, *DEALER]:
        rest.remove(code)
    return deck_for(2, Variant.HAITI).parse_deal([DEALER, leader], rest)


def deal(leader: list[str] = LEADER, **options: object) -> tuple[HaitiDeal, SimpleNamespace]:
    """Marc deals (seat 0), Anne (seat 1) leads."""
    rules = Rules(variant=Variant.HAITI, **options)  # type: ignore[arg-type]
    session = HaitiSession(["Marc", "Anne"], rules=rules)
    state = session.deal_hands(*dealt(leader))
    table = SimpleNamespace(
        id=4, moves=9, names=["Marc", "Anne"], session=session, between_hands=False,
        status="playing", hand_no=1, row=SimpleNamespace(game=GAME.id),
    )  # fmt: skip
    return state, table


def do(state: HaitiDeal, *words: str) -> None:
    for text in words:
        state.apply(Action.parse(text))


def labels(items) -> list[str]:
    return [item.label for item in items]


def test_the_table_says_no_trump_then_whose_marriage_fixed_it() -> None:
    state, table = deal()
    renderer = HaitiRenderer()
    lines = renderer.status_lines(table, state.view(0), "en")
    assert any("**No trump yet**" in line for line in lines)
    assert "Marque: Marc **0** · Anne **0** — partie to 1000" in lines
    assert "Toward a hundred: Marc 0 · Anne 0" in lines
    do(state, "play 10D", "play 7D", "meld trump-marriage KH QH")
    lines = renderer.status_lines(table, state.view(0), "fr")
    assert any("**Atout : ♥ cœur** (mariage d'Anne)" in line for line in lines)
    fields = renderer.public_fields(table, renderer.public_view(state.view(0)), "en")
    assert fields == [("On the table", "**Anne**: the trump marriage K♥ Q♥ (40)\n"
                       "  laid: K♥ Q♥", False)]  # fmt: skip


def test_a_joker_standing_in_and_the_cards_laid_are_said_as_such() -> None:
    state, table = deal()
    do(state, "play 10D", "play 7D", "meld trump-marriage KH QH", "play 9D", "play 7S")
    en = labels(HaitiRenderer().declare_buttons(table, state.view(1), "en"))
    assert en == [
        "a carré of aces A♠ A♥ A♦ + 1 joker standing in (100)",
        "Nothing more: draw",
        "❔",
    ]
    fr = labels(HaitiRenderer().declare_buttons(table, state.view(1), "fr"))
    assert fr[0] == "un carré d'as A♠ A♥ A♦ + 1 joker à la place (100)"
    do(state, "meld aces AS AH AD JK", "play KH", "play 8S")
    # the laid K♥ was played: no quinte, nothing else to lay
    assert state.turn == 1


def test_never_more_buttons_than_a_message_holds() -> None:
    four = ["AS", "AH", "AD", "JK", "JK", "JK", "JK", "KH", "QH"]
    state, table = deal(four, jokers_per_quartet=3)
    do(state, "play AD", "play 7D", "meld trump-marriage KH QH", "play QH", "play 7S")
    items = HaitiRenderer().declare_buttons(table, state.view(1), "en")
    assert len(items) <= 25 and all(item.row is not None and item.row < 5 for item in items)
    assert labels(items)[:4] == [
        "the carré of jokers 4 jokers (200)",
        "a carré of aces A♠ A♥ + 2 jokers standing in (100)",
        "a carré of aces A♠ + 3 jokers standing in (100)",
        "a carré of aces A♥ + 3 jokers standing in (100)",
    ]
    assert "a carré of kings + K♥ laid + 3 jokers standing in (80)" in labels(items)
    assert labels(items)[-2:] == ["Nothing more: draw", "❔"]
    assert all(len(item.custom_id) <= 100 for item in items if item.custom_id)


def test_jokers_last_in_the_hand_and_a_joker_card_of_its_own() -> None:
    state, _ = deal()
    [hand] = HaitiRenderer().hand_rows(state.view(1), "en")
    assert hand.cards[-1].is_joker
    assert card_text(Card.joker(), "fr") == card_text(Card.joker(), "en") == "Joker"
    face = card_face(Card.joker(), "en", 60)
    assert JOKER_COLOUR in {face.getpixel((x, y)) for x in range(60) for y in range(84)}


def test_a_partie_won_in_the_haitian_words() -> None:
    session = HaitiSession(["Marc", "Anne"], rules=Rules(variant=Variant.HAITI),
                           match=Match((0, 3), (0, 0)), scores=[300, 980])  # fmt: skip
    state = session.deal_hands(*dealt())
    do(state, "play 10D", "play 7D", "meld trump-marriage KH QH")
    settled = session.settle(state)
    en = partie_lines(settled, ["Marc", "Anne"], "en")
    assert en == [
        "**Anne wins the partie anbatab: it counts double.**",
        "**Anne gives a hundred to Marc** (*donne cent points*): Marc starts every partie"
        " with 100.",
    ]
    fr = partie_lines(settled, ["Marc", "Anne"], "fr")
    assert fr[1] == "**Anne donne cent points à Marc** : Marc part avec 100 à chaque partie."


def test_between_parties_the_counters_show_once_and_a_stop_done_is_not_asked_still() -> None:
    """After a partie won, the table names its winner and shows the counters toward a
    hundred once; once the deal asked to stop on is counted, no line says a stop is
    asked any more."""
    session = HaitiSession(["Marc", "Anne"], rules=Rules(variant=Variant.HAITI),
                           match=Match((0, 1), (0, 0)), scores=[300, 980])  # fmt: skip
    state = session.deal_hands(*dealt())
    do(state, "play 10D", "play 7D", "meld trump-marriage KH QH")  # Anne reaches 1000
    session.request_stop()
    table = SimpleNamespace(
        id=4, moves=9, names=["Marc", "Anne"], session=session, between_hands=False,
        status="playing", hand_no=1,
    )  # fmt: skip
    renderer = HaitiRenderer()
    assert renderer.stopping(table, "en") in renderer.status_lines(table, state.view(0), "en")
    session.settle(state)
    table.between_hands = True
    lines = renderer.status_lines(table, None, "en")
    assert "**Anne wins the partie anbatab: it counts double.**" in lines
    assert [line for line in lines if "Toward a hundred" in line] == [
        "Toward a hundred: Marc 0 · Anne 3"
    ]
    assert renderer.stopping(table, "en") not in lines


def test_between_parties_the_table_shows_the_marque_that_won_then_the_new_partie() -> None:
    """The marque that decided the partie, its winner, then the new partie's marque
    (the head start of a hundred given) and the counters."""
    session = HaitiSession(["Marc", "Anne"], rules=Rules(variant=Variant.HAITI),
                           match=Match((0, 3), (0, 0)), scores=[300, 980])  # fmt: skip
    state = session.deal_hands(*dealt())
    do(state, "play 10D", "play 7D", "meld trump-marriage KH QH")  # Anne reaches 1020
    settled = session.settle(state)
    table = SimpleNamespace(names=["Marc", "Anne"], session=session, between_hands=True,
                            status="playing")  # fmt: skip
    final = [f"Marc **{settled.outcome.scores[0]}**", f"Anne **{settled.outcome.scores[1]}**"]
    new = [f"Marc **{session.scores[0]}**", f"Anne **{session.scores[1]}**"]
    assert settled.outcome.scores[1] >= 1000 and session.scores == [100, 0]
    lines = HaitiRenderer().status_lines(table, None, "en")
    assert all(part in lines[0] for part in final)
    assert lines[1].startswith("**Anne wins the partie")
    assert lines.index(next(ln for ln in lines if all(p in ln for p in new))) > 1
    fr = HaitiRenderer().status_lines(table, None, "fr")
    assert any(ln.startswith("Nouvelle partie : ") and new[0] in ln for ln in fr)


def play_until(state: HaitiDeal, phase: Phase) -> None:
    """Play on (every combination laid) until ``phase``."""
    while state.phase is not phase:
        legal = state.view(state.turn).legal
        if state.phase is Phase.DECLARE:
            legal = sorted(legal, key=lambda a: a.kind is Kind.DRAW)
        state.apply(legal[0])


def test_the_count_reads_and_adds_up_with_the_7s_listed() -> None:
    """The count's "combinations and 7s" is what the list of the deal names for each
    seat (its 7s of trump too), and reads apart from the next number in French."""
    state, table = deal()
    do(state, "play 10D", "play 7D", "meld trump-marriage KH QH")
    play_until(state, Phase.DONE)
    session = table.session
    table.state = state
    settled = session.settle(state)
    _, count, [(_, listed, _)] = HaitiRenderer().settlement(table, settled, "en")
    assert state.sevens and "7 of trump in trick" in listed
    for seat, name in enumerate(table.names):
        line = next((ln for ln in listed.splitlines() if ln.startswith(f"**{name}**")), "")
        assert sum(int(n) for n in re.findall(r"\((\d+)\)", line)) == settled.outcome.melds[seat]
    _, count, _ = HaitiRenderer().settlement(table, settled, "fr")
    # one colon, after the name, as the count's other parts have none of their own
    assert f"**Anne** : combinaisons et 7 d'atout {settled.outcome.melds[1]} ·" in count


def test_in_phase_2_the_table_lists_the_deal_s_combinations() -> None:
    state, table = deal()
    do(state, "play 10D", "play 7D", "meld trump-marriage KH QH")
    renderer = HaitiRenderer()
    [(heading, _, _)] = renderer.public_fields(table, state.view(0), "en")
    assert heading == "On the table"
    play_until(state, Phase.PLAY2)  # the laid cards are back in the hands
    [(heading, _, _)] = renderer.public_fields(table, state.view(0), "fr")
    assert heading == "Combinaisons de la donne"


def test_the_command_says_the_partie_s_target_as_a_table_plays_it() -> None:
    target = GAME.spec.options_from({}).target  # whatever the number of players
    assert f"parties to {target}," in GAME.command.description + ","


def test_a_deal_over_says_its_trump_without_the_rule_of_the_play() -> None:
    state, _ = deal()
    do(state, "play 10D", "play 7D", "meld trump-marriage KH QH")
    play_until(state, Phase.PLAY2)
    names = ["Marc", "Anne"]
    rule = t("en", "haiti.phase2_line")
    assert rule in stock_text(state.view(0), names, "en")
    play_until(state, Phase.DONE)
    for seat in (0, 1):
        assert stock_text(state.view(seat), names, "en") == trump_text(
            state.view(seat), names, "en"
        )


def test_a_deal_that_never_fixed_trump_says_it_has_none_once_the_stock_is_out() -> None:
    """No marriage laid before the stock ran out: the deal has no trump (RULES.md
    §4.1), and neither the table nor the prompt speaks of trump still to come or of
    trumping."""
    state, table = deal()
    while state.phase is not Phase.PLAY2:  # every winner draws, nobody lays anything
        legal = state.view(state.turn).legal
        state.apply(next((a for a in legal if a.kind is Kind.DRAW), legal[0]))
    assert state.view(0).trump is None
    names, renderer = ["Marc", "Anne"], HaitiRenderer()
    for lang, no_trump, trumping in (
        ("en", "**No trump**", "trump"),
        ("fr", "**Sans atout**", "coupe"),
    ):
        said = stock_text(state.view(0), names, lang)
        assert said.startswith(no_trump) and t(lang, "haiti.no_trump") not in said, said
        assert trumping not in said.split(" — ", 1)[1], said
        seat = state.turn
        lines, _ = renderer.hand_body(table, state.view(seat), seat, lang, "")
        prompt = t(lang, "haiti.your_turn.play2.no_trump")
        assert any(prompt in line for line in lines), lines
        assert not any(t(lang, "haiti.your_turn.play2") in line for line in lines)
    play_until(state, Phase.DONE)
    assert stock_text(state.view(0), names, "en").startswith("**No trump**")


def test_brisques_by_majority_say_why_they_count_other_than_ten_each() -> None:
    """``brisques=majority`` at four in partnerships: the side without the majority
    loses 200, half each; said so, or "10 brisques −100" reads as a mistake."""
    outcome = SimpleNamespace(
        teams=(0, 1, 0, 1), melds=(130, 0, 40, 20), last_trick=0, ended_at_once=False,
        brisque_cards=(12, 10, 9, 1), brisques=(120, -100, 90, -100),
        brisques_lost=(None, None, None, None), points=(260, -100, 130, -80),
    )  # fmt: skip
    names = ["Marc", "Anne", "Paul", "Rose"]
    lines = HaitiRenderer().count_lines(outcome, names, "en")
    assert "12 brisques +120" in lines[0] and "majority" not in lines[0]
    assert "10 brisques, the side without the majority -100 (half the side's −200)" in lines[1]
    assert "1 brisque, the side without the majority -100" in lines[3]
    tied = SimpleNamespace(**{**vars(outcome), "brisques": (80, 80, 80, 80)})
    french = HaitiRenderer().count_lines(tied, names, "fr")
    assert "9 brisques, majorité à égalité +80 (moitié des 160 du camp)" in french[2]
    alone = SimpleNamespace(**{**vars(outcome), "teams": (0, 1, 2), "brisques": (120, -200, -200)})
    lines = HaitiRenderer().count_lines(alone, names[:3], "en")
    assert "10 brisques, not the majority -200" in lines[1] and "half" not in lines[1]
