"""L'Hombre's reading of a view for a hint's line of why (``games.ai.teacher.why``): in
the card play, the trumps (the black aces and the manille among them), the cards
the other hands may hold, and whether the rest of the talon lies face up (its
cards are then seen: the trumps still out are fewer)."""

from __future__ import annotations

from games.ai.teacher.why import TrickSense, in_other_hands, maybe_out_of_play, played_cards
from games.ai.thumb import card_of
from games.hombre.actions import Action, Kind
from games.hombre.rules import SEATS, trick_rules, trump_order
from games.hombre.state import DealView, Phase

from .inference import knowledge_of


def card_sense(view: DealView, move: Action) -> tuple[TrickSense, int] | None:
    if view.phase is not Phase.PLAY or view.trump < 0 or move.kind is not Kind.PLAY:
        return None
    knowledge = knowledge_of(view)
    sense = TrickSense(
        legal=tuple(card_of(a) for a in view.legal if a.kind is Kind.PLAY),
        out=in_other_hands(knowledge),
        unsure=maybe_out_of_play(knowledge),
        trumps=sum(1 << card for card in trump_order(view.trump)),
        trick=played_cards(view.trick),
        rules=trick_rules(view.trump),
        last=len(view.trick) == SEATS - 1,
        shown=view.talon_shown is not None,
    )
    return sense, card_of(move)
