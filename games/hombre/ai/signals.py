"""The defenders' signals of L'Hombre's strong player (RULES.md §3 "Signals").

A defender says *gaño* with a card that wins the trick so far when only his
partner can still take it from him (the hombre has played, or holds nothing
that beats it as far as the defender can tell): let it pass.  He knocks with
a plain card he leads when his partner plays next, has shown he has none of
that suit, and the hombre plays last: trump high, over the hombre's reach.

A defender reads what his partner asked with the card that partner played in
the trick: after a *gaño* a card that does not take the trick from the partner,
after a knock the strongest trump when he cannot follow, is preferred by
``HONOUR`` jetons a deal over the others (the partner knows his hand; the deals
drawn do not).
"""

from __future__ import annotations

from typing import Final

from games.cards import bits_of
from games.hombre.actions import Signal
from games.hombre.rules import DECK_MASK, SEATS, trick_rules
from games.hombre.state import DealView
from games.tricks import played_mask

HONOUR: Final = 1.0  # jetons a deal by which a card doing what the partner asked is preferred


def asked(view: DealView) -> Signal:
    """What the partner asked with the card he played in the trick being played."""
    partner = view.partner
    cards = {card.index for seat, card in view.trick if seat == partner}
    for seat, index, signal in view.signals:
        if seat == partner and index in cards:
            return signal
    return Signal.NONE


def honours(view: DealView, card: int, signal: Signal) -> bool | None:
    """Whether ``card`` does what ``signal`` asked (None: the ask does not apply)."""
    if signal is Signal.NONE or not view.trick:
        return None
    rules = trick_rules(view.trump)
    lead = view.trick[0][1].index
    winner = view.trick[0][1].index
    for _, played in view.trick[1:]:
        if rules.beats(played.index, winner):
            winner = played.index
    if signal is Signal.GANO:
        if view.winning != view.partner:
            return None  # the hombre has taken the trick since
        return not rules.beats(card, winner)
    following = view.hand & rules.suit_masks[rules.suit[lead]]
    trumps = view.hand & rules.trump_mask
    if following or not trumps:
        return None  # he follows, or has no trump to play high
    strongest = max(bits_of(trumps), key=lambda c: rules.power[c])
    return card == strongest


def signal_for(view: DealView, card: int) -> Signal:
    """What the seat (a defender) says with ``card``."""
    partner = view.partner
    if not view.signal_asks():
        return Signal.NONE  # the partner has played to this trick, or has no choice
    rules = trick_rules(view.trump)
    if not view.trick:
        return _knock(view, card, partner)
    winner = view.trick[0][1].index
    for _, played in view.trick[1:]:
        if rules.beats(played.index, winner):
            winner = played.index
    if not rules.beats(card, winner):
        return Signal.NONE
    hombre_played = any(seat == view.hombre for seat, _ in view.trick)
    if hombre_played or not any(rules.beats(c, card) for c in bits_of(_unseen(view))):
        return Signal.GANO
    return Signal.NONE


def _knock(view: DealView, card: int, partner: int) -> Signal:
    rules = trick_rules(view.trump)
    if rules.is_trump(card) or (view.seat + 1) % SEATS != partner:
        return Signal.NONE
    suit = rules.suit[card]
    for trick in view.tricks_played:
        lead = trick.cards[0][1].index
        if rules.suit[lead] != suit:
            continue
        if any(seat == partner and rules.suit[c.index] != suit for seat, c in trick.cards):
            return Signal.KNOCK
    return Signal.NONE


def _unseen(view: DealView) -> int:
    seen = view.hand | view.discarded | played_mask(view.trick, view.tricks_played)
    if view.talon_shown is not None:
        seen |= view.talon_shown
    if view.partner_hand is not None:
        seen |= view.partner_hand
    return DECK_MASK & ~seen


__all__ = ["HONOUR", "asked", "honours", "signal_for"]
