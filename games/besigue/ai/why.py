"""Bésigue's reading of a view for a hint's line of why (``games.ai.teacher.why``): in
the last tricks (phase 2, the stock empty, the obligations in force), the trumps of
every pack and the cards the other hands may hold.  Phase 1, where any card may be
played and the stock still hides most cards, has no line."""

from __future__ import annotations

from games.ai.teacher.why import TrickSense, in_other_hands, played_cards
from games.besigue.actions import Action, Kind
from games.besigue.state import DealView, Phase
from games.cards import Card, bits_of

from .pimc import knowledge_of, phase2_rules


def card_sense(view: DealView, move: Action) -> tuple[TrickSense, int] | None:
    if view.phase is not Phase.PLAY2 or move.kind is not Kind.PLAY or move.card is None:
        return None
    rules = phase2_rules(view)
    sense = TrickSense(
        legal=tuple(card for action in view.legal if (card := _held(view, action)) >= 0),
        out=in_other_hands(knowledge_of(view)),
        trumps=rules.trump_mask,
        trick=played_cards(view.trick),
        rules=rules,
        last=len(view.trick) == len(view.hand_sizes) - 1,
    )
    return sense, _held(view, move)


def _held(view: DealView, action: Action) -> int:
    """The card (bit number) of the hand a play names: its first copy held (-1: none, or
    not a card played).  Two copies of a card are alike to every rule of thumb here."""
    if action.kind is not Kind.PLAY or action.card is None:
        return -1
    face = action.card.face
    return next((c for c in bits_of(view.hand) if Card.from_index(c).face == face), -1)
