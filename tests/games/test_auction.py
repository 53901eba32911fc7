"""The auction of RULES.md §1.3 and the declaration bounds of §1.4, as tables.

Seats: 0 is the dealer, 1 first hand, 2 second hand, 3 the dealer's left.
Belle ♥.  Bids rank 2 < 2b < 3 < 3b < 4 < 4b < 5 < 5b.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.bete_hombree import IllegalActionError, Phase, Rules
from games.bete_hombree.actions import Kind
from tests.games.helpers import new_hand, parse_line, run

# Worked example 1's deal (before the exchange): any deal serves the auction.
HANDS = [
    "KH AH QD KC 10C",
    "JS AS AD 9D AC",
    "KS 10S 9S 10H 9C",
    "KD JD 10D QC JC",
]
CAGNOT = "QS QH JH"


def hand(options: dict[str, Any] | None = None):
    return new_hand(HANDS, CAGNOT, dealer=0, belle="H", rules=Rules.from_dict(options or {}))


# (id, options, calls before, the call tried, legal?)
CASES: list[tuple[str, dict[str, Any], list[str], str, bool]] = [
    # ordinary bids
    ("first-bid-2", {}, [], "1 bid 2", True),
    ("first-bid-5-belle", {}, [], "1 bid 5 belle", True),
    ("higher-level", {}, ["1 bid 2"], "2 bid 3", True),
    ("lower-refused", {}, ["1 bid 3"], "2 bid 2 belle", False),
    ("nothing-over-5-belle", {}, ["1 bid 5 belle"], "2 bid 5 belle", False),
    ("out-of-turn", {}, [], "2 bid 2", False),
    ("out-of-turn-later", {}, ["1 bid 2"], "3 bid 3", False),
    # premier: an equal plain bid from a seat earlier than its holder
    ("equal-from-later-seat", {}, ["1 bid 2"], "2 bid 2", False),
    ("equal-from-later-seat-3", {}, ["1 pass", "2 bid 3"], "3 bid 3", False),
    ("equal-dealer-is-last", {}, ["1 pass", "2 bid 3", "3 pass"], "0 bid 3", False),
    ("premier-first-over-second", {}, ["1 bid 2", "2 bid 3", "3 pass", "0 pass"], "1 bid 3", True),
    ("premier-second-over-dealer", {}, ["1 pass", "2 bid 2", "3 pass", "0 bid 3"], "2 bid 3", True),
    (
        "premier-over-cagnote",
        {},
        ["1 pass", "2 bid 2", "3 bid 3", "0 cagnote", "2 pass"],
        "3 bid 4",
        True,
    ),
    (
        "cagnote-over-2-stands-as-3",
        {},
        ["1 bid 2", "2 pass", "3 pass", "0 cagnote"],
        "1 bid 3",
        True,
    ),
    (
        "cagnote-over-2-not-2-belle",
        {},
        ["1 bid 2", "2 pass", "3 pass", "0 cagnote"],
        "1 bid 2 belle",
        False,
    ),
    # dernier: the belle over a plain bid of the same level
    ("dernier", {}, ["1 bid 3"], "2 bid 3 belle", True),
    ("plain-under-belle-same-level", {}, ["1 bid 3 belle"], "2 bid 3", False),
    ("higher-level-over-belle", {}, ["1 bid 3 belle"], "2 bid 4", True),
    # a belle bid is beaten only by a higher level...
    (
        "premier-in-belle-refused",
        {},
        ["1 bid 2", "2 bid 3 belle", "3 pass", "0 pass"],
        "1 bid 3 belle",
        False,
    ),
    # ... unless premier_in_belle
    (
        "premier-in-belle-option",
        {"premier_in_belle": True},
        ["1 bid 2", "2 bid 3 belle", "3 pass", "0 pass"],
        "1 bid 3 belle",
        True,
    ),
    (
        "premier-in-belle-option-later-seat",
        {"premier_in_belle": True},
        ["1 bid 3 belle"],
        "2 bid 3 belle",
        False,
    ),
    # sans préjudice: first hand, first call
    ("sans-prejudice-first-hand", {}, [], "1 sans-prejudice", True),
    ("sans-prejudice-second-hand", {}, ["1 pass"], "2 sans-prejudice", False),
    (
        "sans-prejudice-not-first-call",
        {},
        ["1 bid 2", "2 bid 3", "3 pass", "0 pass"],
        "1 sans-prejudice",
        False,
    ),
    ("sans-prejudice-stands-as-2", {}, ["1 sans-prejudice"], "2 bid 2", False),
    ("sans-prejudice-overbid-by-belle", {}, ["1 sans-prejudice"], "2 bid 2 belle", True),
    (
        "sans-prejudice-then-premier",
        {},
        ["1 sans-prejudice", "2 bid 3", "3 pass", "0 pass"],
        "1 bid 3",
        True,
    ),
    (
        "sans-prejudice-overbid-then-retiens",
        {},
        ["1 sans-prejudice", "2 bid 3", "3 pass", "0 pass"],
        "1 retiens",
        False,
    ),
    # je retiens: second hand, right after a sans préjudice
    ("retiens", {}, ["1 sans-prejudice"], "2 retiens", True),
    ("retiens-without-sans-prejudice", {}, ["1 bid 2"], "2 retiens", False),
    ("retiens-by-third-hand", {}, ["1 sans-prejudice", "2 pass"], "3 retiens", False),
    ("retiens-stands-as-2-belle", {}, ["1 sans-prejudice", "2 retiens"], "3 bid 2 belle", False),
    ("retiens-overbid-by-3", {}, ["1 sans-prejudice", "2 retiens"], "3 bid 3", True),
    (
        "retiens-premier-in-belle-option",
        {"premier_in_belle": True},
        ["1 sans-prejudice", "2 retiens", "3 pass", "0 pass"],
        "1 bid 2 belle",
        True,
    ),
    # je cagnote: the dealer only, stands as standing level + 1 (or 2)
    ("cagnote-not-dealer", {}, [], "1 cagnote", False),
    ("cagnote-first-bid", {}, ["1 pass", "2 pass", "3 pass"], "0 cagnote", True),
    (
        "cagnote-over-3-stands-as-4",
        {},
        ["1 bid 2", "2 bid 3", "3 pass", "0 cagnote"],
        "1 bid 3 belle",
        False,
    ),
    (
        "cagnote-over-3-premier-pour-4",
        {},
        ["1 bid 2", "2 bid 3", "3 pass", "0 cagnote"],
        "1 bid 4",
        True,
    ),
    (
        "cagnote-over-2-belle-stands-as-3",
        {},
        ["1 sans-prejudice", "2 retiens", "3 pass", "0 cagnote"],
        "1 bid 3",
        True,
    ),
    ("cagnote-over-5", {}, ["1 bid 5", "2 pass", "3 pass"], "0 cagnote", False),
    ("cagnote-over-4-belle", {}, ["1 bid 4 belle", "2 pass", "3 pass"], "0 cagnote", True),
    (
        "cagnote-over-4-belle-premier-pour-5",
        {},
        ["1 bid 4 belle", "2 pass", "3 pass", "0 cagnote"],
        "1 bid 5",
        True,
    ),
    # je prends le tout: the dealer only, a 5
    ("tout-not-dealer", {}, ["1 pass", "2 pass"], "3 tout", False),
    ("tout-over-4-belle", {}, ["1 bid 4 belle", "2 pass", "3 pass"], "0 tout", True),
    ("tout-over-5", {}, ["1 bid 5", "2 pass", "3 pass"], "0 tout", False),
    ("dealer-5-belle-over-5", {}, ["1 bid 5", "2 pass", "3 pass"], "0 bid 5 belle", True),
    (
        "cagnote-then-tout",
        {},
        ["1 pass", "2 bid 2", "3 bid 3", "0 cagnote", "2 pass", "3 bid 4"],
        "0 tout",
        True,
    ),
    # the theatre: after the dealer's tout, the sans préjudice may be premier pour 5
    (
        "premier-pour-5-after-tout",
        {},
        ["1 sans-prejudice", "2 retiens", "3 bid 4", "0 tout"],
        "1 bid 5",
        True,
    ),
    (
        "premier-pour-5-by-retiens",
        {},
        ["1 sans-prejudice", "2 retiens", "3 bid 4", "0 tout", "1 pass"],
        "2 bid 5",
        True,
    ),
    (
        "premier-pour-5-not-after-an-earlier-5",
        {},
        ["1 sans-prejudice", "2 retiens", "3 bid 4", "0 tout", "1 bid 5"],
        "2 bid 5",
        False,
    ),
    # a player who passed is out...
    ("passed-player-skipped", {}, ["1 pass", "2 bid 2", "3 bid 3", "0 pass"], "1 bid 4", False),
    # ... unless pass_reentry
    (
        "pass-reentry",
        {"pass_reentry": True},
        ["1 pass", "2 bid 2", "3 bid 3", "0 pass"],
        "1 bid 4",
        True,
    ),
    # calls that are not auction words
    ("play-during-auction", {}, [], "1 play KS", False),
    ("declare-during-auction", {}, [], "1 declare 2 S", False),
]


@pytest.mark.parametrize(
    ("options", "before", "call", "legal"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_auction_call(options: dict[str, Any], before: list[str], call: str, legal: bool) -> None:
    state = run(hand(options), before)
    seat, action = parse_line(call)
    assert state.is_legal(action, seat) is legal
    if seat == state.turn:
        assert (action in state.legal_actions()) is legal
    if legal:
        state.apply(action, seat)
        assert state.actions[-1] == (seat, action)
    else:
        n = len(state.actions)
        with pytest.raises(IllegalActionError):
            state.apply(action, seat)
        assert len(state.actions) == n


def _allowed_contracts(state) -> set[str]:
    """The declarations open to the declarer, as 'N' or 'Nb' (no matadors)."""
    out = set()
    for action in state.legal_actions():
        assert action.kind is Kind.DECLARE
        if action.matadors == 0:
            out.add(f"{action.level}{'b' if action.suit == 1 else ''}")
    return out


# (id, options, whole auction (and any discard), declarer, open declarations)
ENDINGS: list[tuple[str, dict[str, Any], list[str], int, set[str]]] = [
    ("plain-bid-fixes-level", {}, ["1 bid 3", "2 pass", "3 pass", "0 pass"], 1, {"3"}),
    ("belle-bid-fixes-level", {}, ["1 bid 3 belle", "2 pass", "3 pass", "0 pass"], 1, {"3b"}),
    (
        "sans-prejudice-stands",
        {},
        ["1 sans-prejudice", "2 pass", "3 pass", "0 pass"],
        1,
        {"2", "2b", "3", "3b", "4", "4b", "5", "5b"},
    ),
    (
        "sans-prejudice-overbid-premier",
        {},
        ["1 sans-prejudice", "2 bid 3", "3 pass", "0 pass", "1 bid 3", "2 pass"],
        1,
        {"3"},
    ),
    (
        "retiens-stands",
        {},
        ["1 sans-prejudice", "2 retiens", "3 pass", "0 pass", "1 pass"],
        2,
        {"2b", "3", "3b", "4", "4b", "5", "5b"},
    ),
    (
        "cagnote-alone",
        {},
        ["1 pass", "2 pass", "3 pass", "0 cagnote", "0 discard KH AH QD"],
        0,
        {"2", "2b", "3", "3b", "4", "4b", "5", "5b"},
    ),
    (
        "cagnote-over-3",
        {},
        ["1 pass", "2 bid 3", "3 pass", "0 cagnote", "2 pass", "0 discard KH AH QD"],
        0,
        {"3b", "4", "4b", "5", "5b"},
    ),
    (
        "cagnote-over-2-stands-as-3-declares-2b",
        {},
        ["1 bid 2", "2 pass", "3 pass", "0 cagnote", "1 pass", "0 discard KH AH QD"],
        0,
        {"2b", "3", "3b", "4", "4b", "5", "5b"},
    ),
    (
        "cagnote-over-4-belle",
        {},
        ["1 bid 4 belle", "2 pass", "3 pass", "0 cagnote", "1 pass", "0 discard KH AH QD"],
        0,
        {"5", "5b"},
    ),
    ("tout", {}, ["1 pass", "2 pass", "3 pass", "0 tout", "0 discard QD KC 10C"], 0, {"5", "5b"}),
    (
        "example-1",
        {},
        [
            "1 pass",
            "2 bid 2",
            "3 bid 3",
            "0 cagnote",
            "2 pass",
            "3 bid 4",
            "0 tout",
            "3 pass",
            "0 discard QS QD 10C",
        ],
        0,
        {"5", "5b"},
    ),
    (
        "example-2",
        {},
        ["1 bid 2", "2 pass", "3 bid 3", "0 pass", "1 bid 3", "3 bid 3 belle", "1 pass"],
        3,
        {"3b"},
    ),
    (
        "example-3",
        {},
        ["1 sans-prejudice", "2 retiens", "3 bid 3", "0 pass", "1 pass", "2 bid 4", "3 pass"],
        2,
        {"4"},
    ),
    (
        "pass-reentry-last-word",
        {"pass_reentry": True},
        ["1 pass", "2 bid 2", "3 pass", "0 pass", "1 bid 3", "2 pass", "3 pass", "0 pass"],
        1,
        {"3"},
    ),
]


@pytest.mark.parametrize(
    ("options", "calls", "declarer", "open_"), [c[1:] for c in ENDINGS], ids=[c[0] for c in ENDINGS]
)
def test_auction_ending(
    options: dict[str, Any], calls: list[str], declarer: int, open_: set[str]
) -> None:
    state = run(hand(options), calls)
    assert state.phase is Phase.DECLARE
    assert state.turn == declarer
    assert _allowed_contracts(state) == open_


def test_auction_goes_on_while_two_bidders_remain() -> None:
    state = run(hand(), ["1 bid 2", "2 bid 3", "3 pass"])
    assert state.phase is Phase.AUCTION and state.turn == 0
    run(state, ["0 pass"])
    assert state.phase is Phase.AUCTION and state.turn == 1  # first hand may answer premier
    run(state, ["1 pass"])
    assert state.view(2).phase is Phase.DECLARE and state.turn == 2


def test_turn_skips_players_who_passed() -> None:
    state = run(hand(), ["1 pass", "2 bid 2", "3 bid 3", "0 pass"])
    assert state.turn == 2
    state = run(hand({"pass_reentry": True}), ["1 pass", "2 bid 2", "3 bid 3", "0 pass"])
    assert state.turn == 1


def test_pass_reentry_needs_three_passes_in_a_row() -> None:
    # by default the third pass closes the auction; with re-entry the passes must follow each other
    calls = ["1 pass", "2 bid 2", "3 pass", "0 pass"]
    assert run(hand(), calls).phase is Phase.DECLARE
    state = run(hand({"pass_reentry": True}), calls)
    assert state.phase is Phase.AUCTION and state.turn == 1
    run(state, ["1 pass"])
    assert state.view(2).phase is Phase.DECLARE and state.turn == 2


@pytest.mark.parametrize("options", [{}, {"pass_reentry": True}])
def test_all_four_pass_is_a_pinandele(options: dict[str, Any]) -> None:
    state = run(hand(options), ["1 pass", "2 pass", "3 pass", "0 pass"])
    assert state.is_over and state.legal_actions() == []
    outcome = state.outcome
    assert outcome is not None
    assert outcome.contract is None and outcome.made is None
    assert outcome.net == (-2, -2, -2, -2)
    assert outcome.pot_delta == 8
    assert outcome.new_entry is not None
    assert (outcome.new_entry.owner, outcome.new_entry.amount) == (None, 8)


def test_three_passes_do_not_end_an_auction_without_a_bid() -> None:
    state = run(hand(), ["1 pass", "2 pass", "3 pass"])
    assert state.phase is Phase.AUCTION and state.turn == 0
    assert {str(a) for a in state.legal_actions()} >= {"pass", "bid 2", "cagnote", "tout"}


def test_cagnote_discard_is_blind_and_exactly_three() -> None:
    state = run(hand(), ["1 pass", "2 pass", "3 pass", "0 cagnote"])
    assert state.phase is Phase.DISCARD and state.turn == 0
    # before the discard the dealer holds only his five cards: the cagnot is unseen
    view = state.view(0)
    assert view.hand_counts[0] == 5 and view.cagnot_seen == 0
    for bad in ("0 discard KH", "0 discard KH AH", "0 discard QS QH JH", "0 declare 2 S"):
        seat, action = parse_line(bad)
        assert not state.is_legal(action, seat), bad
    assert len(state.legal_actions()) == 10  # 5 cards choose 3
    run(state, ["0 discard QD KC 10C"])
    assert {str(c) for c in state.view(0).cards} == {"KH", "AH", "QS", "QH", "JH"}


def test_cagnote_discard_up_to_three_takes_as_many_cagnot_cards_in_order() -> None:
    state = run(hand({"cagnote_discard": "up_to_3"}), ["1 pass", "2 pass", "3 pass", "0 cagnote"])
    assert len(state.legal_actions()) == 5 + 10 + 10  # 1, 2 or 3 of five cards
    run(state, ["0 discard 10C"])
    # one card out, the first cagnot card (QS) in
    assert {str(c) for c in state.view(0).cards} == {"KH", "AH", "QD", "KC", "QS"}


def test_tout_takes_the_cagnot_then_discards_three() -> None:
    state = run(hand(), ["1 pass", "2 pass", "3 pass", "0 tout"])
    assert state.phase is Phase.DISCARD
    assert state.view(0).hand_counts[0] == 8
    assert len(state.legal_actions()) == 56  # 8 cards choose 3
    seat, action = parse_line("0 discard KH AH")
    assert not state.is_legal(action, seat)  # exactly 3, whatever the option says
    run(state, ["0 discard QD KC 10C"])
    assert {str(c) for c in state.view(0).cards} == {"KH", "AH", "QS", "QH", "JH"}


def test_tout_discard_is_exactly_three_even_with_up_to_3() -> None:
    state = run(hand({"cagnote_discard": "up_to_3"}), ["1 pass", "2 pass", "3 pass", "0 tout"])
    seat, action = parse_line("0 discard KH")
    assert not state.is_legal(action, seat)


def test_cannot_discard_cards_not_held() -> None:
    state = run(hand(), ["1 pass", "2 pass", "3 pass", "0 cagnote"])
    seat, action = parse_line("0 discard QS QD 10C")  # QS is in the unseen cagnot
    assert not state.is_legal(action, seat)


# ---- the declaration (RULES.md §1.4) -----------------------------------------

DECLARE_BASE = ["1 pass", "2 pass", "3 pass", "0 tout", "0 discard QS QD 10C"]  # KH AH QH JH KC


@pytest.mark.parametrize(
    ("declaration", "legal"),
    [
        ("0 declare 5 H matadors 4", True),
        ("0 declare 5 H matadors 3", True),  # fewer than held may be announced
        ("0 declare 5 H", True),  # or none
        ("0 declare 5 H matadors 5", False),  # no 10♥: only what is true
        ("0 declare 5 S matadors 3", False),  # no matadors in ♠
        ("0 declare 5 H matadors 2", False),  # 3, 4 or 5
        ("0 declare 5 C", True),  # plain 5 in another suit
        ("0 declare 4 H", False),  # le tout is a 5
        ("1 declare 5 H", False),  # only the declarer declares
    ],
)
def test_declaration(declaration: str, legal: bool) -> None:
    state = run(hand(), DECLARE_BASE)
    seat, action = parse_line(declaration)
    assert state.is_legal(action, seat) is legal


def test_plain_contract_cannot_take_the_belle_as_trump() -> None:
    state = run(hand(), ["1 bid 3", "2 pass", "3 pass", "0 pass"])
    assert not state.is_legal(parse_line("1 declare 3 H")[1], 1)
    assert state.is_legal(parse_line("1 declare 3 S")[1], 1)
    state = run(hand(), ["1 bid 3 belle", "2 pass", "3 pass", "0 pass"])
    assert not state.is_legal(parse_line("1 declare 3 S")[1], 1)
    assert state.is_legal(parse_line("1 declare 3 H")[1], 1)


def test_first_hand_leads_whoever_declared() -> None:
    state = run(hand(), [*DECLARE_BASE, "0 declare 5 H matadors 4"])
    assert state.phase is Phase.PLAY and state.turn == 1
