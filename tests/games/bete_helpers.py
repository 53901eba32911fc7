"""Builders and references for the La Bête (1792) engine tests (RULES.md §2).

Everything here is written from RULES.md §2 and the 1792 text, not from the
engine: the 32-card deck, the trick winner, the play obligation, the success
rule ("3 tricks, or exactly the first two while nobody takes 3") and a whole
deal's settlement are re-derived so the tests compare the engine with the rules.

Deals for the outcome tables are *scripted*: the five tricks are written card by
card in play order, the reference trick winner decides who leads next, and each
seat's hand is exactly the cards it plays.  The engine then has to accept every
card as legal and settle the deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.bete import Action, DealState, Pot, Rules
from games.bete.state import Bete
from games.cards import Card, Suit, card_mask, parse_cards

RANKS = ["K", "Q", "J", "A", "10", "9", "8", "7"]  # strongest first in every suit (§2)
FICHE = 10  # jetons in a fiche


def deck() -> list[Card]:
    """The 32 cards of §2, written out by hand, suit by suit (S H D C)."""
    return [Card.parse(r + s) for s in "SHDC" for r in RANKS]


def mask(text: str | Iterable[str]) -> int:
    return card_mask(parse_cards(text))


def text_of(bits: int) -> set[str]:
    """The cards of a bit set as a set of strings (order-free comparisons)."""
    return {str(c) for c in deck() if c.bit & bits}


def strength(card: Card) -> int:
    """Higher is stronger inside one suit: K Q J A 10 9 8 7."""
    return len(RANKS) - RANKS.index(card.rank.text)


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Index in ``trick`` of the winning card: highest trump, else highest of the suit led."""
    trumps = [i for i, c in enumerate(trick) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(pool, key=lambda i: strength(trick[i]))


def reference_legal(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, underruff: bool = False
) -> set[Card]:
    """The cards §2 "Play" allows, obligation by obligation."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    winner = trick[trick_winner(trick, trump)]
    follow = [c for c in hand if c.suit == led]
    if follow:  # follow suit and beat the highest of it, unless the trick is trumped
        if winner.suit != led:
            return set(follow)
        higher = [c for c in follow if strength(c) > strength(winner)]
        return set(higher or follow)
    trumps = [c for c in hand if c.suit == trump]
    if trumps:  # void: trump, and overtrump if able
        if winner.suit == trump:
            over = [c for c in trumps if strength(c) > strength(winner)]
            if over:
                return set(over)
            return set(trumps) if underruff else set(hand)  # cannot overtrump: any card
        return set(trumps)
    return set(hand)


def reference_succeeded(winners: Sequence[int], seat: int, seats: int) -> bool:
    """§2 "Winning", read from the trick winners in order."""
    counts = [winners.count(s) for s in range(seats)]
    if counts[seat] >= 3:
        return True
    others = [n for s, n in enumerate(counts) if s != seat]
    return counts[seat] == 2 and list(winners[:2]) == [seat, seat] and max(others) < 3


# ---- scripted deals ------------------------------------------------------------


@dataclass(frozen=True)
class Script:
    """A deal written trick by trick: hands, talon and the play lines."""

    hands: list[int]
    talon: list[int]  # bit numbers, the turned card(s) first
    plays: list[str]  # "SEAT play C" lines
    winners: list[int]  # the reference winner of each trick


def scripted(
    seats: int,
    dealer: int,
    turned: str,
    tricks: Sequence[str],
    *,
    curieuse: str | None = None,
    talon_extra: str = "",
) -> Script:
    """The deal in which ``tricks`` (cards in play order, from each trick's leader)
    are played.  ``turned`` is the first talon card; with ``curieuse`` the second
    one, which is then trump.  ``talon_extra`` puts chosen cards next in the talon;
    the rest of the talon follows in deck order."""
    trump = Card.parse(curieuse or turned).suit
    hands = [0] * seats
    leader = (dealer + 1) % seats
    plays: list[str] = []
    winners: list[int] = []
    for trick_text in tricks:
        trick = parse_cards(trick_text)
        assert len(trick) == seats, f"a trick has {seats} cards: {trick_text}"
        for i, card in enumerate(trick):
            seat = (leader + i) % seats
            hands[seat] |= card.bit
            plays.append(f"{seat} play {card}")
        leader = (leader + trick_winner(trick, trump)) % seats
        winners.append(leader)
    head = parse_cards(turned) + (parse_cards(curieuse) if curieuse else [])
    head += parse_cards(talon_extra)
    used = card_mask(head)
    assert not used & sum(hands), "a talon card is also played"
    rest = [c for c in deck() if not c.bit & (used | sum(hands))]
    talon = [c.index for c in head + rest]
    assert len(talon) == 32 - 5 * seats, "the script does not use 5 cards a seat"
    return Script(hands, talon, plays, winners)


def run(state: DealState, lines: Iterable[str]) -> DealState:
    """Apply record lines ("SEAT words"); the engine checks each."""
    for line in lines:
        seat, _, words = line.strip().partition(" ")
        state.apply(Action.parse(words), int(seat))
    return state


def new_deal(
    script: Script,
    dealer: int,
    *,
    rules: Rules | None = None,
    pot: Pot | None = None,
    bete_in_play: bool = False,
    waiting: Sequence[Bete] = (),
    entering: int = -1,
    round_start: bool = True,
) -> DealState:
    return DealState(
        rules or Rules(),
        dealer,
        script.hands,
        script.talon,
        pot=pot,
        bete_in_play=bete_in_play,
        waiting=waiting,
        entering=entering,
        round_start=round_start,
    )


# ---- the settlement of a deal, written from RULES.md §2 ------------------------


@dataclass(frozen=True)
class Expected:
    net: tuple[int, ...]
    pot: Pot
    bete_in_play: bool
    new_betes: tuple[tuple[int, int], ...]  # (owner seat, amount), in order of making
    paid_betes: tuple[int, ...]  # indexes in ``waiting`` paid (or crossed) on a vole
    king_holder: int


def reference_deal(
    seats: int,
    dealer: int,
    hands: Sequence[int],
    talon: Sequence[int],
    calls: Sequence[tuple[int, str]],
    winners: Sequence[int],
    *,
    pot: Pot,
    bete_in_play: bool,
    waiting: Sequence[tuple[int, int]],
    round_start: bool,
) -> Expected:
    """A deal's money from §2, step by step.

    ``calls`` are the speaking words in order, ``winners`` the winner of each of
    the five tricks (empty for a void deal), ``waiting`` the bêtes (owner,
    amount) of seated players, oldest first, before the deal.
    """
    net = [0] * seats
    reserve, stake, kings = pot.reserve, pot.stake, pot.kings
    # antes: a round's fiche each into the reserve, the largest bête (oldest of
    # equals) if none is in play, a fiche reserve -> stake, the game jetons unless
    # a bête is in play, the dealer's jeton, the king jetons
    if round_start:
        for s in range(seats):
            net[s] -= FICHE
        reserve += FICHE * seats
    entered = -1
    if not bete_in_play and waiting:
        entered = max(range(len(waiting)), key=lambda i: (waiting[i][1], -i))
        owner, amount = waiting[entered]
        net[owner] -= amount
        stake += amount
        bete_in_play = True
    fiche = min(FICHE, reserve)
    reserve -= fiche
    stake += fiche
    if not bete_in_play:
        for s in range(seats):
            net[s] -= 1
        stake += seats
    net[dealer] -= 1
    stake += 1
    for s in range(seats):
        net[s] -= 1
    kings += seats
    still_waiting = [i for i in range(len(waiting)) if i != entered]
    declarer = contreur = -1
    for seat, word in calls:
        if word == "curieuse":
            net[seat] -= 1
            stake += 1
        elif word == "play-contract":
            declarer = seat
        elif word == "contre":
            contreur = seat
    curieuse = sum(1 for _, w in calls if w == "curieuse") > 0
    trump_card = Card.from_index(talon[1 if curieuse else 0])
    if declarer < 0:  # void: everything stays
        return Expected(tuple(net), Pot(reserve, stake, kings), bete_in_play, (), (), -1)
    taken = list(winners).count(declarer)
    won = reference_succeeded(winners, declarer, seats)
    c_won = contreur >= 0 and reference_succeeded(winners, contreur, seats)
    worth = stake  # a bête is the stake at the end of play, king jetons excluded
    new: list[tuple[int, int]] = []
    paid: tuple[int, ...] = ()
    if taken == 0 and not c_won:  # dévole (a contreur who succeeds leaves a simple bête)
        net[declarer] -= stake
        stake *= 2
        new.append((declarer, worth))
        new.extend((declarer, waiting[i][1]) for i in still_waiting)
        for s in range(seats):
            if s != declarer:
                net[declarer] -= 1
                net[s] += 1
    elif not won:
        new.append((declarer, worth))
    if contreur >= 0 and not c_won:
        new.append((contreur, 2 * worth))
    winner = declarer if won else contreur if c_won else -1
    if winner >= 0:
        net[winner] += stake
        stake = 0
        bete_in_play = False
    if taken == 5:  # vole: every waiting bête and a jeton from each
        paid = tuple(still_waiting)
        for i in still_waiting:
            owner, amount = waiting[i]
            net[owner] -= amount
            net[declarer] += amount
        for s in range(seats):
            if s != declarer:
                net[s] -= 1
                net[declarer] += 1
    king = Card.parse("K" + trump_card.suit.name)
    holder = next((s for s in range(seats) if hands[s] & king.bit), -1)
    if trump_card is king:
        holder = dealer
    if holder == declarer and not won:  # a failing declarer leaves them, the dealer too
        holder = -1
    if holder >= 0:
        net[holder] += kings
        kings = 0
    return Expected(tuple(net), Pot(reserve, stake, kings), bete_in_play, tuple(new), paid, holder)


def complete_deal(
    seats: int,
    fixed: dict[int, str],
    trump: str,
    *,
    avoid: dict[int, str] | None = None,
) -> tuple[list[int], list[int]]:
    """Hands (bit sets) and talon (bit numbers) completing a partial deal.

    ``fixed`` gives some cards of some seats; the turned card is the weakest
    trump card nobody was given; the seats short of 5 cards are filled in deck
    order, never with a suit ``avoid`` names for them; the rest is the talon.
    """
    avoid = avoid or {}
    hands = {s: parse_cards(fixed.get(s, "")) for s in range(seats)}
    used = [c for h in hands.values() for c in h]
    assert len(set(used)) == len(used), "a card is given twice"
    turned = next(c for c in reversed(deck()) if c.suit.name == trump and c not in used)
    rest = [c for c in deck() if c not in used and c is not turned]
    for seat in sorted(range(seats), key=lambda s: -len(avoid.get(s, ""))):
        banned = set(avoid.get(seat, ""))
        while len(hands[seat]) < 5:
            pick = next((c for c in rest if c.suit.name not in banned), None)
            assert pick is not None, f"no filler card left for seat {seat}"
            rest.remove(pick)
            hands[seat].append(pick)
        assert len(hands[seat]) == 5, f"seat {seat} is given more than 5 cards"
    return [card_mask(hands[s]) for s in range(seats)], [c.index for c in [turned, *rest]]


def by_winners(
    winners: Sequence[int],
    *,
    dealer: int = 0,
    king: int | None = None,
    turned: str = "7S",
    curieuse: str | None = None,
) -> Script:
    """A three-player deal whose five tricks are won by ``winners`` in turn.

    The tricks are one suit each, the three side suits in turn (a b c a b):
    everyone follows and the winner holds the top card.  A suit's first trick
    uses K Q J and its second A 10 9, so a seat's later card never beats the
    first trick and following is always legal.  ``king``: that seat holds the
    king of trump and trumps the third trick with it (it must win that trick).
    Trump is the suit of ``turned``, or of ``curieuse`` when given.
    """
    trump = (curieuse or turned)[-1]
    sides = [s for s in "HDCS" if s != trump]
    suits = [sides[0], sides[1], sides[2], sides[0], sides[1]]
    ranks = [["K", "Q", "J"]] * 3 + [["A", "10", "9"]] * 2
    tricks = []
    leader = (dealer + 1) % 3
    for k, winner in enumerate(winners):
        order = [(leader + i) % 3 for i in range(3)]
        top, *low = ranks[k]
        cards = {seat: (top if seat == winner else low.pop(0)) + suits[k] for seat in order}
        if k == 2 and king is not None:
            assert winner == king, "the holder of the king of trump must win the third trick"
            cards[king] = "K" + trump
        tricks.append(" ".join(cards[s] for s in order))
        leader = winner
    script = scripted(3, dealer, turned, tricks, curieuse=curieuse)
    assert script.winners == list(winners)
    return script
