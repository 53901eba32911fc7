"""Small builders shared by the engine tests: deals from card strings, action scripts.

Everything here is written from RULES.md, not from the engine: the reference
trick winner, the reference simple-demande verdict and the reference stake
table let the tests check the engine against the rules rather than against
itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from games.bete_hombree import EntryInPlay, HandState, Rules
from games.bete_hombree.actions import Action
from games.cards import Card, Suit, card_mask, cards_of, parse_cards

SEATS = 4
RANK_ORDER = ["K", "Q", "J", "A", "10", "9"]  # strongest first, in every suit (RULES.md §1.1)


def mask(text: str | Iterable[str]) -> int:
    """Bit set of cards written in record notation: ``mask("KH 10S")``."""
    return card_mask(parse_cards(text))


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def text_of(bits: int) -> set[str]:
    """The cards of a bit set as a set of strings (order-free comparisons)."""
    return {str(c) for c in cards_of(bits)}


def deck(belle: str) -> list[Card]:
    """The 23 cards of RULES.md §1.1 written out by hand: K Q J A 10 9 of each suit,
    minus the 9 of the belle."""
    out = []
    for suit in "SHDC":
        for rank in RANK_ORDER:
            if rank == "9" and suit == belle:
                continue
            out.append(Card.parse(rank + suit))
    return out


def complete_deal(
    belle: str,
    fixed: dict[int, str],
    cagnot: str = "",
    *,
    avoid: dict[int, str] | None = None,
    seed: int | None = None,
) -> tuple[list[list[str]], list[str]]:
    """Hands (lists of card strings by seat) and cagnot completing a partial deal.

    ``fixed`` gives some cards of some seats, ``cagnot`` some cagnot cards (in
    order).  The missing cards go to the seats short of 5 and then to the cagnot,
    in deck order or shuffled with ``seed``.  ``avoid`` names, per seat, suits
    (letters) that seat must not receive as filler.
    """
    hands = {s: parse_cards(fixed.get(s, "")) for s in range(SEATS)}
    cag = parse_cards(cagnot)
    used = {c for h in hands.values() for c in h} | set(cag)
    assert len(used) == sum(len(h) for h in hands.values()) + len(cag), "a card is given twice"
    rest = [c for c in deck(belle) if c not in used]
    assert len(used) + len(rest) == 23, "a fixed card is not in this deck"
    if seed is not None:
        random.Random(seed).shuffle(rest)
    avoid = avoid or {}
    # the constrained seats choose first, so that the free ones take what is left
    for seat in sorted(range(SEATS), key=lambda s: -len(avoid.get(s, ""))):
        banned = set(avoid.get(seat, ""))
        while len(hands[seat]) < 5:
            pick = next((c for c in rest if c.suit.name not in banned), None)
            assert pick is not None, f"no filler card left for seat {seat}"
            rest.remove(pick)
            hands[seat].append(pick)
        assert len(hands[seat]) == 5, f"seat {seat} is given more than 5 cards"
    cag.extend(rest)
    assert len(cag) == 3
    return [[str(c) for c in hands[s]] for s in range(SEATS)], [str(c) for c in cag]


def new_hand(
    hands: Sequence[str | Sequence[str]],
    cagnot: str | Sequence[str],
    *,
    dealer: int = 0,
    belle: str = "H",
    rules: Rules | None = None,
    entry: EntryInPlay | None = None,
    pot: int = 0,
) -> HandState:
    """A hand just dealt, from card strings (``"KH AH QD KC 10C"`` or lists)."""
    cag = cagnot.split() if isinstance(cagnot, str) else list(cagnot)
    return HandState(
        rules or Rules(),
        dealer,
        Suit.parse(belle),
        [mask(h) for h in hands],
        [Card.parse(c).index for c in cag],
        entry,
        pot,
    )


def parse_line(line: str) -> tuple[int, Action]:
    """A record's action line: ``"3 bid 3 belle"`` → (3, bid 3 belle)."""
    seat, _, words = line.strip().partition(" ")
    return int(seat), Action.parse(words)


def run(state: HandState, actions: Iterable[str]) -> HandState:
    """Apply record lines ("SEAT words") one by one; the engine checks each."""
    for line in actions:
        seat, action = parse_line(line)
        state.apply(action, seat)
    return state


def act(text: str) -> Action:
    return Action.parse(text)


def play_first_legal(state: HandState) -> HandState:
    """Finish the hand always taking the first legal action (deterministic)."""
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return state


def play_randomly(state: HandState, rng: random.Random) -> HandState:
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


# ---- reference implementations, written from RULES.md -----------------------


def strength(card: Card) -> int:
    """Higher is stronger inside one suit: K Q J A 10 9 (RULES.md §1.1)."""
    return len(RANK_ORDER) - RANK_ORDER.index(card.rank.text)


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Index in ``trick`` of the winning card: highest trump, else highest of the suit led."""
    trumps = [i for i, c in enumerate(trick) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(pool, key=lambda i: strength(trick[i]))


def reference_legal(hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> set[Card]:
    """The cards RULES.md §1.5 allows, obligation by obligation."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    winner = trick[trick_winner(trick, trump)]
    follow = [c for c in hand if c.suit == led]
    if follow:  # 1. follow suit, and beat the highest card of it unless already trumped
        if winner.suit != led:
            return set(follow)
        higher = [c for c in follow if strength(c) > strength(winner)]
        return set(higher or follow)
    trumps = [c for c in hand if c.suit == trump]
    if trumps:  # 2. trump, overtrumping if able, else a lower trump (pisser)
        if winner.suit == trump:
            over = [c for c in trumps if strength(c) > strength(winner)]
            return set(over or trumps)
        return set(trumps)
    return set(hand)  # 3. anything


def reference_made(winners: Sequence[int], declarer: int, level: int) -> bool:
    """RULES.md §1.6 read from the trick winners, trick by trick."""
    taken = winners.count(declarer)
    if level >= 3:
        return taken >= level
    if taken >= 3:
        return True
    if taken < 2:
        return False
    counts = dict.fromkeys(range(SEATS), 0)
    for seat in winners:
        counts[seat] += 1
        if seat == declarer and counts[seat] == 2:
            if any(n >= 2 for s, n in counts.items() if s != declarer):
                return False  # an opponent took two before the declarer's second
            break
    final = dict.fromkeys(range(SEATS), 0)
    for seat in winners:
        final[seat] += 1
    return all(n < 3 for s, n in final.items() if s != declarer)


def reference_decided(winners: Sequence[int], declarer: int, level: int) -> bool | None:
    """The result if every way of winning the remaining tricks gives the same one."""
    import itertools

    rest = 5 - len(winners)
    results = {
        reference_made(list(winners) + list(tail), declarer, level)
        for tail in itertools.product(range(SEATS), repeat=rest)
    }
    return results.pop() if len(results) == 1 else None
